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

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from ..errors import Pos, fold, format_message
from . import numbers as nummod
from . import semantics as semmod
from .catalogue import (Acceptance, Catalogue, Document, Paragraph, chapter_of, hash_matches,
                        nearest_key, normalize_text, text_hash)

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
# vocabulary of conditions (folded unless noted); a third language adds its own in its lexicon

NEGATION = {
    "pt": ["não", "nunca", "nenhum", "nenhuma", "nenhuns", "nenhumas", "nada", "ninguém", "nem",
           "jamais", "tampouco", "sem",
           # "deixa de receber" = "não recebe mais"
           "deixa de", "deixas de", "deixam de", "deixar de", "deixará de", "deixarão de"],
    "es": ["no", "nunca", "ningún", "ninguno", "ninguna", "ningunos", "ningunas", "nada", "nadie",
           "ni", "jamás", "tampoco", "sin",
           "deja de", "dejas de", "dejan de", "dejar de", "dejará de", "dejarán de"],
}
# phrases whose words are not a negation (they are counted elsewhere, or mean something else)
NOT_NEGATION = {
    "pt": ["não obstante", "a não ser", "sem incluir", "sem contar", "não incluindo", "não inclui",
           "não incluem", "nem sempre"],
    "es": ["no obstante", "a no ser", "sin incluir", "sin contar", "no incluyendo", "no incluye",
           "no incluyen", "sin embargo", "ni siquiera", "sin cuartel"],
}
# negated attributes: "um item não danificado", "un claro no afín", "bono no tapado" name a state
# (the other text often says it with a positive word: "clareira neutra", "bônus revelado"), they
# restrict nothing; both languages list theirs so that the pair compares alike
NEGATED_ATTRIBUTES = {
    "pt": ["não danificado", "não danificados", "não danificada", "não danificadas",
           "não coberto", "não cobertos", "não coberta", "não cobertas",
           "não construída", "não construídas", "não construído", "não construídos"],
    "es": ["no dañado", "no dañados", "no dañada", "no dañadas", "no afín", "no afines",
           "no tapado", "no tapados", "no tapada", "no tapadas",
           "no construida", "no construidas", "no construido", "no construidos"],
}
EXCEPTION = {
    "pt": ["exceto", "excepto", "salvo", "exceção", "exceções", "a menos que", "a não ser",
           "excetuando", "tirando",
           "além dos", "além das"],          # "cada facção além dos Malandros" = "no-Vagabundo"
    "es": ["excepto", "salvo", "excepción", "excepciones", "a menos que", "a no ser",
           "exceptuando", "menos"],
}
INCLUSION = {
    "pt": ["incluindo", "inclusive", "incluído", "incluída", "incluídos", "incluídas", "inclui",
           "incluem", "contando"],
    "es": ["incluyendo", "inclusive", "incluido", "incluida", "incluidos", "incluidas", "incluye",
           "incluyen", "contando",
           # "incluso una carta de dominación"; bare "incluso" is "even" ("incluso Hostil")
           "incluso un", "incluso una", "incluso unos", "incluso unas", "incluso el",
           "incluso la", "incluso los", "incluso las"],
}
EXCLUSION = {
    "pt": ["sem incluir", "sem contar", "não incluindo", "não inclui", "não incluem", "excluindo",
           "exclusive"],
    "es": ["sin incluir", "sin contar", "no incluyendo", "no incluye", "no incluyen", "excluyendo",
           "exclusive"],
}
OR_WORDS = {"pt": ["ou"], "es": ["o", "u"]}
# set phrases where one language says "or" and the other "and" for the same thing
OR_AND_IDIOMS = {
    "pt": ["ordem ou combinação", "ordem e combinação", "origem e destino", "origem e a de destino",
           "origem ou destino", "e / ou"],     # "guerreiros e/ou peões" is neither
    "es": ["orden y combinación", "orden o combinación", "origen o destino", "origen o de destino",
           "origen y destino"],
}
AND_WORDS = {"pt": ["e"], "es": ["y", "e"]}      # accents kept: "é" is not "e"
# "menos" is "except" only after "todo(s)/todas" ("todos menos uno"); elsewhere "less"
_ES_MENOS_AFTER = {"todo", "todos", "todas", "toda"}

_CLAUSE_BREAK = {".", ";", ":", "!", "?"}
NEG_WINDOW = 6
# share of concepts two texts must have in common before a missing one counts as drift
GLOSSARY_PARALLEL = 0.7
# ... and about as long (a much shorter text leaves things out; that is not drift)
GLOSSARY_LENGTH = (0.75, 1.35)


_VOCAB_CACHE: dict = {}


def _vocab(table: dict, lang: str, section: str) -> list[list[str]]:
    key = (id(table), lang, section, id(nummod._extra(lang)))
    got = _VOCAB_CACHE.get(key)
    if got is None:
        phrases = nummod.word_list(lang, section, table)
        got = _VOCAB_CACHE[key] = sorted(([fold(w) for w in p.split()] for p in phrases),
                                         key=len, reverse=True)
    return got


def _by_first_word(phrases) -> dict:
    index: dict = {}
    for p in phrases:          # longest first, kept in each list
        if p:
            index.setdefault(p[0], []).append(p)
    return index


def _match_phrases(toks, phrases, used: set | None = None, *, accent=False):
    """Indices (start, end) of every phrase occurrence; longest first; `used` tokens skipped."""
    used = used if used is not None else set()
    out = []
    words = [t.low if accent else t.fold for t in toks]
    index = _by_first_word(phrases)
    n = len(toks)
    for i in range(n):
        if i in used:
            continue
        for p in index.get(words[i], ()):
            j = i + len(p)
            if j <= n and words[i:j] == p and not any(k in used for k in range(i, j)):
                out.append((i, j))
                used.update(range(i, j))
                break
    return out


@dataclass
class Conditions:
    negation: list        # [(start_char, end_char)] one per negation group
    exception: list
    inclusion: list
    exclusion: list
    or_: list
    and_: list
    only: list = field(default_factory=list)       # "só / sólo": a restriction said positively
    merged: int = 0       # exceptions that complete a negation of their clause ("não ... a menos que")
    merged_out: int = 0   # ... of them, outside parentheses
    parens: list = field(default_factory=list)     # [(start, end)] of the parenthesised asides
    attributes: list = field(default_factory=list)  # negated attributes ("não danificado")

    def restrictions(self, outside_parens: bool = False) -> int:
        """How many restrictions the text states, however it words them: "não podem ser
        removidas a menos que ...", "sólo pueden ser retiradas por ..." and "no-Vagabundo" /
        "exceto o Malandro" are one each."""
        if not outside_parens:
            return len(self.negation) + len(self.exception) - self.merged + len(self.only)
        out = [x for x in self.negation + self.only if not self.inside(x)]
        return len(out) + len([x for x in self.exception if not self.inside(x)]) - self.merged_out

    def inside(self, span) -> bool:
        return any(a <= span[0] and span[1] <= b for a, b in self.parens)


def _parens(text: str) -> list:
    """Spans of the parenthesised asides of `text` ("(*Peças podem ser movidas ...*)")."""
    out, stack = [], []
    for i, ch in enumerate(text):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            a = stack.pop()
            if not stack:
                out.append((a, i + 1))
    return out


@lru_cache(maxsize=4096)
def conditions(text: str, lang: str) -> Conditions:
    """The conditions of one text (the same text is read by several checks: kept, unchanged)."""
    toks = [t for t in nummod.tokenize(text)]
    used: set[int] = set()
    excl = _match_phrases(toks, _vocab(EXCLUSION, lang, "exclusion"), used)
    notneg = _match_phrases(toks, _vocab(NOT_NEGATION, lang, "not_negation"), set(used))
    attrs = _match_phrases(toks, _vocab(NEGATED_ATTRIBUTES, lang, "negated_attributes"),
                           set(used) | {k for a, b in notneg for k in range(a, b)})
    notneg += attrs
    exc_used = set(used)
    exc = _match_phrases(toks, _vocab(EXCEPTION, lang, "exception"), exc_used)
    if lang == "es":   # "menos" only after todo/todos
        exc = [(a, b) for a, b in exc if not (toks[a].fold == "menos" and
                                              (a == 0 or toks[a - 1].fold not in _ES_MENOS_AFTER))]
    incl = _match_phrases(toks, _vocab(INCLUSION, lang, "inclusion"), set(used))
    blocked = set(used)
    for a, b in notneg + exc:
        blocked.update(range(a, b))
    negs = _match_phrases(toks, _vocab(NEGATION, lang, "negation"), blocked)
    # "no-Vagabundo", "não-Hostil": a negation glued to a name by a hyphen excludes that name,
    # as "exceto o Malandro" does
    glued = [(a, b) for a, b in negs if b < len(toks) and toks[b].text == "-"
             and toks[b].start == toks[a].end]
    negs = [x for x in negs if x not in glued]
    exc = sorted(exc + glued)
    # a negation word that follows another within a few words of the same clause belongs to
    # the same negation ("não ... nenhum", "no puede nunca", "sem ... nem", "no es ... por
    # tanto no puede"): languages repeat negators differently, so counting each word would
    # flag every double negation; grouping them is what keeps "no puede nunca" = "nunca pode"
    groups = []
    last_end = None
    for a, b in sorted(negs):
        if (last_end is not None and a - last_end <= NEG_WINDOW
                and not any(toks[k].text in _CLAUSE_BREAK for k in range(last_end, a))):
            groups[-1] = (groups[-1][0], b)
        else:
            groups.append((a, b))
        last_end = b
    # an exception that closes a negation of its own clause restricts with it: "não podem ser
    # removidas a menos que explicitado" is one restriction ("sólo pueden ser retiradas por")
    merged = []
    for a, b in exc:
        if any(ga < a and a - gb <= 2 * NEG_WINDOW and not any(
                toks[k].text in _CLAUSE_BREAK for k in range(gb, a)) for ga, gb in groups):
            merged.append((a, b))
    only_vocab = semmod._vocab(semmod.QUANTIFIERS, lang, "quantifiers").get("only", [])
    only = _match_phrases(toks, only_vocab, set(blocked))
    idiom_used: set[int] = set()
    _match_phrases(toks, _vocab(OR_AND_IDIOMS, lang, "or_and_idioms"), idiom_used)
    ors = _match_phrases(toks, [[w] for w in nummod.word_list(lang, "or", OR_WORDS)], set(idiom_used), accent=True)
    ands = _match_phrases(toks, [[w] for w in nummod.word_list(lang, "and", AND_WORDS)], set(idiom_used), accent=True)

    def spans(pairs):
        return [(toks[a].start, toks[b - 1].end) for a, b in pairs]
    c = Conditions(spans(groups), spans(exc), spans(incl), spans(excl), spans(ors), spans(ands),
                   spans(only), len(merged), parens=_parens(text), attributes=spans(attrs))
    c.merged_out = sum(1 for x in spans(merged) if not c.inside(x))
    return c


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


# ---------------------------------------------------------------------------------------------
# the checks

class Checker:
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

    # -- numbers -------------------------------------------------------------------------------
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
                        _restated(src, sa_, law.lang) if vb is None else _restated(tgt, sb_, doc.lang))):
                    # "(*4 locais no total*)", "as 5 serrarias restantes" / "el resto de sus
                    # aserraderos", "las cuatro naciones": a total the reader knows, said again
                    # — or a heading against a text: a note
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

    # -- conditions ----------------------------------------------------------------------------
    def conditions(self, g: Group, both_ways: bool) -> None:
        if g.heading_only():
            return
        law, doc = self.law, g.doc
        src, tgt = g.source_text(), g.target_text()
        ca, cb = conditions(src, law.lang), conditions(tgt, doc.lang)
        pos = g.target[0].pos

        def differ(x, y):
            return len(x) != len(y) if both_ways else len(y) > len(x)
        # "exceto o Malandro" and "no-Vagabundo", "não podem ser removidas a menos que" and
        # "sólo pueden ser retiradas" restrict alike: a negation traded for an exception or an
        # "only" (or back) is a rewording, not a change
        traded = ca.restrictions() == cb.restrictions()
        # the same restrictions outside the parenthesised asides: the difference is in a
        # reminder ("(*não precisam ser todas na mesma clareira*)"): a warning, for a reading
        aside = ca.restrictions(True) == cb.restrictions(True)
        for code, field_ in (("T120", "negation"), ("T121", "exception")):
            x, y = getattr(ca, field_), getattr(cb, field_)
            if differ(x, y) and not traded:
                self.add(code, g, doc.id, f"{field_}:{len(x)}≠{len(y)}",
                         {law.id: excerpts_of(src, x, 3), doc.id: excerpts_of(tgt, y, 3)}, pos,
                         marks=_marks(law.id, src, x, doc.id, tgt, y),
                         na=len(x), nb=len(y), law=law.id)
                if not both_ways:
                    # a summary or reference says it its own way ("não pode" for "só pode"):
                    # counted negations there are a note (all ten sampled were paraphrase)
                    self.findings[-1].severity = "info"
                elif code == "T120" and (aside or len(g.law) != len(g.target)):
                    # ... or several Law paragraphs rendered by another number of paragraphs
                    # (a glossary and a rule merged into one section): the count spans texts
                    # that do not say the same things, a reading decides
                    self.findings[-1].severity = "warning"
        if both_ways and traded and (len(ca.negation), len(ca.exception), len(ca.only)) != (
                len(cb.negation), len(cb.exception), len(cb.only)):
            # the same restrictions worded another way ("não ... a menos que" / "sólo"): a note,
            # which names the wording so that a later change of it shows
            wa = f"{len(ca.negation)}/{len(ca.exception)}/{len(ca.only)}"
            wb = f"{len(cb.negation)}/{len(cb.exception)}/{len(cb.only)}"
            self.add("T127", g, doc.id, f"restrictions:{wa}≠{wb}",
                     {law.id: excerpts_of(src, ca.negation + ca.exception + ca.only, 3),
                      doc.id: excerpts_of(tgt, cb.negation + cb.exception + cb.only, 3)}, pos,
                     law=law.id, kind="restrictions", a=wa, b=wb, what=f"{wa} — {wb}")
            f = self.findings[-1]
            f.severity = "info"
            f.args_by_lang = {lg: {k: self._say(v, lg) for k, v in f.args.items()} for lg in ("pt", "es")}
        if both_ways and len(ca.attributes) != len(cb.attributes):
            # "espadas não danificadas" / "espadas dañadas": a state said with "não" on one
            # side only — often a positive word there ("clareira neutra" / "claro no afín"): a note
            self.add("T127", g, doc.id, f"attributes:{len(ca.attributes)}≠{len(cb.attributes)}",
                     {law.id: excerpts_of(src, ca.attributes), doc.id: excerpts_of(tgt, cb.attributes)},
                     pos, marks=_marks(law.id, src, ca.attributes, doc.id, tgt, cb.attributes),
                     law=law.id, kind="attributes", a=str(len(ca.attributes)),
                     b=str(len(cb.attributes)), what=f"{len(ca.attributes)}/{len(cb.attributes)}")
            f = self.findings[-1]
            f.severity = "info"
            f.args_by_lang = {lg: {k: self._say(v, lg) for k, v in f.args.items()} for lg in ("pt", "es")}
        if differ(ca.inclusion, cb.inclusion) or differ(ca.exclusion, cb.exclusion):
            self.add("T122", g, doc.id,
                     f"inclusion:{len(ca.inclusion)}/{len(ca.exclusion)}≠{len(cb.inclusion)}/{len(cb.exclusion)}",
                     {law.id: excerpts_of(src, ca.inclusion + ca.exclusion),
                      doc.id: excerpts_of(tgt, cb.inclusion + cb.exclusion)}, pos,
                     ia=len(ca.inclusion), xa=len(ca.exclusion), ib=len(cb.inclusion),
                     xb=len(cb.exclusion), law=law.id)
            # "incluindo pássaros" against "sin incluir los pájaros": one includes what the
            # other excludes — the rule is reversed, an error in a translation
            flipped = ((ca.inclusion and not ca.exclusion and cb.exclusion and not cb.inclusion)
                       or (ca.exclusion and not ca.inclusion and cb.inclusion and not cb.exclusion))
            if flipped and both_ways:
                self.findings[-1].severity = "error"
        # "ou/e" of the rules, not of their titles ("Removendo Construções ou Marcadores." /
        # "Fichas.": a title names, it does not choose)
        src, tgt = "\n".join(p.text for p in g.law), "\n".join(p.text for p in g.target)
        ca, cb = conditions(src, law.lang), conditions(tgt, doc.lang)
        d_or = len(cb.or_) - len(ca.or_)
        d_and = len(cb.and_) - len(ca.and_)
        if d_or and d_and and (d_or > 0) != (d_and > 0) and (both_ways or d_or > 0):
            self.add("T123", g, doc.id, f"or:{len(ca.or_)}≠{len(cb.or_)}",
                     {law.id: excerpts_of(src, ca.or_ or ca.and_),
                      doc.id: excerpts_of(tgt, cb.or_ or cb.and_)}, pos,
                     oa=len(ca.or_), ob=len(cb.or_), aa=len(ca.and_), ab=len(cb.and_), law=law.id)

    # -- meaning -------------------------------------------------------------------------------
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

    # -- glossary ------------------------------------------------------------------------------
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

    # -- cross-references ----------------------------------------------------------------------
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


@lru_cache(maxsize=4096)
def fold_same_length(text: str) -> str:
    """`fold`, character by character, keeping every position (for spans into the original)."""
    out = []
    for ch in text:
        f = fold(ch)
        out.append(f if len(f) == 1 else ch.lower())
    return "".join(out)


def titles_match(a: str, b: str) -> bool:
    fa = " ".join(re.sub(r"[^\w\s]", " ", fold(a)).split())
    fb = " ".join(re.sub(r"[^\w\s]", " ", fold(b)).split())
    if not fa or not fb:
        return True
    if fa == fb or fa in fb or fb in fa:
        return True
    import difflib
    return difflib.SequenceMatcher(None, fa, fb).ratio() >= 0.8


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
    for a, b in spans:
        if any(x <= a and b <= y for x, y in parens):
            continue
        before = [t for t in nummod.tokenize(text[:a]) if t.is_word][-2:]
        words = [t.fold for t in before]
        if words and (words[-1] in arts or (len(words) == 2 and words[-1] in between
                                             and words[0] in arts)):
            continue
        return False
    return True


def _first(nums, v, kind) -> int:
    for x in nums:
        if x.kind == kind and x.value == v:
            return x.start
    return 0


def _spans(nums, v, kind) -> list:
    if v is None:
        return []
    return [(x.start, x.end) for x in nums if x.kind == kind and x.value == v]


def _marks(ida, texta, spansa, idb, textb, spansb) -> dict:
    """{document: [the words at these spans]} (what the HTML report highlights)."""
    out = {ida: [texta[a:b] for a, b in spansa or []]}
    out.setdefault(idb, []).extend(textb[a:b] for a, b in spansb or [])
    return out


def _natural(number: str) -> tuple:
    return tuple((0, int(x), "") if x.isdigit() else (1, 0, x) for x in number.split("."))


def doc_pos(doc: Document) -> Pos | None:
    if doc.path:
        return Pos(doc.path, 1, 1)
    return doc.declared_pos


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
    return out


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
        both = doc.role == "translation"
        ck.scope(doc, groups)
        ns_map = number_map(cat, doc) if doc.role in ("translation", "reference") else {}
        if doc.role == "translation":
            ck.renumbering(doc)
        for g in groups:
            ck.numbers(g, both)
            ck.conditions(g, both)
            ck.meaning(g, both)
            ck.glossary(g, both)
            if doc.role in ("translation", "reference"):
                ck.xref_compare(g, ns_map)
        ck.xref_exists(doc)
        ck.stale(doc, rep)
    if data is not None:
        from .coverage import data_findings
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
