"""The ruleset's names in one language (Vocab): what a scenario file may call a faction, a
piece, a space, a card... folded (case, accents), singular or plural, with their display names.
Built once per GameDef and language (`vocab_of`), read-only afterwards."""
from __future__ import annotations

from .. import lexicon as lexmod
from ..errors import fold
from .model import _words


def vocab_of(gdef, lang: str) -> "Vocab":
    """The Vocab of a ruleset in one language, built once per GameDef (every scenario of a
    run that names the same ruleset shares it; it is read-only once built)."""
    cache = gdef.__dict__.setdefault("_scenario_vocabs", {})
    v = cache.get(lang)
    if v is None:
        v = cache[lang] = Vocab(gdef, lang)
    return v


class Vocab:
    """The ruleset's names in one language, folded (case/accents), with plural forms."""

    KINDS_FOR_OPTIONS = ("action", "space", "faction", "piece", "card", "enumval", "phase", "zone",
                         "counter", "category", "map", "deck", "die", "tag", "spacekind", "status")

    def __init__(self, gdef, lang: str):
        self.g = gdef
        self.lang = lang
        try:
            self.lex = lexmod.get(lang)
        except KeyError:
            self.lex = lexmod.get("pt")
        self.of_words = [fold(w) for w in (self.lex.words.get("OF") or ["de"])]
        self.noise = {fold(w) for w in self.lex.noise}
        self.numbers = {fold(k): v for k, v in self.lex.numbers.items()}
        for w in (self.lex.words.get("ONE") or []):
            self.numbers[fold(w)] = 1
        table = self.table = gdef.rs.names_table(lang)     # read-only once built
        self._forms: dict = {}
        self.display: dict[str, dict] = {}
        self.index: dict[str, dict[str, list]] = {}
        for kind, items in table.items():
            disp = self.display.setdefault(kind, {})
            idx = self.index.setdefault(kind, {})
            for ident, spellings in items.items():
                disp[ident] = spellings[0] if spellings else str(ident)
                forms = set()
                for sp in spellings:
                    forms |= self.forms(sp)
                forms.add(fold(str(ident)))
                forms.add(fold(str(ident).replace("_", " ")))
                for f in forms:
                    lst = idx.setdefault(f, [])
                    if ident not in lst:
                        lst.append(ident)
        # a piece named with its owner: "soldado de Azuis", "soldados dos azuis"
        self.piece_owner = {k: p.owner for k, p in gdef.piece_kinds.items()}

    def forms(self, spelling: str) -> frozenset:
        out = self._forms.get(spelling)
        if out is None:
            out = self._forms[spelling] = frozenset(self._make_forms(spelling))
        return out

    def _make_forms(self, spelling: str) -> set[str]:
        from ..tokenizer import pluralize
        s = " ".join(str(spelling).split())
        out = {fold(s)}
        words = s.split(" ")
        for pl in pluralize(words[0], self.lex.plural or []):
            out.add(fold(" ".join([pl] + words[1:])))
        out.add(fold(s) + "s")
        return out

    def find(self, kind: str, text) -> list:
        return list(self.index.get(kind, {}).get(fold(" ".join(str(text).split())), []))

    def name(self, kind: str, ident) -> str:
        got = self.display.get(kind, {}).get(ident)
        if got is None and kind == "space":
            return self.g.rs.name(kind, str(ident), self.lang)      # a path space (N18)
        return str(ident) if got is None else got

    def path_index(self) -> dict:
        """{folded name: path space} of every pair of spaces of the game's maps, in either
        order ("estrada entre Norte e Leste"): a rule may join any two spaces by a path that
        holds pieces (N18, `ligue`). Empty when no edge kind holds pieces."""
        got = self.__dict__.get("_paths")
        if got is None:
            got = self._paths = {}
            if self.g.path_kinds:
                from ..interpreter.board import path_id
                for m in self.g.maps.values():
                    sps = [sp for sp in m.attrs if sp not in m.paths]
                    for a in sps:
                        for b in sps:
                            if a != b:
                                got[fold(self.g.rs.name("space", f"{a}~{b}", self.lang))] = path_id(a, b)
        return got

    def spellings(self, kind: str) -> list[str]:
        return list(self.display.get(kind, {}).values())

    def faction(self, text) -> str | None:
        t = fold(" ".join(str(text).split()))
        words = t.split(" ")
        while len(words) > 1 and words[0] in self.noise:
            words = words[1:]
        hits = self.index.get("faction", {}).get(" ".join(words), [])
        return hits[0] if hits else None

    def piece_name(self, kind: str) -> str:
        nm = self.name("piece", kind)
        owner = self.piece_owner.get(kind)
        if owner is None:
            return nm
        return f"{nm} {self.lex.words.get('OF', ['de'])[0]} {self.name('faction', owner)}"

    def pieces(self, text, faction=None) -> tuple[list, str | None]:
        """Piece kinds a phrase names: ([kind], None), ([], None) unknown, or several (ambiguous).
        Accepts "soldado", "soldados dos azuis", a category name, an id."""
        t = " ".join(fold(str(text)).split())

        def by_name(phrase):
            hits = list(self.index.get("piece", {}).get(phrase, []))
            if not hits:
                for cat in self.index.get("category", {}).get(phrase, []):
                    hits.extend(self.g.category_kinds(cat))
            if not hits and phrase in self.g.piece_kinds:
                hits = [phrase]
            return hits

        hits = by_name(t)
        owner = faction
        if not hits or (faction is None and len(hits) > 1):
            words = t.split(" ")
            for i in range(1, len(words) - 1):
                if words[i] in self.of_words:
                    left = " ".join(words[:i])
                    f = self.faction(" ".join(words[i + 1:]))
                    if f is not None and by_name(left):
                        hits, owner = by_name(left), f
                        break
        if owner is not None:
            mine = [k for k in hits if self.piece_owner.get(k) == owner]
            hits = mine or [k for k in hits if self.piece_owner.get(k) is None]
        return list(dict.fromkeys(hits)), owner

    def states(self, text) -> tuple[str, int, list]:
        """A piece phrase with piece states after the name (`estados_de_peça`: "PEÇA
        ESTADO", "PEÇAS ESTADO1 e ESTADO2") -> (the phrase without them, status bits,
        [state ids]). Words that do not name a state stay in the phrase."""
        words = " ".join(str(text).split()).split(" ")
        and_words = {fold(w) for w in (self.lex.words.get("AND") or [])}
        idx = self.index.get("status", {})
        bits, ids = 0, []
        while len(words) > 1:
            hit = None
            for n in (3, 2, 1):
                if len(words) > n:
                    hits = idx.get(fold(" ".join(words[-n:])))
                    if hits:
                        hit = (n, hits[0])
                        break
            if hit is None:
                break
            n, sid = hit
            words = words[:-n]
            bits |= self.g.status_bit(sid)
            ids.insert(0, sid)
            while len(words) > 1 and fold(words[-1]) in and_words and ids:
                words = words[:-1]
        if not ids:
            return " ".join(words), 0, []
        return " ".join(words), bits, ids

    def state_names(self, bits) -> list[str]:
        g = self.g
        return [self.name("status", g.status_names[b]) for b in sorted(g.status_names) if bits & b]

    def piece_state_name(self, kind: str, bits: int = 0) -> str:
        """A piece's name with its states ("peça (estado1, estado2)")."""
        nm = self.piece_name(kind)
        return f"{nm} ({', '.join(self.state_names(bits))})" if bits else nm

    def all_piece_phrases(self) -> list[str]:
        return [self.piece_name(k) for k in self.g.piece_kinds] + self.spellings("piece")

    def number(self, text):
        if isinstance(text, bool):
            return None
        if isinstance(text, int):
            return text
        t = fold(str(text).strip())
        if t.lstrip("-").isdigit():
            return int(t)
        return self.numbers.get(t)

    def known(self, text) -> bool:
        """Whether a choice or an option names anything at all (to catch misspellings)."""
        if isinstance(text, (int, float)) and not isinstance(text, bool):
            return True
        t = " ".join(fold(str(text)).split())
        if self.number(t) is not None:
            return True
        if t in {fold(w) for code in ("SV.pass", "SV.done", "SV.yes") for w in _words(code)}:
            return True
        if t in {"passar", "fim", "sim"}:
            return True
        for idx in self.index.values():
            if t in idx:
                return True
        if t in self.g.actions or t in self.g.piece_kinds:
            return True
        if self.pieces(t)[0]:
            return True
        phrase, _bits, ids = self.states(t)
        if ids and self.pieces(phrase)[0]:
            return True                 # "PEÇA ESTADO": a piece with its states
        if t in self.path_index():
            return True
        if ":" in t:
            return all(self.known(p.strip()) for p in t.split(":") if p.strip())
        return False

    def candidates(self) -> list[str]:
        out = []
        for kind in self.KINDS_FOR_OPTIONS:
            out.extend(self.spellings(kind))
        return out
