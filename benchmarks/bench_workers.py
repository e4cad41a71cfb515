"""`simular` with 1 and with N worker processes, side by side: games per CPU-second (all the
processes' CPU time, `time.process_time` in this one plus its children's from `getrusage`),
the pool's CPU-time throughput (games per CPU-second of its busiest worker: what N free
cores would give per wall-second) and games per wall-second (depends on the machine's load).

    python benchmarks/bench_workers.py                          # Root, marqueses,rapinas
    python benchmarks/bench_workers.py --games 40 --workers 2 --pairs 2
    python benchmarks/bench_workers.py tests/games/conquista --factions azuis,vermelhos

Runs alternate (1 worker, N workers, 1, N...) so both see the same machine load. The results
of the two are also compared: the same seeds must give the same games.
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

VARYING = ("seconds", "games_per_second", "workers")


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run(gdef, path, factions, games, seed, workers):
    from rulesdsl.interpreter.simulate import simulate
    stats: dict = {}
    c0, k0, w0 = time.process_time(), _children_cpu(), time.perf_counter()
    r = simulate(path, factions, games, seed=seed, workers=workers, progress=False, stats=stats,
                 gdef=gdef)
    here, kids = time.process_time() - c0, _children_cpu() - k0
    cpu = here + kids
    wall = time.perf_counter() - w0
    busiest = max(stats["cpu"].values())
    return r, {"cpu": cpu, "here": here, "kids": kids, "games_cpu": sum(stats["cpu"].values()),
               "wall": wall, "busiest": busiest, "start": stats["start"],
               "per_cpu": games / cpu, "pool": games / busiest, "per_wall": games / wall}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", nargs="?", default=os.path.join(ROOT, "rulesets", "root"))
    ap.add_argument("--factions", default="marqueses,rapinas")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reload", action="store_true",
                    help="the workers load the ruleset themselves, without the cache (as before)")
    a = ap.parse_args(argv)
    if a.reload:
        from concurrent.futures import ProcessPoolExecutor
        from rulesdsl.interpreter import simulate as S
        S._pool = lambda workers, gdef, path, lang, cache: (ProcessPoolExecutor(
            max_workers=workers, initializer=S._init_worker, initargs=(path, lang, False)), "load")
    factions = a.factions.split(",")
    from rulesdsl.environment import Environment
    gdef = Environment().load(a.ruleset)   # loaded once here, as `simular` does
    print(f"load average before: {os.getloadavg()[0]:.2f}; cores: {os.cpu_count()}")
    rows = {1: [], a.workers: []}
    results = {}
    for i in range(a.pairs):
        for w in (1, a.workers):
            r, m = run(gdef, a.ruleset, factions, a.games, a.seed, w)
            rows[w].append(m)
            results.setdefault(w, {k: v for k, v in r.items() if k not in VARYING})
            print(f"  pair {i + 1} workers={w} ({m['start']}): cpu {m['cpu']:.2f} s "
                  f"(this process {m['here']:.2f}, workers {m['kids']:.2f}; games {m['games_cpu']:.2f}), "
                  f"busiest worker {m['busiest']:.2f} s, wall {m['wall']:.2f} s; "
                  f"games/CPU-s {m['per_cpu']:.2f}, pool games/CPU-s {m['pool']:.2f}, "
                  f"games/wall-s {m['per_wall']:.2f}")
    same = results[1] == results[a.workers]
    one = sum(m["per_cpu"] for m in rows[1]) / len(rows[1])
    for w in (1, a.workers):
        ms = rows[w]
        avg = {k: sum(m[k] for m in ms) / len(ms) for k in ("per_cpu", "pool", "per_wall")}
        print(f"workers={w}: games/CPU-s {avg['per_cpu']:.2f}, pool {avg['pool']:.2f} "
              f"({avg['pool'] / one:.2f}x one worker), games/wall-s {avg['per_wall']:.2f}")
    print(f"same results with 1 and {a.workers} workers: {same}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
