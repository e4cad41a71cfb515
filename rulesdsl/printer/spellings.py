"""Choosing among a word's spellings: the grammatical marks a spelling shows (`features`),
the spelling that best shows the wanted ones (`pick`), the gender of a noun (declared by the
ruleset, by the lexicon, or shown by its ending), and the keywords' neutral names."""
from __future__ import annotations

from .. import nodes as N
from ..errors import fold
from ..tokenizer import WORD_RE


class PrintError(Exception):
    """A tree the printer cannot spell in this language (a name with no usable spelling)."""


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
