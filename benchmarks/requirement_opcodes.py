"""Python opcodes executed inside actions' requirements (`requer:`), per code object, counted
with sys.settrace (f_trace_opcodes) only while an outermost requirement runs; then grouped by
the kind of work the code object does (generated code, derived values, who rules, ...). A
deterministic, load-independent picture of where a requirement's work goes (C functions such
as dict.get are not counted: benchmarks/requirement_cost.py gives exact instructions).

    python benchmarks/requirement_opcodes.py 3 [--factions a,b] [--action ID ...] [--top N]

Plays the games benchmarks/play_seeds.py plays (same seeds, same options).
"""
from __future__ import annotations

import collections
import gc
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

# (group, test on (file name, function name)): the first that holds
GROUPS = (
    ("generated code", lambda f, n: f.startswith("<rulesdsl") or f == "codegen_req.py"),
    ("memo keys built at a table's first call", lambda f, n: f in ("nodes.py", "gamedef_lookups.py")
     or (f == "memo.py" and n != "cached")),
    ("memo wrappers", lambda f, n: f == "memo.py"),
    ("derived values", lambda f, n: f == "gamedef.py" and n in ("eval", "_memoized", "_modify", "_live_mods")),
    ("who rules", lambda f, n: f in ("runtime.py", "rule.py") and n in ("ruler", "_checked", "compute")),
    ("room (free places)", lambda f, n: n in ("free_capacity", "attr", "occupied")),
    ("prohibitions", lambda f, n: f == "hooks.py" or (f == "expressions.py" and n == "can")),
    ("costs paid by pieces", lambda f, n: f == "covering.py"),
    ("connected spaces", lambda f, n: n in ("components", "component", "conn")),
    ("selections", lambda f, n: f in ("sels.py", "spaces.py", "pieces.py", "cards.py", "presence.py",
                                      "board.py", "bounded.py")),
    ("other", lambda f, n: True),
)


def main(argv=None):
    from play_seeds import load_root, play, take_factions
    argv = list(sys.argv[1:] if argv is None else argv)
    ids = set()
    while "--action" in argv:
        i = argv.index("--action")
        ids.add(argv[i + 1])
        del argv[i:i + 2]
    top = 30
    if "--top" in argv:
        i = argv.index("--top")
        top = int(argv[i + 1])
        del argv[i:i + 2]
    factions = take_factions(argv)
    n = int(argv[0]) if argv else 3
    g = load_root()
    ops = collections.Counter()
    calls = collections.Counter()
    per = collections.Counter()

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        co = frame.f_code
        key = (os.path.basename(co.co_filename), co.co_firstlineno, co.co_name)
        calls[key] += 1

        def local(frame, event, arg):
            if event == "opcode":
                ops[key] += 1
            return local
        return local

    depth = [0]
    for aid, act in g.actions.items():
        req = act.requires
        if req is None or (ids and aid not in ids):
            continue

        def counted(ctx, req=req, aid=aid):
            if depth[0]:
                return req(ctx)
            depth[0] = 1
            before = sum(ops.values())
            sys.settrace(tracer)
            try:
                return req(ctx)
            finally:
                sys.settrace(None)
                depth[0] = 0
                per[aid] += sum(ops.values()) - before
        act.requires = counted
    gc.collect()
    gc.freeze()
    play(g, factions, n)
    total = sum(ops.values()) or 1
    print(f"opcodes {total}  Python calls {sum(calls.values())}")
    groups = collections.Counter()
    for (f, _, name), v in ops.items():
        groups[next(gr for gr, test in GROUPS if test(f, name))] += v
    for gr, _ in GROUPS:
        print(f"  {groups[gr]:10d} {100 * groups[gr] / total:5.1f} %  {gr}")
    print("by action:")
    for aid, v in per.most_common(top):
        print(f"  {v:10d} {100 * v / total:5.1f} %  {aid}")
    print("by code object (self):")
    for (f, line, name), v in ops.most_common(top):
        print(f"  {v:10d} {100 * v / total:5.1f} %  calls {calls[(f, line, name)]:7d}  {f}:{line} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
