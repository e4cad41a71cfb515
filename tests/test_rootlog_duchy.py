"""The Underground Duchy and the Corvid Conspiracy in the real Rootlog games: what the matcher
reads of their lines, and the lines the record itself gets wrong (rulesdsl/rootlog)."""
import os

import pytest

from rulesdsl.rootlog.expected import Atom
from rulesdsl.rootlog.item_ledger import unrecorded_repairs
from rulesdsl.rootlog.notation import parse

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data", "rootlog", "games"))
needs_games = pytest.mark.skipif(not os.path.isdir(GAMES), reason="../shared/data/rootlog is not beside the repository")

R1G3 = "2020_11_26_winter_tournament_r1g3"


def _bare_replayer():
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer.__new__(Replayer)
    rp.soft = set()
    rp.hands = set()
    rp.board_of = {}
    return rp


def _r1g3_line_28_after_the_dig():
    """r1g3 l. 28 `D:2w->0/F#D->/t->10/3w0->10/XV10/w10->/(%c+%x)V$->d/XV10/w10->/%sV$->d/...`
    once the Duchy has recruited into the Burrow and dug into 10 with three warriors: what
    is left is two battles against the Vagabond (actions 5 to 9 of the line)."""
    wd = frozenset({"ducado.guerreiro"})
    dmg = ("it", "V", "d")
    return [
        [Atom("toca", wd, 1, 1, 0, 1), 0],                        # 2w->0 (one by birdsong)
        [Atom("toca", wd, -1, 3, 3, 1), 0],                       # 3w0->10
        [Atom("c10", wd, 1, 3, 3, 1), 0],
        [Atom("c10", wd, -1, 1, 5, 1), 1],                        # w10->
        [Atom(dmg, frozenset({"moeda"}), 1, 1, 6, 1), 1],         # (%c+%x)V$->d
        [Atom(dmg, frozenset({"besta"}), 1, 1, 6, 1), 1],
        [Atom("c10", wd, -1, 1, 8, 1), 1],                        # w10->
        [Atom(dmg, frozenset({"espada"}), 1, 1, 9, 1), 1],        # %sV$->d
    ]


def test_a_duchy_warrior_moved_back_to_the_burrow_is_not_the_loss_the_line_records():
    """Position: the Duchy's three warriors in 10 after digging (12.5.1.V), the line next
    records a warrior lost in battle (`w10->`). Choice: the Brigadier's move (12.5.2.IV) takes
    one back to the Burrow. Result: the loss is matched only as a net change that owes the
    line one warrior out of the Burrow, so it completes nothing, and the battle in which the
    Vagabond loses his coin and a crossbow and the Duchy one warrior ranks above it."""
    rp = _bare_replayer()
    left = _r1g3_line_28_after_the_dig()
    moved = rp.consume(left, {("c10", "ducado.guerreiro"): -1, ("toca", "ducado.guerreiro"): 1}, {1})
    assert moved is not None and len(moved) == len(left) + 1          # a warrior owed back
    sc_moved = rp._score(left, moved, 5)
    assert sc_moved[0] == 0                                             # not a completion
    fought = rp.consume(left, {("c10", "ducado.guerreiro"): -1, (("it", "V", "d"), "moeda"): 1,
                               (("it", "V", "d"), "besta"): 1}, {1})
    sc_fought = rp._score(left, fought, 5)
    assert sc_fought[:3] == (1, 1, 1)                                   # done, whole actions
    assert sc_fought > sc_moved


def test_the_second_vagabonds_boot_repaired_in_r1g3_line_30_was_never_damaged():
    """The item ledger on a short record: damaged items are counted per faction and code,
    a repair of one the record never damaged is the record contradicting itself, and a
    repair of "all the damaged ones" (`%_d->s`) leaves that faction uncounted."""
    rec = parse("V: a\nC: b\nV:#thief->$\nC:w->1\n"
                "C:XV1/(%b+%t)V$->d\n"
                "V:%bd->s/%fd->s\n"                       # the bag was damaged, the boot not
                "C:XV1/%sV$->d\n"
                "V:%_d->s+r/%hd->s\n")                    # all repaired: the hammer not judged
    assert [(r.line, r.raw, r.owner, r.item, r.have, r.take) for r in unrecorded_repairs(rec)] == [
        (6, "%fd->s", "V", "f", 0, 1)]


@needs_games
def test_r1g3_line_30_repairs_a_boot_no_line_damaged():
    """r1g3: the Marquise damages the second Vagabond's bag and tea (l. 29, `(%b+%t)G$->d`);
    no line damages his boot, yet l. 30 repairs one (`%fd->s`). The Tinker begins with every
    item undamaged (9.3): with the bag repaired instead, the line replays (checked by hand:
    the strict replay then stops at l. 31). The report says the record contradicts itself."""
    from rulesdsl.rootlog.replay import Stop
    from rulesdsl.rootlog.report import log_item_repair
    with open(os.path.join(GAMES, R1G3 + ".rootlog"), encoding="utf-8") as fh:
        rec = parse(fh.read())
    bad = unrecorded_repairs(rec)
    assert [(r.line, r.raw, r.owner) for r in bad] == [(30, "%fd->s", "G")]

    class _Rp:
        pass
    rp = _Rp()
    rp.rec = rec
    assert log_item_repair(rp, Stop(0, 30, None, "no_match")).raw == "%fd->s"
    assert log_item_repair(rp, Stop(0, 28, None, "no_match")) is None


# -- the Corvids' plots and the Duchy's sway, as the matcher reads them -----------------------------

def _replayer(mapping, text):
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer.__new__(Replayer)
    rp.rec, rp.mp, rp.actions, rp.atoms = parse(text), mapping, [], []
    rp._build()
    rp.soft, rp.hands, rp.board_of = set(), set(), {}
    return rp


def test_a_plot_flipped_face_up_is_the_back_leaving_and_the_face_arriving(mapping):
    """r1g5 l. 36 `t4^t_r/++`: the Corvids flip their face-down plot in 4, a raid (13.4.2).
    On the engine the face-down plot is its own kind, so the flip is one back fewer and one
    raid more in clearing 4: the line's atoms take exactly that change."""
    rp = _replayer(mapping, "P: a\nE: b\nP:w->2\nE:w->1\nP:t4^t_r/++\n")
    left = [[at, at.n] for at in rp.atoms[-1]]
    flip = rp.consume(left, {("c4", "corvideos.trama"): -1, ("c4", "corvideos.ataque"): 1}, {rp.atoms[-1][0].turn})
    assert flip is not None
    assert [r for at, r in flip if at.place == "c4"] == [0, 0]
    # a bomb flipped there instead is not what the line says
    assert rp.consume(left, {("c4", "corvideos.trama"): -1, ("c4", "corvideos.bomba"): 1},
                      {rp.atoms[-1][0].turn}) is None


def test_the_trick_swaps_a_face_up_plot_with_a_face_down_one(mapping):
    """`t_r12<->t4` (13.5.4): the raid goes to 4 and the face-down plot to 12; two
    face-down plots swapped (`t12<->t4`) change nothing the board shows and expect nothing."""
    rp = _replayer(mapping, "P: a\nE: b\nP:w->2\nE:w->1\nP:t_r12<->t4\nP:t12<->t4\n")
    swap, same = rp.atoms[-2], rp.atoms[-1]
    assert same == []
    left = [[at, at.n] for at in swap]
    bi = swap[0].turn
    new = rp.consume(left, {("c12", "corvideos.ataque"): -1, ("c4", "corvideos.ataque"): 1,
                            ("c4", "corvideos.trama"): -1, ("c12", "corvideos.trama"): 1}, {bi})
    assert new is not None and all(r == 0 for _, r in new)


def test_a_corrected_sway_takes_the_minister_the_record_names(mapping, root_def):
    """r1g5 l. 30 `(R+M)#^/#marshal->$`: where the referee corrects the Duchy's sway (12.5.3),
    the card put among the swayed ministers is the Marshal, taken from the unswayed ones, not
    the deck's top card."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import repair
    game = Game(root_def, ["ducado", "corvideos"], seed=1, map_id="inverno", deck_id="exilados")
    rp = _replayer(mapping, "D: a\nP: b\nD:w->0\nP:w->2\nD:#marshal->$\n")
    atoms = [(at, at.n) for at in rp.atoms[-1] if at.place == ("zone", "ducado.influenciados")]
    edits, missing = repair.plan(rp, game, atoms)
    assert missing == 0 and len(edits) == 1
    op, card, src, dst = edits[0]
    assert (op, src, dst) == ("card", "ducado.nao_influenciados", "ducado.influenciados")
    assert game.s.card_defs[card] == "marechal"


def test_points_corrected_in_a_turn_ended_by_force_are_not_counted_twice(root_def, mapping):
    """r1g5 l. 44 in short: the Eyrie's line writes its Evening's two points first (`++2`) and
    then removes a Marquise warrior it never reaches (`Cw5->`). The referee corrects the
    removal and ends the turn by force; the engine's Evening scores the two roost points
    there. The line's `++2` waits for the line's end and takes those: the Eyrie has 2 points,
    as the record says, not 2 corrected and 2 more scored."""
    import random

    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog.export import export_game
    from rulesdsl.rootlog.replay import Replayer
    game = Game(root_def, ["marqueses", "rapinas"], seed=14, log=True)
    r = random.Random(1)
    while game.s.turn_no < 4:
        game.apply(r.randrange(len(game.legal_actions())))
    lines = export_game(game, mapping).splitlines()
    i = lines.index("E:R#commandE->$_m/M#besta_ratoE->$_b/4w4->9/w4->12/b->9/b->12/++2/#->E/#->E")
    lines[i] = "E:++2/R#commandE->$_m/M#besta_ratoE->$_b/4w4->9/w4->12/b->9/b->12/Cw5->/#->E/#->E"
    res = Replayer(root_def, parse("\n".join(lines) + "\n"), mapping, tolerant=True, budget=600).run()
    assert res.stop is None and (10, "*") in res.skipped
    assert "Cw5->" in [c.raw for c in res.corrections]
    assert "++2" not in [c.raw for c in res.corrections]
    assert res.scores["rapinas"] == 2


@needs_games
def test_r1g3_line_31_crafts_a_bag_where_no_hammer_can_pay_for_it(mapping, root_def):
    """r1g3 l. 31: the Vagabond, in 10, moves to 9, crafts a bag (`Z%b`) and later moves to 1.
    Both bags of the deck cost a mouse, and the Vagabond's hammers match the suit of his
    clearing (9.5.8): 10 and 9 are fox clearings, 1 a rabbit one (the header's `Clearings:`),
    so no clearing of the line lets him craft it: the players' slip, not the engine's."""
    with open(os.path.join(GAMES, R1G3 + ".rootlog"), encoding="utf-8") as fh:
        rec = parse(fh.read())
    line = next(t for t in rec.turns if t.line == 31)
    assert [a.raw for a in line.actions if a.kind == "craft"] == ["Z%b"]
    pawn = [d.value for a in line.actions if a.kind == "move" for th in a.things if th.type == "p"
            for d in a.dests]
    suits = rec.clearing_suits()
    where = {suits[n] for n in [10] + pawn}
    assert pawn == [9, 1] and where == {"F", "R"}
    bags = [c.attrs["custo"] for c in root_def.cards.values()
            if c.attrs.get("item") == mapping.items["b"] and c.attrs.get("custo")]   # the craftable ones
    assert bags and all(cost == [mapping.suits["M"]] for cost in bags)
