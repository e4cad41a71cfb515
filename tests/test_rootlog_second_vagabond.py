"""The second Vagabond's items in r1g3 (winter_tournament_r1g3, `Pool: CDVAG`): a damage the
record does not write is refused unless its owner battles in the lines matched
(rulesdsl/rootlog/item_damage.py; docs/rootlog.md «O segundo Malandro em r1g3»).

The trace of r1g3 up to l. 47 found every refused damage of the second Vagabond (G) in the
search's branches where someone battles G although no line says so: at l. 36 the Vagabond (V)
fights G in clearing 9, at l. 38 the Duchy's `XV12` is tried as a battle in clearing 9, where G
also stands. Without the rule the search took the first of those at l. 36; these tests keep
the record's letters apart: a battle written against `V` is no battle of `G`."""
from rulesdsl.rootlog import item_damage

from test_rootlog_vagabond import _replayer  # the record's lines built, with no game

G_BOOT = (("it", "G", "d"), "bota")
V_TEA = (("it", "V", "d"), "cha")

# r1g3 l. 36, 38 and 34, cut down: the Vagabond's line has no battle; the Duchy battles the
# Vagabond (`XV12`) and writes his damage; the Marquise battles the second Vagabond and
# writes none
R1G3 = ("D: d\nC: c\nV: v\nG: g\n"
        "D:t->3\nC:w->1\nV:p->10\nG:p->9\n"
        "V:%f+%r+%h->r/p->9/%h->e/%f->e/%r->e/#->V\n"
        "D:3w10->12/XV12/(2%f+%r+%h)V$->d\n"
        "C:XG1/w1->\n")


def _open(rp, *blocks):
    return [[at, at.n] for bi in blocks for at in rp.atoms[bi]]


def test_the_vagabonds_line_without_a_battle_damages_no_item_of_the_second_vagabond(mapping):
    """l. 36 `V:%f+%r+%h->r/p->9/...` with the Duchy's l. 38 next. Position: the engine's
    Vagabond fights the second Vagabond in 9 and damages his boots. Result: the damage is not
    the record's (no line battles G), even at the turn's end, where the next line's battle
    against V counts."""
    rp = _replayer(mapping, R1G3)
    assert not rp._unrecorded_ok(G_BOOT, 1, _open(rp, 1), {1})
    assert not rp._unrecorded_ok(G_BOOT, 1, _open(rp, 1, 2), {1, 2})


def test_a_battle_written_against_the_vagabond_is_not_one_against_the_second(mapping):
    """l. 38 `D:...XV12/(2%f+%r+%h)V$->d`. Position: the Duchy's battle damages an item of
    the second Vagabond, or a tea of the Vagabond the line does not name. Result: neither
    passes: `V` names one faction (G is the second Vagabond's letter), and the line writes
    the Vagabond's damage, so another item of his is not left out."""
    rp = _replayer(mapping, R1G3)
    assert item_damage.battles_owner(rp, "V", {2}) and not item_damage.battles_owner(rp, "G", {2})
    assert not rp._unrecorded_ok(G_BOOT, 1, _open(rp, 2), {2})
    assert not rp._unrecorded_ok(V_TEA, 1, _open(rp, 2), {2})


def test_a_battle_against_the_second_vagabond_may_leave_his_damage_unwritten(mapping):
    """l. 34 cut down, `C:XG1/w1->` with no damage written. Result: the hits on the second
    Vagabond may damage his items unrecorded, as for the first (9.2.7)."""
    rp = _replayer(mapping, R1G3)
    assert item_damage.battles_owner(rp, "G", {3})
    assert rp._unrecorded_ok(G_BOOT, 1, _open(rp, 3), {3})
