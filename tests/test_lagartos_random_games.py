"""Random 4-player games of Root with the Lizard Cult (`lagartos`, Law §10) and three base
factions, invariants checked after every decision (the same checks as test_random_games).

A handful of fixed seeds, each with the Lizards in another seat, on another map, with the base
or the Exiles and Partisans deck. The large run (hundreds of games, every map and seat) is a
command: `python benchmarks/faction_games.py lagartos --games 300`.
"""
from __future__ import annotations


import pytest

from rulesdsl.interpreter.engine import Game
from random_play import play_to_the_end

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
    play_to_the_end(game, seed, MAX_DECISIONS, label=f"seed {seed} ({factions}, {map_id}, {deck_id})")
