"""A limit of how often a rule applies, said in one text only (T192).

"Ajude, em um mesmo turno, uma facção ... o número de vezes mostrado" against "Ajude uma
facção ... o número de vezes mostrado": without the limit the aid adds up across turns, and a
reader plays differently. No number, negation, condition or quantifier changes, so no other
check sees it (the faction reference, Law 9.2.9.I.a, 2026-11-26). A limit is a phrase that ties
the rule to one turn or one round ("por turno", "em um mesmo turno", "a cada rodada"; "por
ronda", "en un mismo turno", "cada turno"); which period it names is not compared ("A cada
rodada" against "Cada turno" is one rule for a player who buys only in their own turn).

Both ways for a translation and for a faction reference (a reference that restates a rule
without its limit widens it; leaving a whole rule out is T102's business, not this one); in a
summary, a note. A third language adds its phrases under `text: frequency_limits: [...]` in its
lexicon.
"""
from __future__ import annotations

from . import numbers as nummod
from .findings import excerpt, excerpts_of
from .groups import Group

FREQUENCY_LIMITS = {
    "pt": ["por turno", "por rodada", "por partida",
           "em um mesmo turno", "num mesmo turno", "no mesmo turno", "em um único turno",
           "num único turno", "em uma mesma rodada", "numa mesma rodada", "na mesma rodada",
           "a cada turno", "a cada rodada", "a cada novo turno", "cada turno", "cada rodada",
           # "movida várias vezes durante um turno" = "mover varias veces por turno": the same
           # period named, so neither text is without it
           "durante um turno", "durante o turno", "em um turno", "num turno"],
    "es": ["por turno", "por ronda", "por partida",
           "en un mismo turno", "en el mismo turno", "en un solo turno", "en un único turno",
           "en una misma ronda", "en la misma ronda",
           "en cada turno", "en cada ronda", "cada turno", "cada ronda",
           "durante un turno", "durante el turno", "en un turno"],
}

_CACHE: dict = {}


def _phrases(lang: str) -> dict[str, list[list[str]]]:
    """first folded word → the phrases starting with it, longest first."""
    extra = nummod._extra(lang).get("frequency_limits")
    key = (lang, id(extra))
    got = _CACHE.get(key)
    if got is None:
        words = list(FREQUENCY_LIMITS.get(lang, []))
        if isinstance(extra, list):
            words += [str(x) for x in extra]
        got = {}
        for p in sorted(([w.fold for w in nummod.tokenize(p) if w.is_word] for p in words),
                        key=len, reverse=True):
            if p:
                got.setdefault(p[0], []).append(p)
        _CACHE[key] = got
    return got


def limits(text: str, lang: str) -> list[tuple[int, int]]:
    """Character spans of the frequency limits in `text`."""
    index = _phrases(lang)
    toks = [t for t in nummod.tokenize(text) if t.is_word]
    folded = [t.fold for t in toks]
    out, i = [], 0
    while i < len(toks):
        for p in index.get(folded[i], ()):
            if folded[i:i + len(p)] == p:
                out.append((toks[i].start, toks[i + len(p) - 1].end))
                i += len(p)
                break
        else:
            i += 1
    return out


class FrequencyChecks:
    def frequency(self, g: Group) -> None:
        if g.heading_only() or len(g.law) != len(g.target):
            return      # a merged group compares unequal parts ("Cada turno possui três fases")
        law, doc = self.law, g.doc
        src = "\n".join(p.text for p in g.law)
        tgt = "\n".join(p.text for p in g.target)
        la, lb = limits(src, law.lang), limits(tgt, doc.lang)
        if bool(la) == bool(lb):
            return
        ea = excerpts_of(src, la) if la else excerpt(src)
        eb = excerpts_of(tgt, lb) if lb else excerpt(tgt)
        self.add("T192", g, doc.id, f"frequency:{'a' if la else 'b'}", {law.id: ea, doc.id: eb},
                 g.target[0].pos, focus=[la and ea, lb and eb],
                 marks={law.id: [src[a:b] for a, b in la], doc.id: [tgt[a:b] for a, b in lb]},
                 have=law.id if la else doc.id, lack=doc.id if la else law.id,
                 limit=(src[la[0][0]:la[0][1]] if la else tgt[lb[0][0]:lb[0][1]]))
        if doc.role == "summary":
            self.findings[-1].severity = "info"
