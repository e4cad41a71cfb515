"""Stage 2 — lexicon: the surface spellings of one language, read from `grammar/lexicon/<lang>.yaml`.

The language-neutral model uses English identifiers (`factions`, `PLACE`). Each lexicon file
maps them to the spellings of one language:

  keys:      YAML keys            (`factions: [facções]`)
  words:     expression keywords  (`PLACE: [posicione, posicionar, coloque]`), multi-word allowed
  numbers:   number words         (`um: 1`, `uma: 1`, `duas: 2`)
  noise:     words the parser skips (articles)
  values:    enumerated scalar spellings (`true: [sim]`)

The first spelling of a list is the preferred one: `translate` writes it. Matching ignores
case and accents. Adding a language is adding one file.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache

from .errors import Diagnostics, RulesError, fold
from .grammar_files import grammar_file


def lexicon_dir() -> str:
    return grammar_file("lexicon")


_EXTRA_DIRS: list[str] = []


def add_lexicon_dir(path: str) -> None:
    """Let tests or users add lexicons (a third language) from another folder."""
    if path not in _EXTRA_DIRS:
        _EXTRA_DIRS.append(path)
    _PRIMED.clear()
    get.cache_clear()
    available.cache_clear()


@lru_cache(maxsize=None)
def available() -> tuple[str, ...]:
    langs = set()
    for d in [lexicon_dir(), *_EXTRA_DIRS]:
        if os.path.isdir(d):
            langs.update(n[:-5] for n in os.listdir(d) if n.endswith(".yaml"))
    return tuple(sorted(langs))


class Lexicon:
    def __init__(self, lang: str, data: dict):
        self.lang = lang
        self.name = str(data.get("name", lang))
        self.keys: dict[str, list[str]] = {k: _as_list(v) for k, v in (data.get("keys") or {}).items()}
        self.words: dict[str, list[str]] = {k: _as_list(v) for k, v in (data.get("words") or {}).items()}
        self.numbers: dict[str, int] = {str(k): int(v) for k, v in (data.get("numbers") or {}).items()}
        self.noise: list[str] = [str(w) for w in (data.get("noise") or [])]
        self.plural: list = [tuple(p) for p in (data.get("plural") or [])]
        # the form a keyword takes after a preposition ("por ti", not "por tú")
        self.object_forms: dict = {str(k): str(v) for k, v in (data.get("object_forms") or {}).items()}
        self.values: dict[str, list[str]] = {str(k): _as_list(v) for k, v in (data.get("values") or {}).items()}
        # the gender of nouns whose ending does not show it ("base" f., "bosque" m.): the words
        # that agree with them (articles, possessives) are chosen by it when translating
        self.genders: dict[str, str] = {}
        for g, nouns in (data.get("genders") or {}).items():
            for n in _as_list(nouns):
                self.genders[fold(str(n))] = str(g)
        self._key_index = {}
        for neutral, spellings in self.keys.items():
            self._key_index.setdefault(fold(neutral), neutral)
        for neutral, spellings in self.keys.items():
            for s in spellings:
                self._key_index[fold(s)] = neutral
        self._value_index = {}
        for neutral, spellings in self.values.items():
            for s in spellings:
                self._value_index[fold(s)] = neutral

    # keys -------------------------------------------------------------------------------------
    def key_of(self, spelling: str) -> str | None:
        """Neutral name of a YAML key written in this language (or already neutral)."""
        return self._key_index.get(fold(str(spelling)))

    def spell_key(self, neutral: str) -> str:
        sp = self.keys.get(neutral)
        return sp[0] if sp else neutral

    def key_spellings(self) -> list[str]:
        return [s for v in self.keys.values() for s in v]

    # values -----------------------------------------------------------------------------------
    def value_of(self, spelling) -> str | None:
        if isinstance(spelling, bool):
            return "true" if spelling else "false"
        return self._value_index.get(fold(str(spelling)))

    def spell_value(self, neutral: str) -> str:
        sp = self.values.get(neutral)
        return sp[0] if sp else neutral

    # words ------------------------------------------------------------------------------------
    def spell_word(self, token: str) -> str:
        sp = self.words.get(token)
        return sp[0] if sp else token.lower()


def _as_list(v) -> list[str]:
    if v is None:
        return []
    if isinstance(v, (list, tuple)):
        return [str(x) for x in v]
    return [str(v)]


def means_key(spelling, neutral: str) -> bool:
    """Is `spelling` the YAML key `neutral` in some language (or `neutral` itself)? For readers
    that look at a file before knowing its language (a game declaration, a scenario file)."""
    if fold(str(spelling)) == fold(neutral):
        return True
    return any(get(lg).key_of(spelling) == neutral for lg in available())


def pluralize(word: str, rules: list) -> list[str]:
    """The plural forms of `word` by a lexicon's `plural` rules (the first that matches)."""
    if not rules:
        return []
    key = (id(rules), word)
    hit = _PLURALS.get(key)
    if hit is not None and hit[0] is rules:
        return list(hit[1])
    out = []
    for pat, rep in rules:
        rx = re.compile(pat)
        if rx.search(word):
            out.append(rx.sub(rep, word))
            break
    if len(_PLURALS) < 1 << 16:
        # the entry holds `rules`: no other list can take its id while it is kept
        _PLURALS[key] = (rules, tuple(out))
    return out


# a lexicon's rules are fixed once it is read: the plural of each word is found once (a load
# asks for the plurals of every piece name once per hook that names pieces)
_PLURALS: dict = {}


# lexicons read from the compiled-ruleset cache (rulesdsl/cache.py: same engine files, same
# extra lexicon folders): `get` takes them instead of reading the YAML files again
_PRIMED: dict = {}


def prime(lexicons: dict) -> None:
    for lang, lx in lexicons.items():
        if isinstance(lx, Lexicon) and lang not in _PRIMED:
            _PRIMED[lang] = lx


@lru_cache(maxsize=None)
def get(lang: str) -> Lexicon:
    if lang in _PRIMED:
        return _PRIMED[lang]
    from .loader import load_file
    for d in [lexicon_dir(), *_EXTRA_DIRS]:
        path = os.path.join(d, f"{lang}.yaml")
        if os.path.exists(path):
            diags = Diagnostics(lang)
            data = load_file(path, diags, lang)
            if diags.has_errors() or not isinstance(data, dict):
                raise RulesError(diags.items)
            return Lexicon(lang, data)
    raise KeyError(lang)
