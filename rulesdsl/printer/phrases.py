"""Printing noun phrases: a selection with its quantity, owner and filters, a filter's
operand, a listing. A mixin of Printer (core.py): its methods reach the rest through `self`."""
from __future__ import annotations

from .. import nodes as N
from ..tokenizer import NAME_TERMINAL
from .spellings import PrintError, declared_gender_of, features, gender_of, pick
from .tails import ATOM, FILTER_FIRST, OPS, PLURAL_BUILTINS, PLURAL_KINDS, PRIMARY, SEL_STARTS


class NounPhrases:
    # noun phrases -----------------------------------------------------------------------------
    def qval(self, q, follow) -> str:
        """`qval`: a number, a variable, an attribute of something, or ( expr )."""
        if isinstance(q, (N.Num, N.Var)):
            return self.expr(q, PRIMARY, follow)
        if isinstance(q, N.AttrOf):
            text, _, tail = self.e(q)
            if not (tail & (follow | {"NOUN", "YOUR"})):
                return text
        return "(" + self.expr(q, 1, frozenset({"RPAR"})) + ")"

    def sel(self, node: N.Sel, follow) -> str:
        return self.sel_t(node, follow)[0]

    def sel_t(self, node: N.Sel, follow) -> tuple[str, frozenset]:
        parts = []
        q = node.quant
        plural = self._plural(node)
        noun = self.name(node.noun, "NOUN", plural)
        gender = self._gender = gender_of(noun, self.lang, declared_gender_of(self.rs, node.noun, self.lang))
        noun_alt = self.idx.has_alt(noun)
        if q is not None:
            if isinstance(q, N.Num) and noun_alt and node.filters \
                    and FILTER_FIRST.get(node.filters[0].kind) == "OF":
                # "1 ajuda de D": after a number a noun that is also an attribute stays a noun
                parts.append(str(q.value))
            else:
                parts.append(self.quant(q))
        if node.owner == "mine":
            yours = [c for c in self.lex.words.get("YOUR", []) if features(c)["plural"] == plural]
            if gender.get("fem"):
                yours = [c for c in yours if features(c)["fem"]] or yours
            else:
                # masculine, or a gender nothing shows: the unmarked (masculine) form
                yours = [c for c in yours if not features(c)["fem"]] or yours
            parts.append(min(yours, key=len) if yours else self.w("YOUR", plural=plural))
        parts.append(noun)
        if node.var:
            parts.append(node.var)
        if node.owner == "enemy":
            parts.append(self.agree("ENEMY", plural, gender))
        elif node.owner not in (None, "mine"):
            raise PrintError("a noun phrase's owner can only be 'yours' or 'enemy' in text")
        tail = set(SEL_STARTS)
        if not node.filters:
            if not node.var:
                tail.add("VAR")
            if node.owner != "enemy":
                tail |= {"YOUR", "ENEMY"}
        fs = node.filters
        last_tail = frozenset()
        for i, f in enumerate(fs):
            nxt = frozenset({FILTER_FIRST.get(fs[i + 1].kind, "OF")}) if i < len(fs) - 1 else follow
            self._gender = gender
            self._noun_alt = noun_alt and i == 0 and not node.var
            text, last_tail = self.filter(f, nxt, plural)
            parts.append(text)
        return " ".join(parts), frozenset(tail | last_tail)

    def _plural(self, node: N.Sel) -> bool:
        q = node.quant
        if q is None:
            n = node.noun
            if n.kind == "builtin":
                return n.ids[0] in PLURAL_BUILTINS
            return n.kind in PLURAL_KINDS
        if isinstance(q, N.Num):
            return q.value != 1
        if isinstance(q, tuple):
            return q[0] != "each"
        return True

    def quant(self, q) -> str:
        if isinstance(q, tuple):
            k = q[0]
            if k == "each":
                return self.w("EACH")
            if k == "all":
                return self.w("ALL")
            if k == "any":
                return self.w("ANY", nwords=3)
            if k == "upto":
                return self.w("UPTO") + " " + self.qval(q[1], frozenset({"NOUN", "YOUR"}))
            if k == "atleast":
                return self.w("ATLEAST") + " " + self.qval(q[1], frozenset({"NOUN", "YOUR"}))
            raise PrintError(f"unknown quantity {k}")
        if isinstance(q, N.Num) and q.value == 1:
            sps = self.lex.words.get("ONE") or []
            if self._gender.get("fem"):
                return pick(sps, {"fem": True})
            return pick([c for c in sps if not features(c)["fem"]] or sps)
        return self.qval(q, frozenset({"NOUN", "YOUR"}))

    def operand(self, a, follow) -> tuple[str, frozenset]:
        """A filter's operand where `primary` or `sel` may stand."""
        if isinstance(a, N.Sel):
            text, tail = self.sel_t(a, follow)
            if tail & follow:
                return "(" + text + ")", frozenset()
            return text, tail
        text, level, tail = self.e(a)
        if level < PRIMARY or tail & follow:
            return "(" + text + ")", frozenset()
        return text, tail

    def prim(self, a, follow) -> tuple[str, frozenset]:
        text, level, tail = self.e(a)
        if level < PRIMARY or tail & follow:
            return "(" + text + ")", frozenset()
        return text, tail

    def sel_only(self, a, follow) -> tuple[str, frozenset]:
        if not isinstance(a, N.Sel):
            raise PrintError("this filter needs a noun phrase")
        return self.sel_t(a, follow)

    def filter(self, f: N.Filter, follow, plural: bool) -> tuple[str, frozenset]:
        k = f.kind
        g = dict(self._gender)
        if k == "of":
            if isinstance(f.arg, N.Name) and NAME_TERMINAL.get(f.arg.kind) == "VALUE" \
                    and (f.arg.kind == "status" or self._noun_alt):
                # a value right after the noun ("itens exauridos"); also where "de" would
                # turn a noun that is also an attribute into the attribute
                if f.arg.kind == "status":
                    return self.status_word(f.arg, plural, g), frozenset()
                return self.name(f.arg, "VALUE"), frozenset()
            t, tail = self.operand(f.arg, follow)
            return self.glue(self.w("OF"), t, tail)
        if k == "in":
            t, tail = self.operand(f.arg, follow)
            return self.glue(self.w("IN"), t, tail)
        if k == "with":
            t, tail = self.sel_only(f.arg, follow)
            return self.kw_then("WITH", t), tail
        if k == "free":
            return (self.w("WITH") + " " + self.name(f.arg, "ATTR") + " " + self.w("FREE"),
                    frozenset())
        if k == "not_of":
            # "itens não exauridos": a piece status the pieces do not have
            if isinstance(f.arg, N.Name) and f.arg.kind == "status":
                return self.w("NOT") + " " + self.status_word(f.arg, plural, g), frozenset()
            return self.w("NOT") + " " + self.name(f.arg, "VALUE"), frozenset()
        if k == "has_attr":
            # "clareira de canto" (a filter starting with 'de' cannot follow: "de canto de C"
            # reads as the attribute of C)
            return self.w("OF") + " " + self.name(f.arg, "ATTR"), frozenset({"OF", "FREE"})
        if k == "without":
            t, tail = self.sel_only(f.arg, follow)
            return self.kw_then("WITHOUT", t), tail
        if k == "ruled_by":
            t, tail = self.prim(f.arg, follow)
            return self.agree("RULED", plural, g) + " " + self.w("BY") + " " + self.obj_form(t), tail
        if k == "not_ruled_by":
            t, tail = self.prim(f.arg, follow)
            t = self.obj_form(t)
            return (self.w("NOT") + " " + self.agree("RULED", plural, g) + " " + self.w("BY")
                    + " " + t, tail)
        if k == "adjacent":
            t, tail = self.operand(f.arg, follow)
            return self.glue(self.agree("ADJACENT", plural, g) + " " + self.opt_to().rstrip(), t, tail)
        if k == "connected":
            a, _ = self.prim(f.arg, frozenset({"BY"}))
            b, tail = self.sel_only(f.arg2, follow)
            return (self.agree("CONNECTED", plural, g) + " " + self.opt_to() + a + " "
                    + self.kw_then("BY", b), tail)
        if k == "where":
            # a whole expression: any operator after it extends it, parentheses or not
            text, level, tail = self.e(f.arg)
            if (tail | OPS) & follow:
                text, tail = "(" + text + ")", frozenset()
            return self.w("WHERE") + " " + text, tail | OPS
        if k == "except":
            t, tail = self.prim(f.arg, follow)
            return self.w("EXCEPT") + " " + t, tail
        if k == "among":
            items = f.arg.items if isinstance(f.arg, N.ListOf) else [f.arg]
            text = self.listing(items, follow)
            tail = frozenset({"COMMA", "AND", "OR"}) if len(items) == 1 else frozenset()
            return self.w("AMONG") + " " + text, tail | self._last_tail
        if k == "matching":
            t, tail = self.prim(f.arg, follow)
            strict = self.w("STRICT") + " " if f.arg2 == "strict" else ""
            return self.agree("MATCHING", plural, g) + " " + strict + self.opt_to() + t, tail
        if k == "is":
            t, tail = self.prim(f.arg, follow)
            return self.w("IS") + " " + t, tail
        if k == "another":
            return self.agree("ANOTHER", plural, g), frozenset()
        if k in ("fewest", "most"):
            t, tail = self.sel_only(f.arg, follow)
            return self.kw_then(k.upper(), t), tail
        if k == "prefer":
            # "de preferência onde A senão onde B": each tier a whole expression
            parts, tail = [], frozenset()
            items = f.arg.items
            for i, x in enumerate(items):
                text, level, tail = self.e(x)
                nxt = frozenset({"ELSE"}) if i < len(items) - 1 else follow
                if (tail | OPS) & nxt:
                    text, tail = "(" + text + ")", frozenset()
                parts.append(self.w("WHERE") + " " + text)
            return self.w("PREFER") + " " + (" " + self.w("ELSE") + " ").join(parts), tail | OPS
        if k == "random":
            if f.arg is not None:
                # "aleatória ponderada por (N)"
                return (self.agree("RANDOM", plural, g) + " " + self.agree("WEIGHTED", plural, g) + " "
                        + self.w("BY") + " " + self.qval(f.arg, follow)), frozenset()
            return self.agree("RANDOM", plural, g), frozenset()
        if k == "top":
            # "entre as primeiras N": the N cards on top of a zone
            return self.w("TOP") + " " + self.qval(f.arg, follow), frozenset()
        raise PrintError(f"unknown filter '{k}'")

    _last_tail = frozenset()
    _gender: dict = {}
    _noun_alt = False

    def listing(self, items, follow) -> str:
        out = []
        n = len(items)
        self._last_tail = frozenset()
        for i, it in enumerate(items):
            if i < n - 2:
                f = frozenset({"COMMA"})
            elif i == n - 2:
                f = frozenset({"AND"})
            else:
                f = follow
            text, level, tail = self.e(it)
            if level < ATOM or tail & f:
                text, tail = "(" + text + ")", frozenset()
            if i == n - 1:
                self._last_tail = tail
            out.append(text)
        if n == 1:
            return out[0]
        return ", ".join(out[:-1]) + " " + self.w("AND") + " " + out[-1]
