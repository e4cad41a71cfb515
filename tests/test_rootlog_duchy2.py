"""The Duchy, the Corvids and the Vagabonds in the real Rootlog games, second part: what the
tolerant replay of r1g3 and mega_exploding_birds got wrong after a correction
(rulesdsl/rootlog)."""
from rulesdsl.rootlog import forced_start
from rulesdsl.rootlog import zone_swaps
from rulesdsl.rootlog.expected import Atom

WD = frozenset({"ducado.guerreiro"})
WC = frozenset({"marqueses.guerreiro"})


class _Rp:
    """A replayer whose observations are given as dictionaries (Matching.obs's keys)."""

    @staticmethod
    def obs(o):
        return o

    @staticmethod
    def diff(a, b):
        return zone_swaps.diff(a, b)


def test_the_duchys_birdsong_warrior_after_a_forced_end_is_the_next_lines():
    """r1g3 l. 31 ends by force (the Vagabond's bag `Z%b` cannot be crafted) and the step that
    ends it runs the Duchy's Birdsong: one warrior in the Burrow (12.4), no citadel built.
    Record, l. 33: `D:3w->0/3w0->10/w10->9/XC10/...` — one Birdsong warrior and two recruits
    (12.5.1.II). Result: the Birdsong's warrior is the line's, two are left for the recruits,
    and the Marquise's warrior the line removes later is untouched."""
    rp = _Rp()
    before = {("toca", "ducado.guerreiro"): 0, ("pv", "ducado"): 5}
    after = {("toca", "ducado.guerreiro"): 1, ("pv", "ducado"): 5,
             ("zone", "malandro:mao"): 1}             # the Vagabond's own Evening draw
    left = [[Atom("c9", frozenset({"malandro.peao"}), 1, 1, 40, 3), 0],      # l. 31, made
            [Atom("toca", WD, 1, 3, 50, 4), 3],                             # 3w->0
            [Atom("toca", WD, -1, 3, 51, 4), 3],                            # 3w0->10
            [Atom("c10", WD, 1, 3, 51, 4), 3],
            [Atom("c10", WC, -1, 3, 55, 4), 3]]                             # 3Cw10->1
    assert forced_start.consume(rp, (before, after), left, 4) == 1
    assert [rem for _, rem in left] == [0, 2, 3, 3, 3]


def test_a_forced_end_consumes_nothing_of_a_line_that_does_not_write_it():
    """Position: a forced end whose last step draws the ending faction's card and puts a
    warrior in the Burrow. Record: the next line writes neither (it is another faction's,
    that only moves). Result: nothing consumed; the unchecked change passes as before."""
    rp = _Rp()
    left = [[Atom("c3", WC, -1, 2, 60, 5), 2], [Atom("c4", WC, 1, 2, 60, 5), 2]]
    last = ({}, {("toca", "ducado.guerreiro"): 1, ("zone", "ducado:mao"): 1})
    assert forced_start.consume(rp, last, left, 5) == 0
    assert [rem for _, rem in left] == [2, 2]
    assert forced_start.consume(rp, None, left, 5) == 0


def _replayer(mapping, text):
    from rulesdsl.rootlog.notation import parse
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer.__new__(Replayer)
    rp.rec, rp.mp, rp.actions, rp.atoms = parse(text), mapping, [], []
    rp._build()
    return rp


class _Game:
    """Only what the choice's filter reads: which card each option is."""

    def __init__(self, defs, kind="choose"):
        self.s = type("S", (), {"card_defs": defs})()
        self.pending = type("D", (), {"kind": kind})()


def test_the_minister_the_record_names_is_the_one_swayed(mapping):
    """r1g3 l. 33 `D:...(2F+2M)#^/#baronofdirt->$/++3/++`. Position: the Duchy sways a
    minister; the Foremole, a squire, reveals two cards (12.5.3.II) and is found two decisions
    before the Baron of Dirt, a lord, who reveals four and scores 3 (12.5.3.III). Choice: the
    minister. Result: only the Baron is tried; once swayed (his action made), a later choice
    among cards is not narrowed."""
    from rulesdsl.rootlog import named_zone_cards
    rp = _replayer(mapping, "D: a\nC: b\nD:t->3/2w->3+6+11\nC:w->1\n"
                            "D:(2F+2M)#^/#baronofdirt->$/++3\n")
    bi = len(rp.blocks) - 1
    rp.turn_lines = rp.blocks[bi][1]
    left = [[at, at.n] for at in rp.atoms[bi]]
    game = _Game({54: "capataz", 61: "barao_da_terra", 58: "banqueiro"})
    ids = ["54", "58", "61"]
    keyed = [((2, i), i) for i in range(3)]
    assert named_zone_cards.only(rp, game, left, keyed, ids) == [((2, 2), 2)]
    swayed = [[at, 0 if at.place == ("zone", "ducado.influenciados") else rem] for at, rem in left]
    assert named_zone_cards.only(rp, game, swayed, keyed, ids) == keyed
    # a choice without the named card among its options is left as it was, and so is a
    # branch, whose options are numbers that only look like cards
    assert named_zone_cards.only(rp, game, left, keyed[:2], ids) == keyed[:2]
    assert named_zone_cards.only(rp, _Game(game.s.card_defs, "branch"), left, keyed, ids) == keyed


def test_the_defender_is_the_vagabond_the_record_names(mapping):
    """r1g3 l. 34 `C:...XG1/w1->/G$_C->h/(%s+%b)G$->d/...`. Position: both Vagabonds stand in
    clearing 1 and the Marquise has chosen to battle there. Choice: the defender. Result: only
    the second Vagabond (`G`) is tried; the first's item damage, which the line does not write,
    would pass unrecorded and its battle rank above the right one. Another decision offering
    factions (a card's "another player") is not narrowed."""
    from rulesdsl.rootlog import battle_target
    rp = _replayer(mapping, "C: a\nV: b\nG: c\nC:w->1\nV:#thief->$/p->1\nG:#tinker->$/p->1\n"
                            "C:XG1/w1->/(%s+%b)G$->d\n")
    rp.turn_lines = rp.blocks[-1][1]
    keyed = [((1, 0), 0), ((1, 1), 1)]
    ids = ["malandro", "segundo_malandro"]
    at_one = type("G", (), {"history": ["marqueses.batalha", "c1"]})()
    assert battle_target.only(rp, at_one, keyed, ids) == [((1, 1), 1)]
    elsewhere = type("G", (), {"history": ["marqueses.batalha", "c2"]})()
    assert battle_target.only(rp, elsewhere, keyed, ids) == keyed


def test_a_repair_of_an_item_never_damaged_is_matched_as_any_repair(mapping):
    """r1g3 l. 29-30 in short: the Marquise damages the Vagabond's bag and tea, then the
    Vagabond repairs a boot the record never damaged (item_ledger.py). In a tolerant replay
    the line's repair accepts any damaged item of his (the rest of the line picks which: the
    bag, or his satchel overflows at the Evening, 9.6.4); a strict replay keeps the boot."""
    from rulesdsl.rootlog import repair_widen
    text = ("V: a\nC: b\nV:#thief->$\nC:w->1\n"
            "C:XV1/(%b+%t)V$->d\n"
            "V:%bd->s/%fd->s\n")
    for tolerant in (True, False):
        rp = _replayer(mapping, text)
        rp.tolerant = tolerant
        repair_widen.widen(rp)
        reps = [at for at in rp.atoms[-1] if at.place == ("it", "V", "d") and at.sign < 0]
        assert [sorted(at.kinds) for at in reps][0] == ["bolsa"]          # `%bd->s`: as written
        assert (len(reps[1].kinds) > 1) is tolerant                         # `%fd->s`
        assert len(rp.widened) == (1 if tolerant else 0)
