"""The Corvids' Trick between two plots the record has already shown face up (13.5.4): it
writes both as `t`, yet the faces change clearings (rulesdsl/rootlog/plot_faces.py)."""
from rulesdsl.rootlog.notation import parse
from rulesdsl.rootlog.plot_faces import track

# r1g5 in short: the snare flipped in 6 (l. 36), the extortion flipped in 11 (l. 51), then
# the Trick between them (l. 51, `t6<->t11`)
FLIPPED = "P: a\nE: b\nD: c\nP:w->2\nE:w->1\nD:w->3\nP:t6^t_s\nE:w->1\nD:w->3\nP:t11^t_e/t6<->t11\n"


def _replayer(mapping, text):
    from test_rootlog_duchy import _replayer as matcher_only   # the matcher, no game
    return matcher_only(mapping, text)


def test_a_trick_between_a_snare_and_an_extortion_moves_each_face(mapping):
    """Position: a snare face up in 6, an extortion face up in 11. Choice: the Corvids trick
    them (`t6<->t11`). Result: the line expects the snare in 11 and the extortion in 6, and
    the engine's Trick between those two clearings is exactly that change."""
    rp = _replayer(mapping, FLIPPED)
    bi = len(rp.atoms) - 1
    left = [[at, at.n] for at in rp.atoms[-1]]
    swapped = {("c6", "corvideos.armadilha"): -1, ("c11", "corvideos.armadilha"): 1,
               ("c11", "corvideos.extorsao"): -1, ("c6", "corvideos.extorsao"): 1}
    after_flip = rp.consume(left, {("c11", "corvideos.trama"): -1, ("c11", "corvideos.extorsao"): 1}, {bi})
    assert after_flip is not None
    done = rp.consume(after_flip, swapped, {bi})
    assert done is not None and all(r == 0 for _, r in done)
    # ending the turn without the Trick leaves the line open
    assert any(r for at, r in after_flip if at.place in ("c6", "c11") and at.kinds <= {
        "corvideos.armadilha", "corvideos.extorsao"})


def test_the_faces_follow_the_trick_and_a_second_trick_brings_them_back(mapping):
    """Position: as above. Choice: a second Trick between the same clearings. Result: the
    record's faces before it are the swapped ones (extortion in 6, snare in 11)."""
    rec = parse(FLIPPED + "E:w->1\nP:t11<->t6\n")
    tricks = [a for t in rec.play_turns for a in t.actions if a.kind == "trick"]
    faces = track(rec, mapping)
    assert faces[id(tricks[0])] == ({"corvideos.armadilha"}, {"corvideos.extorsao"})
    assert faces[id(tricks[1])] == ({"corvideos.armadilha"}, {"corvideos.extorsao"})


def test_a_plot_taken_off_and_laid_again_face_down_is_unknown(mapping):
    """Position: the snare in 6 is removed (`Pt_s6->`) and a new plot laid there face down
    (`t->6`). Choice: a Trick between 6 and 11. Result: the face in 6 is unknown, so the
    Trick expects nothing (two plots written alike, one face unseen)."""
    text = "P: a\nE: b\nP:w->2\nE:w->1\nP:t6^t_s\nE:Pt_s6->\nP:t->6/t11^t_e/t6<->t11\n"
    rp = _replayer(mapping, text)
    trick = [a for t in rp.rec.play_turns for a in t.actions if a.kind == "trick"][0]
    assert track(rp.rec, mapping)[id(trick)] == (None, {"corvideos.extorsao"})
    ai = next(i for i, (_, _, a) in enumerate(rp.actions) if a is trick)
    assert [at for at in rp.atoms[-1] if at.action == ai] == []


def test_a_removed_plot_written_with_its_face_from_before_the_trick(mapping):
    """r1g5 l. 65 in short: after the Trick the Duchy removes the plot in 6 and writes it as
    the snare (`Pt_s6->`), the face 6 had before the Trick. Result: the removal is read as
    the snare or the extortion the Trick moved there (the engine removes the extortion), and
    the reading is listed in the report; a plot written with the face it has is not."""
    from rulesdsl.errors import format_message
    from rulesdsl.rootlog.plot_faces import readings
    from rulesdsl.rootlog.report import _plot_faces_json
    rp = _replayer(mapping, FLIPPED + "D:Pt_s6->/Pt_s11->\n")
    bi = len(rp.atoms) - 1
    left = [[at, at.n] for at in rp.atoms[-1]]
    took = rp.consume(left, {("c6", "corvideos.extorsao"): -1}, {bi})
    assert took is not None and [r for at, r in took if at.place == "c6"] == [0]
    # in 11 the snare is written as it is: read as written, an extortion there is not it
    assert rp.consume(left, {("c11", "corvideos.extorsao"): -1}, {bi}) is None
    got = list(readings(rp.rec, mapping).values())
    assert [(r.line, r.written, sorted(r.read)) for r in got] == \
        [(11, "t_s", ["corvideos.armadilha", "corvideos.extorsao"])]
    assert [r["line"] for r in _plot_faces_json(rp)["plot_faces"]] == [11]
    pt = format_message("RLR.plot_face_before_trick", "pt", dict(line=11, action="Pt_s6->", written="t_s",
                                                                 read="corvideos.armadilha, corvideos.extorsao"))
    assert "antes do Despistar" in pt
