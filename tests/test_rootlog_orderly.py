"""A step that closes the line but for a card the record writes into the wrong zone
(card_zone.py), and a correction's piece placed by the open choice that places it
(open_choice.py): docs/rootlog.md «Passos que completam a linha e escolhas depois de uma
correção»."""
from types import SimpleNamespace as NS

from rulesdsl.rootlog.card_zone import CARD_ZONE, accept, settle
from rulesdsl.rootlog.expected import Atom
from rulesdsl.rootlog.open_choice import route

HAND, SUPPORTERS = "alianca:mao", "alianca.apoiadores"
SYMPATHY = frozenset({"alianca.simpatia"})
ROOST = frozenset({"rapinas.ninho"})


def _rp():
    return NS(mp=NS(hand=lambda f: f"{f}:mao", factions={"A": "alianca", "E": "rapinas"},
                    faction=lambda x: {"A": "alianca", "E": "rapinas"}[x]),
              rec=NS(players=["A", "E"]), board_of={SUPPORTERS: "A"}, corrections=[],
              tolerant=True)


def _line28():
    """orderly l. 28 after the dice: `At2->` (0), `#->A` (1), `++2` (2), `b->11` (3)."""
    return [[Atom("c2", SYMPATHY, -1, 1, 0, 5), 1], [Atom(("zone", HAND), None, 1, 1, 1, 5), 1],
            [Atom(("pv", "rapinas"), None, 1, 2, 2, 5), 2], [Atom("c11", ROOST, 1, 1, 3, 5), 1]]


def test_outrage_card_in_the_supporters_closes_the_line_and_the_hand_card_is_reported():
    """The Eyrie removes a sympathy token in 2; Outrage (8.2.6) puts a card into the Alliance's
    supporters, and the same step goes on to the Despot's points and the roost in 11. The record
    writes the card into the Alliance's hand (`#->A`): the step is accepted, the hand's card
    closed and kept by a marker, and the line's settling reports it, without an edit."""
    rp, left = _rp(), _line28()
    new = [[at, 0] for at, _ in left]
    new[1][1] = 1                                        # the hand's card: not made
    diff = {("c2", "alianca.simpatia"): -1, ("zone", SUPPORTERS): 1, ("pv", "rapinas"): 2,
            ("c11", "rapinas.ninho"): 1}
    rp.tolerant = False                                  # a strict replay stops at the error
    assert accept(rp, left, [list(x) for x in new], diff, 5, NS(history=[None] * 7)) is None
    rp.tolerant = True
    out = accept(rp, left, new, diff, 5, NS(history=[None] * 7))
    assert out is not None and all(rem == 0 for _, rem in out)
    rp.actions = {1: (5, NS(line=28, faction="E"), NS(raw="#->A"))}
    rp.rec.comments, rp.mp.start_hand = [], None
    import rulesdsl.rootlog.repair as repair
    rp._overdraws, rp._repairs = [], []
    rp._supply_short = []                                # no placement beyond a kind's number
    assert repair.classify(rp, 28, "#->A") == "unexplained"
    rest = settle(rp, None, out, 5)
    assert len(rest) == len(left)                       # the marker is gone
    [c] = rp.corrections
    assert (c.line, c.raw, c.klass, c.edits, c.pos, c.action) == (28, "#->A", CARD_ZONE, [], 7, 1)


def test_no_card_on_the_board_or_nothing_later_made_is_no_misplaced_card():
    """The same line where the step puts no card on the Alliance's board, or where it makes
    nothing the line writes after `#->A`: the open hand card is an ordinary mismatch."""
    rp, left = _rp(), _line28()
    new = [[at, 0] for at, _ in left]
    new[1][1] = 1
    diff = {("c2", "alianca.simpatia"): -1, ("pv", "rapinas"): 2, ("c11", "rapinas.ninho"): 1}
    assert accept(rp, left, new, diff, 5, NS(history=[])) is None
    early = [list(x) for x in left]
    early[0][1] = 0                                     # only `At2->` was open before the step
    early[2][1] = early[3][1] = 0
    assert accept(rp, early, new, {("zone", SUPPORTERS): 1, ("c2", "alianca.simpatia"): -1},
                  5, NS(history=[])) is None
    # a second open change (the roost not made) is not the record's zone error
    new[3][1] = 1
    assert accept(rp, left, new, {**diff, ("zone", SUPPORTERS): 1}, 5, NS(history=[])) is None


class _Build:
    """The Eyrie's Build (7.5.2.IV), choosing the clearing: the chosen one gets a roost and,
    the decree's last action done, the Evening scores the roosts (7.6.1) and the turn ends."""

    def __init__(self, roosts, turn=9, points=10):
        self.roosts, self.turn, self.points = dict(roosts), turn, points
        self.pending = NS(player="rapinas")
        self.s = NS(turn_no=turn)

    def legal_ids(self):
        return ["c5", "c9"]

    def is_terminal(self):
        return False

    def is_chance_node(self):
        return False

    def clone(self):
        g = _Build(self.roosts, self.turn, self.points)
        g.history = list(getattr(self, "history", []))
        return g

    def apply(self, i):
        sp = self.legal_ids()[i]
        self.roosts[sp] = self.roosts.get(sp, 0) + 1
        self.points += [0, 1, 2, 3, 4, 4, 5][sum(self.roosts.values()) - 1]
        self.s.turn_no += 1
        self.pending = NS(player="ducado")


def test_a_correction_that_builds_where_the_build_choice_is_open_takes_the_choice():
    """The line writes `b->5/++3` and the search cannot close it; its deepest position waits on
    the Eyrie's Build choice (5 or 9). The roost is placed by choosing 5, not by an edit beside
    the open choice (which the turn ended by force then built a second time): one roost in 5,
    the Evening's points netted with the line's `++3`, nothing corrected."""
    rp = _rp()
    rp.actions = {7: (9, NS(line=44, faction="E"), NS(raw="b->5")), 8: (9, NS(line=44, faction="E"), NS(raw="++3"))}
    rp.obs = lambda g: {**{(sp, "rapinas.ninho"): n for sp, n in g.roosts.items()}, ("pv", "rapinas"): g.points}
    rp.diff = lambda a, b: {k: b.get(k, 0) - a.get(k, 0) for k in set(a) | set(b) if b.get(k, 0) != a.get(k, 0)}
    rp._auto_chance = lambda g: None
    from rulesdsl.rootlog.search import Search
    rp.try_option = lambda node, i, base: Search.try_option(rp, node, i, base)
    plans = []

    def plan(rp_, game, atoms):
        plans.append(atoms)
        return [["put", at.place, "rapinas.ninho", rem] for at, rem in atoms if at.place == "c5"], 0
    import rulesdsl.rootlog.open_choice as oc
    oc._repair.plan, saved = plan, oc._repair.plan
    corrected, starts = [], []
    rp._correct = lambda g, left, acts, bi, points=True: corrected.append(sorted(acts))
    rp._forced_start_points = lambda before, ended, left, nxt, owed: starts.append(owed)
    try:
        game = _Build({"c8": 1, "c10": 1, "c11": 1})
        left = [[Atom("c5", ROOST, 1, 1, 7, 9), 1], [Atom(("pv", "rapinas"), None, 1, 3, 8, 9), 3]]
        ended, rest = route(rp, game, left, 9, 10, 7, {})
        # a choice whose step does not end the turn is left to the search
        later = _Stay(_Build({"c8": 1}))
        assert route(rp, later, left, 9, 10, 7, {}) is None
    finally:
        oc._repair.plan = saved
    assert ended.roosts == {"c8": 1, "c10": 1, "c11": 1, "c5": 1} and game.roosts.get("c5") is None
    assert ended.points == 13 and all(rem == 0 for _, rem in rest)
    assert corrected == [[]]                     # nothing left to correct


class _Stay(_Build):
    def __init__(self, g):
        super().__init__(g.roosts, g.turn, g.points)

    def clone(self):
        return _Stay(self)

    def apply(self, i):
        self.roosts["c5"] = self.roosts.get("c5", 0) + 1      # the turn goes on
