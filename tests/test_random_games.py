"""Random Marqueses-vs-Rapinas games of Root to the end, with the generic invariants checked
after every action (skipped cleanly while Root cannot be played).

One test item per seed, so a failure names its seed and how to replay it. A fixed number of
games runs (120: about 40 s on the 2-core development machine when calm), whatever the load:
the count of tests never depends on the machine. `RULESDSL_RANDOM_GAMES=N` plays N instead
(a longer run by hand). No game is timed: a rules loop stops with the engine's own bound
(runtime.RulesLoop), and a game that never ends fails at MAX_DECISIONS.
"""
from __future__ import annotations

import os
import random

import pytest

from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import check

N_GAMES = int(os.environ.get("RULESDSL_RANDOM_GAMES") or 120)
FACTIONS = ["marqueses", "rapinas"]
MAX_DECISIONS = 20000


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(N_GAMES))
def test_random_root_game(root_def, seed):
    g = root_def
    game = Game(g, FACTIONS, seed=seed, log=True)
    rng = random.Random(seed)

    def where(n):
        return (f"seed {seed}, decision {n}, round {game.s.round}, {game.s.active}, phase {game.s.phase}; "
                f"replay: Game(g, {FACTIONS}, seed={seed}, history=h[:{n}]) with h the choices of "
                f"random.Random({seed}); last choices: {game.history[-8:]}")

    v = check(game)
    assert not v, "; ".join(v) + " — " + where(0)
    n = 0
    while not game.is_terminal():
        acts = game.legal_actions()
        assert acts, "no legal action before the end — " + where(n)
        game.apply(rng.randrange(len(acts)))
        n += 1
        v = check(game)
        assert not v, "; ".join(v) + " — " + where(n)
        assert n < MAX_DECISIONS, "no end — " + where(n)
    failure = getattr(game.s, "failure", None)
    assert failure is None, f"stuck: {getattr(failure, 'why', failure)} — " + where(n)
    assert game.winners() or any(e.get("t") == "round_limit" for e in game.log), where(n)
