"""Load Root and play random four-player games of seeds 0..N-1, nothing else: for counting
instructions (valgrind --tool=cachegrind), where the difference between N and 0 games is the
cost of the games alone. The loaded ruleset is frozen out of the collector after loading, as
`simular` and bench_playout.py do (`gc.collect(); gc.freeze()`), so the figures are those of the
games a program plays; `--no-freeze` leaves it in. `--factions a,b` plays those seats instead of
the four-player base game (e.g. `--factions marqueses,rapinas`). `--cpu` prints games/s and
decisions/s in CPU time, after one warm-up game (for before/after pairs on a shared machine).

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


def take_factions(argv) -> list:
    """The seats of `--factions a,b` (removed from `argv`), the four-player base game without."""
    if "--factions" in argv:
        i = argv.index("--factions")
        factions = argv[i + 1].split(",")
        del argv[i:i + 2]
        return factions
    return ["marqueses", "rapinas", "alianca", "malandro"]


def load_root():
    from rulesdsl.environment import Environment
    return Environment().load(os.path.join(ROOT, "rulesets", "root"))


def play(g, factions, n) -> None:
    """Random games of seeds 0..n-1, each option drawn by a generator of the game's seed (the
    games other benchmarks replay: benchmarks/requirement_cost.py)."""
    from rulesdsl.interpreter.engine import Game
    for seed in range(n):
        game = Game(g, factions, seed)
        rng = random.Random(seed)
        while game.pending is not None:
            game.apply(rng.randrange(len(game.pending.options)))


def timed(g, factions, n) -> str:
    """`--cpu`: the same games after one warm-up game (seed 99), in CPU time (process_time)."""
    import time
    from rulesdsl.interpreter.engine import Game
    play_one = Game(g, factions, 99)
    rng = random.Random(99)
    while play_one.pending is not None:
        play_one.apply(rng.randrange(len(play_one.pending.options)))
    t0 = time.process_time()
    decisions = 0
    for seed in range(n):
        game = Game(g, factions, seed)
        rng = random.Random(seed)
        while game.pending is not None:
            game.apply(rng.randrange(len(game.pending.options)))
            decisions += 1
    t = time.process_time() - t0
    return f"{n / t:.2f} games/s  {decisions / t:.0f} decisions/s (CPU time, {n} games)"


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    freeze = "--no-freeze" not in argv
    cpu = "--cpu" in argv
    argv = [a for a in argv if a not in ("--no-freeze", "--cpu")]
    factions = take_factions(argv)
    n = int(argv[0]) if argv else 3
    g = load_root()
    if freeze:
        gc.collect()
        gc.freeze()          # as `simular` does (interpreter/simulate.py)
    if cpu:
        print(timed(g, factions, n))
        return 0
    play(g, factions, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
