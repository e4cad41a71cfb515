"""Word by word translation of one effect expression: its tokens re-spelled in the target
language (keywords and verbs by the target lexicon, agreeing in gender and number; the
ruleset's names by their target names; number words), noise words dropped.

`WordRespeller` is a mixin of the file translator (rulesdsl/translate_document.py); it reads
there `dlex` (the target lexicon), `dst` (its language), `sidx`/`didx` (the ruleset's names
in the source and target language) and `genders` (`declared_genders`).
"""
from __future__ import annotations

from .errors import Diagnostics
from .nouns import gender_in
from .printer import (OPTIONAL_TO_AFTER, PrintError, features, neutral_word, optional_to, pick,
                      source_marks)
from .tokenizer import WORD_RE


class TranslateError(Exception):
    """An expression that cannot be said in the target language with this ruleset's names."""


def declared_genders(rs, lang: str, lexicon_genders: dict) -> dict:
    """The lexicon's genders plus, keyed ('declared', kind, ids), the gender each named thing
    of the ruleset declares in `lang` (`gênero:` / `género:`): what agreement looks up."""
    from .nouns import declared_by_spelling, declared_gender
    out = dict(lexicon_genders)
    out.update(declared_by_spelling(rs, lang) if hasattr(rs, "things") else {})
    for kind, items in (getattr(rs, "things", None) or {}).items():
        for ident, t in items.items():
            g = declared_gender(t, lang)
            if g is not None:
                out[("declared", kind, (ident,))] = g
    return out


# the kinds of ruleset names that are nouns (their words agree with them)
_NOUN_KINDS = ("piece", "category", "spacekind", "zone", "counter", "card", "deck", "die")

# words that agree in gender with the noun after them / before them
PRENOMINAL = ("ONE", "ALL", "ANY", "EACH", "ANOTHER", "YOUR")
POSTNOMINAL = ("RULED", "ENEMY", "ADJACENT", "MATCHING", "CONNECTED", "RANDOM", "WEIGHTED", "YOUR")

_PREPOSITIONS = {"BY", "TO", "OF", "IN", "WITH", "WITHOUT", "AMONG", "EXCEPT", "FOR"}


class WordRespeller:
    def respell(self, value: str, stok, owner) -> list[tuple[int, int, str]]:
        diags = Diagnostics(self.src)
        toks = [t for t in stok.tokenize(value, diags, lambda o, n=1: None)
                if t.type not in ("_NL", "INDENT", "DEDENT")]
        if diags.has_errors():
            raise TranslateError("tokenize")
        spans = [(t.start_pos, t.end_pos) for t in toks]
        new: dict[int, str] = {}
        # nouns first: the words around them agree with them
        for i, t in enumerate(toks):
            txt = getattr(t, "text", "") or ""
            if not txt:
                continue  # digits, variables, symbols
            if t.type == "NUMBER":
                new[i] = self.number(int(t.value))
            elif isinstance(t.value, tuple) and len(t.value) == 2 and t.value[0] != "builtin":
                # a ruleset name (a noun, value, attribute, or a verb a status declares)
                new[i] = self.name(t, txt, owner)
            elif t.type == "NOUN":
                new[i] = pick(self.dlex.words[neutral_word(t)], source_marks(txt))
        for i, t in enumerate(toks):
            if t.type == "VALUE" and i in new and isinstance(t.value, tuple) and t.value[0] == "status":
                # a piece status after its noun agrees with the target noun ("piezas retenidas")
                new[i] = self.status_name(t, toks, new, i, getattr(t, "text", "") or "") or new[i]
        edits = []
        for i, t in enumerate(toks):
            txt = getattr(t, "text", "") or ""
            if not txt:
                continue
            prev = toks[i - 1] if i else None
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if i not in new:
                neutral = neutral_word(t)
                cands = self.dlex.words.get(neutral)
                if not cands:
                    raise TranslateError(f"no '{self.dst}' word for {neutral}")
                word = self.keyword(t, txt, cands, prev, nxt,
                                    self.agreement(toks, new, i, self.genders))
                if txt[:1].isupper() and word[:1].islower():
                    word = word[:1].upper() + word[1:]
                if word == "" and t.type == "TO":
                    a = t.start_pos
                    while a > 0 and value[a - 1] == " ":
                        a -= 1
                    edits.append((a, t.end_pos, ""))
                    continue
                if t.type in OPTIONAL_TO_AFTER and nxt is not None and nxt.type != "TO":
                    to = optional_to(self.dlex)
                    if to:
                        word = word + " " + to
                new[i] = word
            edits.append((t.start_pos, t.end_pos, new[i]))
        edits.extend(_noise_deletions(value, spans))
        return edits

    @staticmethod
    def agreement(toks, new, i, genders=None, after=False) -> dict:
        """The gender of the target noun a word goes with: the next noun for the words that
        stand before theirs ("una carta"), the previous one for those after ("piezas enemigas")."""
        t = toks[i]
        noun = None

        def is_noun(tok):
            # a built-in noun, or a ruleset name used as one ("guerreiros seus")
            v = tok.value
            return tok.type == "NOUN" or (isinstance(v, tuple) and len(v) == 2 and v[0] != "builtin"
                                          and v[0] in _NOUN_KINDS)
        # a possessive goes with the noun right after it ("tu mano"), else with the one before
        # ("guerreros tuyos")
        before = t.type != "YOUR" or (i + 1 < len(toks) and is_noun(toks[i + 1]))
        if t.type in PRENOMINAL and before:
            for j in range(i + 1, min(len(toks), i + 3)):
                if is_noun(toks[j]):
                    noun = j
                    break
        elif t.type in POSTNOMINAL or after:
            for j in range(i - 1, -1, -1):
                if is_noun(toks[j]):
                    noun = j
                    break
                if toks[j].type in ("_NL", "COLON", "SEMI", "VERB", "CHOOSE"):
                    break
        if noun is None or noun not in new:
            return {}
        words = new[noun].split()
        if words and genders:
            # a gender the ruleset declares for the thing (`gênero:`), else the lexicon's
            # (listed words and endings: "construcciones" is feminine by "-ción")
            v = toks[noun].value
            g = genders.get(("declared", v[0], tuple(v[1]))) \
                if isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], (tuple, list)) else None
            g = g or gender_in(genders, words[0])
            if g in ("fem", "masc"):
                return {g: True}
        f = features(words[0]) if words else {}
        return {k: True for k in ("fem", "masc") if f.get(k)} or {"fem": False, "masc": False}

    def keyword(self, t, txt, cands, prev, nxt, agree) -> str:
        if prev is not None and prev.type in _PREPOSITIONS and t.type in self.dlex.object_forms:
            return self.dlex.object_forms[t.type]
        if t.type == "YOUR":
            # before its noun the short possessive ("tu mano"), after it the long one
            # ("soldados tuyos")
            before = nxt is not None and nxt.type == "NOUN"
            want = source_marks(txt, ignore_gender=True)
            if not before:
                known = {k: v for k, v in agree.items() if v}
                # a target noun whose gender its ending does not show ("base"): the source's
                # possessive shows it ("suas" → "tuyas")
                agree = known or {k: True for k, v in source_marks(txt).items()
                                  if k in ("fem", "masc") and v}
                want.update(agree)
                if agree.get("masc"):
                    # masculine possessives show no mark of their own ("seus"): leave out the
                    # feminine ones rather than fall back to the first spelling ("suas")
                    cands = [c for c in cands if not features(c)["fem"]] or cands
            best = pick(cands, want)
            score = features(best)
            same = [c for c in cands if features(c)["plural"] == score["plural"]] or cands
            if before:
                return min(same, key=len)
            if prev is not None and prev.type in ("NOUN", "VAR"):
                top = [c for c in same if all(features(c)[k] for k, v in agree.items() if v)] or same
                return max(top, key=len)
            return best
        if t.type == "TO" and prev is not None and prev.type in OPTIONAL_TO_AFTER:
            return optional_to(self.dlex) or ""
        want = source_marks(txt)
        # a target noun whose ending does not show its gender ("un base"): keep the source's
        agree = {k: v for k, v in agree.items() if v}
        if agree:
            want.pop("fem", None)
            want.pop("masc", None)
            if t.type in PRENOMINAL and agree.get("masc"):
                # a masculine article-like word is the unmarked one ("un claro", not "uno")
                cands = [c for c in cands if not features(c)["fem"]] or cands
            else:
                want.update({k: v for k, v in agree.items() if v})
        return pick(cands, want)

    def number(self, n: int) -> str:
        for w, v in self.dlex.numbers.items():
            if v == n:
                return w
        return str(n)

    def name(self, tok, txt: str, owner) -> str:
        kind, ids = tok.value
        plural = self.sidx.is_plural(txt)
        readings = [(tok.type, tok.value)]
        alt = getattr(tok, "alt", None)
        if alt:
            readings.append(tuple(alt))
        for terminal, (k, i) in readings:
            try:
                new = self.didx.spell(terminal, k, i, plural, owner)
            except PrintError:
                continue
            return _word_part(new)
        raise TranslateError(f"no '{self.dst}' name for {kind} {'/'.join(ids)}")

    def status_name(self, tok, toks, new, i, txt: str) -> str | None:
        """A piece status's spelling in the target language in the number of the source word
        and the gender of the target noun before it (else the source word's gender)."""
        cands = self.didx.spellings.get(("VALUE", (tok.value[0], tuple(tok.value[1]))))
        if not cands:
            return None
        texts = [c[2] for c in sorted(cands, key=lambda c: (c[0], c[1]))]
        agree = {k: v for k, v in self.agreement(toks, new, i, self.genders, after=True).items() if v}
        if not agree:
            agree = {k: True for k, v in source_marks(txt).items() if k in ("fem", "masc") and v}
        want = {"plural": features(txt)["plural"]}
        if agree.get("fem"):
            return _word_part(pick(texts, dict(want, fem=True)))
        return _word_part(pick([c for c in texts if not features(c)["fem"]] or texts, want))


def _word_part(spelling: str) -> str:
    """'¡Emboscada!' -> 'Emboscada': the words only (punctuation around stays as written)."""
    ms = list(WORD_RE.finditer(spelling))
    if not ms:
        return spelling
    return spelling[ms[0].start():ms[-1].end()]


def _noise_deletions(value: str, spans) -> list[tuple[int, int, str]]:
    """Words outside every token and outside comments are noise: delete each with a space."""
    out = []
    offset = 0
    for line in value.split("\n"):
        code = line.split("#", 1)[0]
        for m in WORD_RE.finditer(code):
            a, b = offset + m.start(), offset + m.end()
            if any(s <= a and b <= e for s, e in spans):
                continue
            j = b
            while j < offset + len(code) and value[j] == " ":
                j += 1
            if j > b:
                out.append((a, j, ""))
            else:
                i = a
                while i > offset and value[i - 1] == " ":
                    i -= 1
                out.append((i, b, ""))
        offset += len(line) + 1
    return out


def _apply_local(value: str, edits) -> str:
    out, pos = [], 0
    for a, b, new in sorted(edits):
        if a < pos:
            raise TranslateError("overlapping edits")
        out.append(value[pos:a])
        out.append(new)
        pos = b
    out.append(value[pos:])
    return "".join(out)
