"""Stage 3 — parse: effect expression text → `nodes` tree, with the Lark LALR parser.

The grammar (grammar/effects.lark) is over neutral terminals; `Tokenizer` supplies them.
Errors carry the position inside the expression and name what was expected, in the
expression's language.
"""
from __future__ import annotations

import hashlib
import os
import types
from functools import lru_cache

import lark as _lark
from lark import Lark, Transformer, Token, Tree, v_args
from lark.exceptions import GrammarError, UnexpectedInput, UnexpectedToken, UnexpectedEOF, VisitError
from lark.visitors import Discard, _VArgsWrapper
from lark.lexer import Lexer

from . import nodes as N
from .errors import Diagnostics


def _grammar_path() -> str:
    here = os.path.dirname(os.path.abspath(__file__))
    cand = os.path.join(os.path.dirname(here), "grammar", "effects.lark")
    if os.path.exists(cand):
        return cand
    import importlib.resources as ir
    return str(ir.files("rulesdsl.grammar") / "effects.lark")


class _ListLexer(Lexer):
    """Lark calls this with whatever we pass to parse(): our ready token list."""

    def __init__(self, lexer_conf):
        pass

    def lex(self, data):
        yield from data


_OPTIONS = dict(parser="lalr", propagate_positions=True, maybe_placeholders=False,
                start=["start", "expr_start"])


def grammar_key(grammar: str) -> str:
    """What the LALR tables depend on: the grammar's text, the options and Lark's version."""
    h = hashlib.sha256()
    h.update(f"{_lark.__version__}|{sorted(_OPTIONS.items())}|".encode())
    h.update(grammar.encode("utf-8"))
    return h.hexdigest()


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    """The effect grammar's LALR parser. Building its tables takes Lark ~0.4 s; they are read
    instead from the table shipped with rulesdsl (rulesdsl/_parse_table.py, written by
    tools/gen_parse_table.py) when it was built from this very grammar and Lark version, else
    from the user's cache (rulesdsl/cache.py), else built and kept there."""
    with open(_grammar_path(), encoding="utf-8") as fh:
        grammar = fh.read()
    key = grammar_key(grammar)
    from . import cache
    for table in (_shipped_table(key), cache.read_blob("parser", key)):
        if table is not None:
            try:
                return _from_table(table)
            except Exception:     # a table Lark cannot read back: build the parser instead
                pass
    parser = Lark(grammar, lexer=_ListLexer, **_OPTIONS)
    cache.write_blob("parser", key, parse_table(parser))
    return parser


def parse_table(parser: Lark) -> dict:
    """The parser's tables as plain data (dicts, lists, tuples, strings, numbers)."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    return {"data": _swap(data, _ListLexer, _LEXER_MARK), "memo": memo}


_LEXER_MARK = "<rulesdsl.parser._ListLexer>"


def _swap(value, old, new):
    """`value` with every `old` (compared by identity/equality of strings) replaced by `new`."""
    if value is old or (isinstance(old, str) and isinstance(value, str) and value == old):
        return new
    if isinstance(value, dict):
        return {k: _swap(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_swap(v, old, new) for v in value]
    return value


def _from_table(table: dict) -> Lark:
    return Lark._load_from_dict(_swap(table["data"], _LEXER_MARK, _ListLexer), table["memo"])


def _shipped_table(key: str):
    try:
        from . import _parse_table
    except ImportError:
        return None
    return _parse_table.TABLE if getattr(_parse_table, "KEY", None) == key else None


def terminals() -> set[str]:
    return {t.name for t in lark_parser().terminals}


class ParseContext:
    def __init__(self, where, lang, source=None, tokens=None):
        self.where = where
        self.lang = lang
        self.source = source     # the expression's text, to quote a part of it in a message
        self.tokens = tokens     # the token list (noise words left out), to find where a word starts


def _pos(ctx, meta_or_tok):
    start = getattr(meta_or_tok, "start_pos", None)
    end = getattr(meta_or_tok, "end_pos", None)
    if start is None:
        return None
    length = max(1, (end or start + 1) - start)
    return ctx.where(start, length)


class ToNodes(Transformer):
    def __init__(self, ctx: ParseContext):
        super().__init__(visit_tokens=False)
        self.ctx = ctx

    # Lark's Transformer finds each rule's method through a descriptor that builds a new
    # wrapper (functools.update_wrapper) at every node, and walks children with generators;
    # a load transforms ~25 000 nodes. The same calls, in the same order, without those.
    def _transform_tree(self, tree):
        children = [self._transform_tree(c) if isinstance(c, Tree) else c for c in tree.children]
        if Discard in children:
            children = [c for c in children if c is not Discard]
        return self._call_userfunc(tree, children)

    def _call_userfunc(self, tree, new_children=None):
        entry = _DISPATCH.get(tree.data)
        if entry is None:
            entry = _DISPATCH[tree.data] = _dispatch_entry(type(self), tree.data)
        if entry is False:
            return super()._call_userfunc(tree, new_children)
        func, wrapper = entry
        children = new_children if new_children is not None else tree.children
        try:
            if wrapper is None:
                return func(self, children)
            return wrapper(func.__get__(self), tree.data, children, tree.meta)
        except GrammarError:
            raise
        except Exception as e:
            raise VisitError(tree.data, tree, e)

    def _p(self, meta):
        if getattr(meta, "empty", False):
            return None
        return _pos(self.ctx, meta)

    # statements ---------------------------------------------------------------------------
    def expr_start(self, items):
        return [x for x in items if not isinstance(x, Token)][0]

    @v_args(meta=True)
    def start(self, meta, items):
        return N.Block(_flatten(items), pos=self._p(meta))

    def simple_line(self, items):
        return [x for x in items if not isinstance(x, Token)]

    @v_args(meta=True)
    def inline_suite(self, meta, items):
        return N.Block(_flatten(items), pos=self._p(meta))

    @v_args(meta=True)
    def block_suite(self, meta, items):
        return N.Block(_flatten([x for x in items if not isinstance(x, Token)]), pos=self._p(meta))

    @v_args(meta=True)
    def if_stmt(self, meta, items):
        items = [x for x in items if not isinstance(x, Token)]
        cond, then = items[0], items[1]
        els = items[2] if len(items) > 2 else None
        return N.If(cond, then, els, pos=self._p(meta))

    def else_part(self, items):
        return [x for x in items if not isinstance(x, Token)][0]

    @v_args(meta=True)
    def else_if(self, meta, items):
        inner = [x for x in items if not isinstance(x, Token)][0]
        return N.Block([inner], pos=self._p(meta))

    @v_args(meta=True)
    def foreach(self, meta, items):
        sel, body = [x for x in items if not isinstance(x, Token)]
        any_order = any(isinstance(t, Token) and t.type == "ANY_ORDER" for t in items)
        return N.ForEach(sel, body, any_order, pos=self._p(meta))

    @v_args(meta=True)
    def repeat_upto(self, meta, items):
        count, body = [x for x in items if not isinstance(x, Token)]
        return N.Repeat(count, body, True, pos=self._p(meta))

    @v_args(meta=True)
    def repeat_exact(self, meta, items):
        count, body = [x for x in items if not isinstance(x, Token)]
        return N.Repeat(count, body, False, pos=self._p(meta))

    @v_args(meta=True)
    def try_stmt(self, meta, items):
        body, fail = [x for x in items if not isinstance(x, Token)]
        return N.Try(body, fail, pos=self._p(meta))

    @v_args(meta=True)
    def branch(self, meta, items):
        optional = any(isinstance(t, Token) and t.type == "MAY" for t in items)
        opts, guards = [], []
        for x in items:
            if isinstance(x, N.Block):
                opts.append(x)
                guards.append(None)
            elif isinstance(x, _Guarded):
                opts.append(x.block)
                guards.append(x.cond)
        node = N.ChooseBranch(opts, None, optional, pos=self._p(meta))
        node.secret = any(isinstance(t, Token) and t.type == "SECRET" for t in items)
        if any(g is not None for g in guards):
            node.guards = guards
        return node

    def option(self, items):
        return [x for x in items if not isinstance(x, Token)][0]

    def option_if(self, items):
        cond, block = [x for x in items if not isinstance(x, Token)]
        return _Guarded(cond, block)

    @v_args(meta=True)
    def may(self, meta, items):
        inner = items[-1]
        has_may = any(isinstance(t, Token) and t.type == "MAY" for t in items)
        if has_may and isinstance(inner, (N.Verb, N.Choose, N.Perform, N.ChooseBranch)):
            inner.optional = True
        return inner

    @v_args(meta=True)
    def actor_may(self, meta, items):
        actor = items[0]
        inner = items[-1]
        has_may = any(isinstance(t, Token) and t.type == "MAY" for t in items)
        if has_may and hasattr(inner, "optional"):
            inner.optional = True
        if isinstance(inner, (N.Verb, N.Choose, N.Perform)):
            inner.who = actor
        return inner

    @v_args(meta=True)
    def maybe(self, meta, items):
        rest = [x for x in items if not isinstance(x, Token)]
        then = rest[-1]
        action = rest[-2]
        if len(rest) == 3 and isinstance(action, (N.Verb, N.Choose, N.Perform)):
            action.who = rest[0]
        action.optional = True
        return N.Maybe(action, then, pos=self._p(meta))

    def primary(self, items):
        return [x for x in items if not isinstance(x, Token)][0]

    def qval(self, items):
        return [x for x in items if not isinstance(x, Token)][0]

    @v_args(meta=True)
    def verb_stmt(self, meta, items):
        verb = items[0]
        objs = None
        args = {}
        for x in items[1:]:
            if isinstance(x, list):
                objs = x
            elif isinstance(x, tuple):
                key, val = x
                if key in args:
                    args.setdefault(key + "+", []).append(val)
                else:
                    args[key] = val
        obj = None
        if objs:
            obj = objs[0] if len(objs) == 1 else N.ListOf(objs, pos=objs[0].pos)
        if isinstance(verb.value, tuple):
            # a verb a piece status declares ("exaura"): set or clear that status
            kind, ids = verb.value
            node = N.Verb("set_status" if kind == "status_set" else "clear_status", obj, args,
                          pos=self._p(meta))
            node.status = ids[0]
        else:
            node = N.Verb(str(verb.value), obj, args, pos=self._p(meta))
        node.verb_pos = _pos(self.ctx, verb)
        return node

    def objs(self, items):
        return [x for x in items if not isinstance(x, Token)]

    def obj(self, items):
        return items[0]

    def pp_to(self, items):
        return ("to", items[-1])

    def pp_in(self, items):
        return ("in", items[-1])

    def pp_by(self, items):
        return ("by", items[-1])

    @v_args(meta=True)
    def choose(self, meta, items):
        sel = [x for x in items if not isinstance(x, Token)][0]
        node = N.Choose(sel, None, False, pos=self._p(meta))
        node.secret = any(isinstance(t, Token) and t.type == "SECRET" for t in items)
        return node

    @v_args(meta=True)
    def menu_upto(self, meta, items):
        rest = [x for x in items if not isinstance(x, Token)]
        budget = rest[0]
        actions = rest[1] if len(rest) > 1 else None
        return N.ActionMenu(budget, actions, pos=self._p(meta))

    @v_args(meta=True)
    def menu_exact(self, meta, items):
        rest = [x for x in items if not isinstance(x, Token)]
        actions = rest[1] if len(rest) > 1 else None
        return N.ActionMenu(rest[0], actions, exact=True, pos=self._p(meta))

    @v_args(meta=True)
    def menu_live(self, meta, items):
        rest = [x for x in items if not isinstance(x, Token)]
        actions = rest[1] if len(rest) > 1 else None
        return N.ActionMenu(rest[0], actions, live=True, pos=self._p(meta))

    @v_args(meta=True)
    def menu_any(self, meta, items):
        rest = [x for x in items if not isinstance(x, Token)]
        actions = rest[0] if rest else None
        return N.ActionMenu(None, actions, pos=self._p(meta))

    def among(self, items):
        return [x for x in items if not isinstance(x, Token)][0]

    @v_args(meta=True)
    def perform(self, meta, items):
        name_tok = next(t for t in items if isinstance(t, Token) and t.type == "VALUE")
        action = _name(self.ctx, name_tok)
        args = next((x for x in items if isinstance(x, dict)), {})
        return N.Perform(action, args, pos=self._p(meta))

    def args(self, items):
        out = {}
        for x in items:
            if isinstance(x, tuple):
                out[x[0]] = x[1]
        return out

    def arg(self, items):
        tok = items[0]
        return (tok.value[1][0], items[-1])

    @v_args(meta=True)
    def let(self, meta, items):
        var = next(t for t in items if isinstance(t, Token) and t.type == "VAR")
        return N.Let(str(var), items[-1], pos=self._p(meta))

    @v_args(meta=True)
    def control(self, meta, items):
        return N.Control(items[0].type.lower(), pos=self._p(meta))

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

    def _compare_filter(kind):
        """`é X`, `correspondente a X`: a filter that remembers where its words are (C029)"""
        @v_args(meta=True)
        def f(self, meta, items):
            vals = [x for x in items if not isinstance(x, Token)]
            node = N.Filter(kind, vals[0], None, pos=self._p(meta))
            return _mark_compare_filter(self.ctx, node, meta, items)
        return f

    f_matching = _compare_filter("matching")

    @v_args(meta=True)
    def f_matching_strict(self, meta, items):
        """`correspondente exatamente a X` (N18): no wild value matches (Law 10.2.2)"""
        vals = [x for x in items if not isinstance(x, Token)]
        node = N.Filter("matching", vals[0], "strict", pos=self._p(meta))
        return _mark_compare_filter(self.ctx, node, meta, items)
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


class _Span:
    def __init__(self, start_pos, end_pos):
        self.start_pos = start_pos
        self.end_pos = end_pos


class _Quant:
    def __init__(self, value):
        self.value = value


class _Owner:
    def __init__(self, value):
        self.value = value


class _Guarded:
    """`opção se X: ...`: an option offered only while its condition holds."""

    def __init__(self, cond, block):
        self.cond = cond
        self.block = block


def _mark_after_where(cond, sel: N.Sel) -> None:
    """In `NOUN X onde CONDIÇÃO correspondente a N` / `... é Y`, the words that also write a
    filter were read as part of the condition. Mark them with the noun phrase they may have been
    meant for (not looking into noun phrases inside the condition: each marks its own)."""
    noun = " ".join(x for x in (getattr(sel.noun, "text", "") or "", sel.var or "") if x)
    stack = [cond]
    while stack:
        n = stack.pop()
        if isinstance(n, N.Sel):
            continue
        if getattr(n, "tail_pos", None) is not None:
            n.after_where = noun
        if isinstance(n, N.Node):
            stack.extend(n.children())


def _mark_compare_filter(ctx, node: N.Filter, meta, items) -> N.Filter:
    """`é X`, `correspondente a X` written as a filter: where its words are (`word_pos`, the
    `é` itself), what was written (`tail_words`) and where X starts, so that the compiler can
    point at them when X is a number (C029: "número de soldados em V é 0")."""
    kws = [t for t in items if isinstance(t, Token)]
    if not kws or getattr(kws[0], "start_pos", None) is None or meta.end_pos is None:
        return node
    start, kw_end, end = kws[0].start_pos, kws[-1].end_pos, meta.end_pos
    node.word_pos = _pos(ctx, _Span(start, kw_end))
    node.filter_pos = _pos(ctx, _Span(start, end))      # `é colina` (C031)
    src = ctx.source
    said = src[start:end] if src else " ".join(getattr(t, "text", "") or "" for t in kws)
    node.tail_words = " ".join(said.split())
    node.span = (start, end)
    # where X starts: the first token after the words (a noise word, "a", is no token)
    node.value_from = next((t.start_pos for t in ctx.tokens or ()
                            if getattr(t, "start_pos", None) is not None and t.start_pos >= kw_end),
                           kw_end)
    node.value_words = " ".join(src[node.value_from:end].split()) if src else ""
    return node


def _trailing_compare_filter(sel):
    """The `é X` / `correspondente a X` filter that ends a noun phrase, looking into the last
    filter's own noun phrase ("número de vales com soldados é 0": it filters the soldiers)."""
    while isinstance(sel, N.Sel) and sel.filters:
        f = sel.filters[-1]
        if f.kind in ("is", "matching"):
            return f
        sel = f.arg2 if isinstance(f.arg2, N.Sel) else f.arg
    return None


def _count_hint(ctx, f: N.Filter, end: int) -> None:
    """The comparison the designer probably meant: the count, `=`, and what followed `é`."""
    src = ctx.source
    if not src:
        return
    f.count_hint = " ".join((src[f.count_from:f.span[0]] + " = " + src[f.value_from:end]).split())


def _name(ctx, tok: Token) -> N.Name:
    kind, ids = tok.value
    return N.Name(kind, tuple(ids), getattr(tok, "text", ""), pos=_pos(ctx, tok))


def _flatten(items):
    out = []
    for x in items:
        if isinstance(x, list):
            out.extend(_flatten(x))
        elif isinstance(x, Token):
            continue
        elif x is not None:
            out.append(x)
    return out


# ---------------------------------------------------------------------------------------------

def parse_tokens(tokens, where, lang, diags: Diagnostics, lexicon=None, start="start", source=None):
    """Parse a token list; on a syntax error report it (with what was expected) and return None.
    `source`, the expression's text, lets a message quote what was written."""
    ctx = ParseContext(where, lang, source, tokens)
    deep = _too_deep(tokens)
    if deep is not None:
        p0 = getattr(deep, "start_pos", 0) or 0
        diags.add("P009", where(p0, 1), lang, limit=MAX_PARENS)
        return None
    try:
        tree = lark_parser().parse(tokens, start=start)
    except UnexpectedToken as exc:
        tok = exc.token
        expected = _spell_expected(exc.expected, lexicon)
        if tok.type == "$END":
            last = tokens[-1] if tokens else None
            off = getattr(last, "end_pos", 0) or 0
            diags.add("P005", where(max(0, off - 1), 1), lang, expected=expected)
        else:
            text = getattr(tok, "text", None) or (str(tok.value) if not isinstance(tok.value, tuple) else tok.type)
            start = getattr(tok, "start_pos", 0) or 0
            length = max(1, (getattr(tok, "end_pos", start + 1) or start + 1) - start)
            neg = _not_after_where(tokens, tok, exc.expected)
            cmp = _comparison_after_noun(tokens, tok, exc.expected)
            code = "P007"
            if cmp is None:
                # "número de aserraderos en Alta sea 0": `sea`/`seja` begins "sea X igual a ..."
                cmp, code = _let_as_comparison(tokens, tok), "P008"
            if tok.type == "_NL":
                diags.add("P005", where(max(0, start - 1), 1), lang, expected=expected)
            elif neg is not None:
                # "clareira C onde (...) não governada por você": after a condition, "não" goes
                # on with it ("não é", "não governa"); the filter never reaches the noun
                s0, s1 = neg.start_pos, start + length
                said = source[s0:s1] if source else f"{getattr(neg, 'text', '')} {text}"
                diags.add("P006", where(s0, s1 - s0), lang, word=" ".join(said.split()))
            elif cmp is not None:
                # "número de soldados em V não é 0", "... é maior que 0": after a noun, `é` and
                # `não` begin a filter; a count is compared with `=`, `!=`, `>`... (P007);
                # "... sea 0", "... no sea 0": `sea` names a value, it does not compare (P008)
                first, op, value = cmp
                s0, s1 = first.start_pos, start + length
                said = source[s0:s1] if source else f"{getattr(first, 'text', '')} {text}"
                diags.add(code, where(s0, s1 - s0), lang, word=" ".join(said.split()), op=op,
                          value=value)
            else:
                diags.add("P003", where(start, length), lang, word=text, expected=expected)
        return None
    except (UnexpectedEOF, UnexpectedInput) as exc:
        off = getattr(tokens[-1], "end_pos", 0) if tokens else 0
        diags.add("P005", where(max(0, off - 1), 1), lang, expected="")
        return None
    return ToNodes(ctx).transform(tree)


# parentheses deeper than this are refused before parsing: the tree is walked recursively by
# the transformer and the compiler, and no rule of any game needs more than a handful
MAX_PARENS = 32


_DISPATCH: dict = {}


def _dispatch_entry(cls, name):
    """(function, Lark's visit wrapper or None) of the method `name` of `cls`, or False where
    Lark's own lookup must answer (no such method, or not a plain or `v_args` function)."""
    if cls is not ToNodes:
        return False
    for klass in cls.__mro__:
        if name in klass.__dict__:
            raw = klass.__dict__[name]
            break
    else:
        return False
    if isinstance(raw, _VArgsWrapper) and isinstance(raw.base_func, types.FunctionType):
        return raw.base_func, raw.visit_wrapper
    if isinstance(raw, types.FunctionType):
        return raw, None
    return False


def _too_deep(tokens):
    """The '(' token that opens one level too many, or None."""
    depth = 0
    for t in tokens:
        if t.type == "LPAR":
            depth += 1
            if depth > MAX_PARENS:
                return t
        elif t.type == "RPAR":
            depth -= 1
    return None


def _not_after_where(tokens, tok, expected):
    """The `não` before `tok` when a filter `não governada por ...` / `não EXAURIDO` was written
    after an `onde` condition of the same sentence, where `não` can only go on with the
    condition ('não é', 'não tiver', 'não governa'); else None."""
    if tok.type not in ("RULED", "VALUE") or "IS" not in expected or "RULED" in expected:
        return None
    i = next((k for k, t in enumerate(tokens) if t is tok), None)
    if not i or tokens[i - 1].type != "NOT" or getattr(tokens[i - 1], "start_pos", None) is None:
        return None
    for t in reversed(tokens[:i - 1]):
        if t.type == "WHERE":
            return tokens[i - 1]
        if t.type in ("_NL", "SEMI", "COLON", "INDENT", "DEDENT"):
            return None
    return None


def _comparison_after_noun(tokens, tok, expected):
    """(first word, operator, value) when a comparison was written with `é` right after a noun
    phrase, where `é X` and `não ...` are filters: `não é 0` (`!=`), `é maior que 0` (`>`),
    `é igual a 0`, `é número de ...` (`=`); else None. Only in the state after a noun phrase:
    after `X é`, a comparison expects a noun phrase or a count too (`COUNT` in `expected`)."""
    i = next((k for k, t in enumerate(tokens) if t is tok), None)
    if not i or getattr(tokens[i - 1], "start_pos", None) is None:
        return None
    prev = tokens[i - 1]
    if tok.type == "IS" and prev.type == "NOT" and "RULED" in expected and "IS" not in expected:
        op = "!="
    elif prev.type == "IS" and tok.type in ("CMPOP", "BE", "COUNT") and "NUMBER" in expected \
            and "COUNT" not in expected:
        op = str(tok.value) if tok.type == "CMPOP" else "="
    else:
        return None
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    value = "..."
    if tok.type != "COUNT" and nxt is not None and nxt.type in ("NUMBER", "VAR"):
        value = getattr(nxt, "text", None) or str(nxt.value)
    return prev, op, value


def _let_as_comparison(tokens, tok):
    """(first word, operator, value) when `seja`/`sea` (the word of "seja X igual a ...") was
    written in the middle of an expression as if it compared: `número de ... sea 0` (`=`),
    `... no sea 0` (`!=`); else None. At the start of a statement it names a value, as always."""
    i = next((k for k, t in enumerate(tokens) if t is tok), None)
    if tok.type != "LET" or not i or getattr(tokens[i - 1], "start_pos", None) is None:
        return None
    prev = tokens[i - 1]
    if prev.type in ("_NL", "INDENT", "DEDENT", "COLON", "SEMI"):
        return None
    first, op = (prev, "!=") if prev.type == "NOT" else (tok, "=")
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    value = "..."
    if nxt is not None and nxt.type in ("NUMBER", "VAR", "VALUE", "YOU"):
        value = getattr(nxt, "text", None) or str(nxt.value)
    return first, op, value


def _spell_expected(expected, lexicon) -> str:
    names = []
    for t in sorted(expected):
        if t.startswith("_") or t in ("$END", "INDENT", "DEDENT"):
            continue
        if lexicon is not None and t in lexicon.words:
            names.append(f"'{lexicon.spell_word(t)}'")
        else:
            names.append(lexicon.describe_terminal(t) if lexicon is not None and hasattr(lexicon, "describe_terminal") else t)
    return ", ".join(names[:8])
