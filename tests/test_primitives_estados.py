"""Generic primitives added for the Vagabond, on a tiny non-Root game (tests/games/cansaco):
piece statuses with their declared verbs and filters, counters per faction, irremovable
pieces, hits replaced by a faction's own rule, a faction that copies another, guarded options.
"""
import os

import rulesdsl
from rulesdsl.interpreter.engine import Game
from run_effect import run_effect

GAME = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "cansaco")


def test_copy_faction_has_its_own_pieces_zones_and_rules():
    g = rulesdsl.load(GAME)
    assert "vermelhos.soldado" in g.piece_kinds and "vermelhos" in g.factions
    game = Game(g, ["azuis", "vermelhos"], seed=1)
    assert game.s.piece_zones["vermelhos.cocheira"] == {"cavalo": 1}
    assert game.s.count("a", "vermelhos.bandeira") == 1


def test_status_verbs_filters_and_guarded_options():
    g = rulesdsl.load(GAME)
    game = Game(g, ["azuis", "vermelhos"], seed=1)
    # first option (guarded: a rested horse exists) tires the horse and scores
    assert game.legal_ids() == ["0", "1"]
    game.apply_id("0")
    s = game.s
    assert s.zone_split("azuis.cocheira", "cavalo") == {g.status_bit("cansado"): 1}
    assert s.counters["azuis:pontos"] == 1
    assert s.counters["azuis:amizade@vermelhos"] == 1                 # counter per faction
    # red's turn (it has its own horse), then blue again: only the unguarded option is left
    assert game.s.active == "vermelhos" and game.pending.options == [0, 1]
    game.apply(0)
    # blue's only option left (its horse is tired) was forced: it rested the horse
    # (and red's too, in its next turn): blue is offered both options again
    assert game.s.active == "azuis" and game.pending.options == [0, 1]
    assert game.s.zone_split("azuis.cocheira", "cavalo") == {0: 1}
    assert game.s.counters["azuis:pontos"] == 1


def test_irremovable_piece_and_replaced_hits():
    g = rulesdsl.load(GAME)
    game = Game(g, ["azuis", "vermelhos"], seed=1)
    run_effect(game, "remova todas as peças inimigas de Campo Alto", "vermelhos")
    assert game.s.count("a", "azuis.bandeira") == 1                    # removível: não
    assert game.s.count("a", "azuis.soldado") == 0
    run_effect(game, "cause 2 danos às peças de azuis em Campo Alto", "vermelhos")    # hits tire horses instead
    assert game.s.zone_split("azuis.cocheira", "cavalo") == {g.status_bit("cansado"): 1}
