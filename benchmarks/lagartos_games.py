"""Many random 4-player games of Root with the Lizard Cult (`lagartos`, Law §10): the Lizards
in every seat, with three of the four base factions, on every map, with both decks; the
generic invariants checked after every decision. Prints the games played, the errors (with
seed and how to replay) and how often each Lizard action and rule ran.

    python benchmarks/lagartos_games.py --games 120
"""
from __future__ import annotations

import argparse
import collections
import itertools
import random
import sys
import time

from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import check

BASE = ["marqueses", "rapinas", "alianca", "malandro"]
MAPS = ["outono", "inverno", "lago", "montanha"]
DECKS = ["base", "exilados"]


def _gamedef():
    import os
    from rulesdsl.environment import Environment
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return Environment().load(os.path.join(here, "rulesets", "root"))


def setups(n):
    others = list(itertools.combinations(BASE, 3))
    for i in range(n):
        trio = list(others[i % len(others)])
        seat = (i // len(others)) % 4
        factions = trio[:seat] + ["lagartos"] + trio[seat:]
        yield i, factions, MAPS[i % len(MAPS)], DECKS[(i // len(MAPS)) % len(DECKS)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=0)
    a = ap.parse_args(argv)
    g = _gamedef()
    acts = collections.Counter()
    errors = []
    wins = collections.Counter()
    t0 = time.process_time()
    for i, factions, map_id, deck_id in setups(a.games):
        seed = a.first_seed + i
        try:
            game = Game(g, factions, seed=seed, map_id=map_id, deck_id=deck_id, log=True)
            rng = random.Random(seed)
            n = 0
            while not game.is_terminal():
                la = game.legal_actions()
                game.apply(rng.randrange(len(la)))
                n += 1
                v = check(game)
                if v:
                    raise AssertionError("; ".join(v))
                if n > 20000:
                    raise AssertionError("no end")
            for e in game.log:
                if e.get("t") == "action" and e.get("faction") == "lagartos":
                    acts[e.get("action")] += 1
            for w in game.winners() or ["(none)"]:
                wins[w] += 1
        except Exception as ex:  # noqa: BLE001 - reported, not hidden
            errors.append((seed, factions, map_id, deck_id, repr(ex)[:300]))
    dt = time.process_time() - t0
    print(f"{a.games} games, {len(errors)} with errors, {dt:.1f} s CPU")
    print("wins:", dict(wins))
    print("Lizard actions:", dict(sorted(acts.items())))
    for e in errors:
        print("ERROR", *e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
