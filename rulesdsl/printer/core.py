"""The printer: a `nodes` tree back to effect text in one language (`to_text`). Printer holds
the words (keywords from the lexicon, names from the NameIndex), the entry points and the
statements; noun phrases (phrases.py) and expressions (expressions.py) are its mixins."""
from __future__ import annotations

from .. import lexicon as lexmod
from .. import nodes as N
from ..errors import Diagnostics, fold
from .expressions import Expressions
from .names import name_index
from .phrases import NounPhrases
from .spellings import PrintError, features, optional_to, pick
from .tails import PP_TERMINAL, PRIMARY, SIMPLE


class Printer(NounPhrases, Expressions):
    def __init__(self, lang: str, names, owner: str | None = None):
        self.owner = owner
        self.lang = lang
        self.lex = lexmod.get(lang)
        self.idx = name_index(lang, names)
        # a Ruleset (not only its names table): its declared genders are used for agreement
        self.rs = names if hasattr(names, "names_table") else None
        self.indent = "  "

    # words ------------------------------------------------------------------------------------
    def w(self, neutral: str, **want) -> str:
        sps = self.lex.words.get(neutral)
        if not sps:
            raise PrintError(f"the {self.lang} lexicon has no word for {neutral}")
        return pick(sps, want or None)

    def agree(self, neutral: str, plural: bool, gender: dict) -> str:
        """A word that agrees with its noun; masculine (the unmarked form) unless feminine."""
        sps = self.lex.words.get(neutral) or []
        if gender.get("fem"):
            return pick(sps, {"plural": plural, "fem": True})
        return pick([c for c in sps if not features(c)["fem"]] or sps, {"plural": plural})

    def obj_form(self, t: str) -> str:
        """'você'/'tú' after a preposition takes the lexicon's object form ("por ti")."""
        if t == self.w("YOU") and "YOU" in self.lex.object_forms:
            return self.lex.object_forms["YOU"]
        return t

    def opt_to(self) -> str:
        to = optional_to(self.lex)
        return to + " " if to else ""

    def name(self, node: N.Name, terminal: str, plural: bool = False) -> str:
        if node.kind == "builtin":
            return self.w("NOUN:" + node.ids[0], plural=plural)
        return self.idx.spell(terminal, node.kind, node.ids, plural, self.owner)

    def status_word(self, node: N.Name, plural: bool, gender: dict) -> str:
        """A piece status after its noun, agreeing with it ("piezas no retenidas", "guerrero
        retenido"): the status's spellings that show the noun's number and gender."""
        cands = self.idx.spellings.get(("VALUE", (node.kind, tuple(node.ids))))
        if not cands:
            return self.name(node, "VALUE", plural)
        texts = [c[2] for c in sorted(cands, key=lambda c: (c[0], c[1]))]
        if gender.get("fem"):
            return pick(texts, {"plural": plural, "fem": True})
        return pick([t for t in texts if not features(t)["fem"]] or texts, {"plural": plural})

    # entry points -----------------------------------------------------------------------------
    def text(self, node) -> str:
        if isinstance(node, N.Block):
            return "\n".join(self.block_lines(node, 0))
        return self.expr(node, 1, frozenset())

    def block_lines(self, block: N.Block, depth: int) -> list[str]:
        out = []
        for st in block.stmts:
            out.extend(self.stmt(st, depth))
        return out

    def suite(self, header: str, block: N.Block, depth: int) -> list[str]:
        if not block.stmts:
            raise PrintError("an empty block cannot be written after ':'")
        if len(block.stmts) == 1 and isinstance(block.stmts[0], SIMPLE):
            # one simple statement stays on the line: "se X: faça Y"
            return [self.indent * depth + header + ": " + self.simple(block.stmts[0])]
        lines = [self.indent * depth + header + ":"]
        lines.extend(self.block_lines(block, depth + 1))
        return lines

    # statements -------------------------------------------------------------------------------
    def stmt(self, node, depth: int) -> list[str]:
        ind = self.indent * depth
        if isinstance(node, N.If):
            return self.if_lines(node, depth, self.w("IF"))
        if isinstance(node, N.ForEach):
            head = self.w("FOR_EACH") + " " + self.sel(node.sel, frozenset({"COLON", "ANY_ORDER"}))
            if node.any_order:
                head += " " + self.w("ANY_ORDER")
            return self.suite(head, node.body, depth)
        if isinstance(node, N.Repeat):
            head = self.qval(node.count, frozenset({"TIMES"})) + " " + self.w("TIMES", plural=True)
            if node.upto:
                head = self.w("UPTO") + " " + head
            return self.suite(head, node.body, depth)
        if isinstance(node, N.Try):
            lines = self.suite(self.w("TRY"), node.body, depth)
            if node.on_fail is None:
                raise PrintError("'try' needs an 'if you cannot' part")
            lines += self.suite(self.w("IF_CANNOT"), node.on_fail, depth)
            return lines
        if isinstance(node, N.ChooseBranch):
            secret = " " + self.w("SECRET") if getattr(node, "secret", False) else ""
            head = self.w("CHOOSE") + secret + " " + self.w("ONE")
            if node.optional:
                head = self.w("MAY") + " " + self.w("CHOOSE", inf=True) + secret + " " + self.w("ONE")
            lines = [ind + head + ":"]
            guards = node.guards or []
            for i, b in enumerate(node.branches):
                word = self.w("OPTION")
                if i < len(guards) and guards[i] is not None:
                    # "opção se X:" — offered only while X holds
                    word += " " + self.w("IF") + " " + self.expr(guards[i], 1, frozenset({"COLON"}))
                lines += self.suite(word, b, depth + 1)
            return lines
        if isinstance(node, N.Maybe):
            act = node.action
            head = self.action(act, frozenset({"COLON"}), prefix=True, force_may=True)
            return self.suite(head, node.then, depth)
        if isinstance(node, N.Block):
            # a block inside a block: the parser flattens lines; keep its statements
            return self.block_lines(node, depth)
        return [ind + self.simple(node)]

    def if_lines(self, node: N.If, depth: int, word: str) -> list[str]:
        head = word + " " + self.expr(node.cond, 1, frozenset({"COLON"}))
        lines = self.suite(head, node.then, depth)
        els = node.else_
        if els is not None:
            if len(els.stmts) == 1 and isinstance(els.stmts[0], N.If):
                sub = self.if_lines(els.stmts[0], depth, self.w("IF"))
                sub[0] = self.indent * depth + self.w("ELSE") + " " + sub[0].lstrip()
                lines += sub
            else:
                lines += self.suite(self.w("ELSE"), els, depth)
        return lines

    def simple(self, node) -> str:
        if isinstance(node, N.Let):
            return (self.w("LET") + " " + node.name + " " + self.w("BE") + " "
                    + self.expr(node.value, 1, frozenset()))
        if isinstance(node, N.Control):
            return self.w(node.what.upper())
        if isinstance(node, (N.Verb, N.Choose, N.Perform, N.ActionMenu)):
            return self.action(node, frozenset(), prefix=True)
        raise PrintError(f"cannot write a {type(node).__name__} as a statement")

    def action(self, node, follow, prefix=True, force_may=False) -> str:
        parts = []
        who = getattr(node, "who", None) if isinstance(node, (N.Verb, N.Choose, N.Perform)) else None
        may = force_may or bool(getattr(node, "optional", False))
        if isinstance(node, N.ActionMenu):
            may = force_may
        if prefix and who is not None:
            w = self.expr(who, PRIMARY, frozenset({"MAY", "VERB", "CHOOSE", "DO", "VALUE"}))
            if may and isinstance(who, N.Me) and self._fuses(w, self.w("MAY"), "MAY"):
                w = "(" + w + ")"
            parts.append(w)
        if may:
            parts.append(self.w("MAY"))
        inf = may
        if isinstance(node, N.Verb):
            parts.append(self.verb_body(node, follow, inf))
        elif isinstance(node, N.Choose):
            parts.append(self.w("CHOOSE", inf=inf) if inf else self.w("CHOOSE"))
            if getattr(node, "secret", False):
                parts.append(self.w("SECRET"))
            parts.append(self.sel(node.sel, follow))
        elif isinstance(node, N.Perform):
            parts.append(self.perform(node))
        elif isinstance(node, N.ActionMenu):
            parts.append(self.menu(node, follow, inf))
        else:
            raise PrintError(f"cannot write a {type(node).__name__} as an action")
        return " ".join(p for p in parts if p)

    def fused(self, left: str, right: str) -> bool:
        """Would `left right` read as one longer phrase ("por" + "cada ..." = "por cada")?"""
        if not left or not right or right.startswith("("):
            return False
        head = " ".join(right.split()[:4])
        text = left + " " + head
        diags = Diagnostics(self.lang)
        toks = [t for t in self.idx.tok.tokenize(text, diags, lambda o, n=1: None)
                if t.type not in ("_NL", "INDENT", "DEDENT")]
        end = len(left)
        for t in toks:
            if t.start_pos >= end:
                return False
            if t.end_pos > end:
                return True
        return False

    def glue(self, left: str, right: str, tail):
        """`left right`, with the right side in parentheses if they would fuse."""
        if self.fused(left, right):
            return left + " (" + right + ")", frozenset()
        return left + " " + right, tail

    def kw_then(self, neutral: str, right: str) -> str:
        """A keyword before a noun phrase (which cannot take parentheses): a spelling of it
        that does not fuse with what follows."""
        sps = self.lex.words.get(neutral) or []
        first = self.w(neutral)
        for c in [first] + [x for x in sps if x != first]:
            if not self.fused(c, right):
                return c + " " + right
        return first + " " + right

    def _fuses(self, a: str, b: str, neutral: str) -> bool:
        joined = fold(a + " " + b)
        return any(fold(s) == joined for s in self.lex.words.get(neutral, []))

    def verb_body(self, node: N.Verb, follow, inf: bool) -> str:
        key = "VERB:" + node.verb
        if node.verb in ("set_status", "clear_status") and node.status is not None:
            # the verb a piece status declares ("exaura", "reanime")
            kind = "status_set" if node.verb == "set_status" else "status_clear"
            verb = self.idx.spell("VERB", kind, (node.status,), False, self.owner)
        else:
            verb = self.w(key, inf=True) if inf else self.w(key)
        pps = []
        for k, v in node.args.items():
            if not k.endswith("+"):
                pps.append((k, v))
        for k, v in node.args.items():
            if k.endswith("+"):
                for x in v:
                    pps.append((k[:-1], x))
        objs = []
        if node.obj is not None:
            objs = list(node.obj.items) if isinstance(node.obj, N.ListOf) else [node.obj]
        out = [verb]
        first_obj = True
        after_objs = frozenset({PP_TERMINAL[pps[0][0]]}) if pps else follow
        for i, o in enumerate(objs):
            f = frozenset({"AND"}) if i < len(objs) - 1 else after_objs
            text = self.obj(o, f)
            before = verb if first_obj else self.w("AND")
            if self.fused(before, text):
                text = "(" + text + ")"
            first_obj = False
            out.append(text)
            if i < len(objs) - 1:
                out.append(self.w("AND"))
        for i, (k, v) in enumerate(pps):
            if k not in PP_TERMINAL:
                raise PrintError(f"unknown verb argument '{k}'")
            f = frozenset({PP_TERMINAL[pps[i + 1][0]]}) if i < len(pps) - 1 else follow
            out.append(self.glue(self.w(PP_TERMINAL[k]), self.expr(v, 1, f), frozenset())[0])
        return " ".join(out)

    def obj(self, o, follow) -> str:
        if isinstance(o, N.Sel):
            text, tail = self.sel_t(o, follow)
            if tail & follow:
                return "(" + text + ")"
            return text
        return self.expr(o, PRIMARY, follow)

    def perform(self, node: N.Perform) -> str:
        out = self.name(node.action, "VALUE")
        if node.args:
            args = []
            for k, v in node.args.items():
                args.append(self.idx.param_spelling(k) + ": " + self.expr(v, 1, frozenset({"COMMA", "RPAR"})))
            out += " (" + ", ".join(args) + ")"
        return out

    def menu(self, node: N.ActionMenu, follow, inf: bool) -> str:
        parts = [self.w("DO", inf=True) if inf else self.w("DO")]
        if node.budget is None:
            # "qualquer número de ações" / "cualquier número de acciones": the form that is
            # grammatical in every language (ES has no plural "cualquier")
            parts += [self.w("ANY", nwords=3), self.w("ACTIONWORD", plural=True)]
        elif getattr(node, "live", False):
            # "tantas ações quanto (X)" (the lexicon's first AS_MANY goes with its action word)
            parts += [self.w("AS_MANY"), self.w("ACTIONWORD", plural=True), self.w("AS"),
                      self.qval(node.budget, frozenset({"AMONG"}) | follow)]
        elif getattr(node, "exact", False):
            # "realize 1 ação" / "realiza 1 acción"
            one = isinstance(node.budget, N.Num) and node.budget.value == 1
            parts += [self.qval(node.budget, frozenset({"ACTIONWORD"})),
                      self.w("ACTIONWORD", plural=not one)]
        else:
            parts += [self.w("UPTO"), self.qval(node.budget, frozenset({"ACTIONWORD"})),
                      self.w("ACTIONWORD", plural=True)]
        if node.actions is not None:
            items = node.actions.items if isinstance(node.actions, N.ListOf) else [node.actions]
            parts.append(self.w("AMONG"))
            parts.append(self.listing(items, follow))
        return " ".join(parts)


def to_text(node, lang: str, names, owner: str | None = None) -> str:
    """Effect text in `lang` for a tree; `names` is `Ruleset.names_table(lang)` (or a Ruleset).

    With `owner` (the faction whose rule this is) a name may be spelled by a word it shares with
    another faction's thing; the text then means the same in that faction's rules, and
    `canonical_key(tree, owner)` of the two trees are equal."""
    return Printer(lang, names, owner).text(node)
