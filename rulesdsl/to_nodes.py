"""Lark tree → `nodes` tree: `ToNodes`, the transformer, made of one mixin per rule group
(tree_statements, tree_phrases, tree_expressions), with a faster dispatch than Lark's own."""
from __future__ import annotations

import types

from lark import Transformer, Tree
from lark.exceptions import GrammarError, VisitError
from lark.visitors import Discard, _VArgsWrapper

from .tree_expressions import ExpressionRules
from .tree_phrases import NounPhraseRules
from .tree_statements import StatementRules
from .tree_words import ParseContext, _pos


class ToNodes(StatementRules, NounPhraseRules, ExpressionRules, Transformer):
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
