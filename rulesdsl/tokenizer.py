"""Turn an effect expression into neutral terminals for the grammar.

Words are matched, longest phrase first and without regard to case or accents, against
  * the lexicon of the file's language (keywords, verbs, number words, noise words), and
  * the names of the ruleset (pieces, spaces, factions, attributes, actions ... in that
    language, with their plural forms).
An all-capitals word of up to four characters that names nothing is a variable (`C`, `T2`).
Lines that end in `:` open an indented block; a more indented line that does not follow a
`:` continues the previous one. `#` starts a comment. A full stop ends a statement.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lark import Token

from .errors import Diagnostics, fold, suggest
from .lexicon import pluralize  # noqa: F401  (lives with the lexicon: no Lark to import it)

# a word; numbers joined by hyphens ("1-2-5-10", part of a name) are one word too
WORD_RE = re.compile(r"[^\W\d_][\w'’-]*|\d+(?:-\d+)+|\d+", re.UNICODE)
VAR_RE = re.compile(r"^[A-Z][A-Z0-9]{0,3}$")
SYMBOLS = [
    (">=", "CMPOP", ">="), ("<=", "CMPOP", "<="), ("!=", "CMPOP", "!="), ("≠", "CMPOP", "!="),
    ("≥", "CMPOP", ">="), ("≤", "CMPOP", "<="), ("=", "CMPOP", "="), ("<", "CMPOP", "<"),
    (">", "CMPOP", ">"), (";", "SEMI", ";"), (".", "SEMI", "."), (":", "COLON", ":"),
    (",", "COMMA", ","), ("(", "LPAR", "("), (")", "RPAR", ")"), ("+", "PLUS", "+"),
    ("-", "MINUS", "-"), ("*", "STAR", "*"), ("×", "STAR", "*"), ("/", "SLASH", "/"),
]

# the functions that take several values joined by `e` ("o maior entre A e B"): terminal FNS;
# every other takes one, so that `existe valor (X) e Y` reads `e Y` as a condition of its own
SEVERAL_ARGS = frozenset({"max", "min", "distance"})

# Terminals a ruleset name can become, by the kind of thing it names.
NAME_TERMINAL = {
    "attr": "ATTR", "track": "ATTR", "derived": "ATTR", "counter_attr": "ATTR",
    "derived_value": "VALUE",
    "enumval": "VALUE", "space": "VALUE", "faction": "VALUE", "card": "VALUE",
    "action": "VALUE", "phase": "VALUE", "tag": "VALUE", "value": "VALUE", "deck": "VALUE",
    "map": "VALUE", "param": "NOUN", "step": "VALUE",
    "option": "VALUE",
    # piece statuses: an adjective after a piece noun; their declared verbs are verbs
    "status": "VALUE", "status_set": "VERB", "status_clear": "VERB",
}


class Tok(Token):
    """A token that also remembers its spelling and an alternative reading."""
    text: str = ""
    alt = None


@dataclass
class Entry:
    words: tuple
    terminal: str
    value: object
    kind: str = "keyword"   # keyword | name | noise | number
    alt: tuple | None = None


# clashes that read fine in context: a card is often named after the item it makes ("Espada")
# or the tag it carries ("Domínio"); a category and a piece kind may share a name
_QUIET_CLASHES = {("category", "piece"), ("piece", "category"), ("attr", "derived"),
                  ("spacekind", "space"), ("card", "piece"), ("piece", "card"), ("tag", "card"),
                  ("card", "tag"), ("counter", "counter_attr"), ("counter_attr", "counter")}


class PhraseTable:
    """Phrases by their first word, longest first. Two indexes: words compared without case
    ("exact": 'é' is not 'e', 'às' is not 'as'), and without case or accents (a fallback that
    forgives a missing accent when nothing matches exactly)."""

    def __init__(self):
        self.by_first: dict[str, list[Entry]] = {}
        self.exact_first: dict[str, list[Entry]] = {}
        self.spellings: list[str] = []
        self.clashes: list = []

    def add(self, phrase: str, terminal: str, value, kind: str) -> None:
        raw = WORD_RE.findall(phrase)
        ex = tuple(w.casefold() for w in raw)
        if ex:
            self._add(self.exact_first, ex, terminal, value, kind)
        words = tuple(fold(w) for w in raw)
        if not words:
            return
        self._add(self.by_first, words, terminal, value, kind)
        self.spellings.append(phrase)

    def _add(self, index, words, terminal, value, kind):
        lst = index.setdefault(words[0], [])
        for e in lst:
            if e.words == words:
                if kind == "name" and e.kind == "name" and e.terminal != terminal \
                        and "ATTR" in (e.terminal, terminal) and e.alt is None:
                    # "naipe": an attribute before "de", a noun elsewhere
                    e.alt = (terminal, value)
                    return
                if kind == "name" and e.kind == "name":
                    # one spelling naming several things: merge their ids
                    if e.terminal == terminal and isinstance(e.value, tuple) and e.value[0] == value[0]:
                        e.value = (e.value[0], tuple(dict.fromkeys(e.value[1] + value[1])))
                        return
                    if e.alt is not None and e.alt[0] == terminal and e.alt[1][0] == value[0]:
                        # ... also in the second reading (a copy of a faction: `cópia_de`)
                        e.alt = (terminal, (value[0], tuple(dict.fromkeys(e.alt[1][1] + value[1]))))
                        return
                    # two kinds of thing under one spelling: keep the first, report the clash
                    if index is self.by_first and e.value[0] != value[0] and (e.value[0], value[0]) not in _QUIET_CLASHES:
                        self.clashes.append((" ".join(words), e.value, value))
                    return
                return
        lst.append(Entry(words, terminal, value, kind))
        lst.sort(key=lambda e: -len(e.words))




def build_table(lexicon, names: dict) -> PhraseTable:
    """names: kind -> {id -> [spellings]} in this language (see model.Names)."""
    t = PhraseTable()
    for w in lexicon.noise:
        t.add(w, "", None, "noise")
    for word, n in lexicon.numbers.items():
        t.add(word, "NUMBER", n, "number")
    for neutral, spellings in lexicon.words.items():
        term, value = neutral, neutral
        if neutral.startswith("CMP:"):
            term, value = "CMPOP", neutral[4:]
        elif neutral.startswith("FN:"):
            term, value = ("FNS" if neutral[3:] in SEVERAL_ARGS else "FN"), neutral[3:]
        elif neutral.startswith("VERB:"):
            term, value = "VERB", neutral[5:]
        elif neutral.startswith("NOUN:"):
            term, value = "NOUN", ("builtin", (neutral[5:],))
        for s in spellings:
            t.add(s, term, value, "keyword")
    rules = [(p, r) for p, r in (lexicon.plural or [])]
    for kind, table in names.items():
        terminal = NAME_TERMINAL.get(kind, "NOUN")
        for ident, spellings in table.items():
            for s in spellings:
                t.add(s, terminal, (kind, (ident,)), "name")
                if terminal in ("NOUN", "ATTR"):
                    ws = s.split()
                    if not ws:      # a blank name: reported by the model (M074)
                        continue
                    for pl in pluralize(ws[0], rules):
                        t.add(" ".join([pl] + ws[1:]), terminal, (kind, (ident,)), "name")
    return t


class Tokenizer:
    def __init__(self, lexicon, table: PhraseTable):
        self.lex = lexicon
        self.table = table

    # ----------------------------------------------------------------------------------------
    def tokenize(self, text: str, diags: Diagnostics, where) -> list[Token]:
        """`where(offset, length) -> Pos` places a character of the text in its file."""
        lines = self._logical_lines(text)
        toks: list[Token] = []
        indents = [0]
        for indent, pieces in lines:
            if indent > indents[-1]:
                indents.append(indent)
                toks.append(self._tok("INDENT", "", pieces[0][1]))
            else:
                while indent < indents[-1]:
                    indents.pop()
                    toks.append(self._tok("DEDENT", "", pieces[0][1]))
                if indent != indents[-1]:
                    diags.add("P004", where(pieces[0][1], 1), self.lex.lang)
            line_toks = []
            for chunk, start in pieces:
                line_toks.extend(self._words(chunk, start, diags, where))
            # a trailing full stop or semicolon is just the end of the line
            while line_toks and line_toks[-1].type == "SEMI":
                line_toks.pop()
            if not line_toks:
                continue
            toks.extend(line_toks)
            toks.append(self._tok("_NL", "\n", pieces[-1][1] + len(pieces[-1][0])))
        end = len(text)
        while len(indents) > 1:
            indents.pop()
            toks.append(self._tok("DEDENT", "", end))
        self._attr_or_noun(toks)
        return toks

    @staticmethod
    def _tok(type_, value, offset) -> Token:
        t = Tok(type_, value)
        t.start_pos = offset
        t.end_pos = offset + max(1, len(str(value)) if isinstance(value, str) else 1)
        return t

    def _logical_lines(self, text: str):
        """[(indent, [(chunk, offset), ...])]: physical lines joined where a line continues."""
        out = []
        offset = 0
        prev_opens = True
        for raw in text.split("\n"):
            start = offset
            offset += len(raw) + 1
            code = raw.split("#", 1)[0]
            if not code.strip():
                continue
            indent = len(code) - len(code.lstrip(" "))
            stripped = code.strip()
            if out and indent > out[-1][0] and not prev_opens:
                out[-1][1].append((code, start))
            else:
                out.append((indent, [(code, start)]))
            prev_opens = stripped.endswith(":")
        return out

    def _words(self, chunk: str, base: int, diags: Diagnostics, where) -> list[Token]:
        # split into words and symbols, keeping offsets
        items = []  # (kind, text, offset)
        i = 0
        n = len(chunk)
        while i < n:
            c = chunk[i]
            if c.isspace():
                i += 1
                continue
            m = WORD_RE.match(chunk, i)
            if m:
                items.append(("w", m.group(0), base + i))
                i = m.end()
                continue
            for sym, term, val in SYMBOLS:
                if chunk.startswith(sym, i):
                    items.append(("s", (term, val), base + i))
                    i += len(sym)
                    break
            else:
                if c in "\"'“”«»!?¡¿":
                    i += 1
                    continue
                diags.add("P001", where(base + i, 1), self.lex.lang, char=c)
                i += 1
        out: list[Token] = []
        k = 0
        while k < len(items):
            kind, text, off = items[k]
            if kind == "s":
                term, val = text
                out.append(self._tok(term, val, off))
                k += 1
                continue
            if text.isdigit():
                t = self._tok("NUMBER", int(text), off)
                t.end_pos = off + len(text)
                out.append(t)
                k += 1
                continue
            entry, used = self._match(items, k)
            if entry is None and text[0].isdigit():
                # "3-1" that names nothing: a subtraction after all
                pos = off
                for j, part in enumerate(text.split("-")):
                    if j:
                        out.append(self._tok("MINUS", "-", pos))
                        pos += 1
                    t = self._tok("NUMBER", int(part), pos)
                    t.end_pos = pos + len(part)
                    out.append(t)
                    pos += len(part)
                k += 1
                continue
            single_var = VAR_RE.match(text) and (entry is None or used == 1 and entry.kind != "name")
            if single_var:
                t = self._tok("VAR", text, off)
                out.append(t)
                k += 1
                continue
            if entry is None and out and out[-1].type == "OPTION":
                # "a opção X": X names no option of the ruleset (rulesdsl/options.py)
                names = [" ".join(e.words) for es in self.table.by_first.values() for e in es
                         if e.kind == "name" and isinstance(e.value, tuple) and e.value[0] == "option"]
                diags.add("M262", where(off, len(text)), self.lex.lang, word=text,
                          known=", ".join(names) or "-", hint=suggest(text, names))
                k += 1
                continue
            if entry is None:
                cands = self.table.spellings
                hint = suggest(text, cands)
                diags.add("P002", where(off, len(text)), self.lex.lang, word=text, hint=hint)
                k += 1
                continue
            last = items[k + used - 1]
            end = last[2] + len(last[1])
            if entry.kind != "noise":
                t = Tok(entry.terminal, entry.value)
                t.start_pos = off
                t.end_pos = end
                t.text = chunk[off - base:end - base]
                t.alt = entry.alt
                out.append(t)
            k += used
        return out

    def _match(self, items, k):
        first = items[k]
        for index, norm in ((self.table.exact_first, str.casefold), (self.table.by_first, fold)):
            cands = index.get(norm(first[1]))
            if not cands:
                continue
            for e in cands:
                L = len(e.words)
                if k + L > len(items):
                    continue
                ok = True
                for j in range(L):
                    it = items[k + j]
                    if it[0] != "w" or norm(it[1]) != e.words[j]:
                        ok = False
                        break
                if ok:
                    return e, L
        return None, 0

    @staticmethod
    def _attr_or_noun(toks: list[Token]) -> None:
        """A name that is both an attribute and a noun ("naipe") is an attribute before OF."""
        for i, t in enumerate(toks):
            alt = getattr(t, "alt", None)
            if alt:
                nxt = toks[i + 1].type if i + 1 < len(toks) else None
                prev = toks[i - 1].type if i > 0 else None
                # an attribute before "de", or after "tiver"/"for" ("K tiver item")
                wants_attr = (nxt == "OF" or prev in ("HAS", "IS")) and prev != "NUMBER"   # "1 item de C": a noun
                if (t.type == "ATTR") != wants_attr:
                    cur = (t.type, t.value)
                    t.type, t.value = alt
                    t.alt = cur


def offset_mapper(expr, base_pos):
    """A `where(offset, length)` for an expression string (a YStr knows its own places)."""
    if hasattr(expr, "at"):
        return lambda off, length=1: expr.at(off, length)
    return lambda off, length=1: base_pos
