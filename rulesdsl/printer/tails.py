"""What may follow what when the printer joins pieces of text: the keywords that start a
noun phrase's filter or extend an expression (a piece's *tail* may swallow them), the
precedence levels of printed expressions, and the statements that fit on one line."""
from __future__ import annotations

from .. import nodes as N


# what can start a filter of a noun phrase (and so be swallowed by a noun phrase before it)
SEL_STARTS = frozenset({"OF", "IN", "WITH", "WITHOUT", "RULED", "NOT", "ADJACENT", "CONNECTED",
                        "WHERE", "EXCEPT", "AMONG", "MATCHING", "IS", "ANOTHER", "VALUE",
                        "FEWEST", "MOST", "RANDOM", "PREFER"})
# binary operators, which an unparenthesized expression may swallow
OPS = frozenset({"AND", "OR", "CMPOP", "IS", "NOT", "HAS", "RULES", "MATCHING", "PLUS", "MINUS",
                 "STAR", "SLASH"})
FILTER_FIRST = {"of": "OF", "in": "IN", "with": "WITH", "free": "WITH", "has_attr": "OF",
                "without": "WITHOUT", "ruled_by": "RULED", "not_ruled_by": "NOT",
                "adjacent": "ADJACENT", "connected": "CONNECTED", "where": "WHERE",
                "except": "EXCEPT", "among": "AMONG", "matching": "MATCHING", "is": "IS",
                "another": "ANOTHER", "fewest": "FEWEST", "most": "MOST", "random": "RANDOM",
                "not_of": "NOT", "prefer": "PREFER",
                "top": "TOP"}
PP_TERMINAL = {"to": "TO", "in": "IN", "by": "BY"}
CMP_SYMBOL = {"=": "=", "!=": "≠", "<": "<", ">": ">", "<=": "≤", ">=": "≥"}
# the element kinds whose bare noun phrase reads as a plural ("houver guerreiros seus")
PLURAL_KINDS = {"piece", "category", "pieceset"}
PLURAL_BUILTINS = {"card", "piece", "hit"}

PRIMARY = 8
ATOM = 7
SIMPLE = (N.Verb, N.Choose, N.Perform, N.ActionMenu, N.Let, N.Control)
