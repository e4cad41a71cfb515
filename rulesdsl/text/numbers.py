"""Numbers in rule text, in Portuguese and Spanish.

`extract(text, lang)` finds every quantity a rule text states, whether written in digits
("3", "1/2", "½") or in words ("três"/"tres", "metade"/"mitad", "uma vez"/"una vez",
"o dobro"/"el doble", "vinte e cinco"/"veinticinco"), and the ordinals ("primeiro",
"tercer", "2º", "último"). Each match carries its value, its span in the text and whether it
is *strong*: an indefinite article ("um guerreiro", "un guerrero"), "ambos" or "nenhum" may
mean a number but need not, so they are *weak* — a weak number can answer for a strong one in
the other text, but is never reported by itself.

Paragraph numbers ("6.5.4", "A.1", "§ 4.2", "capítulo 6") are cross-references, not
quantities: `xrefs()` finds them, and `extract()` leaves them out.

The word tables for pt and es are built in; a third language adds its own under `text:` in
its lexicon file (`grammar/lexicon/<lang>.yaml`, see docs/guia-do-tradutor.md).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..errors import fold

# ---------------------------------------------------------------------------------------------
# word tables (folded spellings: no accents, lower case)

# The word tables live in each language's lexicon (grammar/lexicon/<lang>.yaml, section
# `text:`): numbers, weak_numbers, ordinals, ordinals_after_determiner (pt "segundo" is also
# "according to"), determiners, times ("vez"/"vezes": "uma vez" is once), times_not ("uma vez
# que" is since), join ("vinte e cinco"), label_words ("1º Passo"), xref_words ("capítulo 4").
_CARDINALS: dict = {}
_WEAK: dict = {}
_ORDINALS: dict = {}


@lru_cache(maxsize=None)
def _extra(lang: str) -> dict:
    """The optional `text:` section of a lexicon file (for a third language, or additions)."""
    try:
        from ..lexicon import available, lexicon_dir, _EXTRA_DIRS
        import os
        from ..errors import Diagnostics
        from ..loader import load_file
        for d in [lexicon_dir(), *_EXTRA_DIRS]:
            path = os.path.join(d, f"{lang}.yaml")
            if os.path.exists(path):
                data = load_file(path, Diagnostics(lang), lang)
                if isinstance(data, dict) and isinstance(data.get("text"), dict):
                    return dict(data["text"])
                return {}
    except Exception:  # a broken lexicon is reported by the lexicon stage, not here
        return {}
    return {}


def _table(base: dict, lang: str, section: str) -> dict:
    out = dict(base.get(lang, {}))
    extra = _extra(lang).get(section)
    if isinstance(extra, dict):
        for k, v in extra.items():
            try:
                out[fold(str(k))] = Fraction(str(v)) if "/" in str(v) else int(v)
            except (ValueError, ZeroDivisionError):
                out[fold(str(k))] = str(v)
    return out


@lru_cache(maxsize=None)
def _words(lang: str, section: str) -> frozenset:
    return frozenset(fold(str(w)) for w in (_extra(lang).get(section) or []))


@lru_cache(maxsize=None)   # read-only tables, stable as _phrases assumes
def cardinals(lang: str) -> dict:
    return _table(_CARDINALS, lang, "numbers")


@lru_cache(maxsize=None)   # read-only tables, stable as _phrases assumes
def weak_words(lang: str) -> dict:
    return _table(_WEAK, lang, "weak_numbers")


@lru_cache(maxsize=None)   # read-only tables, stable as _phrases assumes
def ordinals(lang: str) -> dict:
    return _table(_ORDINALS, lang, "ordinals")


def word_list(lang: str, section: str, builtin: dict) -> list[str]:
    """A list of (possibly multi-word) phrases for `lang`, built-in plus the lexicon's."""
    out = list(builtin.get(lang, []))
    extra = _extra(lang).get(section)
    if isinstance(extra, list):
        out.extend(str(x) for x in extra)
    return out


# ---------------------------------------------------------------------------------------------
# tokens

# a paragraph number: 6.5.4, 6.5.4.I, A.1, G.1.35 (not a decimal inside a word)
XREF_RE = re.compile(r"(?<![\w.])((?:[A-Z]\.)?\d+(?:\.\d+)+(?:\.[IVXL]+)?|[A-Z]\.\d+(?:\.\d+)*)(?![\w]|\.\d)")
_TOKEN_RE = re.compile(r"\d+(?:/\d+)?|[^\W\d_]+|[½⅓¼]|\S", re.UNICODE)
_FRACTION_CHARS = {"½": Fraction(1, 2), "⅓": Fraction(1, 3), "¼": Fraction(1, 4)}


@dataclass
class Token:
    text: str      # as written
    low: str       # lower case, accents kept ("é" is not "e")
    fold: str      # lower case, no accents
    start: int
    end: int

    @property
    def is_word(self) -> bool:
        return self.text[:1].isalpha()


def tokenize(text: str) -> list[Token]:
    return list(_tokens(text))


@lru_cache(maxsize=8192)
def _tokens(text: str) -> tuple:
    # the same paragraph is read by every check: its tokens (never changed) are kept
    return tuple(Token(m.group(), m.group().lower(), fold(m.group()), m.start(), m.end())
                 for m in _TOKEN_RE.finditer(text))


@dataclass
class Num:
    value: object        # int | Fraction | "last"
    kind: str            # "cardinal" | "ordinal"
    strong: bool
    start: int
    end: int
    surface: str

    def label(self) -> str:
        return show(self.value)


def show(value) -> str:
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return str(value)


@dataclass
class XRef:
    number: str          # "6.5.4" as written (chapter refs: "6")
    start: int
    end: int
    chapter_only: bool = False


def xrefs(text: str, lang: str) -> list[XRef]:
    """Paragraph numbers cited inside a text: "6.5.4", "(ver 4.2)", "§ 4", "capítulo 6"."""
    out = [XRef(m.group(1), m.start(1), m.end(1)) for m in XREF_RE.finditer(text)]
    taken = [(x.start, x.end) for x in out]
    words = _words(lang, "xref_words")
    toks = tokenize(text)
    for i, t in enumerate(toks):
        if not t.text.isdigit():
            continue
        if any(a <= t.start < b for a, b in taken):
            continue
        prev = toks[i - 1] if i else None
        if prev and prev.text == "." and i >= 2:  # "pág. 3"
            prev = toks[i - 2]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if prev and prev.text == "(" and nxt and nxt.text == ")":   # "na preparação (5)"
            out.append(XRef(t.text, t.start, t.end, chapter_only=True))
            continue
        if prev and (prev.fold in words or prev.text == "§"):
            if _adjacent_to_word(text, t.start, t.end):
                continue
            out.append(XRef(t.text, t.start, t.end, chapter_only=True))
    out.sort(key=lambda x: x.start)
    return out


def _adjacent_to_word(text: str, start: int, end: int) -> bool:
    """'carta-12', 'P1', 'x_3', '2a': a digit run glued to an identifier is not a quantity."""
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    if before.isalpha() or after.isalpha() and not _is_ordinal_suffix(text, end):
        return True
    if before in "-_" and start >= 2 and (text[start - 2].isalpha() or text[start - 2] == "_"):
        return True
    if after in "-_" and end + 1 < len(text) and (text[end + 1].isalpha() or text[end + 1] == "_"):
        return True
    if before == "#":
        return True
    return False


def _is_label(text: str, toks: list, i: int, lang: str) -> bool:
    """'1º Passo', '2º.Adicione', '3º Batalhar –' at the head of a line: an enumerator."""
    labels = _words(lang, "label_words")
    j = i + 1
    if j < len(toks) and toks[j].text in ("º", "ª", "°"):
        j += 1
    if j < len(toks) and toks[j].text == ".":
        return True
    if j < len(toks) and toks[j].fold in labels:
        return True
    head = text[:toks[i].start].rstrip(" *_")
    return head == "" or head.endswith(("\n", ".", ":", ";", "–", "—"))


def _is_ordinal_suffix(text: str, end: int) -> bool:
    return text[end:end + 1] in ("º", "ª", "°")


# ---------------------------------------------------------------------------------------------
# extraction

def extract(text: str, lang: str, *, ordinal: bool = True) -> list[Num]:
    """Every quantity (and, if `ordinal`, every ordinal) stated in `text`."""
    if not text:
        return []
    card = cardinals(lang)
    weak = weak_words(lang)
    ords = ordinals(lang)
    ords_det = _table({}, lang, "ordinals_after_determiner")
    dets = _words(lang, "determiners")
    times = tuple(fold(w) for w in (_extra(lang).get("times") or []))
    times_not = _words(lang, "times_not")
    join = _words(lang, "join")
    labels = _words(lang, "label_words")
    skip = [(x.start, x.end) for x in xrefs(text, lang)]
    toks = tokenize(text)
    phrases = _phrases(lang)
    out: list[Num] = []
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if any(a <= t.start < b for a, b in skip):
            i += 1
            continue
        hit = _phrase_at(toks, i, phrases)          # "vint-i-cinc", "a metade de" ...
        if hit is not None:
            j, val = hit
            out.append(Num(val, "cardinal", True, t.start, toks[j - 1].end, text[t.start:toks[j - 1].end]))
            i = j
            continue
        # digits, fractions written with a slash, ½
        if t.text[0].isdigit():
            if _adjacent_to_word(text, t.start, t.end):
                i += 1
                continue
            if "/" in t.text:
                a, b = t.text.split("/")
                val = Fraction(int(a), int(b)) if int(b) else None
                if val is not None:
                    out.append(Num(val, "cardinal", True, t.start, t.end, t.text))
                i += 1
                continue
            val = int(t.text)
            prev = toks[i - 1] if i else None
            if _is_ordinal_suffix(text, t.end):
                kind = "label" if _is_label(text, toks, i, lang) else "ordinal"
                if ordinal or kind == "label":
                    out.append(Num(val, kind, True, t.start, t.end + 1, text[t.start:t.end + 1]))
                i += 1
                continue
            if prev is not None and prev.fold in labels:
                out.append(Num(val, "label", True, t.start, t.end, t.text))
                i += 1
                continue
            out.append(Num(val, "cardinal", True, t.start, t.end, t.text))
            i += 1
            continue
        if t.text in _FRACTION_CHARS:
            out.append(Num(_FRACTION_CHARS[t.text], "cardinal", True, t.start, t.end, t.text))
            i += 1
            continue
        if not t.is_word:
            i += 1
            continue
        if (t.fold == "o" and 0 < t.start and t.end < len(text) and text[t.start - 1] in "\"“«"
                and text[t.end] in "\"”»"):
            # `la casilla "o"`: a zero typed as the letter, in quotes — weak (it may be a letter)
            out.append(Num(0, "cardinal", False, t.start, t.end, t.text))
            i += 1
            continue
        w = t.fold
        nxt = toks[i + 1] if i + 1 < n else None
        if w in card:
            val = card[w]
            end = t.end
            # vinte e cinco / treinta y cinco
            if (isinstance(val, int) and val >= 20 and val % 10 == 0 and val < 100 and nxt
                    and nxt.fold in join and i + 2 < n and toks[i + 2].fold in card
                    and isinstance(card[toks[i + 2].fold], int) and 1 <= card[toks[i + 2].fold] <= 9):
                val += card[toks[i + 2].fold]
                end = toks[i + 2].end
                i += 2
            elif (isinstance(val, int) and val >= 20 and val % 10 == 0 and val < 100 and nxt
                  and nxt.fold in join and i + 2 < n and toks[i + 2].fold in weak
                  and weak[toks[i + 2].fold] == 1):
                val += 1
                end = toks[i + 2].end
                i += 2
            out.append(Num(val, "cardinal", True, t.start, end, text[t.start:end]))
            i += 1
            continue
        if w in weak:
            val = weak[w]
            strong = False
            end = t.end
            if val == 1 and nxt and nxt.fold in times:
                after = toks[i + 2] if i + 2 < n else None
                if not (after and after.fold in times_not):
                    strong = True
                    end = nxt.end
            out.append(Num(val, "cardinal", strong, t.start, end, text[t.start:end]))
            i += 1
            continue
        if ordinal and w in ords:
            # "o atacante escolhe quem usa primeiro (1.1.3)": an adverb of order, not an
            # ordinal of something — weak
            out.append(Num(ords[w], "ordinal", bool(nxt and nxt.is_word), t.start, t.end, t.text))
            i += 1
            continue
        if ordinal and w in ords_det:
            prev = toks[i - 1] if i else None
            if prev and prev.fold in dets:
                out.append(Num(ords_det[w], "ordinal", True, t.start, t.end, t.text))
            i += 1
            continue
        i += 1
    return out


@lru_cache(maxsize=None)
def _phrases(lang: str) -> tuple:
    """Number words written as several tokens ('vint-i-cinc'): (folded tokens, value), longest first."""
    out = []
    for k, v in cardinals(lang).items():
        parts = tuple(t.fold for t in tokenize(k))
        if len(parts) > 1:
            out.append((parts, v))
    return tuple(sorted(out, key=lambda x: -len(x[0])))


def _phrase_at(toks, i, phrases):
    for parts, val in phrases:
        j = i + len(parts)
        if j <= len(toks) and tuple(t.fold for t in toks[i:j]) == parts:
            return j, val
    return None


def values(nums: list[Num], kind: str = "cardinal", strong: bool | None = None) -> list:
    return [x.value for x in nums if x.kind == kind and (strong is None or x.strong == strong)]


def parse_number_word(word: str, lang: str):
    """The value of a single number word ('três' → 3, 'mitad' → 1/2), else None."""
    w = fold(word)
    for table in (cardinals(lang), weak_words(lang)):
        if w in table:
            return table[w]
    return None
