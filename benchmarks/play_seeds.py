"""Load Root and play random four-player games of seeds 0..N-1, nothing else: for counting
instructions (valgrind --tool=cachegrind), where the difference between N and 0 games is the
cost of the games alone. The loaded ruleset is frozen out of the collector after loading, as
`simular` and bench_playout.py do (`gc.collect(); gc.freeze()`), so the figures are those of the
games a program plays; `--no-freeze` leaves it in. `--factions a,b` plays those seats instead of
the four-player base game (e.g. `--factions marqueses,rapinas`).

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        python benchmarks/play_seeds.py 3 [--no-freeze]
"""
from __future__ import annotations

import gc
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    freeze = "--no-freeze" not in argv
    argv = [a for a in argv if a != "--no-freeze"]
    factions = ["marqueses", "rapinas", "alianca", "malandro"]
    if "--factions" in argv:
        i = argv.index("--factions")
        factions = argv[i + 1].split(",")
        del argv[i:i + 2]
    n = int(argv[0]) if argv else 3
    from rulesdsl.environment import Environment
    from rulesdsl.interpreter.engine import Game
    g = Environment().load(os.path.join(ROOT, "rulesets", "root"))
    if freeze:
        gc.collect()
        gc.freeze()          # as `simular` does (interpreter/simulate.py)
    for seed in range(n):
        game = Game(g, factions, seed)
        rng = random.Random(seed)
        while game.pending is not None:
            game.apply(rng.randrange(len(game.pending.options)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
