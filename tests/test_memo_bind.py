"""A memo table that never hits is switched off by its trial (rulesdsl/compiler/memo.py); from
then on whoever holds the expression — an action's requirement, a function of generated code —
calls it directly, not through the wrapper that only forwards (`memo.bind`). The answers stay
the same. The small test game, loaded from a copy (a GameDef of its own: the trial changes it).
"""
from __future__ import annotations

import os

import pytest

from rulesdsl import codegen
from rulesdsl.compiler import memo
from rulesdsl.environment import Environment
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.runtime import Ctx

HERE = os.path.dirname(os.path.abspath(__file__))
CONQUISTA = os.path.join(HERE, "games", "conquista", "jogo.yaml")
PLAIN = "    requer: houver soldados seus\n"
# the same test, written so that generated code (`e`) holds the existence's memo wrapper
GLUED = "    requer: houver soldados seus e número de soldados seus > 0\n"


def _game(tmp_path, requirement):
    text = open(CONQUISTA, encoding="utf-8").read()
    assert PLAIN in text
    folder = tmp_path / "conquista"
    folder.mkdir()
    (folder / "jogo.yaml").write_text(text.replace(PLAIN, requirement), encoding="utf-8")
    g = Environment().load(str(folder))
    return Game(g, ["azuis", "vermelhos"], seed=0)


def _held(holder, name):
    return holder[name] if type(holder) is dict else getattr(holder, name)


def _march_asked_at_new_positions(game, monkeypatch):
    """`marchar` asked at MEMO_TRIAL + 5 positions (a new version of the state each time: no
    look-up can hit) -> (the answers, the table's holders)."""
    monkeypatch.setattr(memo, "CHECK_MEMO", False)    # (checking keeps every table on)
    act = game.g.actions["marchar"]
    tables = game.g._memo_holders
    ctx = Ctx(game.g, game.m, game.s, "azuis", {}, game)
    answers = []
    for _ in range(memo.MEMO_TRIAL + 5):
        game.s.ver += 1
        answers.append(act.enabled(ctx))
    held = [(h, n, bare) for hs in tables.values() for h, n, bare, _ in hs]
    return answers, held


def test_a_requirement_that_never_hits_its_memo_is_asked_without_the_wrapper(tmp_path, monkeypatch):
    # the Blues have soldiers on the board: they may march, asked at every position
    game = _game(tmp_path, PLAIN)
    act = game.g.actions["marchar"]
    wrapper = act.requires
    assert "_memo_bind" in wrapper.__dict__            # held through its memo at first
    answers, held = _march_asked_at_new_positions(game, monkeypatch)
    assert answers == [True] * len(answers)
    stats, _, bare = wrapper._memo_bind
    assert stats[2] is False                           # the trial gave the table up
    assert act.requires is bare                        # ... and the action holds the bare test
    assert any(h is act for h, _, _ in held)


@pytest.mark.skipif(not codegen.ON, reason="RULESDSL_CODEGEN=0: no generated code")
def test_generated_code_calls_the_bare_expression_once_its_memo_is_off(tmp_path, monkeypatch):
    game = _game(tmp_path, GLUED)
    act = game.g.actions["marchar"]
    generated = [(h, n, bare) for hs in game.g._memo_holders.values() for h, n, bare, _ in hs
                 if type(h) is dict]
    assert generated, "the generated `e` holds a memo wrapper"
    assert all("_memo_bind" in _held(h, n).__dict__ for h, n, _ in generated)
    answers, _ = _march_asked_at_new_positions(game, monkeypatch)
    assert answers == [True] * len(answers)
    for h, n, bare in generated:
        assert _held(h, n) is bare                     # rebound in the function's globals
    game.s.board.clear()                               # nobody has soldiers: no march
    game.s.ver += 1
    assert act.enabled(Ctx(game.g, game.m, game.s, "azuis", {}, game)) is False
