"""Cross-references (T140–T143), renumbering (T103) and stale translations (T150)."""
from __future__ import annotations

import re

from ..errors import fold
from . import numbers as nummod
from .catalogue import Document, chapter_of, hash_matches, nearest_key, text_hash
from .findings import Report, doc_pos, excerpt
from .groups import Group, _natural


class XrefChecks:
    def xref_exists(self, doc: Document) -> None:
        numbers = doc.by_number()
        all_numbers = set(numbers)
        own_chapters = {chapter_of(n) for n in all_numbers}
        for p in doc.paragraphs.values():
            text = p.full
            for x in nummod.xrefs(text, doc.lang):
                num = x.number
                if x.chapter_only:
                    if num not in own_chapters and doc.role == "source":
                        self.add("T140", p.key if doc.role == "source" else (p.aligned or [p.key])[0],
                                 doc.id, f"xref:{num}", {doc.id: excerpt(text, x.start, x.end)},
                                 p.pos, focus=[excerpt(text, x.start, x.end)], ref=num,
                                 where=p.number, hint="")
                    continue
                if num == p.number:
                    continue
                if num in all_numbers or any(k.startswith(num + ".") for k in all_numbers):
                    target = numbers.get(num)
                    if target is not None:
                        self._title(doc, p, text, x, target)
                    continue
                if doc.role != "source" and chapter_of(num) not in own_chapters:
                    continue   # a part this document does not have: cannot tell
                hint = nearest_key(num, list(all_numbers))
                self.add("T140", (p.aligned or [p.key])[0], doc.id, f"xref:{num}",
                         {doc.id: excerpt(text, x.start, x.end)}, p.pos,
                         focus=[excerpt(text, x.start, x.end)], ref=num, where=p.number,
                         hint=hint or "")

    _QUOTED_BEFORE = re.compile(r"[«\"“]([^»\"”]{2,60})[»\"”]\s*[,(]?\s*(?:§\s*)?$")
    _QUOTED_AFTER = re.compile(r"^\s*\)?\s*[,:—–-]?\s*[«\"“]([^»\"”]{2,60})[»\"”]")

    def _title(self, doc, p, text, x, target) -> None:
        if not target.title:
            return
        m = self._QUOTED_BEFORE.search(text[max(0, x.start - 80): x.start])
        quoted = m.group(1) if m else None
        if quoted is None:
            m = self._QUOTED_AFTER.search(text[x.end: x.end + 80])
            quoted = m.group(1) if m else None
        if quoted is None:
            return
        if titles_match(quoted, target.title):
            return
        self.add("T141", (p.aligned or [p.key])[0], doc.id, f"title:{x.number}:{fold(quoted)}",
                 {doc.id: excerpt(text, x.start, x.end)}, p.pos, focus=[excerpt(text, x.start, x.end)],
                 ref=x.number, quoted=quoted,
                 title=target.title)

    def xref_compare(self, g: Group, ns_map: dict) -> None:
        law, doc = self.law, g.doc
        src, tgt = g.source_text(), g.target_text()
        ra = {x.number for x in nummod.xrefs(src, law.lang) if not x.chapter_only}
        rb_raw = [x for x in nummod.xrefs(tgt, doc.lang) if not x.chapter_only]
        ra.discard(g.key)
        own = {p.number for p in g.target}
        rb = set()
        unknown = False
        for x in rb_raw:
            if x.number in own:
                continue
            k = ns_map.get(x.number)
            if k is None:
                unknown = True
                continue
            rb.add(k)
        ra -= set(g.keys)
        rb -= set(g.keys)
        if unknown:
            return   # a number we cannot place: only the existence check speaks
        def near(x, others):   # "3.3" and "3.3.3" point at the same place, one more precisely
            return any(x == y or x.startswith(y + ".") or y.startswith(x + ".") for y in others)
        la = sorted(x for x in ra - rb if not near(x, rb))
        lb = sorted(x for x in rb - ra if not near(x, ra))
        if la or lb:
            self.add("T142" if (la and lb) else "T143", g, doc.id, "xrefs:" + ",".join(la) + "≠" + ",".join(lb),
                     {law.id: excerpt(src), doc.id: excerpt(tgt)}, g.target[0].pos,
                     a=", ".join(la) or "—", b=", ".join(lb) or "—", law=law.id)

    # -- structure -----------------------------------------------------------------------------
    def renumbering(self, doc: Document) -> None:
        """One note per translation listing where its numbering differs from the Law's ("ES 3
        = Lei 4"): the alignment keeps comparing the right paragraphs, but a reader moving
        between the documents needs to know."""
        moves: dict[tuple, int] = {}
        for p in doc.paragraphs.values():
            if len(p.aligned) != 1 or not p.number or p.number == p.aligned[0]:
                continue
            a, b = p.number.split("."), p.aligned[0].split(".")
            depth = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), None)
            if depth is None:
                continue
            key = (".".join(a[:depth + 1]), ".".join(b[:depth + 1]))
            moves[key] = moves.get(key, 0) + 1
        # keep the outermost moves: "3 → 4" says what "3.1 → 4.1" would
        kept = sorted(moves, key=lambda k: (k[0].count("."), _natural(k[0])))
        outer = []
        for x, y in kept:
            if any(x.startswith(px + ".") and y.startswith(py + ".") for px, py in outer):
                continue
            outer.append((x, y))
        if not outer:
            return
        outer.sort(key=lambda k: _natural(k[0]))
        listed = "; ".join(f"{x} = {y}" for x, y in outer[:12]) + (" …" if len(outer) > 12 else "")
        self.add("T103", "", doc.id, "renumbered:" + ",".join(f"{x}={y}" for x, y in outer), {},
                 doc_pos(doc), paragraphs=[], moves=listed, n=len(outer), law=self.law.id)

    # -- stale ---------------------------------------------------------------------------------
    def stale(self, doc: Document, report: Report) -> None:
        law = self.law
        n_unconfirmed = 0
        for p in doc.paragraphs.values():
            if not p.aligned:
                continue
            if p.confirmed is None:
                n_unconfirmed += 1
                continue
            sources = [law.paragraphs[k] for k in p.aligned if k in law.paragraphs]
            current = text_hash(sources)
            if not hash_matches(p.confirmed, current):
                self.add("T150", p.aligned[0], doc.id, f"stale:{p.key}",
                         {law.id: excerpt(" ".join(s.full for s in sources)), doc.id: excerpt(p.full)},
                         p.confirmed_pos or p.pos, paragraphs=p.aligned, key=p.key,
                         recorded=p.confirmed[:12], current=current[:12])
        report.unconfirmed[doc.id] = n_unconfirmed


def titles_match(a: str, b: str) -> bool:
    fa = " ".join(re.sub(r"[^\w\s]", " ", fold(a)).split())
    fb = " ".join(re.sub(r"[^\w\s]", " ", fold(b)).split())
    if not fa or not fb:
        return True
    if fa == fb or fa in fb or fb in fa:
        return True
    import difflib
    return difflib.SequenceMatcher(None, fa, fb).ratio() >= 0.8
