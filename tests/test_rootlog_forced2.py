"""r1g3's forced ends (docs/rootlog.md «Fins forçados em r1g3, r1g2 e r2g4»): a card given from
one hand to another is written, so a step that gives one the line writes only as a card out of
the giver's hand is not the line's (rulesdsl/rootlog/hand_gifts.py)."""
from rulesdsl.rootlog import hand_gifts

# r1g3 l. 31 (the Vagabond's turn): the bag crafted (`Z%b`, a card out of its hand), a fox card
# discarded to open the path 5_9; no card goes to the Marquise
L31 = "V:%r+%h->r/p->9/%r->e/%f9->$/++/%h->e/Z%b/++/%f->e/F#domV->/5_9->/++/%f->e/p->1/#->V\n"
HEAD = "C: a\nV: b\n\nC:t_k->1\nV:#thief->$/p->10_11_12\n\n"  # players, then the setup
V_HAND, C_HAND = "malandro:mao", "marqueses:mao"


def _replayer(mapping, line):
    from rulesdsl.rootlog.notation import parse
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer.__new__(Replayer)
    rp.rec, rp.mp, rp.actions, rp.atoms = parse(HEAD + line), mapping, [], []
    rp._build()
    rp.tolerant, rp.corrections = True, []
    rp.hands = {V_HAND, C_HAND}
    rp.board_of, rp.play_areas = {}, ()
    bi = len(rp.blocks) - 1
    return rp, bi


class _Game:
    """Only what the check reads: the zones' card instances."""

    def __init__(self, zones):
        self.s = type("S", (), {"zones": zones})()


def _step(rp, bi, before, after):
    """The line's open changes, the step's changes and what consuming them leaves (None: the
    matcher refuses the step on its own)."""
    left = [[at, at.n] for at in rp.atoms[bi]]
    diff = {("zone", z): len(after[z]) - len(before[z]) for z in before if len(after[z]) != len(before[z])}
    return left, diff, rp.consume(left, diff, {bi})


def test_an_aid_is_not_the_craft_the_line_writes(mapping):
    """r1g3 l. 31. Position: the Vagabond holds cards 22 and 9, the Marquise card 2. The engine's
    step: an Aid (9.5.4) gives card 22 to the Marquise. The matcher alone takes it: one card
    out of the Vagabond's hand is the craft's `Z%b`, one into the Marquise's an unwritten draw.
    Result: the step is refused — the record writes a gift from hand to hand (`#V->C`), and
    this line writes none."""
    rp, bi = _replayer(mapping, L31)
    before = {V_HAND: [22, 9], C_HAND: [2]}
    after = {V_HAND: [9], C_HAND: [2, 22]}
    left, diff, new = _step(rp, bi, before, after)
    assert new is not None               # what the matcher's sizes alone would accept
    assert hand_gifts.unwritten(rp, _Game(before), _Game(after), diff, left, new) is True


def test_an_aid_the_line_writes_is_taken(mapping):
    """Position: as above. Record: the same turn with the Aid written (`#V->C`). Result: the
    step is the line's."""
    rp, bi = _replayer(mapping, "V:p->9/%h->e/#V->C/$_C->1/++/#->V\n")
    before = {V_HAND: [22, 9], C_HAND: [2]}
    after = {V_HAND: [9], C_HAND: [2, 22]}
    left, diff, new = _step(rp, bi, before, after)
    assert new is not None
    assert hand_gifts.unwritten(rp, _Game(before), _Game(after), diff, left, new) is False


def test_a_card_taken_that_no_written_change_counts_is_let_through(mapping):
    """Position: as above. The step: a card taken from the Marquise's hand into the Vagabond's
    (a Swap Meet, `Zswap`, whose exchange the records leave out). Record: l. 31, which writes no
    change of the Marquise's hand. Result: let through as before (neither end is written)."""
    rp, bi = _replayer(mapping, L31)
    before = {V_HAND: [22, 9], C_HAND: [2]}
    after = {V_HAND: [22, 9, 2], C_HAND: []}
    left, diff, new = _step(rp, bi, before, after)
    assert new is not None
    assert hand_gifts.unwritten(rp, _Game(before), _Game(after), diff, left, new) is False
