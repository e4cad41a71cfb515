"""Where a random game's time and calls go: cProfile over random playouts, grouped by module
(self time, calls per decision) and by job (cumulative time under the engine's entry points).

    python benchmarks/profile_modules.py --factions marqueses,rapinas --games 20
    python benchmarks/profile_modules.py --factions marqueses,rapinas,alianca,malandro --games 5

The jobs overlap (an action's effects may ask requirements and fire events): read each row as
"the share of the game spent under this entry point", not as parts of a whole. Figures are
relative to the profiled run, which cProfile slows down evenly enough to compare shares, not
to quote speeds (those are bench_playout.py's, without a profiler).
"""
from __future__ import annotations

import argparse
import collections
import cProfile
import os
import pstats
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
import uniform_game  # noqa: E402  (beside this script)

# (job, module path's tail, function name): the entry point whose cumulative time is the job's
JOBS = (
    ("requirements (action enabled?)", "interpreter/gamedef.py", "enabled"),
    ("an action's effects", "interpreter/gamedef.py", "perform"),
    ("a choice's options (escolha)", "rulesdsl/compiler/statements.py", "choose_one"),
    ("events matched to hooks", "interpreter/hooks.py", "fire"),
    ("noun phrases (selections)", "rulesdsl/compiler/sels.py", "*"),
    ("turn structure (turns.py self)", "interpreter/turns.py", "*self"),
    ("frames (machine/flow self)", "interpreter/machine.py|interpreter/flow.py", "*self"),
    ("decision record (engine.apply)", "interpreter/engine.py", "_record_decision"),
)


def _module(fn: str) -> str:
    if fn.startswith(ROOT):
        return os.path.relpath(fn, ROOT)
    if fn.startswith("<rulesdsl"):
        return "<generated code>"
    return "builtins" if fn == "~" else "stdlib"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", nargs="?", default=os.path.join(ROOT, "rulesets", "root"))
    ap.add_argument("--factions", default="marqueses,rapinas")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--top", type=int, default=20)
    a = ap.parse_args(argv)
    from rulesdsl.environment import Environment
    gdef = Environment().load(a.ruleset)
    factions = a.factions.split(",")

    def play(seed):
        return uniform_game.play(gdef, factions, seed)

    play(0)                       # warm the ruleset's caches outside the profile
    pr = cProfile.Profile()
    pr.enable()
    decisions = sum(play(s) for s in range(1, a.games + 1))
    pr.disable()
    stats = pstats.Stats(pr).stats
    self_t, calls = collections.Counter(), collections.Counter()
    jobs = collections.Counter()
    for (fn, _ln, name), (_cc, nc, tt, ct, _callers) in stats.items():
        mod = _module(fn)
        self_t[mod] += tt
        calls[mod] += nc
        for job, mods, fname in JOBS:
            if mod in mods.split("|"):
                if fname == "*self" or fname == "*":
                    jobs[job] += tt
                elif name == fname:
                    # two functions of one name (a wrapper and the one it wraps): the outer one's
                    # cumulative time holds the inner one's; recursion is already counted once
                    jobs[job] = max(jobs[job], ct)
    total = sum(self_t.values())
    print(f"games {a.games}  decisions {decisions}  "
          f"calls per decision {sum(calls.values()) / decisions:.0f} "
          f"(Python functions {sum(n for m, n in calls.items() if m != 'builtins') / decisions:.0f})")
    print("\nby module (self time, calls per decision):")
    for mod, t in self_t.most_common(a.top):
        print(f"  {mod:44s} {100 * t / total:5.1f} %  {calls[mod] / decisions:6.1f}")
    print("\nby job (time under the entry point; rows overlap):")
    for job, _m, _f in JOBS:
        print(f"  {job:44s} {100 * jobs[job] / total:5.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
