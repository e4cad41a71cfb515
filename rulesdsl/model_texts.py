"""Parsing the ruleset's expression texts, each distinct text once.

`parse_expression` tokenizes and parses one text (the tokenizer, the parser and Lark are
imported when first used: a ruleset read from the compiled-ruleset cache needs none of them).
While a ruleset loads, `_ParsedTexts` parses a text seen before by copying the first tree
(pickled once, its positions asked again of the new text) instead of parsing it again.
rulesdsl/model.py imports these names from here.
"""
from __future__ import annotations

import io
import pickle

from typing import TYPE_CHECKING

from .errors import Diagnostics, Pos

if TYPE_CHECKING:
    from .tokenizer import Tokenizer


def parse_expression(text, lang, tok: Tokenizer, diags: Diagnostics, start="start"):
    return _parse_with(text, lang, tok, diags, start, _where(text))


def _parse_with(text, lang, tok: Tokenizer, diags: Diagnostics, start, where):
    n0 = len(diags.errors)
    toks = tok.tokenize(str(text), diags, where)
    if len(diags.errors) > n0:
        return None
    from .parser import parse_tokens
    return parse_tokens(toks, where, lang, diags, tok.lex, start, source=str(text))


class _ParsedTexts:
    """Each distinct expression text is parsed once: Root writes ~170 of its ~700 expressions
    more than once ("controlador de você", "receba N PV"). A repeated text gets a copy of the
    first tree whose every position the parse asked for is asked again, at the same offsets,
    of its own text — what parsing it would have given. The other positions in a tree (where a
    named thing is declared) do not depend on the text's place: they stay the same objects.
    Only texts that parsed without any diagnostic are reused."""

    def __init__(self):
        # (lang, start, text) -> None (not reusable), (tree, positions asked) of the first
        # parse, then (pickled tree, [(offset, length)], kept positions) once it repeats
        self.trees: dict = {}

    def parse(self, text, lang, tok, diags: Diagnostics, start):
        key = (lang, start, str(text))
        got = self.trees.get(key)
        if got is not None and not isinstance(got[0], bytes):
            got = self.trees[key] = _pickled(*got)
        if got is not None:
            blob, offsets, kept = got
            where = _where(text)
            fresh = [where(off, length) for off, length in offsets]
            try:
                return _Unpickler(io.BytesIO(blob), fresh, kept).load()
            except Exception:     # cannot happen for a tree it wrote; parse, to be sure
                pass
        asked: dict = {}
        where0 = _where(text)

        def where(off, length=1):
            p = where0(off, length)
            asked[id(p)] = (p, off, length)
            return p

        n0 = len(diags.items)
        tree = _parse_with(text, lang, tok, diags, start, where)
        if key not in self.trees:
            self.trees[key] = (tree, asked, text) if tree is not None and len(diags.items) == n0 else None
        return tree


def _where(text):
    base = getattr(text, "pos", None) or Pos("<expr>", 1, 1)
    if hasattr(text, "at"):
        return lambda off, length=1: text.at(off, length)
    return lambda off, length=1: Pos(base.file, base.line, base.col + off, length)


_COPIED = (str, int, float, bool, type(None), list, tuple, dict, type)


def _pickled(tree, asked, text):
    """(bytes, offsets, kept) of `tree`: its nodes, lists, dicts and plain values as they are;
    each position the parse asked for as a reference to its (offset, length); every other
    object (where a named thing is declared: its id as read from YAML, that position) as a
    reference to itself (`kept`), shared by the copies as by trees parsed apart. None if the
    tree holds the text itself or something does not pickle."""
    from lark import Token
    from . import nodes as N
    offsets: list = []
    kept: list = []
    index: dict = {}
    own = []

    class P(pickle.Pickler):
        def persistent_id(self, obj):
            t = type(obj)
            if t in _COPIED or t is Token or isinstance(obj, N.Node):
                return None
            i = index.get(id(obj))
            if i is None:
                rec = asked.get(id(obj)) if t is Pos else None
                if rec is not None and rec[0] is obj:
                    i = index[id(obj)] = len(offsets)
                    offsets.append(rec[1:])
                else:
                    if obj is text:
                        own.append(obj)
                    i = index[id(obj)] = ~len(kept)
                    kept.append(obj)
            return i

    buf = io.BytesIO()
    try:
        P(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(tree)
    except Exception:
        return None
    return None if own else (buf.getvalue(), offsets, kept)


class _Unpickler(pickle.Unpickler):
    def __init__(self, fh, fresh, kept):
        super().__init__(fh)
        self.fresh = fresh
        self.kept = kept

    def persistent_load(self, i):
        return self.fresh[i] if i >= 0 else self.kept[~i]
