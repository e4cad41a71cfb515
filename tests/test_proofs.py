"""What can never hold in a game, proved when its setup is done (interpreter/proofs.py, issue 11):
a counter no rule of the game changes, a piece kind no rule of it creates, a player it does not
seat. Each kind of proof has a game where it holds (the rule is dropped) and one where a present
rule makes the thing possible (the rule stays, and applies)."""
import random

from rulesdsl.interpreter import menu_index, proofs
from rulesdsl.interpreter.engine import Game

BASE4 = ["marqueses", "rapinas", "alianca", "malandro"]


def _set_up(g, *a, seed=0, **kw):
    """A game played at random until its first round (the proofs wait for the setup)."""
    game = Game(g, *a, seed=seed, **kw)
    rng = random.Random(seed)
    assert proofs.facts(g, game.s) is None or game.s.round >= 1
    while game.s.round < 1:
        game.apply(rng.randrange(len(game.pending.options)))
    return game


def _mods(g, law):
    return [m for d in g.derived.values() for m in d.mods if m.law == law]


def _hooks(g, law):
    return [h for hs in g.triggers.values() for h in hs if h.law == law or law in (h.law or ())]


def test_nothing_is_proved_during_the_setup(root_def):
    g = root_def
    game = Game(g, BASE4, seed=0)
    assert game.s.round < 1
    assert proofs.facts(g, game.s) is None


def test_a_counter_no_rule_of_the_game_changes(root_def):
    """Mercenaries (11.2.7.III): `mercenários` is set only by the service the Riverfolk sell, bought
    at the start of Birdsong while a Riverfolk player is in the game. Without them the counter
    stays 0 and the five battle modifiers `mercenários de … = 2` never apply; with them, they do."""
    g = root_def
    mods = _mods(g, "11.2.7.III")
    assert len(mods) >= 5
    f = proofs.facts(g, _set_up(g, BASE4).s)
    assert f.frozen("mercenarios") == {0}
    assert all(id(m) in f.dead_mods for m in mods)
    seated = proofs.facts(g, _set_up(g, ["marqueses", "rapinas", "ribeirinhos", "malandro"]).s)
    assert seated.frozen("mercenarios") is None
    assert not any(id(m) in seated.dead_mods for m in mods)


def test_a_counter_set_by_the_position_keeps_its_modifiers(root_def):
    """The values a counter has when the game is set up count: a position (a scenario) that sets
    `mercenários` to 2 leaves the modifiers `= 2` alive, and with it the end-of-turn rule that
    sets it back to 0 (its condition `mercenários de você > 0` can now hold): the counter changes."""
    g = root_def

    def position(game):
        game.s.counters["marqueses:mercenarios"] = 2
    f = proofs.facts(g, _set_up(g, BASE4, position=position).s)
    assert f.frozen("mercenarios") is None
    assert not any(id(m) in f.dead_mods for m in _mods(g, "11.2.7.III"))


def test_a_modifier_that_still_applies_changes_the_value(root_def):
    """With the Riverfolk seated, a buyer of mercenaries counts their warriors in the battle's
    maximum hits (11.2.7.III): the derived value, read after the proofs, still adds them."""
    g = root_def
    game = _set_up(g, ["marqueses", "rapinas", "ribeirinhos", "malandro"])
    s = game.s
    d = g.derived["dano_maximo_do_atacante"]
    c = next(sp for sp, pcs in s.board.items() if pcs.get("ribeirinhos.guerreiro"))
    ctx = game.ctx.child(me="marqueses", env={"AT": "marqueses", "D": "rapinas", "C": c})
    before = d._eval(ctx, None)
    s.counters["marqueses:mercenarios"] = 2
    assert d._eval(ctx, None) == before + s.board[c]["ribeirinhos.guerreiro"]


def test_a_piece_kind_no_rule_of_the_game_creates(root_def):
    """The Black Market (Law F) is placed only by its landmark's setup: in a game without it, no
    rule can put it on the map, and trading there is never offered; with it, it is."""
    g = root_def
    f = proofs.facts(g, _set_up(g, BASE4).s)
    assert f.absent("mercado_negro")
    assert "negociar_no_mercado_negro" in f.dead_actions
    assert "negociar_no_mercado_negro" in menu_index.never_enabled(g, _set_up(g, BASE4).s)
    game = _set_up(g, 4, setup="avancada", landmarks=["mercado_negro"], seed=3)
    assert any(p.get("mercado_negro") for p in game.s.board.values())
    f = proofs.facts(g, game.s)
    assert not f.absent("mercado_negro")
    assert "negociar_no_mercado_negro" not in f.dead_actions
    assert "negociar_no_mercado_negro" not in menu_index.never_enabled(g, game.s)


def test_a_piece_kind_a_present_faction_creates(root_def):
    """The Corvids' plots (13.7.2, the trap keeps movers in place): without the Corvids no plot is
    ever placed and the trap's modifier of `destino possível` is dropped; with them it stays."""
    g = root_def
    trap = [m for m in _mods(g, "13.7.2") if m.owner is None]
    assert trap
    f = proofs.facts(g, _set_up(g, BASE4).s)
    assert all(id(m) in f.dead_mods for m in trap)
    f = proofs.facts(g, _set_up(g, ["corvideos", "marqueses", "rapinas"]).s)
    assert not any(id(m) in f.dead_mods for m in trap)
    assert not any(f.absent(k) for k in g.piece_kinds if k.startswith("corvideos."))


def test_a_player_the_game_does_not_seat(root_def):
    """`houver jogador R onde R é ribeirinhos` (11.2.6: the services offered at the start of
    Birdsong) never holds without the Riverfolk seated or hired."""
    g = root_def
    hook = _hooks(g, "11.2.6")
    assert hook
    f = proofs.facts(g, _set_up(g, BASE4).s)
    assert all(id(h) in f.dead_hooks for h in hook)
    f = proofs.facts(g, _set_up(g, ["marqueses", "rapinas", "ribeirinhos"]).s)
    assert not any(id(h) in f.dead_hooks for h in hook)


def test_a_card_zone_no_rule_of_the_game_fills(root_def):
    """The Black Market's three face-down cards (Law F): only the landmark's setup deals them (and
    trading swaps one); without the landmark the zone stays empty and `houver carta em cartas do
    mercado negro` never holds; with it, the setup filled it and it can."""
    g = root_def
    trade = g.actions["negociar_no_mercado_negro"].req_tree
    cards_there = trade.items[1]          # `houver carta em cartas do mercado negro`
    assert "cartas_do_mercado_negro" in str(cards_there)
    f = proofs.facts(g, _set_up(g, BASE4).s)
    assert f.empty("cartas_do_mercado_negro") and f.never(cards_there)
    assert not f.empty("mao")             # a hand: the engine deals into it
    game = _set_up(g, 4, setup="avancada", landmarks=["mercado_negro"], seed=3)
    f = proofs.facts(g, game.s)
    assert not f.empty("cartas_do_mercado_negro") and not f.never(cards_there)
