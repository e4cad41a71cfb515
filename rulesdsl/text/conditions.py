"""Conditions of a rule text: negations, exceptions, "only", inclusion/exclusion, or/and —
read (`conditions`) and compared between two texts of a paragraph (`ConditionChecks`).

A third language adds its own words in its lexicon (numbers.word_list)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..errors import fold
from . import numbers as nummod
from . import negation as negmod
from . import semantics as semmod
from .findings import _marks, excerpts_of
from .groups import Group

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
           "não incluem", "nem sempre",
           # a necessity denied is a permission: "(não precisam ser todas na mesma clareira)"
           "não precisa", "não precisam", "não é necessário", "não é necessária",
           "não são necessários", "não são necessárias"],
    "es": ["no obstante", "a no ser", "sin incluir", "sin contar", "no incluyendo", "no incluye",
           "no incluyen", "sin embargo", "ni siquiera", "sin cuartel",
           "no necesita", "no necesitan", "no tiene que", "no tienen que", "no es necesario",
           "no es necesaria", "no son necesarios", "no son necesarias", "no hace falta"],
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


# "no espaço para acólitos, e não no suprimento" = "en el recuadro en vez de en la reserva":
# not a negation (the rule says what happens), but it answers one (negation.py)
INSTEAD = {"pt": ["em vez de", "ao invés de", "em lugar de", "no lugar de"],
           "es": ["en vez de", "en lugar de"]}


def instead(text: str, lang: str) -> list:
    """Spans of "instead of" phrases in `text`."""
    toks = nummod.tokenize(text)
    return [(toks[a].start, toks[b - 1].end)
            for a, b in _match_phrases(toks, _vocab(INSTEAD, lang, "instead"))]


# "entre a clareira X e as adjacentes" chooses one place: the "e" of "entre ... e" is an "ou"
BETWEEN = {"pt": ["entre"], "es": ["entre"]}
_QUOTES = {'"': '"', "“": "”", "«": "»", "'": "'"}
# items of at most this many words make "A, B, C ou D" a list
LIST_ITEM_WORDS = 4


def _conjunctions(toks, text: str, ors: list, ands: list, lang: str) -> tuple[list, list]:
    """The "ou"/"e" that choose or join rules, of all those written: not a letter in quotes
    (`la casilla "o"` is a zero), not the last joint of a list of three or more short items
    ("Marquesa, Águila, Alianza, Vagabundo, Culto o Gente del Río" names factions, with "o" or
    "y" alike); and "entre X e Y" is a choice of one, an "ou"."""
    between = {fold(w) for w in nummod.word_list(lang, "between", BETWEEN)}
    joints = {fold(w) for w in nummod.word_list(lang, "or", OR_WORDS) + nummod.word_list(lang, "and", AND_WORDS)}

    def quoted(a):
        t = toks[a]
        return (t.start > 0 and t.end < len(text) and text[t.start - 1] in _QUOTES
                and text[t.end] == _QUOTES[text[t.start - 1]])

    def list_closer(a):
        if a == 0 or toks[a - 1].text == ",":
            return False
        commas, words = 0, 0
        for k in range(a - 1, -1, -1):
            t = toks[k]
            if t.text in _CLAUSE_BREAK or t.text in "()":
                break
            if t.text == ",":
                if words == 0 or words > LIST_ITEM_WORDS:
                    break
                commas, words = commas + 1, 0
                if commas >= 2:
                    return True
                continue
            if t.is_word:
                words += 1
        return False

    def after_between(a):
        for k in range(a - 1, max(-1, a - 12), -1):
            t = toks[k]
            if t.text in _CLAUSE_BREAK or t.text == "," or t.low in joints:
                return False
            if t.fold in between:
                return True
        return False
    ors = [(a, b) for a, b in ors if not quoted(a) and not list_closer(a)]
    keep, moved = [], []
    for a, b in ands:
        if list_closer(a):
            continue
        (moved if after_between(a) else keep).append((a, b))
    return sorted(ors + moved), keep


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
    ors, ands = _conjunctions(toks, text, ors, ands, lang)

    def spans(pairs):
        return [(toks[a].start, toks[b - 1].end) for a, b in pairs]
    c = Conditions(spans(groups), spans(exc), spans(incl), spans(excl), spans(ors), spans(ands),
                   spans(only), len(merged), parens=_parens(text), attributes=spans(attrs))
    c.merged_out = sum(1 for x in spans(merged) if not c.inside(x))
    return c


REMAINING = {"pt": ["restante", "restantes", "demais", "resto"],
             "es": ["restante", "restantes", "demás", "resto"]}


def _remaining_instead(src, tgt, la, lb, xa, xb) -> bool:
    """The text with fewer exceptions says "the remaining ..." as often as it lacks them."""
    fewer, lang, n = (src, la, len(xb) - len(xa)) if len(xa) < len(xb) else (tgt, lb, len(xa) - len(xb))
    toks = nummod.tokenize(fewer)
    return len(_match_phrases(toks, _vocab(REMAINING, lang, "remaining"))) >= n


class ConditionChecks:
    """The Checker's comparison of conditions (mixed into checks.Checker)."""

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
                if code == "T120" and both_ways and self._negations_answered(g, src, tgt, ca, cb):
                    continue
                self.add(code, g, doc.id, f"{field_}:{len(x)}≠{len(y)}",
                         {law.id: excerpts_of(src, x, 3), doc.id: excerpts_of(tgt, y, 3)}, pos,
                         marks=_marks(law.id, src, x, doc.id, tgt, y),
                         na=len(x), nb=len(y), law=law.id)
                if code == "T121" and _remaining_instead(src, tgt, law.lang, doc.lang, x, y):
                    # "os ninhos restantes" / "todos sus espacios excepto el más a la
                    # izquierda": the rest, said as all but some
                    self.findings[-1].severity = "info"
                elif not both_ways:
                    # a summary or reference says it its own way ("não pode" for "só pode"):
                    # counted negations there are a note (all ten sampled were paraphrase)
                    self.findings[-1].severity = "info"
                elif code == "T120" and len(g.law) != len(g.target):
                    # several Law paragraphs rendered by another number of paragraphs (a
                    # glossary and a rule merged into one section): the count spans texts that
                    # do not say the same things — a note (Root: 2 of 3 such were false)
                    self.findings[-1].severity = "info"
                elif code == "T120" and aside:
                    # the difference is in a reminder: a reading decides
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
            # the difference only inside a parenthesised aside ("(o empatados en menos)"): a note
            out_a = [x for x in ca.or_ if not ca.inside(x)], [x for x in ca.and_ if not ca.inside(x)]
            out_b = [x for x in cb.or_ if not cb.inside(x)], [x for x in cb.and_ if not cb.inside(x)]
            do, da = len(out_b[0]) - len(out_a[0]), len(out_b[1]) - len(out_a[1])
            if not (do and da and (do > 0) != (da > 0)):
                self.findings[-1].severity = "info"

    def _negations_answered(self, g: Group, src: str, tgt: str, ca: Conditions,
                            cb: Conditions) -> bool:
        """Every negation that makes the counts differ negates something the other text says
        too, its own way (negation.py): then the difference is a note (T180), not a T120."""
        law, doc = self.law, g.doc
        ha, hb = self.concept_hits(src, law.lang), self.concept_hits(tgt, doc.lang)
        na = negmod.read(src, law.lang, ca.negation, ha)
        nb = negmod.read(tgt, doc.lang, cb.negation, hb)
        ra = negmod.read(src, law.lang, ca.exception + ca.only + instead(src, law.lang), ha)
        rb = negmod.read(tgt, doc.lang, cb.exception + cb.only + instead(tgt, doc.lang), hb)
        left_a, left_b = negmod.unanswered(na, nb, ra, rb, set(ha), set(hb))
        if left_a or left_b:
            return False
        sa, sb = [x.span for x in na], [y.span for y in nb]
        what = f"{len(na)}/{len(nb)}"
        self.add("T180", g, doc.id, f"negation:{len(na)}≠{len(nb)}",
                 {law.id: excerpts_of(src, sa, 3), doc.id: excerpts_of(tgt, sb, 3)},
                 g.target[0].pos, marks=_marks(law.id, src, sa, doc.id, tgt, sb),
                 na=len(na), nb=len(nb), law=law.id, what=what,
                 heads=", ".join(sorted({x.head for x in na + nb if x.head})) or "—")
        return True
