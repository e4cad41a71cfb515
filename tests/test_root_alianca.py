"""The Woodland Alliance (Law §8) in play: what the scenarios (tests/cenarios/root_alianca.yaml)
cannot say, and random games to the end.

Random games: 3 players (Marqueses, Rapinas, Aliança) and, when the Vagabond loads, 4 players.
By default a few games of each run here; `ALIANCA_GAMES=200` (or `RULESDSL_FULL=1`) runs 200 of
each, with the generic invariants checked after every decision.
"""
from __future__ import annotations

import os

import pytest

import rulesdsl
from rulesdsl.interpreter.describe import describe_event
from rulesdsl.interpreter.engine import Game
from random_play import play_to_the_end

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "rulesets", "root")
FULL = os.environ.get("RULESDSL_FULL", "") not in ("", "0", "false", "no")
N_GAMES = int(os.environ.get("ALIANCA_GAMES") or (200 if FULL else 4))
THREE = ["marqueses", "rapinas", "alianca"]
FOUR = ["marqueses", "rapinas", "alianca", "malandro"]
MAX_DECISIONS = 30000


@pytest.fixture(scope="module")
def g():
    return rulesdsl.load(ROOT)


def _deck_card(s, g, cid):
    deck = s.zones[g.draw_zone]
    card = next(c for c in deck if s.card_defs[c] == cid)
    deck.remove(card)
    return card


def _play(game, seed):
    play_to_the_end(game, seed, MAX_DECISIONS)


# --- random games -------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("seed", range(N_GAMES))
def test_random_three_player_game(g, seed):
    _play(Game(g, THREE, seed=seed, log=True), seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(N_GAMES))
def test_random_four_player_game(g, seed):
    _play(Game(g, FOUR, seed=seed, log=True), seed)


# --- 5.1 / 5.2 ----------------------------------------------------------------------------------

def test_setup_order_puts_the_alliance_third(g):
    assert g.factions["alianca"].setup_letter == "C"
    assert g.setup_order.index("alianca") == 2


@pytest.mark.parametrize("factions,warned", [
    (["marqueses", "rapinas"], False),                # 17 for 2 players: enough
    (["marqueses", "alianca"], True),                 # 13 < 17
    (["rapinas", "alianca"], True),                   # 10 < 17
    (THREE, False),                                   # 20 >= 18
    (["rapinas", "alianca", "malandro"], True),       # 15 < 18
    (FOUR, False),                                    # 25 >= 21
    # the second Vagabond counts 2, not 5 (5.2): 10 + 3 + 5 + 2 = 20 < 21
    (["marqueses", "alianca", "malandro", "segundo_malandro"], True),
    (["marqueses", "rapinas", "malandro", "segundo_malandro"], False),   # 24 >= 21
])
def test_reach_below_the_table_is_a_warning_not_a_refusal(g, factions, warned):
    game = Game(g, factions, seed=1, log=True)
    assert bool(game.warnings) == warned
    assert any(e["t"] == "warning" for e in game.log) == warned
    assert not game.is_terminal()


# --- 8.2.3 supporters are face down ----------------------------------------------------------------

def test_other_players_do_not_see_what_goes_into_the_supporters(g):
    def pos(game):
        s = game.s
        s.zones["alianca:mao"].append(_deck_card(s, game.g, "bigorna"))
    game = Game(g, THREE, seed=2, log=True, position=pos, start=("alianca", "dia"))
    game.apply_id("alianca.mobilizar")
    add = next(e for e in game.log if e["t"] == "add")
    assert add["zone"] == "alianca.apoiadores"
    assert "Bigorna" in describe_event(game, add, "pt", viewer="alianca")
    assert "Bigorna" not in describe_event(game, add, "pt", viewer="marqueses")
    assert "Yunque" not in describe_event(game, add, "es", viewer="rapinas")


def test_outrage_without_a_matching_card_shows_the_hand_to_the_alliance(g):
    def pos(game):
        s, gd = game.s, game.g
        s.put("c5", "marqueses.guerreiro", 2)
        s.put("c1", "alianca.simpatia", 1)
        s.zones["marqueses:mao"].append(_deck_card(s, gd, "visita_aos_amigos"))   # rabbit, c1 is fox
    game = Game(g, THREE, seed=2, log=True, position=pos, start=("marqueses", "dia"))
    for oid in ("marqueses.marcha", "sim", "c1", "1"):
        game.apply_id(oid)
    card = game.s.zones["marqueses:mao"][0]
    assert "alianca" in game.s.visible.get(card, set())
    assert len(game.s.zones["alianca.apoiadores"]) == 1
