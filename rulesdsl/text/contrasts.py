"""A term swapped for its contrary (T193): "descarta uma carta de pássaro" against "revelar uma
carta de pássaro", "repara os itens exauridos" against "os itens de sua seção de Danificados".

No number, negation, condition, quantifier or modal changes, and both texts name a concept of
the glossary in the same place, so no other check sees it; a reader plays another rule (a card
revealed comes back to the hand, one discarded does not). Which concepts are contraries is data:
a glossary entry says `contrário: [<concept>, ...]` (ES `contrario:`), read both ways. A finding
needs the swap to be clean: one text names the concept and not its contrary, the other names
the contrary and not the concept. A text that names both, or neither, is not compared.

A summary says things its own way and leaves things out, but a contrary term is not an omission:
it is a warning there too (the lead's decision for issue 18, 2026-11-26; docs/guia-do-tradutor.md).
"""
from __future__ import annotations

from . import numbers as nummod
from .findings import excerpts_of
from .groups import Group

# how many words either side of a term make its context; a swap counts only where the two
# contexts name a glossary concept in common (other than the pair): the same thing said of both
# ("revelar uma carta de pássaro" / "descartar uma carta de pássaro"), not two remarks on
# different matters ("sem precisar exaurir" / "o Malandro muito danificado")
WINDOW = 10


def _near(text: str, spans, hits: dict, skip) -> set:
    """The concepts of `hits` within WINDOW words of any of `spans`."""
    toks = [t for t in nummod.tokenize(text) if t.is_word]
    bounds = []
    for s, e in spans:
        idx = [i for i, t in enumerate(toks) if t.start < e and t.end > s]
        if idx:
            lo, hi = max(0, idx[0] - WINDOW), min(len(toks) - 1, idx[-1] + WINDOW)
            bounds.append((toks[lo].start, toks[hi].end))
    return {cid for cid, hs in hits.items() if cid not in skip
            for h in hs for lo, hi in bounds if lo <= h[0] and h[1] <= hi}


class ContrastChecks:
    def _contrary_pairs(self) -> list[tuple[str, str]]:
        key = ("*contraries*",)
        got = self._gloss_cache.get(key)
        if got is None:
            pairs = set()
            for c in self.cat.concepts.values():
                for other in c.contrary:
                    if other in self.cat.concepts and other != c.id:
                        pairs.add(tuple(sorted((c.id, other))))
            got = self._gloss_cache[key] = sorted(pairs)
        return got

    def contrasts(self, g: Group) -> None:
        pairs = self._contrary_pairs()
        if not pairs or g.heading_only():
            return
        law, doc = self.law, g.doc
        src = "\n".join(p.text for p in g.law)
        tgt = "\n".join(p.text for p in g.target)
        ha, hb = self.concept_hits(src, law.lang), self.concept_hits(tgt, doc.lang)
        seen = set()
        for x, y in pairs:
            for a, b in ((x, y), (y, x)):
                if a in ha and b not in ha and b in hb and a not in hb and not {a, b} & seen:
                    sa = [(s, e) for s, e, *_ in ha[a]]
                    sb = [(s, e) for s, e, *_ in hb[b]]
                    if not _near(src, sa, ha, (a, b)) & _near(tgt, sb, hb, (a, b)):
                        continue
                    seen.update((a, b))
                    said_a, said_b = src[sa[0][0]:sa[0][1]], tgt[sb[0][0]:sb[0][1]]
                    ea, eb = excerpts_of(src, sa), excerpts_of(tgt, sb)
                    self.add("T193", g, doc.id, f"contrary:{a}/{b}", {law.id: ea, doc.id: eb},
                             g.target[0].pos, focus=[ea, eb],
                             marks={law.id: [src[s:e] for s, e in sa], doc.id: [tgt[s:e] for s, e in sb]},
                             law_doc=law.id, said=said_a, other=said_b)
                    break
