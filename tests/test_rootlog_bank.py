"""Better Burrow Bank in r1g3: a craft the record names by its card (`Zbank`) is made only when
that card leaves the crafter's hand (rulesdsl/rootlog/named_crafts.py, docs/rootlog.md
«O Banco da Toca»)."""
from rulesdsl.rootlog import named_crafts
from rulesdsl.rootlog.repair import Correction

L34 = "C:t->1/Zbank/t1->/b_s->12/++/2w->9/XG1/w1->/G$_C->h/(%s+%b)G$->d/#->C\n"


def _replayer(mapping, text):
    from rulesdsl.rootlog.notation import parse
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer.__new__(Replayer)
    rp.rec, rp.mp, rp.actions, rp.atoms = parse(text), mapping, [], []
    rp._build()
    rp.corrections = []
    return rp


class _Game:
    """Only what the check reads: each card instance's definition, and the zones."""

    def __init__(self, defs, zones):
        self.s = type("S", (), {"card_defs": defs, "zones": zones})()


DEFS = ["armeiros", "banco_da_toca", "dominio_coelho", "cha_de_raiz_rato", "banco_da_toca"]


def _rp(mapping):
    rp = _replayer(mapping, "C: a\nD: b\nC:t->1/w->2\n" + L34)
    bi = next(b for b, (_, turns) in enumerate(rp.blocks) if turns[0].line == 4)
    start = _Game(DEFS, {"marqueses:mao": [0, 1, 2, 3], "baralho": [4]})
    named_crafts.start(rp, start, bi)
    return rp, bi


def test_a_bird_card_spent_is_not_the_bank_crafted(mapping):
    """r1g3 l. 34. Position: the Marquise's hand holds Better Burrow Bank (and the other copy
    is in the deck). Record: `Zbank`, one card fewer in the hand. The engine's way without the
    craft: a bird card (Armorers) spent for an extra action, the bank still in the hand. Result:
    that line does not end there; the line whose bank left the hand (crafted) does."""
    rp, bi = _rp(mapping)
    spent = _Game(DEFS, {"marqueses:mao": [1, 2, 3], "descarte": [0], "baralho": [4]})
    assert named_crafts.crafted(rp, spent, bi) is False
    made = _Game(DEFS, {"marqueses:mao": [0, 2, 3], "marqueses:area": [1], "baralho": [4]})
    assert named_crafts.crafted(rp, made, bi) is True
    # the search's check at the line's end says the same (Search._named_moved)
    assert rp._named_moved(spent, bi) is False and rp._named_moved(made, bi) is True


def test_a_craft_the_referee_corrected_or_another_line_is_not_asked(mapping):
    """Position: as above, the bank still in the hand. Result: another line's end is not
    checked, and once the referee has corrected `Zbank` (tolerant mode: one card taken from
    the hand, maybe not the bank) the line may end without it."""
    rp, bi = _rp(mapping)
    kept = _Game(DEFS, {"marqueses:mao": [1, 2, 3], "descarte": [0], "baralho": [4]})
    assert named_crafts.crafted(rp, kept, bi + 1) is True
    ai = next(i for i, (_, _, a) in enumerate(rp.actions) if a.raw == "Zbank")
    rp.corrections = [Correction(pos=0, line=4, raw="Zbank", faction="C", klass="unexplained", action=ai)]
    assert named_crafts.crafted(rp, kept, bi) is True


def test_only_crafts_named_by_card_are_planned(mapping):
    """Record: an item craft (`Z%t`, its own atom in the crafter's items) and a named one.
    Result: only the named one is planned, with the Marquise's hand and the bank's ids."""
    rp = _replayer(mapping, "C: a\nD: b\nC:t->1\nD:w->2\nC:Z%t/Zbank\n")
    plan = named_crafts.plan(rp)
    assert [(rp.actions[ai][2].raw, hand) for b in plan for ai, hand, _ in plan[b]] == \
        [("Zbank", "marqueses:mao")]
    assert all("banco_da_toca" in ids for b in plan for _, _, ids in plan[b])
