"""How long `Game.clone()` takes, at many points of several seeded random games (CPU time).

    python benchmarks/bench_clone.py                      # 4 players, 4 games, every 10th decision
    python benchmarks/bench_clone.py --games 2 --every 100 --reps 3
    python benchmarks/bench_clone.py --factions marqueses,rapinas
    python benchmarks/bench_clone.py --observe            # games with observers (their views)
    python benchmarks/bench_clone.py --then-apply         # clone, then one choice on the copy
    python benchmarks/bench_clone.py --rounds 5           # fastest of 5 rounds per point (busy machine)

A copy shares the suspended frames of the game it copies until one of them runs the rules
again (machine.py, copy on write): `--then-apply` times the clone together with the first
choice applied on it (the copy copies its frames then), so that the moved cost is measured
too.

At each point the clone is made `--reps` times and the mean per clone is one sample (with
`--rounds K`, the fastest of K such rounds: on a shared machine other processes only add time,
through the caches and the shared cores, even to CPU time); the
samples of all the games give the percentiles. After loading, the ruleset's objects are frozen
out of the cyclic garbage collector (`gc.freeze()`, what a search agent that copies games by
the thousand should do too: a game and its contexts form reference cycles, so dropped clones
are collected by the cyclic collector, which otherwise walks the whole compiled ruleset on
every full collection); `--no-freeze` measures without it. The cyclic collector is paused while
the clones of one point are timed (and runs between points, untimed): a full collection falls
where the game's own allocations make it fall, a few milliseconds that belong to no clone;
`--keep-gc` leaves it running. Time is process CPU time (time.process_time),
less sensitive to other load on a shared machine than wall time. The games play the same
seeded random choices as `bench_playout.py`, so the points are reproducible.
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


def _pct(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, int(round(p / 100 * (len(xs) - 1)))))
    return xs[k]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ruleset", nargs="?", default=os.path.join(ROOT, "rulesets", "root"))
    ap.add_argument("--factions", default="marqueses,rapinas,alianca,malandro")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--every", type=int, default=10, metavar="N", help="clone at every N-th decision")
    ap.add_argument("--reps", type=int, default=20, help="clones per point (the sample is their mean)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="time the clones of a point this many times and keep the fastest round "
                         "(interference from other processes only adds time)")
    ap.add_argument("--max-decisions", type=int, default=100_000)
    ap.add_argument("--no-freeze", action="store_true", help="leave the ruleset to the garbage collector")
    ap.add_argument("--keep-gc", action="store_true", help="do not pause the cyclic collector while timing")
    ap.add_argument("--observe", action="store_true",
                    help="games with every seated faction observing (Game(observe=...), observation.py)")
    ap.add_argument("--then-apply", action="store_true",
                    help="time each clone together with the first legal choice applied on it")
    args = ap.parse_args(argv)

    from rulesdsl.environment import Environment
    from rulesdsl.interpreter.engine import Game
    gdef = Environment().load(args.ruleset)
    factions = args.factions.split(",")
    if not args.no_freeze:
        gc.collect()
        gc.freeze()

    samples = []          # (µs per clone, decision number, seed)
    for k in range(args.games):
        seed = args.seed + k
        rng = random.Random(seed)
        game = Game(gdef, factions, seed, observe=factions if args.observe else None)
        n = 0
        while game.pending is not None and n < args.max_decisions:
            if n % args.every == 0:
                best = float("inf")
                for _ in range(args.rounds):
                    if not args.keep_gc:
                        gc.disable()
                    t0 = time.process_time()
                    if args.then_apply:
                        for _ in range(args.reps):
                            game.clone().apply(0)
                    else:
                        for _ in range(args.reps):
                            game.clone()
                    t1 = time.process_time()
                    gc.enable()
                    best = min(best, t1 - t0)
                samples.append((best / args.reps * 1e6, n, seed))
            game.apply(rng.randrange(len(game.pending.options)))
            n += 1

    us = [s[0] for s in samples]
    worst = max(samples) if samples else (float("nan"), 0, 0)
    print(f"ruleset:          {os.path.relpath(args.ruleset, ROOT)}  factions: {','.join(factions)}")
    print(f"python:           {sys.version.split()[0]}")
    print(f"points:           {len(samples)} (every {args.every} decisions of {args.games} games, "
          f"{args.reps} clones each{f', fastest of {args.rounds} rounds' if args.rounds > 1 else ''}, CPU time{'' if args.no_freeze else ', gc.freeze() after load'}"
          f"{'' if args.keep_gc else ', collector paused while timing'}"
          f"{', every faction observing' if args.observe else ''})")
    what = "clone+apply" if args.then_apply else "clone"
    print(f"{what + ' (µs):':<18}p50 {_pct(us, 50):.1f}  p90 {_pct(us, 90):.1f}  p99 {_pct(us, 99):.1f}  "
          f"max {worst[0]:.1f} (seed {worst[2]}, decision {worst[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
