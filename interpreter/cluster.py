"""`simular --executor dask`: the games of a run on a Dask cluster (issue 19).

    simulate(path, factions, games, executor="dask", address="tcp://10.0.0.5:8786")

The cluster's machines need rulesdsl installed, not the ruleset: the ruleset's folder travels
with the run as a bundle (every file's bytes and one digest of them all), sent once to every
worker (`scatter(..., broadcast=True)`). A worker writes the bundle into a private temporary
folder of its own (mode 0700, made by `tempfile.mkdtemp`) and loads it once per digest: the next
chunks of the same run, and of later runs of the same ruleset, find it loaded.

Games are the same tasks as in the local process pool (`simulate._run_chunk`): game k is played
from its own seed, so the results and the per-game records do not depend on the executor, the
number of workers or the order the games finish in.

The CPU-time limit of a game (`time_limit`) is a timer signal in the local pool; Dask runs tasks
in worker threads, where a signal cannot reach, so here it is checked between decisions against
the thread's own CPU time: a game past its limit stops as an error, as in the pool, but a rules loop
inside one decision is not interrupted (the decision bound of the engine still stops it).

Without an address a `distributed.LocalCluster` of `workers` single-threaded worker processes is
started on this machine (`LOCAL_PROCESSES = False` makes them threads of this process: quicker to
start, what the tests use, but they share one interpreter lock). Dask is an optional extra: `pip install 'rulesdsl[cluster]'`.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
import threading
import time

_LOADED: dict = {}            # (digest, lang) -> compiled ruleset, in each worker process
_LOCK = threading.Lock()      # worker threads of one process load a bundle once
LOCAL_PROCESSES = True        # the local cluster's workers: processes (else threads of this one)


class DaskMissing(RuntimeError):
    """The optional extra is not installed."""


def bundle(ruleset_path) -> tuple[str, str, dict[str, bytes]]:
    """(digest, name, {relative path: bytes}) of a ruleset folder or file: what a worker needs
    to load it. Hidden entries and Python caches are left out; the order is the paths' order."""
    path = os.path.abspath(os.fspath(ruleset_path))
    files: dict[str, bytes] = {}
    if os.path.isdir(path):
        for root, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for n in sorted(names):
                if n.startswith("."):
                    continue
                full = os.path.join(root, n)
                with open(full, "rb") as fh:
                    files[os.path.relpath(full, path).replace(os.sep, "/")] = fh.read()
    else:
        with open(path, "rb") as fh:
            files[""] = fh.read()
    h = hashlib.sha256()
    for rel in sorted(files):
        h.update(rel.encode() + b"\0" + len(files[rel]).to_bytes(8, "big") + files[rel])
    return h.hexdigest(), os.path.basename(path.rstrip(os.sep)) or "ruleset", files


def _materialize(b) -> str:
    """Write a bundle into a new private folder; the path to load."""
    digest, name, files = b
    top = tempfile.mkdtemp(prefix=f"rulesdsl-{digest[:12]}-")
    target = os.path.join(top, name)
    if "" in files:               # a ruleset of one file
        with open(target, "wb") as fh:
            fh.write(files[""])
        return target
    for rel, data in files.items():
        full = os.path.join(target, *rel.split("/"))
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as fh:
            fh.write(data)
    return target


def worker_ruleset(b, lang):
    """The compiled ruleset of a bundle in this worker (loaded on first use)."""
    key = (b[0], lang)
    with _LOCK:
        gdef = _LOADED.get(key)
        if gdef is None:
            from rulesdsl.environment import Environment
            gdef = _LOADED[key] = Environment(lang).load(_materialize(b))     # the compiled-ruleset cache, keyed by content
            # the compiled ruleset (hundreds of thousands of objects, none of them garbage) to
            # the permanent generation, as simulate.py does before forking: the collections
            # while the games run do not walk it
            import gc
            gc.collect()
            gc.freeze()
    return gdef


def run_chunk(b, lang, task):
    """One chunk of games on a Dask worker: (worker id, CPU seconds, results)."""
    from . import simulate as _sim
    gdef = worker_ruleset(b, lang)
    t0 = time.thread_time()
    res = _sim.run_chunk_with(gdef, task, cpu_clock=time.thread_time)
    return f"{os.uname().nodename}:{os.getpid()}:{threading.get_ident()}", time.thread_time() - t0, res


def run(ruleset_path, tasks, lang, address, workers, finished, stats) -> bool:
    """Submit the chunks to the cluster at `address` (None: a local cluster of `workers` workers)
    and hand each finished chunk to `finished(res, worker, cpu)`. True when interrupted (Ctrl-C):
    the chunks not finished are cancelled, the finished ones were handed over."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:        # pragma: no cover - depends on the extra
        raise DaskMissing(str(exc)) from None
    cluster = None
    if address is None:
        cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=LOCAL_PROCESSES,
                               dashboard_address=None)
        client = Client(cluster)
        stats["start"] = "dask-local"
    else:
        client = Client(address, timeout="15s")
        stats["start"] = "dask"
    futs = []
    try:
        b = client.scatter(bundle(ruleset_path), broadcast=True)
        futs = [client.submit(run_chunk, b, lang, t, pure=False) for t in tasks]
        for f in as_completed(futs):
            wid, cpu, res = f.result()
            finished(res, wid, cpu)
        return False
    except KeyboardInterrupt:
        client.cancel(futs)
        return True
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
