"""One filter for a card named onto a board location, and the Corvids' second plot paid with one
warrior in mega_exploding_birds (rulesdsl/rootlog/named_zone_cards.py, cost_short.py;
docs/rootlog.md «Um filtro para o nomeado e a trama dos Corvídeos»)."""
import os

import pytest

from rulesdsl.rootlog import cost_short, named_zone_cards, repair
from rulesdsl.rootlog.expected import ALL, Atom
from rulesdsl.rootlog.notation import parse

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data", "rootlog", "games"))
MEGA = os.path.join(GAMES, "2020_11_08_mega_exploding_birds.rootlog")
FULL = os.environ.get("RULESDSL_FULL", "") not in ("", "0", "false", "no")

WP = frozenset({"corvideos.guerreiro"})
WC = frozenset({"marqueses.guerreiro"})


class _Game:
    """Only what the choice's filter reads: which card each option is, and where cards lie."""

    def __init__(self, defs, zones, kind="choose"):
        self.s = type("S", (), {"card_defs": defs, "zones": zones})()
        self.pending = type("D", (), {"kind": kind})()


def _replayer(mapping, text):
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer.__new__(Replayer)
    rp.rec, rp.mp, rp.actions, rp.atoms = parse(text), mapping, [], []
    rp._build()
    return rp


def test_the_new_leader_the_record_names_is_the_only_card_tried_until_it_is_chosen(mapping):
    """`E:#charismatic->$` names the Eyrie's new leader onto a board spot the mapping does not
    watch (no count to expect: Expected.named_moves). Position: the leaders are offered, the
    Charismatic one still in the leaders' pile. Choice: the leader. Result: only the
    Charismatic is tried, by the same filter as a card named onto a watched zone; once it has
    left the pile (the line's move made), a later choice among cards is not narrowed, and a
    branch, whose options are numbers, never is."""
    rp = _replayer(mapping, "C: a\nE: b\nC:w->1\nE:b->5\nC:w->2\nE:#charismatic->$\n")
    bi = len(rp.blocks) - 1
    rp.turn_lines, rp.next_block = rp.blocks[bi][1], None
    assert rp.named_moves[bi] == [frozenset({"carismatico"})]
    defs = {3: "construtor", 4: "carismatico", 5: "desbravador"}
    rp._named_start = {4: "rapinas.lideres"}
    keyed = [((1, i), i) for i in range(3)]
    ids = ["3", "4", "5"]
    before = _Game(defs, {"rapinas.lideres": [3, 4, 5]})
    assert named_zone_cards.only(rp, before, [], keyed, ids) == [((1, 1), 1)]
    chosen = _Game(defs, {"rapinas.lideres": [3, 5], "rapinas.lider": [4]})
    assert named_zone_cards.only(rp, chosen, [], keyed, ids) == keyed
    assert named_zone_cards.only(rp, _Game(defs, before.s.zones, "branch"), [], keyed, ids) == keyed


class _Rp:
    """A replayer for the class's bookkeeping: the Corvids' line l. 20 of mega, its battles."""

    tolerant = True

    def __init__(self, mapping, battles=(), g=None):
        self.g = g            # the model, for the owner of a piece kind
        self.rec = parse("C: a\nP: b\nC:w->1\nP:w->6+10\nC:w->2\nP:w6->/t->6/w10->1/w1->/t->1\n")
        self.mp = mapping
        self.blocks = [(None, []), (None, []), ("marqueses", []), ("corvideos", [])]
        turn = self.rec.play_turns[-1]
        self.actions = [(None, turn, a) for a in turn.actions]
        self.battle_places = list(battles)


def test_a_plot_paid_with_fewer_warriors_than_the_rule_takes_is_classed_by_its_witness(mapping, root_def):
    """The probe widens only the acting faction's own removals in the corrected actions (`w1->`:
    any number more Corvid warriors from clearing 1), never another faction's pieces, an
    action already classed or a clearing where the line battles (a die's hits are no cost).
    An action the witness showed charged more is `log_cost_short`; the other actions of the
    line stay `unexplained`."""
    rp = _Rp(mapping, g=root_def)
    left = [[Atom("c1", WP, -1, 1, 3, 3), 1], [Atom("c1", frozenset({"corvideos.trama"}), 1, 1, 4, 3), 1],
            [Atom("c1", WC, -1, 1, 3, 3), 1]]
    extra = cost_short._extra_atoms(rp, left, {3, 4}, 3, "corvideos", {})
    assert [(a.place, sorted(a.kinds), a.sign, a.n, a.optional) for a in extra] == [("c1", ["corvideos.guerreiro"], -1, ALL, True)]
    assert cost_short._extra_atoms(rp, left, {3, 4}, 3, "corvideos", {3: "c1"}) == []
    assert cost_short._extra_atoms(_Rp(mapping, ["c1"], root_def), left, {3, 4}, 3, "corvideos", {}) == []
    rp._cost_short = {3: "c1", 4: "c1"}
    assert repair.classify(rp, 6, "w1->") == cost_short.COST_SHORT
    assert repair.classify(rp, 6, "t->1") == cost_short.COST_SHORT
    assert repair.classify(rp, 6, "w10->1") == repair.UNEXPLAINED


@pytest.mark.slow
@pytest.mark.skipif(not FULL or not os.path.isfile(MEGA), reason="RULESDSL_FULL=1 and ../shared/data/rootlog")
def test_the_corvids_second_plot_paid_with_one_warrior_is_a_record_error(mapping):
    """mega l. 20 `P:B#P->/w->1+4+6+10/w5->6/w6->/t->6/w10->1/w1->/t->1`, no card drawn: the
    Corvids Exert (13.6.1) for the second plot of the turn, which takes one warrior plus one
    for the plot already placed (13.5.2; tests/cenarios/root_corvideos.yaml «a segunda trama
    do turno custa 2 guerreiros»). The record takes one. Result: the engine's plot in clearing
    1 is the witness, and both corrections of the line are `log_cost_short` (about 30 s)."""
    from rulesdsl.rootlog.replay import Replayer
    with open(MEGA, encoding="utf-8") as fh:
        text = "\n".join(fh.read().splitlines()[:23]) + "\n"
    from rulesdsl.cli import _load
    rp = Replayer(_load("root", None), parse(text), mapping, tolerant=True)
    res = rp.run()
    got = [(c.line, c.raw, c.klass) for c in res.corrections if c.line == 20]
    assert got == [(20, "w1->", "log_cost_short"), (20, "t->1", "log_cost_short")]
