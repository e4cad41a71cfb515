"""Frames that open a journal mark close it however their action ends (interpreter/flow.py).

`você pode X: Y` (the `Maybe` frame) opens a mark so that X can be undone if it fails. When X
ends the phase or the turn instead ("termine a fase"), X was done: what it changed stays, and
the mark must be closed, as `Perform` and `Menu` close theirs. Left open, an outermost mark
keeps the state journalling every change for the rest of the game.
"""
import os

import pytest

import rulesdsl
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.flow import Maybe
from rulesdsl.interpreter.machine import drive
from rulesdsl.interpreter.runtime import Ctx, EndPhase, Failure

GAME = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "miudezas")


@pytest.fixture(scope="module")
def g():
    return rulesdsl.load(GAME)


def _maybe(game, act):
    ctx = Ctx(game.g, game.m, game.s, "azuis", {}, game)
    then = []
    gen = drive(Maybe(act, lambda c: then.append(1), ctx))
    return gen, then


def test_an_action_that_ends_the_phase_keeps_its_changes_and_closes_the_mark(g):
    game = Game(g, ["azuis", "vermelhos"], seed=1)
    assert game.s.journal is None
    key = next(iter(game.s.counters))
    before = game.s.counters[key]

    def act(ctx):
        ctx.s.add(key, 2)
        raise EndPhase()

    gen, then = _maybe(game, act)
    with pytest.raises(EndPhase):
        next(gen)
    assert game.s.counters[key] == before + 2      # done, not undone
    assert then == []                              # Y does not happen: the phase is over
    assert game.s.journal is None                  # the outermost mark is closed


def test_an_action_that_fails_is_undone_and_closes_the_mark(g):
    game = Game(g, ["azuis", "vermelhos"], seed=1)
    key = next(iter(game.s.counters))
    before = game.s.counters[key]

    def act(ctx):
        ctx.s.add(key, 2)
        raise Failure("no_option", None)

    gen, then = _maybe(game, act)
    with pytest.raises(StopIteration):
        next(gen)
    assert game.s.counters[key] == before
    assert then == []
    assert game.s.journal is None
