"""Geometry (engine-gaps N10, N17) on the small game tests/games/geometria: the distance between
two spaces over the adjacency now (PT `distância entre A e B`, ES `distancia entre A y B`),
and the spaces a faction brings to the map when seated (`espaços:` of a faction), joined to
the map by edges the pieces make (`liga: {espaço: S, a_espaços_com: P}`)."""
import os
import random
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.interpreter import board as B
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.runtime import Ctx
from rulesdsl.translate import translate_ruleset

GAME = Path(__file__).parent / "games" / "geometria" / "jogo.yaml"
SEATS = ["escavadores", "sentinelas"]


@pytest.fixture(scope="module")
def g():
    return rulesdsl.load(str(GAME))


def _ctx(game, me="sentinelas"):
    return Ctx(game.g, game.m, game.s, me, {}, game)


def test_distance_over_the_printed_map(g):
    game = Game(g, SEATS, seed=0)
    c = _ctx(game)
    assert B.distance(c, "norte", "norte") == 0
    assert B.distance(c, "norte", "centro") == 1
    assert B.distance(c, "norte", "sul") == 2
    assert B.distance(c, "norte", None) == B.INFINITE


def test_distance_follows_the_adjacency_as_it_changes(g):
    game = Game(g, SEATS, seed=0)
    c = _ctx(game)
    assert B.distance(c, "norte", "sul") == 2
    mark = game.s.mark()
    B.set_edge(c, "centro", "sul", None)             # "desligue Centro e Sul"
    assert B.distance(c, "norte", "sul") == 3
    B.set_edge(c, "sudeste", "sul", None)
    B.set_edge(c, "sudoeste", "sul", None)
    assert B.distance(c, "norte", "sul") == B.INFINITE
    game.s.put("sul", "escavadores.túnel")            # the refuge joins Sul...
    game.s.put("norte", "escavadores.túnel")          # ... and Norte
    assert B.distance(c, "norte", "sul") == 2
    game.s.rollback(mark)
    assert B.distance(c, "norte", "sul") == 2
    assert B.board(c).adjacent("centro", "sul")


def test_a_distance_in_a_rule_reads_the_map_in_portuguese_and_spanish(g, tmp_path):
    es_files = translate_ruleset(str(GAME.parent), "es")
    for rel, text in es_files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    text = (tmp_path / "jogo.yaml").read_text(encoding="utf-8")
    assert "distancia entre D y Norte >= 2" in text
    assert "une: {espacio: refugio, a_espacios_con: túnel}" in text.replace("'", "")
    es = rulesdsl.load(str(tmp_path / "jogo.yaml"))
    for seed in range(6):
        logs = []
        for gd in (g, es):
            game = Game(gd, SEATS, seed=seed, log=True)
            r = random.Random(seed)
            while not game.is_terminal():
                game.apply(r.randrange(len(game.legal_actions())))
            logs.append((game.history, game.s.board))
        assert logs[0] == logs[1]


def test_the_faction_space_is_on_the_map_of_a_game_that_seats_the_faction(g):
    game = Game(g, SEATS, seed=0)
    v = B.spaces_view(game.ctx)
    assert "refugio" in v.all_space_ids                 # pieces may be there
    assert "refugio" not in v.space_ids                 # "cada campo" leaves it out
    assert "refugio" not in v.by_kind["campo"]
    assert v.apart_by_kind["campo"] == ["refugio"]
    assert game.s.board["refugio"] == {"escavadores.mineiro": 2}


def test_a_faction_not_seated_brings_no_space(g):
    printed = g.maps["colmeia"]
    assert "refugio" in printed.attrs                   # named, typed, like any space
    assert "refugio" not in printed.all_space_ids and "refugio" not in printed.space_ids
    assert B._view(printed, B.MapState([("attr", "norte", "x", 1)])).all_space_ids == printed.all_space_ids


def test_add_faction_spaces_is_journaled_and_copied(g):
    game = Game(g, SEATS, seed=0)
    s = game.s
    before = s.flags[B.MAP_KEY]
    mark = s.mark()
    s.set_flag(B.MAP_KEY, B.MapState([x for x in before if x[0] != "space"]))
    assert "refugio" not in B.spaces_view(game.ctx).all_space_ids
    B.add_faction_spaces(game, "escavadores")           # the faction joins (h-seats)
    assert s.flags[B.MAP_KEY] == before
    s.rollback(mark)
    assert s.flags[B.MAP_KEY] == before
    copy = game.clone()
    assert copy.s.flags[B.MAP_KEY] == before


def test_the_refuge_is_adjacent_to_each_space_with_a_tunnel_however_it_got_there(g):
    game = Game(g, SEATS, seed=0)
    c = _ctx(game, "escavadores")
    (first,) = [sp for sp, b in game.s.board.items() if b.get("escavadores.túnel")]
    assert B.board(c).neighbors["refugio"] == {first}       # the tunnel of the setup
    game.s.take(first, "escavadores.túnel")
    assert B.board(c).neighbors["refugio"] == set()
    game.s.put("sudeste", "escavadores.túnel")
    assert B.board(c).neighbors["refugio"] == {"sudeste"}
    assert "refugio" in B.board(c).neighbors["sudeste"]
    assert B.linked(c, "refugio", "galeria") == {"sudeste"}
    game.s.take("sudeste", "escavadores.túnel")
    assert B.board(c).neighbors["refugio"] == set()


def test_random_games_keep_the_invariants(g):
    from rulesdsl.interpreter import invariants
    for seed in range(10):
        game = Game(g, SEATS, seed=seed)
        r = random.Random(seed)
        while not game.is_terminal():
            game.apply(r.randrange(len(game.legal_actions())))
            assert invariants.check(game) == []
            if r.random() < 0.2:
                game = game.clone()


def test_the_longest_straight_line_through_the_hex_grid(g):
    c = _ctx(Game(g, SEATS, seed=0))
    assert B.longest_line(c, []) == 0
    assert B.longest_line(c, ["norte"]) == 1
    assert B.longest_line(c, ["norte", "centro", "sul"]) == 3          # q = 0
    assert B.longest_line(c, ["nordeste", "centro", "sudoeste"]) == 3  # q + r = 0
    assert B.longest_line(c, ["noroeste", "centro", "sudeste"]) == 3   # r = 0
    assert B.longest_line(c, ["norte", "centro", "sudeste"]) == 2      # adjacent, bent
    assert B.longest_line(c, ["norte", "sul"]) == 1                    # a gap breaks the row
    assert B.longest_line(c, ["refugio", "norte"]) == 1                # no coordinates


def test_a_straight_line_on_a_map_without_coordinates_is_an_error(tmp_path):
    from rulesdsl.errors import RulesError
    text = GAME.read_text(encoding="utf-8")
    start = text.index("    coordenadas:")
    end = text.index("    ligações:")
    text = text[:start] + text[end:]
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as e:
        rulesdsl.load(str(tmp_path / "jogo.yaml"))
    (d,) = e.value.diagnostics
    assert d.code == "C091" and d.args["maps"] == "colmeia"
    assert text.splitlines()[d.pos.line - 1][d.pos.col - 1:].startswith("a maior linha reta")
