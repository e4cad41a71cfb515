"""The text catalogue's model: documents, paragraphs, glossary concepts, acknowledged
differences, and the fingerprint a translation records of its source (`text_hash`).

(Split out of catalogue.py, which loads it from the files; `from rulesdsl.text.catalogue
import Paragraph` still works.)"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from ..errors import Pos
from ..loader import YDict

@dataclass
class Paragraph:
    key: str                  # alignment key: the Law number it renders, or a prefixed own key
    number: str               # its own number in its document
    title: str
    text: str
    doc: "Document"
    pos: Pos                  # the key in the file
    aligned: list[str] = field(default_factory=list)   # Law keys it renders ([] = none)
    confirmed: str | None = None
    confirmed_pos: Pos | None = None
    note: str = ""
    known_typo: str = ""
    node: YDict | None = None
    title_node: object = None
    text_node: object = None

    @property
    def full(self) -> str:
        """Title and text, as one string (what the checks read)."""
        if self.title and self.text:
            return f"{self.title} {self.text}"
        return self.title or self.text

    @property
    def chapter(self) -> str:
        return chapter_of(self.key)


@dataclass
class Document:
    id: str
    lang: str
    role: str                 # source | translation | reference | summary
    title: str = ""
    edition: str = ""
    source: str = ""
    path: str | None = None
    declared_pos: Pos | None = None
    scope: list[str] | None = None     # declared chapters (None: inferred from content)
    paragraphs: dict[str, Paragraph] = field(default_factory=dict)
    keys_spelling: dict[str, str] = field(default_factory=dict)  # neutral → spelling used
    file_text: str = ""

    def by_number(self) -> dict[str, Paragraph]:
        """Own paragraph number → paragraph (the first, when a number repeats)."""
        out: dict[str, Paragraph] = {}
        for p in self.paragraphs.values():
            out.setdefault(p.number, p)
        return out

    def chapters(self) -> set[str]:
        if self.scope is not None:
            return set(self.scope)
        return {chapter_of(k) for p in self.paragraphs.values() for k in p.aligned}


@dataclass
class Term:
    preferred: str
    variants: list[str] = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    avoid: list[str] = field(default_factory=list)


@dataclass
class Concept:
    id: str
    terms: dict[str, Term]
    note: str = ""
    pos: Pos | None = None
    phase: bool = False       # `fase: sim`: a phase of the turn (a rule limited to it, T182)


@dataclass
class Acceptance:
    code: str
    paragraph: str
    document: str
    reason: str
    text: str
    pos: Pos | None = None


@dataclass
class Catalogue:
    root: str                 # the ruleset folder
    folder: str               # its text folder
    lang: str = "pt"
    documents: dict[str, Document] = field(default_factory=dict)
    concepts: dict[str, Concept] = field(default_factory=dict)
    accepted: list[Acceptance] = field(default_factory=list)
    accepted_path: str | None = None

    @property
    def law(self) -> Document | None:
        for d in self.documents.values():
            if d.role == "source":
                return d
        return None

    def others(self) -> list[Document]:
        return [d for d in self.documents.values() if d.role != "source"]

    def law_keys(self) -> list[str]:
        law = self.law
        return list(law.paragraphs) if law else []


def chapter_of(key: str) -> str:
    """'6.5.4' → '6'; 'A.1' → 'A'; 'P1' → 'P'; 'G.1.35' → 'G'."""
    head = str(key).split(".")[0]
    m = re.match(r"^([A-Za-z]+)\d*$", head)
    if m:
        return m.group(1)
    return head


def normalize_text(text: str) -> str:
    return " ".join(str(text or "").split())


def text_hash(paragraphs: list[Paragraph]) -> str:
    """The fingerprint a translation records in `confirmado`: sha256 of the source text.

    The text is the Law paragraph's title and `texto`, each with runs of white space folded
    to one space (so re-wrapping a YAML block does not make a translation stale, and a changed
    title does: the translation renders it too); several source paragraphs are joined with a
    blank line."""
    body = "\n\n".join((normalize_text(p.title) + "\n" if normalize_text(p.title) else "")
                         + normalize_text(p.text) for p in paragraphs)
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def hash_matches(recorded: str, current: str) -> bool:
    r = str(recorded).strip().lower()
    if r.startswith("sha256:"):
        r = r[7:]
    return len(r) >= 8 and current.startswith(r)
