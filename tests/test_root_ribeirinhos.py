"""The Riverfolk Company (Law 11) in play: what the scenarios cannot say (the public hand seen by
another player, the setup with its choices), and a few random 4-player games with the
Riverfolk in every seat, on the four maps, invariants checked after every decision.

More games are a command, not a test (see the report of issue 12):
    RULESDSL_RANDOM_GAMES_RF=100 python -m pytest tests/test_root_ribeirinhos.py -k random
"""
from __future__ import annotations

import os
import random

import pytest

from rulesdsl.interpreter.engine import Game
from random_play import play_to_the_end


BASE = ["marqueses", "rapinas", "alianca", "malandro"]
MAPS = ["outono", "inverno", "lago", "montanha"]
N_GAMES = int(os.environ.get("RULESDSL_RANDOM_GAMES_RF") or 4)
MAX_DECISIONS = 20000


@pytest.fixture(scope="module")
def g(root_def):
    return root_def                                           # the session's Root


def _seats(k):
    """Game k: the Riverfolk in seat k % 4 with three base factions (a different one left out)."""
    fs = [f for f in BASE if f != BASE[(k // 4) % 4]]
    fs.insert(k % 4, "ribeirinhos")
    return fs


def _after_setup(g, factions, seed):
    game = Game(g, factions, seed=seed, map_id="outono")
    rng = random.Random(seed)
    while game.s.round == 0 and not game.is_terminal():
        game.apply(rng.randrange(len(game.legal_actions())))
    return game


def test_setup_places_warriors_by_rivers_funds_and_prices(g):
    """11.3.2: 4 warriors in clearings with a river; 11.3.4: 3 in Payments; 11.3.5: each price
    marker on its track (1 to 4); 11.3.3: the 9 trade posts on their track (in the supply)."""
    game = _after_setup(g, ["ribeirinhos", "marqueses", "rapinas"], 5)
    s = game.s
    river = {"c4", "c5", "c7", "c10", "c11"}           # Autumn: rivers 4–7, 5–10, 7–11, 10–11
    on_map = {sp: b.get("ribeirinhos.guerreiro", 0) for sp, b in s.board.items() if b.get("ribeirinhos.guerreiro")}
    assert sum(on_map.values()) == 4 and set(on_map) <= river
    # the Riverfolk sit first: their Birdsong has already moved the 3 Payments to Funds (11.4.3)
    z = s.piece_zones
    assert z["ribeirinhos.fundos"].get("ribeirinhos.guerreiro", 0) + \
        z["ribeirinhos.pagamentos"].get("ribeirinhos.guerreiro", 0) == 3
    for c in ("preco_da_carta", "preco_dos_botes", "preco_dos_mercenarios"):
        assert 1 <= s.counters[f"ribeirinhos:ribeirinhos.{c}"] <= 4
    for suit in ("raposa", "coelho", "rato"):
        assert s.supply[f"ribeirinhos.entreposto_{suit}"] == 3


def test_the_hand_is_public(g):
    """11.2.3: the Riverfolk's hand is seen by every player; another hand stays hidden."""
    game = _after_setup(g, ["ribeirinhos", "marqueses", "rapinas"], 3)
    rf = sorted(game.s.zones["ribeirinhos:mao"])
    assert rf
    assert game.g.zone_visible_to("ribeirinhos:mao", "marqueses")
    assert not game.g.zone_visible_to("rapinas:mao", "marqueses")
    obs = game.observation("marqueses")
    assert repr(sorted(rf))[1:-1] in repr(obs) or all(repr(c) in repr(obs) for c in rf)


@pytest.mark.parametrize("k", range(N_GAMES))
def test_random_4p_games_with_the_riverfolk(g, k):
    """Random choices to the end: the Riverfolk in seat k % 4, map k % 4, with the Exiles deck
    every other game; invariants after every decision; no stuck game."""
    factions, map_id = _seats(k), MAPS[k % 4]
    deck = "exilados" if k % 2 else None
    game = Game(g, factions, seed=k, map_id=map_id, deck_id=deck)
    play_to_the_end(game, k, MAX_DECISIONS, label=f"game {k} ({factions}, {map_id}, deck {deck})")
