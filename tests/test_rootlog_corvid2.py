"""The Corvid Conspiracy in the real Rootlog games, second part (docs/rootlog.md, «Os Corvídeos,
segunda parte»): what the record writes for a flipped bomb, and the lines it gets wrong."""
import pytest

from rulesdsl.errors import RulesError
from rulesdsl.rootlog.mapping_values import check_values
from rulesdsl.rootlog.notation import parse

from rootlog_play import played


def test_a_flipped_bomb_leaves_the_clearing_without_a_written_removal(root_def, mapping):
    """13.7.1: the Corvids flip a face-down bomb in 12 (`t12^t_b`); it removes the enemy pieces
    there and then itself, in the same action. The real records write the flip only (r1g5
    l. 71: `t5^t_b/++3/At5->`); the export writes the bomb's removal as well (`t_b12->`). With
    the removal taken out of the line, the replay still matches it: the mapping says the bomb
    leaves as it is flipped (`sai_ao_virar: [bomba]`), so the flip asks for one face-down plot
    fewer in 12 and no bomb there. The line as exported (with the removal) matches too."""
    from rulesdsl.rootlog.export import export_game
    from rulesdsl.rootlog.replay import Replayer
    assert mapping.leave_on_flip["P"] == frozenset({"corvideos.bomba"})
    game = played(root_def, ["corvideos", "marqueses"], 12, "outono", "base", 6)
    text = export_game(game, mapping)
    line = next(ln for ln in text.splitlines() if "^t_b" in ln)
    assert line == "P:t12^t_b/++/t_b12->/#->P"
    for record in (text, text.replace(line, "P:t12^t_b/++/#->P")):
        res = Replayer(root_def, parse(record), mapping).run()
        assert res.stop is None, res.stop
        assert res.game.s.count("c12", "corvideos.bomba") == 0
        assert res.game.s.count("c12", "corvideos.trama") == 0


def test_a_misspelt_leaving_face_is_reported_at_its_place(root_def):
    """The mapping's `sai_ao_virar:` names the faction's own piece kinds: a misspelt one is an
    error at its line and column with the nearest kind, not a flip that silently keeps the
    face on the map."""
    bad = ("idioma: pt\nrootlog:\n  facções:\n    P:\n      id: corvideos\n"
           "      peças: {w: guerreiro}\n      sai_ao_virar: [bombaa]\n")
    with pytest.raises(RulesError) as exc:
        check_values("rootlog.yaml", bad, root_def)
    [d] = exc.value.diagnostics
    assert (d.code, d.pos.line, d.pos.col) == ("RLM.value_piece", 7, 22)
    assert "bomba" in (d.hint or "")


def _replayer(root_def, mapping, text):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(text), mapping, tolerant=True)


def _atoms(rp, raw):
    """The expected changes of the record's action written `raw`."""
    ai = next(i for i, (_, _, a) in enumerate(rp.actions) if a.raw == raw)
    return [at for block in rp.atoms for at in block if at.action == ai]


def test_the_saboteurs_discard_the_crafted_card_from_the_play_area_not_a_supporter(root_def, mapping):
    """r1g5 l. 71 in short: the Alliance crafted the Boat Builders (`Zboat`, 4.1: it stays in
    play); the Corvids discard the Saboteurs to discard it (`#sabo$->/#boatA$->`). The card
    leaves the Alliance's play area — not the supporters, which the mapping gives the
    Alliance's `$` and where the referee used to discard a supporter instead. Without the
    craft in the record the line still reads `A$` as the supporters."""
    text = "A: Alianca\nP: Corvideos\nA:#->A\nP:#->P\nA:Zboat\nP:#sabo$->/#boatA$->\n"
    [at] = _atoms(_replayer(root_def, mapping, text), "#boatA$->")
    assert (at.place, at.sign, at.n) == (("zone", "alianca:area_de_jogo"), -1, 1)
    [at] = _atoms(_replayer(root_def, mapping, text.replace("A:Zboat", "A:#->A")), "#boatA$->")
    assert at.place == ("zone", "alianca.apoiadores")


def test_a_recruit_beyond_the_fifteen_warriors_the_record_keeps_on_the_map(root_def, mapping):
    """13.3.1: the Corvids have 15 warriors. r1g5 in short: by the record's own lines, 13 of
    them stand on the map when the Corvids recruit in four clearings (`M#P->/w->1+3+4+10`): the
    record leaves 17 on the map, so an earlier line left out a removal (a battle whose losses it
    does not write) or placed warriors it did not have. The recruit is judged
    `log_supply_short` (a correction of it is not `unexplained`). A removal whose clearing the
    line does not write (`2w->`) counts, so the same recruit after it is not judged."""
    from rulesdsl.rootlog import repair, supply_short
    head = "P: Corvideos\nE: Rapinas\n"
    lines = "".join(f"P:w->{a}+{b}+{c}\nE:#->E\n" for a, b, c in ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12)))
    text = head + lines + "P:w->1\nE:#->E\nP:M#P->/w->1+3+4+10\n"
    rp = _replayer(root_def, mapping, text)
    [s] = supply_short.shortfalls(rp.rec, mapping, root_def)
    assert (s.raw, s.owner, s.code, s.out, s.have) == ("w->1+3+4+10", "P", "w", 17, 15)
    assert repair.classify(rp, s.line, s.raw) == supply_short.SUPPLY_SHORT
    assert repair.classify(rp, s.line, "M#P->") == repair.UNEXPLAINED
    # two warriors lost in a battle whose clearing the line leaves implicit: 15, not over
    fewer = text.replace("P:w->1\n", "P:w->1/XE1/2w->\n")
    assert supply_short.shortfalls(parse(fewer), mapping, root_def) == []
