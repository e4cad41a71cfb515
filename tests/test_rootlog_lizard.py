"""The Lizard Cult in the Rootlog games (rulesdsl/rootlog/suit_markers.py): the Outcast marker,
written `$_o-><suit>` on its Outcast side and `$_ho-><suit>` on its Hated side (Law 10.3.3,
10.4.1), read into the ruleset's counters `paria` and `odio` and written back by the export."""
from rulesdsl.rootlog import suit_markers
from rulesdsl.rootlog.notation import parse

# Fall: 1 F, 5 R, 9 M, 10 R (rootlog-notation.md 1.5). The record writes the marker only when
# it moves or flips: the setup's fox, then mouse, flipped to Hated, then rabbit.
RECORD = ("Map: Fall\nDeck: Standard\nC: a\nL: b\n"
          "C:t_k->4/b_w->8/b_s->9/b_r->12/w->1+3+4+5+6+7+8+9+10+11+12\n"
          "L:4w+b_f->1/w->5+9+10/$_o->F\n"
          "C:#->C\n"
          "L:$_o->M/#->L\n"
          "C:#->C\n"
          "L:$_ho->M/#->L\n"
          "C:#->C\n"
          "L:$_o->R/#->L\n")


def _code(root_def, suit):
    return root_def.counter_types["lagartos.paria"].index(suit) + 1


def _marker_atoms(rp):
    """(line, raw, [(counter, value)]) of each suit marker written."""
    out = []
    for ai, (_, t, a) in enumerate(rp.actions):
        if a.raw.startswith("$_"):
            got = [(at.place[1].split(".")[-1], at.place[2])
                   for atoms in rp.atoms for at in atoms if at.action == ai]
            out.append((t.line, a.raw, got))
    return out


def test_the_outcast_marker_expects_only_what_each_write_changes(root_def, mapping):
    """Position: the record's own marker, fox from the setup. Writes: `$_o->M` moves it (the
    suit changes, the side stays Outcast), `$_ho->M` flips it (the side changes, the suit
    stays), `$_o->R` moves it back to the Outcast side. Result: each write expects exactly the
    counters it changes, the suit as the ruleset stores it."""
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(RECORD), mapping)
    fox, mouse, rabbit = (_code(root_def, s) for s in ("raposa", "rato", "coelho"))
    assert _marker_atoms(rp) == [
        (6, "$_o->F", [("paria", fox)]),
        (8, "$_o->M", [("paria", mouse)]),
        (10, "$_ho->M", [("odio", 1)]),
        (12, "$_o->R", [("paria", rabbit), ("odio", 0)]),
    ]


def test_a_line_that_writes_the_outcast_judges_the_engines_birdsong(root_def, mapping):
    """The engine adjusts the Outcast at the Lizards' Birdsong (10.4.1) from the Lost Souls,
    whose cards the record mostly does not name. Result: the engine's change passes at the
    end of the line before (the Marquise's, l. 7) and in a line that writes no marker; in the
    Lizards' line that writes it, only the written value is consumed."""
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(RECORD), mapping)
    key = "lagartos:lagartos.paria"
    rabbit, mouse = _code(root_def, "coelho"), _code(root_def, "rato")
    left = [[at, at.n] for at in rp.atoms[1] + rp.atoms[2]]      # C l. 7, L l. 8
    assert rp._unrecorded_ok(("ctr", key, rabbit), 1, left, {1, 2})    # the Marquise's end
    assert not rp._unrecorded_ok(("ctr", key, rabbit), 1, left, {2})   # `$_o->M` is written
    assert rp._unrecorded_ok(("ctr", key, mouse), -1, left, {2})       # the old value goes
    later = [[at, at.n] for at in rp.atoms[3] + rp.atoms[4]]      # C l. 9, L l. 10: no `$_o`
    assert rp._unrecorded_ok(("ctr", key, rabbit), 1, later, {3})
    done = rp.consume(left, {("ctr", key, mouse): 1, ("ctr", key, _code(root_def, "raposa")): -1}, {2})
    assert done is not None and [rem for at, rem in done if at.place == ("ctr", key, mouse)] == [0]


def test_the_export_writes_one_marker_per_birdsong(root_def, mapping):
    """The engine sets the suit, then the side (10.4.1): hated mouse, then rabbit on the Outcast
    side is one write `$_o->R`, not `$_ho->R` and then `$_o->R`; a side set again as it was
    writes nothing; on another faction's turn the board's letter is written."""
    values, acts = {}, []
    sets = [("paria", "rato"), ("odio", 1)]
    for name, v in sets:
        suit_markers.write({"t": "set", "counter": f"lagartos:lagartos.{name}", "value": v},
                           mapping, mapping.letters, "lagartos", values, acts, root_def)
    assert values[("marker", "L")] == "$_ho->M"
    acts = ["w->5"]
    out = []
    for name, v in [("paria", "coelho"), ("odio", 0), ("odio", 0)]:
        a = suit_markers.write({"t": "set", "counter": f"lagartos:lagartos.{name}", "value": v},
                               mapping, mapping.letters, "lagartos", values, acts, root_def)
        if a:
            acts.append(a)
        out.append(a)
    assert acts == ["w->5", "$_o->R"] and out[2] == ""
    a = suit_markers.write({"t": "set", "counter": "lagartos:lagartos.odio", "value": 1},
                           mapping, mapping.letters, "marqueses", values, [], root_def)
    assert a == "L$_ho->R"
    back = parse("L: a\nC: b\nL:$_ho->R\n").turns[0].actions[0]
    assert back.things[0].sub == "ho" and back.dests[0].raw == "R"


def test_a_line_that_writes_the_outcast_the_engine_already_shows_starts_matched(root_def, mapping):
    """r2g3: the engine flips the Outcast to Hated at the Lizards' first Birdsong (an empty
    Lost Souls pile has no absolute majority, 10.4.1), which the record writes only at l. 28
    (`$_ho->F`). Position: the engine shows mouse on the Hated side; the line writes
    `$_ho->M`. Result: matched as it is, strict or tolerant, with no correction. When the
    engine shows the Outcast side instead, strict leaves the write open (the line stops at
    it) and tolerant corrects it at the line's start."""
    from rulesdsl.rootlog.replay import Replayer
    mouse = _code(root_def, "rato")
    for tolerant, odio, corrected in ((False, 1, False), (True, 1, False), (False, 0, False), (True, 0, True)):
        rp = Replayer(root_def, parse(RECORD), mapping, tolerant=tolerant)
        rp.corrections = []
        game = rp.new_game()
        game.s.set_counter("lagartos:lagartos.paria", mouse)
        game.s.set_counter("lagartos:lagartos.odio", odio)
        left = [[at, at.n] for at in rp.atoms[4]]                # L l. 10 `$_ho->M/#->L`
        game2, left2 = suit_markers.correct_first(rp, game, left, 4)
        marker = [rem for at, rem in left2 if isinstance(at.place, tuple) and at.place[0] == "ctr"]
        assert marker == ([1] if odio == 0 and not tolerant else [0])
        assert [c.raw for c in rp.corrections] == (["$_ho->M"] if corrected else [])
        assert game2.s.counters["lagartos:lagartos.odio"] == (1 if tolerant else odio)
