"""The map during a game (interpreter/board.py) on Root's maps: the suit markers dealt at setup
(Law A.1), the map's starting pieces (C.2.1, C.3.1), the Winter river dividing forests (C.1.1),
strict matching of a space with no value, several values, and random games with the invariants
on each alternative map. The rules of appendix C that a position can show are scenarios
(tests/cenarios/root_mapas.yaml); the generic primitives, tests/cenarios/mapa_vivo.yaml."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from collections import Counter

import pytest

import rulesdsl

from rulesdsl.interpreter import board
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import check, fingerprint
from rulesdsl.interpreter.runtime import matches

FOUR = ["marqueses", "rapinas", "alianca", "malandro"]
CLEARINGS = [f"c{i}" for i in range(1, 13)]


def _suits(game):
    return {sp: board.attr(game.ctx, sp, "naipe") for sp in CLEARINGS}


@pytest.mark.parametrize("map_id", ["inverno", "lago", "montanha"])
def test_suit_markers_are_dealt_one_per_clearing(root_def, map_id):
    # A.1: the 12 markers (4 of each suit) face down, mixed, one on each clearing
    game = Game(root_def, ["marqueses", "rapinas"], 5, map_id=map_id)
    suits = _suits(game)
    assert None not in suits.values()
    assert Counter(suits.values()) == {"raposa": 4, "coelho": 4, "rato": 4}
    # the seeded generator: the same seed deals the same; another seed, another deal
    assert _suits(Game(root_def, ["marqueses", "rapinas"], 5, map_id=map_id)) == suits
    assert any(_suits(Game(root_def, ["marqueses", "rapinas"], s, map_id=map_id)) != suits
               for s in (6, 7, 8))


def test_autumn_keeps_its_printed_suits(root_def):
    game = Game(root_def, ["marqueses", "rapinas"], 5, map_id="outono")
    assert game.s.flags.get(board.MAP_KEY) is None          # nothing dealt, nothing changed
    assert _suits(game)["c1"] == "raposa"


def test_start_pieces_come_from_the_map(root_def):
    lake = Game(root_def, ["marqueses", "rapinas"], 1, map_id="lago")
    assert lake.s.board["c1"].get("balsa") == 1                # C.2.1
    mountain = Game(root_def, ["marqueses", "rapinas"], 1, map_id="montanha")
    assert mountain.s.board["c10"].get("torre") == 1           # C.3.1
    autumn = Game(root_def, ["marqueses", "rapinas"], 1, map_id="outono")
    assert not any(k in ("balsa", "torre") for sp in autumn.s.board.values() for k in sp)


def test_winter_river_divides_forests(root_def):
    # C.1.1: the river splits what would be one forest into two neighbouring forests
    game = Game(root_def, ["marqueses", "rapinas"], 1, map_id="inverno")
    m = board.board(game.ctx)
    assert m.adjacent("f1_10_11", "f4_10_11") and m.adjacent("f2_7_12", "f3_7_12")
    assert not m.adjacent("c10", "c11")                  # a river is no path
    assert "c10" in m.linked_by("rio")["c11"]


def test_map_edge_is_an_attribute(root_def):
    game = Game(root_def, ["marqueses", "rapinas"], 1, map_id="outono")
    edge = {sp for sp in CLEARINGS if board.attr(game.ctx, sp, "borda")}
    assert edge == {"c1", "c5", "c2", "c6", "c3", "c7", "c8", "c4", "c9"}


def test_a_space_without_a_value_matches_nothing(root_def):
    g = root_def
    assert matches(g, board.NOVALUE, "raposa") is False
    assert matches(g, board.NOVALUE, "passaro") is False       # not even a wild value
    assert matches(g, board.NOVALUE, board.NOVALUE) is False
    assert matches(g, "raposa", None) is True                  # no constraint given
    # several values: one of them is enough (a clearing of every suit)
    assert matches(g, ("raposa", "rato", "coelho"), "rato") is True
    assert matches(g, ("raposa", "rato"), "coelho") is False
    # before the markers are dealt, a Winter clearing has no suit
    game = Game(g, ["marqueses", "rapinas"], 1, map_id="inverno", position=lambda game: None)
    assert board.match_value(game.ctx, "c1", "naipe") is board.NOVALUE


def test_map_changes_are_undone_and_copied(root_def):
    game = Game(root_def, ["marqueses", "rapinas"], 3, map_id="montanha")
    ctx = game.ctx
    mark = game.s.mark()
    board.set_edge(ctx, "c2", "c5", "caminho")
    assert board.board(ctx).adjacent("c2", "c5")
    game.s.rollback(mark)
    game.s.commit(mark)
    assert not board.board(ctx).adjacent("c2", "c5")


@pytest.mark.slow
@pytest.mark.parametrize("map_id", ["inverno", "lago", "montanha"])
def test_random_four_player_games_on_each_map(root_def, map_id):
    for seed in (1, 2):
        game = Game(root_def, FOUR, seed, map_id=map_id)
        rng = random.Random(seed)
        n = 0
        while not game.is_terminal() and n < 6000:
            acts = game.legal_actions()
            game.apply(rng.randrange(len(acts)))
            n += 1
            if n % 25 == 0:
                assert not check(game), (map_id, seed, n)
        assert not check(game)
        # a copy holds the same map (dealt suits, removed closed paths, the Ferry's place)
        assert fingerprint(game.clone()) == fingerprint(game)


MAPA_VIVO = os.path.join(os.path.dirname(__file__), "games", "mapa_vivo")


def test_wild_if_absent_is_data():
    # `curinga_se_ausente: sim` on the attribute: a space without a value matches every value
    text = open(os.path.join(MAPA_VIVO, "jogo.yaml"), encoding="utf-8").read()
    text = text.replace("terreno: {tipo: terreno, nome: {pt: terreno, es: terreno}}\n      costa",
                        "terreno: {tipo: terreno, nome: {pt: terreno, es: terreno}, curinga_se_ausente: sim}\n      costa")
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "jogo.yaml"), "w", encoding="utf-8") as fh:
            fh.write(text)
        g = rulesdsl.load(d)
        assert g.absent_wild == {"terreno"}
        game = Game(g, ["azuis", "vermelhos"], 1)
        assert board.match_value(game.ctx, "oeste", "terreno") is None
        assert matches(g, board.match_value(game.ctx, "oeste", "terreno"), "colina")
    g = rulesdsl.load(MAPA_VIVO)
    assert board.match_value(Game(g, ["azuis", "vermelhos"], 1).ctx, "oeste", "terreno") is board.NOVALUE


def test_an_unknown_map_key_is_reported_with_a_suggestion():
    text = open(os.path.join(MAPA_VIVO, "jogo.yaml"), encoding="utf-8").read()
    text = text.replace("    peças_iniciais:", "    peças_inicias:")
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "jogo.yaml"), "w", encoding="utf-8") as fh:
            fh.write(text)
        r = subprocess.run([sys.executable, "-m", "rulesdsl", "validar", d], capture_output=True, text=True)
    out = r.stdout + r.stderr
    assert "M010" in out and "peças_inicias" in out and "peças_iniciais" in out
