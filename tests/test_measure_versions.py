"""benchmarks/measure_versions.py watches the State to say how often finer versions (one per
piece kind, one per counter) would let a requirement be reused; its figures in
docs/desempenho.md are only as good as that watching. A bare State, no ruleset: a piece of one
kind moves, and only that kind's version moves; a rollback brings the mark's versions back."""
from __future__ import annotations

import os
import sys

import pytest

from rulesdsl.interpreter import state as ST

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def watched(monkeypatch):
    sys.path.insert(0, os.path.join(REPO, "benchmarks"))
    try:
        import measure_versions
    finally:
        sys.path.pop(0)
    fv = measure_versions.FineVersions(ST)
    for name, fn in fv.wrappers().items():
        monkeypatch.setattr(ST.State, name, fn)
    s = ST.State(seed=1)
    s.board = {"clareira1": {"gato": 2}, "clareira2": {}}
    s.supply = {"gato": 5, "passaro": 5}
    s.counters = {"gatos:pv": 0, "passaros:pv": 0}
    return fv, s, measure_versions.ANY


def test_a_kind_moved_moves_only_that_kind(watched):
    fv, s, ANY = watched
    s.put("clareira2", "passaro")
    after_bird = dict(fv.kinds[s.uid])
    assert "passaro" in after_bird and "gato" not in after_bird
    assert ANY not in after_bird        # the State's own _touch of the pieces is not "any kind"
    s.shift("clareira1", "clareira2", "gato", 1)
    assert fv.kinds[s.uid]["passaro"] == after_bird["passaro"]
    assert fv.kinds[s.uid]["gato"] > after_bird["passaro"]


def test_a_quiet_take_moves_its_kind_only(watched):
    fv, s, ANY = watched
    s.take("clareira1", "gato", 1, _log=False)
    assert set(fv.kinds[s.uid]) == {"gato"}


def test_a_counter_changed_moves_only_that_counter(watched):
    fv, s, ANY = watched
    s.set_counter("gatos:pv", 3)
    assert set(fv.counters[s.uid]) == {"gatos:pv"}


def test_a_rollback_to_a_mark_brings_its_versions_back(watched):
    fv, s, ANY = watched
    s.put("clareira2", "passaro")
    before = dict(fv.kinds[s.uid])
    m = s.mark()
    s.put("clareira2", "gato")
    assert fv.kinds[s.uid] != before
    s.rollback(m)
    assert s.board["clareira1"] == {"gato": 2}
    assert fv.kinds[s.uid] == before
