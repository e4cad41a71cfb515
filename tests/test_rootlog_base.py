"""The base factions (Marquise, Eyrie, Alliance, Vagabond) in the real Rootlog games r1g2 and
r1g5: the lines the record itself gets wrong, and what the matcher reads of them
(rulesdsl/rootlog; docs/rootlog.md «As facções de base nas partidas reais»)."""
import os

import pytest

from rulesdsl.errors import format_message
from rulesdsl.rootlog.frozen_points import after_freeze, by_faction
from rulesdsl.rootlog.notation import parse

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data", "rootlog", "games"))
needs_games = pytest.mark.skipif(not os.path.isdir(GAMES), reason="../shared/data/rootlog is not beside the repository")

R1G2 = "2020_11_19_winter_tournament_r1g2"


def _game(name):
    with open(os.path.join(GAMES, name + ".rootlog"), encoding="utf-8") as fh:
        return parse(fh.read())


def test_points_written_after_a_coalition_or_an_activated_dominance_are_listed(mapping):
    """A Vagabond scores, forms a coalition with the Eyrie (9.2.8) and then writes `++` again;
    the Marquise activates a dominance card (3.3.1) and writes `++2`: both later scores are the
    record giving points to a frozen score. Points written before the freezing in the same line,
    and a dominance card merely spent (`F#domC->`), freeze nothing."""
    rec = parse("V: a\nC: b\nE: c\nV:#thief->$\nC:w->1\nE:b->1\n"
                "V:++/M#domV->$/++->E$/++\n"               # l. 7: ++ before (fine), ++ after
                "C:F#domC->/++\n"                          # spent, not activated: C not frozen
                "E:++2\n"
                "V:++\n"                                    # l. 10: still frozen
                "C:M#domC->$/++2\n")                       # l. 11: activated, then ++2
    got = [(p.line, p.raw, p.faction, p.amount, p.since) for p in after_freeze(rec, mapping)]
    assert got == [(7, "++", "V", 1, 7), (10, "++", "V", 1, 7), (11, "++2", "C", 2, 11)]
    assert by_faction(rec, mapping) == {"malandro": 2, "marqueses": 2}


@needs_games
def test_r1g2_the_vagabond_scores_after_its_coalition_in_line_45(mapping):
    """r1g2: the first Vagabond (V) plays a dominance card and joins the Eyrie in l. 40
    (`M#domV->$/++->E$`): its score marker leaves the track (9.2.8). In l. 45 it crafts a bag
    and writes `++`: the record's sum of V's points is 11, the Law's 10 — the engine's 10 is
    right, and the report names the line. Nothing else in r1g2 is written after a freeze (the
    Marquise's `F#domC->` of l. 59 is a card spent, not a dominance activated)."""
    got = [(p.line, p.raw, p.faction, p.amount, p.since) for p in after_freeze(_game(R1G2), mapping)]
    assert got == [(45, "++", "V", 1, 40)]


def test_the_frozen_points_verdict_is_said_in_both_languages():
    kw = {"line": 45, "action": "++", "n": 1, "since": 40, "who": "Malandro"}
    pt = format_message("RLR.rlbase_frozen_points", "pt", kw)
    es = format_message("RLR.rlbase_frozen_points", "es", kw)
    assert "linha 45" in pt and "1 ponto " in pt and "linha 40" in pt and "9.2.8" in pt
    assert "línea 45" in es and "1 punto " in es and "línea 40" in es
    assert "2 pontos" in format_message("RLR.rlbase_frozen_points", "pt", dict(kw, n=2))


R1G5 = "2020_11_20_winter_tournament_r1g5"


def _roost_track():
    """The Eyrie's roost track (7.6.1) as the ruleset's data has it: points by roosts placed."""
    import yaml
    with open(os.path.join(HERE, "..", "rulesets", "root", "faccoes", "rapinas.yaml"), encoding="utf-8") as fh:
        data = yaml.safe_load(fh)

    def find(d):
        if isinstance(d, dict):
            if "trilhas" in d and isinstance(d["trilhas"], dict) and "pv" in d["trilhas"]:
                return d["trilhas"]["pv"]
            return next((x for x in map(find, d.values()) if x is not None), None)
        if isinstance(d, list):
            return next((x for x in map(find, d) if x is not None), None)
        return None
    return find(data)


@needs_games
def test_r1g5_line_44_scores_three_for_five_roosts_the_track_gives_four():
    """r1g5, the Eyrie's lines: each ends its Evening with the roost track's points (7.6.1: the
    rightmost uncovered space), and the record's own lines say how many roosts are on the map
    (piece_ledger.py: `b->10` puts one, `(Eb+Ew+w)9->` takes one). Every Eyrie line with roosts
    worth points writes the track's value last — except l. 44: the roost built in 5 makes five
    (1, 8, 10, 11 and 5), worth 4, and the line writes `++3`. The engine scores 4 there: one of
    the Eyrie's points over the record's sum is the record's."""
    from rulesdsl.rootlog.piece_ledger import on_map_by_line
    rec = _game(R1G5)
    roosts = dict(on_map_by_line(rec, "E", "b"))
    track = _roost_track()
    assert track == [0, 1, 2, 3, 4, 4, 5]
    written = {}
    for t in rec.play_turns:
        if t.faction == "E":
            last = [a.amount for a in t.actions if a.kind == "score"]
            if roosts[t.line] >= 2:
                written[t.line] = (roosts[t.line], last[-1], track[roosts[t.line] - 1])
    assert written == {24: (2, 1, 1), 29: (3, 2, 2), 34: (4, 3, 3), 39: (4, 3, 3),
                       44: (5, 3, 4), 49: (5, 4, 4)}


@needs_games
def test_r1g2_line_28_explores_without_writing_its_point(mapping):
    """r1g2: a Vagabond who takes an item from a ruin scores 1 (9.5.3: "se você pegou um item,
    receba 1 PV"), and the record writes that `++` right after the item (`%s10->$/++`) — in
    every explore of a Vagabond whose score is not frozen, except l. 28: the second Vagabond
    takes the bag in 10 (`%b10->$`), puts it on its track and aids the Marquise
    (`%b->s+e/#G->C/$_C->1/++`): one `++`, for the aid's step of the relationship, where the
    engine scores two. The aid's own point then has nothing to match and the search cannot
    take the aid (the tolerant replay corrects it). (V's explore in l. 55 writes no point: its
    score is frozen since l. 40.)"""
    from rulesdsl.rootlog.frozen_points import frozen_since
    rec = _game(R1G2)
    since = frozen_since(rec, mapping)
    got = []
    for t in rec.play_turns:
        acts = t.actions
        for i, a in enumerate(acts):
            if a.kind == "move" and any(th.kind == "item" and th.start is not None
                                        and th.start.kind == "clearing" for th in a.things):
                scored = i + 1 < len(acts) and acts[i + 1].kind == "score"
                got.append((t.line, a.raw, scored, t.faction in since and since[t.faction] <= t.line))
    assert got == [(23, "%s10->$", True, False), (25, "%f11->$", True, False), (28, "%b10->$", False, False),
                   (35, "%h5->$", True, False), (38, "%h12->$", True, False), (55, "%s5->$", False, True)]

