"""The Riverfolk in the real games (rulesdsl/rootlog/start_points.py): points the engine scores
by itself at the start of a turn that the record does not write.

r2g4 (2020_11_24_winter_tournament_r2g4) l. 30: the Marquise's line ends, the Riverfolk's
Birdsong begins and pays Dividends (11.4.2) from funds that the corrections of l. 26 left
uncommitted (a corrected battle or move pays no fund): 3 points the record never writes (l. 31
starts with `2Cw$->`). Before, the Marquise's line could not end (its last step makes a change
no line records), so it was corrected too; now, tolerant, the Marquise's line ends and the
Riverfolk's points are corrected away, and the engine's score follows the record."""

from rulesdsl.rootlog.notation import parse

RECORD = ("Map: Fall\nDeck: Standard\nC: Edu\nE: Billy\n"
          "C:t_k->2/b_s->2/b_r->10/b_w->5/w->1+2+3+5+6+7+8+9+10+11+12\nE:b+6w->4\n"
          "C:#->C\n"
          "E:++/#->E/++2\n")


def _replayer(root_def, mapping, tolerant):
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(RECORD), mapping, tolerant=tolerant)
    rp.corrections = []
    rp.next_faction = "rapinas"          # the Marquise's line 7 ends, the Eyrie's line 8 begins
    rp.next_block = 2
    return rp


def _line_end(rp):
    """The Marquise's line (block 1) at its last step: its draw is open; the step also starts
    the Eyrie's turn, where the engine scores 3 points. The Eyrie's line begins with one
    (`E:++`); its `++2` comes after a draw, so it is not the turn start's."""
    rp._ending = True
    try:
        left = [[at, at.n] for at in rp.atoms[1] + rp.atoms[2]]
        diff = {("zone", mapping_hand(rp, "marqueses")): 1, ("pv", "rapinas"): 3}
        return rp.consume(left, diff, {1, 2})
    finally:
        rp._ending = False


def mapping_hand(rp, fid):
    return rp.mp.hand(fid)


def test_strict_a_line_cannot_end_on_points_no_line_writes(root_def, mapping):
    rp = _replayer(root_def, mapping, tolerant=False)
    assert _line_end(rp) is None


def test_tolerant_the_next_turns_own_points_are_corrected_away(root_def, mapping):
    rp = _replayer(root_def, mapping, tolerant=True)
    left = _line_end(rp)
    assert left is not None
    assert not any(rem for at, rem in left if at.turn == 1)     # the Marquise's line is done
    assert sorted(rem for at, rem in left if at.turn == 2 and at.place == ("pv", "rapinas")
                  and not getattr(at, "unrecorded", False)) == [0, 2]
    game = rp.new_game()
    key = game.g.counter_key(game.g.score, "rapinas")
    game.s.add(key, 3)                                          # the engine's start-of-turn points
    left = rp._settle_start_points(game, left, 2)
    assert game.scores()["rapinas"] == 1                        # the record's `E:++`
    assert not any(getattr(at, "unrecorded", False) for at, _ in left)
    (c,) = rp.corrections
    assert (c.line, c.klass, c.edits) == (8, "unrecorded_points", [["vp", "rapinas", -2]])


def test_a_forced_end_keeps_the_points_the_next_line_writes(root_def, mapping):
    """A turn ended by force runs the next turn's start unchecked: of 3 points the Eyrie
    scores there, the 1 its line begins with (`E:++/...`) is its own, the other 2 are
    corrected (its `++2` is for later)."""
    rp = _replayer(root_def, mapping, tolerant=True)
    before = rp.new_game()
    ended = before.clone()
    ended.s.add(ended.g.counter_key(ended.g.score, "rapinas"), 3)
    left = [[at, at.n] for at in rp.atoms[2]]
    rp._forced_start_points(before, ended, left, 2)
    assert sorted(rem for at, rem in left if at.place == ("pv", "rapinas")) == [0, 2]
    assert ended.scores()["rapinas"] == 1
    assert [c.edits for c in rp.corrections] == [[["vp", "rapinas", -2]]]


# -- Protectionism (11.4.1), unwritten ------------------------------------------------------------

RIVER = ("Map: Fall\nDeck: E&P\nC: Edu\nO: Billy\n"
         "C:t_k->2/b_s->2/b_r->10/b_w->5/w->1+2+3+5+6+7+8+9+10+11+12\nO:w->10+11/2w->5/$_->3\n"
         "C:#->C\n"
         "O:2Cw$->/t_m+w->11/++2\n")


def _river_end(root_def, mapping, kind):
    """The Marquise's line ends; the Riverfolk's Birdsong puts 2 warriors of `kind` on their
    board (payments) where the Riverfolk's line only spends 2 of the Marquise's (`2Cw$->`)."""
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(RIVER), mapping, tolerant=False)
    rp._ending = True
    try:
        left = [[at, at.n] for at in rp.atoms[1] + rp.atoms[2]]
        diff = {("zone", rp.mp.hand("marqueses")): 1, (("pz", "O$"), kind): 2}
        return rp.consume(left, diff, {1, 2})
    finally:
        rp._ending = False


def test_protectionism_left_unwritten_passes(root_def, mapping):
    """r2g4 never writes Protectionism's `2w->$` (after_dark does): the Riverfolk's own
    warriors put on their board, which the lines say nothing of, pass."""
    assert _river_end(root_def, mapping, "ribeirinhos.guerreiro") is not None


def test_a_payment_of_a_kind_the_line_names_there_does_not(root_def, mapping):
    """The same put of the Marquise's warriors, whose the line names on that board, is a
    change the record does not make: no match."""
    assert _river_end(root_def, mapping, "marqueses.guerreiro") is None


# -- which player's warrior a fund is committed from (11.5) ---------------------------------------

def _at_fund_choice(root_def):
    """A Marquise–Riverfolk game played at random to the Riverfolk choosing whose warrior in
    their funds pays (11.5): the Marquise's or their own."""
    import random
    from rulesdsl.interpreter.engine import Game
    game = Game(root_def, ["marqueses", "ribeirinhos"], seed=3, map_id="outono", deck_id="exilados")
    r = random.Random(5)
    for _ in range(200):
        if game.pending.player == "ribeirinhos" and sorted(game.legal_ids()) == ["marqueses", "ribeirinhos"]:
            return game
        game.apply(r.randrange(len(game.legal_ids())))
    raise AssertionError("no fund choice")


def test_a_fund_the_line_spends_later_is_not_committed_first(root_def, mapping):
    """The line still spends two of the Marquise's warriors from the funds (`2Cw$->`): the
    search tries the Riverfolk's own warrior first (committing changes nothing the record sees,
    so the first one tried is the one kept); with nothing of the kind left to spend, the seat
    order stands."""
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(RIVER), mapping)
    rp.turn_lines, rp.battle_places, rp.needs = [], [], []
    game = _at_fund_choice(root_def)
    ids = game.legal_ids()
    spends = [[at, at.n] for at in rp.atoms[2]]
    assert [ids[i] for i in rp._ordered(game, spends)] == ["ribeirinhos", "marqueses"]
    assert [ids[i] for i in rp._ordered(game, [])] == ids


def test_a_forced_end_leaves_the_points_the_ended_line_owes_the_next_faction(root_def, mapping):
    """after_dark l. 33 `A:.../Zcharm/#->A/P++/...`: the Alliance's line, ended by force, owes
    the Corvids the point its Charm Offensive scores in the Evening; the engine scores it there,
    and it is not taken away again as the Corvids' own."""
    from rulesdsl.rootlog.expected import Atom
    rp = _replayer(root_def, mapping, tolerant=True)
    before = rp.new_game()
    ended = before.clone()
    ended.s.add(ended.g.counter_key(ended.g.score, "rapinas"), 2)
    left = [[at, at.n] for at in rp.atoms[2]]
    owed = [(Atom(("pv", "rapinas"), None, 1, 1, 3, 1), 1)]
    rp._forced_start_points(before, ended, left, 2, owed)
    assert ended.scores()["rapinas"] == 2 and rp.corrections == []
