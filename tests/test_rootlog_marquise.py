"""The Marquise in the real games (docs/rootlog.md «Os Marqueses no registro»): a build's cost
the line does not write (unpaid_cost.py)."""
from types import SimpleNamespace as NS

from rulesdsl.rootlog.expected import Atom
from rulesdsl.rootlog.unpaid_cost import UNPAID_COST, accept, settle

WOOD = frozenset({"marqueses.madeira"})
RECRUITER = frozenset({"marqueses.recrutador"})
WARRIOR = frozenset({"marqueses.guerreiro"})
OWNERS = {"marqueses.madeira": "marqueses", "marqueses.recrutador": "marqueses",
          "marqueses.guerreiro": "marqueses", "rapinas.guerreiro": "rapinas"}
SLOTS = {"marqueses.recrutador"}         # the buildings take a slot (`ocupa: locais`)


def _consume(left, diff, blocks):
    """The matcher's consumption, reduced to what these lines need: each change taken from
    the atoms of its place and kind, earliest first; None when one is left over."""
    left = [list(x) for x in left]
    for key, d in diff.items():
        need, sign = abs(d), (1 if d > 0 else -1)
        for x in left:
            at = x[0]
            same = at.place == key if key[0] == "pv" else (at.place == key[0] and key[1] in (at.kinds or ()))
            if need and x[1] and at.sign == sign and same and at.turn in blocks:
                k = min(x[1], need)
                x[1] -= k
                need -= k
        if need:
            return None
    return left


def _rp(tolerant=True, battles=()):
    return NS(tolerant=tolerant, blocks=[("marqueses", None)] * 3, battle_places=list(battles),
              g=NS(piece_kinds={k: NS(owner=f, occupies="locais" if k in SLOTS else None)
                                for k, f in OWNERS.items()}), consume=_consume,
              corrections=[], rec=NS(comments=[]), mp=NS(start_hand=None),
              _overdraws=[], _repairs=[], _supply_short=[])


def _line20():
    """r2g4 l. 20 after Birdsong's wood (`t->2`, made): `b_r->6` (1), `++` (2), `w->6+10` (3)."""
    return [[Atom("c2", WOOD, 1, 1, 0, 2), 0], [Atom("c6", RECRUITER, 1, 1, 1, 2), 1],
            [Atom(("pv", "marqueses"), None, 1, 1, 2, 2), 1],
            [Atom("c6", WARRIOR, 1, 1, 3, 2), 1], [Atom("c10", WARRIOR, 1, 1, 3, 2), 1]]


def test_a_build_paid_with_wood_the_line_puts_but_never_spends_is_accepted_and_reported():
    """The Marquise builds a recruiter in 6 (6.5.4: one wood, from clearing 2, connected through
    her clearings) and scores; the line wrote the wood put in 2 and never `t2->`. The step is
    accepted, the recruiter and the point consumed, and the line's settling reports the build
    as `log_unpaid_cost`, without an edit (the engine's wood, spent by the Law, stays spent)."""
    rp, left = _rp(), _line20()
    diff = {("c2", "marqueses.madeira"): -1, ("c6", "marqueses.recrutador"): 1, ("pv", "marqueses"): 1}
    assert _consume(left, diff, {2}) is None                  # the plain matcher refuses it
    out = accept(rp, left, diff, 2, NS(history=[None] * 9))
    assert out is not None
    assert [rem for _, rem in out[:5]] == [0, 0, 0, 1, 1]     # recruiter and point made
    rp.actions = {1: (5, NS(line=20, faction="C"), NS(raw="b_r->6"))}
    rest = settle(rp, out, 2)
    assert len(rest) == len(left)                             # the marker is gone
    [c] = rp.corrections
    assert (c.line, c.raw, c.klass, c.edits, c.pos, c.action) == (20, "b_r->6", UNPAID_COST, [], 9, 1)


def test_the_cost_alone_is_followed_until_the_building_comes():
    """A build whose wood is chosen first (one decision), the building placed at the next:
    the step that has only removed the wood is followed, consuming nothing, while the line
    still has a building to place."""
    rp, left = _rp(), _line20()
    out = accept(rp, left, {("c2", "marqueses.madeira"): -1}, 2, NS(history=[]))
    assert out == left
    # a line that builds nothing (r1g2 l. 44: wood put, never spent): not followed
    nothing = [x for x in _line20() if x[0].action != 1]
    assert accept(rp, nothing, {("c2", "marqueses.madeira"): -1}, 2, NS(history=[])) is None


def test_no_unpaid_cost_when_the_line_spends_there_battles_there_or_builds_nothing():
    """The same step is an ordinary mismatch when the line writes wood taken from 2 (then the
    matcher's own netting owns it), in a strict replay, where the line battles in 2, or when
    the step places nothing of the Marquise's that the line writes (only the point)."""
    diff = {("c2", "marqueses.madeira"): -1, ("c6", "marqueses.recrutador"): 1, ("pv", "marqueses"): 1}
    left = _line20() + [[Atom("c2", WOOD, -1, 1, 4, 2), 1]]
    assert accept(_rp(), left, diff, 2, NS(history=[])) is None
    assert accept(_rp(tolerant=False), _line20(), diff, 2, NS(history=[])) is None
    assert accept(_rp(battles=["c2"]), _line20(), diff, 2, NS(history=[])) is None
    scored = {("c2", "marqueses.madeira"): -1, ("pv", "marqueses"): 1}
    assert accept(_rp(), _line20(), scored, 2, NS(history=[])) is None
    # another faction's piece removed from 2 is never the Marquise's cost
    other = _line20() + [[Atom("c2", frozenset({"rapinas.guerreiro"}), 1, 1, 5, 2), 0]]
    assert accept(_rp(), other, {("c2", "rapinas.guerreiro"): -1, ("c6", "marqueses.recrutador"): 1},
                  2, NS(history=[])) is None


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
