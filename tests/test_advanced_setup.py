"""Law appendix A, the advanced setup, as a setup of rulesets/root (`preparações: avancada`):
the draft of factions by group (A.8.1, I, II), reverse-order choice set up at once (A.8.2),
a random turn order (A.4), five cards drawn and three kept (A.7, A.10)."""
import shutil

import pytest

import rulesdsl
from rulesdsl.errors import RulesError
from rulesdsl.interpreter.engine import Game

@pytest.fixture(scope="module")
def root(root_def):
    return root_def         # the session's Root (tests/conftest.py)


def _pool(root):
    """The factions with a setup card (the draft's pool) and the militant ones, from the data:
    the tests hold whatever factions join the pool."""
    from rulesdsl.interpreter.seating import groups_of
    pool = set(root.setups["avancada"].faction_choice.pool)
    return pool, {f for f, g in groups_of(root).items() if g == "militante" and f in pool}


def _drafted(root, players, reveal, seed=0):
    """A game whose draft reveals `reveal`, in order (the militant first): the reveal picks are
    dictated (interpreter/chance.py, a Hook), every other random event is played by a generator
    of the seed. A faction joining the pool does not change what these tests see."""
    import random
    rng = random.Random(seed)
    want = list(reveal)

    def pick(d):
        if d.kind == "chance:faction_reveal":
            return list(d.options).index(want.pop(0))
        return rng.choices(range(len(d.options)), weights=d.probs)[0]
    game = _to_first_choice(Game(root, players, seed=seed, setup="avancada", log=True, chance=pick))
    assert not want and _event(game, "factions_revealed")["factions"] == list(reveal)
    return game


def _to_first_choice(game):
    while game.pending is not None and not (game.pending.kind == "choose"
                                            and str(game.current_player()).startswith("seat")):
        game.apply(0)
    return game


def _event(game, t):
    return next(e for e in game.log if e["t"] == t)


def test_three_players_see_one_militant_then_one_card_per_player(root):
    BASE, MILITANT = _pool(root)
    for seed in range(6):
        game = _to_first_choice(Game(root, 3, seed=seed, setup="avancada", log=True))
        shown = _event(game, "factions_revealed")
        offered = shown["factions"]
        assert len(offered) == 4 and set(offered) <= BASE and offered[0] in MILITANT   # A.8.1
        # A.8.1.II: the last card, an insurgent, is locked until a militant is taken
        assert shown["locked"] == (offered[-1] if offered[-1] not in MILITANT else None)
        opts = game.legal_ids()
        if shown["locked"]:
            assert shown["locked"] not in opts and len(opts) == 3
        else:
            assert len(opts) == 4


def test_the_locked_insurgent_is_offered_once_a_militant_was_taken(root):
    _, MILITANT = _pool(root)
    game = _drafted(root, 3, ["rapinas", "ducado", "alianca", "lagartos"])
    locked = _event(game, "factions_revealed")["locked"]
    assert locked not in MILITANT and locked not in game.legal_ids()
    first = game.current_player()
    taken = next(f for f in game.legal_ids() if f in MILITANT)
    game.apply(game.legal_ids().index(taken))              # the last seat takes a militant
    # that seat set its faction up at once (A.8.2): its pieces are on the map before the next choice
    game = _to_first_choice(game)
    assert game.s.seats.count(taken) == 1 and first not in game.s.seats
    assert locked in game.legal_ids()


def test_two_players_draft_without_insurgents_and_without_dominance(root):
    _, MILITANT = _pool(root)
    game = _to_first_choice(Game(root, 2, seed=1, setup="avancada", log=True))
    shown = _event(game, "factions_revealed")["factions"]
    assert len(shown) == 3 and set(shown) <= MILITANT                                       # A.8.1.I
    out = [root.card_defs_of(c) if hasattr(root, "card_defs_of") else game.s.card_defs[c]
           for c in game.s.zones.get("fora_de_jogo", [])]
    assert len(out) == 4 and all("dominio" in c for c in out)                               # A.7
    assert all(len(game.s.zones[f"{s}:mao"]) == 5 for s in game.s.seats)


def test_each_player_keeps_three_of_five_and_the_rest_go_back_to_the_deck(root):
    game = Game(root, 2, seed=3, setup="avancada", log=True)
    deck_after_draw = None
    while game.pending is not None and not any(e["t"] == "setup_done" for e in game.log):
        if deck_after_draw is None and any(e["t"] == "factions_revealed" for e in game.log):
            deck_after_draw = len(game.s.zones["baralho"])
        game.apply(0)
    hands = {f: len(game.s.zones[f"{f}:mao"]) for f in game.factions}
    assert hands == {f: 3 for f in game.factions}                                           # A.10
    assert len(game.s.zones["baralho"]) == deck_after_draw + 4


def test_turn_order_is_drawn_and_a_copy_or_a_save_keeps_the_setup(root):
    orders = {tuple(_event(Game(root, 3, seed=s, setup="avancada", log=True), "turn_order")["seats"])
              for s in range(8)}
    assert len(orders) > 1                                                                  # A.4
    game = _to_first_choice(Game(root, 3, seed=4, setup="avancada"))
    assert game.clone().legal_ids() == game.legal_ids()
    again = Game.load(root, game.save())
    assert again.setup_id == "avancada" and again.legal_ids() == game.legal_ids()


def test_fixed_factions_still_play_the_advanced_setup_without_the_draft(root):
    game = Game(root, ["marqueses", "rapinas"], seed=2, setup="avancada", log=True)
    assert not any(e["t"] == "factions_revealed" for e in game.log)
    assert any(e["t"] == "turn_order" for e in game.log)


def test_an_unknown_setup_is_an_error(root):
    with pytest.raises(Exception, match="avancada"):
        Game(root, 2, setup="avancda")


def test_a_group_no_faction_has_and_a_setup_the_game_lacks_are_reported(tmp_path):
    shutil.copytree("rulesets/root", tmp_path / "r")
    p = tmp_path / "r" / "jogo.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("grupos: [militante], quantidade: 1",
                                                       "grupos: [militantes], quantidade: 1"),
                 encoding="utf-8")
    p = tmp_path / "r" / "faccoes" / "malandro.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("    preparações:\n      avancada:",
                                                       "    preparações:\n      avancda:"), encoding="utf-8")
    with pytest.raises(RulesError) as e:
        rulesdsl.load(str(tmp_path / "r"))
    [d] = [d for d in e.value.diagnostics if d.code == "M102"]
    assert d.hint == "militante" and d.pos.file.endswith("jogo.yaml") and d.pos.line > 1
    [d] = [d for d in e.value.diagnostics if d.code == "M104"]
    assert d.hint == "avancada" and d.pos.file.endswith("malandro.yaml")


def test_the_vagabond_comes_with_a_random_character_and_uses_it(root):
    game = _drafted(root, 3, ["marqueses", "malandro", "rapinas", "alianca"])
    shown = _event(game, "factions_revealed")
    card = shown["cards"]["malandro"]                                                        # A.8.1.III
    assert root.cards[card].owner == "malandro"
    game.apply(game.legal_ids().index("malandro"))
    # its setup card asks no character: the first decision is where the pawn goes (9.3.2)
    assert game.current_player() == "malandro"
    assert [game.s.card_defs[c] for c in game.s.zones["malandro.personagem"]] == [card]
    forests = {sp for sp, k in game.m.kind_of.items() if k == "floresta"}
    assert game.legal_ids() and set(game.legal_ids()) <= forests


@pytest.mark.parametrize("players,map_id,seed", [(2, "lago", 5), (3, "outono", 6)])
def test_random_advanced_games_keep_the_invariants(root, players, map_id, seed):
    import random

    from rulesdsl.interpreter.invariants import check
    game = Game(root, players, seed=seed, map_id=map_id, setup="avancada", log=True)
    rng = random.Random(seed)
    n = 0
    assert not check(game)
    while not game.is_terminal() and n < 20000:
        game.apply(rng.randrange(len(game.legal_actions())))
        n += 1
        v = check(game)
        assert not v, f"{v} at decision {n}, seed {seed}"
    assert game.is_terminal() and game.s.failure is None


def test_suit_markers_cover_the_printed_suits_of_autumn_too(root):
    from collections import Counter

    from rulesdsl.interpreter import board
    clearings = [f"c{i}" for i in range(1, 13)]
    deals = []
    for seed in (1, 2):
        game = Game(root, ["marqueses", "rapinas"], seed=seed, map_id="outono", setup="avancada")
        suits = {c: board.attr(game.ctx, c, "naipe") for c in clearings}                     # A.1
        assert game.s.flags.get(board.MAP_KEY) is not None
        assert Counter(suits.values()) == {"raposa": 4, "coelho": 4, "rato": 4}
        deals.append(suits)
    assert deals[0] != deals[1]


def test_the_hundreds_and_the_keepers_are_drafted_as_militants_and_set_up_at_once(root):
    from rulesdsl.interpreter.invariants import check
    pool, militant = _pool(root)
    assert {"centenas", "guardioes"} <= militant                                           # A.8.1
    game = _drafted(root, 3, ["guardioes", "centenas", "alianca", "lagartos"], seed=4)
    assert set(game.legal_ids()) == {"guardioes", "centenas", "alianca"}                   # A.8.1.II
    game.apply(game.legal_ids().index("centenas"))
    assert game.current_player() == "centenas"                                              # A.8.2
    while game.pending is not None and not any(e["t"] == "setup_done" for e in game.log):
        if str(game.current_player()).startswith("seat") and "guardioes" in game.legal_ids():
            game.apply(game.legal_ids().index("guardioes"))
        else:
            game.apply(0)
        assert not check(game)
    assert {"centenas", "guardioes"} <= set(game.s.seats)
    relics = sum(n for b in game.s.board.values() for k, n in b.items()
                 if k.startswith("guardioes.") and k.endswith("_oculta"))
    assert relics == 12                                                                      # 15.3.1, 15.3.3
