"""The ruleset's names in one language as the tokenizer reads them (NameIndex, cached by
`name_index`): for each reading the spellings that give it, singular and plural, so the printer
never picks a spelling that reads as something else; `canonical_key` compares trees as a
faction's rules mean them."""
from __future__ import annotations

from .. import lexicon as lexmod
from ..errors import Diagnostics, fold
from ..tokenizer import NAME_TERMINAL, Tokenizer, WORD_RE, build_table, pluralize
from .spellings import PrintError, neutral_word


def _listed_plurals(spellings, rules) -> dict:
    """{folded spelling: folded keys of the other listed spellings that are its plural,
    every word pluralised (noun and adjectives: "trama revelada" -> "tramas reveladas")}."""
    keys = {_fkey(s) for s in spellings}
    out = {}
    for s in spellings:
        ws = s.split()
        if len(ws) < 2:
            continue
        alts = [pluralize(w, rules) or [w] for w in ws]
        found = {_fkey(" ".join(c)) for c in _product(alts)} & keys
        found.discard(_fkey(s))
        if found:
            out[_fkey(s)] = found
    return out


def _product(alts):
    import itertools
    return itertools.islice(itertools.product(*alts), 16)


def _readings(tok) -> frozenset:
    out = {(tok.type, tok.value)}
    alt = getattr(tok, "alt", None)
    if alt:
        out.add(tuple(alt))
    return frozenset(out)


class NameIndex:
    """The ruleset's names in one language, as the tokenizer reads them.

    For each reading (terminal, (kind, ids)) the spellings that give it, singular and plural;
    and for each spelling (folded words) whether it is a plural form."""

    def __init__(self, lang: str, names: dict):
        self.lang = lang
        self.lex = lexmod.get(lang)
        self.names = names
        self.table = build_table(self.lex, names)
        self.tok = Tokenizer(self.lex, self.table)
        self.spellings: dict[tuple, list] = {}   # reading -> [(name index, order, text, plural)]
        self.plural_form: dict[tuple, bool] = {}  # folded words -> plural?
        self._alt_cache = {}
        order = 0
        rules = list(self.lex.plural or [])
        for kind, table in names.items():
            terminal = NAME_TERMINAL.get(kind, "NOUN")
            for ident, spellings in table.items():
                # a listed spelling that is another one's plural, word by word ("tramas
                # reveladas" beside "trama revelada"), is that spelling's plural form, and the
                # first-word plural ("tramas revelada") is not offered for it
                listed = _listed_plurals(spellings, rules) if terminal in ("NOUN", "ATTR") else {}
                plural_keys = {k for ks in listed.values() for k in ks}
                for i, s in enumerate(spellings):
                    forms = [(s, _fkey(s) in plural_keys)]
                    if terminal in ("NOUN", "ATTR") and not listed.get(_fkey(s)) \
                            and _fkey(s) not in plural_keys:
                        ws = s.split()
                        if ws:
                            for pl in pluralize(ws[0], rules):
                                forms.append((" ".join([pl] + ws[1:]), True))
                    for text, plural in forms:
                        tok = self.resolve(text)
                        if tok is None or not getattr(tok, "text", ""):
                            continue
                        if tok.type == "VERB" and isinstance(tok.value, tuple):
                            pass        # a verb a piece status declares ("exaura")
                        elif tok.type not in ("NOUN", "ATTR", "VALUE") or neutral_word(tok).startswith("NOUN:"):
                            continue
                        order += 1
                        for r in _readings(tok):
                            self.spellings.setdefault(r, []).append((i, order, text, plural))
                        self.plural_form.setdefault(_fkey(text), plural)

    def resolve(self, text: str):
        """The single token a phrase reads as on its own, or None."""
        diags = Diagnostics(self.lang)
        toks = [t for t in self.tok.tokenize(text, diags, lambda o, n=1: None)
                if t.type not in ("_NL", "INDENT", "DEDENT")]
        if diags.has_errors() or len(toks) != 1:
            return None
        t = toks[0]
        words = list(WORD_RE.finditer(text))
        if not words or t.start_pos != words[0].start() or t.end_pos != words[-1].end():
            return None
        return t

    def spell(self, terminal: str, kind: str, ids: tuple, plural: bool = False,
              owner: str | None = None) -> str:
        cands = self.spellings.get((terminal, (kind, tuple(ids))))
        if not cands and owner is not None:
            # a spelling this language shares between factions ("reclutar" names an action of
            # two factions): fine where the rule's owner picks the same one
            want = owned_ids(tuple(ids), owner)
            for (t, value), cs in self.spellings.items():
                if t == terminal and isinstance(value, tuple) and value[0] == kind \
                        and owned_ids(value[1], owner) == want:
                    cands = cs
                    break
        if not cands:
            raise PrintError(f"no {self.lang} spelling for {kind} {'/'.join(ids)}")
        same = [c for c in cands if c[3] == plural] or cands
        return min(same, key=lambda c: (c[0], c[1]))[2]

    def has_alt(self, spelling: str) -> bool:
        """Does the spelling read as an attribute before 'de' and as a noun elsewhere?"""
        key = _fkey(spelling)
        hit = self._alt_cache.get(key)
        if hit is None:
            tok = self.resolve(spelling)
            hit = self._alt_cache[key] = bool(tok is not None and getattr(tok, "alt", None))
        return hit

    _alt_cache: dict

    def is_plural(self, spelling: str) -> bool:
        return self.plural_form.get(_fkey(spelling), False)

    def param_spelling(self, key: str) -> str:
        """A NOUN or ATTR spelling whose first id is `key` (a perform argument's name)."""
        best = None
        for (terminal, value), cands in self.spellings.items():
            if terminal not in ("NOUN", "ATTR") or not isinstance(value, tuple):
                continue
            kind, ids = value
            if ids and ids[0] == key:
                rank = (0 if kind == "param" else 1, min((c[0], c[1]) for c in cands))
                if best is None or rank < best[0]:
                    best = (rank, self.spell(terminal, kind, ids))
        if best is None:
            for neutral, sps in self.lex.words.items():
                if neutral == "NOUN:" + key:
                    return sps[0]
            raise PrintError(f"no {self.lang} spelling for the argument '{key}'")
        return best[1]


def owned_ids(ids: tuple, owner: str | None) -> tuple:
    """Of several ids one spelling names, those of the faction whose rule it is (as the compiler
    picks them: `action_for`, `pick_owned`); all of them when none is the owner's."""
    if owner and len(ids) > 1:
        own = tuple(i for i in ids if str(i).startswith(owner + "."))
        if own:
            return own
    return tuple(ids)


def canonical_key(tree, owner: str | None = None):
    """`tree.key()` with each name's ids narrowed to the owner's (see `owned_ids`): two trees
    with equal canonical keys mean the same thing in a rule of that owner."""
    def norm(k):
        if isinstance(k, tuple):
            if len(k) == 3 and k[0] == "Name" and isinstance(k[2], tuple):
                return ("Name", k[1], owned_ids(k[2], owner))
            return tuple(norm(x) for x in k)
        return k
    return norm(tree.key()) if tree is not None else None


def _fkey(text: str) -> tuple:
    return tuple(fold(w) for w in WORD_RE.findall(text))


_INDEX_CACHE: dict = {}


def name_index(lang: str, names) -> NameIndex:
    """A cached NameIndex for a names table (or a Ruleset, whose table is taken)."""
    if hasattr(names, "names_table"):
        key = ("rs", id(names), lang)
        hit = _INDEX_CACHE.get(key)
        if hit is not None and hit[0] is names:
            return hit[1]
        idx = NameIndex(lang, names.names_table(lang))
        _INDEX_CACHE[key] = (names, idx)
        return idx
    key = ("tbl", id(names), lang)
    hit = _INDEX_CACHE.get(key)
    if hit is not None and hit[0] is names:
        return hit[1]
    if len(_INDEX_CACHE) > 64:
        _INDEX_CACHE.clear()
    idx = NameIndex(lang, names)
    _INDEX_CACHE[key] = (names, idx)
    return idx
