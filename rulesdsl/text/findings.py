"""Findings of `check-text` and their report: codes, severities, excerpts, acknowledgements.

(Split out of checks.py; `from rulesdsl.text.checks import Finding` still works.)"""
from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field

from ..errors import Pos, fold, format_message
from .catalogue import Acceptance, Catalogue, Document, normalize_text

# code → (severity, kind)
CODES = {
    "T100": ("info", "scope"),
    "T101": ("warning", "missing"),
    "T102": ("info", "missing"),
    "T103": ("info", "structure"),
    "T110": ("error", "numbers"),
    "T111": ("warning", "numbers"),
    "T112": ("warning", "numbers"),
    "T113": ("warning", "numbers"),
    "T120": ("error", "conditions"),
    "T121": ("warning", "conditions"),
    "T122": ("warning", "conditions"),
    "T123": ("warning", "conditions"),
    "T114": ("error", "numbers"),
    "T115": ("info", "numbers"),
    "T124": ("warning", "meaning"),
    "T125": ("error", "meaning"),
    "T126": ("warning", "meaning"),
    "T127": ("info", "meaning"),
    "T130": ("info", "glossary"),
    "T131": ("warning", "glossary"),
    "T140": ("error", "xref"),
    "T141": ("warning", "xref"),
    "T142": ("warning", "xref"),
    "T143": ("info", "xref"),
    "T150": ("warning", "stale"),
    "T160": ("error", "data"),
    "T161": ("info", "data"),
    "T162": ("error", "data"),
    "T163": ("info", "data"),
    "T170": ("warning", "accepted"),
    "T180": ("info", "conditions"),
    "T181": ("warning", "meaning"),
    "T182": ("warning", "meaning"),
    "T190": ("warning", "conditions"),
    "T191": ("warning", "meaning"),
    "T192": ("warning", "meaning"),
    "T193": ("warning", "meaning"),
    "T194": ("warning", "meaning"),
    "T195": ("warning", "meaning"),
    "T196": ("warning", "conditions"),
}
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


@dataclass
class Finding:
    code: str
    paragraph: str                 # the Law paragraph (first of its group)
    document: str                  # the document compared with the Law (or the Law itself)
    args: dict = field(default_factory=dict)
    excerpts: dict = field(default_factory=dict)   # document id (or file) → excerpt
    detail: str = ""
    pos: Pos | None = None
    paragraphs: list = field(default_factory=list)
    severity: str = ""
    acknowledged: Acceptance | None = None
    known: list = field(default_factory=list)      # erro_conhecido / errata of the paragraphs
    focus: list = field(default_factory=list)      # excerpts around the difference itself

    def __post_init__(self):
        self.doc_keys: list = []
        if not self.severity:
            self.severity = CODES[self.code][0]
        if not self.paragraphs:
            self.paragraphs = [self.paragraph]

    @property
    def kind(self) -> str:
        return CODES[self.code][1]

    @property
    def fingerprint(self) -> str:
        raw = "|".join([self.code, self.paragraph, self.document, normalize_text(self.detail)])
        return hashlib.sha1(raw.encode("utf-8")).hexdigest()[:10]

    def message(self, lang: str) -> str:
        args = (getattr(self, "args_by_lang", None) or {}).get(lang, self.args)
        return format_message(self.code, lang, args)

    def as_dict(self, lang: str) -> dict:
        d = {
            "code": self.code, "kind": self.kind, "severity": self.severity,
            "paragraph": self.paragraph, "paragraphs": self.paragraphs,
            "document": self.document, "message": self.message(lang),
            "detail": self.detail, "excerpts": self.excerpts, "fingerprint": self.fingerprint,
        }
        if self.pos:
            d.update(file=self.pos.file, line=self.pos.line, col=self.pos.col)
        if getattr(self, "marks", None):
            d["marks"] = self.marks
        if self.known:
            d["known"] = self.known
        if hasattr(self, "new"):
            d["new"] = self.new
        if self.acknowledged:
            d["acknowledged"] = {"reason": self.acknowledged.reason,
                                 "file": self.acknowledged.pos.file if self.acknowledged.pos else None,
                                 "line": self.acknowledged.pos.line if self.acknowledged.pos else None}
        return d


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)     # reported
    silenced: list[Finding] = field(default_factory=list)     # matched by an acknowledgement
    groups: int = 0
    unaligned: dict = field(default_factory=dict)             # doc → count of unaligned paragraphs
    unconfirmed: dict = field(default_factory=dict)           # doc → count without `confirmado`

    def counts(self) -> dict:
        return dict(sorted(Counter(f.code for f in self.findings).items()))

    def by_severity(self) -> dict:
        c = Counter(f.severity for f in self.findings)
        return {s: c.get(s, 0) for s in ("error", "warning", "info")}

    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


# ---------------------------------------------------------------------------------------------
# excerpts

def excerpt(text: str, start: int | None = None, end: int | None = None, width: int = 36) -> str:
    """A short quote of `text` around [start, end) (the whole text when it is short)."""
    text = normalize_text(text) if start is None else text
    if start is None:
        return text if len(text) <= 2 * width + 20 else text[: 2 * width + 20].rstrip() + "…"
    a = max(0, start - width)
    b = min(len(text), end + width)
    while a > 0 and not text[a - 1].isspace():
        a -= 1
    while b < len(text) and not text[b].isspace():
        b += 1
    s = text[a:b].strip()
    s = " ".join(s.split())
    return ("…" if a > 0 else "") + s + ("…" if b < len(text) else "")


def excerpts_of(text: str, spans: list, limit: int = 2) -> str:
    if not spans:
        return excerpt(text)
    return " | ".join(excerpt(text, a, b) for a, b in spans[:limit])


def _marks(ida, texta, spansa, idb, textb, spansb) -> dict:
    """{document: [the words at these spans]} (what the HTML report highlights)."""
    out = {ida: [texta[a:b] for a, b in spansa or []]}
    out.setdefault(idb, []).extend(textb[a:b] for a, b in spansb or [])
    return out


def doc_pos(doc: Document) -> Pos | None:
    if doc.path:
        return Pos(doc.path, 1, 1)
    return doc.declared_pos


# ---------------------------------------------------------------------------------------------
# acknowledgements

def apply_acknowledgements(cat: Catalogue, findings: list[Finding]) -> tuple[list, list, list]:
    """Split findings into (reported, silenced); also return T170 for unused acknowledgements.

    An acknowledgement names one finding: same code, paragraph and document, and its `texto`
    is the finding's fingerprint, or its detail, or a quote of the difference itself (found in
    an excerpt built around the differing number, term or reference — not in a whole-text
    excerpt, and never for a count such as "negation 1≠0", whose detail changes when a second
    difference appears). It silences at most one finding, so a new difference in the same
    paragraph still shows."""
    taken: set[int] = set()
    unused = []
    for a in cat.accepted:
        cands = [i for i, f in enumerate(findings) if i not in taken and f.code == a.code
                 and (a.paragraph == f.paragraph or a.paragraph in f.paragraphs
                      or a.paragraph in f.doc_keys)
                 and a.document == f.document]
        want = normalize_text(a.text)
        best = None
        for rank, test in enumerate((
                lambda f: want and want == f.fingerprint,
                lambda f: want and fold(want) == fold(normalize_text(f.detail)),
                lambda f: want and any(fold(want) in fold(normalize_text(e)) for e in f.focus),
                lambda f: not want)):
            hit = [i for i in cands if test(findings[i])]
            if hit:
                best = hit[0]
                break
        if best is None:
            unused.append(a)
            continue
        taken.add(best)
        findings[best].acknowledged = a
    reported = [f for i, f in enumerate(findings) if i not in taken]
    silenced = [f for i, f in enumerate(findings) if i in taken]
    stale_acks = []
    for a in unused:
        stale_acks.append(Finding("T170", a.paragraph, a.document,
                                  {"para": a.paragraph, "doc": a.document, "code": a.code,
                                   "text": a.text}, {}, f"unused:{a.code}:{a.text}", a.pos))
    return reported, silenced, stale_acks
