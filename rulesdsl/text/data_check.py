"""Text against data: the numbers of each rule block compared with the text of the Law
paragraphs it cites (T160/T161/T163), and citations of paragraphs that do not exist (T162).

(Split out of coverage.py, which finds the blocks: `Scan`.)"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from .. import lexicon as lexmod
from ..errors import Pos, fold
from ..loader import YDict, YList, YStr
from . import numbers as nummod
from .catalogue import Catalogue, nearest_key, raw_scalar
from .coverage import IGNORED_KEYS, TRIVIAL, Citation, Scan, _file_text, _is_law_key, _rel, resolve

@dataclass
class DataNum:
    value: object
    pos: Pos | None
    surface: str


MAX_DEPTH = 3


def _is_prose_by_language(node) -> bool:
    """{pt: "...", es: "..."}: display text in several languages, not data."""
    langs = set(lexmod.available())
    return isinstance(node, YDict) and bool(node) and all(str(k) in langs for k in node)


def _is_collection(node) -> bool:
    """A mapping of ids to entities ({c1: {...}, c2: {...}}): the data the block describes,
    not quantities of the rule it implements."""
    return (isinstance(node, YDict) and len(node) >= 2
            and all(isinstance(v, (YDict, YList)) for v in node.values()))


def block_numbers(block: YDict, lang: str, text: str) -> list[DataNum]:
    """The quantities a rule block states: its scalars and effect expressions, down to a few
    levels. Left out: nested blocks that cite their own paragraph, notes and sources, names and
    ids, display text in several languages, and collections of entities (a map's clearings)."""
    out: list[DataNum] = []
    try:
        lex = lexmod.get(lang)
    except KeyError:
        lex = None

    def visit(node, key, depth):
        if depth > MAX_DEPTH:
            return
        if isinstance(node, YDict):
            if node is not block and (any(_is_law_key(k) for k in node) or _is_prose_by_language(node)
                                      or _is_collection(node)):
                return
            for k, v in node.items():
                if _is_law_key(k):
                    continue
                kf = fold(str(k))
                nk = lex.key_of(str(k)) if lex is not None else None
                if (nk or kf) in IGNORED_KEYS or kf.endswith(("_id", "-id")) or kf.startswith("ref_"):
                    continue
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    out.append(DataNum(_num(v), node.val_pos.get(k), raw_scalar(text, node.val_pos.get(k)) or str(v)))
                else:
                    visit(v, kf, depth + 1)
        elif isinstance(node, YList):
            for i, v in enumerate(node):
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    out.append(DataNum(_num(v), node.item_pos[i], str(v)))
                else:
                    visit(v, key, depth + 1)
        elif isinstance(node, YStr):
            s = str(node)
            if re.fullmatch(r"\s*\d+(?:/\d+)?\s*", s):
                found = nummod.extract(s, lang)
                if found:
                    out.append(DataNum(found[0].value, node.pos, s.strip()))
                return
            if not re.search(r"\s", s.strip()):
                v = nummod.parse_number_word(s.strip(), lang)     # "oito", "mitad"
                if v is not None and fold(s.strip()) in nummod.cardinals(lang):
                    out.append(DataNum(v, node.pos, s.strip()))
                return   # else an identifier ("carta-12", "clareira_3")
            for n in nummod.extract(s, lang, ordinal=False):
                if n.strong and n.kind == "cardinal":
                    out.append(DataNum(n.value, node.at(n.start, n.end - n.start), n.surface))
    visit(block, None, 0)
    return out


# words that make a count a remainder: "os 14 jardins restantes", "los demás"
_REMAINDER = {"pt": ("restante", "restantes", "demais", "sobrando"),
              "es": ("restante", "restantes", "demas", "sobrantes")}


def _block_quantity(block, lang):
    """The block's own `quantidade:` (how many pieces of a kind) or `inicial:` (a counter's
    starting amount: 3 crowns of each of 3 ranks), when it has one."""
    try:
        lex = lexmod.get(lang)
    except KeyError:
        return None
    for k, v in block.items():
        if lex.key_of(str(k)) in ("count", "initial") and isinstance(v, int) and not isinstance(v, bool):
            return v
    return None


def _remainder(text: str, n, lang: str) -> bool:
    """Is the number read as what is left ("os 14 jardins restantes")? A remainder word
    among the three words before or after it."""
    words = _REMAINDER.get(lang, ())
    before = re.findall(r"\w+", fold(text[max(0, n.start - 40):n.start]))[-3:]
    after = re.findall(r"\w+", fold(text[n.end:n.end + 60]))[:3]
    return any(w in words for w in before + after)


def block_xrefs(block: YDict, lang: str) -> set[str]:
    """Paragraph numbers mentioned inside the block's strings ('... (3.3.1.II)')."""
    out: set[str] = set()

    def visit(node):
        if isinstance(node, YDict):
            for k, v in node.items():
                if not _is_law_key(k):
                    visit(v)
        elif isinstance(node, YList):
            for v in node:
                visit(v)
        elif isinstance(node, str):
            out.update(x.number for x in nummod.xrefs(str(node), lang) if not x.chapter_only)
    visit(block)
    return out


def _num(v):
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, float):
        from fractions import Fraction
        return Fraction(v).limit_denominator(100)
    return v


def _paragraph_numbers(cat: Catalogue, key: str, descendants: bool) -> tuple[set, list]:
    law = cat.law
    vals: set = set()
    strong_nums = []
    for k, p in law.paragraphs.items():
        if k == key or (descendants and k.startswith(key + ".")):
            for txt in (p.full, p.known_typo, p.note):
                for n in nummod.extract(txt, law.lang):
                    vals.add(n.value)
            if k == key:
                strong_nums = [n for n in nummod.extract(p.full, law.lang)
                               if n.kind == "cardinal" and n.strong]
    return vals, strong_nums


def data_findings(cat: Catalogue, s: Scan) -> list:
    from .checks import Finding, excerpt
    law = cat.law
    out = []
    by_key: dict[str, list[Citation]] = defaultdict(list)
    for c in s.data:
        for i, k in enumerate(c.keys):
            r = resolve(k, law.paragraphs)
            if r is None:
                pos = c.key_pos[i] if i < len(c.key_pos) and c.key_pos[i] else c.pos
                hint = nearest_key(k, list(law.paragraphs))
                out.append(Finding("T162", k, _rel(pos.file), {"para": k, "file": _rel(pos.file),
                                                               "line": pos.line, "hint": hint or "—"},
                                   {}, f"cite:{k}:{_rel(pos.file)}", pos))
                continue
            by_key[r].append(c)
    for key, cites in by_key.items():
        p = law.paragraphs[key]
        allowed, strong = _paragraph_numbers(cat, key, True)
        union: set = set()
        data_only = []          # (citation, DataNum) the text does not have
        siblings = Counter(c.parent for c in cites if c.parent is not None)
        union.update(n for n in siblings.values() if n > 1)   # 3 phases = 3 blocks citing 1.4.1
        for c in cites:
            nums = block_numbers(c.block, c.lang, _file_text(c.pos.file))
            for other in list(c.keys) + sorted(block_xrefs(c.block, c.lang)):
                r = resolve(other, law.paragraphs)
                if r and r != key:
                    allowed |= _paragraph_numbers(cat, r, True)[0]
            union.update(dn.value for dn in nums)
            data_only.extend((c, dn) for dn in nums if dn.value not in TRIVIAL)
        data_only = [(c, dn) for c, dn in data_only
                     if dn.value not in allowed and dn.value not in _comment_numbers(cat, dn)]
        text_only = []
        # pieces of one kind per block (3 garden kinds of 5, citing one paragraph): the text
        # counts them all ("os 15 jardins"), or what is left once some are placed ("os 14
        # jardins restantes")
        total = sum(q for q in (_block_quantity(c.block, c.lang) for c in cites) if q)
        if total:
            union.add(total)
        for n in strong:
            if n.value in union or n.value in [x.value for x in text_only]:
                continue
            if total and isinstance(n.value, int) and n.value < total and _remainder(p.full, n, law.lang):
                continue
            text_only.append(n)
        said = ", ".join(nummod.show(n.value) for n in text_only)
        # a list of components ("56 guerreiros (20 das Centenas, 15 ...), 1 Senhor da Guerra"):
        # a block that counts one kind of piece the list does not name is not contradicted by
        # it — the other numbers of the list count other things (a note, T163)
        distinct = {n.value for n in strong}
        inventory = len(distinct) > 2 and len(text_only) > len(distinct) / 2
        listing = len(distinct) >= LIST_NUMBERS
        for c, dn in data_only:
            file = _rel(c.pos.file)
            conflict = bool(text_only) and not inventory and not listing
            out.append(Finding("T160" if conflict else "T163", key, file,
                               {"para": key, "value": nummod.show(dn.value), "file": file,
                                "line": dn.pos.line if dn.pos else c.pos.line, "text": said or "—"},
                               {law.id: excerpts_of_nums(p.full, text_only) if conflict else excerpt(p.full),
                                file: dn.surface},
                               f"data:{nummod.show(dn.value)}", dn.pos or c.pos))
            out[-1].focus = [dn.surface]
        if data_only:
            continue    # the text's numbers are named in the conflicts above
        if inventory:
            continue    # the blocks implement part of an inventory-like paragraph: no verdict
        for n in text_only:
            c = cites[0]
            file = _rel(c.pos.file)
            out.append(Finding("T161", key, file,
                               {"para": key, "value": nummod.show(n.value), "file": file,
                                "line": c.pos.line},
                               {law.id: excerpt(p.full, n.start, n.end)},
                               f"text:{nummod.show(n.value)}", c.pos))
            out[-1].focus = [excerpt(p.full, n.start, n.end)]
    return out


# a paragraph with this many different numbers is a list of components, not one count
LIST_NUMBERS = 4
# a comment naming a reference document ("root-components.md", "glossary.md") is the number's source
_SOURCE_FILE_RE = re.compile(r"[\w-]+\.(?:md|txt|ya?ml)\b")


def _comment_numbers(cat: Catalogue, dn: DataNum) -> set:
    """Numbers of the paragraphs a comment on the value's own line cites (`alcance: 10  # 5.2`)."""
    if dn.pos is None:
        return set()
    lines = _file_text(dn.pos.file).splitlines()
    if not (1 <= dn.pos.line <= len(lines)):
        return set()
    line = lines[dn.pos.line - 1]
    hash_at = line.find("#", dn.pos.col)
    if hash_at < 0:
        return set()
    out: set = set()
    comment = line[hash_at + 1:]
    if _SOURCE_FILE_RE.search(comment):
        return {dn.value}   # `alcance: 8  # root-components.md (VRA)`: the number has a source
    for x in nummod.xrefs(comment, cat.lang):
        r = resolve(x.number, cat.law.paragraphs)
        if r:
            out |= _paragraph_numbers(cat, r, True)[0]
    return out


def excerpts_of_nums(text: str, nums: list) -> str:
    from .checks import excerpts_of
    return excerpts_of(text, [(n.start, n.end) for n in nums])
