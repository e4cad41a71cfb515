"""Lark tree → nodes: expressions (logic, comparisons, arithmetic, counts, calls, values).

A mixin of `to_nodes.ToNodes`: one method per grammar rule, named as the rule.
"""
from __future__ import annotations

from lark import Token, v_args

from . import nodes as N
from .tree_words import _Span, _count_hint, _name, _pos, _trailing_compare_filter


class ExpressionRules:
    # expressions --------------------------------------------------------------------------
    @v_args(meta=True)
    def or_(self, meta, items):
        vals = [x for x in items if not isinstance(x, Token)]
        return vals[0] if len(vals) == 1 else N.Logic("or", vals, pos=self._p(meta))

    @v_args(meta=True)
    def and_(self, meta, items):
        vals = [x for x in items if not isinstance(x, Token)]
        return vals[0] if len(vals) == 1 else N.Logic("and", vals, pos=self._p(meta))

    @v_args(meta=True)
    def not_(self, meta, items):
        return N.Not(items[-1], pos=self._p(meta))

    @v_args(meta=True)
    def compare(self, meta, items):
        a, op, b = items
        return self._said(N.Cmp(str(op.value), a, b, pos=self._p(meta)), meta)

    @v_args(meta=True)
    def is_(self, meta, items):
        neg = any(isinstance(t, Token) and t.type == "NOT" for t in items)
        vals = [x for x in items if not isinstance(x, Token)]
        node = N.Cmp("!=" if neg else "=", vals[0], vals[1], pos=self._p(meta))
        return self._tail(self._said(node, meta), meta, items)

    def _said(self, node, meta):
        """The words of a comparison as written (`D é Alta`), for a message (C033)."""
        src = self.ctx.source
        if src and meta.start_pos is not None and meta.end_pos is not None:
            node.words = " ".join(src[meta.start_pos:meta.end_pos].split())
        return node

    @v_args(meta=True)
    def is_attr(self, meta, items):
        neg = any(isinstance(t, Token) and t.type == "NOT" for t in items)
        tok = next(t for t in items if isinstance(t, Token) and t.type == "ATTR")
        obj = [x for x in items if not isinstance(x, Token)][0]
        node = N.AttrOf(_name(self.ctx, tok), obj, pos=self._p(meta))
        truth = N.Call("truthy", [node], pos=self._p(meta))
        return N.Not(truth, pos=self._p(meta)) if neg else truth

    @v_args(meta=True)
    def rules(self, meta, items):
        who, where = [x for x in items if not isinstance(x, Token)]
        return self._rules_words(N.Call("rules", [who, where], pos=self._p(meta)), meta, items)

    def _rules_words(self, node, meta, items):
        """`X governa Y`: what X says (`número de soldados`) and a spelling with a player on
        the left (`você governa V`), for the compiler when X is no player (C032)."""
        src = self.ctx.source
        tok = next((t for t in items if isinstance(t, Token) and t.type == "RULES"), None)
        if not src or tok is None or meta.start_pos is None or meta.end_pos is None:
            return node
        neg = [t for t in items if isinstance(t, Token) and t.type == "NOT"]
        node.who_words = " ".join(src[meta.start_pos:(neg or [tok])[0].start_pos].split())
        right = " ".join(src[tok.end_pos:meta.end_pos].split())
        from . import lexicon as lx
        try:
            w = lx.get(self.ctx.lang).spell_word
        except KeyError:
            return node
        words = [w("YOU")] + [w("NOT")] * bool(neg) + [w("RULES"), right]
        node.rules_hint = " ".join(words) if right else None
        return node

    @v_args(meta=True)
    def matches_all(self, meta, items):
        a, b = [x for x in items if not isinstance(x, Token)]
        return self._tail(N.Call("matches_all", [a, b], pos=self._p(meta)), meta, items)

    @v_args(meta=True)
    def matches_all_strict(self, meta, items):
        a, b = [x for x in items if not isinstance(x, Token)]
        return self._tail(N.Call("matches_strict", [a, b], pos=self._p(meta)), meta, items)

    def _tail(self, node, meta, items):
        """`A correspondente a B`, `A é B`: the words that are also filters of a noun phrase,
        and where they start. Inside an `onde` condition they may be a filter the designer
        meant for the noun (`clareira C onde (...) correspondente a N`); `sel` marks them and
        the compiler reports C028 when the left side is a condition."""
        ops = [t for t in items if isinstance(t, Token)]
        if ops and getattr(ops[0], "start_pos", None) is not None and meta.end_pos is not None:
            start, end = ops[0].start_pos, meta.end_pos
            node.tail_pos = _pos(self.ctx, _Span(start, end))
            src = self.ctx.source
            words = src[start:end] if src else " ".join(getattr(t, "text", "") or "" for t in ops)
            node.tail_words = " ".join(words.split())
        return node

    @v_args(meta=True)
    def not_rules(self, meta, items):
        who, where = [x for x in items if not isinstance(x, Token)]
        call = self._rules_words(N.Call("rules", [who, where], pos=self._p(meta)), meta, items)
        return N.Not(call, pos=self._p(meta))

    def _arith(op):
        @v_args(meta=True)
        def f(self, meta, items):
            a, b = [x for x in items if not isinstance(x, Token)]
            node = N.Arith(op, a, b, pos=self._p(meta))
            tail = getattr(a, "count_tail", None)
            if tail is not None and meta.end_pos is not None:
                # "número de soldados em V é 2 + 1": the filter took `2`, the sum the count
                _count_hint(self.ctx, tail, meta.end_pos)
                node.count_tail = tail
            return node
        return f

    add = _arith("+")
    sub = _arith("-")
    mul = _arith("*")
    div = _arith("/")

    @v_args(meta=True)
    def count(self, meta, items):
        node = N.Count(items[-1], pos=self._p(meta))
        # "número de soldados em V é 0": the count ends with an `é X` filter; keep where the
        # count starts, for the compiler's suggestion ("número de soldados em V = 0")
        f = _trailing_compare_filter(items[-1])
        span = getattr(f, "span", None)
        if span is not None and meta.start_pos is not None and span[1] == meta.end_pos:
            f.count_from = meta.start_pos
            _count_hint(self.ctx, f, span[1])
            node.count_tail = f
        return node

    @v_args(meta=True)
    def exists(self, meta, items):
        return N.Exists(items[-1], pos=self._p(meta))

    @v_args(meta=True)
    def can_place(self, meta, items):
        return N.Call("can_place", [items[-1]], pos=self._p(meta))

    @v_args(meta=True)
    def option_of(self, meta, items):
        # a ruleset option's value (rulesdsl/options.py): "a opção alianças"
        return N.Call("option", [items[-1]], pos=self._p(meta))

    @v_args(meta=True)
    def is_active(self, meta, items):
        neg = any(isinstance(t, Token) and t.type == "NOT" for t in items)
        node = N.Call("option_on", [items[0]], pos=self._p(meta))
        return N.Not(node, pos=self._p(meta)) if neg else node

    @v_args(meta=True)
    def can_remove(self, meta, items):
        return N.Call("can_remove", [items[-1]], pos=self._p(meta))

    @v_args(meta=True)
    def call_noun(self, meta, items):
        fn = items[0]
        owner = "mine" if any(isinstance(t, Token) and t.type == "YOUR" for t in items) else None
        noun_tok = next(t for t in items[1:] if isinstance(t, Token) and t.type == "NOUN")
        sel = N.Sel(None, _name(self.ctx, noun_tok), None, owner, [], pos=_pos(self.ctx, noun_tok))
        return N.Call(str(fn.value), [sel], pos=self._p(meta))

    @v_args(meta=True)
    def call(self, meta, items):
        fn = items[0]
        args = [x for x in items[1:] if not isinstance(x, Token)]
        return N.Call(str(fn.value), args, pos=self._p(meta))

    def num(self, items):
        t = items[0]
        return N.Num(int(t.value), pos=_pos(self.ctx, t))

    def var(self, items):
        t = items[0]
        return N.Var(str(t.value), pos=_pos(self.ctx, t))

    def me(self, items):
        return N.Me(pos=_pos(self.ctx, items[0]))

    def value(self, items):
        return _name(self.ctx, items[0])

    @v_args(meta=True)
    def attr_of(self, meta, items):
        attr = _name(self.ctx, items[0])
        obj = [x for x in items[1:] if not isinstance(x, Token)][0]
        return N.AttrOf(attr, obj, pos=self._p(meta))

    @v_args(meta=True)
    def attr_of_noun(self, meta, items):
        attr = _name(self.ctx, items[0])
        owner = "mine" if any(isinstance(t, Token) and t.type == "YOUR" for t in items[1:]) else None
        noun_tok = next(t for t in items[1:] if isinstance(t, Token) and t.type == "NOUN")
        var = next((str(t) for t in items[1:] if isinstance(t, Token) and t.type == "VAR"), None)
        sel = N.Sel(None, _name(self.ctx, noun_tok), var, owner, [], pos=_pos(self.ctx, noun_tok))
        return N.AttrOf(attr, sel, pos=self._p(meta))
