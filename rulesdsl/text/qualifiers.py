"""«O entreposto correspondente» against «un punto de venta» (part of T124).

T124 compares a quantifier with another one: «qualquer carta» ↔ «carta do naipe
correspondente». When one text qualifies a thing as *the matching one* and the other says
nothing of the kind, there is no pair to compare, and the fifth measure's try — «correspondente»
in one text, the same concept unqualified in the other — gave 24 warnings, almost all
paraphrase: «su registro», «del claro» name the one thing as precisely as «correspondente».
What leaves the reader free to choose is an *indefinite* article: «poner un punto de venta»
places any trade post. So the finding is narrower:

  the Law says «<thing> correspondente» (the quantifier words `matching` of semantics.py,
  right after the thing's term), and every mention of that thing in the other text's group
  of the translation follows an indefinite article («un», «una»), and the translation has no
  matching word at all. Only that way: a translation that spells out a matching the Law leaves
  to context is no loss.

The finding is T124 with detail `quantifier:<thing>:matching→indefinite`. Word
lists for pt and es are built in; a third language adds `indefinite_articles` under `text:` in
its lexicon."""
from __future__ import annotations

from ..errors import fold
from . import numbers as nummod
from . import semantics as semmod

INDEFINITE = {"pt": ["um", "uma", "uns", "umas"], "es": ["un", "una", "unos", "unas"]}
# words between the thing's term and the matching word ("o entreposto comercial correspondente")
GAP = 1


def _matching_phrases(lang: str) -> list[list[str]]:
    return [list(p) for p in semmod._vocab(semmod.QUANTIFIERS, lang, "quantifier").get("matching", [])]


def _tokens_at(toks, start: int) -> int | None:
    return next((i for i, t in enumerate(toks) if t.start == start), None)


def matched_things(text: str, lang: str, hits: dict) -> dict:
    """concept → [(start, end)] of the things `text` qualifies as the matching one."""
    toks = nummod.tokenize(text)
    phrases = _matching_phrases(lang)
    out: dict = {}
    for cid, hs in hits.items():
        for h in hs:
            if h[3]:
                continue
            j = next((i for i, t in enumerate(toks) if t.start >= h[1]), None)
            if j is None:
                continue
            for skip in range(GAP + 1):
                seq = [t.fold for t in toks[j + skip:j + skip + 4]]
                if any(seq[:len(p)] == p for p in phrases):
                    out.setdefault(cid, []).append((h[0], toks[j + skip].end))
                    break
    return out


def says_matching(text: str, lang: str) -> bool:
    ft = [t.fold for t in nummod.tokenize(text)]
    return any(ft[i:i + len(p)] == p for p in _matching_phrases(lang) for i in range(len(ft)))


def all_indefinite(text: str, lang: str, spans: list) -> bool:
    """Every mention (span) of the thing follows an indefinite article."""
    toks = nummod.tokenize(text)
    arts = {fold(w) for w in nummod.word_list(lang, "indefinite_articles", INDEFINITE)}
    if not spans:
        return False
    for a, _ in spans:
        i = _tokens_at(toks, a)
        if i is None or i == 0 or toks[i - 1].fold not in arts:
            return False
    return True


def with_article(text: str, span) -> str:
    """The mention as written, with the article before it («un punto de venta»)."""
    toks = nummod.tokenize(text)
    i = _tokens_at(toks, span[0])
    start = toks[i - 1].start if i else span[0]
    return text[start:span[1]]
