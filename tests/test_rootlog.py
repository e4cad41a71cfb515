"""Rootlog records (rulesdsl/rootlog): the notation read construct by construct, positioned
errors for bad input, the CLI, a replay of a real game's opening (when ../shared is beside the
repository) and the round trip rulesdsl -> Rootlog -> rulesdsl."""
import json
import os
import random

import pytest

from rulesdsl.rootlog.notation import RootlogSyntaxError, parse, parse_action

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data", "rootlog", "games"))
if not os.path.isdir(GAMES):
    GAMES = "/work/shared/data/rootlog/games"
HAVE_GAMES = os.path.isdir(GAMES)
needs_games = pytest.mark.skipif(not HAVE_GAMES, reason="../shared/data/rootlog is not beside the repository")


# -- the notation, one construct at a time ---------------------------------------------------------

def _things(a):
    return [(t.kind, t.count, t.faction, t.type, t.sub, t.name, t.suits, t.states,
             t.start and (t.start.kind, t.start.value, t.start.faction, t.start.sub)) for t in a.things]


def test_a_warrior_goes_from_supply_to_three_clearings_one_each():
    a = parse_action("w->1+2+12")
    assert a.kind == "move"
    assert _things(a) == [("piece", 1, None, "w", None, None, (), "", None)]
    assert [(d.kind, d.value) for d in a.dests] == [("clearing", 1), ("clearing", 2), ("clearing", 12)]


def test_pieces_of_another_faction_removed_from_a_clearing_with_a_group_start():
    a = parse_action("(2Ew+Eb)4->")
    assert _things(a) == [("piece", 2, "E", "w", None, None, (), "", ("clearing", 4, None, None)),
                          ("piece", 1, "E", "b", None, None, (), "", ("clearing", 4, None, None))]
    assert a.dests == []


def test_a_group_with_a_count_and_a_start_inside():
    a = parse_action("(t+4w0)->5")
    assert _things(a)[1] == ("piece", 4, None, "w", None, None, (), "", ("clearing", 0, None, None))
    assert parse_action("(5w)1->12").things[0].count == 5


def test_subtyped_pieces_forests_and_paths():
    assert _things(parse_action("Pt_s3->"))[0][:5] == ("piece", 1, "P", "t", "s")
    a = parse_action("p->2_7_10")
    assert (a.dests[0].kind, a.dests[0].value) == ("forest", (2, 7, 10))
    assert parse_action("2_5->").kind == "path" and parse_action("2_5->").path == (2, 5)
    assert parse_action("t10^t_2_t").to.sub == "2_t"


def test_cards_by_suit_group_name_ambush_and_start():
    assert _things(parse_action("(2F+M)#E->$_r"))[0] == (
        "card", 3, None, None, None, None, ((2, "F"), (1, "M")), "", ("hand", None, "E", None))
    a = parse_action("#cplansO->A")
    assert a.things[0].name == "cplans" and a.things[0].start.faction == "O"
    assert a.dests[0].kind == "hand" and a.dests[0].faction == "A"
    amb = parse_action("F#@*->C").things[0]
    assert amb.ambush and amb.suits == ((1, "F"),) and amb.start.kind == "discard"
    assert parse_action("#->C+G").dests[1].faction == "G"
    assert parse_action("#marshalD$->").things[0].start.kind == "board"
    assert parse_action("M#Q->$").things[0].start.kind == "quests"


def test_items_with_states_and_boards_with_sub_locations():
    a = parse_action("%sde->r")
    assert a.things[0].type == "s" and a.things[0].states == "de" and a.dests[0].value == "r"
    assert parse_action("%tE$->$").things[0].start.faction == "E"
    b = parse_action("V$_E->h").things[0]
    assert (b.kind, b.faction, b.sub) == ("board", "V", "E")
    assert [t.sub for t in parse_action("($_h+$_r)->2").things] == ["h", "r"]


def test_battle_with_ambush_counter_and_rolls():
    a = parse_action("XE10B@M@")
    assert (a.kind, a.target, a.clearing, a.ambushes) == ("battle", "E", 10, ("B", "M"))
    assert parse_action("XP2M@(0,0)").rolls == (0, 0)
    assert parse_action("AXE3").faction == "A"


def test_craft_score_coalition_reveal_expose_trick_flip():
    assert parse_action("Z%h").item == "h"
    assert parse_action("Zfpart").things[0].name == "fpart"
    assert parse_action("++").amount == 1 and parse_action("--7").amount == -7
    assert parse_action("P++2").faction == "P"
    assert parse_action("++->E$").kind == "coalition"
    r = parse_action("M#^P")
    assert (r.kind, r.target, r.things[0].suits) == ("reveal", "P", ((1, "M"),))
    assert parse_action("D^A").faction == "D" and parse_action("^A").target == "A"
    e = parse_action("?Pt_s3")
    assert (e.kind, e.faction, e.clearing, e.piece.sub) == ("expose", "P", 3, "s")
    t = parse_action("t12<->t4")
    assert t.kind == "trick" and t.piece.start.value == 12 and t.to.start.value == 4
    f = parse_action("Pt12^t_r")
    assert (f.kind, f.faction, f.clearing, f.to.sub) == ("flip", "P", 12, "r")


def test_a_record_header_players_setup_and_turn_order():
    rec = parse("// a comment\nMap: Lake\nDeck: E&P\nClearings: F1, R2, M3\nE: Ana\nC: Bia\n"
                "C:t_k->2/w->3\nE:b+6w->1\n\nC:t->2 // wood\nE:w->1\nC:w->3\nWinner: C\n")
    assert rec.header["map"] == "Lake" and rec.players == {"E": "Ana", "C": "Bia"}
    assert rec.setup_order() == ["C", "E"] and rec.turn_order() == ["C", "E"]
    assert rec.clearing_suits() == {1: "F", 2: "R", 3: "M"}
    assert rec.winner == "C" and (10, "wood") in rec.comments


# -- bad input: a position, never a traceback ----------------------------------------------------

@pytest.mark.parametrize("text,line,col,code", [
    ("E: a\nE:w->1/%->e\n", 2, 9, "RL.bad_item"),                 # an item without its code
    ("E: a\nE:w->1/#A\n", 2, 8, "RL.no_arrow"),                   # a card going nowhere
    ("P: a\nP:t^3->t_s\n", 2, 4, "RL.bad_location"),
    ("Mapa: Fall\n", 1, 1, "RL.unknown_key"),
    ("E: a\nE:XE3Q@\n", 2, 6, "RL.bad_suit"),           # at the bad suit
    ("E: a\nE:w->1/ZZ\n", 2, 9, "RL.bad_craft"),
    ("Clearings: F1, Q2\nE: a\n", 1, 1, "RL.bad_clearings"),
])
def test_bad_input_is_reported_with_line_and_column(text, line, col, code):
    with pytest.raises(RootlogSyntaxError) as e:
        parse(text).clearing_suits()
    assert (e.value.line, e.value.col, e.value.code) == (line, col, code)


def test_the_command_line_reports_a_syntax_error_and_exits_1(tmp_path, capsys):
    from rulesdsl.cli import main
    bad = tmp_path / "bad.rootlog"
    bad.write_text("Map: Fall\nC: x\nC:t_k->1/w->\nC:w->1/%->e\n", encoding="utf-8")
    assert main(["rootlog", "importar", str(bad), "--idioma", "es"]) == 1
    err = capsys.readouterr().err
    assert "CLI065" in err and "bad.rootlog:4:9" in err and "artículo mal formado" in err
    assert main(["rootlog", "importar", str(tmp_path / "none.rootlog")]) == 1
    assert "CLI068" in capsys.readouterr().err


@needs_games
def test_the_eight_games_parse_with_the_turn_orders_of_the_index():
    with open(os.path.join(GAMES, "..", "index.json"), encoding="utf-8") as fh:
        index = json.load(fh)
    total = 0
    for entry in index:
        with open(os.path.join(GAMES, entry["file"]), encoding="utf-8") as fh:
            rec = parse(fh.read())
        assert rec.draft_order == list(entry["players_in_draft_order"])
        assert rec.setup_order() == entry["setup_order"]
        assert rec.turn_order() == entry["turn_order"]
        assert rec.winner == entry["winner"]
        assert len(rec.play_turns) == entry["turn_lines_after_setup"]
        total += sum(len(t.actions) for t in rec.turns)
    assert total == 2929


# -- replays -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def root(root_def):
    return root_def


@needs_games
def test_the_opening_of_a_real_game_replays_setup_and_first_turns(root, mapping):
    """r1g2 (Lake, E&P): the setup and the first round, each change matched on the engine."""
    from rulesdsl.rootlog.replay import Replayer
    with open(os.path.join(GAMES, "2020_11_19_winter_tournament_r1g2.rootlog"), encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    # the header, the setup and the first two turn lines (G and C)
    keep = lines[:lines.index("G:p->10/%r->e/%s10->$/++/Z%t/++2/%t->t/%s->e+d/%f->e/M#Q->$/2#->G/#->G") + 2]
    full = parse("\n".join(lines))
    rec = parse("\n".join(keep) + "\n")
    rec.seat_order = full.seat_order                # the seats come from the whole record
    rp = Replayer(root, rec, mapping)
    res = rp.run()
    assert res.stop is None, res.stop
    assert res.blocks_done == res.blocks_total == 3
    assert res.scores["segundo_malandro"] == 3 and res.scores["marqueses"] == 1
    from rulesdsl.interpreter.board import attr
    assert [attr(res.game.ctx, f"c{n}", "naipe") for n in (1, 2, 3)] == ["raposa", "coelho", "rato"]


def test_a_game_played_in_rulesdsl_exports_and_replays(root, mapping, tmp_path):
    """The round trip: a random game of the base factions, written as Rootlog and read back,
    replays turn by turn to the same board and scores."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog.export import export_game
    from rulesdsl.rootlog.replay import Replayer
    game = Game(root, ["marqueses", "rapinas", "alianca", "malandro"], seed=3, log=True)
    r = random.Random(1)
    while game.s.turn_no < 9:          # two rounds, and the start of the third
        game.apply(r.randrange(len(game.legal_actions())))
    text = export_game(game, mapping)
    rec = parse(text)
    res = Replayer(root, rec, mapping).run()
    # every turn replays (the last line, a turn under way, ends with nothing more recorded)
    assert res.stop is None, (res.stop, text)
    assert res.blocks_done == res.blocks_total == 10
    assert res.actions_matched == res.actions_checked
    def pieces(g):       # the factions' pieces (the items under the ruins are not recorded)
        return {(sp, k): n for sp, ks in g.s.board.items() for k, n in ks.items() if n and "." in k}
    assert pieces(res.game) == pieces(game)
    assert res.scores == game.scores()


def test_the_spanish_ruleset_finds_the_mapping_through_its_text_folder():
    from rulesdsl.rootlog.mapping import load_mapping
    mp = load_mapping("rulesets/root-es")
    assert mp.faction("C") == "marqueses" and mp.map_id("Lake") == "lago"
    assert mp.piece_kinds("P", "t", None)[0] == "corvideos.trama"


# -- the matching, unit by unit --------------------------------------------------------------------

def _bare_replayer():
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer.__new__(Replayer)
    rp.soft = set()
    rp.twin_budget = 8
    return rp


def test_a_line_records_the_net_change_of_wood_placed_and_spent_within_it():
    """r1g2 l. 29 `t->10/.../M#C->/t10->/b_s->11/++/b_w->10`: birdsong puts one wood in 10,
    Overwork a second one, the two builds spend both; the log writes one of each. The surplus
    placement becomes one more removal owed, and the line closes only once it is made."""
    from rulesdsl.rootlog.replay import Atom
    wood = frozenset({"marqueses.madeira"})
    rp = _bare_replayer()
    left = [[Atom("c10", wood, 1, 1, 0, 1), 1], [Atom("c10", wood, -1, 1, 4, 1), 1]]
    k = ("c10", "marqueses.madeira")
    left = rp.consume(left, {k: 1}, {1})            # birdsong
    left = rp.consume(left, {k: 1}, {1})            # Overwork: not in the log
    assert left is not None and sum(r for _, r in left) == 2
    left = rp.consume(left, {k: -1}, {1})           # the sawmill
    assert sum(r for _, r in left) == 1             # one removal still owed
    left = rp.consume(left, {k: -1}, {1})           # the workshop
    assert sum(r for _, r in left) == 0
    # a place the line never takes wood from: a surplus there is no net change, a mismatch
    only_put = [[Atom("c10", wood, 1, 1, 0, 1), 0]]
    assert rp.consume(only_put, {k: 1}, {1}) is None


def test_the_record_contradicting_itself_is_found_from_the_record_alone():
    from rulesdsl.rootlog.ledger import overdraws
    rec = parse("O: a\nP: b\nO:4w->11\nP:w->1\nO:4w10->4\nP:t->1/t1^t_r/Pt_r1->\n")
    assert [(o.line, o.raw, o.owner, o.code, o.place, o.have, o.take) for o in overdraws(rec)] == [
        (5, "4w10->4", "O", "w", "10", 0, 4)]        # the flipped plot is no contradiction


@needs_games
def test_mega_exploding_birds_line_18_is_the_log_contradicting_itself():
    """The Riverfolk's setup puts its four warriors in 11 (l. 14) and no line moves any to 10,
    yet l. 18 moves four from 10 to 4 and l. 23 two more from 10: the engine stops at l. 18
    because the record does, and the report says so."""
    from rulesdsl.rootlog.ledger import overdraws
    with open(os.path.join(GAMES, "2020_11_08_mega_exploding_birds.rootlog"), encoding="utf-8") as fh:
        rec = parse(fh.read())
    setup = next(t for t in rec.setup_turns if t.faction == "O")
    assert setup.actions[0].raw == "4w->11"
    first = overdraws(rec)[:2]
    assert [(o.line, o.raw, o.place, o.have, o.take) for o in first] == [
        (18, "4w10->4", "10", 0, 4), (23, "2w10->11", "10", 0, 2)]


def test_the_report_says_the_record_contradicts_itself_at_the_stop():
    from types import SimpleNamespace as NS
    from rulesdsl.rootlog.report import report_text, result_json
    from rulesdsl.rootlog.replay import Stop
    rec = parse("Map: Winter\nO: a\nP: b\nO:4w->11\nP:w->1\nO:4w10->4\n")
    act = rec.turns[-1].actions[0]
    rp = NS(rec=rec, blocks=[(None, rec.setup_turns), ("ribeirinhos", [rec.turns[-1]])], g=None, swaps=[])
    stop = Stop(1, 6, act, "no_match")
    res = NS(seats=["ribeirinhos", "corvideos"], blocks_done=1, blocks_total=2, actions_matched=2,
             actions_checked=3, actions_total=3, skipped=[], stop=stop, scores={"ribeirinhos": 0},
             winner_log=None)
    text = report_text(rp, res, "es", "x.rootlog")
    assert "el registro se contradice aquí: la acción quita 4 de «w» (O) de 10" in text
    assert result_json(rp, res)["stop"]["log_overdraw"] == {"owner": "O", "code": "w", "place": "10",
                                                          "have": 0, "take": 4}


def test_a_step_whose_continuation_fails_gives_way_to_an_equal_alternative():
    """r2g4 l. 20 `3w->O$/B#O->C/t->2`: at the same price the boats match the payment and the
    wood the turn places next, the card from the Riverfolk's hand only the payment; the best
    ranked step (the boats) leaves `B#O->C` unmatchable, so the search takes the other
    candidate of that earlier step and keeps it, because its continuation ends the line. A line
    whose best candidates all go on is matched as before: its first pass is the greedy one."""
    from types import SimpleNamespace as NS
    from rulesdsl.rootlog.replay import Atom
    rp = _bare_replayer()
    rp.discrepancies, rp.backtracks, rp.budget = 2, 10, 60
    pay, card, wood = (Atom(None, None, 1, 1, i, 1) for i in range(3))
    start = [[pay, 1], [card, 1], [wood, 1]]

    def node(name, rems):
        return NS(name=name), [[at, r] for at, r in zip((pay, card, wood), rems)]
    # position -> its ranked candidates (game, left, ended)
    tree = {"start": [(*node("boats", (0, 1, 0)), False), (*node("card", (0, 1, 1)), False)],
            "boats": [],                                     # B#O->C never comes
            "card": [(*node("card_taken", (0, 0, 1)), False)],
            "card_taken": [(*node("wood", (0, 0, 0)), True)]}
    calls = []

    def candidates(g, left, bi, nxt, keep=6, budget=None):
        calls.append((g.name, budget))
        return tree[g.name]
    rp.candidates = candidates
    found, deepest = rp._solve(NS(name="start"), start, 1, None)
    assert found[0].name == "wood" and sum(r for _, r in found[1]) == 0
    assert [c for c, _ in calls] == ["start", "boats", "card", "card_taken"]
    assert calls[0][1] is None and calls[2][1] == 10      # the second pass: a smaller budget
    # the greedy path when it works: one candidate search per step, nothing else tried
    calls.clear()
    tree["start"].reverse()
    found, _ = rp._solve(NS(name="start"), start, 1, None)
    assert found[0].name == "wood" and [c for c, _ in calls] == ["start", "card", "card_taken"]
    # nothing matches the line: the furthest position reached is reported
    tree["card_taken"] = []
    found, deepest = rp._solve(NS(name="start"), start, 1, None)
    assert found is None and deepest[1].name == "card_taken" and deepest[0] == 1


def test_cards_shown_from_a_hand_are_cards_the_hand_holds(mapping):
    """r1g5 l. 25 `.../(R+B)#^/#captain->$`: the Duchy sways its Captain by revealing a rabbit
    and a bird card (12.5.3); the replay binds unseen cards of the hand to those suits, as it
    does for cards spent, or the engine offers no sway and the line cannot end."""
    from rulesdsl.rootlog.cards import needs_of
    rec = parse("D: a\nE: b\nD:t->3/2w->3\nE:b+6w->1\nD:R#D->E/(R+B)#^/2M#E^\n")
    turn = rec.play_turns[0]
    got = [(n.zone, n.suit) for n in needs_of(turn, mapping, "ducado")]
    assert got == [("ducado:mao", "coelho"), ("ducado:mao", "coelho"), ("ducado:mao", "passaro"),
                   ("rapinas:mao", "rato"), ("rapinas:mao", "rato")]


def _line(name, n):
    with open(os.path.join(GAMES, name + ".rootlog"), encoding="utf-8") as fh:
        rec = parse(fh.read())
    return next(t for t in rec.turns if t.line == n), rec


@needs_games
def test_r2g4_line_20_builds_twice_and_records_no_wood_spent():
    """Stop of r2g4 after the services are matched (l. 20 `b_r->6`): the Marquise places wood
    twice in 2 (`t->2`, Overwork's `t->2`) and builds a second recruiter and a second sawmill
    (1 wood each, 6.5.3), but the line removes no wood; her next line records the wood her
    build spends (l. 25 `t2+t4->`). The log leaves out what l. 20 spent: the engine cannot
    build for free, so the replay stops there (log wrong)."""
    turn, rec = _line("2020_11_24_winter_tournament_r2g4", 20)
    raws = [a.raw for a in turn.actions]
    assert raws.count("t->2") == 2 and "b_r->6" in raws and "b_s->3" in raws
    assert not any(a.kind == "move" and th.kind == "piece" and th.type == "t" and th.start is not None
                   for a in turn.actions for th in a.things)
    later = next(t for t in rec.turns if t.line == 25)
    assert "t2+t4->" in [a.raw for a in later.actions]


@needs_games
def test_after_dark_line_19_places_a_plot_where_no_warrior_was_removed():
    """after_dark_special l. 19 `w2->/t->4`: a plot is placed in 4 after removing a warrior
    from 2; 13.5.2 removes the warriors from the clearing the plot goes to (the same game's
    other plots and r1g5 l. 26 `w2->/t->2/2w4->/t->4` do so). The replay stops at `t->4`: the
    log names the wrong clearing for one of the two."""
    turn, _ = _line("2020_12_05_after_dark_special", 19)
    raws = [a.raw for a in turn.actions]
    i = raws.index("t->4")
    assert raws[i - 1] == "w2->"
    other, _ = _line("2020_11_20_winter_tournament_r1g5", 26)
    o = [a.raw for a in other.actions]
    assert o[o.index("t->2") - 1] == "w2->" and o[o.index("t->4") - 1] == "2w4->"


# -- items and hands (the matcher's expected deltas) -----------------------------------------------

def _expected(mapping, text, letter_line=-1):
    """The atoms of one turn line of a small record: [(action raw, place, kinds, sign, n, optional)]."""
    from rulesdsl.rootlog.replay import Replayer
    rec = parse(text)
    rp = Replayer.__new__(Replayer)
    rp.rec, rp.mp, rp.actions, rp.atoms = rec, mapping, [], []
    rp._build()
    atoms = rp.atoms[letter_line]
    return [(rp.actions[at.action][2].raw, at.place, tuple(sorted(at.kinds or ())), at.sign, at.n, at.optional)
            for at in atoms]


def test_vagabond_items_taken_exhausted_damaged_and_repaired_are_expected_changes(mapping):
    """r1g2 l. 23: the Adventurer takes the sword from the ruin in 10, crafts a tea (the card
    leaves the hand; the hammers may be exhausted unwritten), improvises a quest exhausting and
    damaging the sword (D.7.2), and draws; the track (`%t->t`) is no change the engine keeps."""
    got = _expected(mapping, "G: a\nC: b\nG:p->10\nC:w->1\n"
                             "G:%s10->$/Z%t/%t->t/%s->e+d/%f->e/2#->G/%_d->s+r/%xe->\n", 1)
    hand = ("zone", "segundo_malandro:mao")
    assert got == [
        ("%s10->$", ("it", "G", "n"), ("espada",), 1, 1, False),
        ("Z%t", hand, (), -1, 1, False),
        ("Z%t", ("it", "G", "n"), ("cha",), 1, 1, False),
        ("Z%t", ("it", "G", "e"), ("martelo",), 1, 99, True),
        ("%s->e+d", ("it", "G", "e"), ("espada",), 1, 1, False),
        ("%s->e+d", ("it", "G", "d"), ("espada",), 1, 1, False),
        ("%f->e", ("it", "G", "e"), ("bota",), 1, 1, False),
        ("2#->G", hand, (), 1, 2, False),
        ("%_d->s+r", ("it", "G", "d"), tuple(sorted(mapping.items.values())), -1, 99, True),
        ("%_d->s+r", ("it", "G", "e"), tuple(sorted(mapping.items.values())), -1, 99, True),
        ("%xe->", ("it", "G", "n"), ("besta",), -1, 1, False),
        ("%xe->", ("it", "G", "e"), ("besta",), -1, 1, False),
        ("%xe->", ("it", "G", "d"), ("besta",), -1, 1, True)]


def test_another_factions_line_damages_the_vagabond_and_the_aid_takes_a_crafted_item(mapping):
    got = _expected(mapping, "V: a\nE: b\nV:p->1\nE:w->1\nE:XV1B@M@/(%t+%f)V$->d\n", 1)
    assert got == [("XV1B@M@", ("zone", "malandro:mao"), (), -1, 1, False),      # the ambush
                   ("XV1B@M@", ("zone", "rapinas:mao"), (), -1, 1, False),       # and its counter
                   ("(%t+%f)V$->d", ("it", "V", "d"), ("cha",), 1, 1, False),
                   ("(%t+%f)V$->d", ("it", "V", "d"), ("bota",), 1, 1, False)]
    got = _expected(mapping, "V: a\nE: b\nV:p->1\nE:w->1\nE:w->1\nV:%hE$->$\n", 2)
    assert got == [("%hE$->$", ("it", "E", "n"), ("martelo",), -1, 1, False),
                   ("%hE$->$", ("it", "V", "n"), ("martelo",), 1, 1, False)]


def test_an_improvised_quest_is_a_quest_of_the_item_exhausted_alone(mapping):
    """`%s->e+d/%f->e/M#Q->$`: the sword exhausted and damaged is any item (D.7.2); the quest
    is a mouse quest one of whose items is a boot. `%f+%t->s+e/F#Q->$`: both items."""
    from rulesdsl.rootlog.cards import needs_of
    rec = parse("G: a\nC: b\nG:p->10\nC:w->1\nG:%s->e+d/%f->e/M#Q->$\nC:w->1\nG:%f+%t->s+e/F#Q->$\n")
    one, two = (needs_of(t, mapping, "segundo_malandro") for t in rec.play_turns if t.faction == "G" and len(t.actions) > 1)
    assert [(n.zone, n.suit, n.pair) for n in one] == [
        ("tarefas", "rato", (("primeiro_item", "segundo_item"), "bota"))]
    assert [(n.zone, n.suit, n.pair) for n in two] == [
        ("tarefas", "raposa", (("primeiro_item", "segundo_item"), ["bota", "cha"]))]


def test_a_line_whose_last_step_gives_and_takes_back_a_card_closes():
    """orderly_eyrie l. 25 `.../#A->$/#->A`: the Alliance mobilises its last card and the turn
    ends at once with its draw; the hand shows no change, and the two open changes cancel."""
    from rulesdsl.rootlog.replay import Atom
    rp = _bare_replayer()
    hand = ("zone", "alianca:mao")
    left = [[Atom(hand, None, -1, 1, 5, 1), 1], [Atom(("zone", "alianca.apoiadores"), None, 1, 1, 5, 1), 0],
            [Atom(hand, None, 1, 1, 6, 1), 1], [Atom(hand, None, 1, 1, 9, 2), 1]]
    rp._cancel_pairs(left, 1)
    assert [r for _, r in left] == [0, 0, 0, 1]        # the next line's draw stays open


@needs_games
def test_the_ruins_hold_what_the_record_takes_from_them(root, mapping):
    """r1g2: the Vagabonds take a sword and a bag from the ruin in 10, a boot from 11, a hammer
    and a sword from 5, a hammer from 12; the setup's chance picks hide them there."""
    from collections import Counter
    from rulesdsl.rootlog.hidden import ruin_plan
    from rulesdsl.rootlog.replay import Replayer
    with open(os.path.join(GAMES, "2020_11_19_winter_tournament_r1g2.rootlog"), encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    full = parse("\n".join(lines))
    plan = ruin_plan(full, mapping)
    assert plan == {"c10": Counter({"espada": 1, "bolsa": 1}), "c11": Counter({"bota": 1}),
                    "c5": Counter({"martelo": 1, "espada": 1}), "c12": Counter({"martelo": 1})}
    rec = parse("\n".join(lines[:lines.index("V:#thief->$/p->4_5_6_11") + 1]) + "\n")
    rec.seat_order = full.seat_order
    rp = Replayer(root, rec, mapping)
    rp.ruins.plan = plan
    res = rp.run()
    assert res.stop is None
    held = Counter()
    for sp, ks in res.game.s.board.items():
        for k, n in ks.items():
            if n and k in rp.item_kinds:
                held[(sp, k)] += n
    for sp, want in plan.items():
        for k, n in want.items():
            assert held[(sp, k)] >= n, (sp, k, held)


@needs_games
def test_r1g2_line_25_the_quest_pays_both_its_rewards():
    """r1g2 l. 25 `R#Q->$/2#->V/++`: the Thief completes a quest, draws two cards and scores a
    point; 9.5.5 gives one or the other. Nothing else of the line scores there (the aid's
    point comes after `$_C->1`), so the record gives the quest both: the replay stops at `++`."""
    turn, _ = _line("2020_11_19_winter_tournament_r1g2", 25)
    raws = [a.raw for a in turn.actions]
    i = raws.index("R#Q->$")
    assert raws[i + 1:i + 3] == ["2#->V", "++"]
    assert raws[i + 3:i + 7] == ["%f->e", "#V->C", "$_C->1", "++"]


def test_the_record_counts_its_own_hands():
    """A hand counted from the record alone: 3 dealt, `#->L` draws, `F#L->` spends, `Zfalse`
    crafts; a shown card (`F#^`) stays but serves the line once. With two cards left, the third
    card shown and the craft after it are too many."""
    from rulesdsl.rootlog.ledger import hand_shortfalls
    rec = parse("L: a\nC: b\nL:w->1\nC:w->2\nL:F#^/w->1/F#L->/Zfalse/#->L\nC:w->2\nL:F#^/M#^/R#^/Zfalse\n")
    assert [(h.line, h.raw, h.owner, h.hand, h.shown) for h in hand_shortfalls(rec, 3)] == [
        (7, "R#^", "L", 2, 3), (7, "Zfalse", "L", 1, 3)]


@needs_games
def test_r2g3_line_28_uses_six_cards_from_a_hand_of_five(mapping):
    """r2g3 l. 28: the Lizards show a fox (recruit), spend a fox (score), show two mice (two
    gardens), a rabbit (recruit) and craft False Orders: six cards; the record has given their
    hand five (3 dealt, 2 drawn at l. 23; the cards shown there come back). The replay stops
    in that line, and the report says the record contradicts itself there."""
    from rulesdsl.rootlog.ledger import hand_shortfalls
    _, rec = _line("2020_11_25_winter_tournament_r2g3", 28)
    first = next(h for h in hand_shortfalls(rec, mapping.start_hand) if h.owner == "L")
    assert (first.line, first.raw, first.hand, first.shown) == (28, "Zfalse", 3, 4)


@needs_games
def test_orderly_eyrie_line_28_draws_the_outrage_card_into_the_alliances_hand():
    """orderly_eyrie l. 28 `XA2/At2->/#->A`: the Eyrie removes a sympathy token; Outrage (8.2.6)
    puts a card in the Alliance's supporters (`#->A$`, as the same record writes it at l. 22,
    `At12->/^A/#->A$`), never in its hand. With hands checked the replay stops at `At2->`."""
    turn, rec = _line("2020_11_19_orderly_eyrie", 28)
    raws = [a.raw for a in turn.actions]
    assert raws[raws.index("At2->") + 1] == "#->A"
    l22, _ = _line("2020_11_19_orderly_eyrie", 22)
    r22 = [a.raw for a in l22.actions]
    assert r22[r22.index("At12->") + 1:r22.index("At12->") + 3] == ["^A", "#->A$"]


def test_two_dice_that_change_the_same_now_but_differ_later_are_both_tried():
    """r1g3 l. 26 `XD10/Dw10->/++/%xe->d`: the Vagabond attacks the Duchy in 10; the dice
    where the Duchy hits back and those where it does not remove the same warrior at the dice
    step (the damaged item is chosen a decision later). The two positions look the same to
    the record there, so both are kept (one per position: equal dice are one candidate) and
    the second is tried after the first fails, with no discrepancy left to spend."""
    from types import SimpleNamespace as NS
    from rulesdsl.rootlog.replay import Atom
    from rulesdsl.rootlog.search import Candidates
    rp = _bare_replayer()
    rp.discrepancies, rp.backtracks, rp.budget = 0, 0, 60
    hit, dmg = Atom(None, None, -1, 1, 0, 1), Atom(None, None, 1, 1, 1, 1)
    # _distinct: four dice outcomes, three of them the same position (no damage), one not
    seen = {"warrior": 1}
    def pos(name, kind):
        return NS(name=name, pending=NS(player="malandro", kind=kind),
                  s=NS(counters={}, turn_no=3, zones={}, marks={}, flags={}, supply={}, piece_zones={}, pstat={}),
                  legal_ids=lambda: [kind])
    rp.obs = lambda g: dict(seen)
    sc = (0, 1, 1, 1, 1, -1)
    found = [(sc, pos("miss", "menu"), [[hit, 0], [dmg, 1]], False)] * 3 + \
            [(sc, pos("hit", "item"), [[hit, 0], [dmg, 1]], False)]
    cands = rp._distinct(found, 6)
    assert [g.name for g, _, _ in cands] == ["miss"] * 3 + ["hit"] and cands.twins == [3]
    # _dfs: the first (no damage) cannot go on, its twin closes the line
    tree = {"start": cands, "miss": [],
            "hit": [(NS(name="end"), [[hit, 0], [dmg, 0]], True)]}
    rp.candidates = lambda g, left, bi, nxt, keep=6, budget=None: tree[g.name]
    found, _ = rp._solve(NS(name="start"), [[hit, 1], [dmg, 1]], 1, None)
    assert found is not None and found[0].name == "end"
    rp.twin_budget = 0                     # without twins, the greedy pass alone fails
    assert rp._solve(NS(name="start"), [[hit, 1], [dmg, 1]], 1, None)[0] is None
    assert isinstance(cands, Candidates)


# -- the tolerant replay corrects the position to the record ---------------------------------------

def _short_game_log(root, mapping):
    """A game of two factions played in rulesdsl (Fall), its first round and a half as Rootlog
    (l. 9 `C:t->2/M#codebreakersC->/t->2/#->C`, then the Eyrie's l. 10 and the Marquise's l. 11)."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog.export import export_game
    game = Game(root, ["marqueses", "rapinas"], seed=14, log=True)
    r = random.Random(1)
    while game.s.turn_no < 4:
        game.apply(r.randrange(len(game.legal_actions())))
    return export_game(game, mapping).splitlines()


def _tampered(lines, old, new):
    i = lines.index(old)
    return "\n".join(lines[:i] + [new] + lines[i + 1:]) + "\n"


def test_tolerant_replay_corrects_a_removal_the_players_flagged_and_goes_on(root, mapping):
    """The Marquise's first turn removes her own warrior from 10 (`w10->`), which no rule
    lets her do there; the transcriber's comment says it was a mistake. The tolerant replay
    takes the warrior off 10 as the record says (a referee's correction, classed as the
    players' mistake), matches the rest of the line and the next two, and the saved game
    loads to the same position, the correction included."""
    from rulesdsl.rootlog.replay import Replayer
    from rulesdsl.rootlog.saved import load_saved, to_saved
    lines = _short_game_log(root, mapping)
    text = _tampered(lines, "C:t->2/M#codebreakersC->/t->2/#->C",
                     "C:t->2/w10->/M#codebreakersC->/t->2/#->C // removed by mistake")
    strict = Replayer(root, parse(text), mapping).run()
    assert strict.stop is not None and strict.stop.action.raw == "w10->"
    rp = Replayer(root, parse(text), mapping, tolerant=True)
    res = rp.run()
    assert res.stop is None and res.blocks_done == res.blocks_total
    [c] = res.corrections
    assert (c.line, c.raw, c.klass, c.edits, c.missing) == (
        9, "w10->", "players_mistake", [["take", "c10", "marqueses.guerreiro", 1]], 0)
    assert res.game.s.count("c10", "marqueses.guerreiro") == 0
    from rulesdsl.interpreter.invariants import check
    assert check(res.game) == []
    assert res.actions_matched == res.actions_checked - 1        # the corrected one is not matched
    again = load_saved(root, json.loads(json.dumps(to_saved(rp, res))))
    assert again.s.board == res.game.s.board and again.scores() == res.scores


def test_points_a_correction_gives_reach_thirty_and_the_game_ends(root, mapping):
    """3.1: a player wins at once on reaching 30 points. The record gives the Marquise 30
    points no rule of her first turn gives (`++30`); the referee's correction scores them,
    the engine's victory check follows, she wins and the replay stops there as a game over."""
    from rulesdsl.rootlog.replay import Replayer
    lines = _short_game_log(root, mapping)
    text = _tampered(lines, "C:t->2/M#codebreakersC->/t->2/#->C", "C:t->2/++30/M#codebreakersC->/t->2/#->C")
    res = Replayer(root, parse(text), mapping, tolerant=True).run()
    [c] = res.corrections
    assert (c.raw, c.edits) == ("++30", [["vp", "marqueses", 30]])
    assert res.game.is_terminal() and res.game.winners() == ["marqueses"]
    assert res.stop is not None and (res.stop.reason, res.stop.line) == ("game_over", 9)


def test_tolerant_replay_classes_a_removal_the_record_never_put_there(root, mapping):
    """`2w10->`: the record put one Marquise warrior in 10 and takes two: the record
    contradicts itself (ledger), the correction takes the one the engine has and says one
    change could not be made."""
    from rulesdsl.rootlog.replay import Replayer
    from rulesdsl.rootlog.report import report_text
    lines = _short_game_log(root, mapping)
    text = _tampered(lines, "C:t->2/M#codebreakersC->/t->2/#->C", "C:t->2/2w10->/M#codebreakersC->/t->2/#->C")
    rp = Replayer(root, parse(text), mapping, tolerant=True, lang="pt")
    res = rp.run()
    [c] = res.corrections
    assert (c.raw, c.klass, c.missing) == ("2w10->", "log_overdraw", 1)
    out = report_text(rp, res, "pt", "x.rootlog")
    assert "corrigida (--tolerante): linha 9, «2w10->»" in out
    assert "correções do árbitro: 1 (o registro se contradiz (tira o que não pôs): 1)" in out
