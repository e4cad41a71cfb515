"""Meaning of two texts of a paragraph compared: numbers with what they count, quantifiers,
modality and timing (read by semantics.py; mixed into checks.Checker)."""
from __future__ import annotations

import re

from . import numbers as nummod
from . import semantics as semmod
from .conditions import conditions
from .findings import _marks, excerpt, excerpts_of
from .groups import Group


# a phase that limits a rule: "durante o Dia", "no Anoitecer", "Por la Mañana", "en tu Tarde"
# (not "siga para o Anoitecer", "termine o Dia": a step, not a limit)
PHASE_LIMITS = {"pt": ["durante", "no", "na", "em", "ao", "seu", "sua"],
                "es": ["por", "en", "durante", "al", "tu", "su"]}


def _limits(text: str, at: int, lang: str) -> bool:
    words = [t.low for t in nummod.tokenize(text[max(0, at - 40):at]) if t.is_word][-3:]
    limits = {w.lower() for w in nummod.word_list(lang, "phase_limits", PHASE_LIMITS)}
    articles = {"o", "a", "os", "as", "el", "la", "los", "las", "de", "do", "da"}
    while words and words[-1] in articles | {"seu", "sua", "tu", "su"} - limits:
        words.pop()
    return bool(words) and words[-1] in limits


class MeaningChecks:
    def meaning(self, g: Group, both_ways: bool) -> None:
        """Numbers with what they count, quantifiers, modality and timing (semantics.py)."""
        if g.heading_only():
            return
        law, doc = self.law, g.doc
        src, tgt = g.source_text(), g.target_text()
        fa = self.features_of(src, law.lang)
        fb = self.features_of(tgt, doc.lang)
        pos = g.target[0].pos
        translation = doc.role == "translation"
        for d in semmod.compare(fa, fb, both_ways=True, sentences=translation):
            ea = excerpts_of(src, d.spans_a) if d.spans_a else excerpt(src)
            eb = excerpts_of(tgt, d.spans_b) if d.spans_b else excerpt(tgt)
            focus = [d.spans_a and ea, d.spans_b and eb]
            if d.kind == "counted":
                code = "T114" if d.swap else "T115"
                args0 = d.values
                args0.setdefault("concept", "")
                severity = ("error" if translation else "warning") if d.swap else "info"
            elif d.swap:
                code = {"quantifier": "T124", "modality": "T125", "timing": "T126"}[d.kind]
                severity = "error" if (code == "T125" and translation) else "warning"
            else:
                code, severity = "T127", "info"
            args = dict(d.values)
            args.setdefault("a", "")
            args.setdefault("b", "")
            args.setdefault("what", d.detail.split(":", 1)[-1])
            self.add(code, g, doc.id, d.detail, {law.id: ea, doc.id: eb}, pos, focus=focus,
                     marks=_marks(law.id, src, d.spans_a, doc.id, tgt, d.spans_b),
                     law=law.id, kind=d.kind, **args)
            f = self.findings[-1]
            f.severity = severity
            # the words of the message in each language: class ids and concepts as the
            # reader says them ("pode"/"puede", "Amanhecer"/"Alba")
            f.args_by_lang = {lg: {k: self._say(v, lg) for k, v in f.args.items()}
                              for lg in ("pt", "es")}

    def features_of(self, text: str, lang: str) -> semmod.Features:
        """The content features of one text (semantics.features), read once per text: the
        meaning and the clause checks both use them. Never changed by a caller."""
        key = ("*features*", lang, text)
        f = self._gloss_cache.get(key)
        if f is None:
            f = self._gloss_cache[key] = semmod.features(
                text, lang, self.concept_hits(text, lang), conditions(text, lang).negation)
        return f

    def _say(self, value, lang: str):
        if not isinstance(value, str) or not value:
            return value
        out = []
        for part in re.split(r"(\W+)", value):
            w = semmod.word(part, lang)
            if w is None and part in self.cat.concepts:
                t = self.cat.concepts[part].terms.get(lang)
                w = t.preferred if t is not None else None
            out.append(w if w is not None else part)
        return "".join(out)

    def phases(self, g: Group) -> None:
        """A rule limited to a phase of the turn in one text only ("Por la Mañana, cuando
        mueve ..., puede mover los guerreros Aliados" against "Sempre que você se mover"): the
        other text lets it happen in any phase (T182, a translation). Phases are the glossary
        concepts marked `fase: sim`; a phase named anywhere in the other text, or in a
        heading-only or merged group, is no finding."""
        if g.heading_only() or len(g.law) != len(g.target):
            return
        phases = {c.id for c in self.cat.concepts.values() if c.phase}
        if not phases:
            return
        law, doc = self.law, g.doc
        src = "\n".join(p.text for p in g.law)
        tgt = "\n".join(p.text for p in g.target)
        ha, hb = self.concept_hits(src, law.lang), self.concept_hits(tgt, doc.lang)
        if not set(ha) & set(hb) - phases:
            return      # nothing else in common: not the same rule
        # named anywhere in the other text, its title included ("TARDE Esta fase ..."): no
        fa = self.concept_hits(g.source_text(), law.lang)
        fb = self.concept_hits(g.target_text(), doc.lang)
        for cid in sorted(phases):
            in_a = [h for h in ha.get(cid, []) if not h[3] and _limits(src, h[0], law.lang)]
            in_b = [h for h in hb.get(cid, []) if not h[3] and _limits(tgt, h[0], doc.lang)]
            if bool(in_a) == bool(in_b) or cid in (fb if in_a else fa):
                continue
            sa, sb = [h[:2] for h in in_a], [h[:2] for h in in_b]
            ea = excerpts_of(src, sa) if sa else excerpt(src)
            eb = excerpts_of(tgt, sb) if sb else excerpt(tgt)
            self.add("T182", g, doc.id, f"phase:{cid}@{'a' if in_a else 'b'}",
                     {law.id: ea, doc.id: eb}, g.target[0].pos, focus=[sa and ea, sb and eb],
                     marks=_marks(law.id, src, sa, doc.id, tgt, sb), law=law.id,
                     phase=cid, have=law.id if in_a else doc.id, lack=doc.id if in_a else law.id)
            f = self.findings[-1]
            f.args_by_lang = {lg: {k: self._say(v, lg) for k, v in f.args.items()} for lg in ("pt", "es")}
