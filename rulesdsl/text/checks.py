"""The checks of `check-text`: where two texts of the Law, or the text and the data, disagree.

For every document aligned to the Law (translation, faction reference, summary) the
paragraphs are joined into *groups* — the Law paragraphs and the paragraphs that render them
("4.2.1" + "4.2.1+1", or one paragraph `alinhado: [4.2.1, 4.2.2]`) — and each group is
compared:

  T100/T101/T102  scope and missing paragraphs
  T103            a translation numbered differently from the Law (one note per document)
  T110/T111/T112  numbers (digits and number words, both languages) and ordinals
  T120..T123      conditions: negation, exception, inclusion/exclusion, or/and
  T114/T115       a number with what it counts ("1 carta" against "2 cartas", even where a 2
                  occurs elsewhere in the paragraph): changed (error) or only counted differently
  T124/T125/T126  meaning: a quantifier, the modality or the timing swapped for its opposite
                  ("qualquer" ↔ "correspondente", "pode" ↔ "obrigatoriamente", "início" ↔ "fim")
  T127            a note: the counts of quantifiers, modals, timing words or sentences differ
  T130/T131       glossary drift
  T140/T141/T142  cross-references: missing target, title mismatch, different targets
  T150            stale translation (`confirmado` no longer matches the source text)
  T160/T161/T162  text against data: numbers in a rule block citing a paragraph, and back
  T170            an acknowledged difference that no longer matches anything
  T180            negations counted differently, each answered by the other text (a note)
  T181            a place things are sent to, swapped or left out with its sentence
  T182            a rule limited to a phase of the turn in one text only
  T190            a condition clause one text states and the other leaves out
  T191            a sentence that obliges, in one text only (its concepts absent from the other)
  T192            a limit of how often a rule applies (per turn, per round), in one text only
  T193..T196      what one text says otherwise (contrasts.py, a warning in a summary too): one of
                  a declared pair of concepts swapped, a qualifier of an act, a modal across
                  the sentence, a rule narrowed to a case

A translation is checked both ways. A reference or a summary is allowed to leave things out,
so for numbers and conditions only what it *adds or changes* is reported (a number it states
that the Law does not, a negation the Law does not have); the meaning checks (semantics.py)
compare it both ways, because a condition it leaves out or rewords changes the rule it
summarises: a swap is a warning there, a difference of counts a note.

Every finding has a stable code, the Law paragraph, the document, excerpts of both texts, a
`detail` that names exactly this difference, and a fingerprint made of the four; an entry of
`aceitos.yaml` silences the one finding it names (by fingerprint, detail or excerpt).
"""
from __future__ import annotations

from .catalogue import Catalogue, Document, chapter_of
from .clauses import ClauseChecks
from .contrasts import ContrastChecks
from .conditions import (AND_WORDS, EXCEPTION, EXCLUSION, INCLUSION, NEG_WINDOW,  # noqa: F401
                         NEGATED_ATTRIBUTES, NEGATION, NOT_NEGATION, OR_AND_IDIOMS, OR_WORDS,
                         ConditionChecks, Conditions, conditions)
from .frequency import FrequencyChecks
from .findings import (CODES, SEVERITY_ORDER, Finding, Report, apply_acknowledgements,  # noqa: F401
                       doc_pos, excerpt, excerpts_of)
from .glossary_check import (GLOSSARY_LENGTH, GLOSSARY_PARALLEL, GlossaryChecks,  # noqa: F401
                             fold_same_length, inflections)
from .groups import Group, groups_of, number_map
from .meaning import MeaningChecks
from .numbers_check import NumberChecks
from .places import PlaceChecks
from .xrefs_check import XrefChecks, titles_match  # noqa: F401

# what a summary says its own way: a number it adds ("há três ações: ..."), "ou" for "e",
# a quantifier or moment of its own wording. Judged on Root (2026-11-26): 7 of 8 such warnings
# were false, and the one real (a hand of 2 cards for 3) is also a T114 — a number with what
# it counts changed, which stays a warning, as do a modal swapped (T125) and a changed number
SUMMARY_NOTES = frozenset({"T111", "T113", "T123", "T124", "T126"})


def summary_notes(findings: list) -> None:
    for f in findings:
        if f.code in SUMMARY_NOTES and f.severity == "warning":
            f.severity = "info"


# The module map (each ≤ ~600 lines):
#   findings.py       codes, Finding, Report, excerpts, acknowledgements
#   groups.py         groups of paragraphs compared together, numbering maps
#   numbers_check.py  T110–T113
#   conditions.py     negation/exception/inclusion/or: reading and comparing (T120–T123)
#   meaning.py        counted numbers, quantifiers, modality, timing (T114/T115, T124–T127)
#   glossary_check.py concepts of the glossary in a text (T130/T131)
#   xrefs_check.py    cross-references, renumbering, stale translations (T103, T140–T150)
#   negation.py       what a negation negates: paraphrases as notes (T180)
#   places.py         where a rule sends things: swapped or left out (T181)
#   clauses.py        condition clauses and obligations paired across the texts: one left
#                     out (T190, T191)
#   frequency.py      a per-turn / per-round limit in one text only (T192)
#   contrasts.py      what one text says otherwise, from the ruleset's contrast tables (T193–T196)
#   contrast_table.py those tables read from texto/contrastes/*.yaml, with their errors
#   data_check.py     text against the data blocks citing it (T160–T163)
# and, outside the checks: catalogue.py (loading) with model.py (documents, paragraphs,
# hashes) and confirm_edit.py (`text confirm`'s edit); coverage.py (blocks, scenarios, tests)


class Checker(NumberChecks, ConditionChecks, MeaningChecks, GlossaryChecks, XrefChecks,
              PlaceChecks, ClauseChecks, FrequencyChecks, ContrastChecks):
    def __init__(self, cat: Catalogue, lang: str):
        self.cat = cat
        self.lang = lang
        self.law = cat.law
        self.findings: list[Finding] = []
        self._gloss_cache: dict = {}

    def add(self, code, group_or_key, doc_id, detail, excerpts, pos=None, paragraphs=None,
            focus=None, marks=None, **args):
        if isinstance(group_or_key, Group):
            key = group_or_key.key
            paragraphs = paragraphs or group_or_key.keys
        else:
            key = group_or_key
        args.setdefault("para", key)
        args.setdefault("doc", doc_id)
        f = Finding(code, key, doc_id, args, excerpts, detail, pos, paragraphs or [key])
        f.focus = [x for x in (focus or []) if x]
        # the words that differ, per document, for the HTML report to highlight
        f.marks = {d: sorted({m for m in ws if m and m.strip()}) for d, ws in (marks or {}).items() if ws}
        if isinstance(group_or_key, Group):
            f.doc_keys = [p.key for p in group_or_key.target]
            f.known = [f"{p.doc.id} §{p.number}: {p.known_typo}"
                       for p in group_or_key.law + group_or_key.target if p.known_typo]
        elif self.law is not None and key in self.law.paragraphs and self.law.paragraphs[key].known_typo:
            f.known = [f"{self.law.id} §{key}: {self.law.paragraphs[key].known_typo}"]
        self.findings.append(f)

    def group(self, g: Group, ns_map: dict) -> None:
        """Every comparison of one group of paragraphs (the mutation test calls this too)."""
        doc = g.doc
        both = doc.role == "translation"
        self.numbers(g, both)
        self.conditions(g, both)
        self.meaning(g, both)
        self.glossary(g, both)
        self.omitted_conditions(g, both)
        self.frequency(g)
        self.contrasts(g)
        if doc.role in ("translation", "reference"):
            self.xref_compare(g, ns_map)
        if doc.role == "translation":
            self.places(g)
            self.phases(g)

    # -- scope and missing ---------------------------------------------------------------------
    def scope(self, doc: Document, groups: list[Group]) -> None:
        law = self.law
        covered = doc.chapters()
        law_chapters = list(dict.fromkeys(chapter_of(k) for k in law.paragraphs))
        absent = [c for c in law_chapters if c not in covered]
        if absent and doc.role != "summary":
            n = sum(1 for k in law.paragraphs if chapter_of(k) in absent)
            self.add("T100", "", doc.id,
                     "scope:" + ",".join(absent), {}, doc_pos(doc),
                     paragraphs=[], chapters=", ".join(absent), count=n)
        if doc.role == "summary":
            return
        have = {k for g in groups for k in g.keys}
        code = "T101" if doc.role == "translation" else "T102"
        for k, p in law.paragraphs.items():
            if doc.role != "translation" and (k == chapter_of(k) or not p.text.strip()):
                continue   # a reference restates rules, not chapter titles or bare headings
            if chapter_of(k) in covered and k not in have:
                self.add(code, k, doc.id, "missing", {law.id: excerpt(p.full)}, doc_pos(doc))


# ---------------------------------------------------------------------------------------------
# entry point

def run(cat: Catalogue, lang: str, data=None) -> Report:
    """All text checks on a loaded catalogue; `data` is a coverage.Scan for the data checks."""
    rep = Report()
    ck = Checker(cat, lang)
    law = cat.law
    if law is None:
        return rep
    ck.xref_exists(law)
    ck.glossary_law()
    for doc in cat.others():
        if not doc.paragraphs:
            continue
        groups = groups_of(cat, doc)
        rep.groups += len(groups)
        rep.unaligned[doc.id] = sum(1 for p in doc.paragraphs.values() if not p.aligned)
        ck.scope(doc, groups)
        ns_map = number_map(cat, doc) if doc.role in ("translation", "reference") else {}
        if doc.role == "translation":
            ck.renumbering(doc)
        first = len(ck.findings)
        for g in groups:
            ck.group(g, ns_map)
        if doc.role == "summary":
            summary_notes(ck.findings[first:])
        ck.xref_exists(doc)
        ck.stale(doc, rep)
    if data is not None:
        from .data_check import data_findings
        ck.findings.extend(data_findings(cat, data))
    reported, silenced, stale_acks = apply_acknowledgements(cat, ck.findings)
    order = {k: i for i, k in enumerate(law.paragraphs)}
    docs_order = {d: i for i, d in enumerate(cat.documents)}
    reported.extend(stale_acks)
    reported.sort(key=lambda f: (order.get(f.paragraph, -1 if f.code == "T100" else len(order)),
                                 f.paragraph, docs_order.get(f.document, 99), f.code))
    rep.findings = reported
    rep.silenced = silenced
    return rep
