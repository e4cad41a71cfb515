"""A condition or a duty one text of a rule states and the other leaves out (T190, T191).

"Caso mais de um jogador consiga 30 pontos ao mesmo tempo, vence quem joga a rodada" against
a translation that stops after "gana inmediatamente"; "na clareira com menos guerreiros e onde
todas essas peças possam ser posicionadas" against "en un claro con la menor cantidad de
guerreros": no number, negation, place or phase changed, yet the rule is another. So each text
is cut into *condition clauses* — from a conditional marker ("se", "caso", "quando", "sempre
que", "a menos que", "exceto se", "onde", "cujo"; "si", "cuando", "en caso de que", "donde",
"cuyo" ...) to the next comma or end of sentence — and the clauses of the two texts are paired:

  - by what they name: glossary concepts and numbers in common (the glossary aligns the
    languages), most in common first;
  - failing that, by kind ("caso" and "si" are both an "if"): when both name something, when
    their sentences are paired, or when neither names what the other text never names
    ("se possível" is no answer to "Si la Marquesa no está jugando" where the Marquise is
    never named);
  - each clause answers at most one clause of the other text.

Sentences are paired one to one too (concepts, numbers and four-letter stems in common). A
clause left without a counterpart is a warning when its whole sentence has no counterpart
(a sentence the translation lacks), or when it names what the other text never names and says
something with it (a number, negation, quantifier, modal or timing word). Not reported: an
aside in parentheses, a word in quotes ("Qualquer coisa que diga 'quando'"), pt "se" as a
pronoun, a "where" naming no concept ("donde esté"), a preference of the reader ("Se você
prefere ..."), an "unless" answered by an "only" of the other text, a "cujo ... corresponda"
answered by a "matching" word there (ANSWERED_BY).

T191 is the same for a sentence that obliges ("deve", "debe", "tiene que"): without a
counterpart sentence, most of its concepts (two at least) absent from the other text.

A reference may leave things out of what it restates: there only what it *adds* warns, and
what it leaves out is a note; in a summary both are notes. Groups where several Law
paragraphs are merged another way, and a title against a text, are not compared.

Word lists for pt and es are built in; a third language adds under `text:` in its lexicon
`condition_markers` ({kind: [phrases]}, kinds if / when / unless / only_if / where),
`condition_marker_after` (words a bare marker like pt "se" must follow to be a condition),
`condition_marker_bare` and `preference` (stems)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import fold
from . import numbers as nummod
from .conditions import _parens, conditions
from .findings import _marks, excerpts_of
from .groups import Group

# condition markers by what they mean: "Caso ambos os dados mostrem ..." and "Si las tiradas
# son iguales" are both an "if" — two clauses of one kind pair when nothing better does
MARKERS = {
    "pt": {"if": ["se", "caso", "no caso de", "desde que", "contanto que"],
           "when": ["quando", "sempre que", "enquanto", "a partir do momento que",
                    "a partir do momento em que", "assim que", "logo que"],
           "unless": ["a menos que", "a não ser que", "exceto se", "salvo se"],
           "only_if": ["só se", "somente se", "apenas se"],
           "where": ["onde", "cujo", "cuja", "cujos", "cujas"]},
    "es": {"if": ["si", "en caso de que", "en caso de", "siempre y cuando"],
           "when": ["cuando", "siempre que", "mientras", "a partir del momento en que",
                    "en cuanto", "tan pronto como"],
           "unless": ["a menos que", "a no ser que", "excepto si", "salvo si", "salvo que"],
           "only_if": ["sólo si", "solo si", "únicamente si"],
           "where": ["donde", "cuyo", "cuya", "cuyos", "cuyas"]},
}
# a bare marker that is also a pronoun or an article (pt "se": "você se mover") is a condition
# only at the start of a clause, or after one of these words
BARE = {"pt": {"se"}, "es": set()}
AFTER = {"pt": ["e", "mas", "ou", "então", "porém", "entretanto", "contudo", "só", "somente",
                "apenas", "exceto", "salvo", "mesmo", "nem"],
         "es": []}
# "Se você prefere aprender com regras formais, leia este livro": the reader's taste, no
# condition of a rule (stems of wanting and preferring, right after the marker)
PREFERENCE = {"pt": ["prefer", "quis", "desej"], "es": ["prefier", "prefer", "quier", "dese"]}
PREFERENCE_WINDOW = 2
_STOP = {",", ".", ";", ":", "!", "?", "(", ")", "—", "–", "\n"}
_OPEN = {".", ";", ":", "!", "?", "(", ",", "—", "–", "\n"}


@dataclass
class Clause:
    start: int
    end: int
    marker: str
    kind: str
    concepts: set = field(default_factory=set)
    numbers: set = field(default_factory=set)
    aside: bool = False
    weighty: bool = False      # a number, negation, quantifier, modal or timing word inside
    quantifiers: set = field(default_factory=set)   # their classes ("matching", "may", "not")

    @property
    def content(self) -> set:
        return self.concepts | {("n", v) for v in self.numbers}


_PHRASES: dict = {}


def _phrases(lang: str) -> dict:
    """first word → [(words, kind)] of the markers, longest first; a lexicon's
    `condition_markers` is a mapping kind → phrases like the built-in table. (Kept per lexicon
    section read: a lexicon added later is read afresh.)"""
    extra = nummod._extra(lang)
    key = (lang, id(extra))
    if key in _PHRASES:
        return _PHRASES[key]
    table = {k: list(v) for k, v in MARKERS.get(lang, {}).items()}
    more = extra.get("condition_markers")
    if isinstance(more, dict):
        for k, v in more.items():
            table.setdefault(str(k), []).extend(str(x) for x in v or [])
    out: dict = {}
    for words, k in sorted(((p.lower().split(), k) for k, ps in table.items() for p in ps),
                           key=lambda x: len(x[0]), reverse=True):
        out.setdefault(words[0], []).append((words, k))
    _PHRASES[key] = out
    return out


def clauses(text: str, lang: str, hits: dict) -> list[Clause]:
    """The condition clauses of `text`, each with the concepts and numbers it names."""
    toks = nummod.tokenize(text)
    phrases = _phrases(lang)
    bare = BARE.get(lang, set()) | {w.lower() for w in nummod.word_list(lang, "condition_marker_bare", {})}
    after = {w.lower() for w in nummod.word_list(lang, "condition_marker_after", AFTER)}
    prefs = tuple(fold(w) for w in nummod.word_list(lang, "preference", PREFERENCE))
    quoted = _quoted_spans(text)
    parens = _parens(text)
    nums = [n for n in nummod.extract(text, lang, ordinal=False) if n.strong]
    out: list[Clause] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        hit = kind = None
        for ph, k in phrases.get(t.low, ()) if t.is_word else ():
            if [x.low for x in toks[i:i + len(ph)]] == ph:
                hit, kind = ph, k
                break
        if hit is None or any(a <= t.start < b for a, b in quoted):
            i += 1
            continue
        prev = toks[i - 1] if i else None
        if len(hit) == 1 and hit[0] in bare and prev is not None and \
                prev.text not in _OPEN and prev.low not in after:
            i += 1
            continue    # "você se mover", "mova-se": a pronoun
        j = i + len(hit)
        if j < len(toks) and toks[j].text == ",":
            # "caso, no Amanhecer de seu turno, você seja ...": an inserted phrase first
            j += 1
            while j < len(toks) and toks[j].text not in _STOP:
                j += 1
            j += 1
        while j < len(toks) and toks[j].text not in _STOP:
            j += 1
        a, b = t.start, (toks[j - 1].end if j > i else t.end)
        nxt = [x.fold for x in toks[i + len(hit):j] if x.is_word][:PREFERENCE_WINDOW]
        if any(w.startswith(prefs) for w in nxt):
            i = max(j, i + 1)
            continue
        c = Clause(a, b, " ".join(hit), kind)
        for cid, hs in hits.items():
            if any(a <= h[0] and h[1] <= b for h in hs):
                c.concepts.add(cid)
        c.numbers = {n.value for n in nums if a <= n.start < b}
        c.aside = any(pa <= a and b <= pb for pa, pb in parens)
        if kind != "where" or c.content:
            out.append(c)     # "donde esté" places, it does not limit: not a condition
        i = max(j, i + 1)
    return out


def _quoted_spans(text: str) -> list:
    """Words mentioned, not used: 'Qualquer coisa que diga “quando” ...'."""
    out, opening = [], {'"': '"', "“": "”", "«": "»"}
    i = 0
    while i < len(text):
        close = opening.get(text[i])
        if close:
            k = text.find(close, i + 1)
            if 0 < k - i <= 40:
                out.append((i, k + 1))
                i = k + 1
                continue
        i += 1
    return out


def unpaired(ca: list[Clause], cb: list[Clause], content_a: set = frozenset(),
             content_b: set = frozenset(), linked: set = frozenset()
             ) -> tuple[list[Clause], list[Clause]]:
    """The clauses of each side left without a counterpart (see the module's docstring).
    A clause that names nothing pairs with a clause left over whose content the other text
    names too ("se possível" never answers "Si la Marquesa no está jugando" in a text that
    does not name the Marquise). `linked` holds the pairs (i, j) of clauses that stand in
    sentences paired with each other."""
    pairs = []
    for i, x in enumerate(ca):
        for j, y in enumerate(cb):
            shared = len(x.content & y.content)
            if shared:
                pairs.append((-shared, i, j))
            elif x.kind == y.kind and (x.content and y.content or (i, j) in linked or (
                    x.content <= content_b and y.content <= content_a)):
                # the same kind of condition, about things named in other words, or about
                # nothing the other text does not name ("se possível" is no answer to
                # "Si la Marquesa no está jugando" where the Marquise is never named)
                pairs.append((0.5, i, j))
    pairs.sort()
    used_a, used_b = set(), set()
    for _, i, j in pairs:
        if i not in used_a and j not in used_b:
            used_a.add(i)
            used_b.add(j)
    # clauses naming nothing ("se possível") take what is left, in order
    rest_b = [j for j in range(len(cb)) if j not in used_b and cb[j].content <= content_a]
    for i, x in enumerate(ca):
        if i in used_a or x.content:
            continue
        if rest_b:
            used_a.add(i)
            used_b.add(rest_b.pop(0))
    rest_a = [i for i in range(len(ca)) if i not in used_a and ca[i].content <= content_b]
    for j in [j for j in range(len(cb)) if j not in used_b]:
        if not cb[j].content and rest_a:
            used_b.add(j)
            used_a.add(rest_a.pop(0))
    return ([x for i, x in enumerate(ca) if i not in used_a],
            [y for j, y in enumerate(cb) if j not in used_b])


_SENT_BREAK = {".", "!", "?", ";", "\n"}


@dataclass
class Sentence:
    start: int
    end: int
    concepts: set
    numbers: set
    stems: set


def sentences(text: str, lang: str, hits: dict) -> list[Sentence]:
    """The sentences of `text`, each with its concepts, numbers and word stems (the first four
    letters of its longer words: "primeiro"/"primer", "partida"/"partida" meet across pt/es)."""
    toks = nummod.tokenize(text)
    nums = [n for n in nummod.extract(text, lang, ordinal=True) if n.strong]
    runs, cur = [], []
    for k, t in enumerate(toks):
        if cur and "\n" in text[toks[k - 1].end:t.start]:
            runs.append(cur)
            cur = []
        if t.text in _SENT_BREAK:
            runs.append(cur)
            cur = []
            continue
        cur.append(t)
    runs.append(cur)
    out = []
    for ws in runs:
        if not any(w.is_word for w in ws):
            continue
        a, b = ws[0].start, ws[-1].end
        cs = {cid for cid, hs in hits.items() if any(a <= h[0] and h[1] <= b for h in hs)}
        ns = {n.value for n in nums if a <= n.start < b}
        st = {w.fold[:STEM] for w in ws if w.is_word and len(w.fold) > STEM}
        out.append(Sentence(a, b, cs, ns, st))
    return out


STEM = 4


def _score(x: Sentence, y: Sentence) -> float:
    return 2 * len(x.concepts & y.concepts) + 2 * len(x.numbers & y.numbers) + \
        len(x.stems & y.stems) / 2


def _sentence_at(sents: list[Sentence], c: Clause) -> int | None:
    return next((i for i, x in enumerate(sents) if x.start <= c.start < x.end + 1), None)


def paired_sentences(sa: list[Sentence], sb: list[Sentence]) -> tuple[set, set, set]:
    """Indices of the sentences of each side paired one to one with a sentence of the other
    (greedily, best shared content first; ties to the nearer position), and the pairs."""
    pairs = []
    for i, x in enumerate(sa):
        for j, y in enumerate(sb):
            s = _score(x, y)
            if s >= 2:
                pairs.append((-s, abs(i / max(1, len(sa)) - j / max(1, len(sb))), i, j))
    pairs.sort()
    ua, ub, links = set(), set(), set()
    for _, _, i, j in pairs:
        if i not in ua and j not in ub:
            ua.add(i)
            ub.add(j)
            links.add((i, j))
    if len(sa) == len(sb):
        # as many sentences on each side: those left over stand for each other in order
        for i, j in zip([i for i in range(len(sa)) if i not in ua],
                        [j for j in range(len(sb)) if j not in ub]):
            ua.add(i)
            ub.add(j)
            links.add((i, j))
    return ua, ub, links


class ClauseChecks:
    """Mixed into checks.Checker: T190, both ways for a translation; for a reference or a
    summary, a condition it adds is a warning and one it leaves out a note."""

    def omitted_conditions(self, g: Group, both_ways: bool) -> None:
        """T190 (a condition clause left out) and T191 (an obligation left out)."""
        if g.heading_only() or (len(g.law) != len(g.target) and len(g.law) > 1):
            return      # Law paragraphs merged another way: they do not say the same things
        law, doc = self.law, g.doc
        src, tgt = g.source_text(), g.target_text()
        ha, hb = self.concept_hits(src, law.lang), self.concept_hits(tgt, doc.lang)
        sa, sb = sentences(src, law.lang, ha), sentences(tgt, doc.lang, hb)
        pa, pb, links = paired_sentences(sa, sb)
        fa, fb = self.features_of(src, law.lang), self.features_of(tgt, doc.lang)
        self._obligations(g, src, tgt, ha, hb, sa, sb, pa, pb, both_ways, fa, fb)
        ca = clauses(src, law.lang, ha)
        cb = clauses(tgt, doc.lang, hb)
        if not ca and not cb:
            return
        _weigh(ca, src, law.lang, fa)
        _weigh(cb, tgt, doc.lang, fb)
        content_a = set(ha) | {("n", n.value) for n in nummod.extract(src, law.lang) if n.strong}
        content_b = set(hb) | {("n", n.value) for n in nummod.extract(tgt, doc.lang) if n.strong}
        ka, kb = [_sentence_at(sa, c) for c in ca], [_sentence_at(sb, c) for c in cb]
        linked = {(i, j) for i, x in enumerate(ka) for j, y in enumerate(kb) if (x, y) in links}
        la, lb = unpaired(ca, cb, content_a, content_b, linked)
        pos = g.target[0].pos
        for side, lone in (("a", la), ("b", lb)):
            sents, paired = (sa, pa) if side == "a" else (sb, pb)
            other = content_b if side == "a" else content_a
            for c in lone:
                if c.aside:
                    continue    # an aside in parentheses: a reminder, said or not by style
                answer, needs = ANSWERED_BY.get(c.kind, (None, None))
                if answer and (fb if side == "a" else fa).quantifier.get(answer) and (
                        needs is None or needs in c.quantifiers):
                    continue    # the same limit said without a marker (ANSWERED_BY)
                k = _sentence_at(sents, c)
                # its whole sentence has no counterpart (3.1: a sentence the translation
                # lacks), or it names what the other text never names and says something
                # with it (a number, negation, quantifier, modal, timing: "onde todas essas
                # peças possam ser posicionadas"; not "Cuando las gana")
                alone = k is not None and k not in paired
                absent = bool(c.content - other) and c.weighty
                if not (alone or absent):
                    continue
                text = src if side == "a" else tgt
                # a summary says things its own way; a reference may leave a condition out of
                # what it restates
                self._one_sided("T190", g, f"condition:{side}:{_key(c)}", side, src, tgt,
                                (c.start, c.end), pos, both_ways, clause=text[c.start:c.end])


    def _obligations(self, g, src, tgt, ha, hb, sa, sb, pa, pb, both_ways, fa, fb) -> None:
        """T191: a sentence that obliges ("Cada partida debe incluir la Marquesa ...") with no
        counterpart sentence in the other text, most of whose concepts (two at least) the
        other text never names — a duty one reader has and the other does not. Not for an
        aside in parentheses (a reminder)."""
        law, doc = self.law, g.doc
        pos = g.target[0].pos
        for side in ("a", "b"):
            text, lang, hits, sents, paired = ((src, law.lang, ha, sa, pa) if side == "a"
                                               else (tgt, doc.lang, hb, sb, pb))
            other = set(hb if side == "a" else ha)
            musts = (fa if side == "a" else fb).spans.get(("modality", "must"), [])
            parens = _parens(text)
            for i, s in enumerate(sents):
                if i in paired or any(a <= s.start and s.end <= b for a, b in parens):
                    continue
                if not any(s.start <= a < s.end for a, _ in musts):
                    continue
                miss = s.concepts - other
                if len(miss) < 2 or 2 * len(miss) < len(s.concepts):
                    continue
                self._one_sided("T191", g, f"obligation:{side}:{'+'.join(sorted(miss))}", side,
                                src, tgt, (s.start, s.end), pos, both_ways,
                                sentence=text[s.start:s.end])

    def _one_sided(self, code, g, key, side, src, tgt, span, pos, both_ways, **kw) -> None:
        """A finding about words one text has (side "a": the Law's, "b": the other's) and the
        other lacks: the span marked in its text, the other shown whole; a note (not a warning)
        in a summary, or when a reference leaves out what the Law says."""
        law, doc = self.law, g.doc
        text = src if side == "a" else tgt
        spans = [span]
        ex = excerpts_of(text, spans)
        rest = excerpts_of(tgt if side == "a" else src, [])
        ea, eb = (ex, rest) if side == "a" else (rest, ex)
        spa, spb = (spans, []) if side == "a" else ([], spans)
        self.add(code, g, doc.id, key, {law.id: ea, doc.id: eb}, pos, focus=[spa and ea, spb and eb],
                 marks=_marks(law.id, src, spa, doc.id, tgt, spb), law=law.id,
                 have=law.id if side == "a" else doc.id,
                 lack=doc.id if side == "a" else law.id, **kw)
        if doc.role == "summary" or (not both_ways and side == "a"):
            self.findings[-1].severity = "info"


def _weigh(cs: list[Clause], text: str, lang: str, f) -> None:
    """Mark the clauses that say something besides their condition (`f`: the text's
    semantics.Features), and which quantifiers they hold."""
    negs = conditions(text, lang).negation
    marks = [(sp, cls) for (kind, cls), sps in f.spans.items()
             if kind in ("quantifier", "modality", "timing") for sp in sps]
    marks += [(sp, "not") for sp in negs]
    for c in cs:
        inside = {cls for (a, _), cls in marks if c.start <= a < c.end}
        c.weighty = bool(c.numbers) or bool(inside)
        c.quantifiers = inside


# a clause answered by a word of the other text that says the same limit without a marker:
# «não podem ser removidas a menos que» = «sólo pueden»; «clareira cujo naipe corresponda» =
# «claro que se corresponda» (kind of clause → the quantifier that answers it, and the one the
# clause must hold for that)
ANSWERED_BY = {"unless": ("only", None), "only_if": ("only", None), "where": ("matching", "matching")}


def _key(c: Clause) -> str:
    """What the clause is about, for the fingerprint: its marker, concepts and numbers."""
    parts = [c.marker.replace(" ", "_")] + sorted(c.concepts) + \
        sorted(nummod.show(v) for v in c.numbers)
    return "+".join(parts)
