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
