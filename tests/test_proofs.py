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


# -- what the proofs cut from the hot paths (interpreter/proof_cuts.py) ----------------------------

def test_a_selection_of_any_owner_skips_the_pieces_of_absent_factions(root_def):
    """`guerreiros` of any owner: a faction that is not in the game has no supply and no piece on
    the map, so it never will (its pieces come only from a supply); the selection stops asking for
    them, and finds the same warriors. With the Riverfolk seated, theirs are asked for again."""
    from rulesdsl.interpreter import proof_cuts
    g = root_def
    warriors = [k for k, p in g.piece_kinds.items() if p.category == "guerreiro"]
    game = _set_up(g, BASE4)
    live = proof_cuts.live_kinds(g, game.s, warriors, {})
    assert "marqueses.guerreiro" in live and "ribeirinhos.guerreiro" not in live
    assert live == [k for k in warriors if k.split(".")[0] in BASE4]      # the order kept
    on_map = {k for pcs in game.s.board.values() for k, n in pcs.items() if n and k in warriors}
    assert on_map and on_map <= set(live)
    game = _set_up(g, ["marqueses", "rapinas", "ribeirinhos", "malandro"])
    assert "ribeirinhos.guerreiro" in proof_cuts.live_kinds(g, game.s, warriors, {})


def test_a_supply_that_stays_zero_is_not_summed_and_one_that_does_not_stays(root_def):
    """`suprimento de guerreiro` (any owner) sums no absent faction's supply: it is 0 for ever.
    The Black Market (Law F) is proved absent without its landmark, yet its piece lies in the
    supply (nobody's pieces have one in every game): a sum of supplies still counts it."""
    from rulesdsl.interpreter import proof_cuts
    from rulesdsl.interpreter.runtime import supply_count
    g = root_def
    game = _set_up(g, BASE4)
    s = game.s
    kinds = [k for k, p in g.piece_kinds.items() if p.category == "guerreiro" or k == "mercado_negro"]
    kept = proof_cuts.supply_kinds(g, s, kinds, {})
    assert "ribeirinhos.guerreiro" not in kept
    assert proofs.facts(g, s).absent("mercado_negro") and supply_count(g, s, "mercado_negro") > 0
    assert "mercado_negro" in kept
    assert sum(supply_count(g, s, k) for k in kept) == sum(supply_count(g, s, k) for k in kinds)


def test_a_window_of_actions_the_game_can_never_take(root_def):
    """The Corvids' exposure (`exposição`) and helping the Exile are offered as Birdsong starts;
    in a base game neither can ever be taken, and the window is remembered empty for each phase
    and faction. With the Corvids seated, exposure stays in the window."""
    from rulesdsl.interpreter import proof_cuts
    g = root_def
    game = _set_up(g, BASE4)
    assert proof_cuts.start_window(g, game.s, game.m, "marqueses", "amanhecer", g.window_starts) == ()
    game = _set_up(g, ["corvideos", "marqueses", "rapinas"])
    assert "exposicao" in proof_cuts.start_window(g, game.s, game.m, "marqueses", "amanhecer",
                                                  g.window_starts)


def test_the_rivers_adjacency_without_the_riverfolk(root_def):
    """Rivers count as adjacency for the Riverfolk and for whoever has their boats (`você é
    ribeirinhos ou botes de você > 0`): without them the condition never holds (nobody is the
    Riverfolk, no rule of the game gives boats) and the board stops asking it; with them, the
    Riverfolk's board has the rivers as adjacency."""
    from rulesdsl.interpreter import board, proof_cuts
    g = root_def
    game = _set_up(g, BASE4)
    live = board._live(game.m)[1]
    assert "rio" in live
    kinds, _ = proof_cuts.conditional_kinds(g, game.s, game.m, live, board._live_reads(game.m))
    assert "rio" not in kinds
    game = _set_up(g, ["marqueses", "rapinas", "ribeirinhos"])
    kinds, _ = proof_cuts.conditional_kinds(g, game.s, game.m, live, board._live_reads(game.m))
    assert "rio" in kinds
    ctx = game.ctx.child(me="ribeirinhos")
    assert "rio" in board.board(ctx).adjacency_kinds


def test_a_prohibition_of_removal_of_a_hireling_not_in_play(root_def):
    """The Stoic Protector's pieces are removed by no enemy (E.2.2): without that hireling no
    removal asks the prohibition; with it in play, a removal does."""
    from rulesdsl.interpreter import proof_cuts
    g = root_def
    assert not proof_cuts.prohibits_removal(g, _set_up(g, BASE4).s)
    game = _set_up(g, BASE4, hirelings=["protetor_estoico"])
    assert proof_cuts.prohibits_removal(g, game.s)
