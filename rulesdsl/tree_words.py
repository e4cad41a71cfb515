"""Where a node's words are, and what of them the tree keeps for the compiler's messages.

The tree builders (rulesdsl/to_nodes.py and its rule groups) give each node its position in
the expression; a few comparisons and filters also keep the words as written, so that a
message can quote them and suggest what was probably meant (C028, C029, C031, C033).
"""
from __future__ import annotations

from lark import Token

from . import nodes as N


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


class _Span:
    def __init__(self, start_pos, end_pos):
        self.start_pos = start_pos
        self.end_pos = end_pos


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
