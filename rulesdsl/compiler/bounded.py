"""Counting stops at the bound (issue 11): `número de X >= N`, `número de X > 0`, `número de
X = 0`, `N <= número de X`... compare a count with a number, and the comparison is decided as
soon as the count passes that number. A selection of spaces, cards or players counted this way
stops looking at the first element past the bound (`houver` already stops at the first one):
`número de cartas de apoiadores correspondentes a C >= custo em apoiadores de C` tests the
supporters' cards only until it has found as many as the cost.

Only counts that are not memoized (a memo table keeps the whole count, which a bounded count
would not give it) and only selections whose elements pass or fail one by one (not the
fewest/most filters, not a list covered by distinct spaces). The number is computed before
the count (both are pure: the order of two pure operands changes nothing); the result is the
one the full count gives: with the count capped at N (>=, <) or N + 1 (the rest), every
comparison with N comes out the same.
"""
from __future__ import annotations

import operator

from .. import codegen as _cg

_OPS = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
        ">": operator.gt, ">=": operator.ge}
_MIRROR = {"=": "=", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def can_bound(sel) -> bool:
    from .sels import CoverSpaceSel, ListSel, SpaceSel
    return isinstance(sel, (SpaceSel, ListSel)) and not isinstance(sel, CoverSpaceSel) \
        and not getattr(sel, "post", None)


def mark_count(f, sel):
    """`f` counts `sel` (not memoized): comparisons of it with a number may bound it."""
    if can_bound(sel):
        try:
            f._upto_sel = sel
        except AttributeError:          # pragma: no cover - a bound method: no bound
            pass
    return f


def _helper(op):
    cmpf = _OPS[op]
    plain = op in ("=", "!=")        # `=` compares the values as they are; the others `or 0`
    extra = 0 if op in (">=", "<") else 1

    def bounded(ctx, upto, b):
        if not plain:
            b = b or 0
        if b.__class__ is int:
            return cmpf(upto(ctx, b + extra), b)
        return cmpf(upto(ctx, None), b)
    return bounded


_HELPERS = {op: _helper(op) for op in _OPS}


def compare(op, fa, fb, nodes=None):
    """A comparison of a count with a number, bounded; None when neither side is a count
    that can be bounded. `nodes`: the operands' tree nodes (what a loop may hoist of the
    number: codegen_hoist.py)."""
    if op not in _OPS:
        return None
    sel = getattr(fa, "_upto_sel", None)
    other, node = fb, (nodes[1] if nodes else None)
    if sel is None:
        sel = getattr(fb, "_upto_sel", None)
        if sel is None:
            return None
        op, other, node = _MIRROR[op], fa, (nodes[0] if nodes else None)
    upto = _cg.upto(sel)
    h = _HELPERS[op]
    fn = _cg.mark(lambda ctx: h(ctx, upto, other(ctx)), "{h}(ctx, {u}, {0})", other, h=h, u=upto)
    if _cg.ON:
        fn = _cg._parts(fn, "bounded", lambda ns, b: f"{ns.ref(h)}(ctx, {ns.ref(upto)}, {b})",
                        (other,), None if node is None else (node,))
    return fn
