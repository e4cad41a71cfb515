"""What a ruleset says about its nouns: a named thing's gender and plural, per language.

    gênero: feminino                       # the gender of the name in the file's language
    gênero: {pt: feminino, es: masculino}  # per language ("a árvore", "el árbol")
    plural: PV                             # the plural spelling (an acronym: the same word)
    plural: {pt: PV, es: PV}

Declared values win; otherwise the lexicon decides: its `genders:` lists (words, and endings
written `-ção`) and its `plural:` rules. Narration (interpreter/describe/) and `traduzir`
(rulesdsl/translate_respell.py) read them here, so both agree with the same data.
"""
from __future__ import annotations

from . import lexicon as lexmod
from .errors import Diagnostics, fold, suggest


def _per_lang(value, lang: str, default_lang: str | None):
    """`x` (in the file's language) or `{pt: x, es: y}` -> the value for `lang`."""
    if value is None:
        return None
    if isinstance(value, dict):
        v = value.get(lang)
        return None if v is None else str(v[0] if isinstance(v, list) and v else v)
    if default_lang is None or default_lang == lang:
        return str(value)
    return None


def _file_lang(data, value) -> str | None:
    return getattr(value, "_lang", None) or getattr(data, "_lang", None)


def gender_value(spelling, lang: str | None = None) -> str | None:
    """'feminino', 'femenina', 'f' -> 'fem'; 'masculino', 'm' -> 'masc'; else None."""
    langs = [lang] if lang in lexmod.available() else list(lexmod.available())
    for lg in langs + [x for x in lexmod.available() if x not in langs]:
        v = lexmod.get(lg).value_of(spelling)
        if v in ("fem", "masc"):
            return v
    return None


def declared_gender(thing, lang: str) -> str | None:
    data = getattr(thing, "data", None)
    if not isinstance(data, dict) or data.get("gender") is None:
        return None
    raw = data.get("gender")
    v = _per_lang(raw, lang, _file_lang(data, raw))
    return gender_value(v, lang) if v is not None else None


def declared_plural(thing, lang: str, word: str | None = None) -> str | None:
    data = getattr(thing, "data", None)
    if not isinstance(data, dict) or data.get("plural") is None:
        return None
    raw = data.get("plural")
    return _per_lang(raw, lang, _file_lang(data, raw))


def declared_by_spelling(rs, lang: str) -> dict:
    """{folded name in `lang`: gender} for every thing that declares its gender: a noun
    phrase may name the thing through another kind that shares the word (the category
    'fortes' and the piece 'forte')."""
    cache = rs.__dict__.setdefault("_declared_genders", {})
    if lang not in cache:
        table = {}
        for items in rs.things.values():
            for t in items.values():
                g = declared_gender(t, lang)
                if g is None:
                    continue
                for sp in t.names.get(lang) or []:
                    table.setdefault(fold(str(sp)), g)
                pl = declared_plural(t, lang)
                if pl:
                    table.setdefault(fold(pl), g)
        # the head word of a declared noun phrase has the phrase's gender ("plan oculto" is
        # masculine, so is "plan"): another thing named by a phrase on the same head agrees
        heads = {}
        for key, g in table.items():
            head = key.split(" ")[0]
            if head != key:
                heads.setdefault(head, set()).add(g)
        for head, gs in heads.items():
            if len(gs) == 1:
                table.setdefault(head, next(iter(gs)))
        cache[lang] = table
    return cache[lang]


def lexicon_gender(word: str, lang: str) -> str | None:
    """The gender the lexicon gives a noun: a listed word, else a listed ending ('-ção')."""
    try:
        genders = lexmod.get(lang).genders
    except KeyError:
        return None
    return gender_in(genders, word)


def gender_in(genders: dict, word: str) -> str | None:
    """`genders` is a lexicon's {folded word or '-ending' -> gender}; the first word of a
    (possibly plural) noun is looked up whole, then by its longest listed ending."""
    w = fold(str(word).split(" ")[0]) if word else ""
    if not w:
        return None
    forms = [w]
    if w.endswith("es") and len(w) > 3:
        forms.append(w[:-2])
    if w.endswith("s") and len(w) > 2:
        forms.append(w[:-1])
    for f in forms:
        if f in genders:
            return genders[f]
    best = None
    for f in forms:
        for key, g in genders.items():
            if isinstance(key, str) and key.startswith("-") and f.endswith(key[1:]) and (best is None or len(key) > len(best[0])):
                best = (key, g)
    return best[1] if best else None


def thing_gender(rs, kind: str, ident: str, lang: str) -> str | None:
    """A named thing's gender in `lang`: declared, else the lexicon's for its name."""
    t = rs.thing(kind, ident) if rs is not None else None
    g = declared_gender(t, lang) if t is not None else None
    if g is None and rs is not None:
        g = lexicon_gender(rs.name(kind, ident, lang), lang)
    return g


def check(rs, diags: Diagnostics) -> None:
    """Every declared gender is one the lexicon knows, every declared plural a text."""
    from .loader import pos_of
    for kind, items in rs.things.items():
        for ident, t in items.items():
            data = t.data
            if not isinstance(data, dict):
                continue
            raw = data.get("gender")
            if raw is not None:
                flang = _file_lang(data, raw) or rs.lang
                values = raw.items() if isinstance(raw, dict) else [(flang, raw)]
                for lg, v in values:
                    if gender_value(v, lg if lg in lexmod.available() else None) is None:
                        words = [s for x in ("fem", "masc") for s in lexmod.get(flang).values.get(x, [])]
                        diags.add("N001", pos_of(data, "gender") or t.pos, flang, value=v, thing=ident,
                                  known=", ".join(words), hint=suggest(str(v), words, 0.5))
            raw = data.get("plural")
            if raw is not None and not isinstance(raw, (str, dict)):
                flang = _file_lang(data, raw) or rs.lang
                diags.add("N002", pos_of(data, "plural") or t.pos, flang, thing=ident)
