"""Groups of paragraphs compared together: the Law paragraphs and those that render them."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .catalogue import Catalogue, Document, Paragraph

# ---------------------------------------------------------------------------------------------
# groups

@dataclass
class Group:
    doc: Document
    law: list[Paragraph]
    target: list[Paragraph]

    @property
    def key(self) -> str:
        return self.law[0].key

    @property
    def keys(self) -> list[str]:
        return [p.key for p in self.law]

    def source_text(self) -> str:
        return "\n".join(p.full for p in self.law)

    def target_text(self) -> str:
        return "\n".join(p.full for p in self.target)

    def heading_only(self) -> bool:
        """One side is only a title ("REGLAS DE ORO" against the Law's chapter introduction):
        there is no rule on that side to compare."""
        return (not any(p.text.strip() for p in self.law)
                or not any(p.text.strip() for p in self.target))


def groups_of(cat: Catalogue, doc: Document) -> list[Group]:
    law = cat.law
    order = {k: i for i, k in enumerate(law.paragraphs)}
    parent: dict[str, str] = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for p in doc.paragraphs.values():
        if not p.aligned:
            continue
        first = p.aligned[0]
        for k in p.aligned[1:]:
            ra, rb = find(first), find(k)
            if ra != rb:
                parent[max(ra, rb, key=lambda z: order.get(z, 0))] = min(ra, rb, key=lambda z: order.get(z, 0))
    comps: dict[str, tuple[set, list]] = {}
    for p in doc.paragraphs.values():
        if not p.aligned:
            continue
        r = find(p.aligned[0])
        keys, paras = comps.setdefault(r, (set(), []))
        keys.update(p.aligned)
        paras.append(p)
    out = []
    for r, (keys, paras) in comps.items():
        lp = sorted((law.paragraphs[k] for k in keys if k in law.paragraphs), key=lambda p: order[p.key])
        if lp:
            out.append(Group(doc, lp, paras))
    out.sort(key=lambda g: order[g.key])
    return out


def _natural(number: str) -> tuple:
    return tuple((0, int(x), "") if x.isdigit() else (1, 0, x) for x in number.split("."))


def number_map(cat: Catalogue, doc: Document) -> dict[str, str]:
    """The document's own numbers → Law keys, sections included ('3.2' → '4.2' when every
    aligned paragraph under ES 3.2 renders one under Law 4.2)."""
    out: dict[str, str] = {}
    votes: dict[str, Counter] = {}
    for p in doc.paragraphs.values():
        if len(p.aligned) != 1:
            if p.aligned:
                out.setdefault(p.number, p.aligned[0])
            continue
        k = p.aligned[0]
        out.setdefault(p.number, k)
        a, b = p.number.split("."), k.split(".")
        if len(a) == len(b):
            for i in range(1, len(a)):
                votes.setdefault(".".join(a[:i]), Counter())[".".join(b[:i])] += 1
    for num, c in votes.items():
        if num not in out and len(c) == 1:
            out[num] = next(iter(c))
    if out and cat.law is not None and all(k == v for k, v in out.items()):
        # the document numbers its paragraphs as the Law does (a reference of some chapters):
        # a number from a chapter it does not have is the Law's number, so it can be compared
        for k in cat.law.paragraphs:
            out.setdefault(k, k)
    return out
