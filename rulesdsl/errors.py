"""Diagnostics: positions, localized messages, rendering with a caret, suggestions.

Every stage of the pipeline (load, lexicon, parse, validate, compile, text checks) reports
problems as `Diagnostic`s collected in a `Diagnostics` bag, so that all errors of a run are
reported together. A stage that cannot continue raises `RulesError` carrying the bag.

Message templates live in data (`grammar/messages/*.yaml`), keyed by a stable code, one text
per language. A diagnostic remembers its file's language (`idioma:`); the command line shows
it in the user's language (rulesdsl/i18n.py: `--idioma`, the command typed, the locale).
Plural forms are written in the templates in ICU notation (`{n, plural, one {# erro} other
{# erros}}`) and chosen by CLDR's rules (rulesdsl/i18n.py).
"""
from __future__ import annotations

import difflib
import os
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, NamedTuple

from .grammar_files import grammar_file

DEFAULT_LANG = "pt"


class Pos(NamedTuple):
    """A 1-based position in a source file; `length` is the width of the caret run.

    A named tuple (immutable, equal and hashed by its four fields, as the frozen dataclass it
    was): a loaded ruleset holds ≈ 40 000 of them, and a tuple is what `pickle` rebuilds
    fastest (rulesdsl/cache.py: ≈ 10 % of a load from the cache went to rebuilding them)."""

    file: str
    line: int
    col: int
    length: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def __reduce__(self):
        # rebuilt by the C constructor of tuple, not by the named tuple's __new__ (Python)
        return (tuple.__new__, (Pos, tuple(self)))


@dataclass
class Diagnostic:
    code: str
    args: dict = field(default_factory=dict)
    pos: Pos | None = None
    lang: str = DEFAULT_LANG
    severity: str = "error"  # error | warning
    hint: str | None = None  # a suggestion, already a bare term ("serraria")
    related: Pos | None = None  # a second place (the first of two duplicate keys, ...)

    def message(self, lang: str | None = None) -> str:
        return format_message(self.code, lang or self.lang, self.args)

    def render(self, lang: str | None = None, sources: dict | None = None) -> str:
        return render(self, lang, sources)

    def as_dict(self, lang: str | None = None) -> dict:
        lang = lang or self.lang
        d = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message(lang),
        }
        if self.pos:
            d.update(file=self.pos.file, line=self.pos.line, col=self.pos.col)
        if self.hint:
            d["suggestion"] = self.hint
        return d


class RulesError(Exception):
    """Raised when a stage cannot go on; carries every diagnostic gathered so far."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.message() for d in self.diagnostics))


class Diagnostics:
    """An ordered bag of diagnostics, shared by the stages of one run."""

    def __init__(self, lang: str = DEFAULT_LANG):
        self.lang = lang
        self.items: list[Diagnostic] = []

    def add(self, code: str, pos: Pos | None = None, lang: str | None = None, *,
            hint: str | None = None, severity: str = "error", related: Pos | None = None,
            **args) -> Diagnostic:
        d = Diagnostic(code, args, pos, lang or self.lang, severity, hint, related)
        self.items.append(d)
        return d

    def extend(self, other: Iterable[Diagnostic]) -> None:
        self.items.extend(other)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.items)

    def raise_if_errors(self) -> None:
        if self.has_errors():
            raise RulesError(self.items)

    def __iter__(self):
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


# ---------------------------------------------------------------------------------------------
# message catalogue

_MESSAGES: dict[str, dict[str, str]] | None = None


def _messages_dir() -> str:
    return grammar_file("messages")


def messages() -> dict[str, dict[str, str]]:
    """code -> {lang -> template}. Loaded once from every file of grammar/messages/."""
    global _MESSAGES
    if _MESSAGES is None:
        import yaml
        # libyaml's reader where it is built (≈ 10× faster: every command line run formats a
        # message); the catalogue's files are plain mappings of strings, read alike by both
        # (tests/test_load_cache.py compares them)
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        cat: dict[str, dict[str, str]] = {}
        d = _messages_dir()
        if os.path.isdir(d):
            for name in sorted(os.listdir(d)):
                if name.endswith(".yaml"):
                    with open(os.path.join(d, name), encoding="utf-8") as fh:
                        data = yaml.load(fh, Loader=loader) or {}
                    for code, texts in data.items():
                        cat.setdefault(str(code), {}).update({str(k): str(v) for k, v in texts.items()})
        _MESSAGES = cat
    return _MESSAGES


class Word(str):
    """A message argument that is itself a fixed word (`W.<key>` in the catalogue), written in
    the language the message is rendered in, not the one it was raised in."""
    __slots__ = ()


def format_message(code: str, lang: str, args: dict) -> str:
    if any(type(v) is Word for v in args.values()):
        args = {k: (word(v, lang) if type(v) is Word else v) for k, v in args.items()}
    texts = messages().get(code)
    if not texts:
        return f"{code} " + " ".join(f"{k}={v}" for k, v in args.items())
    tmpl = texts.get(lang) or texts.get(DEFAULT_LANG) or next(iter(texts.values()))
    try:
        if ", plural," in tmpl:
            from .i18n import expand_plurals
            tmpl = expand_plurals(tmpl, lang, args)
        return tmpl.format(**args)
    except (KeyError, IndexError, ValueError):
        return tmpl + " " + " ".join(f"{k}={v}" for k, v in args.items())


def word(key: str, lang: str) -> str:
    """Short fixed words used when rendering (erro/error, aviso/aviso, sugestão/sugerencia)."""
    return format_message("W." + key, lang, {})


# ---------------------------------------------------------------------------------------------
# rendering

@lru_cache(maxsize=64)
def _file_lines(path: str) -> tuple[str, ...]:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return tuple(fh.read().splitlines())
    except OSError:
        return ()


def source_line(pos: Pos, sources: dict | None = None) -> str | None:
    if sources and pos.file in sources:
        lines = sources[pos.file].splitlines()
    else:
        lines = _file_lines(pos.file)
    if 1 <= pos.line <= len(lines):
        return lines[pos.line - 1]
    return None


_PICTURES = {c: 0x2400 + c for c in range(0x20)}
_PICTURES[0x7F] = 0x2421
_PICTURES.update({c: 0xFFFD for c in range(0x80, 0xA0)})


def render(d: Diagnostic, lang: str | None = None, sources: dict | None = None) -> str:
    lang = lang or d.lang
    sev = word("error" if d.severity == "error" else "warning", lang)
    head = f"{d.pos}: " if d.pos else ""
    out = [f"{head}{sev} {d.code}: {d.message(lang)}"]
    if d.pos:
        text = source_line(d.pos, sources)
        if text is not None:
            num = str(d.pos.line)
            gutter = " " * len(num)
            # one column per character, and no control character sent to the terminal: each
            # is shown as its Unicode "control picture" (␀, ␛, ...), so the caret still lines up
            shown = text.replace("\t", " ").translate(_PICTURES)
            out.append(f" {num} | {shown}")
            width = max(1, min(d.pos.length, len(shown) - d.pos.col + 1))
            caret = " " * (d.pos.col - 1) + "^" * width
            out.append(f" {gutter} | {caret}")
    if d.related:
        out.append("   = " + format_message("W.see_also", lang, {"where": str(d.related)}))
    if d.hint:
        out.append("   = " + format_message("W.did_you_mean", lang, {"hint": d.hint}))
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# suggestions

def fold(text: str) -> str:
    """Case- and accent-insensitive key: 'Clareira' and 'clareira', 'não' and 'nao' fold alike."""
    got = _FOLDED.get(text)
    if got is None:
        if text.isascii():
            got = text.lower()
        else:
            nfkd = unicodedata.normalize("NFKD", text.casefold())
            got = "".join(c for c in nfkd if not unicodedata.combining(c))
        if len(_FOLDED) < _FOLDED_MAX:
            _FOLDED[str(text)] = got
    return got


# loading a ruleset folds the same few thousand names tens of thousands of times (every name
# table, every hook's piece list): each text is folded once; a bounded table (a file of
# garbage words cannot grow it without end)
_FOLDED: dict = {}
_FOLDED_MAX = 1 << 16


def suggest(word_: str, candidates: Iterable[str], cutoff: float = 0.72) -> str | None:
    """The closest candidate to a misspelt word, compared without case and accents.

    A file with thousands of unknown words asks thousands of times over the same candidates:
    the folded candidates are computed once per list, and only those whose length allows the
    cutoff are compared (difflib's ratio is 2·matches/(len a + len b), matches <= the shorter).
    One list of candidates is compared at most _COMPARISONS times: past that (a file of
    garbage words) the errors are still reported, without suggestions, so the time stays
    linear in the input."""
    return _suggest(fold(word_), tuple(dict.fromkeys(candidates)), cutoff)


_COMPARISONS = 1_000_000


@lru_cache(maxsize=4096)
def _suggest(folded_word: str, cands: tuple, cutoff: float) -> str | None:
    by_len = _folded_by_length(cands)
    n = len(folded_word)
    near = [f for length, fs in by_len.items() if 2 * min(n, length) >= cutoff * (n + length) for f in fs]
    left = _budget(cands)
    left[0] -= len(near)
    if left[0] < 0:
        return None
    folded = _folded(cands)
    best = difflib.get_close_matches(folded_word, near, n=1, cutoff=cutoff)
    return folded[best[0]] if best else None


@lru_cache(maxsize=64)
def _budget(cands: tuple) -> list:
    return [_COMPARISONS]


@lru_cache(maxsize=64)
def _folded(cands: tuple) -> dict:
    folded: dict = {}
    for c in cands:
        folded.setdefault(fold(c), c)
    return folded


@lru_cache(maxsize=64)
def _folded_by_length(cands: tuple) -> dict:
    out: dict = {}
    for f in _folded(cands):
        out.setdefault(len(f), []).append(f)
    return out
