"""Glossary checks: a concept named in one text and not the other (T130), a term to avoid
(T131); and finding the glossary's concepts in a text (read by the meaning checks too)."""
from __future__ import annotations

import re
from functools import lru_cache

from ..errors import fold
from .findings import excerpt, excerpts_of
from .groups import Group

# share of concepts two texts must have in common before a missing one counts as drift
GLOSSARY_PARALLEL = 0.7
# ... and about as long (a much shorter text leaves things out; that is not drift)
GLOSSARY_LENGTH = (0.75, 1.35)


class GlossaryChecks:
    def _terms_re(self, terms: tuple, lang: str):
        key = (terms, lang)
        rx = self._gloss_cache.get(key)
        if rx is None:
            alts = []
            for term in sorted(set(terms), key=lambda t: -len(t)):
                words = fold(term).split()
                if not words:
                    continue
                parts = ["(?:" + "|".join(re.escape(f) for f in inflections(w, lang)) + ")" for w in words]
                alts.append(r"\s+".join(parts))
            rx = re.compile(r"(?<!\w)(?:" + "|".join(alts) + r")(?!\w)") if alts else None
            self._gloss_cache[key] = rx
        return rx

    def find_terms(self, text: str, terms: list[str], lang: str) -> list[tuple[int, int, str]]:
        rx = self._terms_re(tuple(terms), lang)
        if rx is None:
            return []
        ft = fold_same_length(text)
        return [(m.start(), m.end(), text[m.start():m.end()]) for m in rx.finditer(ft)]

    def _concept_index(self, lang: str):
        """Every term of every concept in `lang`: (concept, compiled pattern), indexed by the
        first letters of its first word, so a text is only searched for terms it may hold."""
        key = ("*concepts*", lang)
        if key not in self._gloss_cache:
            index: dict[str, list] = {}
            for c in self.cat.concepts.values():
                t = c.terms.get(lang)
                if t is None:
                    continue
                for term in dict.fromkeys([t.preferred, *t.variants, *t.forms, *t.avoid]):
                    words = fold(term).split()
                    if not words:
                        continue
                    rx = re.compile(r"(?<!\w)" + r"\s+".join(_word_pattern(w, lang) for w in words) + r"(?!\w)")
                    literal = {" ".join(words)} | set(inflections(words[0], lang)) if len(words) == 1 else {" ".join(words)}
                    index.setdefault(words[0][:3], []).append((c.id, rx, literal))
            self._gloss_cache[key] = index
        return self._gloss_cache[key]

    def concept_hits(self, text: str, lang: str) -> dict:
        """concept id → [(start, end, text as written, shared)]; where terms overlap the
        longest wins ('Torre da Guarda' is the keep, not a 'Torre'); `shared` marks words that
        are a term of several concepts at once."""
        key = ("*hits*", lang, text)
        if key in self._gloss_cache:
            return self._gloss_cache[key]
        index = self._concept_index(lang)
        ft = fold_same_length(text)
        prefixes = set()
        for m in re.finditer(r"\w+", ft):
            w = m.group()
            prefixes.update((w[:1], w[:2], w[:3]))
        found = []
        for p in prefixes:
            for cid, rx, literal in index.get(p, ()):
                found.extend((m.start(), m.end(), cid, m.group() not in literal) for m in rx.finditer(ft))
        # leftmost, then longest, then a term as written before a verb form read off a stem
        found.sort(key=lambda x: (x[0], -(x[1] - x[0]), x[3], x[2]))
        out: dict = {}
        last_end = -1
        kept = None
        for a, b, cid, stemmed in found:
            if a < last_end:
                # the same words are a term of several concepts ("coger": draw and take;
                # "Construir": build and the Marquise's build): they name all of them
                if kept and (a, b, stemmed) == kept[:3] and cid != kept[3]:
                    out.setdefault(cid, []).append((a, b, text[a:b], True))
                    first = out[kept[3]][-1]
                    out[kept[3]][-1] = first[:3] + (True,)
                continue
            last_end = b
            kept = (a, b, stemmed, cid)
            out.setdefault(cid, []).append((a, b, text[a:b], False))
        self._gloss_cache[key] = out
        return out

    def glossary(self, g: Group, both_ways: bool) -> None:
        """A concept named in one text and not in the other (T130) — judged only where the two
        texts are parallel enough (most of their concepts shared): when a translation of an
        older edition says something else altogether, a missing term is not drift. And a term
        the glossary says to avoid (T131)."""
        law, doc = self.law, g.doc
        src, tgt = g.source_text(), g.target_text()
        pos = g.target[0].pos
        ha, hb = self.concept_hits(src, law.lang), self.concept_hits(tgt, doc.lang)
        shared = [c for c in self.cat.concepts.values() if law.lang in c.terms and doc.lang in c.terms]
        A = {c.id for c in shared if c.id in ha}
        B = {c.id for c in shared if c.id in hb}
        parallel = len(A & B) / len(A | B) if (A | B) else 1.0
        ratio = len(tgt) / max(1, len(src))
        # parallel enough: most concepts shared, or all but one (the prototypical drift)
        lone = len(A ^ B) == 1 and len(A & B) >= 2
        if (both_ways and law.lang != doc.lang and (parallel >= GLOSSARY_PARALLEL or lone)
                and GLOSSARY_LENGTH[0] <= ratio <= GLOSSARY_LENGTH[1]):
            for c in shared:
                in_a, in_b = ha.get(c.id, []), hb.get(c.id, [])
                if bool(in_a) == bool(in_b):
                    continue
                # words shared by several concepts may mean this one: they do not name it
                if not any(not x[3] for x in (in_a or in_b)):
                    continue
                ta, tb = c.terms[law.lang], c.terms[doc.lang]
                have = law.id if in_a else doc.id
                lack = doc.id if in_a else law.id
                want = tb.preferred if in_a else ta.preferred
                found = (in_a or in_b)[0][2]
                ea = excerpts_of(src, [x[:2] for x in in_a]) if in_a else excerpt(src)
                eb = excerpts_of(tgt, [x[:2] for x in in_b]) if in_b else excerpt(tgt)
                self.add("T130", g, doc.id, f"concept:{c.id}:{have}", {law.id: ea, doc.id: eb},
                         pos, marks={law.id: [x[2] for x in in_a], doc.id: [x[2] for x in in_b]},
                         focus=[ea if in_a else None, eb if in_b else None], concept=c.id, term=found, want=want, have=have, lack=lack)
        for c in self.cat.concepts.values():
            tb = c.terms.get(doc.lang)
            if tb is None or not tb.avoid:
                continue
            for a_, b_, t in self.find_terms(tgt, tb.avoid, doc.lang):
                ex = excerpt(tgt, a_, b_)
                self.add("T131", g, doc.id, f"avoid:{c.id}:{fold(t)}", {doc.id: ex}, pos,
                         focus=[ex], concept=c.id, term=t, want=tb.preferred)

    def glossary_law(self) -> None:
        law = self.law
        for p in law.paragraphs.values():
            for c in self.cat.concepts.values():
                t = c.terms.get(law.lang)
                if t is None or not t.avoid:
                    continue
                for a_, b_, term in self.find_terms(p.full, t.avoid, law.lang):
                    ex = excerpt(p.full, a_, b_)
                    self.add("T131", p.key, law.id, f"avoid:{c.id}:{fold(term)}",
                             {law.id: ex}, p.pos, focus=[ex], concept=c.id, term=term,
                             want=t.preferred)


@lru_cache(maxsize=4096)
def fold_same_length(text: str) -> str:
    """`fold`, character by character, keeping every position (for spans into the original)."""
    out = []
    for ch in text:
        f = fold(ch)
        out.append(f if len(f) == 1 else ch.lower())
    return "".join(out)


_VERB_ENDINGS = ("ar", "er", "ir")


# endings of the verb forms rules use (folded): present, imperative, gerund, participle, ...
_VERB_FORMS = ("a", "e", "o", "as", "es", "os", "am", "em", "an", "en", "ar", "er", "ir", "ando",
               "endo", "indo", "ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas", "ou",
               "ei", "amos", "emos", "imos", "ara", "era", "ira", "arao", "erao", "irao", "aria",
               "eria", "iria", "ava", "avam", "aba", "aban", "ia", "ian", "ase", "esse", "isse",
               "iera", "ais", "eis", "is", "ad", "ed", "id", "io", "aron", "ieron")


def _word_pattern(word: str, lang: str) -> str:
    """A folded word and its forms: plurals; for a verb (an infinitive with a stem of 4+
    letters) the stem with a verb ending ('receber' → receba, recebe, recebem; 'comprar' →
    compre — but not 'comprometer')."""
    if word.endswith(_VERB_ENDINGS) and len(word) >= 6 and word.isalpha():
        ends = "|".join(sorted(_VERB_FORMS, key=len, reverse=True))
        return re.escape(word[:-2]) + f"(?:{ends})"
    return "(?:" + "|".join(re.escape(f) for f in inflections(word, lang)) + ")"


def inflections(word: str, lang: str) -> list[str]:
    """Folded singular and plural forms of one word ('clareira' → clareira(s); 'ação' → ações)."""
    w = word
    forms = {w, w + "s"}
    if w.endswith(("r", "z", "s", "n")) or (lang == "es" and w[-1:] in "ldj"):
        forms.add(w + "es")
    if lang == "pt":
        if w.endswith("ao"):
            forms.update({w[:-2] + "oes", w[:-2] + "aes", w[:-2] + "aos"})
        if w.endswith("m"):
            forms.add(w[:-1] + "ns")
        if w.endswith(("al", "el", "ol", "ul")):
            forms.add(w[:-1] + "is")
        if w.endswith("il"):
            forms.update({w[:-1] + "s", w[:-2] + "eis"})
    if lang == "es" and w.endswith("z"):
        forms.add(w[:-1] + "ces")
    return sorted(forms, key=len, reverse=True)
