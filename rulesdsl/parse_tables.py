"""The effect grammar's LALR parser, and its tables: shipped with rulesdsl, else cached, else built.

Building the tables takes Lark ~0.4 s; `lark_parser` reads them instead from
rulesdsl/_parse_table.py (written by tools/gen_parse_table.py) or from the user's cache.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache

import lark as _lark
from lark import Lark
from lark.lexer import Lexer

from .grammar_files import grammar_file


def _grammar_path() -> str:
    return grammar_file("effects.lark")


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


# how the shipped table names `_ListLexer` (the module it was first written in: the mark is
# part of rulesdsl/_parse_table.py, so it stays as it was)
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
