"""A faction's own piece put on its board in another faction's line is a payment the record
writes (rulesdsl/rootlog/board_payment.py; docs/rootlog.md «O barco que ninguém comprou»)."""

PAYMENT = (("pz", "O$"), "ribeirinhos.guerreiro")
ACOLYTE = (("pz", "L$"), "lagartos.guerreiro")

# mega_exploding_birds l. 37 and l. 38, cut down: the Vagabond refreshes and moves, buying no
# service; then the Riverfolk's Protectionism puts two warriors in their payments, unwritten
MEGA = ("V: v\nO: o\n"
        "V:p->8\nO:4w->11\n"
        "V:%r+2%h->r/p->12\n"
        "O:w->10\n")

# orderly_eyrie l. 27, cut down: the Marquise battles the Lizards and removes two of their
# warriors; they become acolytes (10.2.3 Revenge), which the Marquise's line does not write
ORDERLY = ("C: c\nL: l\n"
           "C:w->9\nL:w->9\n"
           "C:XL9/(w+2Lw)9->\n")


def _replayer(mapping, gdef, text):
    from rulesdsl.rootlog.notation import parse
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer.__new__(Replayer)
    rp.rec, rp.mp, rp.actions, rp.atoms = parse(text), mapping, [], []
    rp._build()
    rp.hands, rp.suit_marker_keys, rp.g = set(), (), gdef
    return rp


def _open(rp, bi):
    return [[at, at.n] for at in rp.atoms[bi]]


def _passes(rp, key, bi, blocks, diff):
    rp._diff = diff
    return rp._unrecorded_ok(key, 1, _open(rp, bi), blocks)


def test_a_riverfolk_warrior_paid_in_the_vagabonds_line_is_written(mapping, root_def):
    """mega l. 37 `V:%r+2%h->r/p->12/...`. Position: the engine's Vagabond buys the Riverboats
    at his Birdsong, paying with an exhausted item and a Riverfolk warrior from the supply in
    their payments (11.2.6.I). Result: that warrior is not the record's — a payment is written
    in the buyer's line (`2Ow->O$`, l. 17) — so the service no line writes is not bought."""
    rp = _replayer(mapping, root_def, MEGA)
    assert not _passes(rp, PAYMENT, 1, {1}, {PAYMENT: 1})


def test_protectionism_in_the_riverfolks_own_line_may_stay_unwritten(mapping, root_def):
    """`O:w->10` and nothing of their board. Position: the Riverfolk's Birdsong puts two of
    their warriors in their empty payments (11.4.1), in their own line, or in the step that
    ends the Vagabond's line and begins theirs. Result: it passes unrecorded, as before."""
    rp = _replayer(mapping, root_def, MEGA)
    assert _passes(rp, PAYMENT, 2, {2}, {PAYMENT: 2})
    assert _passes(rp, PAYMENT, 1, {1, 2}, {PAYMENT: 2})


def test_a_lizard_warrior_removed_in_anothers_battle_becomes_an_acolyte_unwritten(mapping, root_def):
    """orderly l. 27 `C:...XL9/(w+2Lw)9->`. Position: the Marquise removes two Lizard warriors
    defending in battle and they go to the Lizards' acolytes (10.2.3) in the Marquise's line.
    Result: the acolytes pass unrecorded, since the same step took those warriors off the map;
    one from the supply in that line would not."""
    rp = _replayer(mapping, root_def, ORDERLY)
    bi = 1
    assert _passes(rp, ACOLYTE, bi, {bi}, {ACOLYTE: 2, ("c9", "lagartos.guerreiro"): -2})
    assert not _passes(rp, ACOLYTE, bi, {bi}, {ACOLYTE: 1})
