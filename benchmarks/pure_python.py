"""Run a script with the project in pure Python even where the compiled core is built
(tools/build_native.py): the "before" side of a measurement, from the same tree.

    python benchmarks/pure_python.py benchmarks/bench_playout.py --games 20
    python ../shared/bench/cpuclock.py benchmarks/pure_python.py benchmarks/bench_playout.py --games 20
    python benchmarks/pure_python.py --extensoes /tmp/ext benchmarks/bench_playout.py   # only those

Every `rulesdsl.*` module loads from its .py, except those compiled under an `extra` folder
(tools/build_native.py --destino DIR; benchmarks/native_logs.py --extensoes DIR).
"""
from __future__ import annotations

import importlib.abc
import importlib.util
import os
import runpy
import sys
import sysconfig


class SourceOnly(importlib.abc.MetaPathFinder):
    """Find the project's modules as .py files only, or as the extension modules under `extra`."""

    def __init__(self, extra=None):
        self.extra = extra

    def find_spec(self, name, path, target=None):
        if not name.startswith("rulesdsl.") or not path:
            return None
        if self.extra:
            rel = name.split(".")[1:]
            if rel[0] != "interpreter":          # rulesdsl.interpreter.* lives in interpreter/
                rel = ["rulesdsl"] + rel
            so = os.path.join(self.extra, *rel) + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")
            if os.path.isfile(so):
                return importlib.util.spec_from_file_location(name, so)
        leaf = name.rsplit(".", 1)[1]
        for d in path:
            init = os.path.join(d, leaf, "__init__.py")
            if os.path.isfile(init):
                return importlib.util.spec_from_file_location(
                    name, init, submodule_search_locations=[os.path.join(d, leaf)])
            py = os.path.join(d, leaf + ".py")
            if os.path.isfile(py):
                return importlib.util.spec_from_file_location(name, py)
        return None


def install(extra=None):
    sys.meta_path.insert(0, SourceOnly(extra))


if __name__ == "__main__":
    args = sys.argv[1:]
    extra = None
    if args[:1] == ["--extensoes"]:
        extra, args = args[1], args[2:]
    install(extra)
    script = args[0]
    sys.argv = args
    runpy.run_path(script, run_name="__main__")
