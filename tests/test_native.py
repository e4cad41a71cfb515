"""The optional compiled core (tools/build_native.py): a module compiled by Cython plays the same
game as its .py, and no compiled module in the tree is older than its source."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import build_native  # noqa: E402

# small and on the hot path of every playout (which cards are in play)
MODULE = "interpreter/card_scope.py"


def test_no_compiled_module_is_older_than_its_source():
    # a .py edited after `build_native.py` would otherwise run its old code, silently
    stale = build_native.stale_modules(ROOT)
    assert not stale, ("compiled modules older than their .py: " + ", ".join(stale)
                       + " (python tools/build_native.py, or --limpar)")


def _digests(*args):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "native_logs.py"),
                          "--seeds", "1", "--casos", "root2", "--puro", *args],
                         capture_output=True, text=True, check=True)
    return out.stdout, out.stderr


def test_a_compiled_module_plays_the_same_game_as_python(tmp_path):
    pytest.importorskip("Cython", reason="Cython is not installed (extra 'rapido')")
    # unoptimised C: the test checks behaviour, not speed, and -O0 compiles in a fraction
    assert build_native.build([MODULE], "pt", strict=True, out=str(tmp_path), optimize="0") == 0
    so = tmp_path / (MODULE[:-3] + build_native.ext_suffix())
    assert so.is_file()
    compiled, err = _digests("--extensoes", str(tmp_path))
    assert "rulesdsl.interpreter.card_scope" in err     # it did run compiled
    pure, _ = _digests()
    assert compiled.split()[2] != "0"                   # a real game, with decisions
    assert compiled == pure


def test_a_missing_module_is_named_and_nothing_is_built(tmp_path, capsys):
    pytest.importorskip("Cython", reason="Cython is not installed (extra 'rapido')")
    assert build_native.build(["interpreter/nao_existe.py"], "es", out=str(tmp_path)) == 1
    err = capsys.readouterr().err
    assert "CLI201" in err and "interpreter/nao_existe.py" in err and "no existe" in err
    assert not any(tmp_path.iterdir())
