"""A thing that leaves the game in one text and not in the other (part of T181).

Where a removed piece goes is usually the default (its owner's supply, its track: G.1.28 of
Root's Law), so a translation that leaves a destination out is most often fine — the fifth
measure tried "a destination only one text names" and got 7 warnings, 2 or 3 real. One
destination is never the default: *out of the game* — «retornam o entreposto para a caixa do
jogo», «Itens são removidos permanentemente». A reader of a text that does not say so puts the
piece back where pieces go and may use it again: a different game. So each text is read for
the things it takes out of the game:

  a phrase of leaving («caixa do jogo», «permanentemente», «fora do jogo»; «caja del juego»,
  «fuera del juego» ...) after a verb of moving or removing in the same clause (not «alterar
  permanentemente», not a negated verb), and the glossary concepts of that clause — the things
  that leave.

It is a finding (T181, detail `leaves:<concept>@a|b`) when the other text names one of those
things and says nowhere in the group that anything leaves the game, nor that it cannot come
back («no se puede poner en el mapa otra vez»). Word lists for pt and es are built in; a third
language adds `leaves_game` (phrases) and `never_again` (words after a negation) under `text:`
in its lexicon."""
from __future__ import annotations

import re

from ..errors import fold
from . import numbers as nummod

LEAVES = {
    "pt": ["caixa do jogo", "caixa", "permanentemente", "fora do jogo", "fora da partida"],
    "es": ["caja del juego", "caja", "permanentemente", "fuera del juego", "fuera de la partida"],
}
REMOVE_VERBS = {"pt": ["remov", "retir", "elimin", "descart", "tir"],
                "es": ["retir", "elimin", "quit", "descart", "sac"]}
# "não pode ser posicionada novamente" / "no se puede poner en el mapa otra vez"
NEVER_AGAIN = {"pt": ["novamente", "de novo", "outra vez"], "es": ["otra vez", "de nuevo", "nunca mas"]}
NEGATIONS = {"pt": ["não", "nunca", "jamais"], "es": ["no", "nunca", "jamás"]}
CLAUSE_BREAKS = {".", ";", ":", "!", "?", ",", "(", ")"}
# the verb stands at most this many words before the phrase ("retornam o entreposto comercial
# para a caixa do jogo"), or right after it for "permanentemente" ("são removidos permanentemente")
VERB_WINDOW = 8


def _phrases(lang: str, section: str, builtin: dict) -> list[list[str]]:
    words = nummod.word_list(lang, section, builtin)
    return sorted(([fold(x) for x in w.split()] for w in words), key=len, reverse=True)


def leaving(text: str, lang: str, hits: dict, move_stems: tuple, negated) -> list[tuple]:
    """[(span of the phrase, frozenset of the concepts that leave)] of `text`; `negated(toks,
    k)` says whether the verb at token k is negated (places._negated)."""
    toks = [t for t in nummod.tokenize(text)]
    phrases = _phrases(lang, "leaves_game", LEAVES)
    stems = move_stems + tuple(fold(w) for w in nummod.word_list(lang, "remove_verbs", REMOVE_VERBS))
    out = []
    i = 0
    while i < len(toks):
        got = next((p for p in phrases if [t.fold for t in toks[i:i + len(p)]] == p), None)
        if got is None:
            i += 1
            continue
        lo = i
        while lo > 0 and toks[lo - 1].text not in CLAUSE_BREAKS:
            lo -= 1
        hi = i + len(got)
        while hi < len(toks) and toks[hi].text not in CLAUSE_BREAKS:
            hi += 1
        verbs = [k for k in range(max(lo, i - VERB_WINDOW), min(hi, i + len(got) + 1))
                 if toks[k].is_word and k not in range(i, i + len(got))
                 and any(toks[k].fold.startswith(s) for s in stems)]
        if verbs and not all(negated(toks, k) for k in verbs):
            a, b = toks[i].start, toks[i + len(got) - 1].end
            v = max(k for k in verbs if k < i) if any(k < i for k in verbs) else min(verbs)
            at_verbs = {toks[k].start for k in verbs}     # the verb is no thing that leaves

            def named(x, y):
                return frozenset(cid for cid, hs in hits.items()
                                 if any(x <= h[0] and h[1] <= y and not h[3] and not (a <= h[0] < b)
                                        and h[0] not in at_verbs for h in hs))
            # what leaves: the object between the verb and the phrase ("retorne o entreposto
            # para a caixa"), else the subject before the verb ("Itens são removidos ...")
            things = named(toks[v].end, a) if v < i else frozenset()
            things = things or named(toks[lo].start, toks[v].start)
            if things:
                out.append(((a, b), things))
        i += len(got)
    return out


def never_again(text: str, lang: str) -> bool:
    """The text says something cannot come back: a negation, then «otra vez» in the sentence."""
    neg = "|".join(re.escape(fold(w)) for w in nummod.word_list(lang, "negations_never", NEGATIONS))
    again = "|".join(re.escape(fold(w)) for w in nummod.word_list(lang, "never_again", NEVER_AGAIN))
    return re.search(rf"\b(?:{neg})\b[^.;!?]{{0,80}}?\b(?:{again})\b", fold(text)) is not None


def mentions_leaving(text: str, lang: str) -> bool:
    """Any phrase of leaving at all (a text that says it somewhere is not said to omit it)."""
    ft = " " + " ".join(t.fold for t in nummod.tokenize(text) if t.is_word) + " "
    return any(" " + " ".join(p) + " " in ft for p in _phrases(lang, "leaves_game", LEAVES))
