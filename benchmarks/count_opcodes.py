"""Python opcodes and Python calls of random Root games, counted with sys.settrace
(f_trace_opcodes): a deterministic measure of the interpreter's work that a shared machine's
load does not change (C functions such as dict.get are not counted: use cachegrind for those).

    python benchmarks/count_opcodes.py                       # seeds 0-1 after a warm-up (99)
    python benchmarks/count_opcodes.py --seeds 0-4 --warm 0  # from a fresh process
    python benchmarks/count_opcodes.py --warm 4 --warm-factions marqueses,rapinas --seeds 0-2
    python benchmarks/count_opcodes.py --top 30              # + the 30 costliest functions

The warm-up games (seeds 99, 100, ...) play first, uncounted: the memo tables' trials
(compiler/memo.py) and the lazily built loops run there, as in a long simulation. The ruleset
is frozen out of the collector after loading (`gc.freeze()`), as `simular` does.
"""
from __future__ import annotations

import argparse
import collections
import gc
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)


def _seeds(text):
    if "-" in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in text.split(",")]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0-1")
    ap.add_argument("--factions", default="marqueses,rapinas,alianca,malandro")
    ap.add_argument("--warm", type=int, default=1, help="warm-up games before counting")
    ap.add_argument("--warm-factions", default=None, help="(default: --factions)")
    ap.add_argument("--top", type=int, default=0)
    a = ap.parse_args(argv)
    from rulesdsl.environment import Environment
    from rulesdsl.interpreter.engine import Game
    g = Environment().load(os.path.join(ROOT, "rulesets", "root"))

    def play(seed, factions):
        game = Game(g, factions, seed)
        rng = random.Random(seed)
        n = 0
        while game.pending is not None:
            game.apply(rng.randrange(len(game.pending.options)))
            n += 1
        return n

    factions = a.factions.split(",")
    warm = (a.warm_factions or a.factions).split(",")
    gc.collect()
    gc.freeze()
    for i in range(a.warm):
        play(99 + i, warm)
    ops = collections.Counter()
    calls = [0]

    def trace(frame, event, arg):
        if event == "call":
            calls[0] += 1
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
            return trace
        if event == "opcode":
            ops[frame.f_code] += 1
        return trace

    sys.settrace(trace)
    try:
        n = sum(play(s, factions) for s in _seeds(a.seeds))
    finally:
        sys.settrace(None)
    total = sum(ops.values())
    print(f"decisions {n} opcodes {total} ({total / n:.1f} per decision) "
          f"python calls {calls[0]} ({calls[0] / n:.1f} per decision)")
    by_fn = collections.Counter()
    for code, k in ops.items():
        by_fn[(os.path.basename(code.co_filename), code.co_firstlineno, code.co_name)] += k
    for (f, line, name), k in by_fn.most_common(a.top):
        print(f"{k:10d} {100 * k / total:5.2f}% {f}:{line} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
