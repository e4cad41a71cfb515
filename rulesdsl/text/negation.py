"""What a negation negates, one text against the other (the T120 check's second look).

Counting negations flags every paraphrase: «se não existirem mais cartas no baralho» is «si el
mazo se agota», «cartas de quaisquer naipes que não sejam pássaro» is «cartas de zorro, conejo
o ratón». So before a different count becomes a finding, each negation is read with what it
bears on, through the glossary:

  head     the concept right after the negation, past modals, clitics and articles — the
           action or thing it forbids («não pode *mover*», «nenhum *naipe*», «e não no
           *suprimento*»); None when the negated word is not a concept («não *existirem*»)
  clause   the concepts of its clause (up to a comma or a sentence break on each side)

A negation of one text is *answered* when the other text has a negation (or an exception or
"only") on the same head or with most of the same clause concepts — the same restriction,
worded its own way; or, for a negated word that is no concept of the glossary, when its
clause names at least two concepts and the other text names all of them — the same statement
said positively. A negated *action* the other text states plainly («no se puede poner» against
«posicionar») is never answered that way: that is what a reader would play differently.

A negation inside a parenthesised aside that is a sentence of its own («(*Eles não possuem
peças artesanais*)», «(você não recebe pontos pelos guerreiros na seção de Pagamentos)») is a
*reminder*: the rulebook restates there what follows from the rule around it, and a translation
may leave reminders out. It is answered. An aside that goes on with the sentence — a restriction
(«(e que não seja parte de outra ação)», «(a menos que ...)») — or a prohibition with a modal
(«(*Elas não poderão ser usadas para quaisquer outros propósitos*)») is read like any negation.

Only unanswered negations make T120 a finding a reader must judge; when every negation that
makes the counts differ is answered, the difference is a note (T127)."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import fold
from . import numbers as nummod
from . import semantics as semmod

_BREAKS = {".", ";", ":", "!", "?", ",", "(", ")", "—", "–"}
# words between a negation and what it negates: modals, clitics, articles, contractions
SKIP = {
    "pt": {"se", "o", "a", "os", "as", "lhe", "lhes", "me", "te", "nos", "um", "uma", "no", "na",
           "nos", "nas", "do", "da", "de", "em", "mais", "ser", "é", "será", "foi", "sejam",
           "seja", "é", "está", "esta", "estão", "possui", "possua", "tem", "há", "houver",
           "qualquer", "quaisquer", "ele", "ela", "eles", "elas", "você", "para", "pelo",
           "pela", "mesmo", "mesma", "sequer", "também", "ainda", "então"},
    "es": {"se", "lo", "la", "los", "las", "le", "les", "me", "te", "nos", "un", "una", "el",
           "del", "al", "de", "en", "más", "ser", "es", "será", "fue", "sea", "sean", "está",
           "están", "tiene", "tienen", "hay", "haya", "cualquier", "él", "ella", "ellos",
           "ellas", "usted", "para", "por", "mismo", "misma", "siquiera", "también", "aún",
           "entonces"},
}
# a copula before the negated word: "que não sejam pássaro" classifies, it forbids no action
COPULA = {
    "pt": {"ser", "é", "são", "será", "serão", "foi", "seja", "sejam", "está", "esta", "estão",
           "esteja", "estejam"},
    "es": {"ser", "es", "son", "será", "serán", "fue", "sea", "sean", "está", "están", "esté",
           "estén"},
}
# ... and every modal of either language
HEAD_WINDOW = 4
# share of the clause's concepts two negations must have in common to say the same thing
SAME_CLAUSE = 0.5


@dataclass
class Neg:
    span: tuple            # (start, end) of the negation words
    head: str | None       # the concept it negates, when the negated word is one
    head_word: bool        # the negated word is a concept of the glossary (an action, a thing)
    clause: frozenset      # the concepts of its clause
    reminder: bool = False  # inside an aside that is a sentence of its own
    never_again: bool = False   # "no se puede poner ... otra vez": it cannot come back


class Negs(list):
    """The negations of one text, and whether that text takes something out of the game
    (leaving.py): «ela retorna para a caixa do jogo» answers «no se puede poner otra vez»."""
    leaves_game = False


# the words an aside that goes on with its sentence starts with (a restriction, a condition, a
# relative clause): "(e que não seja ...)", "(a menos que ...)", "(exceto ...)", "(sin ...)"
CONTINUES = {
    "pt": {"e", "ou", "que", "a", "exceto", "salvo", "se", "caso", "quando", "desde", "mesmo",
           "incluindo", "inclusive", "mas", "nem", "sem", "com", "onde", "cujo", "cuja", "ou seja",
           "isto", "apenas", "somente", "só", "para", "em", "de", "do", "da", "no", "na", "não"},
    "es": {"y", "o", "u", "que", "a", "excepto", "salvo", "si", "cuando", "desde", "incluso",
           "incluyendo", "pero", "ni", "sin", "con", "donde", "cuyo", "cuya", "es", "sólo",
           "solo", "para", "en", "de", "del", "al", "no"},
}


def _reminders(text: str, lang: str) -> list:
    """Spans of the asides of `text` that are sentences of their own (see the module's doc)."""
    from .conditions import _parens
    cont = {fold(w) for w in CONTINUES.get(lang, set())}
    out = []
    for a, b in _parens(text):
        words = [t for t in nummod.tokenize(text[a + 1:b - 1]) if t.is_word]
        if len(words) >= 3 and words[0].fold not in cont:
            out.append((a, b))
    return out


def _modal_words(lang: str) -> set:
    words = set()
    for phrases in semmod._vocab(semmod.MODALITY, lang, "modality").values():
        for p in phrases:
            words.update(p)
    return words


def _skip_words(lang: str) -> set:
    return {fold(w) for w in SKIP.get(lang, set())} | _modal_words(lang)


def read(text: str, lang: str, spans: list, hits: dict) -> list[Neg]:
    """Each negation span of `text` with its head concept and clause concepts; `hits` is the
    glossary's concept → [(start, end, text, shared)] for this text (Checker.concept_hits)."""
    from . import leaving as leavemod
    out = Negs()
    out.leaves_game = leavemod.mentions_leaving(text, lang)
    if not spans:
        return out
    toks = list(nummod.tokenize(text))
    starts: dict[int, list] = {}
    for cid, hs in hits.items():
        for h in hs:
            starts.setdefault(h[0], []).append(cid)
    skip = _skip_words(lang)
    copula = {fold(w) for w in COPULA.get(lang, set())}
    reminders = _reminders(text, lang)
    modals = _modal_words(lang)
    for a, b in spans:
        # the clause: back to the previous break, on to the next
        i0 = next((i for i, t in enumerate(toks) if t.start >= a), len(toks))
        j0 = next((i for i, t in enumerate(toks) if t.start >= b), len(toks))
        lo = i0
        while lo > 0 and toks[lo - 1].text not in _BREAKS:
            lo -= 1
        hi = j0
        while hi < len(toks) and toks[hi].text not in _BREAKS:
            hi += 1
        ca = toks[lo].start if lo < len(toks) else a
        cb = toks[hi - 1].end if hi > 0 and hi - 1 < len(toks) else b
        clause = frozenset(cid for cid, hs in hits.items()
                           if any(ca <= h[0] and h[1] <= cb and not h[3] for h in hs))
        head, head_word = None, False
        seen = 0
        classifies = False
        # "Elas não poderão ser usadas": a prohibition, a rule even inside an aside
        forbids = any(t.fold in modals for t in toks[j0:min(hi, j0 + 2)])
        for t in toks[j0:hi]:
            if not (t.is_word or t.text[:1].isdigit()):
                continue
            got = starts.get(t.start)
            if got:
                head, head_word = sorted(got)[0], not classifies
                break
            classifies = classifies or t.fold in copula
            if t.fold in skip or t.fold in copula:
                seen += 1
                if seen > HEAD_WINDOW:
                    break
                continue
            break                  # a word that is no concept: "não existirem", "no ganan"
        out.append(Neg((a, b), head, head_word, clause,
                       not forbids and any(x <= a and b <= y for x, y in reminders),
                       leavemod.never_again(text[a:], lang)
                       and leavemod.never_again(text[a:_sentence_end(text, b)], lang)))
    return out


def _sentence_end(text: str, at: int) -> int:
    ends = [i for i in (text.find(c, at) for c in ".;!?") if i >= 0]
    return min(ends) + 1 if ends else len(text)


def _same(x: Neg, y: Neg) -> bool:
    if x.head is not None and x.head == y.head:
        return True
    if x.clause and y.clause:
        return len(x.clause & y.clause) / len(x.clause | y.clause) >= SAME_CLAUSE
    return False


def unanswered(na: list[Neg], nb: list[Neg], ra: list[Neg], rb: list[Neg],
               concepts_a: set, concepts_b: set) -> tuple[list[Neg], list[Neg]]:
    """The negations of each text the other does not answer. `na`/`nb` are the negations,
    `ra`/`rb` the other restrictions (exceptions, "only") read the same way, `concepts_*`
    every concept each text names."""
    left_a, left_b = list(na), list(nb)
    # pair negations on the same thing, the closest first
    for x in list(left_a):
        y = next((y for y in left_b if x.head is not None and x.head == y.head), None) \
            or next((y for y in left_b if _same(x, y)), None)
        if y is not None:
            left_a.remove(x)
            left_b.remove(y)

    def answered(x: Neg, other_restr: list[Neg], other_concepts: set, other_leaves: bool) -> bool:
        if x.reminder:
            return True            # a reminder a translation may leave out
        if x.never_again and other_leaves:
            return True            # «não volta» = «sai da partida» (leaving.py)
        if any(_same(x, y) for y in other_restr):
            return True            # an exception or "only" says it ("sólo pueden ... por")
        if x.head_word:
            return False           # a forbidden action the other text states plainly
        return len(x.clause) >= 2 and x.clause <= other_concepts
    leaves_a = getattr(na, "leaves_game", False) or getattr(ra, "leaves_game", False)
    leaves_b = getattr(nb, "leaves_game", False) or getattr(rb, "leaves_game", False)
    return ([x for x in left_a if not answered(x, rb, concepts_b, leaves_b)],
            [y for y in left_b if not answered(y, ra, concepts_a, leaves_a)])
