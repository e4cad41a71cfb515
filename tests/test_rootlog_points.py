"""Points a turn ended by force scores that no line writes (rulesdsl/rootlog/forced_points.py).

r1g3 (2020_11_26_winter_tournament_r1g3) l. 44: the Marquise's line is matched to its end, but
its end does not match the next line's start; the turn is ended by force, and at the end of
the Marquise's Evening they rule the Pass (clearing 10 of the Mountain map) and the Tower
scores its point (C.3.4), which no line writes. Here the same on a short record: the
Marquise's first turn on the Mountain map, ruling clearing 10 from the setup."""

from rulesdsl.rootlog.notation import parse

MOUNTAIN = ("Map: Mountain\nDeck: Standard\nC: Edu\nE: Billy\n"
            "C:t_k->1/w->1+2+4+5+6+7+8+9+10+11+12/b_s+b_w->1/b_r->9\nE:b+6w->3\n"
            "C:t->1/#->C\n"
            "E:#->E\n")


def _replayer(root_def, mapping, text=MOUNTAIN):
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(text), mapping, tolerant=True)
    rp.corrections = []
    return rp


def _marquise_turn(rp):
    """The game at the Marquise's first Birdsong (the setup lines made by a forced end each)."""
    game = rp.new_game()
    while game.s.active != "marqueses" or game.s.turn_no == 0:
        game = rp._end_turn(game)
    return game


def test_the_towers_point_is_traced_to_its_rule(root_def, mapping):
    """A forced end of the Marquise's turn: the Tower scores 1 at the end of their Evening
    (a trigger, C.3.4): the only point the end scores."""
    from rulesdsl.rootlog import forced_points
    rp = _replayer(root_def, mapping)
    game = _marquise_turn(rp)
    ended = rp._end_turn(game)
    assert ended.scores()["marqueses"] - game.scores()["marqueses"] == 1
    assert forced_points.scored(rp, game, ended) == [("marqueses", 1, "C.3.4", "trigger")]


def test_a_point_no_line_writes_is_corrected_away(root_def, mapping):
    """Line `C:t->1/#->C` writes no `++`: the Tower's point is corrected away, one correction
    of class unrecorded_points naming C.3.4; the engine's score is the record's."""
    from rulesdsl.rootlog import forced_points
    rp = _replayer(root_def, mapping)
    game = _marquise_turn(rp)
    ended = rp._end_turn(game)
    forced_points.settle(rp, game, ended, [], 1, 2)
    assert ended.scores()["marqueses"] == game.scores()["marqueses"]
    (c,) = rp.corrections
    assert (c.line, c.klass, c.edits, c.explain_laws) == (7, "unrecorded_points", [["vp", "marqueses", -1]], ["C.3.4"])
    assert "C.3.4" in c.explain
    from rulesdsl.errors import format_message
    es = format_message("RLR.points_forced_rule", "es", {"n": 1, "law": "C.3.4"})
    assert "final forzado" in es and "C.3.4" in es


def test_the_towers_point_does_not_pay_a_point_the_line_wrote_before_its_end(root_def, mapping):
    """r1g3 l. 43/49: the line owes a `++` written before its last action (a building's, a
    minister's); the Tower's point at the end is not that one: the owed point is made by a
    correction and the Tower's is corrected away."""
    from rulesdsl.rootlog import forced_points
    from rulesdsl.rootlog.expected import Atom
    rp = _replayer(root_def, mapping, MOUNTAIN.replace("C:t->1/#->C", "C:t->1/++/#->C"))
    game = _marquise_turn(rp)
    ended = rp._end_turn(game)
    plus = next(ai for ai, (b, _, a) in enumerate(rp.actions) if b == 1 and a.kind == "score")
    owed = [(Atom(("pv", "marqueses"), None, 1, 1, plus, 1), 1)]
    forced_points.settle(rp, game, ended, owed, 1, 2)
    assert ended.scores()["marqueses"] == game.scores()["marqueses"] + 1       # the line's `++`
    assert sorted(c.klass for c in rp.corrections) == ["unexplained", "unrecorded_points"]


def test_the_towers_point_pays_the_lines_last_point(root_def, mapping):
    """r1g3 l. 23 `...#->D/++`: a `++` written last, after the draw, is the turn's end's: the
    Tower's point pays it, nothing is corrected."""
    from rulesdsl.rootlog import forced_points
    from rulesdsl.rootlog.expected import Atom
    rp = _replayer(root_def, mapping, MOUNTAIN.replace("C:t->1/#->C", "C:t->1/#->C/++"))
    game = _marquise_turn(rp)
    ended = rp._end_turn(game)
    plus = next(ai for ai, (b, _, a) in enumerate(rp.actions) if b == 1 and a.kind == "score")
    owed = [(Atom(("pv", "marqueses"), None, 1, 1, plus, 1), 1)]
    forced_points.settle(rp, game, ended, owed, 1, 2)
    assert ended.scores()["marqueses"] == game.scores()["marqueses"] + 1
    assert rp.corrections == []


def test_a_point_the_line_writes_in_all_is_kept(root_def, mapping):
    """r1g3 l. 38 `...#->D/++`: the line writes the Tower's point last, but the matcher took
    that `++` before the end (nothing owed); the forced end's Tower point is the line's after
    all: over the whole line the engine scores what the line writes, nothing is corrected."""
    from rulesdsl.rootlog import forced_points
    rp = _replayer(root_def, mapping, MOUNTAIN.replace("C:t->1/#->C", "C:t->1/#->C/++"))
    game = _marquise_turn(rp)
    ended = rp._end_turn(game)
    forced_points.settle(rp, game, ended, [], 1, 2, start=game)
    assert ended.scores()["marqueses"] == game.scores()["marqueses"] + 1
    assert rp.corrections == []


def test_what_the_end_loses_is_not_paid_out(root_def, mapping):
    """r1g2, orderly: an Eyrie's turmoil (7.7) in a forced end loses points before its Evening
    scores; the line's owed points are paid from the end's net gain, not from its gains alone.
    Here the end's Tower point is lost again (a loss of 1 in the same end): the line's last
    `++` is not paid by it and is made by a correction."""
    from rulesdsl.rootlog import forced_points
    from rulesdsl.rootlog.expected import Atom
    rp = _replayer(root_def, mapping, MOUNTAIN.replace("C:t->1/#->C", "C:t->1/#->C/++"))
    game = _marquise_turn(rp)
    ended = rp._end_turn(game)
    ended.s.add(ended.g.counter_key(ended.g.score, "marqueses"), -1)
    plus = next(ai for ai, (b, _, a) in enumerate(rp.actions) if b == 1 and a.kind == "score")
    owed = [(Atom(("pv", "marqueses"), None, 1, 1, plus, 1), 1)]
    forced_points.settle(rp, game, ended, owed, 1, 2)
    assert ended.scores()["marqueses"] == game.scores()["marqueses"] + 1
    assert [c.edits for c in rp.corrections] == [[["vp", "marqueses", 1]]]


def test_a_point_the_records_winner_needs_is_kept(root_def, mapping):
    """mega: the record names the Vagabond winner (`Winner: V`) with 29 written points; the
    victory asks 30 (3.1). A forced-end point no line writes is then the record's omission:
    here the Marquise, named winner with no written point, keeps the Tower's point."""
    from rulesdsl.rootlog import forced_points
    rp = _replayer(root_def, mapping, MOUNTAIN + "Winner: C\n")
    assert rp.rec.winner == "C"
    game = _marquise_turn(rp)
    ended = rp._end_turn(game)
    forced_points.settle(rp, game, ended, [], 1, 2, start=game)
    assert ended.scores()["marqueses"] == game.scores()["marqueses"] + 1
    assert rp.corrections == []


def test_a_loss_the_line_writes_and_the_end_makes_is_not_made_twice(root_def, mapping):
    """r1g5 l. 69 (`E:Ztun/F#E->$_m/$_->/--2/...`): the line's `--` is still owed when its
    turn is ended by force, and the end itself makes the loss (the turmoil, 7.7). Here the
    end nets one point lost (its Tower point, then two lost): the line's `--` is paid by it,
    and no correction takes the point a second time."""
    from rulesdsl.rootlog import forced_points
    from rulesdsl.rootlog.expected import Atom
    rp = _replayer(root_def, mapping, MOUNTAIN.replace("C:t->1/#->C", "C:t->1/--/#->C"))
    game = _marquise_turn(rp)
    game.s.add(game.g.counter_key(game.g.score, "marqueses"), 3)
    ended = rp._end_turn(game)
    ended.s.add(ended.g.counter_key(ended.g.score, "marqueses"), -2)
    minus = next(ai for ai, (b, _, a) in enumerate(rp.actions) if b == 1 and a.kind == "score")
    owed = [(Atom(("pv", "marqueses"), None, -1, 1, minus, 1), 1)]
    forced_points.settle(rp, game, ended, owed, 1, 2)
    assert ended.scores()["marqueses"] == game.scores()["marqueses"] - 1
    assert rp.corrections == []
