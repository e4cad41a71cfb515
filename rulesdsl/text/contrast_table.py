"""The contrast tables of a ruleset's text catalogue: `texto/contrastes/*.yaml`.

What a text may not say otherwise (contrasts.py reads texts against them): pairs of glossary
concepts that are not interchangeable (`par`, optionally `de` and `contexto`), qualifiers that
change an act (`qualificadores` / `calificadores`) and cases that narrow a rule (`casos`). Made
of glossary concept ids, so one table holds in every language the glossary spells. Bad input is
reported with file:line:col (T002/T003/T004/T008), the nearest concept suggested.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from ..errors import Diagnostics, Pos, fold, suggest
from ..loader import YDict, YList, detect_lang, load_text

FOLDER = ("contrastes",)
KEYS = {"contrasts": ("contrastes",), "pair": ("par",), "of": ("de",),
        "context": ("contexto",), "qualifiers": ("qualificadores", "calificadores"),
        "cases": ("casos",), "language": ("idioma",)}


@dataclass
class Pair:
    a: tuple                       # one side: concepts that say the same ("descartar", "gastar")
    b: tuple
    of: str | None = None          # "the suit OF a" ↔ "the suit OF b"
    context: str | None = None     # judged against the whole Law where it names this concept
    pos: Pos | None = None


@dataclass
class Contrasts:
    pairs: list = field(default_factory=list)
    qualifiers: list = field(default_factory=list)
    cases: list = field(default_factory=list)
    law_sides: dict = field(default_factory=dict)   # pair index → sides the Law states in context

    def __bool__(self):
        return bool(self.pairs or self.qualifiers or self.cases)


def _key(k) -> str | None:
    f = fold(str(k))
    return next((n for n, sp in KEYS.items() if f in sp), None)


def attach(cat, diags: Diagnostics) -> Contrasts:
    """Read the ruleset's contrast tables into `cat.contrasts` (errors into `diags`)."""
    got = Contrasts()
    folder = os.path.join(cat.folder, FOLDER[0]) if getattr(cat, "folder", None) else None
    if folder and os.path.isdir(folder):
        for name in sorted(os.listdir(folder)):
            if name.endswith((".yaml", ".yml")):
                _read(os.path.join(folder, name), cat, diags, got)
    cat.contrasts = got
    return got


def of(cat) -> Contrasts:
    got = getattr(cat, "contrasts", None)
    return got if got is not None else attach(cat, Diagnostics(getattr(cat, "lang", "pt")))


def _read(path: str, cat, diags: Diagnostics, got: Contrasts) -> None:
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        diags.add("E005", None, diags.lang, path=path, reason=str(exc))
        return
    lang = detect_lang(text, diags.lang)
    data = load_text(text, path, diags, lang)
    if data is None:
        return
    if not isinstance(data, YDict):
        diags.add("T004", Pos(path, 1, 1), lang, key=os.path.basename(path), expected=_word("mapping", diags.lang))
        return
    allowed = ", ".join(s[0] for n, s in KEYS.items() if n in ("language", "contrasts", "qualifiers", "cases"))

    def concept(v, pos) -> str | None:
        cid = str(v)
        if cid in cat.concepts:
            return cid
        # a term of the glossary written for its id ("batalhas" → battle), else the nearest id
        hint = _by_term(cat).get(fold(cid)) or suggest(cid, sorted(cat.concepts), 0.6)
        diags.add("T003", pos, lang, key=cid, allowed=_word("glossary", diags.lang), hint=hint)
        return None

    def concepts(v, pos) -> list[str]:
        if not isinstance(v, list):
            diags.add("T004", pos, lang, key=str(v), expected=_word("list", diags.lang))
            return []
        out = []
        for i, x in enumerate(v):
            ipos = _ipos(v, i, pos)
            c = concept(x, ipos)
            if c:
                out.append(c)
        return out

    for k, v in data.items():
        kpos = data.key_pos.get(k)
        name = _key(k)
        vpos = data.val_pos.get(k, kpos)
        if name == "language":
            from .. import lexicon as lexmod
            if str(v) not in lexmod.available():
                diags.add("T008", vpos, lang, language=str(v), langs=", ".join(sorted(lexmod.available())))
            continue
        if name in ("qualifiers", "cases"):
            getattr(got, name).extend(concepts(v, vpos))
        elif name == "contrasts":
            if not isinstance(v, list):
                diags.add("T004", vpos, lang, key=str(k), expected=_word("list", diags.lang))
                continue
            for i, item in enumerate(v):
                ipos = _ipos(v, i, vpos)
                _pair(item, ipos, lang, diags, concept, concepts, got)
        else:
            diags.add("T003", kpos, lang, key=str(k), allowed=allowed,
                      hint=suggest(str(k), allowed.split(", "), 0.5))


def _by_term(cat) -> dict:
    out = {}
    for cid, c in cat.concepts.items():
        for t in c.terms.values():
            for w in [t.preferred, *t.variants]:
                out.setdefault(fold(w), cid)
    return out


def _ipos(v, i: int, default):
    ip = getattr(v, "item_pos", None) if isinstance(v, YList) else None
    return (ip[i] if i < len(ip) else default) if isinstance(ip, list) else default


def _pair(item, pos, lang, diags, concept, concepts, got) -> None:
    if not isinstance(item, YDict):
        diags.add("T004", pos, lang, key="", expected=_word("mapping", diags.lang))
        return
    fields = {}
    for k, v in item.items():
        name = _key(k)
        if name not in ("pair", "of", "context"):
            diags.add("T003", item.key_pos.get(k, pos), lang, key=str(k), allowed="par, de, contexto",
                      hint=suggest(str(k), ["par", "de", "contexto"], 0.5))
            continue
        fields[name] = (v, item.val_pos.get(k, item.key_pos.get(k, pos)))
    if "pair" not in fields:
        diags.add("T002", pos, lang, key="par")
        return
    v, vpos = fields["pair"]
    if not isinstance(v, list) or len(v) != 2:
        diags.add("T004", vpos, lang, key="par", expected=_word("two", diags.lang))
        return
    two = []
    for i, side in enumerate(v):
        spos = _ipos(v, i, vpos)
        got_side = concepts(side, spos) if isinstance(side, list) else [c for c in [concept(side, spos)] if c]
        two.append(tuple(got_side))
    extra = {n: concept(fields[n][0], fields[n][1]) for n in ("of", "context") if n in fields}
    if all(two) and len(two[0]) == len(v[0] if isinstance(v[0], list) else [v[0]]) \
            and len(two[1]) == len(v[1] if isinstance(v[1], list) else [v[1]]) and all(extra.values()):
        got.pairs.append(Pair(two[0], two[1], extra.get("of"), extra.get("context"), pos))


_WORDS = {"pt": {"mapping": "um mapa (chave: valor)", "list": "uma lista de conceitos do glossário",
                 "glossary": "um conceito do glossário", "two": "uma lista de dois conceitos"},
          "es": {"mapping": "un mapa (clave: valor)", "list": "una lista de conceptos del glosario",
                 "glossary": "un concepto del glosario", "two": "una lista de dos conceptos"}}


def _word(w: str, lang: str) -> str:
    return _WORDS.get(lang, _WORDS["pt"])[w]
