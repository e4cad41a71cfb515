"""Number checks: numbers that differ between two texts of a paragraph (T110–T113)."""
from __future__ import annotations

import re
from collections import Counter

from ..errors import fold
from . import numbers as nummod
from .conditions import _parens
from .findings import _marks, excerpts_of
from .groups import Group


class NumberChecks:
    def numbers(self, g: Group, both_ways: bool) -> None:
        """Numbers that differ. A value in one text with no counterpart in the other is paired
        with one in the other text at about the same place: a pair is a changed number (T110,
        error); an unpaired value is a number only one text states (T113, warning). A document
        that may leave things out (reference, summary) is only asked not to state numbers the
        Law does not have — the Law paragraph's sub-paragraphs included."""
        law, doc = self.law, g.doc
        src, tgt = g.source_text(), g.target_text()
        a = nummod.extract(src, law.lang)
        b = nummod.extract(tgt, doc.lang)
        if not both_ways:
            extra = "\n".join(p.full for k, p in law.paragraphs.items()
                              if any(k.startswith(x + ".") for x in g.keys))
            if extra:
                src = src + "\n" + extra
                a = nummod.extract(src, law.lang)
        pos = g.target[0].pos
        kinds = (("cardinal", "T110"), ("ordinal", "T112")) if both_ways else (("cardinal", "T110"),)
        for kind, pair_code in kinds:
            sa = Counter(x.value for x in a if x.kind == kind and x.strong)
            sb = Counter(x.value for x in b if x.kind == kind and x.strong)
            wa = Counter(x.value for x in a if x.kind == kind)
            wb = Counter(x.value for x in b if x.kind == kind)
            only_a = [v for v in sa if wb[v] == 0] if both_ways else []
            only_b = [v for v in sb if wa[v] == 0]
            pairs = _pair(only_a, only_b, a, b, kind, len(src), len(tgt))
            for va, vb in pairs:
                sa_ = _spans(a, va, kind)
                sb_ = _spans(b, vb, kind)
                show_a = nummod.show(va) if va is not None else "—"
                show_b = nummod.show(vb) if vb is not None else "—"
                code = pair_code if (va is not None and vb is not None) or kind == "ordinal" else "T113"
                ea, eb = excerpts_of(src, sa_), excerpts_of(tgt, sb_)
                self.add(code, g, doc.id, f"{kind}:{show_a}≠{show_b}",
                         {law.id: ea, doc.id: eb}, pos, focus=[sa_ and ea, sb_ and eb],
                         marks=_marks(law.id, src, sa_, doc.id, tgt, sb_),
                         a=show_a, b=show_b, law=law.id,
                         only=law.id if vb is None else doc.id)
                if code == "T113" and (g.heading_only() or (
                        _restated(src, sa_, law.lang) if vb is None else _restated(tgt, sb_, doc.lang))
                        or (self.findings[-1].known and (_uncounted(src, sa_) or _uncounted(tgt, sb_)))):
                    # "(*4 locais no total*)", "as 5 serrarias restantes" / "el resto de sus
                    # aserraderos", "las cuatro naciones": a total the reader knows, said again
                    # — advice ("recomendamos incluir dos"), or a heading against a text: a note
                    self.findings[-1].severity = "info"
            if kind != "cardinal":
                continue
            for v in sorted(set(sa) | set(sb), key=lambda v: (str(type(v)), v)):
                if wb[v] == 0 or wa[v] == 0:
                    continue
                # only for a reference or summary: a translation repeats or drops a number
                # as its sentences need ("as três fases ... las tres fases")
                if not both_ways and sb[v] > wa[v]:
                    na, nb = wa[v], wb[v]
                    self.add("T111", g, doc.id, f"count:{nummod.show(v)}:{na}≠{nb}",
                             {law.id: excerpts_of(src, _spans(a, v, kind)),
                              doc.id: excerpts_of(tgt, _spans(b, v, kind))}, pos,
                             value=nummod.show(v), na=na, nb=nb, law=law.id)


def _pair(only_a, only_b, a, b, kind, la, lb) -> list:
    """Pair values missing on each side that sit at about the same relative place."""
    def where(nums, v, n):
        return _first(nums, v, kind) / max(1, n)
    left = sorted(only_a, key=lambda v: _first(a, v, kind))
    right = sorted(only_b, key=lambda v: _first(b, v, kind))
    out = []
    used = set()
    for va in left:
        best = None
        for j, vb in enumerate(right):
            if j in used:
                continue
            d = abs(where(a, va, la) - where(b, vb, lb))
            if d <= 0.25 and (best is None or d < best[0]):
                best = (d, j)
        if best is None:
            out.append((va, None))
        else:
            used.add(best[1])
            out.append((va, right[best[1]]))
    out.extend((None, vb) for j, vb in enumerate(right) if j not in used)
    return out


# a number after a definite article ("as 5 serrarias", "das 4 clareiras de canto", "las cuatro
# naciones", "as demais 3 cartas") restates a total the reader knows
DEFINITE = {
    "pt": {"o", "a", "os", "as", "do", "da", "dos", "das", "no", "na", "nos", "nas", "ao", "aos",
           "à", "às", "pelos", "pelas"},
    "es": {"el", "la", "los", "las", "del", "al"},
}
_BETWEEN = {"pt": {"demais", "outras", "outros", "restantes"},
            "es": {"demas", "otras", "otros", "restantes"}}


def _restated(text: str, spans: list, lang: str) -> bool:
    """Every place the number stands is a restatement: inside a parenthesised aside, or after
    a definite article."""
    if not spans:
        return False
    parens = _parens(text)
    arts = {fold(w) for w in DEFINITE.get(lang, set())} | {
        fold(w) for w in nummod.word_list(lang, "definite", {})}
    between = _BETWEEN.get(lang, set())
    floors = {fold(w) for w in _FLOOR.get(lang, set())}
    nums = {(n.start, n.end): n for n in nummod.extract(text, lang, ordinal=False)}
    for a, b in spans:
        if any(x <= a and b <= y for x, y in parens):
            continue
        before = [t for t in nummod.tokenize(text[:a]) if t.is_word][-2:]
        words = [t.fold for t in before]
        if words and (words[-1] in arts or (len(words) == 2 and words[-1] in between
                                             and words[0] in arts)):
            continue
        # "a un mínimo de cero": every count stops at zero, the text only says it
        n = nums.get((a, b))
        if n is not None and n.value == 0 and words and words[-1] in floors | {"de"} and (
                words[-1] in floors or (len(words) == 2 and words[0] in floors)):
            continue
        # "as 5 serrarias, 5 oficinas e 5 recrutadores restantes": the article of a list
        # stands before its first item
        if _listed_after_restated(text, a, arts, between, lang):
            continue
        if _advice(text, a, lang):
            continue
        return False
    return True


# a sentence that advises ("recomendamos incluir dos de ellas") sets no rule: its numbers are
# no count a reader must follow (stems, matched at the start of a folded word)
ADVICE = {"pt": ["recomend", "sugerim", "sugere", "aconselh"],
          "es": ["recomend", "sugerim", "sugiere", "aconsej"]}
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)")


def _advice(text: str, at: int, lang: str) -> bool:
    starts = [0] + [m.end() for m in _SENTENCE_END.finditer(text) if m.end() <= at]
    m = _SENTENCE_END.search(text, at)
    sentence = text[starts[-1]:m.end() if m else len(text)]
    stems = tuple(fold(w) for w in nummod.word_list(lang, "advice", ADVICE))
    return any(t.is_word and t.fold.startswith(stems) for t in nummod.tokenize(sentence))


_FLOOR = {"pt": {"mínimo"}, "es": {"mínimo"}}


def _listed_after_restated(text: str, a: int, arts: set, between: set, lang: str) -> bool:
    """The number at `a` continues a list ("X, 5 Y e 5 Z") whose first number follows a
    definite article."""
    toks = nummod.tokenize(text[:a])
    joints = {fold(w) for w in nummod.word_list(lang, "and", {"pt": ["e"], "es": ["y", "e"]})}
    k = len(toks) - 1
    if k < 0 or not (toks[k].text == "," or toks[k].fold in joints):
        return False
    # back over "<number> <one or two words>" items to the first number of the list
    while k >= 0:
        k -= 1
        words = 0
        while k >= 0 and toks[k].is_word and words < 3:
            k -= 1
            words += 1
        if k < 0 or not toks[k].text[:1].isdigit() and nummod.parse_number_word(toks[k].text, lang) is None:
            return False
        first = k
        if first > 0 and (toks[first - 1].text == "," or toks[first - 1].fold in joints):
            k = first - 1
            continue
        prev = [t.fold for t in toks[:first] if t.is_word][-2:]
        return bool(prev) and (prev[-1] in arts or (len(prev) == 2 and prev[-1] in between
                                                    and prev[0] in arts))
    return False


def _first(nums, v, kind) -> int:
    for x in nums:
        if x.kind == kind and x.value == v:
            return x.start
    return 0


# a number with no noun after it ("Exaura 1 para reparar", "exaurir 1 e a coloque") in a
# paragraph whose document lost its icons (erro_conhecido): the icon it counted is gone, so
# what it counts is unknown and the other text cannot be said to lack it
_GAP = re.compile(r"\s*(?:[.;:)]|$|(?:para|e|y|o|ou)\b)")


def _uncounted(text: str, spans: list) -> bool:
    """Every place the number stands is followed by a gap where its noun was (a lost icon)."""
    return bool(spans) and all(_GAP.match(text, end) for _, end in spans)


def _spans(nums, v, kind) -> list:
    if v is None:
        return []
    return [(x.start, x.end) for x in nums if x.kind == kind and x.value == v]
