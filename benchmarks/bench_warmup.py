"""CPU time of each random game in order, from a fresh process: how many games a JIT (PyPy)
needs before it runs at full speed, and the rate with and without those first games.

    python benchmarks/bench_warmup.py --games 60
    pypy3 benchmarks/bench_warmup.py --games 60 --factions marqueses,rapinas

One load of the ruleset (its CPU time printed apart), then games of seeds 0..N-1 with no
warm-up game before them; each line: game number, decisions, CPU ms, decisions per CPU second.
The summary gives games/s and decisions/s over all games and over the games after the first
W (`--skip W`, default: a tenth of them).
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ruleset", nargs="?", default=os.path.join(ROOT, "rulesets", "root"))
    ap.add_argument("--factions", default="marqueses,rapinas,alianca,malandro")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--skip", type=int, default=None, help="games left out of the second rate")
    ap.add_argument("--quiet", action="store_true", help="the summary only")
    args = ap.parse_args(argv)
    skip = args.games // 10 if args.skip is None else args.skip

    c0 = time.process_time()
    from rulesdsl.environment import Environment
    from rulesdsl.interpreter.engine import Game
    gdef = Environment().load(args.ruleset)
    gc.collect()
    if hasattr(gc, "freeze"):   # as `simular` does; PyPy's collector has no permanent generation
        gc.freeze()
    load = time.process_time() - c0
    factions = args.factions.split(",")

    per_game = []        # (decisions, CPU seconds)
    for seed in range(args.games):
        c1 = time.process_time()
        game = Game(gdef, factions, seed)
        rng = random.Random(seed)
        n = 0
        while game.pending is not None:
            game.apply(rng.randrange(len(game.pending.options)))
            n += 1
        cpu = time.process_time() - c1
        per_game.append((n, cpu))
        if not args.quiet:
            print(f"game {seed:4d}  {n:5d} decisions  {cpu * 1000:8.1f} ms  {n / cpu:9.0f} dec/s", flush=True)

    def rate(rows):
        games, dec, cpu = len(rows), sum(r[0] for r in rows), sum(r[1] for r in rows)
        return f"{games} games, {games / cpu:.2f} games/s, {dec / cpu:.0f} decisions/s, {cpu:.2f} s CPU"

    print(f"python:      {sys.implementation.name} {sys.version.split()[0]}")
    print(f"imports+load: {load:.2f} s CPU")
    print(f"all games:   {rate(per_game)}")
    if 0 < skip < len(per_game):
        print(f"after {skip}:   {rate(per_game[skip:])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
