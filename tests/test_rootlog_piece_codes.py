"""A piece code typed with its two halves swapped (piece_codes.py).

winter_tournament_r2g3 l. 46: the Alliance revolts in clearing 7 and writes the rabbit base as
`r_b` (`r_b+w->7`) instead of `b_r` (8.1). `r` is the ferry's old letter and the ferry has no
subtype, so the code names no piece; it was dropped from the line's expected changes, the
revolt's base had no change to match, and the whole line was corrected. Read swapped, the
revolt matches; the report says how the code was read."""
from rulesdsl.rootlog.notation import parse

HEAD = "A: Aliança\nE: Rapinas\nA:#->A\nE:#->E\n"


def _replayer(root_def, mapping, line):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(HEAD + line + "\nE:#->E\n"), mapping)


def _puts(rp, space):
    """The pieces the first turn line puts in `space`: {kind: count}."""
    out = {}
    for at in rp.atoms[1]:
        if at.place == space and at.sign > 0 and at.kinds:
            for k in at.kinds:
                out[k] = out.get(k, 0) + at.n
    return out


def test_a_base_written_with_its_halves_swapped_is_expected_as_the_base(root_def, mapping):
    """`r_b+w->7`: the line puts a rabbit base and a warrior in clearing 7."""
    rp = _replayer(root_def, mapping, "A:r_b+w->7")
    assert _puts(rp, mapping.space(rp.rec.turns[2].actions[0].dests[0])) == \
        {"alianca.base_coelho": 1, "alianca.guerreiro": 1}


def test_a_code_that_reads_as_written_is_not_swapped(root_def, mapping):
    """`b_r+w->7` is the same change, and nothing is reported."""
    from rulesdsl.rootlog import piece_codes
    rp = _replayer(root_def, mapping, "A:b_r+w->7")
    assert _puts(rp, "c7") == {"alianca.base_coelho": 1, "alianca.guerreiro": 1}
    assert piece_codes.readings(rp.rec, mapping) == []


def test_the_report_says_how_each_unreadable_code_was_read(root_def, mapping):
    """The swapped code is read and reported; a code that reads neither way is reported unread
    (and its change is not checked), in the user's language."""
    from rulesdsl.errors import format_message
    from rulesdsl.rootlog import piece_codes
    rp = _replayer(root_def, mapping, "A:r_b+w->7/t_q->8")
    got = piece_codes.readings(rp.rec, mapping)
    assert [(r.written, r.read) for r in got] == [("r_b", "b_r"), ("t_q", None)]
    assert _puts(rp, "c8") == {}
    pt = format_message("RLR.piece_code_swapped", "pt", dict(line=5, action="r_b+w->7", written="r_b", read="b_r"))
    es = format_message("RLR.piece_code_unknown", "es", dict(line=5, action="t_q->8", written="t_q"))
    assert "lida como «b_r»" in pt and "no existe" in es
