"""The Eyrie in the real games (docs/rootlog.md, «O decreto das Rapinas»): the new leader's
viziers after turmoil, and points a record takes below zero."""
import os

from rulesdsl.rootlog.notation import parse

GAMES = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data", "rootlog", "games")

# mega_exploding_birds l. 24: a fox card added to the Build column, the decree resolved until
# it cannot be, turmoil (`--3`, `$_->`), the Despot chosen (its viziers go to Move and Build,
# 7.8.4), the Evening's draw
TURMOIL = "E:F#E->$_b/6w->3/--3/$_->/#despot->$/#->E"


def _replayer(root_def, mapping, text):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(text), mapping)


def _line_made_but(rp, bi, raws):
    """The line's atoms, all made but those of the actions written `raws`."""
    return [[at, at.n if rp.actions[at.action][2].raw in raws or at.turn != bi else 0]
            for at in rp.atoms[bi]] + [[at, at.n] for at in rp.atoms[bi + 1]]


def _leader_step(rp, left, bi):
    """The engine's step that chooses the Despot: its viziers in Move and Build, then the
    Evening's draw, ending the turn (the diff the search sees)."""
    diff = {("zone", "rapinas.coluna_mover"): 1, ("zone", "rapinas.coluna_construir"): 1,
            ("zone", "rapinas:mao"): 1}
    rp._ending = True
    try:
        return rp.consume(left, diff, {bi, bi + 1})
    finally:
        rp._ending = False


def test_after_turmoil_the_new_leaders_vizier_may_go_to_a_column_the_line_filled(root_def, mapping):
    """The line put a fox in Build before its turmoil: the Despot's vizier put in Build is
    not a card the record forgot (the record never writes the viziers), and the step that
    chooses the Despot and draws in the Evening makes the line's `#->E`."""
    rp = _replayer(root_def, mapping, f"E: Rapinas\nC: Marqueses\nE:#->E\nC:#->C\n{TURMOIL}\nC:#->C\n")
    bi = 1
    left = _line_made_but(rp, bi, {"#->E", "--3"})
    new = _leader_step(rp, left, bi)
    assert new is not None
    draw = [rem for (at, rem) in new if rp.actions[at.action][2].raw == "#->E"]
    assert draw == [0]


def test_without_the_decree_discarded_a_card_put_in_a_written_column_is_a_mismatch(root_def, mapping):
    """The same step after a line that does not discard its decree (no `$_->`): a second card
    in the Build column the line wrote is a card the record does not have there."""
    rp = _replayer(root_def, mapping, "E: Rapinas\nC: Marqueses\nE:#->E\nC:#->C\nE:F#E->$_b/6w->3/#->E\nC:#->C\n")
    bi = 1
    left = _line_made_but(rp, bi, {"#->E"})
    assert _leader_step(rp, left, bi) is None


def test_the_viziers_pass_only_once_the_lines_own_cards_are_on_the_decree(root_def, mapping):
    """Before the line's own fox is on the Build column, a card put there is the fox's, not
    a vizier's: the vizier exemption waits for the line's cards."""
    from rulesdsl.rootlog import decree
    rp = _replayer(root_def, mapping, f"E: Rapinas\nC: Marqueses\nE:#->E\nC:#->C\n{TURMOIL}\nC:#->C\n")
    bi = 1
    key = ("zone", "rapinas.coluna_construir")
    assert decree.discarded_boards(rp, bi) >= {"rapinas.coluna_construir", "rapinas.coluna_mover"}
    assert not decree.refilled(rp, key, _line_made_but(rp, bi, {"F#E->$_b"}), {bi})
    assert decree.refilled(rp, key, _line_made_but(rp, bi, set()), {bi})


def test_points_lost_below_the_records_own_zero_are_named_and_not_made(root_def, mapping):
    """mega l. 24: the Eyrie, at 0 points by the record's own sum, writes `--3` for its
    turmoil. The class names it (log_below_zero); a correction of the loss stops at the score's
    minimum (0), as the engine's own loss does. Later losses the record's sum covers (l. 54,
    `--7`) are not that class."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import below_zero
    with open(os.path.join(GAMES, "2020_11_08_mega_exploding_birds.rootlog"), encoding="utf-8") as fh:
        rec = parse(fh.read())
    losses = {(ln, raw): (have, lost) for ln, raw, f, have, lost in below_zero.record_sums(rec, mapping)
              if f == "rapinas"}
    assert losses[(24, "--3")] == (0, 3)
    have, lost = losses[(54, "--7")]
    assert have >= lost

    class _Rp:
        pass
    rp = _Rp()
    rp.rec, rp.mp = rec, mapping
    assert below_zero.witnessed(rp, 24, "--3")
    assert not below_zero.witnessed(rp, 54, "--7")
    game = Game(root_def, ["rapinas", "marqueses"], seed=1)
    assert below_zero.floor_loss(game, "rapinas", -3) == 0
    game.s.add("rapinas:pv", 2)
    assert below_zero.floor_loss(game, "rapinas", -3) == -2
    assert below_zero.floor_loss(game, "rapinas", 4) == 4


def test_a_card_put_in_a_column_must_have_the_suit_the_line_writes(root_def, mapping):
    """mega l. 34 (`B#E->$_m/Zswap/...`): a bird card goes to the Move column. A step that puts
    a rabbit card there (Swap Meet, which the line crafts) is no match; a bird card is."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import decree
    rp = _replayer(root_def, mapping, "E: Rapinas\nC: Marqueses\nE:#->E\nC:#->C\n"
                                      "E:B#E->$_m/Zswap/9w8->9\nC:#->C\n")
    bi = 1
    left = [[at, at.n] for at in rp.atoms[bi]]
    game = Game(root_def, ["rapinas", "marqueses"], seed=1)
    defs, cards = game.s.card_defs, root_def.cards
    bird = next(i for i, c in enumerate(defs) if cards[c].attrs.get("naipe") == "passaro")
    rabbit = next(i for i, c in enumerate(defs) if cards[c].attrs.get("naipe") == "coelho")
    for card, wrong in ((rabbit, True), (bird, False)):
        after = game.clone()
        after.s.zones["rapinas.coluna_mover"] = list(after.s.zones.get("rapinas.coluna_mover", ())) + [card]
        assert decree.wrong_card(rp, game, after, left, bi) is wrong


def test_a_card_given_to_another_factions_board_is_not_checked_by_suit(root_def, mapping):
    """r1g5 l. 25 (`R#D->A$`): a card the line gives to the Alliance's supporters says nothing
    of what else the rules put there in the same step (the strict replay stopped there when it
    did); only the acting faction's own boards are checked."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import decree
    rp = _replayer(root_def, mapping, "E: Rapinas\nA: Alianca\nE:#->E\nA:#->A\n"
                                      "E:R#E->A$\nA:#->A\n")
    bi = 1
    left = [[at, at.n] for at in rp.atoms[bi]]
    game = Game(root_def, ["rapinas", "alianca"], seed=1)
    zone = mapping.boards["A"][""]
    defs, cards = game.s.card_defs, root_def.cards
    bird = next(i for i, c in enumerate(defs) if cards[c].attrs.get("naipe") == "passaro")
    after = game.clone()
    after.s.zones[zone] = list(after.s.zones.get(zone, ())) + [bird]
    assert decree.written(rp, bi) == {}
    assert decree.wrong_card(rp, game, after, left, bi) is False
