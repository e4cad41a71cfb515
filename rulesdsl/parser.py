"""Stage 3 — parse: effect expression text → `nodes` tree, with the Lark LALR parser.

The grammar (grammar/effects.lark) is over neutral terminals; `Tokenizer` supplies them.
Errors carry the position inside the expression and name what was expected, in the
expression's language.

The jobs live in their own modules: the parser and its tables (parse_tables), the tree
builder (to_nodes, with tree_statements, tree_phrases, tree_expressions, tree_words) and the
syntax error messages (parse_errors). Their public names are re-exported here.
"""
from __future__ import annotations

from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import parse_tables
from .errors import Diagnostics
from .parse_errors import MAX_PARENS, _too_deep, report_unexpected_token
from .parse_tables import grammar_key, lark_parser, parse_table, terminals  # noqa: F401
from .to_nodes import ToNodes
from .tree_words import ParseContext


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
        tree = parse_tables.lark_parser().parse(tokens, start=start)
    except UnexpectedToken as exc:
        report_unexpected_token(exc, tokens, where, lang, diags, lexicon, source)
        return None
    except (UnexpectedEOF, UnexpectedInput) as exc:
        off = getattr(tokens[-1], "end_pos", 0) if tokens else 0
        diags.add("P005", where(max(0, off - 1), 1), lang, expected="")
        return None
    return ToNodes(ctx).transform(tree)
