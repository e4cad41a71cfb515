"""Lark tree → nodes: the statements (blocks, conditions, loops, choices, verbs, menus).

A mixin of `to_nodes.ToNodes`: one method per grammar rule, named as the rule.
"""
from __future__ import annotations

from lark import Token, v_args

from . import nodes as N
from .tree_words import _flatten, _name, _pos


class StatementRules:
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


class _Guarded:
    """`opção se X: ...`: an option offered only while its condition holds."""

    def __init__(self, cond, block):
        self.cond = cond
        self.block = block
