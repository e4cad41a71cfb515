"""Rootlog replays (rulesdsl/rootlog) and how a faction wins: a dominance card activated, a
coalition formed (victory.py), a turn ended by force (forced.py), and the points a line
corrected at once still owes after that end (replay.py)."""
import random

import pytest

from rulesdsl.rootlog.notation import parse


@pytest.fixture(scope="module")
def root(root_def):
    return root_def


def _atoms(mapping, text, block=-1):
    """The expected changes of one turn line of a small record: [(raw, place, sign, n, optional)]."""
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer.__new__(Replayer)
    rp.rec, rp.mp, rp.actions, rp.atoms = parse(text), mapping, [], []
    rp._build()
    return [(rp.actions[at.action][2].raw, at.place, at.sign, at.n, at.optional) for at in rp.atoms[block]]


def test_a_coalition_the_record_writes_is_a_frozen_score_and_a_joined_victory(mapping):
    """r1g2 l. 40 `M#domV->$/++->E$`: the Vagabond plays the mouse dominance to form a
    coalition with the Eyrie (9.2.8): its card leaves the hand, its score is frozen and it wins
    when the Eyrie wins. Its later points (`Z%b/++`, l. 45) are not the engine's: its marker is
    off the track (3.3.1), so they are optional."""
    text = "C: a\nE: b\nV: c\nC:w->1\nE:w->2\nV:p->3\n" \
           "V:M#domV->$/++->E$/#->V\nV:Z%b/++\n"
    assert _atoms(mapping, text, -2) == [
        ("M#domV->$", ("zone", "malandro:mao"), -1, 1, False),
        ("++->E$", ("join", "malandro", "rapinas"), 1, 1, False),
        ("++->E$", ("lock", "malandro"), 1, 1, False),
        ("#->V", ("zone", "malandro:mao"), 1, 1, False)]
    assert ("++", ("pv", "malandro"), 1, 1, True) in _atoms(mapping, text, -1)
    # a dominance activated for itself (3.3.1): the frozen score without a coalition
    assert ("F#domC->$", ("lock", "marqueses"), 1, 1, False) in _atoms(
        mapping, "C: a\nE: b\nC:w->1\nE:w->2\nC:F#domC->$\n")


def _marquise_daylight(root):
    """A three-player game (Fall: two players play without dominance, A.7) at the Marquise's
    first Daylight menu, with 10 points and the fox dominance in her hand: she may activate it
    (3.3.1)."""
    from rulesdsl.interpreter.engine import Game
    game = Game(root, ["marqueses", "rapinas", "malandro"], seed=14)
    r = random.Random(1)
    while game.s.turn_no < 1:          # the setup, up to her first turn
        game.apply(r.randrange(len(game.legal_ids())))
    s, g = game.s, root
    s.add(g.counter_key(g.score, "marqueses"), 10)
    dom = next(c for z, cs in sorted(s.zones.items()) for c in cs if s.card_defs[c] == "dominio_raposa")
    s.move_card(dom, next(z for z, cs in s.zones.items() if dom in cs), "marqueses:mao")
    while not (game.pending.player == "marqueses" and "ativar_dominio" in game.legal_ids()):
        game.apply(r.randrange(len(game.legal_ids())))
    return game


def test_a_dominance_activation_the_record_does_not_write_is_not_a_spent_card(root, mapping):
    """r1g2 l. 44 `.../Zprop/B#C->/...`: the engine's Marquise may activate the dominance card
    (3.3.1), which takes a card from her hand as a spent one does, and the search took it for
    the card the line spends; five lines later she won by it. Her frozen score is now seen: a
    line that spends a card does not match it, a line that writes the activation does."""
    from rulesdsl.rootlog.replay import Replayer
    game = _marquise_daylight(root)
    rp = Replayer(root, parse("C: a\nE: b\nV: c\nC:w->1\nE:w->2\nV:p->3\nC:F#C->\nC:F#domC->$\n"), mapping)
    before = rp.obs(game)
    game.apply(game.legal_ids().index("ativar_dominio"))
    while "marqueses:area_de_jogo" not in game.s.zones or not game.s.zones["marqueses:area_de_jogo"]:
        game.apply(0)                    # the card to activate: the only dominance in hand
    diff = rp.diff(before, rp.obs(game))
    # (the play area is watched since play_area.py: a change no craft takes passes unrecorded)
    assert diff == {("zone", "marqueses:mao"): -1, ("lock", "marqueses"): 1, ("zone", "marqueses:area_de_jogo"): 1}
    spent, activated = ([[at, at.n] for at in rp.atoms[b]] for b in (1, 2))
    assert rp.consume(spent, diff, {1}) is None
    assert all(rem == 0 for _, rem in rp.consume(activated, diff, {2}))
    # a correction that makes it says so in the user's language (report.py)
    from rulesdsl.rootlog.report import _edit
    assert _edit(rp, ["lock", "marqueses"], "pt") == "pontos de Marqueses congelados"
    assert _edit(rp, ["join", "segundo_malandro", "marqueses"], "es") == "Segundo Vagabundo gana con Marquesa de Gato"


def test_a_turn_ended_by_force_never_activates_a_dominance_card():
    """Where a decision offers no end, a forced end takes the first option unless its play
    freezes a score or joins a victory: a decision of the Marquise's Daylight offering the
    dominance card first and a march second ends the turn by the march."""
    from types import SimpleNamespace as NS
    from rulesdsl.rootlog.forced import end_turn

    class Pos:
        """A position: its options lead to positions (names), `ativar` freezes her score."""
        tree = {"menu": ["ativar", "march"], "ativar": ["fim"], "march": ["fim"]}

        def __init__(self, name, flags=None, turn=1):
            self.name, self.factions = name, ["marqueses"]
            self.s = NS(turn_no=turn, flags=dict(flags or {}))
            self.g = NS(score="pv", counter_key=lambda c, f: f"{f}:{c}")

        def clone(self):
            return Pos(self.name, self.s.flags, self.s.turn_no)

        def legal_ids(self):
            return self.tree[self.name]

        def is_chance_node(self):
            return False

        def is_terminal(self):
            return False

        def apply(self, i):
            nxt = self.tree[self.name][i]
            if nxt == "ativar":
                self.s.flags[("locked", "marqueses:pv")] = True
            if nxt == "fim":
                self.s.turn_no += 1
            self.name = nxt

    # a replayer with no line yet (no blocks): nothing the line names comes first (forced_named.py)
    rp = NS(_auto_chance=lambda g: None, rng=random.Random(0), blocks=[], named_moves={})
    ended = end_turn(rp, Pos("menu"))
    assert ended.s.turn_no == 2 and not ended.s.flags
    Pos.tree["march"] = []              # no other way: the turn is not ended at all
    assert end_turn(rp, Pos("menu")) is None


def test_a_coalition_made_by_a_correction_wins_with_its_partner(root):
    """9.2.8: the Vagabond in a coalition with the Marquise wins when she wins. The record
    writes the coalition where the engine cannot make it; the referee's correction freezes the
    Vagabond's score and joins its victory to hers; the Marquise's 30th point (3.1), also a
    correction, ends the game with both as winners."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import repair
    game = Game(root, ["marqueses", "rapinas", "malandro"], seed=5)
    r = random.Random(5)
    while game.s.turn_no < 2:
        game.apply(r.randrange(len(game.legal_ids())))
    repair.apply(game, [["lock", "malandro"], ["join", "malandro", "marqueses"]])
    assert game.s.partners("marqueses") == ("malandro",)
    before = game.scores()["malandro"]
    repair.apply(game, [["vp", "marqueses", 30 - game.scores()["marqueses"]]])
    assert game.is_terminal() and game.winners() == ["marqueses", "malandro"]
    assert game.scores()["malandro"] == before


def test_points_owed_after_a_turn_ended_by_force_are_net_of_the_roosts_it_scored(root, mapping):
    """A round of two factions played in rulesdsl and written as Rootlog; the Eyrie's first
    turn is tampered to remove a Marquise warrior it cannot reach (`Cw1->`) and to score 3
    points (`++3`). With no action corrected one by one, the line is corrected at once and the
    turn ended by force: the Evening scores the Eyrie's three roosts (2 points, 7.6.1), so the
    line's `++3` owes only 1 more, corrected after that end, and the Eyrie ends with 3."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog.export import export_game
    from rulesdsl.rootlog.replay import Replayer
    game = Game(root, ["marqueses", "rapinas"], seed=14, log=True)
    r = random.Random(1)
    while game.s.turn_no < 4:
        game.apply(r.randrange(len(game.legal_actions())))
    lines = export_game(game, mapping).splitlines()
    old = "E:R#commandE->$_m/M#besta_ratoE->$_b/4w4->9/w4->12/b->9/b->12/++2/#->E/#->E"
    i = lines.index(old)
    new = old.replace("/++2/", "/Cw1->/++3/")
    text = "\n".join(lines[:i] + [new] + lines[i + 1:]) + "\n"
    res = Replayer(root, parse(text), mapping, tolerant=True, skips_per_line=0).run()
    assert res.stop is None and (10, "*") in res.skipped
    owed = [c for c in res.corrections if c.raw == "++3"]
    assert [c.edits for c in owed] == [[["vp", "rapinas", 1]]]
    assert res.scores["rapinas"] == 3


def test_a_battle_written_with_its_attacker_as_defender_takes_the_ambush_from_the_defender(mapping):
    """r1g2 l. 49, the Marquise's turn: `XC8B@/(3w+Ew)8->`. A faction does not battle itself
    (4.3): the transcriber wrote the attacker after the X. The removal that follows in 8 takes
    Eyrie warriors: the Eyrie defends, and the bird ambush (4.3.1) leaves its hand, not hers."""
    got = _atoms(mapping, "C: a\nE: b\nC:w->8\nE:w->8\nC:XC8B@/(3w+Ew)8->\n")
    assert ("XC8B@", ("zone", "rapinas:mao"), -1, 1, False) in got
    assert not any(place == ("zone", "marqueses:mao") for _, place, *_ in got)
