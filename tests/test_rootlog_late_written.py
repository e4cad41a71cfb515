"""An action written after one of a later phase (rulesdsl/rootlog/late_written.py).

after_dark (2020_12_05_after_dark_special) l. 53 writes the Alliance's Mobilize (8.5.2,
Daylight) between two moves of its Military Operations (8.6.1, Evening):
`A:...++4/2w9->4/4#A->$/w4->10/...`. The search makes the first move by ending the Daylight, and
Mobilize is no longer offered. When the line fails there and the engine says the action is
possible this turn but not offered at the decision reached (why.py `not_here`), the line is
matched again with the late action's changes before the one written just before it.

The engine's verdict on the action is why.py's (its own tests); here the reading of the line:
a position reached with the move made and the Mobilize open, the verdict given, and the way
there: the Alliance's first turn on the engine, its Daylight menu (Mobilize offered) passed."""

from rulesdsl.rootlog.notation import parse

RECORD = ("Map: Winter\nDeck: E&P\n"
          "Clearings: R1, F2, R3, F4, R5, M6, M7, F8, M9, M10, R11, F12\n"
          "O: Drew\nD: Guerric\nP: Lily\nA: Neva\n"
          "A:3#->$\nO:4w->12/3w->$/$_->2\nD:2w+t->4/2w->9+10+11\nP:w->2+3+6\n"
          "A:++/2w9->4/4#A->$/w4->10\n"
          "P:#->P\n")


def _line(root_def, mapping, verdict="not_here"):
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(RECORD), mapping, tolerant=True)
    rp._explain = lambda game, atom: {"actions": [{"action": "alianca.mobilizar", "why": verdict}]}
    bi = next(i for i, (fid, _) in enumerate(rp.blocks) if fid == "alianca" and i > 0)
    acts = [ai for ai, (b, _, _) in enumerate(rp.actions) if b == bi]
    left = [[at, at.n] for at in rp.atoms[bi]]
    return rp, bi, acts, left


def _turn(rp):
    """(the game at the Alliance's first Birdsong, the game once its Birdsong and Daylight
    menus are ended: the Daylight menu offered Mobilize on the way)."""
    game = rp.new_game()
    while game.s.active != "alianca" or game.s.turn_no == 0:
        game = rp._end_turn(game)
    deep = game.clone()
    while deep.s.active == "alianca":
        deep.apply(deep.legal_ids().index("fim"))
    return game, deep


def _reached(left, made):
    """The position reached: the actions `made` done, the rest open."""
    return [[at, 0 if at.action in made else rem] for at, rem in left]


def _order(left, bi):
    out = []
    for at, _ in left:
        if at.turn == bi and at.action not in out:
            out.append(at.action)
    return out


def test_the_late_action_is_tried_before_the_one_written_before_it(root_def, mapping):
    """The point and the move made, Mobilize open and possible but not offered: the line is
    matched again with Mobilize before the move (the point stays first)."""
    from rulesdsl.rootlog.late_written import reorder
    rp, bi, (pt, move, mob, move2), left = _line(root_def, mapping)
    tried = set()
    new = reorder(rp, *_turn(rp), _reached(left, {pt, move}), left, bi, tried)
    assert _order(new, bi) == [pt, mob, move, move2]
    assert sorted(map(id, new)) == sorted(map(id, left))      # the same changes, none left out
    assert tried == {mob}
    assert reorder(rp, *_turn(rp), _reached(left, {pt, move}), left, bi, tried) is None   # once per action


def test_not_tried_when_the_action_before_it_is_not_made(root_def, mapping):
    """The move itself still open: the failure is not one of order."""
    from rulesdsl.rootlog.late_written import reorder
    rp, bi, (pt, move, mob, move2), left = _line(root_def, mapping)
    assert reorder(rp, *_turn(rp), _reached(left, {pt}), left, bi, set()) is None


def test_not_tried_when_the_engine_would_not_allow_it_this_turn(root_def, mapping):
    """The engine says Mobilize's requirement fails (no card in the hand): no new order."""
    from rulesdsl.rootlog.late_written import reorder
    rp, bi, (pt, move, mob, move2), left = _line(root_def, mapping, verdict="requires")
    assert reorder(rp, *_turn(rp), _reached(left, {pt, move}), left, bi, set()) is None


def test_not_tried_for_the_lines_first_action(root_def, mapping):
    """Only a point before the open action: nothing written before it to go ahead of."""
    from rulesdsl.rootlog.late_written import reorder
    rp, bi, (pt, move, mob, move2), left = _line(root_def, mapping)
    assert reorder(rp, *_turn(rp), _reached(left, set()), left, bi, set()) is None


def test_the_way_must_have_offered_the_action(root_def, mapping):
    """The Daylight menu that offered Mobilize is on the way from the Birdsong to the end of
    the turn; from the Birdsong to that menu itself it is not (nothing was left behind)."""
    from rulesdsl.rootlog.late_written import passed
    rp, bi, _, _ = _line(root_def, mapping)
    start, deep = _turn(rp)
    assert passed(start, deep, {"alianca.mobilizar"})
    assert not passed(start, deep, {"alianca.treinar"})
    at_daylight = start.clone()
    while at_daylight.s.phase != "dia":
        at_daylight.apply(at_daylight.legal_ids().index("fim"))
    assert "alianca.mobilizar" in at_daylight.legal_ids()
    assert not passed(start, at_daylight, {"alianca.mobilizar"})
