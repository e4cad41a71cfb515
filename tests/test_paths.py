"""Pieces on paths (N18, interpreter/board.py): an edge kind declared `peças: sim` makes each of
its edges a space. The rules of the tiny game tests/games/estradas are scenarios
(tests/cenarios/estradas.yaml, tests/escenarios/caminos.yaml); here: the map's spaces, random
games with the invariants and clones, and the designer's mistake (M120)."""
import os
import random

import rulesdsl
from rulesdsl.interpreter import board
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import check

from minigames import edited_errors
from random_play import play_to_the_end

HERE = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.join(HERE, "games", "estradas", "jogo.yaml")


def _def(lang="pt"):
    return rulesdsl.Environment(lang).load(GAME)


def test_each_edge_of_a_kind_that_holds_pieces_is_a_space_of_its_own():
    g = _def()
    m = g.maps["vale"]
    assert g.path_kinds == {"estrada"}
    # out of "every space", in the spaces pieces may be on, as a kind of their own
    assert m.space_ids == ["norte", "leste", "sul", "oeste"]
    assert sorted(m.by_kind["estrada"]) == ["leste~norte", "leste~sul", "oeste~sul"]
    assert set(m.all_space_ids) == set(m.space_ids) | set(m.by_kind["estrada"])
    # a path makes no adjacency and touches its two ends only
    assert m.neighbors["leste~norte"] == set()
    assert "leste~norte" not in m.neighbors["norte"]
    assert m.paths["leste~norte"] == ("leste", "norte")
    assert g.rs.name("space", "leste~norte", "es") == "carretera entre Este y Norte"


def test_a_closed_path_is_no_path_and_an_opened_one_is():
    g = _def()
    game = Game(g, ["azuis", "vermelhos"], 1)
    board.set_edge(game.ctx, "leste", "sul", "barreira")
    board.set_edge(game.ctx, "oeste", "norte", "estrada")
    v = board.spaces_view(game.ctx)
    assert sorted(v.by_kind["estrada"]) == ["leste~norte", "norte~oeste", "oeste~sul"]
    # the closed one keeps its space (and the pieces on it), but is not a path while closed
    assert "leste~sul" in v.all_space_ids
    assert board.path_between(game.ctx, "leste", "sul") is None
    assert board.path_between(game.ctx, "norte", "oeste") == "norte~oeste"


def test_root_paths_hold_pieces_and_rivers_and_closed_paths_do_not(root_def):
    # the Highway Bandits (App. E) sit on paths; never on a river nor a closed path (C.3.2, E.3.5)
    assert root_def.path_kinds == frozenset({"caminho"})
    m = root_def.maps["outono"]
    assert m.paths["c1~c5"] == ("c1", "c5")
    # the Lake map's rivers (the lake) link coastal clearings: never a path
    lago = root_def.maps["lago"]
    rivers = {tuple(sorted(e)) for e in lago.edges.get("rio", ())}
    assert rivers and not rivers & {tuple(sorted(p)) for p in lago.paths.values()}


def test_random_games_keep_the_invariants_and_clone():
    g = _def()
    seen_paths = 0
    for seed in range(4):
        game = Game(g, ["azuis", "vermelhos"], seed)

        def each(gm):
            nonlocal seen_paths
            seen_paths += sum(1 for sp, b in gm.s.board.items() if "~" in sp and b)
        play_to_the_end(game, seed, 2000, each=each)
    assert seen_paths > 0
    # a clone made mid-game goes on exactly as the original
    game = Game(g, ["azuis", "vermelhos"], 7)
    rng = random.Random(7)
    for _ in range(12):
        game.apply(rng.randrange(len(game.legal_actions())))
    twin = game.clone()
    for _ in range(12):
        if game.is_terminal():
            break
        i = rng.randrange(len(game.legal_actions()))
        game.apply(i)
        twin.apply(i)
        assert twin.s.board == game.s.board and not check(twin)


def test_the_encoded_observation_has_a_place_for_every_path():
    # the vectors of the adapters (rulesdsl/adapters): a piece on a path opened during the
    # game (the barrier Oeste–Norte) has its own entries
    from rulesdsl.adapters.encoding import Layout
    game = Game(_def(), ["azuis", "vermelhos"], 3)
    lay = Layout.of(game)
    board.set_edge(game.ctx, "oeste", "norte", "estrada")
    game.s.put("norte~oeste", "azuis.pedagio", 1)
    game.s.adjust_supply("azuis.pedagio", -1)
    v = lay.encode(game.observation("vermelhos"))
    at = lay._off["board"] + lay._space_i["norte~oeste"] * len(lay.kinds) + lay._kind_i["azuis.pedagio"]
    assert v[at] == 1.0


def test_pieces_on_an_edge_kind_that_holds_none_is_an_error(tmp_path):
    errs, text = edited_errors(tmp_path, GAME, "posicione 1 pedágio na estrada entre Leste e Norte",
                         "posicione 1 pedágio na barreira")
    assert [d.code for d in errs] == ["M120"]
    line = text[:text.index("na barreira")].count("\n") + 1
    assert errs[0].pos.line == line and "peças: sim" in errs[0].message("pt")


def test_moving_pieces_to_an_edge_kind_that_holds_none_is_an_error(tmp_path):
    errs, _ = edited_errors(tmp_path, GAME, "leve 1 pedágio seu de E para F", "leve 1 pedágio seu de E para barreira")
    assert [d.code for d in errs] == ["M120"]
    assert "piezas: sí" in errs[0].message("es")
