"""The Vagabonds in the real Rootlog games: the items the tolerant replay lost
(rulesdsl/rootlog/item_damage.py; docs/rootlog.md «Os itens do Malandro»)."""
from rulesdsl.rootlog import forgotten_points, item_damage

DAMAGED_BOOT = (("it", "V", "d"), "bota")
REPAIRED_BOOT = DAMAGED_BOOT
EXHAUSTED_BAG = (("it", "V", "e"), "bolsa")


def _replayer(mapping, text):
    from rulesdsl.rootlog.notation import parse
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer.__new__(Replayer)
    rp.rec, rp.mp, rp.actions, rp.atoms = parse(text), mapping, [], []
    rp._build()
    rp.hands, rp.suit_marker_keys = set(), ()
    return rp


# mega_exploding_birds, l. 27 and l. 29, cut down: the Vagabond exhausts a bag to aid the
# Eyrie (no battle); the Eyrie battles the Riverfolk where the Vagabond stands; then the
# Riverfolk battle the Vagabond and write no damage
MEGA = ("E: e\nV: v\nO: o\n"
        "E:(6w+b)->3\nV:p->8_9_11_12\nO:4w->11\n"
        "V:p->3/%b->s+e/#V->E/$_E->1 //Vagabond forgot to score for aid\n"
        "E:12w3->8/XO3/(Ow+Ot_r+w)3->\n"
        "O:XV3\n")


def _open(rp, bi):
    return [[at, at.n] for at in rp.atoms[bi]]


def test_an_item_damaged_in_a_line_without_a_battle_of_its_owner_is_not_the_records(mapping):
    """mega l. 27 `V:...%b->s+e/#V->E/$_E->1`. Position: the engine's improvised quest (D.7.2)
    exhausts the bag *and damages it*; the line writes no damage and no battle. Result: the
    damage does not pass unrecorded (9.2.7: items are damaged by hits), while the bag's
    exhaustion still may (refreshing and exhausting are often left out, 1.6)."""
    rp = _replayer(mapping, MEGA)
    bi = 1                                          # the Vagabond's line
    assert not rp._unrecorded_ok(DAMAGED_BOOT, 1, _open(rp, bi), {bi})
    assert rp._unrecorded_ok(EXHAUSTED_BAG, 1, _open(rp, bi), {bi})


def test_a_battle_of_another_faction_does_not_damage_the_vagabond_unrecorded(mapping):
    """mega l. 29 `E:12w3->8/XO3/...`: the Eyrie battles the Riverfolk in 3, where the Vagabond
    stands. Result: a damaged Vagabond item there is not the record's."""
    rp = _replayer(mapping, MEGA)
    assert not rp._unrecorded_ok(DAMAGED_BOOT, 1, _open(rp, 2), {2})


def test_a_battle_against_the_vagabond_may_leave_his_damage_unwritten(mapping):
    """`O:XV3` and nothing more: the Riverfolk's hits damage the Vagabond's items (9.2.7),
    which the transcriber often leaves out. Result: the damage passes, as before; a repair
    the line does not write passes in any line, as before."""
    rp = _replayer(mapping, MEGA)
    assert rp._unrecorded_ok(DAMAGED_BOOT, 1, _open(rp, 3), {3})
    assert rp._unrecorded_ok(REPAIRED_BOOT, -1, _open(rp, 1), {1})
    assert item_damage.battles_owner(rp, "V", {3}) and item_damage.battles_owner(rp, "O", {2})
    assert not item_damage.battles_owner(rp, "V", {1, 2})


class _Pending:
    def __init__(self, kind, options):
        self.kind, self.options = kind, options


class _Game:
    def __init__(self, kind, options):
        self.pending = _Pending(kind, options)


def test_a_turn_ended_by_force_rolls_the_lowest_face():
    """mega l. 29: the Eyrie's decree still owes a battle once its written one (`XO3`) is
    corrected, and the turn ended by force fights it against the Vagabond in 3. Position: a
    battle die of that forced end (faces 0 to 3). Result: its lowest face — the record writes
    every casualty (1.3), so a battle it does not write removed and damaged nothing; any
    other chance event keeps the generator's pick."""
    assert item_damage.forced_die(None, _Game("chance:die", [3, 2, 1, 0]), 1) == 3
    assert item_damage.forced_die(None, _Game("die", [0, 1, 2, 3]), 2) == 0
    assert item_damage.forced_die(None, _Game("chance:shuffle", [3, 2, 1, 0]), 1) == 1


def test_the_point_the_transcriber_says_the_vagabond_forgot_is_the_rules(mapping):
    """mega l. 27 `V:...%b->s+e/#V->E/$_E->1/#->V //Vagabond forgot to score for aid`.
    Position: the engine's aid (9.5.4) moves the Eyrie one step up the allied track and
    scores its point (9.2.9.I); the line writes no `++`. Result: the Vagabond's point passes
    in his own line, and only there: not the Eyrie's, not in the next line, nor any point
    taken away."""
    rp = _replayer(mapping, MEGA)
    vp_v, vp_e = ("pv", "malandro"), ("pv", "rapinas")
    assert rp._unrecorded_ok(vp_v, 1, _open(rp, 1), {1})
    assert not rp._unrecorded_ok(vp_v, -1, _open(rp, 1), {1})
    assert not rp._unrecorded_ok(vp_e, 1, _open(rp, 1), {1})
    assert not rp._unrecorded_ok(vp_v, 1, _open(rp, 2), {2})
    assert forgotten_points.ok(rp, "malandro", {1, 2}) and not forgotten_points.ok(rp, "malandro", {3})
    # the record's last line is matched with no next block (None)
    assert not forgotten_points.ok(rp, "malandro", {3, None})
    assert not item_damage.battles_owner(rp, "V", {2, None})
