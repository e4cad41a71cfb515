"""Generated requirement parts (rulesdsl/codegen_req.py): `suprimento de (S onde P) > 0` asks
each kind's supply before its filters and stops at the first kind with pieces left that passes
them. The answer is the closures' (the sum of the supplies of the kinds that pass): a kind
with no piece left never makes the requirement hold, however its filters answer.

The check mode (RULESDSL_CHECK_REQ=1, here codegen_req.CHECK_REQ) computes both on every call
and raises on a difference: seeded Root games run with it.
"""
from __future__ import annotations

import os

import pytest
from random_play import play_some

from rulesdsl import codegen, codegen_req
from rulesdsl.environment import Environment
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.runtime import Ctx

pytestmark = pytest.mark.skipif(not codegen.ON, reason="RULESDSL_CODEGEN=0: no generated code")

HERE = os.path.dirname(os.path.abspath(__file__))
CONQUISTA = os.path.join(HERE, "games", "conquista", "jogo.yaml")
PLAIN = "    requer: houver soldados seus\n"
# the Blues may march while a kind of piece of theirs with pieces left passes the filter:
# a fort once they have a fort on the map; a soldier while they rule a valley
SUPPLY = ("    requer: suprimento de (peça T sua onde (T = forte e houver fortes seus)"
          " ou (T = soldado e houver vale V governado por você)) > 0\n")


@pytest.fixture(scope="module")
def conquista_supply(tmp_path_factory):
    text = open(CONQUISTA, encoding="utf-8").read()
    assert PLAIN in text
    folder = tmp_path_factory.mktemp("req") / "conquista"
    folder.mkdir()
    (folder / "jogo.yaml").write_text(text.replace(PLAIN, SUPPLY), encoding="utf-8")
    return Environment().load(str(folder))


@pytest.fixture
def march(conquista_supply, monkeypatch):
    g = conquista_supply
    game = Game(g, ["azuis", "vermelhos"], seed=0)
    monkeypatch.setattr(codegen_req, "CHECK_REQ", True)
    act = g.actions["marchar"]

    def may_march():
        game.s.ver += 1
        before = codegen_req.CHECKED[0]
        ok = act.enabled(Ctx(g, game.m, game.s, "azuis", {}, game))
        assert codegen_req.CHECKED[0] == before + 1      # the generated part answered
        return ok
    return game, may_march


def test_a_kind_with_pieces_left_that_passes_its_filter(march):
    game, may_march = march
    s = game.s
    assert s.count("norte", "azuis.soldado") == 3         # the Blues' set-up
    assert may_march()


def test_a_kind_with_no_piece_left_does_not_count(march):
    game, may_march = march
    s = game.s
    # every Blue soldier on the map (they rule valleys: soldiers pass their filter), no fort
    for sp, n in (("leste", 3), ("sul", 2), ("oeste", 2)):
        s.put(sp, "azuis.soldado", n)
    assert s.supply["azuis.soldado"] == 0 and s.supply["azuis.forte"] == 2
    assert not may_march()          # soldiers pass their filter but none is left
    s.put("norte", "azuis.forte", 1)                    # a fort on the map: forts pass
    assert may_march()


def test_no_kind_passes_its_filter(march):
    game, may_march = march
    s = game.s
    s.take("norte", "azuis.soldado", 3)                  # the Blues have left the map
    assert not may_march()


def test_the_check_mode_stops_at_a_difference(march):
    game, may_march = march
    s = game.s
    s.put("norte", "azuis.forte", 1)
    s.put("leste", "azuis.soldado", 4)                  # 3 soldiers left, 1 fort
    s.supply["azuis.forte"] = -5        # (never so in a game: supplies are not negative)
    with pytest.raises(codegen_req.RequirementMismatch):
        may_march()


@pytest.mark.parametrize("seats,seed", [(("marqueses", "rapinas"), 0), (("marqueses", "rapinas"), 1),
                                        (("marqueses", "rapinas", "alianca", "malandro"), 0)])
def test_seeded_games_agree_with_the_closures(root_def, seats, seed, monkeypatch):
    monkeypatch.setattr(codegen_req, "CHECK_REQ", True)
    before = codegen_req.CHECKED[0]
    play_some(Game(root_def, list(seats), seed=seed), seed, 600)
    assert codegen_req.CHECKED[0] > before      # the Marquise's `erguer` was asked and compared
