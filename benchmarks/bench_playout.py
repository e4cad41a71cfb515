"""Random playouts on one core: games/s, decisions/s, ruleset load time, peak memory.

    python benchmarks/bench_playout.py                       # rulesets/root, marqueses,rapinas
    python benchmarks/bench_playout.py --games 200 --seed 1
    python benchmarks/bench_playout.py tests/games/conquista --factions azuis,vermelhos
    python benchmarks/bench_playout.py --profile 20          # + the 20 costliest functions (cProfile)

Timing runs with tracemalloc off; peak memory is the process's peak RSS (resource.getrusage),
and, with --tracemalloc, the peak Python heap of one extra game measured separately.
If the Root ruleset does not load or play yet, the benchmark falls back to the small test game
(tests/games/conquista) and says so.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

DEFAULT = (os.path.join(ROOT, "rulesets", "root"), "marqueses,rapinas")
FALLBACK = (os.path.join(ROOT, "tests", "games", "conquista"), "azuis,vermelhos")


def _load(path):
    from rulesdsl.environment import Environment
    t0 = time.perf_counter()
    gdef = Environment().load(path)
    return gdef, time.perf_counter() - t0


class Hung(Exception):
    pass


def _on_alarm(signum, frame):
    raise Hung()


def playout(gdef, factions, seed, max_decisions=200_000, time_limit=0.0):
    """One random game, as lean as the engine allows (no log, no labels).
    time_limit > 0: raise Hung when the game runs longer (a rules loop without decisions)."""
    import random
    import signal
    from rulesdsl.interpreter.engine import Game
    rng = random.Random(seed)
    if time_limit:
        signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        game = Game(gdef, factions, seed)
        n = 0
        while game.pending is not None and n < max_decisions:
            game.apply(rng.randrange(len(game.pending.options)))
            n += 1
    finally:
        if time_limit:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return game, n


def _try(path, factions):
    gdef, load_s = _load(path)
    for f in factions:
        if f not in gdef.factions:
            raise KeyError(f)
    playout(gdef, factions, 0)   # it must play one game through
    return gdef, load_s


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ruleset", nargs="?", default=None)
    ap.add_argument("--factions", default=None)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="profile the same games with cProfile and print the N costliest functions")
    ap.add_argument("--time-limit", type=float, default=30.0, metavar="S",
                    help="seconds one game may take before it counts as hung (0: no limit)")
    ap.add_argument("--tracemalloc", action="store_true", help="also measure the Python heap of one game")
    ap.add_argument("--no-freeze", action="store_true",
                    help="leave the loaded ruleset in the collector's generations (by default it is "
                         "frozen after loading, as `simular` does: gc.collect(); gc.freeze())")
    args = ap.parse_args(argv)

    path = args.ruleset or DEFAULT[0]
    factions = (args.factions or (DEFAULT[1] if args.ruleset is None else "")).split(",")
    note = None
    try:
        gdef, load_s = _try(path, factions)
    except Exception as exc:  # noqa: BLE001 - fall back to the small game
        if args.ruleset is not None:
            raise
        note = f"note: {path} does not play yet ({type(exc).__name__}: {exc}); using {FALLBACK[0]}"
        path, factions = FALLBACK[0], FALLBACK[1].split(",")
        gdef, load_s = _try(path, factions)
    if note:
        print(note)

    # the first load above may include imports; time a second, cold-cache load as well
    from rulesdsl.environment import Environment
    t0 = time.perf_counter()
    Environment().load(path)
    reload_s = time.perf_counter() - t0

    if not args.no_freeze:
        import gc
        gc.collect()
        gc.freeze()          # as `simular` does (interpreter/simulate.py)

    decisions = 0
    rounds = 0
    played = 0
    hung, failed = [], []
    lost = 0.0
    lost_cpu = 0.0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for k in range(args.games):
        t1 = time.perf_counter()
        c1 = time.process_time()
        try:
            game, n = playout(gdef, factions, args.seed + k, time_limit=args.time_limit)
        except Hung:
            hung.append(args.seed + k)
            lost += time.perf_counter() - t1
            lost_cpu += time.process_time() - c1
            continue
        except Exception as exc:  # noqa: BLE001 - a broken game is reported, not timed
            failed.append((args.seed + k, f"{type(exc).__name__}: {exc}"))
            lost += time.perf_counter() - t1
            lost_cpu += time.process_time() - c1
            continue
        played += 1
        decisions += n
        rounds += min(game.s.round, gdef.round_limit)
    dt = time.perf_counter() - t0 - lost
    cpu = time.process_time() - c0 - lost_cpu
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if sys.platform == "darwin":
        rss_kb //= 1024

    print(f"ruleset:          {os.path.relpath(path, ROOT)}  factions: {','.join(factions)}")
    print(f"python:           {sys.version.split()[0]}")
    print(f"load (1st/2nd):   {load_s:.3f} s / {reload_s:.3f} s")
    print(f"games:            {played} in {dt:.2f} s  ->  {played / dt:.2f} games/s")
    print(f"decisions:        {decisions} ({decisions / max(1, played):.0f}/game)  ->  {decisions / dt:.0f} decisions/s")
    print(f"cpu time:         {cpu:.2f} s  ->  {played / cpu:.2f} games/s, {decisions / cpu:.0f} decisions/s (time.process_time)")
    print(f"rounds/game:      {rounds / max(1, played):.1f}")
    if hung:
        print(f"hung (> {args.time_limit:g} s, not timed): seeds {hung}")
    for seed, err in failed:
        print(f"failed (not timed): seed {seed}: {err}")
    print(f"peak RSS:         {rss_kb / 1024:.1f} MiB")

    if args.tracemalloc:
        import tracemalloc
        tracemalloc.start()
        playout(gdef, factions, args.seed)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"heap of 1 game:   {peak / 1024:.0f} KiB (tracemalloc peak)")

    if args.profile:
        import cProfile
        import pstats
        pr = cProfile.Profile()
        pr.enable()
        for k in range(args.games):
            if args.seed + k in hung or any(args.seed + k == s for s, _ in failed):
                continue
            playout(gdef, factions, args.seed + k)
        pr.disable()
        st = pstats.Stats(pr)
        st.sort_stats(os.environ.get("BENCH_SORT", "tottime")).print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
