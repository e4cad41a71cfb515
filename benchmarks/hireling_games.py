"""Many random games of a ruleset with given hireling sides in play: each game takes one group of
sides (in turn), seats random factions the hirelings do not exclude (A.6.5), on every map and
deck in turn; every other game starts with the hirelings already controlled by random seats (so
their abilities run from the first turn), the others hire them as the players score. The generic
invariants are checked after every decision. Prints the games, the errors (with how to replay
one) and how often the hirelings' actions and rules ran.

    python benchmarks/hireling_games.py rebeliao,exilado batedores,bandoleiro --games 100
    python benchmarks/hireling_games.py rebeliao,exilado --games 100 --game 17     # replay one

No hireling or faction is named here: they come from the command line and the ruleset.
"""
from __future__ import annotations

import argparse
import collections
import os
import random
import sys
import time

from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.hirelings import set_controllers

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from faction_games import HERE, _gamedef, play_out, seatable  # noqa: E402


def one(g, i, groups, seats, maps, decks, players, first_seed, max_decisions):
    """Game number i -> (game, decisions, description); raises AssertionError on a violation."""
    r = random.Random(first_seed * 7919 + i)
    hs = groups[i % len(groups)]
    banned = {g.hirelings[h].excludes for h in hs}
    factions = r.sample([f for f in seats if f not in banned], players)
    map_id = maps[(i // len(groups)) % len(maps)]
    deck_id = decks[(i // (len(groups) * len(maps))) % len(decks)]
    seed = first_seed + i
    what = f"seed {seed} {','.join(factions)} {map_id} {deck_id} hirelings {','.join(hs)}"
    game = Game(g, factions, seed=seed, map_id=map_id, deck_id=deck_id, log=True, hirelings=hs)
    if i % 2:
        set_controllers(game, {h: r.choice(factions) for h in hs})
    return play_out(game, seed, max_decisions, what)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("groups", nargs="+", help="comma-separated hireling ids, one group per game in turn")
    ap.add_argument("--ruleset", default=os.path.join(HERE, "rulesets", "root"))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=0, help="game i plays with seed FIRST+i")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--game", type=int, action="append", default=None,
                    help="play only game number I of the series (repeatable), to replay a failure")
    ap.add_argument("--max-decisions", type=int, default=30000)
    a = ap.parse_args(argv)
    g = _gamedef(a.ruleset)
    groups = [x.split(",") for x in a.groups]
    bad = [h for hs in groups for h in hs if h not in g.hirelings]
    if bad:
        ap.error(f"not a hireling of the ruleset: {', '.join(bad)} (choose from {', '.join(sorted(g.hirelings))})")
    seats = seatable(g)
    maps, decks = sorted(g.maps), sorted(g.decks)
    mine = {h for hs in groups for h in hs}
    ran = collections.Counter()
    errors = []
    decisions = played = 0
    t0 = time.process_time()
    for i in range(a.games):
        if a.game is not None and i not in a.game:
            continue
        played += 1
        try:
            game, n = one(g, i, groups, seats, maps, decks, a.players, a.first_seed, a.max_decisions)
        except Exception as ex:  # noqa: BLE001 - reported, not hidden
            errors.append((i, repr(ex)[:500]))
            continue
        decisions += n
        for e in game.log:
            act = str(e.get("action") or "")
            if e.get("t") == "action" and (e.get("faction") in mine or act.split(".")[0] in mine):
                ran[act] += 1
            elif e.get("t") == "trigger" and e.get("faction") in mine:
                ran[f"{e['faction']} rule {e.get('law')}"] += 1
            elif e.get("t") == "hits_replaced" and e.get("owner") in mine:
                ran[f"{e['owner']} takes hits"] += 1
    dt = time.process_time() - t0
    print(f"{played} games, {len(errors)} with errors, {decisions} decisions, {dt:.1f} s CPU")
    for k, c in sorted(ran.items()):
        print(f"  {k}: {c}")
    for i, why in errors:
        print(f"ERROR game {i}: {why}")
        print(f"  replay: python benchmarks/hireling_games.py {' '.join(a.groups)} "
              f"--games {a.games} --first-seed {a.first_seed} --game {i}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
