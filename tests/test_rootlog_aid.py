"""The Aid's point and the Vagabonds, second part (docs/rootlog.md «O ponto da ajuda e os
Malandros, segunda parte»).

mega_exploding_birds l. 37 (`V:...#V->P/$_P->1/++/2#->V`): the engine cannot aid the Corvids
there, so the line's `++` is the first action left open; its correction waits for the line's
end (an optional stand-in, replay.py `_stand_in`, which takes any point the engine scores
meanwhile). Then `#V->P` is corrected, nothing of the line is left open, and its end still does
not reach the next line (the Vagabond's Evening removes an item, 9.6.4): the turn is ended by
force. The stand-in's point was made nowhere on that path, and the Vagabond ended one point
short: 29, and no winner where the record names him. Here the same path on a short record."""

from rulesdsl.rootlog.notation import parse

# the Eyrie's first turn on the Mountain map: its line writes a point and nothing the engine
# can play (its decree must recruit, 7.4.2, and the line puts no warrior); the Marquise's line
# after it gives the Eyrie's line a next one
RECORD = ("Map: Mountain\nDeck: Standard\nC: Edu\nE: Billy\n"
          "C:t_k->1/w->1+2+4+5+6+7+8+9+10+11+12/b_s+b_w->1/b_r->9\nE:b+6w->3\n"
          "C:t->1/#->C\n"
          "E:++\n"
          "C:t->1/#->C\n")


def test_a_point_waiting_for_the_lines_end_is_made_when_the_turn_is_ended_by_force(root_def, mapping):
    """Position: the Eyrie's line `E:++` (l. 8), the point the first action the engine does
    not make, the turn then ended by force. Result: the written point is made by a correction
    at that line (the Eyrie ends with the record's 1 point, not 0), and the line's action is
    not counted as matched."""
    from rulesdsl.rootlog.replay import Replayer
    res = Replayer(root_def, parse(RECORD), mapping, tolerant=True).run()
    assert res.stop is None and (8, "*") in res.skipped
    assert res.scores["rapinas"] == 1
    made = [c for c in res.corrections if c.line == 8 and c.edits == [["vp", "rapinas", 1]]]
    assert len(made) == 1 and made[0].klass == "unexplained"
