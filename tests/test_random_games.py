"""Random Marqueses-vs-Rapinas games of Root to the end, with the generic invariants checked
after every action (skipped cleanly while Root cannot be played).

One test item per seed, so a failure names its seed and how to replay it. A fixed number of
games runs (120: about 40 s on the 2-core development machine when calm), whatever the load:
the count of tests never depends on the machine. `RULESDSL_RANDOM_GAMES=N` plays N instead
(a longer run by hand). No game is timed: a rules loop stops with the engine's own bound
(runtime.RulesLoop), and a game that never ends fails at MAX_DECISIONS.

Also: 4-player games (Marqueses, Rapinas, Aliança, Malandro) with the Exiles and Partisans deck
(`exilados`) on each of the four maps, GAMES_PER_MAP seeds each (fixed; together about 10 s),
with the same invariants. `RULESDSL_RANDOM_GAMES_4P=N` plays N per map instead.
"""
from __future__ import annotations

import os
import random

import pytest

from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import check

# a handful in the suite (each seed is one more of the same check); hundreds: set the variable
N_GAMES = int(os.environ.get("RULESDSL_RANDOM_GAMES") or 40)
FACTIONS = ["marqueses", "rapinas"]
MAX_DECISIONS = 20000

FACTIONS_4P = ["marqueses", "rapinas", "alianca", "malandro"]
MAPS = ["outono", "inverno", "lago", "montanha"]
DECK = "exilados"
GAMES_PER_MAP = int(os.environ.get("RULESDSL_RANDOM_GAMES_4P") or 4)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(N_GAMES))
def test_random_root_game(root_def, seed):
    _play(root_def, FACTIONS, seed)


@pytest.mark.slow
@pytest.mark.parametrize("map_id,seed", [(m, s) for m in MAPS for s in range(GAMES_PER_MAP)])
def test_random_root_game_4p_exiles(root_def, map_id, seed):
    g = root_def
    _play(g, FACTIONS_4P, seed, map_id=map_id, deck_id=DECK)


def _play(g, factions, seed, map_id=None, deck_id=None):
    """One game with random choices (random.Random(seed)) to its end, invariants checked after
    every choice."""
    game = Game(g, factions, seed=seed, map_id=map_id, deck_id=deck_id, log=True)
    rng = random.Random(seed)
    opts = (f", map_id={map_id!r}" if map_id else "") + (f", deck_id={deck_id!r}" if deck_id else "")

    def where(n):
        return (f"seed {seed}, decision {n}, round {game.s.round}, {game.s.active}, phase {game.s.phase}; "
                f"replay: Game(g, {list(factions)}, seed={seed}{opts}, history=h[:{n}]) with h the "
                f"choices of random.Random({seed}); last choices: {game.history[-8:]}")

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
