"""Scythe from data (rulesets/scythe): random games with the generic invariants and the rulebook's
own (one player's units per territory when a turn starts; nothing on a lake; structures never on
a base), the same seed giving the same game, the power dial kept secret until the reveal, and no
Python naming anything of Scythe. Rule by rule the scenarios in tests/cenarios/scythe_*.yaml and
tests/escenarios/scythe_*.yaml play the rulebook; 300-game runs are a command
(`python benchmarks/scythe_games.py`), not a test."""
from __future__ import annotations

import os
import re

import pytest

import rulesdsl
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import fingerprint
from rulesdsl.interpreter.observation import ViewLog
from rulesdsl.scenario import _position_fn, load_scenarios, match_option
from random_play import play_to_the_end
from random_play import play_alike

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCYTHE = os.path.join(REPO, "rulesets", "scythe")
UNITS = ("heroi", "mecha", "trabalhador")


@pytest.fixture(scope="module")
def g():
    return rulesdsl.load(SCYTHE)


def _rulebook_checks(game):
    """What the rulebook says of every position between turns."""
    g, s = game.g, game.s
    out = []
    kind_of = g.maps["base"].kind_of
    kinds = {sp: kind_of.get(sp) for sp in s.board}
    for sp, pieces in s.board.items():
        owners = {k.split(".")[0] for k, n in pieces.items() if n and k.split(".")[-1] in UNITS}
        if kinds.get(sp) == "lago" and pieces and any(pieces.values()):
            out.append(f"pieces on the lake {sp}: {pieces}")
        if kinds.get(sp) == "base" and any(n and k.split(".")[-1] in ("monumento", "moinho", "mina", "arsenal")
                                           for k, n in pieces.items()):
            out.append(f"a structure on the base {sp}")
        # between turns (the section choice starts a turn), one player's units per territory
        if game.pending is not None and game.pending.law == "JOGABILIDADE" and len(owners) > 1:
            out.append(f"units of {sorted(owners)} share {sp} between turns")
    return out


# two and five seats (the smallest and the largest table); 300 games of every size are the
# command `python benchmarks/scythe_games.py`
@pytest.mark.parametrize("seats,seed", [(2, 1), (5, 3)])
def test_random_games_keep_the_invariants(g, seats, seed):
    game = Game(g, seats, seed=seed, log=True)
    n = play_to_the_end(game, seed, 5000, label=f"scythe, {seats} seats, seed {seed}",
                        extra_checks=_rulebook_checks)
    assert n > 0 and game.s.ranking is not None


def test_same_seed_same_game(g):
    def play(seed):
        game = Game(g, 3, seed=seed, log=True)
        play_to_the_end(game, seed, 5000)
        return game
    a, b = play(7), play(7)
    assert a.log == b.log and fingerprint(a) == fingerprint(b)
    assert a.save() == b.save()


def test_faction_and_mat_are_dealt_at_random(g):
    dealt = set()
    for seed in range(6):
        game = Game(g, 2, seed=seed)
        for f in game.s.seats:
            mats = game.s.zones.get(f"{f}:mesa") or []
            assert len(mats) == 1
            dealt.add((f, mats[0]))
    assert len({f for f, _ in dealt}) > 2 and len({m for _, m in dealt}) > 2


def _combat_game(g):
    """The first combat scenario, with both players observing (their own views)."""
    path = os.path.join(REPO, "tests", "cenarios", "scythe_combate.yaml")
    sc = load_scenarios(path)[0]
    game = Game(sc.gdef, sc.factions, sc.seed, sc.map_id, sc.deck_id, lang=sc.lang, log=True,
                position=_position_fn(sc, {}, []), start=sc.start, observe=list(sc.factions))
    return game, sc


def test_the_dial_is_secret_until_revealed(g):
    game, sc = _combat_game(g)
    choices = [text for text, _ in sc.steps[0].choices]
    # section 1, Mover, the hero into the Rusviet mech's territory, end of the moves: the dial
    for text in choices[:6]:
        game.apply(match_option(game, sc.vocab, text))
    assert game.current_player() == "nordicos" and game.pending.secret
    game.apply(match_option(game, sc.vocab, "3"))
    assert game.observation("rusvietica")["counters"]["nordicos:disco"] == "?"
    assert game.observation("nordicos")["counters"]["nordicos:disco"] == 3
    theirs = [e for e in game.views["rusvietica"].events if e.get("t") == "decision" and e.get("secret")]
    assert theirs and theirs[-1]["choice"] == "?"
    log = ViewLog(game, "rusvietica", "pt").text()
    assert '"choice":"?"' in log and "fica com 3 disco" not in log
    # the attacker's combat card, the defender's dial and card; then both are revealed
    for text in choices[7:]:
        game.apply(match_option(game, sc.vocab, text))
    rev = [e for e in game.views["rusvietica"].events if e.get("t") == "reveal_secrets"]
    assert rev and rev[-1]["values"].get("nordicos:disco") == 3


def test_no_python_names_anything_of_scythe(g):
    """Data, not code: no faction, mat, map or piece id of Scythe in the engine's Python."""
    ids = set(g.factions) | {"scythe", "industrial", "engenharia", "patriotico", "mecanico", "agricola",
                             "fabrica", "mecha", "trabalhador", "rusviet"}
    pat = re.compile(r"\b(" + "|".join(sorted(ids)) + r")\b", re.I)
    hits = []
    for root in ("rulesdsl", "interpreter"):
        for dirpath, _, files in os.walk(os.path.join(REPO, root)):
            for fn in files:
                if fn.endswith(".py"):
                    text = open(os.path.join(dirpath, fn), encoding="utf-8").read()
                    code = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
                    hits += [f"{fn}: {m.group(0)}" for m in pat.finditer(code)]
    assert not hits, hits


def test_checked_in_scythe_es_is_fresh_and_plays_the_same_game(g):
    """rulesets/scythe-es is generated from rulesets/scythe by the lexicon; the same seed and
    the same choices give the same game in both languages."""
    import sys
    from rulesdsl.translate import regenerate_command, translate_ruleset
    sys.path.insert(0, os.path.join(REPO, "tools"))
    import translate_ruleset as tool
    out = os.path.join(REPO, "rulesets", "scythe-es")
    files = translate_ruleset(SCYTHE, "es", out=out)
    bad = tool.stale(out, files)
    assert not bad, ("rulesets/scythe-es is stale: regenerate it with\n    "
                     + regenerate_command(SCYTHE, "es", out) + "\nfiles: " + ", ".join(bad))
    g_es = rulesdsl.load(out)
    games = [Game(x, ["polonia", "saxonia"], seed=4) for x in (g, g_es)]
    play_alike(games, 4, 200)
    assert games[0].s.counters == games[1].s.counters
