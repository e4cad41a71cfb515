"""Random 4-player games of Root with the Lizard Cult (`lagartos`, Law §10) and three base
factions, invariants checked after every decision (the same checks as test_random_games).

A handful of fixed seeds, each with the Lizards in another seat, on another map, with the base
or the Exiles and Partisans deck. The large run (hundreds of games, every map and seat) is a
command: `python benchmarks/lagartos_games.py --help`.
"""
from __future__ import annotations

import random

import pytest

from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import check

MAX_DECISIONS = 20000
# (seed, factions in turn order, map, deck)
GAMES = [
    (1, ["lagartos", "marqueses", "rapinas", "alianca"], "outono", "base"),
    (2, ["marqueses", "lagartos", "alianca", "malandro"], "inverno", "exilados"),
    (3, ["rapinas", "malandro", "lagartos", "marqueses"], "lago", "base"),
    (4, ["alianca", "rapinas", "malandro", "lagartos"], "montanha", "exilados"),
]


@pytest.mark.parametrize("seed,factions,map_id,deck_id", GAMES)
def test_random_game_with_the_lizards(root_def, seed, factions, map_id, deck_id):
    game = Game(root_def, factions, seed=seed, map_id=map_id, deck_id=deck_id)
    rng = random.Random(seed)
    v = check(game)
    assert not v, v
    n = 0
    while not game.is_terminal():
        acts = game.legal_actions()
        assert acts, f"no legal action, seed {seed}, decision {n}"
        game.apply(rng.randrange(len(acts)))
        n += 1
        v = check(game)
        assert not v, "; ".join(v) + f" — seed {seed}, decision {n}, history {game.history[-8:]}"
        assert n < MAX_DECISIONS, f"no end, seed {seed}"
    assert getattr(game.s, "failure", None) is None
