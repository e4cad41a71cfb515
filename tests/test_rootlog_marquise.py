"""The Marquise in the real games (docs/rootlog.md «Os Marqueses no registro»): the
transcriber's own words flag a line's mistake."""
from types import SimpleNamespace as NS


def _rp():
    return NS(tolerant=True, blocks=[("marqueses", None)] * 3, battle_places=[],
              g=NS(piece_kinds={}), corrections=[], rec=NS(comments=[]), mp=NS(start_hand=None),
              _overdraws=[], _repairs=[], _supply_short=[])


def test_the_transcriber_flags_the_overpaid_workshop_and_the_missing_bird():
    """r2g4 l. 30: the workshop destroyed in l. 25 (`Cb_w5->`) is back on its track, so the
    next one costs no wood (6.5.4), and the transcriber writes "Overpaid for the first Workshop
    (0 Wood)"; l. 50: five actions with one bird card spent (6.5: three, plus one per bird),
    "Did I miss a Bird spend?". Both comments name the players' (or the record's) mistake on
    their line: its corrections are `players_mistake`, not `unexplained`."""
    from rulesdsl.rootlog import repair
    comments = [(30, "Overpaid for the first Workshop (0 Wood)."),
                (50, "I count 5 actions, and only 1 Bird spent: Build, Battle, Move, Build, "
                     "Battle. Did I miss a Bird spend?"),
                (12, "Staking out the bottom left corner.")]
    rp = _rp()
    rp.rec.comments = comments
    assert repair.classify(rp, 30, "w->10+6+1") == repair.PLAYERS
    assert repair.classify(rp, 50, "Ot_r5->") == repair.PLAYERS
    assert repair.classify(rp, 12, "w->4+8+9") == repair.UNEXPLAINED
