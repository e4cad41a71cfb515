"""Digests of the logs of random games, to check that the compiled core (tools/build_native.py)
plays exactly as pure Python: run once as is and once with --puro, and compare the outputs.

    python benchmarks/native_logs.py --seeds 20 > /tmp/compiled.txt
    python benchmarks/native_logs.py --seeds 20 --puro > /tmp/pure.txt
    diff /tmp/pure.txt /tmp/compiled.txt && echo identical

Cases: Root 4 players (marqueses, rapinas, alianca, malandro), Root 2 players (marqueses,
rapinas), Scythe 3 players. One line per game: case, seed, decisions, SHA-256 of the log (each
event as sorted JSON). --puro makes every module of the project load from its .py even where an
extension module lies beside it; with --extensoes DIR, the modules compiled under DIR
(tools/build_native.py --destino DIR) load compiled and only those. The count of project modules
that ran compiled goes to stderr.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

CASES = (
    ("root4", "rulesets/root", ["marqueses", "rapinas", "alianca", "malandro"]),
    ("root2", "rulesets/root", ["marqueses", "rapinas"]),
    ("scythe3", "rulesets/scythe", 3),
)


def digest(game) -> str:
    h = hashlib.sha256()
    for e in game.log:
        h.update(json.dumps(e, sort_keys=True, default=repr, ensure_ascii=False).encode())
        h.update(b"\n")
    return h.hexdigest()


def play(g, seats, seed, cap=20000):
    from rulesdsl.interpreter.engine import Game
    game = Game(g, seats, seed=seed, log=True)
    rng = random.Random(seed)
    n = 0
    while game.pending is not None and n < cap:
        game.apply(rng.randrange(len(game.pending.options)))
        n += 1
    return game, n


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    pure = "--puro" in argv
    seeds = int(argv[argv.index("--seeds") + 1]) if "--seeds" in argv else 20
    cases = argv[argv.index("--casos") + 1].split(",") if "--casos" in argv else [c[0] for c in CASES]
    extra = argv[argv.index("--extensoes") + 1] if "--extensoes" in argv else None
    if pure:
        from pure_python import install
        install(extra)
    from rulesdsl.environment import Environment
    env = Environment()
    loaded = {}
    for name, path, seats in CASES:
        if name not in cases:
            continue
        g = loaded.get(path) or loaded.setdefault(path, env.load(os.path.join(ROOT, path)))
        for seed in range(seeds):
            game, n = play(g, seats, seed)
            print(name, seed, n, digest(game), flush=True)
    compiled = sorted(m for m, mod in sys.modules.items()
                      if m.startswith("rulesdsl") and (getattr(mod, "__file__", "") or "").endswith(".so"))
    print("# compiled modules:", len(compiled), " ".join(compiled), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
