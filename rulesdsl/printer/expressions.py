"""Printing expressions: each with its precedence level and tail, parenthesised where what
follows would extend it; attributes, function calls, negation, comparisons. A mixin of Printer
(core.py): its methods reach the rest through `self`."""
from __future__ import annotations

from .. import nodes as N
from ..errors import fold
from ..tokenizer import NAME_TERMINAL
from .spellings import PrintError
from .tails import ATOM, CMP_SYMBOL, PRIMARY, SEL_STARTS


class Expressions:
    # expressions ------------------------------------------------------------------------------
    def expr(self, node, min_level: int, follow) -> str:
        text, level, tail = self.e(node)
        if level < min_level or tail & follow:
            return "(" + text + ")"
        return text

    def sub(self, node, min_level, follow) -> tuple[str, frozenset]:
        text, level, tail = self.e(node)
        if level < min_level or tail & follow:
            return "(" + text + ")", frozenset()
        return text, tail

    def e(self, node) -> tuple[str, int, frozenset]:
        """(text, precedence level, tail) of an expression printed without outer parentheses."""
        E = frozenset()
        if isinstance(node, N.Num):
            return str(node.value), PRIMARY, E
        if isinstance(node, N.Var):
            return node.name, PRIMARY, E
        if isinstance(node, N.Me):
            return self.w("YOU"), PRIMARY, E
        if isinstance(node, N.Name):
            term = NAME_TERMINAL.get(node.kind, "NOUN")
            if term != "VALUE":
                # a bare noun is a noun phrase
                return self.sel_t(N.Sel(None, node, None, None, []), E)[0], ATOM, SEL_STARTS
            return self.name(node, "VALUE"), PRIMARY, E
        if isinstance(node, N.AttrOf):
            return self.attr_of(node)
        if isinstance(node, N.Sel):
            text, tail = self.sel_t(node, E)
            return text, ATOM, tail
        if isinstance(node, N.Count):
            text, tail = self.sel_t(node.sel, E)
            return self.w("COUNT") + " " + text, ATOM, tail
        if isinstance(node, N.Exists):
            text, tail = self.sel_t(node.sel, E)
            return self.w("EXISTS") + " " + text, ATOM, tail
        if isinstance(node, N.Call):
            return self.call(node)
        if isinstance(node, N.Not):
            return self.not_(node)
        if isinstance(node, N.Logic):
            op = "OR" if node.op == "or" else "AND"
            level = 1 if node.op == "or" else 2
            parts = []
            tail = E
            for i, it in enumerate(node.items):
                f = frozenset({op}) if i < len(node.items) - 1 else E
                t, tail = self.sub(it, level + 1, f)
                parts.append(t)
            return (" " + self.w(op) + " ").join(parts), level, tail
        if isinstance(node, N.Cmp):
            return self.cmp(node)
        if isinstance(node, N.Arith):
            if node.op in ("+", "-"):
                a, _ = self.sub(node.a, 5, frozenset({"PLUS", "MINUS"}))
                b, tail = self.sub(node.b, 6, E)
                return f"{a} {node.op} {b}", 5, tail
            if node.op in ("*", "/"):
                a, _ = self.sub(node.a, 6, frozenset({"STAR", "SLASH"}))
                b, tail = self.sub(node.b, ATOM, E)
                return f"{a} {node.op} {b}", 6, tail
            raise PrintError(f"the operator '{node.op}' has no written form")
        if isinstance(node, N.ListOf):
            return self.listing(node.items, E), 0, self._last_tail
        raise PrintError(f"cannot write a {type(node).__name__} as an expression")

    def attr_of(self, node: N.AttrOf):
        attr = self.name(node.attr, "ATTR")
        of = self.w("OF")
        o = node.obj
        if (isinstance(o, N.Sel) and o.quant is None and not o.filters
                and o.owner in (None, "mine") and not _is_value_noun(o.noun)):
            parts = [attr, of]
            if o.owner == "mine":
                parts.append(self.w("YOUR"))
            parts.append(self.name(o.noun, "NOUN"))
            tail = frozenset({"VAR"})
            if o.var:
                parts.append(o.var)
                tail = frozenset()
            return " ".join(parts), PRIMARY, tail
        t, tail = self.prim(o, frozenset({"__END__"}))
        return f"{attr} {of} {t}", PRIMARY, tail

    def call(self, node: N.Call):
        E = frozenset()
        if node.fn == "rules" and len(node.args) == 2:
            a, _ = self.sub(node.args[0], 5, frozenset({"RULES"}))
            b, tail = self.sub(node.args[1], 5, E)
            return f"{a} {self.w('RULES')} {b}", 4, tail
        if node.fn == "matches_strict" and len(node.args) == 2:
            a, _ = self.sub(node.args[0], 5, frozenset({"MATCHING"}))
            b, tail = self.sub(node.args[1], 5, E)
            return f"{a} {self.w('MATCHING')} {self.w('STRICT')} {self.opt_to()}{b}", 4, tail
        if node.fn == "matches_all" and len(node.args) == 2:
            a, _ = self.sub(node.args[0], 5, frozenset({"MATCHING"}))
            b, tail = self.sub(node.args[1], 5, E)
            to = self.opt_to()
            return f"{a} {self.w('MATCHING')} {to}{b}", 4, tail
        if node.fn == "truthy" and len(node.args) == 1 and isinstance(node.args[0], N.AttrOf) \
                and "HAS" in self.lex.words:
            at = node.args[0]
            a, _ = self.sub(at.obj, 5, frozenset({"HAS"}))
            return f"{a} {self.w('HAS')} {self.name(at.attr, 'ATTR')}", 4, E
        if node.fn == "matches_all" and len(node.args) == 2:
            a, _ = self.sub(node.args[0], 5, frozenset({"MATCHING"}))
            b, tail = self.sub(node.args[1], 5, E)
            return f"{a} {self.w('MATCHING')} {self.opt_to()}{b}", 4, tail
        if node.fn == "can_place" and len(node.args) == 1 and isinstance(node.args[0], N.Sel):
            text, tail = self.sel_t(node.args[0], E)
            return self.w("CANPLACE") + " " + text, ATOM, tail
        if node.fn == "can_remove" and len(node.args) == 1 and isinstance(node.args[0], N.Sel):
            text, tail = self.sel_t(node.args[0], E)
            return self.w("CANREMOVE") + " " + text, ATOM, tail
        if node.fn == "option" and len(node.args) == 1:
            # a ruleset option (rulesdsl/options.py): "a opção X"; "... estiver ativada"
            t, _ = self.prim(node.args[0], E)
            # with its article when the lexicon spells one ("a opção", "la opción")
            word = max(self.lex.words.get("OPTION") or [self.w("OPTION")], key=len)
            return f"{word} {t}", ATOM, E
        if node.fn == "option_on" and len(node.args) == 1:
            a, _ = self.sub(node.args[0], 5, frozenset({"IS"}))
            return f"{a} {self.w('ACTIVE')}", 4, E
        fn = self.w("FN:" + node.fn)
        args = node.args
        if len(args) == 1 and isinstance(args[0], N.Sel):
            s = args[0]
            if s.quant is None and s.var is None and not s.filters and s.owner in (None, "mine") \
                    and not _is_value_noun(s.noun):
                parts = [fn]
                if not self._ends_with_prep(fn):
                    parts.append(self.w("OF"))
                if s.owner == "mine":
                    parts.append(self.w("YOUR"))
                parts.append(self.name(s.noun, "NOUN"))
                return " ".join(parts), ATOM, E
        parts = [fn]
        if not self._ends_with_prep(fn):
            parts.append(self.w("OF"))
        tail = E
        for i, a in enumerate(args):
            f = frozenset({"AND"}) if i < len(args) - 1 else frozenset({"AND"})
            t, _ = self.prim(a, f)
            if i:
                parts.append(self.w("AND"))
            parts.append(t)
        return " ".join(parts), ATOM, frozenset({"AND"}) | tail

    def _ends_with_prep(self, phrase: str) -> bool:
        words = phrase.split()
        if not words:
            return False
        last = fold(words[-1])
        for k in ("OF", "AMONG", "IN", "TO", "BY"):
            if any(fold(s) == last for s in self.lex.words.get(k, [])):
                return True
        return False

    def not_(self, node: N.Not):
        E = frozenset()
        a = node.a
        if isinstance(a, N.Call) and a.fn == "rules" and len(a.args) == 2:
            x, _ = self.sub(a.args[0], 5, frozenset({"NOT"}))
            y, tail = self.sub(a.args[1], 5, E)
            return f"{x} {self.w('NOT')} {self.w('RULES')} {y}", 4, tail
        if isinstance(a, N.Call) and a.fn == "truthy" and len(a.args) == 1 \
                and isinstance(a.args[0], N.AttrOf) and "HAS" in self.lex.words:
            at = a.args[0]
            x, _ = self.sub(at.obj, 5, frozenset({"NOT"}))
            return f"{x} {self.w('NOT')} {self.w('HAS')} {self.name(at.attr, 'ATTR')}", 4, E
        t, tail = self.sub(a, 3, E)
        return f"{self.w('NOT')} {t}", 3, tail

    def cmp(self, node: N.Cmp):
        E = frozenset()
        op = node.op
        if op in ("=", "!="):
            # "X é Y" / "X não é Y" reads best; a noun phrase on the left would take "é" or
            # "não" as one of its filters, so then the symbol
            a_text, a_level, a_tail = self.e(node.a)
            words_ok = a_level >= 5 and not (a_tail & {"IS", "NOT"})
            b, tail = self.sub(node.b, 5, E)
            if words_ok:
                a, _ = self.sub(node.a, 5, frozenset({"IS", "NOT"}))
                # "X é ATTR" would read as "X has ATTR": keep the word only before a non-ATTR
                if not b.startswith("(") and self._starts_with_attr(node.b):
                    words_ok = False
                if words_ok:
                    if op == "=":
                        return f"{a} {self.w('IS')} {b}", 4, tail
                    return f"{a} {self.w('NOT')} {self.w('IS')} {b}", 4, tail
            a, _ = self.sub(node.a, 5, frozenset({"CMPOP"}))
            return f"{a} {CMP_SYMBOL[op]} {b}", 4, tail
        if op not in CMP_SYMBOL:
            raise PrintError(f"unknown comparison '{op}'")
        a, _ = self.sub(node.a, 5, frozenset({"CMPOP"}))
        b, tail = self.sub(node.b, 5, E)
        word = self.lex.words.get("CMP:" + op)
        return f"{a} {word[0] if word else CMP_SYMBOL[op]} {b}", 4, tail

    @staticmethod
    def _starts_with_attr(node) -> bool:
        return isinstance(node, N.AttrOf)


def _is_value_noun(noun) -> bool:
    return isinstance(noun, N.Name) and NAME_TERMINAL.get(noun.kind, "NOUN") != "NOUN"
