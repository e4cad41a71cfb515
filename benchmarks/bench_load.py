"""Loading a ruleset from a fresh process: cold (no cache), cold writing the cache, and
from the cache. CPU time (`time.process_time`) of the imports and the load, in a new Python
process each time (as a command line run pays them), the minimum and the median of N runs.

    python benchmarks/bench_load.py                 # rulesets/root, 5 runs of each
    python benchmarks/bench_load.py tests/games/conquista --runs 9
    python benchmarks/bench_load.py --code /path/to/other/checkout --only cold

`--code` measures another checkout's code (a folder holding rulesdsl/, e.g. a shadow of the
main branch) for a before/after comparison; the cache uses a private temporary folder.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PROBE = r"""
import sys, time
sys.path.insert(0, {code!r})
t0 = time.process_time()
from rulesdsl.environment import Environment
import inspect
kw = {{}}
if "cache" in inspect.signature(Environment).parameters:
    kw = dict(cache={cache}, cache_dir={folder!r})
e = Environment(**kw)
e.load({ruleset!r})
print(time.process_time() - t0, getattr(e, "cache_hit", None))
"""


def once(code, ruleset, cache, folder):
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)              # as installed: compiled modules
    env["PYTHONPYCACHEPREFIX"] = os.path.join(folder, "pyc")
    out = subprocess.run([sys.executable, "-c", PROBE.format(code=code, ruleset=ruleset, cache=cache,
                                                             folder=os.path.join(folder, "c"))],
                         env=env, capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), out[1]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", nargs="?", default=os.path.join(ROOT, "rulesets", "root"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--code", default=ROOT)
    ap.add_argument("--only", choices=("cold", "write", "warm"), action="append")
    a = ap.parse_args(argv)
    kinds = a.only or ["cold", "write", "warm"]
    print(f"load average before: {os.getloadavg()[0]:.2f}; cores: {os.cpu_count()}")
    with tempfile.TemporaryDirectory(prefix="rulesdsl-bench-") as folder:
        once(a.code, a.ruleset, False, folder)            # compile the modules once
        times = {k: [] for k in kinds}
        for _ in range(a.runs):                           # alternate: the same load for all
            for k in kinds:
                if k == "write":
                    import shutil
                    shutil.rmtree(os.path.join(folder, "c"), ignore_errors=True)
                elif k == "warm" and not os.path.isdir(os.path.join(folder, "c")):
                    once(a.code, a.ruleset, True, folder)
                t, hit = once(a.code, a.ruleset, k != "cold", folder)
                if k == "warm" and hit not in ("True", "None"):
                    print("  (warm run missed the cache)")
                times[k].append(t)
        for k in kinds:
            ts = times[k]
            print(f"{k:>5}: min {min(ts) * 1000:.0f} ms, median {statistics.median(ts) * 1000:.0f} ms "
                  f"({len(ts)} runs: {', '.join(f'{t * 1000:.0f}' for t in ts)})")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
