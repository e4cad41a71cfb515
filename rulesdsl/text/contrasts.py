"""Contradictions a summary (or any text) states in other words (T193–T196).

A summary may leave a trigger, a condition or a step out: that stays a note. What it *says*
differently is another rule, and a reader would play it differently — a warning:

  T193  one of a declared pair of concepts where the other text has the other one: a verb of
        consequence ("descarta" ↔ "revela"), a state ("exauridos" ↔ "danificados"), a place
        ("Fundos" ↔ "Pagamentos"); or "the suit OF x" ↔ "the suit OF y" (the card's suit ↔ the
        cost's suits). Where the Law paragraph names neither side, a pair with a `contexto`
        concept is judged against what the whole Law says wherever it names that concept.
  T194  a qualifier that changes an act, in one text only: "descartar uma carta aleatória"
        against "descartar uma carta" (chosen).
  T195  a modal swapped across the sentence: "você pode pegar um item" against
        "obrigatoriamente o Malandro pega um item" (T125 needs the same concept right after
        the modal; here the subject stands between).
  T196  a rule narrowed to a case: "Em uma batalha, quando ... elimina um entreposto" against
        "Sempre que um entreposto é removido" (the Law never names a battle there).

The pairs, qualifiers and cases are data — the ruleset's `texto/contrastes/*.yaml` — made of
glossary concept ids, so they hold in every language the glossary spells (format in
docs/guia-do-tradutor.md). Every pair of documents, both directions; in a summary and a
reference only what the document says (a case or a qualifier it adds) — leaving one out is
an omission. A summary's T193–T196 stay warnings (checks.SUMMARY_NOTES does not name them).
"""
from __future__ import annotations

import functools
import re

from ..errors import fold
from . import numbers as nummod
from .contrast_table import Contrasts, Pair, attach, of  # noqa: F401  (attach: cli.py)
from .findings import _marks, excerpt, excerpts_of
from .groups import Group

# how far (words) a concept may stand from the word it goes with: "o naipe [da] carta",
# "descartar [uma] carta aleatória", "obrigatoriamente [o Malandro] pega um item"
OF_WINDOW = 3
# "a carta com naipe ...", "la carta de palo ...": the owner before the property
OF_LINKS = ("com", "de", "con")
# a swapped verb, state or place is about the same thing in both texts ("descarta uma carta" /
# "revelar uma carta"; "3 guerreiros na seção de Pagamentos" / "três guerreiros no tabuleiro de
# jogador no espaço destinado aos Fundos"): a concept this close to each side, in common
NEIGHBOUR_WINDOW = 9
QUALIFIER_WINDOW = 2
MODAL_WINDOW = 5
# what narrows a rule to a case, right before the case's name ("em uma batalha", "nessa
# batalha"; "en una batalla", "durante la batalla"); a third language adds `text: case_markers`
CASE_MARKERS = {
    "pt": ["em uma", "numa", "nessa", "nesta", "na", "no", "em um", "num", "durante a",
           "durante o", "durante uma", "durante um", "onde houve a", "onde houve uma"],
    "es": ["en una", "en un", "en esa", "en esta", "en la", "en el", "durante la", "durante el",
           "durante una", "durante un", "donde hubo una", "donde hubo la"],
}


# ---------------------------------------------------------------------------------------------
# reading one text

def _hits(ck, text: str, lang: str, skip: list = ()) -> dict:
    """The glossary's concepts in `text` (Checker.concept_hits, cached per text), less those in
    parentheses (a reminder) and in the spans `skip` (the paragraphs' titles: "Recebendo Fundos
    Iniciais" names Funds, the rule puts the warriors in Payments)."""
    out = {}
    for c, hs in ck.concept_hits(text, lang).items():
        kept = [h for h in hs if not _in_parens(text, h[0]) and not any(a <= h[0] < b for a, b in skip)]
        if kept:
            out[c] = kept
    return out


def _titles(paras) -> list:
    """Spans of the titles in "\n".join(p.full for p in paras) (Group.source_text)."""
    out, at = [], 0
    for p in paras:
        if p.title and p.text:
            out.append((at, at + len(p.title)))
        at += len(p.full) + 1
    return out


def _stems(cat, cid: str, lang: str) -> list:
    t = cat.concepts[cid].terms.get(lang)
    return [fold(w)[:4] for w in ([t.preferred, *t.variants] if t else [])]


def _blank(text: str, spans: list) -> str:
    for a, b in spans:
        text = text[:a] + " " * (b - a) + text[b:]
    return text


def _in_parens(text: str, at: int) -> bool:
    return text.rfind("(", 0, at) > text.rfind(")", 0, at)


@functools.lru_cache(maxsize=512)
def _words(text: str) -> tuple:
    """The tokens of a text, read once (every check of a group reads the same two texts)."""
    return tuple(nummod.tokenize(text))


def _near(text: str, hits: dict, start: int, end: int, window: int, after: bool = True,
          before: bool = False, stops: tuple = (".", ";", ":", "!", "?", "\n")) -> dict:
    """concept → span of the concepts within `window` words after (and/or before) [start, end),
    not across a sentence break (nor any of `stops`)."""
    toks = _words(text)
    out: dict = {}
    by_start = {h[0]: (c, h) for c, hs in hits.items() for h in hs}
    by_end = {h[1]: (c, h) for c, hs in hits.items() for h in hs}
    for direction, seq, index in ((after, [t for t in toks if t.start >= end], by_start),
                                  (before, [t for t in reversed(toks) if t.end <= start], by_end)):
        if not direction:
            continue
        seen = 0
        for t in seq:
            got = index.get(t.start if index is by_start else t.end)
            if got:
                out.setdefault(got[0], got[1][:2])
            if t.text in stops:
                break
            if t.is_word or t.text[:1].isdigit():
                seen += 1
                if seen > window:
                    break
    return out


def _of_sides(text: str, hits: dict, pair: Pair) -> dict:
    """side ("a"/"b") → spans where "<of> ... <side>" is said ("naipe da carta", "naipes
    listados no custo")."""
    out: dict = {}
    for h in hits.get(pair.of, []):
        near = _near(text, hits, h[0], h[1], OF_WINDOW)
        # "carta com naipe correspondente": the side named right before, "com/de" between
        before = _near(text, hits, h[0], h[1], 2, after=False, before=True)
        toks = [t.fold for t in nummod.tokenize(text[max(0, h[0] - 12):h[0]]) if t.is_word]
        if toks and toks[-1] in OF_LINKS or toks[-2:-1] and toks[-2] in OF_LINKS:
            near.update(before)
        for name, side in (("a", pair.a), ("b", pair.b)):
            if any(c in near for c in side):
                out.setdefault(name, []).append(h[:2])
    return out


def _sides(text: str, hits: dict, pair: Pair) -> dict:
    """side ("a"/"b") → spans of the concepts of that side in the text"""
    if pair.of:
        return _of_sides(text, hits, pair)
    out: dict = {}
    for name, side in (("a", pair.a), ("b", pair.b)):
        spans = [h[:2] for c in side for h in hits.get(c, [])]
        if spans:
            out[name] = sorted(spans)
    return out


def _neighbours(text: str, hits: dict, spans: list, pair: Pair) -> set:
    """The concepts said close to a side (what the verb, state or place is about)."""
    own = set(pair.a) | set(pair.b) | {pair.of}
    out: set = set()
    for a, b in spans:
        out.update(_near(text, hits, a, b, NEIGHBOUR_WINDOW, before=True,
                         stops=(".", ";", ":", "!", "?", "\n", ",")))
    return out - own


def law_sides(ck, contrasts: Contrasts) -> dict:
    """For each pair with a context: the sides the Law states in the paragraphs that name the
    context concept (the Law's general rule, when the aligned paragraph says neither)."""
    if contrasts.law_sides or ck.law is None:
        return contrasts.law_sides
    for i, pair in enumerate(contrasts.pairs):
        if not pair.context:
            continue
        said = set()
        # only paragraphs where the words could be (reading every paragraph's concepts is the
        # slow part): a stem of the context's terms and of the `of` concept's
        need = [_stems(ck.cat, c, ck.law.lang) for c in (pair.context, pair.of) if c]
        for p in ck.law.paragraphs.values():
            low = fold(p.text)
            if not all(any(st in low for st in stems) for stems in need):
                continue
            hits = _hits(ck, p.full, ck.law.lang, _titles([p]))
            if pair.context in hits:
                said.update(_sides(p.full, hits, pair))
        contrasts.law_sides[i] = said
    return contrasts.law_sides


# ---------------------------------------------------------------------------------------------
# the checks (mixed into checks.Checker)

class ContrastChecks:
    def contrasts(self, g: Group) -> None:
        table = of(self.cat)
        if not table or g.heading_only():
            return
        law, doc = self.law, g.doc
        src, tgt = g.source_text(), g.target_text()
        ta, tb = _titles(g.law), _titles(g.target)
        ha = _hits(self, src, law.lang, ta)
        hb = _hits(self, tgt, doc.lang, tb)
        self._bodies = (_blank(src, ta), _blank(tgt, tb))
        if not set(ha) & set(hb):
            return      # nothing in common: not the same rule
        both = doc.role == "translation"
        ctx = (src, tgt, ha, hb)
        self._pairs(g, table, ctx)
        self._qualifiers(g, table, ctx, both)
        self._modals(g, ctx)
        self._cases(g, table, ctx, both)
        self._scopes(g, ctx)

    def _contrast_finding(self, code, g, detail, ctx, sa, sb, **args) -> None:
        law, doc = self.law, g.doc
        src, tgt = ctx[0], ctx[1]
        ea = excerpts_of(src, sa) if sa else excerpt(src)
        eb = excerpts_of(tgt, sb) if sb else excerpt(tgt)
        self.add(code, g, doc.id, detail, {law.id: ea, doc.id: eb}, g.target[0].pos,
                 focus=[sa and ea, sb and eb], marks=_marks(law.id, src, sa, doc.id, tgt, sb),
                 law=law.id, **args)
        f = self.findings[-1]
        f.args_by_lang = {lg: {k: self._say(v, lg) for k, v in f.args.items()} for lg in ("pt", "es")}

    def _pairs(self, g, table, ctx) -> None:
        src, tgt, ha, hb = ctx
        general = law_sides(self, table)
        for i, pair in enumerate(table.pairs):
            sa, sb = _sides(src, ha, pair), _sides(tgt, hb, pair)
            against = "law"
            if not sa and pair.context and pair.context in hb and len(general.get(i, ())) == 1:
                # the Law paragraph says neither: its general rule where it names the context
                sa = {next(iter(general[i])): []}
                against = "general"
            for x, y in (("a", "b"), ("b", "a")):
                if not (x in sa and y not in sa and y in sb and x not in sb):
                    continue
                if (against == "law" and not pair.of
                        and not _neighbours(src, ha, sa[x], pair) & _neighbours(tgt, hb, sb[y], pair)):
                    continue
                cx = "+".join(getattr(pair, x))
                cy = "+".join(getattr(pair, y))
                of_ = pair.of or ""
                self._contrast_finding("T193", g, f"contrast:{cx}→{cy}" + (f"@{pair.of}" if pair.of else "")
                                       + (":general" if against == "general" else ""), ctx,
                                       sa[x], sb[y], a=_of(of_, getattr(pair, x)[0]), b=_of(of_, getattr(pair, y)[0]),
                                       of=pair.of or "", context=pair.context or "", where="")
                f = self.findings[-1]
                for lg, args in f.args_by_lang.items():
                    args["where"] = "" if against == "law" else GENERAL[lg].format(
                        context=self._say(pair.context, lg))
                break

    def _qualifiers(self, g, table, ctx, both) -> None:
        src, tgt, ha, hb = ctx
        for q in table.qualifiers:
            for one, other, text, hone, hother, side in ((src, tgt, src, ha, hb, "a"),
                                                         (tgt, src, tgt, hb, ha, "b")):
                # both ways, in a summary too: "descartar uma carta" is a chosen card
                if q not in hone or self._named(q, self._bodies[1 if side == "a" else 0], hother, g, side):
                    continue
                for h in hone[q]:
                    # the act it qualifies: what comes right before ("descartar uma carta
                    # aleatória"), else right after ("aleatoriamente descarte uma carta"); the
                    # other text says all of it ("descartar uma carta"), or it is another act
                    act = set(_near(text, hone, h[0], h[1], QUALIFIER_WINDOW, after=False, before=True)) - {q}
                    if not act:
                        act = set(_near(text, hone, h[0], h[1], QUALIFIER_WINDOW)) - {q}
                    if not act <= set(hother):
                        continue
                    if len(act) >= 2:
                        spans = [h[:2]]
                        osp = [x[:2] for c in sorted(act) for x in hother[c][:1]]
                        self._contrast_finding("T194", g, f"qualifier:{q}@{side}:" + "+".join(sorted(act)),
                                               ctx, spans if side == "a" else osp,
                                               osp if side == "a" else spans, qualifier=q,
                                               act=" ".join(sorted(act, key=lambda c: hother[c][0][0])),
                                               have=self.law.id if side == "a" else g.doc.id,
                                               lack=g.doc.id if side == "a" else self.law.id)
                        break

    def _scopes(self, g, ctx) -> None:
        """A prohibition limited to one thing here and to another there: "Cartas de pássaro
        não são curingas para os rituais dos Cultistas" against "não servem como coringas para
        os Lagartos" (for everything the Cult does). Paired sentences, both negated, each with a
        purpose ("para os/as ...") the other text never names: T196, a scope."""
        from .clauses import paired_sentences, sentences
        from .conditions import conditions
        src, tgt, ha, hb = ctx
        law, doc = self.law, g.doc
        if not (_says_purpose(src, law.lang) and _says_purpose(tgt, doc.lang)):
            return      # the common case, read cheaply
        sa, sb = sentences(src, law.lang, ha), sentences(tgt, doc.lang, hb)
        na, nb = conditions(src, law.lang).negation, conditions(tgt, doc.lang).negation
        for i, j in sorted(paired_sentences(sa, sb)[2]):
            x, y = sa[i], sb[j]
            ax = next((a for a, _ in na if x.start <= a < x.end), None)
            ay = next((a for a, _ in nb if y.start <= a < y.end), None)
            if ax is None or ay is None:
                continue
            px = _purposes(src, ha, ax, x.end, law.lang)
            py = _purposes(tgt, hb, ay, y.end, doc.lang)
            lost = sorted(c for c in px if c not in hb)
            if not px or not py or set(px) & set(py) or not lost:
                continue
            c = lost[0]
            self._contrast_finding("T196", g, f"scope:{c}→{'+'.join(sorted(py))}", ctx,
                                   [px[c]], [py[k] for k in sorted(py)], case=c,
                                   have=law.id, lack=doc.id)

    def _named(self, cid: str, text: str, hits: dict, g, side: str) -> bool:
        """`cid` is named in `text`, also inside a longer term ("clareira da batalha")."""
        if cid in hits:
            return True
        lang = g.doc.lang if side == "a" else self.law.lang
        term = self.cat.concepts[cid].terms.get(lang)
        if term is None:
            return False
        words = {fold(w) for w in re.findall(r"\w+", text)}
        return any(fold(t) in words for t in [term.preferred, *term.variants] if " " not in t)

    def _modals(self, g, ctx) -> None:
        src, tgt, ha, hb = ctx
        law, doc = self.law, g.doc
        # a modal swapped on the concept right after it is T125's, reported already
        if any(f.code == "T125" and f.paragraph == g.key and f.document == doc.id
               for f in self.findings[-20:]):
            return
        ma = _modal_concepts(src, ha, law.lang)
        mb = _modal_concepts(tgt, hb, doc.lang)
        for x, y in (("may", "must"), ("must", "may")):
            # the obliging side insists ("obrigatoriamente"): a plain "deve/precisa" is often
            # the cost of an optional action ("pode sacrificar ... deve revelar"), not a swap
            if not (mb if y == "must" else ma)["insist"]:
                continue
            common = sorted((set(ma[x]) - set(ma[y])) & (set(mb[y]) - set(mb[x])))
            # the act only: a concept each text names under one modal and never under the other
            if common and not (set(ma[y]) & set(mb[x])):
                c = common[0]
                self._contrast_finding("T195", g, f"modal:{c}:{x}→{y}", ctx, ma[x][c], mb[y][c],
                                       a=f"{x} {c}", b=f"{y} {c}", concept=c)
                return

    def _cases(self, g, table, ctx, both) -> None:
        src, tgt, ha, hb = ctx
        law, doc = self.law, g.doc
        for case in table.cases:
            for text, lang, hone, hother, side in ((src, law.lang, ha, hb, "a"), (tgt, doc.lang, hb, ha, "b")):
                if (side == "a" and not both) or self._named(case, self._bodies[0 if side == "b" else 1], hother, g, side):
                    continue
                spans = [h[:2] for h in hone.get(case, []) if _narrows(text, h[0], lang)]
                if spans:
                    self._contrast_finding("T196", g, f"case:{case}@{side}", ctx,
                                           spans if side == "a" else [], [] if side == "a" else spans,
                                           case=case, have=law.id if side == "a" else doc.id,
                                           lack=doc.id if side == "a" else law.id)


def _purposes(text: str, hits: dict, a: int, b: int, lang: str) -> dict:
    """concept → span of the concepts in [a, b) right after a purpose ("para os rituais",
    "para el Culto"): what a rule is limited to."""
    phrases = _phrase_list(lang, "purpose_markers", PURPOSE_MARKERS)
    out = {}
    for c, hs in hits.items():
        for h in hs:
            if a < h[0] < b:
                before = [t.fold for t in nummod.tokenize(text[max(0, h[0] - 20):h[0]]) if t.is_word]
                if any(p and before[-len(p):] == p for p in phrases):
                    out.setdefault(c, h[:2])
    return out


def _says_purpose(text: str, lang: str) -> bool:
    words = " " + " ".join(t.fold for t in _words(text) if t.is_word) + " "
    return any(" " + " ".join(p) + " " in words for p in _phrase_list(lang, "purpose_markers", PURPOSE_MARKERS))


def _phrase_list(lang: str, section: str, builtin: dict) -> list:
    key = (lang, section)
    got = _MARKER_CACHE.get(key)
    if got is None:
        got = _MARKER_CACHE[key] = sorted(
            ([w.fold for w in nummod.tokenize(p) if w.is_word] for p in nummod.word_list(lang, section, builtin)),
            key=len, reverse=True)
    return got


def _of(of_: str, c: str) -> str:
    return f"{of_} ({c})" if of_ else c


def _modal_concepts(text: str, hits: dict, lang: str) -> dict:
    """'may'/'must' → {concept: spans of the modal} for the concepts within MODAL_WINDOW words
    after a modal that no negation precedes ("não pode" forbids; it is not "may")."""
    from . import semantics as semmod
    toks = _words(text)
    used: set = set()
    out = {"may": {}, "must": {}, "insist": {}}
    insist = [[w.fold for w in nummod.tokenize(p) if w.is_word]
              for p in nummod.word_list(lang, "insisting_modals", INSISTING)]
    for cls, i, j in semmod._match(toks, semmod._vocab(semmod.MODALITY, lang, "modality"), used):
        prev = [t.fold for t in toks[max(0, i - 3):i] if t.is_word]
        if prev and prev[-1] in ("nao", "no", "nunca", "jamais"):
            continue
        a, b = toks[i].start, toks[j - 1].end
        if cls == "must" and [t.fold for t in toks[i:j] if t.is_word] in insist:
            out["insist"][(a, b)] = True
        for c in _near(text, hits, a, b, MODAL_WINDOW):
            out[cls].setdefault(c, []).append((a, b))
    return out


# a purpose that limits what a rule is for ("para os rituais"); a third language adds
# `text: purpose_markers`
PURPOSE_MARKERS = {"pt": ["para o", "para a", "para os", "para as"],
                   "es": ["para el", "para la", "para los", "para las"]}
# the modals that insist: an obligation no reader takes for the cost of an option
INSISTING = {"pt": ["obrigatoriamente", "é obrigado", "é obrigada", "sempre deve"],
             "es": ["obligatoriamente", "está obligado", "está obligada", "siempre debe"]}
# a finding judged against the Law's general rule (the aligned paragraph says neither side)
GENERAL = {"pt": " (regra geral da Lei onde fala em «{context}»; o parágrafo não diz)",
           "es": " (regla general de la Ley donde habla de «{context}»; el párrafo no lo dice)"}
_MARKER_CACHE: dict = {}


def _narrows(text: str, at: int, lang: str) -> bool:
    """The words right before `at` narrow the rule to that case ("em uma batalha")."""
    phrases = _phrase_list(lang, "case_markers", CASE_MARKERS)
    before = [t.fold for t in nummod.tokenize(text[max(0, at - 40):at]) if t.is_word]
    return any(p and before[-len(p):] == p for p in phrases)
