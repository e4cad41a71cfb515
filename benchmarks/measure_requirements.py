"""What the requirements (`requer:`) of actions cost in random games: per action, how many
times it is evaluated and its CPU time; and, deterministic, the function calls per decision of
the whole game (cProfile) and those made under each action's requirement (sys.setprofile while
the outermost requirement runs), to compare two trees.

    PYTHONHASHSEED=0 python benchmarks/measure_requirements.py      # 4 players, seeds 0-2
    PYTHONHASHSEED=0 python benchmarks/measure_requirements.py --factions marqueses,rapinas --games 5
    python benchmarks/measure_requirements.py --calls-only          # only the counts (no timed run)

A warm-up game (seed 99) runs first, outside every figure. The CPU times come from a run
without the profiler (`time.process_time` around each action's requirement, which inflates
them a little); the call counts from later runs of the same games (after the timed one: the
memo tables it warmed count, so compare runs made with the same options). Without
PYTHONHASHSEED the whole game's count moves by ~0.1 % (set order); the requirements' does not.
"""
from __future__ import annotations

import argparse
import collections
import cProfile
import os
import pstats
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
from uniform_game import play  # noqa: E402  (beside this script)


def _play(gdef, factions, seed):
    return play(gdef, factions, seed)


def _timed(gdef):
    """Wrap each action's requirement with a CPU clock; returns the tallies and an undo."""
    tally = collections.defaultdict(lambda: [0, 0.0])
    saved = []
    clock = time.process_time
    for aid, act in gdef.actions.items():
        req = getattr(act, "requires", None)
        if req is None:
            continue
        t = tally[aid]

        def timed(ctx, req=req, t=t):
            t0 = clock()
            try:
                return req(ctx)
            finally:
                t[0] += 1
                t[1] += clock() - t0
        saved.append((act, req))
        act.requires = timed
    return tally, lambda: [setattr(a, "requires", r) for a, r in saved]


def _counted(gdef):
    """Wrap each action's requirement so that the function calls made under it are counted
    (sys.setprofile while the outermost requirement runs: Python and built-in calls)."""
    n = [0, 0]                       # calls (Python, built-in)
    per = collections.Counter()      # action -> calls under its requirement
    depth = [0]
    cur = [None]

    def prof(frame, event, arg):
        if event == "call":
            n[0] += 1
            per[cur[0]] += 1
        elif event == "c_call":
            n[1] += 1
            per[cur[0]] += 1
    saved = []
    for aid, act in gdef.actions.items():
        req = getattr(act, "requires", None)
        if req is None:
            continue

        def counted(ctx, req=req, aid=aid):
            depth[0] += 1
            if depth[0] == 1:
                cur[0] = aid
                sys.setprofile(prof)
            try:
                return req(ctx)
            finally:
                depth[0] -= 1
                if depth[0] == 0:
                    sys.setprofile(None)
        saved.append((act, req))
        act.requires = counted
    return n, per, lambda: [setattr(a, "requires", r) for a, r in saved]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", nargs="?", default=os.path.join(ROOT, "rulesets", "root"))
    ap.add_argument("--factions", default="marqueses,rapinas,alianca,malandro")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--calls-only", action="store_true")
    a = ap.parse_args(argv)
    from rulesdsl.environment import Environment
    gdef = Environment().load(a.ruleset)
    factions = a.factions.split(",")
    _play(gdef, factions, 99)
    seeds = range(a.games)
    if not a.calls_only:
        tally, undo = _timed(gdef)
        t0 = time.process_time()
        decisions = sum(_play(gdef, factions, s) for s in seeds)
        total = time.process_time() - t0
        undo()
        req_t = sum(t for _, t in tally.values())
        req_n = sum(n for n, _ in tally.values())
        print(f"games {a.games}  decisions {decisions}  CPU {total:.3f} s  "
              f"requirements {req_n} evaluations ({req_n / decisions:.2f} per decision), "
              f"{req_t:.3f} s ({100 * req_t / total:.1f} % of the CPU)")
        rows = sorted(tally.items(), key=lambda kv: -kv[1][1])
        for aid, (n, t) in rows[:a.top]:
            if n:
                print(f"  {aid:36s} {n:6d} evaluations  {1e6 * t / n:7.1f} us each  {100 * t / total:5.1f} %")
    pr = cProfile.Profile()
    pr.enable()
    decisions = sum(_play(gdef, factions, s) for s in seeds)
    pr.disable()
    stats = pstats.Stats(pr).stats
    calls = sum(v[1] for v in stats.values())
    py = sum(v[1] for k, v in stats.items() if k[0] != "~")
    n, per, undo = _counted(gdef)
    sum(_play(gdef, factions, s) for s in seeds)
    undo()
    print(f"calls (cProfile, deterministic) per decision: {calls / decisions:.1f} "
          f"(Python functions {py / decisions:.1f}); under the requirements: "
          f"{(n[0] + n[1]) / decisions:.1f} (Python {n[0] / decisions:.1f}, built-in {n[1] / decisions:.1f})")
    for aid, c in per.most_common(a.top):
        print(f"  {aid:36s} {c:8d} calls under its requirement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
