"""Where a rule sends things, one text against the other (T181).

A translation that leaves out "mova-o para a mochila", or sends the excess items "a su
suministro" where the Law says "para a caixa do jogo", changes what a reader does with no
number, negation or quantifier changed. So each text is read for its *destinations*: a
glossary concept right after a direction word ("para", "na", "a", "en", past articles and
possessives) that follows a verb of moving or placing in the same clause ("mova", "posicione",
"devolvendo", "pone", "devuelve"; not a negated one: "no se puede poner en el mapa").

Two cases are findings (warnings, a reading decides):
  swapped   each text sends things to a place the other never names ("caixa do jogo" ↔
            "suministro"): the thing goes somewhere else
  left out  a sentence sends things to a place the other text never names, and most of the
            concepts of that sentence are missing there too: the whole step is gone
            ("Finalmente, posicione 1 guerreiro na seção de Oficiais.")

Word lists for pt and es are built in; a third language adds `move_verbs` (stems, matched at
the start of a folded word), `directions` and `determiners_before_place` under `text:` in its
lexicon."""
from __future__ import annotations

import re

from ..errors import fold
from . import numbers as nummod
from .conditions import conditions, instead
from .findings import _marks, excerpts_of
from .groups import Group
from . import leaving as leavemod
from . import qualifiers as qualmod

MOVE_VERBS = {
    "pt": ["mov", "mova", "posicion", "coloc", "devolv", "retorn", "volt", "envi", "mand", "vai",
           "vao", "coloqu"],
    "es": ["muev", "mov", "pon", "coloc", "devuelv", "devolv", "vuelv", "regres", "envi",
           "mand", "va", "van"],
}
DIRECTIONS = {"pt": ["para", "na", "no", "nas", "nos", "em", "ao", "à", "aos", "às"],
              "es": ["a", "al", "en", "hacia"]}
DETERMINERS = {"pt": ["o", "a", "os", "as", "sua", "seu", "suas", "seus", "um", "uma"],
               "es": ["el", "la", "los", "las", "su", "sus", "un", "una"]}
# how many words back from the direction word the verb may stand ("são movidos imediatamente,
# com a face para baixo, para a mochila")
VERB_WINDOW = 12
NEG_BEFORE_VERB = 3
_BREAKS = {".", ";", ":", "!", "?"}
_SENTENCE_RE = re.compile(r"[^.!?;\n]+(?:[.!?;](?=\s|$)|$)")


def destinations(text: str, lang: str, hits: dict, negations: list) -> dict:
    """concept → [(start, end)] of each place `text` sends something to."""
    toks = nummod.tokenize(text)
    stems = tuple(fold(w) for w in nummod.word_list(lang, "move_verbs", MOVE_VERBS))
    dirs = {w.lower() for w in nummod.word_list(lang, "directions", DIRECTIONS)}
    dets = {w.lower() for w in nummod.word_list(lang, "determiners_before_place", DETERMINERS)}
    starts: dict = {}
    for cid, hs in hits.items():
        for h in hs:
            if not h[3]:
                starts.setdefault(h[0], []).append(cid)

    out: dict = {}
    for i, t in enumerate(toks):
        if t.low not in dirs:
            continue
        verb = None
        for k in range(i - 1, max(-1, i - 1 - VERB_WINDOW), -1):
            if toks[k].text in _BREAKS or (toks[k].low in dirs and _place_at(toks, k, dets, starts)):
                break      # the first place after the verb is where it sends things
            if toks[k].is_word and _is_move(toks[k].fold, stems):
                verb = k
                break
        if verb is None or _negated(toks, verb, negations):
            continue
        for cid, end in _place_at(toks, i, dets, starts) or ():
            out.setdefault(cid, []).append((t.start, end))
    return out


def _place_at(toks, i: int, dets: set, starts: dict):
    """The concepts named right after the direction word at token i (past determiners)."""
    j, skipped = i + 1, 0
    while j < len(toks) and toks[j].low in dets and skipped < 2:
        j, skipped = j + 1, skipped + 1
    if j < len(toks) and toks[j].start in starts:
        return [(cid, toks[j].end) for cid in starts[toks[j].start]]
    return None


def _is_move(word: str, stems: tuple) -> bool:
    """A verb of moving: a stem of 4+ letters begins it; a shorter stem ("pon", "va") only
    with a verb ending ("pone", "ponerla" — not "Vagabundo")."""
    for st in stems:
        if word.startswith(st) and (len(st) >= 4 or len(word) - len(st) <= 5 and (
                len(st) >= 3 or word == st)):
            return True
    return False


def _negated(toks, k: int, negations: list) -> bool:
    """A negation stands within a few words before the verb at token k ("no se puede poner")."""
    words = 0
    for m in range(k - 1, -1, -1):
        if toks[m].text in _BREAKS:
            return False
        if any(a <= toks[m].start < b for a, b in negations):
            return True
        if toks[m].is_word:
            words += 1
            if words > NEG_BEFORE_VERB:
                return False
    return False


def _neg_checker(text: str, lang: str):
    negs = conditions(text, lang).negation + instead(text, lang)
    return lambda toks, k: _negated(toks, k, negs)


def _sentence_of(text: str, at: int) -> tuple[int, int]:
    for m in _SENTENCE_RE.finditer(text):
        if m.start() <= at < m.end():
            return m.span()
    return 0, len(text)


def _left_out(text: str, span, hits: dict, other: set) -> bool:
    """Most concepts of the sentence holding `span` (two at least) are missing from `other`."""
    a, b = _sentence_of(text, span[0])
    cs = {c for c, hs in hits.items() if any(a <= h[0] and h[1] <= b and not h[3] for h in hs)}
    miss = cs - other
    return len(miss) >= 2 and len(miss) * 2 >= len(cs)


class PlaceChecks:
    """Mixed into checks.Checker: T181 for a translation."""

    def places(self, g: Group) -> None:
        if g.heading_only():
            return
        law, doc = self.law, g.doc
        src, tgt = g.source_text(), g.target_text()
        before = len(self.findings)
        try:
            self._destinations(g, src, tgt)
        finally:
            # leaving the game (leaving.py) — also across merged paragraphs, where the Law
            # says it in one of them; once per group, and not where T181 already spoke
            if not any(f.code == "T181" for f in self.findings[before:]):
                self._leaving(g, src, tgt)
            self._matching(g, src, tgt)

    def _matching(self, g: Group, src: str, tgt: str) -> None:
        """«o entreposto correspondente» ↔ «un punto de venta» (qualifiers.py)."""
        law, doc = self.law, g.doc
        ha, hb = self.concept_hits(src, law.lang), self.concept_hits(tgt, doc.lang)
        # the Law's qualifier lost in the translation; a translation that spells out what the
        # Law leaves to context («otro adepto correspondiente» for «um apoiador adicional»,
        # where 8.4.2.II already says supporters match) is no loss
        if qualmod.says_matching(tgt, doc.lang):
            return
        for cid, spans in sorted(qualmod.matched_things(src, law.lang, ha).items()):
            mentions = [(h[0], h[1]) for h in hb.get(cid, ()) if not h[3]]
            if not qualmod.all_indefinite(tgt, doc.lang, mentions):
                continue
            ea, eb = excerpts_of(src, spans), excerpts_of(tgt, mentions)
            said = qualmod.with_article(tgt, mentions[0])
            self.add("T124", g, doc.id, f"quantifier:{cid}:matching→indefinite", {law.id: ea, doc.id: eb},
                     g.target[0].pos, focus=[ea, eb],
                     marks=_marks(law.id, src, spans, doc.id, tgt, mentions),
                     law=law.id, a=f"«{src[spans[0][0]:spans[0][1]]}»", b=f"«{said}»")
            return

    def _leaving(self, g: Group, src: str, tgt: str) -> None:
        law, doc = self.law, g.doc
        ha, hb = self.concept_hits(src, law.lang), self.concept_hits(tgt, doc.lang)
        for side, (text, lang, hits, other, olang, ohits) in (
                ("a", (src, law.lang, ha, tgt, doc.lang, hb)),
                ("b", (tgt, doc.lang, hb, src, law.lang, ha))):
            if leavemod.mentions_leaving(other, olang) or leavemod.never_again(other, olang):
                continue
            stems = tuple(fold(w) for w in nummod.word_list(lang, "move_verbs", MOVE_VERBS))
            for span, things in leavemod.leaving(text, lang, hits, stems, _neg_checker(text, lang)):
                shared = sorted(c for c in things if c in ohits)
                if not shared:
                    continue
                sa, sb = ([span], []) if side == "a" else ([], [span])
                phrase = f"«{text[span[0]:span[1]]}»"
                self._place(g, f"leaves:{shared[0]}@{side}", sa, sb, src, tgt, g.target[0].pos,
                            a=phrase if side == "a" else "—", b=phrase if side == "b" else "—")
                return

    def _destinations(self, g: Group, src: str, tgt: str) -> None:
        law, doc = self.law, g.doc
        if len(g.law) != len(g.target):
            return      # paragraphs merged another way: they do not say the same things
        # "em vez de colocá-la no descarte": where it does not go
        negations_a = conditions(src, law.lang).negation + instead(src, law.lang)
        negations_b = conditions(tgt, doc.lang).negation + instead(tgt, doc.lang)
        ha, hb = self.concept_hits(src, law.lang), self.concept_hits(tgt, doc.lang)
        da = destinations(src, law.lang, ha, negations_a)
        db = destinations(tgt, doc.lang, hb, negations_b)
        only_a = [c for c in da if c not in hb]
        only_b = [c for c in db if c not in ha]
        pos = g.target[0].pos
        if only_a and only_b:
            ca, cb = only_a[0], only_b[0]
            self._place(g, f"destination:{ca}→{cb}", da[ca], db[cb], src, tgt, pos,
                        a=ca, b=cb)
            return
        for cid in only_a:
            if _left_out(src, da[cid][0], ha, set(hb)):
                self._place(g, f"destination:{cid}@a", da[cid], [], src, tgt, pos, a=cid, b="—")
        for cid in only_b:
            if _left_out(tgt, db[cid][0], hb, set(ha)):
                self._place(g, f"destination:{cid}@b", [], db[cid], src, tgt, pos, a="—", b=cid)

    def _place(self, g, detail, sa, sb, src, tgt, pos, **args):
        law, doc = self.law, g.doc
        ea = excerpts_of(src, sa) if sa else excerpts_of(src, [])
        eb = excerpts_of(tgt, sb) if sb else excerpts_of(tgt, [])
        self.add("T181", g, doc.id, detail, {law.id: ea, doc.id: eb}, pos,
                 focus=[sa and ea, sb and eb], marks=_marks(law.id, src, sa, doc.id, tgt, sb),
                 law=law.id, **args)
        f = self.findings[-1]
        f.args_by_lang = {lg: {k: self._say(v, lg) for k, v in f.args.items()} for lg in ("pt", "es")}
