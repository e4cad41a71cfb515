"""Pretty-printer: a `nodes` tree back to effect text in one language.

    to_text(tree, "es", ruleset.names_table("es"))

The text parses back (in that language, with the same names) to an equal tree. Keywords are
spelled from the lexicon (the preferred spelling, or one whose form fits: a plural after a
quantity, an infinitive after "pode"/"puedes"); ruleset names from the names table, checked
against the tokenizer so that a spelling shared by several things, or hidden by a keyword, is
never chosen by mistake.

Noun phrases take their filters greedily ("filters attach to the nearest noun"), so the printer
tracks what the end of each printed piece could still swallow (its *tail*) and puts
parentheses around a piece whenever what comes next would be swallowed. Parentheses are
transparent to the parser (`primary: ( expr )`), so they never change the tree.
"""
from __future__ import annotations

from .. import lexicon as lexmod
from .. import nodes as N
from ..errors import Diagnostics, fold
from ..tokenizer import NAME_TERMINAL, Tokenizer, WORD_RE, build_table, pluralize


class PrintError(Exception):
    """A tree the printer cannot spell in this language (a name with no usable spelling)."""


# ---------------------------------------------------------------------------------------------
# choosing among spellings

def features(spelling: str) -> dict:
    """Rough grammatical marks of a spelling, read off its last word (PT/ES/EN endings)."""
    words = WORD_RE.findall(spelling)
    last = fold(words[-1]) if words else ""
    stem = last[:-1] if last.endswith("s") and len(last) > 2 else last
    return {
        "plural": last.endswith("s") and len(last) > 2,
        "fem": stem.endswith("a"),
        "masc": stem.endswith("o"),
        "inf": last.endswith("r") and len(last) > 3,
        "nwords": len(words),
    }


_WEIGHTS = {"plural": 4, "inf": 4, "fem": 2, "masc": 2}


def pick(candidates: list[str], want: dict | None = None) -> str:
    """The candidate that best shows the wanted marks; ties go to the earliest (preferred).

    Only marks that are wanted count (positive evidence), plus one point for the same number
    of words; so with nothing wanted the preferred spelling wins."""
    if not candidates:
        raise PrintError("no spelling")
    if not want:
        return candidates[0]
    best, best_score = candidates[0], -1
    for c in candidates:
        f = features(c)
        score = 0
        for k, w in _WEIGHTS.items():
            if want.get(k) and f[k]:
                score += w
        if want.get("plural") is False and f["plural"]:
            score -= 1
        if "nwords" in want and want["nwords"] == f["nwords"]:
            score += 1
        if score > best_score:
            best, best_score = c, score
    return best


def source_marks(spelling: str, ignore_gender: bool = False) -> dict:
    """What to look for in the target language, from a source spelling."""
    f = features(spelling)
    want = {k: True for k in ("plural", "inf", "fem", "masc") if f[k]}
    if ignore_gender:
        want.pop("fem", None)
        want.pop("masc", None)
    want["nwords"] = f["nwords"]
    return want


# the keywords after which the grammar takes an optional TO ("adjacente a C")
OPTIONAL_TO_AFTER = ("ADJACENT", "MATCHING", "CONNECTED")


def optional_to(lex) -> str | None:
    """The 'to' written after adjacent/matching/connected: the first short one-word spelling
    ('a', 'ao', 'to'); None when the lexicon has none."""
    for s in lex.words.get("TO") or []:
        if " " not in s and len(s) <= 2:
            return s
    return None


def neutral_word(tok) -> str | None:
    """The neutral lexicon key (`IF`, `VERB:place`, `CMP:>`, `NOUN:card`) of a keyword token."""
    t, v = tok.type, tok.value
    if t == "CMPOP":
        return "CMP:" + str(v)
    if t in ("FN", "FNS"):
        return "FN:" + str(v)
    if t == "VERB":
        return "VERB:" + str(v)
    if t == "NOUN" and isinstance(v, tuple) and v and v[0] == "builtin":
        return "NOUN:" + v[1][0]
    return t


# ---------------------------------------------------------------------------------------------
# names

def _listed_plurals(spellings, rules) -> dict:
    """{folded spelling: folded keys of the other listed spellings that are its plural,
    every word pluralised (noun and adjectives: "trama revelada" -> "tramas reveladas")}."""
    keys = {_fkey(s) for s in spellings}
    out = {}
    for s in spellings:
        ws = s.split()
        if len(ws) < 2:
            continue
        alts = [pluralize(w, rules) or [w] for w in ws]
        found = {_fkey(" ".join(c)) for c in _product(alts)} & keys
        found.discard(_fkey(s))
        if found:
            out[_fkey(s)] = found
    return out


def _product(alts):
    import itertools
    return itertools.islice(itertools.product(*alts), 16)


def _readings(tok) -> frozenset:
    out = {(tok.type, tok.value)}
    alt = getattr(tok, "alt", None)
    if alt:
        out.add(tuple(alt))
    return frozenset(out)


class NameIndex:
    """The ruleset's names in one language, as the tokenizer reads them.

    For each reading (terminal, (kind, ids)) the spellings that give it, singular and plural;
    and for each spelling (folded words) whether it is a plural form."""

    def __init__(self, lang: str, names: dict):
        self.lang = lang
        self.lex = lexmod.get(lang)
        self.names = names
        self.table = build_table(self.lex, names)
        self.tok = Tokenizer(self.lex, self.table)
        self.spellings: dict[tuple, list] = {}   # reading -> [(name index, order, text, plural)]
        self.plural_form: dict[tuple, bool] = {}  # folded words -> plural?
        self._alt_cache = {}
        order = 0
        rules = list(self.lex.plural or [])
        for kind, table in names.items():
            terminal = NAME_TERMINAL.get(kind, "NOUN")
            for ident, spellings in table.items():
                # a listed spelling that is another one's plural, word by word ("tramas
                # reveladas" beside "trama revelada"), is that spelling's plural form, and the
                # first-word plural ("tramas revelada") is not offered for it
                listed = _listed_plurals(spellings, rules) if terminal in ("NOUN", "ATTR") else {}
                plural_keys = {k for ks in listed.values() for k in ks}
                for i, s in enumerate(spellings):
                    forms = [(s, _fkey(s) in plural_keys)]
                    if terminal in ("NOUN", "ATTR") and not listed.get(_fkey(s)) \
                            and _fkey(s) not in plural_keys:
                        ws = s.split()
                        if ws:
                            for pl in pluralize(ws[0], rules):
                                forms.append((" ".join([pl] + ws[1:]), True))
                    for text, plural in forms:
                        tok = self.resolve(text)
                        if tok is None or not getattr(tok, "text", ""):
                            continue
                        if tok.type == "VERB" and isinstance(tok.value, tuple):
                            pass        # a verb a piece status declares ("exaura")
                        elif tok.type not in ("NOUN", "ATTR", "VALUE") or neutral_word(tok).startswith("NOUN:"):
                            continue
                        order += 1
                        for r in _readings(tok):
                            self.spellings.setdefault(r, []).append((i, order, text, plural))
                        self.plural_form.setdefault(_fkey(text), plural)

    def resolve(self, text: str):
        """The single token a phrase reads as on its own, or None."""
        diags = Diagnostics(self.lang)
        toks = [t for t in self.tok.tokenize(text, diags, lambda o, n=1: None)
                if t.type not in ("_NL", "INDENT", "DEDENT")]
        if diags.has_errors() or len(toks) != 1:
            return None
        t = toks[0]
        words = list(WORD_RE.finditer(text))
        if not words or t.start_pos != words[0].start() or t.end_pos != words[-1].end():
            return None
        return t

    def spell(self, terminal: str, kind: str, ids: tuple, plural: bool = False,
              owner: str | None = None) -> str:
        cands = self.spellings.get((terminal, (kind, tuple(ids))))
        if not cands and owner is not None:
            # a spelling this language shares between factions ("reclutar" names an action of
            # two factions): fine where the rule's owner picks the same one
            want = owned_ids(tuple(ids), owner)
            for (t, value), cs in self.spellings.items():
                if t == terminal and isinstance(value, tuple) and value[0] == kind \
                        and owned_ids(value[1], owner) == want:
                    cands = cs
                    break
        if not cands:
            raise PrintError(f"no {self.lang} spelling for {kind} {'/'.join(ids)}")
        same = [c for c in cands if c[3] == plural] or cands
        return min(same, key=lambda c: (c[0], c[1]))[2]

    def has_alt(self, spelling: str) -> bool:
        """Does the spelling read as an attribute before 'de' and as a noun elsewhere?"""
        key = _fkey(spelling)
        hit = self._alt_cache.get(key)
        if hit is None:
            tok = self.resolve(spelling)
            hit = self._alt_cache[key] = bool(tok is not None and getattr(tok, "alt", None))
        return hit

    _alt_cache: dict

    def is_plural(self, spelling: str) -> bool:
        return self.plural_form.get(_fkey(spelling), False)

    def param_spelling(self, key: str) -> str:
        """A NOUN or ATTR spelling whose first id is `key` (a perform argument's name)."""
        best = None
        for (terminal, value), cands in self.spellings.items():
            if terminal not in ("NOUN", "ATTR") or not isinstance(value, tuple):
                continue
            kind, ids = value
            if ids and ids[0] == key:
                rank = (0 if kind == "param" else 1, min((c[0], c[1]) for c in cands))
                if best is None or rank < best[0]:
                    best = (rank, self.spell(terminal, kind, ids))
        if best is None:
            for neutral, sps in self.lex.words.items():
                if neutral == "NOUN:" + key:
                    return sps[0]
            raise PrintError(f"no {self.lang} spelling for the argument '{key}'")
        return best[1]


def owned_ids(ids: tuple, owner: str | None) -> tuple:
    """Of several ids one spelling names, those of the faction whose rule it is (as the compiler
    picks them: `action_for`, `pick_owned`); all of them when none is the owner's."""
    if owner and len(ids) > 1:
        own = tuple(i for i in ids if str(i).startswith(owner + "."))
        if own:
            return own
    return tuple(ids)


def canonical_key(tree, owner: str | None = None):
    """`tree.key()` with each name's ids narrowed to the owner's (see `owned_ids`): two trees
    with equal canonical keys mean the same thing in a rule of that owner."""
    def norm(k):
        if isinstance(k, tuple):
            if len(k) == 3 and k[0] == "Name" and isinstance(k[2], tuple):
                return ("Name", k[1], owned_ids(k[2], owner))
            return tuple(norm(x) for x in k)
        return k
    return norm(tree.key()) if tree is not None else None


def _fkey(text: str) -> tuple:
    return tuple(fold(w) for w in WORD_RE.findall(text))


_INDEX_CACHE: dict = {}


def name_index(lang: str, names) -> NameIndex:
    """A cached NameIndex for a names table (or a Ruleset, whose table is taken)."""
    if hasattr(names, "names_table"):
        key = ("rs", id(names), lang)
        hit = _INDEX_CACHE.get(key)
        if hit is not None and hit[0] is names:
            return hit[1]
        idx = NameIndex(lang, names.names_table(lang))
        _INDEX_CACHE[key] = (names, idx)
        return idx
    key = ("tbl", id(names), lang)
    hit = _INDEX_CACHE.get(key)
    if hit is not None and hit[0] is names:
        return hit[1]
    if len(_INDEX_CACHE) > 64:
        _INDEX_CACHE.clear()
    idx = NameIndex(lang, names)
    _INDEX_CACHE[key] = (names, idx)
    return idx


# ---------------------------------------------------------------------------------------------
# the printer

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


class Printer:
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


def gender_of(noun_spelling: str, lang: str | None = None, declared: str | None = None) -> dict:
    """{'fem': True} / {'masc': True} / {}: the gender the ruleset declares for the noun
    (`gênero:`), else the lexicon's (`genders:`, words and endings), else what the ending of
    its first word shows."""
    if declared in ("fem", "masc"):
        return {declared: True}
    words = noun_spelling.split()
    if not words:
        return {}
    if lang is not None:
        from ..nouns import lexicon_gender
        g = lexicon_gender(words[0], lang)
        if g in ("fem", "masc"):
            return {g: True}
    f = features(words[0])
    return {k: True for k in ("fem", "masc") if f[k]}


def declared_gender_of(rs, noun, lang: str) -> str | None:
    """The gender a ruleset declares for the thing a noun names (None: not declared)."""
    if rs is None or not isinstance(noun, N.Name) or not noun.ids:
        return None
    from ..nouns import declared_by_spelling, declared_gender, gender_in
    for ident in noun.ids:
        g = declared_gender(rs.thing(noun.kind, ident), lang)
        if g is not None:
            return g
    # the same word names a thing that declares it (the category 'fortes', the piece 'forte')
    table = declared_by_spelling(rs, lang)
    if not table:
        return None
    things = [rs.thing(noun.kind, ident) for ident in noun.ids]
    spelled = [sp for t in things if t is not None for sp in (t.names.get(lang) or [])]
    return next((g for g in (gender_in(table, sp) for sp in spelled) if g), None)


def _is_value_noun(noun) -> bool:
    return isinstance(noun, N.Name) and NAME_TERMINAL.get(noun.kind, "NOUN") != "NOUN"


def to_text(node, lang: str, names, owner: str | None = None) -> str:
    """Effect text in `lang` for a tree; `names` is `Ruleset.names_table(lang)` (or a Ruleset).

    With `owner` (the faction whose rule this is) a name may be spelled by a word it shares with
    another faction's thing; the text then means the same in that faction's rules, and
    `canonical_key(tree, owner)` of the two trees are equal."""
    return Printer(lang, names, owner).text(node)
