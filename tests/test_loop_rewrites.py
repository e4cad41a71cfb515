"""Loops that do less work (rulesdsl/codegen_hoist.py, rulesdsl/compiler/bounded.py): a
selection `clareiras C onde ...` computes once what does not depend on C, tests cheap conditions
first, and a count compared with a number stops at the number — with the same answers.

The conditions are built from the compiler's own pieces (codegen.cmp/logic and tree nodes) with
a counting function in place of a costly rule (`é possível posicionar`, a count over the map):
no ruleset is loaded.
"""
from __future__ import annotations

import itertools

import pytest

from rulesdsl import codegen
from rulesdsl import nodes as N
from rulesdsl.compiler import bounded, memo
from rulesdsl.compiler.sels import SpaceSel


class _G:
    derived = {}           # no derived value: nothing read through a `contexto:`


class _Ctx:
    def __init__(self):
        self.env = {}
        self.me = "a"


class _Spaces(SpaceSel):
    """`clareiras C onde ...` over a fixed list of clearings (numbers here)."""

    def __init__(self, spaces, preds, var="C"):
        super().__init__(None, preds, var, None)
        self.spaces = spaces

    def _base(self, ctx):
        return self.spaces


def _costly(value, calls, reads=None):
    """A rule that costs (counted) and, with `reads`, depends on that variable."""
    def f(ctx):
        calls.append(ctx.env.get(reads) if reads else None)
        return value(ctx) if callable(value) else value
    args = [N.Var(reads)] if reads else [N.Num(1)]
    return f, N.Call("truthy", args)


def _where(fc, node):
    def where(ctx, sp):
        return fc(ctx)
    where._cg_where = fc
    where._cg_wnode = (node, _G())
    return where


def _c_positive():
    """`C > 0`: cheap (a variable and a number)."""
    node = N.Cmp(">", N.Var("C"), N.Num(0))
    return codegen.cmp(">", codegen.var(lambda ctx: ctx.env.get("C"), "C"),
                       codegen.const(lambda ctx: 0, 0), nodes=(node.a, node.b)), node


def _and(*parts):
    fs, nodes = zip(*parts)
    return codegen.logic("and", list(fs), list(nodes)), N.Logic("and", list(nodes))


def test_a_condition_that_does_not_read_the_clearing_is_computed_once_per_evaluation(monkeypatch):
    # clareiras C onde C > 0 e <custo sem C>: four clearings pass C > 0, the rule is asked once
    # (under RULESDSL_CHECK_MEMO=1 the hoisted value is asked again per clearing to be checked)
    monkeypatch.setattr(memo, "CHECK_MEMO", False)
    calls = []
    fc, node = _and(_c_positive(), _costly(True, calls))
    sel = _Spaces([1, 2, 3, 4], [_where(fc, node)])
    codegen.space_sel(sel)
    ctx = _Ctx()
    assert sel.items(ctx) == [1, 2, 3, 4] and sel.any(ctx) is True
    assert len(calls) == 2                     # once for items, once for any
    assert ctx.env == {}                       # C put back
    # ... and not at all when no clearing gets that far (lazy: where it was asked before)
    calls.clear()
    assert _Spaces([-1, -2], [_where(fc, node)]).items(ctx) == [] and calls == []


def test_without_the_generator_the_condition_is_asked_for_each_clearing():
    calls = []
    fc, node = _and(_c_positive(), _costly(True, calls))
    sel = _Spaces([1, 2, 3, 4], [_where(fc, node)])       # not generated: _passing
    assert sel.items(_Ctx()) == [1, 2, 3, 4] and len(calls) == 4


def test_a_hoisted_value_is_checked_against_a_fresh_one_when_memos_are(monkeypatch):
    # a rule that (wrongly) changes between clearings: RULESDSL_CHECK_MEMO=1 catches it
    calls = []
    fc, node = _and(_c_positive(), _costly(lambda ctx: len(calls) < 2, calls))
    sel = _Spaces([1, 2, 3], [_where(fc, node)])
    codegen.space_sel(sel)
    monkeypatch.setattr(memo, "CHECK_MEMO", True)
    with pytest.raises(AssertionError, match="hoisted value out of date"):
        sel.items(_Ctx())


def test_cheap_conditions_are_tested_first():
    # clareiras C onde <custo com C> e C > 0: the costly rule only for the clearings with C > 0
    calls = []
    fc, node = _and(_costly(True, calls, reads="C"), _c_positive())
    sel = _Spaces([-3, 5, -1, 7], [_where(fc, node)])
    codegen.space_sel(sel)
    assert sel.items(_Ctx()) == [5, 7]
    assert calls == [5, 7]


def test_houver_stops_at_the_first_clearing_that_passes():
    seen = []

    def pred(ctx, sp):
        seen.append(sp)
        return sp > 1
    sel = _Spaces([1, 2, 3, 4], [pred])
    codegen.space_sel(sel)
    assert sel.any(_Ctx()) is True and seen == [1, 2]


@pytest.mark.parametrize("generated", [True, False])
def test_a_count_compared_with_a_number_stops_at_the_number(generated, monkeypatch):
    monkeypatch.setattr(codegen, "ON", generated)
    seen = []

    def pred(ctx, sp):
        seen.append(sp)
        return sp % 2 == 1
    sel = _Spaces([1, 3, 5, 7, 9, 2], [pred])
    if generated:
        codegen.space_sel(sel)
    count = bounded.mark_count(lambda ctx: len(sel.items(ctx)), sel)
    two = codegen.const(lambda ctx: 2, 2)
    # número de clareiras ímpares >= 2: decided at the second
    ge = bounded.compare(">=", count, two, (N.Num(0), N.Num(2)))
    assert ge(_Ctx()) is True and seen == [1, 3]
    # 2 < número de ...: the mirror, decided at the third
    seen.clear()
    assert bounded.compare("<", two, count)(_Ctx()) is True and seen == [1, 3, 5]


def test_a_bounded_count_answers_every_comparison_as_the_full_count():
    spaces = [1, 3, 5, 2]                     # three pass
    for op, b in itertools.product(("=", "!=", "<", "<=", ">", ">="), (None, -1, 0, 1, 2, 3, 4, 2.5)):
        sel = _Spaces(spaces, [lambda ctx, sp: sp % 2 == 1])
        codegen.space_sel(sel)
        count = bounded.mark_count(lambda ctx: len(sel.items(ctx)), sel)
        other = codegen.const(lambda ctx, b=b: b, b) if b is not None else (lambda ctx: None)
        full = codegen.cmp(op, lambda ctx: len(sel.items(ctx)), other)
        for fn, ref in ((bounded.compare(op, count, other), full),
                        (bounded.compare(op, other, count), codegen.cmp(op, other, lambda ctx: 3))):
            assert fn(_Ctx()) == ref(_Ctx()), (op, b)


# --- pieces: a place's filter only where a piece of the kinds lies ---------------------------

class _Kind:
    def __init__(self, owner):
        self.owner = owner


class _PieceG:
    piece_kinds = {"base": _Kind("a"), "guerreiro": _Kind("a")}


class _PieceState:
    # bases in clearings 2 and 4; warriors in 1 and 3 (the filter never needs to look there)
    board = {1: {"guerreiro": 1}, 2: {"base": 1}, 3: {"guerreiro": 2}, 4: {"base": 1}}
    piece_zones = {}
    flags = {}
    uid, vb, vz = -1, 0, 0          # the versions scans key on (interpreter/presence.py)


def _bases(asked):
    """`bases suas correspondentes a <valor>` (owner 'mine'), the filter on the place counted."""
    from rulesdsl.compiler.sels import PieceSel

    def matching(ctx, sp):
        asked.append(sp)
        return sp != 2
    sel = PieceSel(("base", "guerreiro"), "mine", None, [matching], None, None)
    sel.kinds = ("base",)
    codegen.piece_sel(sel, lambda ctx: [1, 2, 3, 4], None)
    ctx = _Ctx()
    ctx.g, ctx.s = _PieceG(), _PieceState()
    return sel, ctx


def test_a_place_filter_is_asked_only_where_the_pieces_sought_are():
    asked = []
    sel, ctx = _bases(asked)
    assert sel.exists(ctx) is True and asked == [2, 4]
    asked.clear()
    assert sel.count(ctx) == 1 and asked == [2, 4]
    asked.clear()
    sel.where = lambda ctx: [1, 2, 3, 4]
    assert sel.locations(ctx) == [(4, "base", 1)] and asked == [2, 4]
