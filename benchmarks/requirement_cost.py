"""Instructions spent in actions' requirements (`requer:`), exactly, with callgrind: every
requirement of the actions named (all by default) is called through `operator.call`, a C
function nothing else in a game calls, so callgrind's inclusive cost of `_operator_call` is
the cost of those requirements (the outermost call only: a requirement asked inside another
one is already counted). Plays random games as benchmarks/play_seeds.py does (same seeds, same
options: the same games, since the wrapper changes no answer).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=OUT \\
        python benchmarks/requirement_cost.py 3 [--factions a,b] [--action ID ...] [--count]
    callgrind_annotate --inclusive=yes OUT | grep -E "_operator_call|PROGRAM TOTALS"

`--count` prints how many times each wrapped requirement was asked (outermost calls).
"""
from __future__ import annotations

import gc
import operator
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)


def wrap(gdef, ids=None):
    """Route the requirements of `ids` (all actions with one when None) through
    operator.call; returns {action id: outermost calls}."""
    calls = {}
    depth = [0]
    call = operator.call
    for aid, act in gdef.actions.items():
        req = act.requires
        if req is None or (ids and aid not in ids):
            continue
        calls[aid] = 0

        def counted(ctx, req=req, aid=aid):
            if depth[0]:
                return req(ctx)
            depth[0] = 1
            calls[aid] += 1
            try:
                return call(req, ctx)
            finally:
                depth[0] = 0
        act.requires = counted
    if ids:
        missing = set(ids) - set(calls)
        if missing:
            raise SystemExit(f"no action with a requirement: {', '.join(sorted(missing))}")
    return calls


def main(argv=None):
    from play_seeds import load_root, play, take_factions
    argv = list(sys.argv[1:] if argv is None else argv)
    ids = []
    count = "--count" in argv
    argv = [a for a in argv if a != "--count"]
    while "--action" in argv:
        i = argv.index("--action")
        ids.append(argv[i + 1])
        del argv[i:i + 2]
    factions = take_factions(argv)
    n = int(argv[0]) if argv else 3
    g = load_root()
    calls = wrap(g, set(ids) or None)
    gc.collect()
    gc.freeze()          # as `simular` and play_seeds.py do
    play(g, factions, n)
    if count:
        for aid, k in sorted(calls.items(), key=lambda kv: -kv[1]):
            if k:
                print(f"{aid:40s} {k:7d}")
        print(f"{'total':40s} {sum(calls.values()):7d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
