"""Where a line's first unmatched action is corrected (correct_at.py): where the line writes
it, not at the furthest position the search reached, past steps decided before the correction
existed (winter_tournament_r1g3 l. 31: the bag corrected after the Evening had counted the
satchel, 9.6.4, cost the Vagabond the boot it had just explored)."""
from rulesdsl.rootlog.notation import parse

# Mountain, the Marquise's second turn: one recruiter built in the first (two on the map), then
# a third one the engine cannot build (2 wood, 6.5.4; one on the map) and the Evening's draw
# the third recruiter uncovers (6.6: 1 + 1 card); the Eyrie's turns are ended by force
RECORD = ("Map: Mountain\nDeck: Standard\nC: Edu\nE: Billy\n"
          "C:t_k->1/w->1+2+4+5+6+7+8+9+10+11+12/b_s+b_w->1/b_r->9\nE:b+6w->3\n"
          "C:t->1/t1->/b_r->2/++/#->C\n"
          "E:++\n"
          "C:t->1/b_r->4/++2/2#->C\n"
          "E:++\n")
LINE = 9


def _replay(root_def, mapping):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(RECORD), mapping, tolerant=True).run()


def test_the_recruiter_is_corrected_before_the_evening_draws(root_def, mapping):
    """Position: l. 9, the third recruiter `b_r->4` unbuildable. Choice: the correction at the
    first position where the line's earlier actions are made (after the wood, `t->1`). Result:
    the recruiter stands when the Evening counts the uncovered draws, the engine draws the
    record's two cards (`2#->C` needs no correction)."""
    res = _replay(root_def, mapping)
    at_line = [c for c in res.corrections if c.line == LINE]
    assert [c.raw for c in at_line if c.raw == "b_r->4"] == ["b_r->4"]
    assert not any(c.raw == "2#->C" for c in at_line)


def test_at_the_furthest_position_the_draw_is_short(root_def, mapping, monkeypatch):
    """The same line corrected at the furthest position (the rule off): the search had gone
    through the Evening, which drew one card with two recruiters on the map; the recruiter
    corrected after it leaves the record's second card to another correction."""
    from rulesdsl.rootlog import correct_at
    monkeypatch.setattr(correct_at, "position", lambda steps, deep, first, bi: deep)
    res = _replay(root_def, mapping)
    at_line = [c for c in res.corrections if c.line == LINE]
    assert any(c.raw == "2#->C" for c in at_line)


def test_a_path_that_did_not_reach_the_furthest_position_is_not_used():
    """The steps kept are another search's (their last position is not the furthest one):
    the furthest position is kept."""
    from rulesdsl.rootlog import correct_at
    deep = (object(), [])
    steps = ((object(), []), {(): [(object(), [], False)]}, (0,))
    assert correct_at.position(steps, deep, 0, 1) is deep
    assert correct_at.position(None, deep, 0, 1) is deep
