"""Meaning of two texts of a paragraph compared: numbers with what they count, quantifiers,
modality and timing (read by semantics.py; mixed into checks.Checker)."""
from __future__ import annotations

import re

from . import semantics as semmod
from .conditions import conditions
from .findings import _marks, excerpt, excerpts_of
from .groups import Group


class MeaningChecks:
    def meaning(self, g: Group, both_ways: bool) -> None:
        """Numbers with what they count, quantifiers, modality and timing (semantics.py)."""
        if g.heading_only():
            return
        law, doc = self.law, g.doc
        src, tgt = g.source_text(), g.target_text()
        fa = semmod.features(src, law.lang, self.concept_hits(src, law.lang),
                             conditions(src, law.lang).negation)
        fb = semmod.features(tgt, doc.lang, self.concept_hits(tgt, doc.lang),
                             conditions(tgt, doc.lang).negation)
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
