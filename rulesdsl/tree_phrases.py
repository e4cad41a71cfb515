"""Lark tree → nodes: noun phrases (quantity, owner, noun, filters).

A mixin of `to_nodes.ToNodes`: one method per grammar rule, named as the rule.
"""
from __future__ import annotations

from lark import Token, v_args

from . import nodes as N
from .tree_words import _mark_after_where, _mark_compare_filter, _name


class NounPhraseRules:
    # noun phrases -------------------------------------------------------------------------
    @v_args(meta=True)
    def sel(self, meta, items):
        quant = None
        owner = None
        var = None
        noun = None
        filters = []
        for x in items:
            if isinstance(x, Token):
                if x.type == "YOUR":
                    owner = "mine"
                elif x.type == "NOUN":
                    noun = _name(self.ctx, x)
                elif x.type == "VAR":
                    var = str(x)
            elif isinstance(x, N.Filter):
                filters.append(x)
            elif isinstance(x, _Quant):
                quant = x.value
            elif isinstance(x, _Owner):
                owner = x.value
        node = N.Sel(quant, noun, var, owner, filters, pos=self._p(meta))
        for f in filters:
            if f.kind == "where":
                _mark_after_where(f.arg, node)
        return node

    def q_val(self, items):
        return _Quant(items[0])

    def q_each(self, items):
        return _Quant(("each",))

    def q_all(self, items):
        return _Quant(("all",))

    def q_any(self, items):
        return _Quant(("any",))

    def q_one(self, items):
        return _Quant(N.Num(1))

    def q_upto(self, items):
        return _Quant(("upto", items[-1]))

    def q_atleast(self, items):
        return _Quant(("atleast", items[-1]))

    def own_mine(self, items):
        return _Owner("mine")

    def own_enemy(self, items):
        return _Owner("enemy")

    def _filter(kind):
        @v_args(meta=True)
        def f(self, meta, items):
            vals = [x for x in items if not isinstance(x, Token)]
            if kind == "free":
                tok = next(t for t in items if isinstance(t, Token) and t.type == "ATTR")
                vals = [_name(self.ctx, tok)]
            a = vals[0] if vals else None
            b = vals[1] if len(vals) > 1 else None
            return N.Filter(kind, a, b, pos=self._p(meta))
        return f

    f_in = _filter("in")
    f_with = _filter("with")
    f_free = _filter("free")
    f_without = _filter("without")
    f_ruled_by = _filter("ruled_by")
    f_not_ruled_by = _filter("not_ruled_by")
    f_adjacent = _filter("adjacent")
    f_connected = _filter("connected")
    f_where = _filter("where")
    f_except = _filter("except")
    f_among = _filter("among")

    def _compare_filter(kind, arg2=None):
        """`é X`, `correspondente a X`: a filter that remembers where its words are (C029)"""
        @v_args(meta=True)
        def f(self, meta, items):
            vals = [x for x in items if not isinstance(x, Token)]
            node = N.Filter(kind, vals[0], arg2, pos=self._p(meta))
            return _mark_compare_filter(self.ctx, node, meta, items)
        return f

    f_matching = _compare_filter("matching")
    # `correspondente exatamente a X` (N18): no wild value matches (Law 10.2.2)
    f_matching_strict = _compare_filter("matching", "strict")
    f_is = _compare_filter("is")
    f_another = _filter("another")
    f_fewest = _filter("fewest")
    f_most = _filter("most")
    f_random = _filter("random")
    f_top = _filter("top")

    @v_args(meta=True)
    def f_prefer(self, meta, items):
        """`de preferência onde A senão onde B` (A.8.2.II): tiers of conditions, best first"""
        vals = [x for x in items if not isinstance(x, Token)]
        return N.Filter("prefer", N.ListOf(vals), None, pos=self._p(meta))

    @v_args(meta=True)
    def f_of(self, meta, items):
        vals = [x for x in items if not isinstance(x, Token)]
        if not vals:
            tok = next(t for t in items if isinstance(t, Token) and t.type == "VALUE")
            vals = [_name(self.ctx, tok)]
        return N.Filter("of", vals[0], None, pos=self._p(meta))

    @v_args(meta=True)
    def f_not_of(self, meta, items):
        tok = next(t for t in items if isinstance(t, Token) and t.type == "VALUE")
        return N.Filter("not_of", _name(self.ctx, tok), None, pos=self._p(meta))

    @v_args(meta=True)
    def f_has_attr(self, meta, items):
        tok = next(t for t in items if isinstance(t, Token) and t.type == "ATTR")
        return N.Filter("has_attr", _name(self.ctx, tok), None, pos=self._p(meta))

    @v_args(meta=True)
    def listing(self, meta, items):
        return N.ListOf([x for x in items if not isinstance(x, Token)], pos=self._p(meta))


class _Quant:
    def __init__(self, value):
        self.value = value


class _Owner:
    def __init__(self, value):
        self.value = value
