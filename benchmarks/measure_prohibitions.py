"""What the prohibitions cost in random four-player games of Root (issue 11): after a warm-up
game, plays seeds 0..N-1 (default 3) and prints the decisions, the CPU time
(`time.process_time_ns`) spent inside `hooks._forbidden` (the question a verb or `é possível
posicionar` puts to the prohibition hooks) beside the games' CPU time, and, with --calls, the
deterministic call counts (cProfile) of the prohibition path and of the whole game per decision.
Run it in two trees (a "before" and an "after"), alternating, to compare them.

    python benchmarks/measure_prohibitions.py 3
    python benchmarks/measure_prohibitions.py 3 --calls
"""
from __future__ import annotations

import gc
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

FACTIONS = ["marqueses", "rapinas", "alianca", "malandro"]
# the functions of the prohibition path whose calls are counted (those a tree lacks count 0)
PATH = ("prohibited", "_forbidden", "_forbidden_now", "_consult", "_plan", "_matches", "_bind",
        "child")


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    calls = "--calls" in argv
    argv = [a for a in argv if not a.startswith("--")]
    n = int(argv[0]) if argv else 3
    from rulesdsl.environment import Environment
    from rulesdsl.interpreter import hooks
    g = Environment().load(os.path.join(ROOT, "rulesets", "root"))

    from bench_playout import playout      # (this folder: the scripts run from it)

    def play(seed):
        return playout(g, FACTIONS, seed)[1]

    play(99)                                   # warm-up: indexes, plans, compiled code
    gc.collect()
    gc.freeze()
    if calls:
        import cProfile
        import pstats
        pr = cProfile.Profile()
        pr.enable()
        dec = sum(play(seed) for seed in range(n))
        pr.disable()
        st = pstats.Stats(pr).stats
        total = sum(v[1] for v in st.values())
        print(f"decisions {dec}  calls {total}  per decision {total / dec:.1f}")
        for name in PATH:
            got = sum(v[1] for (f, _, fn), v in st.items() if fn == name
                      and (name != "child" or f.endswith("runtime.py")))
            print(f"  {name:16s} {got:7d}  ({got / dec:.2f} per decision)")
        return 0
    real = hooks._forbidden
    spent = [0, 0]
    clock = time.process_time_ns

    def timed(*a):
        t = clock()
        v = real(*a)
        spent[0] += clock() - t
        spent[1] += 1
        return v
    hooks._forbidden = timed                   # prohibited() looks it up in the module
    t0 = time.process_time()
    dec = sum(play(seed) for seed in range(n))
    games = time.process_time() - t0
    print(f"decisions {dec}  games {games * 1e3:.0f} ms CPU  inside _forbidden: {spent[1]} calls, "
          f"{spent[0] / 1e6:.1f} ms ({spent[0] / max(spent[1], 1) / 1e3:.2f} µs per call, "
          f"{100 * spent[0] / 1e9 / games:.1f} % of the games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
