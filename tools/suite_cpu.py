"""CPU time of the test suite, per test, in every pytest-xdist process (docs/desempenho.md,
"A suíte, segunda rodada").

As a pytest plugin (tools/ on the path), the same options as the README:

    CPUPROF_DIR=/tmp/prof PYTHONPATH=tools python -m pytest -p suite_cpu -p no:cacheprovider

writes DIR/<worker>.tsv: the collection's CPU, and each test's CPU (os.times: the process and
the children it waited for) and wall time. Then

    python tools/suite_cpu.py /tmp/prof [N]

prints the collection, the sum over the tests, the N costliest files and tests.
"""

import collections
import glob
import os
import time

import pytest

OUT = os.environ.get("CPUPROF_DIR", "/tmp/suite_prof")
_rows = []
_t0 = None


def _cpu():
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _worker():
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def pytest_configure(config):
    global _t0
    _t0 = _cpu()
    _rows.append(("start", "process", _t0))


def pytest_collection_finish(session):
    _rows.append(("collect", "collection", _cpu() - _t0))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    a = _cpu()
    w0 = time.perf_counter()
    yield
    _rows.append(("test", item.nodeid, _cpu() - a, time.perf_counter() - w0))


def pytest_sessionfinish(session):
    os.makedirs(OUT, exist_ok=True)
    _rows.append(("total", "process", _cpu()))
    with open(os.path.join(OUT, _worker() + ".tsv"), "w") as f:
        for r in _rows:
            f.write("\t".join(str(x) for x in r) + "\n")


def report(d, n=30):
    tests, coll, tot, start = {}, {}, {}, {}
    for fn in glob.glob(os.path.join(d, "*.tsv")):
        w = os.path.basename(fn)[:-4]
        for line in open(fn):
            p = line.rstrip("\n").split("\t")
            if p[0] == "test": tests[p[1]] = (float(p[2]), float(p[3]), w)
            elif p[0] == "collect": coll[w] = float(p[2])
            elif p[0] == "total": tot[w] = float(p[2])
            elif p[0] == "start": start[w] = float(p[2])
    print("workers", sorted(coll))
    print("start cpu", {k: round(v, 1) for k, v in start.items()})
    print("collection cpu", {k: round(v, 1) for k, v in coll.items()}, "sum", round(sum(coll.values()), 1))
    print("tests", len(tests), "cpu sum", round(sum(v[0] for v in tests.values()), 1))
    print("process total", {k: round(v, 1) for k, v in tot.items()})
    byfile = collections.Counter()
    for k, v in tests.items(): byfile[k.split("::")[0]] += v[0]
    print("--- by file")
    for k, v in byfile.most_common(n): print(f"{v:8.1f}  {k}")
    print("--- slowest tests")
    for k, v in sorted(tests.items(), key=lambda kv: -kv[1][0])[:n]: print(f"{v[0]:8.2f} {v[1]:8.2f} {v[2]}  {k}")


if __name__ == "__main__":
    import sys
    report(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 30)
