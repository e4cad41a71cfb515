"""Memo keys are sound: random games with every memo hit computed again and compared.

Counts, `houver`, derived values and prohibitions are memoized by the versions of the parts
of the state they read (rulesdsl.compiler.state_reads), the acting faction and the variables
they read. A part missing from those tables would keep a stale value; with CHECK_MEMO (the
same as RULESDSL_CHECK_MEMO=1) each hit is recomputed, and a difference fails here with the
position of the expression. Games with every Root faction seated, so every construct the
ruleset uses is exercised.
"""
from __future__ import annotations

import pytest
from random_play import play_some

from rulesdsl import compiler
from rulesdsl.interpreter.engine import Game

SEATS = [
    ("marqueses", "rapinas", "alianca", "malandro"),
    ("rapinas", "malandro", "marqueses"),
]


@pytest.mark.slow
@pytest.mark.parametrize("seats", SEATS, ids=["-".join(s) for s in SEATS])
@pytest.mark.parametrize("seed", [0, 1])
def test_memo_hits_equal_a_fresh_evaluation(root_def, seats, seed, monkeypatch):
    g = root_def
    monkeypatch.setattr(compiler.memo, "CHECK_MEMO", True)
    game = Game(g, list(seats), seed=seed)
    assert play_some(game, seed, 3000) > 0


# the Exiles and Partisans cards whose effects change what the memos read: adjacency (Boat
# Builders, Tunnels), who rules (Soup Kitchens), a derived value (Corvid Planners); dealt to
# the play areas at the start so that random games use them from the first turn
EP_IN_PLAY = {"marqueses": ["tuneis", "cozinhas_comunitarias"], "rapinas": ["construtores_de_barcos"],
              "alianca": ["planejadores_corvideos"], "malandro": ["tuneis"]}


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_memo_hits_with_exiles_cards_in_play(root_def, seed, monkeypatch):
    g = root_def
    monkeypatch.setattr(compiler.memo, "CHECK_MEMO", True)
    seats = ["marqueses", "rapinas", "alianca", "malandro"]
    game = Game(g, seats, seed=seed, deck_id="exilados")
    s = game.s
    zone = g.in_play_zones[0]
    for f, ids in EP_IN_PLAY.items():
        for cid in ids:
            card, src = next((c, z) for z, cards in s.zones.items() for c in cards
                             if s.card_defs[c] == cid and not z.endswith(zone))
            s.move_card(card, src, g.zone_key(zone, f))
    assert play_some(game, seed, 3000) > 0
