"""What a rule text says beyond its words: the content two texts of one rule must share.

`features(text, lang, hits)` reads, from one text, the parts of its meaning a careless
translation or summary changes without changing a digit:

  counted     a number with the concept it counts ("2 cartas" → (2, card)); concepts come from
              the glossary, so "2 cartas" and "2 cartas" in two languages meet
  quantifier  any / each / all / up to / at least / only / matching ("qualquer carta" against
              "carta correspondente")
  modality    may / must ("pode" against "obrigatoriamente")
  timing      start / end / immediately / before / after / during, each with the concept it
              times when one follows ("ao final da batalha" → (end, battle))
  sentences   how many sentences (a deleted sentence)

`compare(a, b)` lists the differences, each as a `Difference` with a kind, a detail that
names it exactly (the finding's fingerprint is made of it) and whether it is a *swap* — one
text has one side of a pair of opposites (may/must, start/end, before/after, any/each,
any/matching, up to/at least) and not the other, and the other text the reverse. A swap is
what a reader would play differently; a mere difference of counts is a note.

The word lists for pt and es are built in; a third language adds its own under `text:` in its
lexicon file (sections `quantifiers`, `modality`, `timing`: {class: [phrases]}).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ..errors import fold
from . import numbers as nummod

QUANTIFIERS = {
    "pt": {
        "any": ["qualquer", "quaisquer"],
        "each": ["cada"],
        "all": ["todo", "toda", "todos", "todas"],
        "up_to": ["no máximo", "até no máximo"],
        "at_least": ["pelo menos", "ao menos", "no mínimo"],
        "only": ["apenas", "somente", "só", "unicamente", "exclusivamente"],
        "matching": ["correspondente", "correspondentes", "corresponda", "correspondam",
                     "corresponder", "do mesmo naipe",
                     # "carta com naipe correspondente à clareira": matching bears on the card
                     "com naipe correspondente", "com o naipe correspondente",
                     "de naipe correspondente", "do naipe correspondente"],
    },
    "es": {
        "any": ["cualquier", "cualquiera", "cualesquiera"],
        "each": ["cada"],
        "all": ["todo", "toda", "todos", "todas"],
        "up_to": ["como máximo", "como mucho"],
        "at_least": ["al menos", "por lo menos", "como mínimo"],
        "only": ["solo", "sólo", "solamente", "únicamente", "exclusivamente"],
        "matching": ["correspondiente", "correspondientes", "coincidente", "coincidentes",
                     "coincida", "coincidan", "corresponda", "correspondan", "del mismo palo",
                     "que se corresponda", "que se correspondan", "que coincida", "que coincidan",
                     "del palo correspondiente", "de palo correspondiente"],
    },
}
# "até 3" / "hasta 3" is "up to" only before a number ("até o fim" is timing)
UP_TO_BEFORE_NUMBER = {"pt": ["até"], "es": ["hasta"]}

MODALITY = {
    "pt": {
        "may": ["pode", "podem", "poderá", "poderão", "possa", "possam", "puder", "puderem",
                "podes",
                "opcionalmente", "se quiser", "se desejar", "se quiserem", "se preferir"],
        "must": ["deve", "devem", "deverá", "deverão", "obrigatoriamente", "precisa", "precisam",
                 "tem que", "têm que", "tem de", "têm de", "é obrigado", "é obrigada"],
    },
    "es": {
        "may": ["puede", "pueden", "podrá", "podrán", "pueda", "puedan", "puedes", "puedas",
                "podrás", "opcionalmente",
                "si quieres", "si lo deseas", "si lo desea", "si quiere", "si lo prefieres"],
        "must": ["debe", "deben", "deberá", "deberán", "debes", "debas", "deberás",
                 "obligatoriamente", "tiene que", "tienes que",
                 "tienen que", "hay que", "necesita", "necesitan", "está obligado",
                 "está obligada"],
    },
}

TIMING = {
    "pt": {
        "start": ["início", "começo", "no começo", "ao começar", "ao iniciar", "quando começa",
                  "quando começam"],
        "end": ["fim", "final", "término", "ao terminar", "ao acabar"],
        "immediately": ["imediatamente", "de imediato", "logo em seguida"],
        "before": ["antes"],
        "after": ["depois", "após"],
        "during": ["durante"],
    },
    "es": {
        "start": ["inicio", "comienzo", "principio", "al comenzar", "al empezar", "al iniciar",
                  # "cuando comienza una batalla" = "no início de uma batalha" ("comienza
                  # una batalla" alone is "start a battle", an action)
                  "cuando comienza", "cuando comienzan", "cuando empieza", "cuando empiezan"],
        "end": ["fin", "final", "al terminar", "al acabar"],   # "el término" is "the term"
        "immediately": ["inmediatamente", "de inmediato", "en seguida", "enseguida"],
        "before": ["antes"],
        "after": ["después", "tras"],
        "during": ["durante"],
    },
}

# pairs of opposites: one text with only one side and the other with only the other is a swap
OPPOSITES = (
    ("modality", "may", "must"),
    ("quantifier", "any", "each"),
    ("quantifier", "any", "matching"),
    ("quantifier", "up_to", "at_least"),
    ("timing", "start", "end"),
    ("timing", "before", "after"),
    ("timing", "immediately", "end"),
)
# moments that change when a rule applies ("ao final da batalha", "no início do Amanhecer");
# "depois", "imediatamente" are said or left out as style, far too often to judge
MOMENTS = ("start", "end")
# how far after a number (in words) the concept it counts may stand ("3 guerreiros", "duas
# novas cartas", "1 de suas cartas")
COUNT_WINDOW = 4
# how far after a quantifier, modal or timing word the concept it bears on may stand ("no
# início do seu Amanhecer", "pode então ativar")
TIMING_WINDOW = 3
# words that follow their noun ("carta correspondente"), and how far back the noun may be
POSTNOMINAL = ("matching",)
POSTNOMINAL_WINDOW = 2
_SENTENCE_RE = re.compile(r"[.!?;](?:\s|$)")


@dataclass
class Features:
    counted: Counter = field(default_factory=Counter)       # (value, concept) -> n
    quantifier: Counter = field(default_factory=Counter)    # class -> n
    modality: Counter = field(default_factory=Counter)
    timing: Counter = field(default_factory=Counter)        # class -> n
    bears: Counter = field(default_factory=Counter)         # (kind, class, concept) -> n
    numbers: Counter = field(default_factory=Counter)       # strong cardinal -> n
    concepts: Counter = field(default_factory=Counter)      # glossary concept -> n
    sentences: int = 0
    spans: dict = field(default_factory=dict)               # (kind, class) -> [(start, end)]
    bounded: Counter = field(default_factory=Counter)       # (class, value) -> n: "até 2"

    def add_span(self, kind, cls, a, b):
        self.spans.setdefault((kind, cls), []).append((a, b))


@dataclass
class Difference:
    kind: str          # "counted" | "quantifier" | "modality" | "timing" | "sentences"
    detail: str        # names the difference exactly ("modality:may 1≠0,must 0≠1")
    swap: bool         # one side of a pair of opposites here, the other there
    spans_a: list = field(default_factory=list)
    spans_b: list = field(default_factory=list)
    values: dict = field(default_factory=dict)


_VOCAB_CACHE: dict = {}


def _vocab(table: dict, lang: str, section: str) -> dict[str, list[list[str]]]:
    key = (id(table), lang, section, id(nummod._extra(lang)))
    got = _VOCAB_CACHE.get(key)
    if got is not None:
        return got
    out = {k: list(v) for k, v in table.get(lang, {}).items()}
    extra = nummod._extra(lang).get(section)
    if isinstance(extra, dict):
        for k, v in extra.items():
            if isinstance(v, list):
                out.setdefault(str(k), []).extend(str(x) for x in v)
    got = _VOCAB_CACHE[key] = {
        k: sorted(([w.fold for w in nummod.tokenize(p) if w.is_word] for p in v),
                  key=len, reverse=True) for k, v in out.items()}
    return got


def _match(toks, vocab, used: set) -> list[tuple[str, int, int]]:
    """(class, first token, end token) of every phrase of `vocab`, longest first."""
    words = [t.fold for t in toks]
    phrases = sorted(((p, cls) for cls, ps in vocab.items() for p in ps if p),
                     key=lambda x: -len(x[0]))
    index: dict = {}
    for p, cls in phrases:
        index.setdefault(p[0], []).append((p, cls))
    out = []
    n = len(toks)
    for i in range(n):
        if i in used:
            continue
        for p, cls in index.get(words[i], ()):
            j = i + len(p)
            if j <= n and words[i:j] == p and not any(k in used for k in range(i, j)):
                out.append((cls, i, j))
                used.update(range(i, j))
                break
    return out


def features(text: str, lang: str, hits: dict | None = None,
             negations: list | None = None) -> Features:
    """The content features of one text; `hits` is the glossary's concept → [(start, end, ...)]
    for this text (Checker.concept_hits), `negations` the spans of its negations
    (conditions.conditions): a negation bears on the concept after it ("não pode mover")."""
    f = Features()
    if not text:
        return f
    toks = [t for t in nummod.tokenize(text)]
    word_idx = [i for i, t in enumerate(toks) if t.is_word or t.text[:1].isdigit()]
    starts, ends = {}, {}
    for cid, spans in (hits or {}).items():
        for s in spans:
            starts.setdefault(s[0], []).append(cid)
            ends.setdefault(s[1], []).append(cid)

    def nearest(tokens, at, window):
        """The first concept named within `window` words along `tokens` (a sentence break
        stops the search); `at(t)` is the concepts whose name starts (or ends) at token t."""
        seen = 0
        for t in tokens:
            hit = at(t)
            if hit:
                return sorted(hit)[0]
            if t.is_word or t.text[:1].isdigit():
                seen += 1
                if seen > window:
                    return None
            elif t.text in (".", ";", ":", "!", "?"):
                return None
        return None

    def concept_after(end_char: int, window: int):
        return nearest((t for t in toks if t.start >= end_char), lambda t: starts.get(t.start), window)

    def concept_before(start_char: int, window: int):
        return nearest((t for t in reversed(toks) if t.end <= start_char), lambda t: ends.get(t.end), window)

    # numbers with what they count
    for n in nummod.extract(text, lang, ordinal=False):
        if n.kind != "cardinal" or not n.strong:
            continue
        c = concept_after(n.end, COUNT_WINDOW)
        if c is not None:
            f.counted[(n.value, c)] += 1
            f.add_span("counted", (n.value, c), n.start, n.end)
    # a word in quotes is mentioned, not used: 'Qualquer coisa que diga “no início” de uma
    # fase' defines the phrase, it times nothing
    used: set[int] = {i for i, t in enumerate(toks)
                      if any(a <= t.start and t.end <= b for a, b in _quoted(text))}
    for kind, table, section in (("quantifier", QUANTIFIERS, "quantifiers"),
                                 ("modality", MODALITY, "modality"),
                                 ("timing", TIMING, "timing")):
        for cls, i, j in _match(toks, _vocab(table, lang, section), used):
            a, b = toks[i].start, toks[j - 1].end
            getattr(f, kind)[cls] += 1
            f.add_span(kind, cls, a, b)
            # what the word bears on: the concept after it ("pode ativar", "no início do
            # Amanhecer", "qualquer carta"), or before it for a word that follows its noun
            # ("carta correspondente")
            c = concept_before(a, POSTNOMINAL_WINDOW) if cls in POSTNOMINAL else None
            c = c or concept_after(b, TIMING_WINDOW)
            if c is not None:
                f.bears[(kind, cls, c)] += 1
                f.add_span("bears", (kind, cls, c), a, b)
    for a, b in negations or []:
        c = concept_after(b, TIMING_WINDOW)
        f.bears[("negation", "not", c)] += 1
        f.add_span("bears", ("negation", "not", c), a, b)
    # every number said, with how often (a number changed to one the text already has)
    for n in nummod.extract(text, lang, ordinal=False):
        if n.kind == "cardinal" and n.strong:
            f.numbers[n.value] += 1
    f.concepts = Counter({c: len(v) for c, v in (hits or {}).items()})
    # "até 3 guerreiros": up to, before a number
    ups = {fold(w) for w in UP_TO_BEFORE_NUMBER.get(lang, [])}
    for n, i in enumerate(word_idx):
        if i in used or toks[i].fold not in ups or n + 1 >= len(word_idx):
            continue
        nxt = toks[word_idx[n + 1]]
        if nxt.text[:1].isdigit() or nummod.parse_number_word(nxt.text, lang) is not None:
            f.quantifier["up_to"] += 1
            f.add_span("quantifier", "up_to", toks[i].start, toks[i].end)
    # which numbers are bounds ("até 2 movimentos", "al menos tres guerreros"): a bound in one
    # text and the bare number in the other ("hace dos movimientos") is another rule
    for n in nummod.extract(text, lang, ordinal=False):
        if n.kind != "cardinal" or not n.strong:
            continue
        for cls in ("up_to", "at_least"):
            if any(0 <= n.start - b <= 2 for a, b in f.spans.get(("quantifier", cls), [])):
                f.bounded[(cls, n.value)] += 1
                f.add_span("bounded", (cls, n.value), n.start, n.end)
    # sentences of three words or more ("Passo 1." is a label, not a sentence)
    f.sentences = sum(1 for part in _SENTENCE_RE.split(text)
                      if sum(1 for t in nummod.tokenize(part) if t.is_word) >= 3)
    return f


_QUOTED_RE = re.compile(r'“[^”\n]{1,40}”|"[^"\n]{1,40}"|«[^»\n]{1,40}»')


def _quoted(text: str) -> list:
    """Spans of short quotations in `text` (a word or phrase mentioned)."""
    return [m.span() for m in _QUOTED_RE.finditer(text)]


def _show(v) -> str:
    if isinstance(v, tuple):
        return f"{nummod.show(v[0])}×{v[1]}" if not isinstance(v[0], str) else f"{v[0]}@{v[1]}"
    return str(v)


def compare(a: Features, b: Features, *, both_ways: bool = True,
            sentences: bool = True) -> list[Difference]:
    """Differences between the content of two texts of one rule. With `both_ways` false (a
    reference or a summary, which may leave things out), what only `a` has is not reported
    unless it is a swap; `sentences` compares how many sentences each has (a translation says
    each one: a deleted sentence is a difference; a summary is shorter by design)."""
    out: list[Difference] = []
    # numbers with what they count: only concepts both texts count
    concepts = {c for _, c in a.counted} & {c for _, c in b.counted}
    for c in sorted(concepts):
        va = Counter({v: n for (v, cc), n in a.counted.items() if cc == c})
        vb = Counter({v: n for (v, cc), n in b.counted.items() if cc == c})
        if set(va) == set(vb):
            continue
        only_a, only_b = set(va) - set(vb), set(vb) - set(va)
        if not both_ways and not only_b:
            continue
        sa = [s for v in only_a for s in a.spans.get(("counted", (v, c)), [])]
        sb = [s for v in only_b for s in b.spans.get(("counted", (v, c)), [])]
        detail = (f"counted:{c}:" + ",".join(sorted(nummod.show(v) for v in va)) + "≠"
                  + ",".join(sorted(nummod.show(v) for v in vb)))
        out.append(Difference("counted", detail, bool(only_a and only_b), sa, sb,
                              {"concept": c, "a": ", ".join(sorted(nummod.show(v) for v in only_a)) or "—",
                               "b": ", ".join(sorted(nummod.show(v) for v in only_b)) or "—"}))
    # a bound here, the bare number there: "até 2 movimentos" / "hace dos movimientos"
    for cls, v in sorted({k for k in (a.bounded | b.bounded)}, key=str):
        if not (a.numbers[v] and b.numbers[v]) or bool(a.bounded[(cls, v)]) == bool(b.bounded[(cls, v)]):
            continue
        if not both_ways and not b.bounded[(cls, v)]:
            continue
        shown = f"bound_{cls} {nummod.show(v)}"
        out.append(Difference("quantifier", f"quantifier:bound:{cls}:{nummod.show(v)}:"
                              f"{a.bounded[(cls, v)]}≠{b.bounded[(cls, v)]}", True,
                              a.spans.get(("bounded", (cls, v)), []),
                              b.spans.get(("bounded", (cls, v)), []),
                              {"a": shown if a.bounded[(cls, v)] else nummod.show(v),
                               "b": shown if b.bounded[(cls, v)] else nummod.show(v)}))
    # a swap: the same concept under one side of a pair of opposites here and the other there
    # ("você pode ativar" / "debes activar"; "qualquer carta" / "carta correspondiente")
    swapped: set = set()
    for kind, x, y in OPPOSITES:
        concepts = sorted({c for (k, cl, c) in a.bears if k == kind and cl in (x, y)}
                          & {c for (k, cl, c) in b.bears if k == kind and cl in (x, y)})
        for c in concepts:
            ax, ay = a.bears[(kind, x, c)], a.bears[(kind, y, c)]
            bx, by = b.bears[(kind, x, c)], b.bears[(kind, y, c)]
            if ax and not ay and by and not bx:
                first, second = x, y
            elif ay and not ax and bx and not by:
                first, second = y, x
            else:
                continue
            swapped.update({(kind, x), (kind, y)})
            out.append(Difference(kind, f"{kind}:{c}:{first}→{second}", True,
                                  a.spans.get(("bears", (kind, first, c)), []),
                                  b.spans.get(("bears", (kind, second, c)), []),
                                  {"a": f"{first} {c}", "b": f"{second} {c}"}))
    # a moment one text gives to a concept the other names with no moment at all: "se tornará
    # Hostil ao final da batalha" against "se vuelve Hostil" (at once) — a translation only
    if both_ways and sentences:
        for one, other, first in ((a, b, True), (b, a, False)):
            for (k, cls, c), n in sorted(one.bears.items(), key=str):
                if (k != "timing" or cls not in MOMENTS or c is None or not n
                        or not other.concepts[c] or (k, cls) in swapped
                        or any(kk == "timing" and cc == c for kk, _, cc in other.bears)):
                    continue
                swapped.add((k, cls))
                sp = one.spans.get(("bears", (k, cls, c)), [])
                out.append(Difference("timing", f"timing:{c}:{cls}@{'a' if first else 'b'}", True,
                                      sp if first else [], [] if first else sp,
                                      {"a": f"{cls} {c}" if first else c,
                                       "b": c if first else f"{cls} {c}"}))
    for kind in ("quantifier", "modality", "timing"):
        ca, cb = getattr(a, kind), getattr(b, kind)
        # a class one text uses and the other never does ("deve" here, no modal there); how
        # often each says it is style ("pode ... se puder" against "puede")
        diff = [k for k in sorted(set(ca) | set(cb)) if bool(ca[k]) != bool(cb[k])
                and (kind, k) not in swapped and (both_ways or cb[k] > ca[k])]
        if not diff:
            continue
        detail = f"{kind}:" + ",".join(f"{k} {ca[k]}≠{cb[k]}" for k in diff)
        out.append(Difference(kind, detail, False,
                              [s for k in diff for s in a.spans.get((kind, k), [])],
                              [s for k in diff for s in b.spans.get((kind, k), [])],
                              {"what": ", ".join(f"{k} {ca[k]}/{cb[k]}" for k in diff)}))
    # what each quantifier, modal, timing word and negation bears on, one text against the
    # other ("no puede mover" here, "pode mover" there): a note
    pa = {k for k, n in a.bears.items() if n and (k[0], k[1]) not in swapped}
    pb = {k for k, n in b.bears.items() if n and (k[0], k[1]) not in swapped}
    only = sorted((pa - pb) | ((pb - pa) if both_ways else set()), key=str)
    only = [k for k in only if not any(d.kind == k[0] and d.swap for d in out)]
    # ... only where both texts use the word at all (else the class note, or the negation
    # count of T120, already says it)
    def uses(f, kind, cls):
        if kind == "negation":
            return sum(n for k, n in f.bears.items() if k[0] == "negation")
        return getattr(f, kind)[cls]
    only = [k for k in only if uses(a, k[0], k[1]) and uses(b, k[0], k[1])
            and (k[0] != "negation" or uses(a, "negation", "not") == uses(b, "negation", "not"))]
    if only and sentences:
        out.append(Difference("bears", "bears:" + ",".join(
            f"{k[1]}@{k[2]}:{a.bears[k]}≠{b.bears[k]}" for k in only), False,
            [s for k in only for s in a.spans.get(("bears", k), [])],
            [s for k in only for s in b.spans.get(("bears", k), [])],
            {"what": ", ".join(f"{k[1]} {k[2] or ''}".strip() for k in only)}))
    if sentences:
        # how often each number is said (a number changed to one the paragraph already has)
        if a.numbers != b.numbers and set(a.numbers) == set(b.numbers):
            vs = sorted(v for v in set(a.numbers) if a.numbers[v] != b.numbers[v])
            out.append(Difference("counted", "numbers:" + ",".join(
                f"{nummod.show(v)}×{a.numbers[v]}≠{b.numbers[v]}" for v in vs), False,
                values={"concept": "counted", "a": ", ".join(f"{nummod.show(v)}×{a.numbers[v]}" for v in vs),
                        "b": ", ".join(f"{nummod.show(v)}×{b.numbers[v]}" for v in vs)}))
        # the concepts each names (a deleted sentence takes its concepts with it)
        ca, cb = set(a.concepts), set(b.concepts)
        if ca != cb:
            out.append(Difference("concepts", "concepts:" + ",".join(sorted(ca - cb)) + "≠"
                                  + ",".join(sorted(cb - ca)), False,
                                  values={"what": ", ".join(sorted(ca ^ cb))}))
    if sentences and both_ways and a.sentences != b.sentences:
        out.append(Difference("sentences", f"sentences:{a.sentences}≠{b.sentences}", False,
                              values={"what": f"{a.sentences}/{b.sentences}"}))
    return out


# how a message says each class, per language
WORDS = {
    "pt": {"any": "qualquer", "each": "cada", "all": "todos", "up_to": "até N", "bound_up_to": "até", "bound_at_least": "pelo menos",
           "at_least": "pelo menos", "only": "só", "matching": "correspondente", "may": "pode",
           "must": "deve", "start": "início", "end": "fim", "immediately": "imediatamente",
           "before": "antes", "after": "depois", "during": "durante", "quantifier": "quantificadores",
           "modality": "modalidade", "timing": "momento", "sentences": "frases",
           "counted": "números", "bears": "alcance", "concepts": "conceitos", "not": "não",
           "attributes": "estados negados", "restrictions": "restrições (não/exceto/só)"},
    "es": {"any": "cualquier", "each": "cada", "all": "todos", "up_to": "hasta N", "bound_up_to": "hasta", "bound_at_least": "al menos",
           "at_least": "al menos", "only": "solo", "matching": "correspondiente", "may": "puede",
           "must": "debe", "start": "inicio", "end": "fin", "immediately": "inmediatamente",
           "before": "antes", "after": "después", "during": "durante", "quantifier": "cuantificadores",
           "modality": "modalidad", "timing": "momento", "sentences": "frases",
           "counted": "números", "bears": "alcance", "concepts": "conceptos", "not": "no",
           "attributes": "estados negados", "restrictions": "restricciones (no/excepto/sólo)"},
}


def word(cls: str, lang: str) -> str | None:
    """The word a message uses for a class id in `lang` ('may' → 'pode'), else None."""
    return WORDS.get(lang, WORDS["pt"]).get(cls)
