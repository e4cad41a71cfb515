"""Scenarios: a position described in the ruleset's own words, choices, expectations.

A scenario file is YAML in Portuguese or Spanish (`idioma:`); its keys are spelled through
the lexicons (`grammar/lexicon/*.yaml`, block "cenários / escenarios"), its values are names
from the ruleset in the file's language ("soldados dos azuis", "clareira 1", "ordem livre"),
matched without case and accents, singular or plural.

    idioma: pt
    regras: ../games/conquista          # relative to this file, or a shipped name ("root")
    facções: [azuis, vermelhos]
    semente: 7
    cenários:
      - nome: marchar leva soldados a um vale adjacente
        lei: "marchar"
        vez: azuis
        fase: manhã
        posição:
          Norte: {soldados dos azuis: 3}
        escolhas: [marchar, Leste, 2]
        espera_se:
          peças: {Norte: {soldados dos azuis: 1}, Leste: {soldados dos azuis: 2}}
          próxima_decisão: {jogador: azuis, decisão: menu}

    load_scenarios(path)  -> [Scenario]      (raises RulesError, positioned, in the file's language)
    run_scenario(s)       -> Result          (.ok, .failures, .render(lang))
    run_files(paths)      -> exit status     (prints ok / FALHOU per scenario)

The format is documented in docs/cenarios.md (PT) and docs/escenarios.md (ES).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import traceback
from collections import Counter
from dataclasses import dataclass, field

from .. import lexicon as lexmod
from ..errors import Diagnostics, Pos, RulesError, fold, format_message, suggest
from ..loader import YDict, YList, YStr, detect_lang, load_file

# ---------------------------------------------------------------------------------------------
# keys (neutral names; spellings come from the lexicons)

# `setup`: one of the game's `preparações:` (Law A); `players`: seats whose factions are chosen
# `landmarks`: the landmarks chosen for the setup's A.5 step (a number, or names)
# `hirelings`: hirelings in play (App. E, interpreter/hirelings.py), each with its controller
# `with_options`: the ruleset options the game is made with (rulesdsl/options.py)
RUN_KEYS = {"ruleset", "factions", "seed", "map", "deck", "setup", "players", "landmarks", "hirelings",
            "draws", "with_options"}
SETUP_KEYS = {"position", "hands", "supply", "counters", "scores", "zones", "active", "phase", "round"}
STEP_KEYS = {"choices", "dice", "expect", "description", "note", "law"}
SCENARIO_KEYS = RUN_KEYS | SETUP_KEYS | STEP_KEYS | {"name", "scenario", "steps"}
FILE_KEYS = SCENARIO_KEYS | {"language", "scenarios"}
EXPECT_KEYS = {"legal", "illegal", "next_decision", "pieces", "supply", "counters", "scores", "hands",
               "zones", "winner", "game_over", "active", "phase", "round"}
NEXT_KEYS = {"player", "decision", "options", "law"}
DECISION_KINDS = ("menu", "choose", "count", "may", "branch", "hits", "remove", "card", "activate",
                  "repeat", "order", "status")

_GDEFS: dict = {}           # absolute ruleset path -> GameDef (shared by every file of a run)


def _m(code: str, lang: str, **kw) -> str:
    return format_message(code, lang, kw)


def _words(code: str) -> list[str]:
    """Spellings a designer may write for a value (SV.*), in every language."""
    from ..errors import messages
    out = []
    for text in (messages().get(code) or {}).values():
        out.extend(w.strip() for w in str(text).split(",") if w.strip())
    return out


class _Empty:
    """`Norte: {}` in an expectation: the space holds no pieces at all."""

    def __repr__(self):
        return "EMPTY"


EMPTY = _Empty()


# ---------------------------------------------------------------------------------------------
# the model of a scenario

@dataclass
class Expect:
    legal: list = field(default_factory=list)          # [(text, pos)]
    illegal: list = field(default_factory=list)        # [(text, pos, law or None)]
    next_decision: object = None                       # None | "none" | dict
    pieces: dict = field(default_factory=dict)         # space -> EMPTY | {kind: (n, pos)}
    supply: dict = field(default_factory=dict)         # kind -> (n, pos)
    zone_pieces: dict = field(default_factory=dict)    # zone key -> EMPTY | {(kind, bits): (n, pos)}
    counters: dict = field(default_factory=dict)       # counter key -> (n, pos)
    cards: dict = field(default_factory=dict)          # zone key -> (("count", n) | ("cards", [ids]), pos)
    winner: object = False                             # False: unchecked; None: nobody; faction; [factions]
    winner_pos: Pos | None = None
    game_over: object = None                           # (bool, pos)
    active: object = None                              # (faction, pos)
    phase: object = None
    round: object = None


@dataclass
class Step:
    choices: list = field(default_factory=list)        # [(text, pos)]
    dice: list = field(default_factory=list)           # [(value, pos)]
    expect: Expect | None = None
    pos: Pos | None = None


@dataclass
class Setup:
    board: dict = field(default_factory=dict)          # space -> {kind: n}
    piece_zones: dict = field(default_factory=dict)    # zone key -> {(kind, status bits): n}
    supply: dict = field(default_factory=dict)         # kind -> n (exact, after placing)
    cards: dict = field(default_factory=dict)          # zone key -> [card def ids]
    hand_counts: dict = field(default_factory=dict)    # zone key -> n cards from the draw pile
    counters: dict = field(default_factory=dict)       # counter key -> value
    round: int | None = None


@dataclass
class Scenario:
    name: str
    path: str
    pos: Pos | None
    lang: str
    gdef: object
    factions: list
    seed: int = 0
    map_id: str | None = None
    deck_id: str | None = None
    law: list = field(default_factory=list)
    description: str = ""
    setup: Setup | None = None
    start: tuple | None = None
    steps: list = field(default_factory=list)
    vocab: object = None
    setup_id: str | None = None       # one of the game's `preparações:` (Law A)
    players: int | None = None        # seats without factions: they choose during setup
    landmarks: object = None          # the landmarks chosen (A.5.1): a number or ids
    hirelings: list = field(default_factory=list)     # hirelings in play (App. E)
    controllers: dict = field(default_factory=dict)   # hireling -> its controller (or None)
    draws: list = field(default_factory=list)         # `sorteios:` [(ids, text, pos)], dictated picks
    options: dict | None = None       # `com_opções:` the ruleset options chosen (rulesdsl/options.py)

    @property
    def id(self) -> str:
        return fold(self.name).replace(" ", "-")


@dataclass
class Result:
    scenario: Scenario
    failures: list = field(default_factory=list)       # [(pos or None, message)]
    notes: list = field(default_factory=list)          # [message] (reasons, for --verbose)
    choices_done: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures

    def fail(self, pos, msg):
        self.failures.append((pos, msg))

    def render(self, lang: str | None = None, verbose: bool = False) -> str:
        sc = self.scenario
        lang = lang or sc.lang
        head = _m("SW.ok", lang) if self.ok else _m("SW.failed", lang)
        law = f"  [{_m('SW.law', lang)} {', '.join(sc.law)}]" if sc.law else ""
        where = f"  ({sc.pos})" if sc.pos and not self.ok else ""
        lines = [f"  {head:<7} {sc.name}{law}{where}"]
        for pos, msg in self.failures:
            lines.append(f"          {pos}: {msg}" if pos else f"          {msg}")
        if verbose:
            for n in self.notes:
                lines.append(f"          · {n}")
        return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# names of the ruleset, in one language

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
                    hits.extend(k for k, p in self.g.piece_kinds.items() if p.category == cat)
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


# ---------------------------------------------------------------------------------------------
# loading a scenario file

class _Reader:
    """Reads one scenario file into Scenarios, gathering positioned diagnostics."""

    def __init__(self, path: str, diags: Diagnostics, lang: str):
        self.path = path
        self.diags = diags
        self.lang = lang
        self.lex = lexmod.get(lang)

    # generic -----------------------------------------------------------------------------------
    def kn(self, neutral: str) -> str:
        """A key as this file's language spells it ("mãos", "manos")."""
        return self.lex.spell_key(neutral)

    def err(self, code, pos, hint=None, **kw):
        self.diags.add(code, pos, self.lang, hint=hint, **kw)

    def keys(self, d, allowed: set, where: str) -> dict:
        """neutral key -> (value, key pos); unknown keys are errors with a suggestion."""
        out = {}
        if not isinstance(d, dict):
            return out
        for k, v in d.items():
            neutral = self.lex.key_of(str(k))
            if neutral not in allowed:
                for other in lexmod.available():
                    n2 = lexmod.get(other).key_of(str(k))
                    if n2 in allowed:
                        neutral = n2
                        break
            if neutral == "scenario":
                neutral = "name"
            if neutral not in allowed and not (neutral == "name" and "name" in allowed):
                spellings = [s for n in allowed for s in (self.lex.keys.get(n) or [n])]
                self.err("S002", d.key_pos.get(k) if isinstance(d, YDict) else None,
                         hint=suggest(str(k), spellings), key=str(k), where=where)
                continue
            kp = d.key_pos.get(k) if isinstance(d, YDict) else None
            if neutral in out:
                first = out[neutral][1]
                self.err("S028", kp, key=str(k), first=first.line if first else "?")
                continue
            out[neutral] = (v, kp)
        return out

    def expect_type(self, v, types, pos, where, expected):
        if isinstance(v, types) and not isinstance(v, bool) or (bool in types and isinstance(v, bool)):
            return True
        self.err("S014", getattr(v, "pos", None) or pos, where=where, expected=_m(expected, self.lang))
        return False

    def int_of(self, v, pos, vocab=None):
        if isinstance(v, bool):
            self.err("S013", getattr(v, "pos", None) or pos, value=v)
            return None
        if isinstance(v, int):
            return v
        n = vocab.number(v) if vocab is not None and v is not None else None
        if n is None and isinstance(v, str) and v.strip().lstrip("-").isdigit():
            n = int(v.strip())
        if n is None:
            self.err("S013", getattr(v, "pos", None) or pos, value=v)
        return n

    def bool_of(self, v, pos):
        if isinstance(v, bool):
            return v
        if v is not None:
            val = self.lex.value_of(str(v))
            if val in ("true", "false"):
                return val == "true"
            f = fold(str(v))
            if f in {fold(w) for w in _words("SV.yes")}:
                return True
            if f in ("nao", "no", "false"):
                return False
        self.err("S026", getattr(v, "pos", None) or pos, value=v)
        return None

    def text_list(self, v, pos, where="..."):
        """A list of scalars (or one scalar): [(value, pos)]."""
        if v is None:
            return []
        if isinstance(v, YList):
            out = []
            for i, x in enumerate(v):
                if isinstance(x, (YDict, YList)):
                    self.err("S014", v.item_pos[i], where=where, expected=_m("SW.a_text", self.lang))
                    continue
                out.append((x, v.item_pos[i]))
            return out
        if isinstance(v, (YDict,)):
            self.err("S014", v.pos, where=where, expected=_m("SW.a_list", self.lang))
            return []
        return [(v, getattr(v, "pos", None) or pos)]

    # names ---------------------------------------------------------------------------------------
    def faction(self, vocab, text, pos, seated=None):
        f = vocab.faction(text)
        p = getattr(text, "pos", None) or pos
        if f is None:
            self.err("S005", p, hint=suggest(str(text), vocab.spellings("faction"), 0.6), name=text)
            return None
        if seated is not None and f not in seated:
            self.err("S017", p, faction=vocab.name("faction", f),
                     factions=", ".join(vocab.name("faction", x) for x in seated))
            return None
        return f

    def space(self, vocab, text, pos, m, extra=()):
        """A space of the map `m`, or one of `extra` (the spaces the seated factions bring)."""
        hits = [h for h in vocab.find("space", text) if m is None or h in m.attrs or h in extra]
        if not hits and m is not None and (str(text) in m.attrs or str(text) in extra):
            hits = [str(text)]
        if not hits and m is not None:
            # a path that holds pieces, by its name ("estrada entre Norte e Leste", N18)
            p = vocab.path_index().get(fold(" ".join(str(text).split())))
            hits = [p] if p is not None else []
        if not hits:
            names = [vocab.name("space", s) for s in (list(m.space_ids) + list(m.paths) + list(extra) if m else [])]
            self.err("S006", getattr(text, "pos", None) or pos, hint=suggest(str(text), names, 0.6), name=text)
            return None
        return hits[0]

    def piece(self, vocab, text, pos, faction=None, seated=None):
        hits, owner = vocab.pieces(text, faction)
        p = getattr(text, "pos", None) or pos
        if not hits:
            self.err("S007", p, hint=suggest(str(text), vocab.all_piece_phrases()), name=text)
            return None
        if len(hits) > 1 and seated is not None:
            # only the factions of this game can own it ("peão" with one of two copies seated)
            here = [k for k in hits if vocab.piece_owner.get(k) in seated or vocab.piece_owner.get(k) is None]
            hits = here or hits
        if len(hits) > 1:
            self.err("S008", p, name=text, options=", ".join(vocab.piece_name(k) for k in hits))
            return None
        k = hits[0]
        o = vocab.piece_owner.get(k)
        if seated is not None and o is not None and o not in seated:
            self.err("S017", p, faction=vocab.name("faction", o),
                     factions=", ".join(vocab.name("faction", x) for x in seated))
            return None
        return k

    def card(self, vocab, text, pos):
        hits = vocab.find("card", text)
        if not hits and str(text) in vocab.g.cards:
            hits = [str(text)]
        if not hits:
            self.err("S009", getattr(text, "pos", None) or pos,
                     hint=suggest(str(text), vocab.spellings("card")), name=text)
            return None
        return hits[0]

    def counter(self, vocab, text, pos):
        hits = vocab.find("counter", text)
        if not hits:
            self.err("S010", getattr(text, "pos", None) or pos,
                     hint=suggest(str(text), vocab.spellings("counter")), name=text)
            return None
        return hits[0]

    def phase(self, vocab, text, pos):
        g = vocab.g
        hits = [h for h in vocab.find("phase", text) if h in g.turn_phases]
        if not hits and str(text) in g.turn_phases:
            hits = [str(text)]
        if not hits:
            names = [vocab.name("phase", p) for p in g.turn_phases]
            self.err("S011", getattr(text, "pos", None) or pos, hint=suggest(str(text), names),
                     name=text, phases=", ".join(names))
            return None
        return hits[0]

    def zone(self, vocab, text, pos):
        hits = vocab.find("zone", text)
        if not hits:
            self.err("S012", getattr(text, "pos", None) or pos,
                     hint=suggest(str(text), vocab.spellings("zone")), name=text)
            return None
        return hits[0]

    # piece mappings --------------------------------------------------------------------------------
    def stated_piece(self, vocab, text, pos, faction, seated, states):
        """A piece phrase, maybe with piece states after the name ("PEÇA ESTADO"):
        -> kind (states=False) or (kind, status bits) (states=True); None when wrong."""
        phrase, bits, ids = vocab.states(text)
        if ids and not vocab.pieces(text, faction)[0]:
            if not states:
                self.err("S029", getattr(text, "pos", None) or pos, name=text,
                         states=", ".join(vocab.name("status", i) for i in ids))
                return None
            kind = self.piece(vocab, phrase, getattr(text, "pos", None) or pos, faction, seated)
            return None if kind is None else (kind, bits)
        kind = self.piece(vocab, text, pos, faction, seated)
        if kind is None:
            return None
        return (kind, 0) if states else kind

    def piece_counts(self, vocab, v, pos, seated, where, faction=None, states=False) -> dict | None:
        """{piece phrase: n} | {faction: {piece: n}} | "3 soldados dos azuis, forte" -> {kind: (n, pos)}.
        With `states` (a zone of pieces), a phrase may name piece states after the piece
        ("PEÇA ESTADO") and the keys are (kind, status bits)."""
        out: dict = {}
        if v is None:
            return out
        if isinstance(v, YDict):
            for k, x in v.items():
                kp = v.key_pos.get(k)
                if isinstance(x, YDict) and states:
                    # "FICHA: {FACE: n}": pieces lying on their back, and which faces (`verso:`)
                    backs = [b for b in vocab.pieces(k, faction)[0] if b in vocab.g.faces]
                    if len(backs) == 1:
                        back = backs[0]
                        sub = self.piece_counts(vocab, x, kp, seated, where,
                                                vocab.g.piece_kinds[back].owner, False)
                        for face, (n, fp) in (sub or {}).items():
                            if face not in vocab.g.faces[back]:
                                self.err("S013", fp, value=face)
                                continue
                            out[("face", back, face)] = (n, fp)
                        continue
                if isinstance(x, YDict) and faction is None:
                    f = self.faction(vocab, k, kp, seated)
                    if f is not None:
                        sub = self.piece_counts(vocab, x, kp, seated, where, f, states)
                        for kk, nn in (sub or {}).items():
                            out[kk] = nn
                    continue
                kind = self.stated_piece(vocab, k, kp, faction, seated, states)
                n = self.int_of(x, v.val_pos.get(k), vocab)
                if kind is not None and n is not None:
                    if n < 0:
                        self.err("S013", v.val_pos.get(k), value=x)
                        continue
                    out[kind] = (out.get(kind, (0, None))[0] + n, v.val_pos.get(k) or kp)
            return out
        items = []
        if isinstance(v, YList):
            items = [(x, v.item_pos[i]) for i, x in enumerate(v)]
        elif isinstance(v, str):
            off = 0
            for part in str(v).split(","):
                start = off + (len(part) - len(part.lstrip()))
                p = v.at(start, max(1, len(part.strip()))) if isinstance(v, YStr) else pos
                items.append((part.strip(), p))
                off += len(part) + 1
        else:
            self.err("S014", pos, where=where, expected=_m("SW.a_map", self.lang))
            return None
        for x, p in items:
            if not x:
                continue
            words = str(x).split()
            n = vocab.number(words[0]) if len(words) > 1 else None
            phrase = " ".join(words[1:]) if n is not None else str(x)
            kind = self.stated_piece(vocab, phrase, p, faction, seated, states)
            if kind is not None:
                out[kind] = (out.get(kind, (0, None))[0] + (1 if n is None else n), p)
        return out

    # card lists --------------------------------------------------------------------------------------
    def card_spec(self, vocab, v, pos):
        """[names] | {name: n} | n -> ("cards", [ids]) | ("count", n)."""
        if isinstance(v, int) and not isinstance(v, bool):
            return ("count", v)
        ids = []
        if isinstance(v, YDict):
            for k, x in v.items():
                c = self.card(vocab, k, v.key_pos.get(k))
                n = self.int_of(x, v.val_pos.get(k), vocab)
                if c is not None and n is not None:
                    ids.extend([c] * n)
            return ("cards", ids)
        if v is None:
            return ("cards", [])
        if isinstance(v, str) and vocab.number(v) is not None:
            return ("count", vocab.number(v))
        for x, p in self.text_list(v, pos):
            c = self.card(vocab, x, p)
            if c is not None:
                ids.append(c)
        return ("cards", ids)

    # zones and counters (faction-keyed or thing-keyed) ---------------------------------------------
    def zone_key(self, vocab, zid, faction, pos, seated):
        g = vocab.g
        if zid in g.global_zones:
            return zid
        if "." in zid:
            # a faction's own zone, named with its owner in the ruleset ("rapinas.lider")
            owner, local = zid.split(".", 1)
            if faction is not None and faction != owner and faction in seated \
                    and local in g.faction_zones.get(faction, {}):
                return f"{faction}.{local}"     # the same zone of a copy of that faction
            if owner in g.faction_zones and local in g.faction_zones[owner]:
                if owner not in seated or (faction is not None and faction != owner):
                    self.err("S017", pos, faction=vocab.name("faction", owner),
                             factions=", ".join(vocab.name("faction", x) for x in seated))
                    return None
                return zid
        if faction is None:
            owners = [f for f in seated if zid in g.faction_zones.get(f, {})]
            if zid in g.player_zones or len(owners) != 1:
                self.err("S024", pos, zone=vocab.name("zone", zid))
                return None
            faction = owners[0]
        if zid in g.player_zones:
            return f"{faction}:{zid}"
        return f"{faction}.{zid}"

    def is_piece_zone(self, g, zid):
        zd = g.global_zones.get(zid) or g.player_zones.get(zid)
        if zd is None and "." in zid:
            owner, local = zid.split(".", 1)
            zd = g.faction_zones.get(owner, {}).get(local)
        if zd is None:
            for zs in g.faction_zones.values():
                if zid in zs:
                    zd = zs[zid]
        return fold(str((zd or {}).get("content", "cards"))) in ("pecas", "piezas", "pieces")

    def zones(self, vocab, v, pos, seated, where, expect=False):
        """{zone: content} | {faction: {zone: content}} -> (cards {key: spec}, pieces {key: {kind: (n,pos)}})."""
        cards, pieces = {}, {}
        if not isinstance(v, YDict):
            if v is not None:
                self.err("S014", pos, where=where, expected=_m("SW.a_map", self.lang))
            return cards, pieces

        def one(zname, content, kpos, faction):
            zid = self.zone(vocab, zname, kpos)
            if zid is None:
                return
            key = self.zone_key(vocab, zid, faction, kpos, seated)
            if key is None:
                return
            if self.is_piece_zone(vocab.g, zid):
                if not isinstance(content, (YDict, YList, str)) and content is not None:
                    self.err("S023", kpos, zone=vocab.name("zone", zid))
                    return
                if expect and (content is None or (isinstance(content, (YDict, YList)) and not content)):
                    pieces[key] = EMPTY        # `oficiais: {}`: no pieces at all
                    return
                pieces[key] = self.piece_counts(vocab, content, kpos, seated, where, states=True) or {}
            else:
                cards[key] = (self.card_spec(vocab, content, kpos), kpos)

        for k, x in v.items():
            kp = v.key_pos.get(k)
            f = vocab.faction(k)
            if f is not None and isinstance(x, YDict):
                if f not in seated:
                    self.faction(vocab, k, kp, seated)
                    continue
                for zk, zx in x.items():
                    one(zk, zx, x.key_pos.get(zk), f)
                continue
            owned = None if vocab.find("zone", k) else self.zone_of(vocab, k)
            if owned is not None:
                # "ZONA de FACÇÃO": a zone named with its owner, like a piece
                zname, f = owned
                if f not in seated:
                    self.faction(vocab, vocab.name("faction", f), kp, seated)
                    continue
                one(zname, x, kp, f)
            else:
                one(k, x, kp, None)
        return cards, pieces

    def zone_of(self, vocab, text):
        """"ZONA de FACÇÃO" -> (zone phrase, faction) or None."""
        words = " ".join(fold(str(text)).split()).split(" ")
        for i in range(1, len(words) - 1):
            if words[i] in vocab.of_words:
                left = " ".join(words[:i])
                f = vocab.faction(" ".join(words[i + 1:]))
                if f is not None and vocab.find("zone", left):
                    return left, f
        return None

    def counter_value(self, vocab, cid, v, pos, faction=None):
        """A counter's value in a position: a whole number; for a typed counter (N8, `tipo:`)
        a value of its type by name (a faction, an enumeration value; empty: no value), kept
        as the state keeps it (interpreter/small_forms.py). Another value: S035. `faction`:
        whose counter it is, for a faction's own typed counter (`fid.cid`)."""
        from ..interpreter import small_forms as _small
        vals = _small.typed_values(vocab.g, cid) if cid is not None else None
        if vals is None and cid is not None and faction is not None:
            vals = _small.typed_values(vocab.g, f"{faction}.{str(cid).split('.')[-1]}")
        if vals is None:
            return self.int_of(v, pos, vocab)
        if v is None:
            return 0
        if not isinstance(v, (bool, int, float)):
            t = str(v)
            if fold(t) in {fold(w) for w in _words("SV.none")}:
                return 0                    # "nada": no value
            hits = [h for h in vocab.find("faction", t) + vocab.find("enumval", t) if h in vals]
            f = vocab.faction(t)
            if f in vals:
                hits.insert(0, f)
            if not hits and t in vals:
                hits = [t]
            if hits:
                return vals.index(hits[0]) + 1
        names = [vocab.name("faction" if x in vocab.g.factions else "enumval", x) for x in vals]
        self.err("S035", getattr(v, "pos", None) or pos, value=v, counter=vocab.name("counter", cid),
                 known=", ".join(names), hint=suggest(str(v), names))
        return None

    def counters(self, vocab, v, pos, seated, where, only=None) -> dict:
        """{faction: {counter: n}} | {counter: {faction: n}} | {counter: n} (global)
        | with `only` (the score counter): {faction: n}.  -> {key: (n, pos)}"""
        g = vocab.g
        out = {}
        if not isinstance(v, YDict):
            if v is not None:
                self.err("S014", pos, where=where, expected=_m("SW.a_map", self.lang))
            return out

        def key_of(cid, f):
            if cid in g.counters:
                return g.counter_key(cid, f)
            return f"{f}:{cid}"

        for k, x in v.items():
            kp = v.key_pos.get(k)
            if only is not None:
                f = self.faction(vocab, k, kp, seated)
                n = self.int_of(x, v.val_pos.get(k), vocab)
                if f is not None and n is not None:
                    out[key_of(only, f)] = (n, v.val_pos.get(k))
                continue
            f = vocab.faction(k)
            if f is not None:
                if f not in seated:
                    self.faction(vocab, k, kp, seated)
                    continue
                if not isinstance(x, YDict):
                    self.err("S014", kp, where=str(k), expected=_m("SW.a_map", self.lang))
                    continue
                for ck, cx in x.items():
                    cid = self.counter(vocab, ck, x.key_pos.get(ck))
                    if cid is not None and g.per_faction(cid) and isinstance(cx, YDict):
                        # a counter with one value per other faction (`por_facção`):
                        # {FACÇÃO: {CONTADOR: {OUTRA_FACÇÃO: 3}}}
                        for ok, ox in cx.items():
                            other = self.faction(vocab, ok, cx.key_pos.get(ok), seated)
                            n = self.int_of(ox, cx.val_pos.get(ok), vocab)
                            if other is not None and n is not None:
                                out[g.pair_key(cid, f, other)] = (n, cx.val_pos.get(ok))
                        continue
                    n = self.counter_value(vocab, cid, cx, x.val_pos.get(ck), f)
                    if cid is not None and n is not None:
                        out[key_of(cid, f)] = (n, x.val_pos.get(ck))
                continue
            cid = self.counter(vocab, k, kp)
            if cid is None:
                continue
            if isinstance(x, YDict):
                for fk, fx in x.items():
                    ff = self.faction(vocab, fk, x.key_pos.get(fk), seated)
                    n = self.counter_value(vocab, cid, fx, x.val_pos.get(fk), ff)
                    if ff is not None and n is not None:
                        out[key_of(cid, ff)] = (n, x.val_pos.get(fk))
            else:
                n = self.counter_value(vocab, cid, x, v.val_pos.get(k))
                if n is not None:
                    out[cid if cid in g.counters else key_of(cid, seated[0])] = (n, v.val_pos.get(k))
        return out

    def board(self, vocab, v, pos, m, seated, where, expect=False) -> dict:
        """{space: pieces} -> {space: {kind: (n, pos)} | EMPTY}."""
        out = {}
        if v is None:
            return out
        if not isinstance(v, YDict):
            self.err("S014", pos, where=where, expected=_m("SW.a_map", self.lang))
            return out
        for k, x in v.items():
            kp = v.key_pos.get(k)
            sp = self.space(vocab, k, kp, m, _faction_spaces(vocab, seated))
            if sp is None:
                continue
            if expect and (x is None or (isinstance(x, (YDict, YList)) and not x)):
                out[sp] = EMPTY
                continue
            # "PEÇA ESTADO" (statuses on the map) and "VERSO: {FACE: n}" (face-down pieces)
            counts = self.piece_counts(vocab, x, v.val_pos.get(k) or kp, seated, str(k), states=True)
            if counts is not None:
                cur = out.setdefault(sp, {})
                for kind, (n, p) in counts.items():
                    cur[kind] = (n, p)
        return out


def _ruleset(path_value, file_path, reader: _Reader, pos):
    from ..environment import Environment, resolve_ruleset
    base = os.path.dirname(os.path.abspath(file_path))
    cand = os.path.join(base, str(path_value))
    path = cand if os.path.exists(cand) else resolve_ruleset(str(path_value))
    if not os.path.exists(path):
        reader.err("S025", getattr(path_value, "pos", None) or pos, path=path_value)
        return None
    key = os.path.abspath(path)
    if key in _GDEFS:
        gdef = _GDEFS[key]
        if isinstance(gdef, list):          # it failed to load earlier in this file
            reader.err("S004", getattr(path_value, "pos", None) or pos, path=path_value, n=len(gdef))
            return None
        return gdef
    env = Environment(None)
    try:
        gdef = env.load(path)
    except RulesError as exc:
        errs = [d for d in exc.diagnostics if d.severity == "error"]
        reader.err("S004", getattr(path_value, "pos", None) or pos, path=path_value, n=len(errs))
        reader.diags.extend(errs)
        _GDEFS[key] = errs
        return None
    _GDEFS[key] = gdef
    return gdef


def load_scenarios(path: str, lang: str | None = None) -> list[Scenario]:
    """Read a scenario file. Raises RulesError with every problem found (positioned)."""
    for k in [k for k, v in _GDEFS.items() if isinstance(v, list)]:
        del _GDEFS[k]
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError):   # load_file below reports it, placed
        text = ""
    flang = detect_lang(text, lang or "pt")
    diags = Diagnostics(flang)
    if flang not in lexmod.available():
        diags.add("M002", Pos(path, 1, 1), "pt", name=flang, langs=", ".join(lexmod.available()))
        raise RulesError(diags.items)
    data = load_file(path, diags, flang)
    if diags.has_errors():
        raise RulesError(diags.items)
    rd = _Reader(path, diags, flang)
    if not isinstance(data, YDict):
        rd.err("S001", getattr(data, "pos", None) or Pos(path, 1, 1))
        raise RulesError(diags.items)
    top = rd.keys(data, FILE_KEYS, os.path.basename(path))
    single = "scenarios" not in top
    if "scenarios" in top:
        items, ipos = top["scenarios"]
        if not isinstance(items, YList) or not items:
            rd.err("S021", ipos)
            raise RulesError(diags.items)
        raw = [(x, items.item_pos[i]) for i, x in enumerate(items)]
        defaults = {k: v for k, v in top.items() if k not in ("scenarios", "language")}
    else:
        raw = [(data, data.pos)]
        defaults = {}
    out: list[Scenario] = []
    names: dict = {}
    for i, (item, ipos) in enumerate(raw):
        if not isinstance(item, YDict):
            rd.err("S014", ipos, where=f"{_m('SW.scenario', flang)} {i + 1}", expected=_m("SW.a_map", flang))
            continue
        if single:
            own = {kk: vv for kk, vv in top.items() if kk != "language"}
        else:
            own = rd.keys(item, SCENARIO_KEYS, f"{_m('SW.scenario', flang)} {i + 1}")
        merged = dict(defaults)
        merged.update(own)
        sc = _scenario(rd, merged, item, ipos, i)
        if sc is None:
            continue
        key = fold(sc.name)
        if key in names:
            rd.err("S027", ipos, name=sc.name, first=names[key].line)
            continue
        names[key] = ipos
        out.append(sc)
    if diags.has_errors():
        seen, unique = set(), []
        for d in diags.items:
            k = (d.code, d.pos, d.message())
            if k not in seen:
                seen.add(k)
                unique.append(d)
        diags.items[:] = unique
        here = [d for d in diags.items if d.pos is None or d.pos.file == path]
        other = [d for d in diags.items if d not in here]
        here.sort(key=lambda d: (d.pos.line, d.pos.col) if d.pos else (0, 0))
        raise RulesError(here + other)
    return out


def _scenario(rd: _Reader, k: dict, item, ipos, index) -> Scenario | None:
    lang = rd.lang
    nerr = len(rd.diags.errors)
    name_v = k.get("name", (None, None))[0]
    name = " ".join(str(name_v).split()) if name_v is not None else f"{_m('SW.scenario', lang)} {index + 1}"
    if "ruleset" not in k:
        rd.err("S003", ipos)
        return None
    gdef = _ruleset(k["ruleset"][0], rd.path, rd, k["ruleset"][1])
    if gdef is None:
        return None
    vocab = vocab_of(gdef, lang)
    # the run: factions, seed, map, deck
    seated = list(gdef.factions)
    if "factions" in k:
        v, p = k["factions"]
        texts = rd.text_list(v, p) if not (isinstance(v, str) and "," in v) else \
            [(x.strip(), p) for x in str(v).split(",")]
        seated = []
        for t, tp in texts:
            f = rd.faction(vocab, t, tp)
            if f is not None:
                seated.append(f)
        if not seated:
            seated = list(gdef.factions)      # already an error; avoid a cascade of others
    # `capangas: {patrulha: rapinas, dinastia: nada}` (or a list): hirelings in play, each with
    # its controller; their pieces and counters are written as a seated faction's
    # `capangas: sim` (es `secuaces: sí`): the setup's own deal (A.6), as `--capangas` does
    hired, ctls = [], {}
    if "hirelings" in k and _is_yes(k["hirelings"][0]):
        hired = "deal"
    elif "hirelings" in k:
        v, p = k["hirelings"]
        items = list(v.items()) if isinstance(v, dict) else [(x, None) for x in (v if isinstance(v, list) else [v])]
        for hn, cn in items:
            h = rd.faction(vocab, hn, p)
            if h is None:
                continue
            hired.append(h)
            if cn is not None and fold(str(cn)) not in {fold(w) for w in _words("SV.none")}:
                ctls[h] = rd.faction(vocab, cn, p, seated)
    seated_run = seated
    # dealt hirelings: any of them may be in play, their pieces may be named
    seated = seated + (hired if isinstance(hired, list) else list(getattr(gdef, "hirelings", None) or ()))
    seed = 0
    if "seed" in k:
        seed = rd.int_of(k["seed"][0], k["seed"][1]) or 0
    map_id = deck_id = None
    if "map" in k:
        v, p = k["map"]
        hits = vocab.find("map", v) or ([str(v)] if str(v) in gdef.maps else [])
        if not hits:
            rd.err("S018", getattr(v, "pos", None) or p, hint=suggest(str(v), vocab.spellings("map")),
                   what=_m("SW.map", lang), name=v)
        else:
            map_id = hits[0]
    if "deck" in k:
        v, p = k["deck"]
        hits = vocab.find("deck", v) or ([str(v)] if str(v) in gdef.decks else [])
        if not hits:
            rd.err("S018", getattr(v, "pos", None) or p, hint=suggest(str(v), vocab.spellings("deck")),
                   what=_m("SW.deck", lang), name=v)
        else:
            deck_id = hits[0]
    setup_id, players = _setup_choice(rd, k, gdef, lang)
    m = gdef.maps.get(map_id or gdef.default_map or next(iter(gdef.maps), None))
    law = []
    if "law" in k:
        v = k["law"][0]
        law = [str(x) for x in v] if isinstance(v, list) else [str(v)] if v is not None else []
    desc = str(k["description"][0]) if "description" in k else ""
    sc = Scenario(name, rd.path, ipos, lang, gdef, seated_run, seed, map_id, deck_id, law, desc, vocab=vocab)
    sc.setup_id, sc.players = setup_id, players
    if "landmarks" in k:
        sc.landmarks = _landmarks_choice(rd, k["landmarks"], gdef)
    sc.hirelings, sc.controllers = hired, ctls
    if "draws" in k:
        sc.draws = _draws(rd, k["draws"], vocab)
    if "with_options" in k:
        sc.options = _options_choice(rd, k["with_options"], gdef)
    if players is not None and any(x in k for x in SETUP_KEYS):
        # a position names factions' pieces and zones: the seats have none yet
        rd.err("S031", k["players"][1])
    # the position
    if any(x in k for x in ("position", "hands", "supply", "counters", "scores", "zones", "round")):
        sc.setup = _setup(rd, k, vocab, m, seated, deck_id)
    active = phase = None
    if "active" in k:
        active = rd.faction(vocab, k["active"][0], k["active"][1], seated)
    if "phase" in k:
        phase = rd.phase(vocab, k["phase"][0], k["phase"][1])
    if active is not None or phase is not None:
        sc.start = (active or (seated[0] if seated else None),
                    phase or (gdef.turn_phases[0] if gdef.turn_phases else None))
    # steps
    if any(x in k for x in ("choices", "dice", "expect")):
        sc.steps.append(_step(rd, k, vocab, m, seated, ipos))
    if "steps" in k:
        v, p = k["steps"]
        if not isinstance(v, YList):
            rd.err("S014", p, where=rd.kn("steps"), expected=_m("SW.a_list", lang))
        else:
            for j, st in enumerate(v):
                if not isinstance(st, YDict):
                    rd.err("S014", v.item_pos[j], where=f"{rd.kn('steps')} {j + 1}", expected=_m("SW.a_map", lang))
                    continue
                sk = rd.keys(st, STEP_KEYS, f"{name} / {j + 1}")
                sc.steps.append(_step(rd, sk, vocab, m, seated, v.item_pos[j]))
    if len(rd.diags.errors) > nerr:
        return None
    return sc


def _box(g, kind, seated) -> int:
    """How many pieces of a kind the box has in a game of these factions: the base count plus
    the expansions a seated faction brings (`expansões:`, as the engine counts them)."""
    facs = g.rs.data.get("factions") or {}
    exp = set()
    for f in seated:
        e = (facs.get(f) or {}).get("expansions")
        if isinstance(e, list):
            exp.update(str(x) for x in e)
    pk = g.piece_kinds[kind]
    extra = pk.attrs.get("expansions") if exp else None
    return pk.count + (sum(int(extra.get(e) or 0) for e in exp) if isinstance(extra, dict) else 0)


def _setup(rd: _Reader, k: dict, vocab: Vocab, m, seated, deck_id) -> Setup:
    g = vocab.g
    st = Setup()
    used: Counter = Counter()
    first_pos: dict = {}
    if "position" in k:
        v, p = k["position"]
        for sp, counts in rd.board(vocab, v, p, m, seated, rd.kn("position")).items():
            # (kind, status bits) or ("face", back kind, face kind) -> n
            st.board[sp] = {key: n for key, (n, _) in counts.items() if n}
            for key, (n, pp) in counts.items():
                kind = key[2] if len(key) == 3 else key[0]
                used[kind] += n
                first_pos.setdefault(kind, pp)
    card_specs = {}
    if "zones" in k:
        v, p = k["zones"]
        cards, pieces = rd.zones(vocab, v, p, seated, rd.kn("zones"))
        card_specs.update(cards)
        for key, counts in pieces.items():
            # (kind, status bits) -> n: the pieces start with those states
            st.piece_zones[key] = {kb: n for kb, (n, _) in counts.items()}
            for (kind, _bits), (n, pp) in counts.items():
                used[kind] += n
                first_pos.setdefault(kind, pp)
    if "hands" in k:
        v, p = k["hands"]
        if not isinstance(v, YDict):
            rd.err("S014", p, where=rd.kn("hands"), expected=_m("SW.a_map", rd.lang))
        elif g.hand_zone is None:
            rd.err("S012", p, name=str(p))
        else:
            for fk, x in v.items():
                f = rd.faction(vocab, fk, v.key_pos.get(fk), seated)
                if f is not None:
                    card_specs[f"{f}:{g.hand_zone}"] = (rd.card_spec(vocab, x, v.key_pos.get(fk)), v.key_pos.get(fk))
    for key, ((how, val), kp) in card_specs.items():
        if how == "count":
            st.hand_counts[key] = val
        else:
            st.cards[key] = list(val)
    # enough copies of each named card?
    available: Counter = Counter()
    from ..interpreter.decks import in_play
    for did, _piles in in_play(g, deck_id or g.default_deck or next(iter(g.decks), None)):
        for cid in g.decks.get(did, []) if did else []:
            available[cid] += g.cards[cid].copies
    for cid, cd in g.cards.items():
        if cd.owner in seated:
            available[cid] += cd.copies
    wanted: Counter = Counter(c for lst in st.cards.values() for c in lst)
    for cid, n in wanted.items():
        if n > available[cid]:
            kp = next(kp for key, ((how, val), kp) in card_specs.items() if how == "cards" and cid in val)
            rd.err("S016", kp, card=vocab.name("card", cid), copies=available[cid], n=n)
    if "supply" in k:
        v, p = k["supply"]
        for kind, (n, pp) in (rd.piece_counts(vocab, v, p, seated, rd.kn("supply")) or {}).items():
            st.supply[kind] = n
            if n + used[kind] > _box(g, kind, seated):
                rd.err("S015", pp, piece=vocab.piece_name(kind), box=_box(g, kind, seated),
                       n=n + used[kind])
    for kind, n in used.items():
        if kind in st.supply:
            continue
        if n > _box(g, kind, seated):
            rd.err("S015", first_pos.get(kind), piece=vocab.piece_name(kind),
                   box=_box(g, kind, seated), n=n)
    if "counters" in k:
        v, p = k["counters"]
        for key, (n, _) in rd.counters(vocab, v, p, seated, rd.kn("counters")).items():
            st.counters[key] = n
    if "scores" in k and g.score:
        v, p = k["scores"]
        for key, (n, _) in rd.counters(vocab, v, p, seated, rd.kn("scores"), only=g.score).items():
            st.counters[key] = n
    if "round" in k:
        st.round = rd.int_of(k["round"][0], k["round"][1], vocab)
    return st


def _step(rd: _Reader, k: dict, vocab: Vocab, m, seated, pos) -> Step:
    g = vocab.g
    step = Step(pos=pos)
    if "choices" in k:
        v, p = k["choices"]
        for t, tp in rd.text_list(v, p, rd.kn("choices")):
            if not vocab.known(t):
                rd.err("S022", tp, hint=suggest(str(t), vocab.candidates()), name=t)
            step.choices.append((t, tp))
    if "dice" in k:
        v, p = k["dice"]
        faces = sorted({f for fs in g.dice.values() for f in fs}, key=str)
        # faces that are values of an enumeration (the suits of a mob die) by their names
        named = {fold(x): f for f in faces if isinstance(f, str)
                 for x in [f] + [w for ws in g.rs.things.get("enumval", {})[f].names.values() for w in ws]
                 if f in g.rs.things.get("enumval", {})}
        for t, tp in rd.text_list(v, p, rd.kn("dice")):
            if isinstance(t, str) and fold(t) in named:
                step.dice.append((named[fold(t)], tp))
                continue
            n = rd.int_of(t, tp, vocab)
            if n is None:
                continue
            if n not in faces:
                rd.err("S019", tp, value=n, faces=", ".join(str(f) for f in faces))
                continue
            step.dice.append((n, tp))
    if "expect" in k:
        v, p = k["expect"]
        if not isinstance(v, YDict):
            rd.err("S014", p, where=rd.kn("expect"), expected=_m("SW.a_map", rd.lang))
        else:
            step.expect = _expect(rd, rd.keys(v, EXPECT_KEYS, rd.kn("expect")), vocab, m, seated)
    return step


def _expect(rd: _Reader, k: dict, vocab: Vocab, m, seated) -> Expect:
    g = vocab.g
    ex = Expect()
    none_words = {fold(w) for w in _words("SV.none")}
    if "legal" in k:
        v, p = k["legal"]
        for t, tp in rd.text_list(v, p, rd.kn("legal")):
            if not vocab.known(t):
                rd.err("S022", tp, hint=suggest(str(t), vocab.candidates()), name=t)
            ex.legal.append((t, tp))
    if "illegal" in k:
        v, p = k["illegal"]
        if isinstance(v, YDict):
            items = [(t, v.key_pos.get(t), None if x is None else str(x)) for t, x in v.items()]
        else:
            items = [(t, tp, None) for t, tp in rd.text_list(v, p, rd.kn("illegal"))]
        for t, tp, law in items:
            if not vocab.known(t):
                rd.err("S022", tp, hint=suggest(str(t), vocab.candidates()), name=t)
            ex.illegal.append((t, tp, law))
    if "next_decision" in k:
        v, p = k["next_decision"]
        if isinstance(v, str) and fold(v) in none_words or v is None:
            ex.next_decision = ("none", getattr(v, "pos", None) or p)
        elif isinstance(v, YDict):
            nk = rd.keys(v, NEXT_KEYS, rd.kn("next_decision"))
            nd = {"pos": p}
            if "player" in nk:
                nd["player"] = (rd.faction(vocab, nk["player"][0], nk["player"][1]), nk["player"][1])
            if "decision" in nk:
                dv, dp = nk["decision"]
                kind = _decision_kind(dv)
                if kind is None:
                    # the kinds as the file's language names them (the docs' list), then the ids
                    names = [_m("SV.kind." + x, rd.lang).split(",")[0].strip() for x in DECISION_KINDS]
                    rd.err("S020", getattr(dv, "pos", None) or dp, name=dv, kinds=", ".join(names),
                           hint=suggest(str(dv), names + list(DECISION_KINDS)))
                nd["decision"] = (kind, dp)
            if "options" in nk:
                ov, op = nk["options"]
                opts = rd.text_list(ov, op, rd.kn("options"))
                for t, tp in opts:
                    if not vocab.known(t):
                        rd.err("S022", tp, hint=suggest(str(t), vocab.candidates()), name=t)
                nd["options"] = (opts, op)
            if "law" in nk:
                nd["law"] = (str(nk["law"][0]), nk["law"][1])
            ex.next_decision = nd
        else:
            rd.err("S014", p, where=rd.kn("next_decision"), expected=_m("SW.a_map", rd.lang))
    if "pieces" in k:
        v, p = k["pieces"]
        ex.pieces = rd.board(vocab, v, p, m, seated, rd.kn("pieces"), expect=True)
    if "supply" in k:
        v, p = k["supply"]
        ex.supply = rd.piece_counts(vocab, v, p, seated, rd.kn("supply")) or {}
    if "counters" in k:
        v, p = k["counters"]
        ex.counters.update(rd.counters(vocab, v, p, seated, rd.kn("counters")))
    if "scores" in k and g.score:
        v, p = k["scores"]
        ex.counters.update(rd.counters(vocab, v, p, seated, rd.kn("scores"), only=g.score))
    if "hands" in k:
        v, p = k["hands"]
        if isinstance(v, YDict) and g.hand_zone:
            for fk, x in v.items():
                f = rd.faction(vocab, fk, v.key_pos.get(fk), seated)
                if f is not None:
                    ex.cards[f"{f}:{g.hand_zone}"] = (rd.card_spec(vocab, x, v.key_pos.get(fk)), v.key_pos.get(fk))
        else:
            rd.err("S014", p, where=rd.kn("hands"), expected=_m("SW.a_map", rd.lang))
    if "zones" in k:
        v, p = k["zones"]
        cards, pieces = rd.zones(vocab, v, p, seated, rd.kn("zones"), expect=True)
        ex.cards.update(cards)
        ex.zone_pieces.update(pieces)
    if "winner" in k:
        v, p = k["winner"]
        ex.winner_pos = getattr(v, "pos", None) or p
        if isinstance(v, YList):
            # several winners: a shared victory (a coalition, `junte-se`)
            ex.winner = [rd.faction(vocab, x, xp, seated) for x, xp in rd.text_list(v, p)]
        elif v is None or fold(str(v)) in none_words:
            ex.winner = None
        else:
            ex.winner = rd.faction(vocab, v, p, seated)
    if "game_over" in k:
        v, p = k["game_over"]
        ex.game_over = (rd.bool_of(v, p), getattr(v, "pos", None) or p)
    if "active" in k:
        v, p = k["active"]
        ex.active = (rd.faction(vocab, v, p, seated), getattr(v, "pos", None) or p)
    if "phase" in k:
        v, p = k["phase"]
        ex.phase = (rd.phase(vocab, v, p), getattr(v, "pos", None) or p)
    if "round" in k:
        v, p = k["round"]
        ex.round = (rd.int_of(v, p, vocab), getattr(v, "pos", None) or p)
    return ex


def _decision_kind(text) -> str | None:
    f = fold(str(text))
    if f in DECISION_KINDS:
        return f
    for kind in DECISION_KINDS:
        if f in {fold(w) for w in _words("SV.kind." + kind)}:
            return kind
    return None


# ---------------------------------------------------------------------------------------------
# running

class _LoadedDice(random.Random):
    """The game's random generator, with die results a scenario prepared: `choice` over a
    die's faces returns the next prepared value (dice are rolled with rng.choice)."""

    def __init__(self, state):
        super().__init__()
        self.setstate(state)
        self.queue: list = []        # [(value, pos)]
        self.misfits: list = []      # [(value, pos, faces)]

    def choice(self, seq):
        if self.queue:
            v, p = self.queue[0]
            if v in seq:
                self.queue.pop(0)
                return v
            self.queue.pop(0)
            self.misfits.append((v, p, list(seq)))
        return super().choice(seq)


def _position_fn(sc: Scenario, box_out: dict, dice_holder: list):
    st = sc.setup
    g = sc.gdef

    def build(game):
        s = game.s
        s.rng = _LoadedDice(s.rng.getstate())
        dice_holder[:] = [s.rng]
        # the first step's dice may be rolled before its first choice (a decree battle)
        if sc.steps:
            s.rng.queue.extend(sc.steps[0].dice)
            s.rng.preloaded = True
        draw = g.draw_zone
        if draw and draw in s.zones:
            s.rng.shuffle(s.zones[draw])
        # the draw piles of the other decks in play (decks.py), after the game's own
        draws = {draw}
        for _did, piles in game.decks_in_play[1:]:
            draws.add(piles.draw)
            if piles.draw in s.zones:
                s.rng.shuffle(s.zones[piles.draw])
        if st is None:
            return
        for sp, kinds in st.board.items():
            for key, n in kinds.items():
                if len(key) == 3:
                    # a piece lying on its back, with its face (`verso:`)
                    _, back, face = key
                    s.adjust_supply(face, -n)
                    s.board_add(sp, back, n)
                    if back in g.hidden_backs:
                        s.ident_add(sp, back, face, n)
                    continue
                kind, bits = key
                s.put(sp, kind, n)
                if bits:
                    s.set_status(sp, kind, n, 0, bits)
        for key, kinds in st.piece_zones.items():
            s.piece_zones.setdefault(key, {})
            for (kind, bits), n in kinds.items():
                if n:
                    s.supply[kind] = s.supply.get(kind, 0) - n
                    s.move_zone_piece(None, key, kind, n, bits)
        for kind, n in st.supply.items():
            s.supply[kind] = n
        # named cards: out of wherever they are (the draw pile first), into their zone
        placed = set()
        for key, ids in st.cards.items():
            dest = []
            for cid in ids:
                inst = _find_card(s, g, cid, placed, draw)
                placed.add(inst)
                dest.append(inst)
            for inst in dest:
                for z, lst in s.zones.items():
                    if inst in lst:
                        lst.remove(inst)
                        break
            s.zones.setdefault(key, [])
            if key in draws:
                # listed first = drawn first (the top is the end of the list)
                s.zones[key].extend(reversed(dest))
            else:
                s.zones[key].extend(dest)
        for key, n in st.hand_counts.items():
            pile = s.zones.get(draw, [])
            hand = s.zones.setdefault(key, [])
            for _ in range(n):
                pick = next((c for c in reversed(pile) if c not in placed), None)
                if pick is None:
                    break
                pile.remove(pick)
                hand.append(pick)
                placed.add(pick)
        if draw in st.cards:
            pile = s.zones[draw]
            top = [c for c in pile if c in placed]
            rest = [c for c in pile if c not in placed]
            s.zones[draw] = rest + top
        for key, v in st.counters.items():
            s.counters[key] = v
        if st.round is not None:
            s.round = st.round if sc.start is not None else st.round - 1
        if hasattr(s, "ver"):
            s.ver += 1          # memo keys of derived values follow the state's version
        box_out.clear()
        for k, pk in g.piece_kinds.items():
            total = s.supply.get(k, 0) + sum(b.get(k, 0) for b in s.board.values()) \
                + sum(z.get(k, 0) for z in s.piece_zones.values())
            if k in g.faces:
                total = 0                   # a back's pieces are its faces' (`verso:`)
            elif k in g.back_of:
                b = g.back_of[k]
                total += sum(bd.get(b, 0) for bd in s.board.values()) if b not in g.hidden_backs \
                    else sum(f.get(k, 0) for (_, bb), f in s.ident.items() if bb == b)
            box_out[k] = total
    return build


def _find_card(s, g, cid, placed, draw):
    order = [draw] + [z for z in s.zones if z != draw]
    for z in order:
        for c in reversed(s.zones.get(z, [])):
            if s.card_defs[c] == cid and c not in placed:
                return c
    raise ValueError(cid)


def _setup_choice(rd, k, gdef, lang):
    """`preparação:` (one of the game's setups, by id or name in any language: S030) and
    `jogadores:` (a number of seats whose factions are chosen in setup: S032 without a choice)."""
    setup_id = players = None
    setups = {sid: st for sid, st in (getattr(gdef, "setups", None) or {}).items() if sid}
    if "setup" in k:
        v, p = k["setup"]
        from ..interpreter.seating import setup_names
        names = setup_names(gdef)
        setup_id = names.get(fold(str(v)))
        if setup_id is None:
            rd.err("S030", getattr(v, "pos", None) or p, hint=suggest(str(v), list(setups)), name=v,
                   known=", ".join(setups) or "-")
    if "players" in k:
        v, p = k["players"]
        players = rd.int_of(v, p)
        st = setups.get(setup_id) if setup_id else None
        fc = st.faction_choice if st is not None else gdef.faction_choice
        if players is not None and fc is None:
            rd.err("S032", getattr(v, "pos", None) or p)
            players = None
    return setup_id, players


def _is_yes(v) -> bool:
    """`sim` / `sí` (or YAML's true) written as a whole value."""
    if isinstance(v, bool):
        return v
    return isinstance(v, str) and fold(v) in {fold(w) for w in _words("SV.yes")}


def _landmarks_choice(rd, kv, gdef):
    """`marcos:` a number (drawn among all), names or ids of landmarks (E782), or
    `{N: [names]}` (N drawn among those: the cards the players kept, A.5.1)."""
    from ..interpreter.landmarks import landmark_names
    v, p = kv
    if isinstance(v, int) or (isinstance(v, str) and v.isdigit()):
        return int(v)
    if isinstance(v, dict) and len(v) == 1 and str(next(iter(v))).isdigit():
        n = next(iter(v))
        return (int(n), _landmarks_choice(rd, (v[n], v.key_pos.get(n) if isinstance(v, YDict) else p), gdef))
    names = landmark_names(gdef)
    out = []
    for x in (v if isinstance(v, list) else [v]):
        lid = names.get(fold(str(x)))
        if lid is None:
            rd.err("E782", getattr(x, "pos", None) or p, hint=suggest(str(x), list(names)), name=x,
                   known=", ".join(getattr(gdef, "landmarks", {})) or "-")
        else:
            out.append(lid)
    return out


def _options_choice(rd, kv, gdef):
    """`com_opções: {alianças: sim}`: the ruleset options, by id or name (E810, E811)."""
    from ..options import OptionError, resolve
    v, p = kv
    if not isinstance(v, dict):
        rd.err("E810", p, name=str(v), known=", ".join(getattr(gdef, "options", {})) or "-")
        return None
    out = {}
    for name, val in v.items():
        try:
            resolve(gdef, {name: val})
        except OptionError as exc:
            rd.err(exc.code, getattr(name, "pos", None) or p, hint=exc.kw.get("hint"),
                   **{k: x for k, x in exc.kw.items() if k != "hint"})
            continue
        out[str(name)] = val
    return out


def _draws(rd, item, vocab) -> list:
    """`sorteios:` (ES `sorteos:`): names of what the game's random picks give, in order
    (a faction revealed, a clearing or card drawn at random): [(ids it may be, text, pos)]."""
    v, p = item
    out = []
    for t, tp in rd.text_list(v, p, rd.kn("draws")):
        ids = {i for kind in Vocab.KINDS_FOR_OPTIONS for i in vocab.find(kind, t)}
        # a hireling's card (dealt, turned to a side: A.6.1-A.6.2) is named by either side
        hs = getattr(vocab.g, "hirelings", None) or {}
        ids |= {hs[i].card for i in ids if i in hs}
        if not ids:
            rd.err("S022", tp, hint=suggest(str(t), vocab.candidates()), name=t)
            continue
        out.append((ids, t, tp))
    return out


class _DrawHook:
    """The game's chance (interpreter/chance.py, a Hook) when a scenario dictates `sorteios:`:
    each pick among whose outcomes the next draw is takes it; dice take the prepared `dados:`;
    any other pick is played by a generator of the scenario's seed."""

    def __init__(self, sc, holder):
        self.queue = list(sc.draws)
        self.holder = holder
        self.rng = random.Random(sc.seed)

    wants_game = True

    def __call__(self, d, game=None) -> int:
        from ..interpreter.engine import option_id
        ids = [option_id(o) for o in d.options]
        if self.queue:
            want = self.queue[0][0]
            # a card of a pile (a shuffle's pick) is named by what it is
            defs = getattr(getattr(game, "s", None), "card_defs", None) or {}
            for i, x in enumerate(ids):
                o = d.options[i]
                if x in want or (type(o) is int and defs and _card_def(defs, o) in want):
                    self.queue.pop(0)
                    return i
        dice = self.holder[0] if self.holder else None
        if d.kind == "chance:die" and dice is not None and dice.queue:
            return list(d.options).index(dice.choice(list(d.options)))
        return self.rng.choices(range(len(ids)), weights=d.probs)[0]


def _card_def(defs, card):
    try:
        return defs[card]
    except (KeyError, IndexError):
        return None


def new_game(sc: Scenario):
    """The scenario's game at its starting position (before the first choice)."""
    from ..interpreter.engine import Game
    box: dict = {}
    holder: list = []
    pos = _position_fn(sc, box, holder) if sc.setup is not None else None
    if sc.controllers:
        from ..interpreter.hirelings import set_controllers
        place = pos

        def pos(game):
            if place is not None:
                place(game)
            set_controllers(game, sc.controllers)
    hook = _DrawHook(sc, holder) if sc.draws else None
    game = Game(sc.gdef, sc.players if sc.players is not None else sc.factions, sc.seed, sc.map_id,
                sc.deck_id, lang=sc.lang, log=True, position=pos,
                start=sc.start, setup=sc.setup_id, landmarks=sc.landmarks, hirelings=sc.hirelings,
                chance=hook, options=sc.options)
    if not holder:
        game.s.rng = _LoadedDice(game.s.rng.getstate())
        holder.append(game.s.rng)
    holder[0].draws_left = hook.queue if hook is not None else None
    return game, (box or None), holder[0]


def run_scenario(sc: Scenario) -> Result:
    from ..interpreter import invariants
    res = Result(sc)
    lang = sc.lang
    try:
        game, box, dice = new_game(sc)
    except Exception as exc:  # noqa: BLE001 - the engine failing is a scenario failure
        res.fail(sc.pos, _m("SR.crash", lang, when=_m("SR.when_start", lang), error=_exc(exc)))
        return res
    for v in invariants.check(game, box=box, lang=lang):
        res.fail(sc.pos, _m("SR.invariant", lang, when=_m("SR.when_start", lang), what=v))
    if res.failures:
        return res
    for n, step in enumerate(sc.steps, 1):
        if not (n == 1 and getattr(dice, "preloaded", False)):
            dice.queue.extend(step.dice)
        for text, pos in step.choices:
            if game.is_terminal():
                res.fail(pos, _m("SR.choice_over", lang, choice=text))
                return res
            i = match_option(game, sc.vocab, text)
            if i is None:
                d = game.pending
                why, law = why_illegal(game, sc.vocab, text)
                res.fail(pos, _m("SR.choice_illegal", lang, choice=text, player=_fac(sc, d.player),
                                 kind=kind_label(d.kind, lang), options=_options(game, sc.vocab))
                         + "; " + _reason(lang, why, law))
                return res
            try:
                game.apply(i)
            except Exception as exc:  # noqa: BLE001
                res.fail(pos, _m("SR.crash", lang, when=_m("SR.when_choice", lang, choice=text, step=n),
                                 error=_exc(exc)))
                return res
            res.choices_done += 1
            for v in invariants.check(game, box=box, lang=lang):
                res.fail(pos, _m("SR.invariant", lang, when=_m("SR.when_choice", lang, choice=text, step=n),
                                 what=v))
            if res.failures:
                return res
        failure = getattr(game.s, "failure", None)
        if failure is not None:
            res.fail(step.pos, _m("SR.stuck", lang, why=getattr(failure, "why", failure)))
        for v, p, faces in dice.misfits:
            res.fail(p, _m("SR.dice_face", lang, value=v, faces=", ".join(map(str, faces))))
        dice.misfits.clear()
        if dice.queue:
            res.fail(dice.queue[0][1], _m("SR.dice_left", lang, dice=", ".join(str(v) for v, _ in dice.queue)))
            dice.queue.clear()
        left = getattr(dice, "draws_left", None)
        if left and n == len(sc.steps):
            res.fail(left[0][2], _m("SR.draws_left", lang, draws=", ".join(str(t) for _, t, _ in left)))
        if step.expect is not None:
            _check(game, sc, step.expect, res)
        if res.failures:
            return res
    return res


def _exc(exc) -> str:
    tb = traceback.extract_tb(exc.__traceback__)
    where = f" [{os.path.basename(tb[-1].filename)}:{tb[-1].lineno}]" if tb else ""
    return f"{type(exc).__name__}: {exc}{where}"


def _fac(sc, f):
    if f is None:
        return _m("SW.nobody", sc.lang)
    return sc.vocab.name("faction", f)


# options ------------------------------------------------------------------------------------------

def _card_decision(d) -> bool:
    if d.kind == "card":
        return True
    pr = d.prompt or ()
    return len(pr) > 1 and pr[1] == "card"


def _number_decision(d) -> bool:
    pr = d.prompt or ()
    return d.kind in ("count", "branch", "repeat") or (len(pr) > 1 and pr[1] == "number") \
        or (pr and pr[0] == "how_many")


def option_forms(game, vocab: Vocab, d, value) -> set[str]:
    """Folded spellings that name one option of a decision."""
    from ..interpreter.runtime import PASS, DONE
    from ..interpreter.engine import option_id
    out = {fold(option_id(value))}
    if value is PASS:
        out |= {fold(w) for w in _words("SV.pass")}
        return out
    if value is DONE:
        out |= {fold(w) for w in _words("SV.done")}
        return out
    if value is True:
        out |= {fold(w) for w in _words("SV.yes")}
        return out
    if isinstance(value, bool):
        return out
    if isinstance(value, int):
        out |= {w for w, n in vocab.numbers.items() if n == value}
        if not _number_decision(d) and _card_decision(d) and 0 <= value < len(game.s.card_defs):
            cid = game.s.card_defs[value]
            out.add(fold(cid))
            for sp in vocab.table.get("card", {}).get(cid, []):
                out |= vocab.forms(sp)
        return out
    if isinstance(value, str):
        out.add(fold(value.replace("_", " ")))
        if "~" in value and vocab.g.path_kinds:
            out |= {t for t, p in vocab.path_index().items() if p == value}      # N18
        if "." in value:
            out.add(fold(value.split(".", 1)[1]))
        table = vocab.table
        for kind in Vocab.KINDS_FOR_OPTIONS:
            for sp in table.get(kind, {}).get(value, []):
                out |= vocab.forms(sp)
        if value in vocab.g.piece_kinds:
            out.add(fold(vocab.piece_name(value)))
            owner = vocab.piece_owner.get(value)
            if owner is not None:
                for sp in table.get("piece", {}).get(value, []):
                    for form in vocab.forms(sp):
                        for ow in vocab.of_words:
                            for fs in table.get("faction", {}).get(owner, []):
                                out.add(f"{form} {ow} {fold(fs)}")
    return out


def _stated_unit(game, vocab, d, value, t) -> bool:
    """Pieces of a zone told apart by their states, (zone, kind, state...): also named as
    "PEÇA ESTADO" or "ZONA: PEÇA ESTADO" (the piece with exactly those states)."""
    g = vocab.g
    if len(value) < 2 or not isinstance(value[1], str) or value[1] not in g.piece_kinds \
            or not all(isinstance(x, str) and x in g.statuses for x in value[2:]):
        return False
    place = None
    if ":" in t:
        place, t = (x.strip() for x in t.rsplit(":", 1))
    phrase, _bits, ids = vocab.states(t)
    if set(ids) != set(value[2:]):
        return False
    if fold(phrase) not in option_forms(game, vocab, d, value[1]):
        return False
    return place is None or place in option_forms(game, vocab, d, value[0])


def _matches(game, vocab, d, value, text) -> bool:
    t = " ".join(fold(str(text)).split())
    if isinstance(value, tuple):
        from ..interpreter.engine import option_id
        if t == fold(option_id(value)):
            return True
        if _stated_unit(game, vocab, d, value, t):
            return True
        parts = [p.strip() for p in t.split(":")]
        if len(parts) != len(value):
            return False
        return all(_matches(game, vocab, d, v, p) for v, p in zip(value, parts))
    return t in option_forms(game, vocab, d, value)


def match_option(game, vocab: Vocab, text) -> int | None:
    """Index of the pending decision's option that `text` names (an id or a localized name)."""
    d = game.pending
    if d is None:
        return None
    for i, o in enumerate(d.options):
        if _matches(game, vocab, d, o, text):
            return i
    return None


def option_label(game, vocab: Vocab, d, value) -> str:
    from ..interpreter.runtime import PASS, DONE
    lang = vocab.lang
    if value is PASS:
        return _words_lang("SV.pass", lang)
    if value is DONE:
        return _words_lang("SV.done", lang)
    if value is True:
        return _words_lang("SV.yes", lang)
    if isinstance(value, tuple):
        return ": ".join(option_label(game, vocab, d, v) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        if not _number_decision(d) and _card_decision(d) and 0 <= value < len(game.s.card_defs):
            return vocab.name("card", game.s.card_defs[value])
        return str(value)
    if isinstance(value, str):
        if value in vocab.g.piece_kinds:
            return vocab.piece_name(value)
        for kind in Vocab.KINDS_FOR_OPTIONS:
            if value in vocab.display.get(kind, {}):
                return vocab.display[kind][value]
        if "~" in value and vocab.g.path_kinds:
            return vocab.name("space", value)          # a path space (N18)
    return str(value)


def kind_label(kind, lang) -> str:
    """A decision kind in the report's language ("escolha", "elección")."""
    from ..errors import messages
    if ("SV.kind." + str(kind)) not in messages():
        return str(kind)
    return _words_lang("SV.kind." + str(kind), lang)


def _words_lang(code, lang):
    from ..errors import messages
    text = (messages().get(code) or {}).get(lang) or ""
    return text.split(",")[0].strip() or code


def _options(game, vocab) -> str:
    d = game.pending
    if d is None:
        return "-"
    return ", ".join(option_label(game, vocab, d, o) for o in d.options)


def why_illegal(game, vocab: Vocab, text):
    """(reason, law) for an option absent from the pending decision. `reason` is a code of
    SR.why.* (an action of a menu whose per-turn limit is reached, whose requirement fails,
    with no actions left, or tried and undone this turn) or, for a choice, the engine's own
    explanation (`Game.explain`: the words of the rule the option fails); else not_listed."""
    from ..interpreter.runtime import Ctx
    d = game.pending
    if d is None:
        return None
    g = vocab.g
    if d.kind == "menu":
        ids = vocab.find("action", text) or ([str(text)] if str(text) in g.actions else [])
        if ids:
            aid = g.action_for(ids, d.player) or ids[0]
            act = g.actions.get(aid)
            if act is not None:
                if act.owner not in (None, d.player):
                    return ("not_listed", d.law)
                if act.limit is not None and game.s.marks.get(("limit", d.player, aid), 0) >= act.limit:
                    return ("limit", act.law)
                left = d.prompt[1] if d.prompt and len(d.prompt) > 1 else None
                if isinstance(left, int) and left <= 0 and not act.free:
                    return ("budget", d.law)
                if act.requires is not None:
                    ctx = Ctx(g, game.m, game.s, d.player, {}, game)
                    try:
                        ok = act.enabled(ctx)
                    except Exception:  # noqa: BLE001
                        ok = True
                    if not ok:
                        return ("requires", act.law)
                for e in reversed(game.log):
                    if e.get("t") == "turn":
                        break
                    if e.get("t") == "action_undone" and e.get("action") == aid and e.get("faction") == d.player:
                        return ("failed", act.law)
    explain = getattr(game, "explain", None)
    if explain is not None:
        cands = []
        for kind in Vocab.KINDS_FOR_OPTIONS:
            cands.extend(vocab.find(kind, text))
        cands.extend(vocab.pieces(text)[0])
        cands.append(str(text))
        for ident in dict.fromkeys(cands):
            try:
                r = explain(ident, vocab.lang)
            except Exception:  # noqa: BLE001 - an explanation is a courtesy
                r = None
            if r:
                return (("text", r.get("text")), r.get("law"))
    return ("not_listed", d.law)


def _law_text(law) -> str | None:
    if law is None:
        return None
    if isinstance(law, (list, tuple)):
        return ", ".join(str(x) for x in law) or None
    return str(law)


def _reason(lang, why, law):
    if isinstance(why, tuple):          # the engine's own sentence, which cites the law
        return _m("SR.reason", lang, why=why[1])
    w = _m("SR.why." + why, lang)
    lt = _law_text(law)
    return _m("SR.reason_law", lang, why=w, law=lt) if lt else _m("SR.reason", lang, why=w)


# expectations --------------------------------------------------------------------------------------

def _check(game, sc: Scenario, ex: Expect, res: Result):
    lang, vocab, s = sc.lang, sc.vocab, game.s
    g = game.g
    d = game.pending
    for text, pos in ex.legal:
        if d is None:
            res.fail(pos, _m("SR.no_decision", lang))
            break
        if match_option(game, vocab, text) is None:
            why, law = why_illegal(game, vocab, text)
            msg = _m("SR.legal", lang, option=text, player=_fac(sc, d.player), kind=kind_label(d.kind, lang),
                     options=_options(game, vocab))
            res.fail(pos, msg + "; " + _reason(lang, why, law))
    for text, pos, law in ex.illegal:
        if d is None:
            res.fail(pos, _m("SR.no_decision", lang))
            break
        if match_option(game, vocab, text) is not None:
            res.fail(pos, _m("SR.illegal", lang, option=text, player=_fac(sc, d.player), kind=kind_label(d.kind, lang)))
            continue
        why, got = why_illegal(game, vocab, text)
        res.notes.append(f"{text}: {_reason(lang, why, got)}")
        if law is not None and _law_text(got) is not None and fold(law) not in fold(_law_text(got)):
            res.fail(pos, _m("SR.illegal_reason", lang, option=text, expected=law, got=_law_text(got)))
    nd = ex.next_decision
    if nd is not None:
        if isinstance(nd, tuple):
            if d is not None:
                res.fail(nd[1], _m("SR.decision_expected_none", lang, player=_fac(sc, d.player), kind=kind_label(d.kind, lang)))
        elif d is None:
            res.fail(nd["pos"], _m("SR.no_decision", lang))
        else:
            if "player" in nd and nd["player"][0] != d.player:
                res.fail(nd["player"][1], _m("SR.player", lang, expected=_fac(sc, nd["player"][0]),
                                             got=_fac(sc, d.player)))
            if "decision" in nd and nd["decision"][0] != d.kind:
                res.fail(nd["decision"][1], _m("SR.kind", lang, expected=kind_label(nd["decision"][0], lang),
                                               got=kind_label(d.kind, lang)))
            if "options" in nd:
                texts, op = nd["options"]
                hit = set()
                ok = True
                for t, tp in texts:
                    i = match_option(game, vocab, t)
                    if i is None:
                        ok = False
                    else:
                        hit.add(i)
                if not ok or len(hit) != len(d.options):
                    res.fail(op, _m("SR.options", lang, expected=", ".join(str(t) for t, _ in texts),
                                    got=_options(game, vocab)))
            if "law" in nd:
                want, lp = nd["law"]
                got = _law_text(d.law)
                if got is None or fold(want) not in fold(got):
                    res.fail(lp, _m("SR.law", lang, expected=want, got=got or "-"))
    for sp, spec in ex.pieces.items():
        here = s.board.get(sp, {})
        if spec is EMPTY:
            for kind, n in sorted(here.items()):
                if n:
                    res.fail(None, _m("SR.pieces", lang, space=vocab.name("space", sp),
                                      piece=vocab.piece_name(kind), expected=0, got=n))
            continue
        for key, (n, pos) in spec.items():
            if len(key) == 3:
                # which faces lie under the pieces on their back
                _, back, kind = key
                got = s.identities(sp, back).get(kind, 0) if back in g.hidden_backs else here.get(back, 0)
                label = f"{vocab.piece_name(back)}: {vocab.piece_name(kind)}"
            else:
                # a piece named without states counts them all; "PEÇA ESTADO" those with exactly that state
                kind, bits = key
                got = s.zone_split(sp, kind).get(bits, 0) if bits else here.get(kind, 0)
                label = vocab.piece_state_name(kind, bits)
            if got != n:
                res.fail(pos, _m("SR.pieces", lang, space=vocab.name("space", sp),
                                 piece=label, expected=n, got=got))
    for kind, (n, pos) in ex.supply.items():
        got = s.supply.get(kind, 0)
        if got != n:
            res.fail(pos, _m("SR.supply", lang, piece=vocab.piece_name(kind), expected=n, got=got))
    for key, kinds in ex.zone_pieces.items():
        here = s.piece_zones.get(key, {})
        if kinds is EMPTY:
            for kind in sorted(here):
                for bits, got in sorted(s.zone_split(key, kind).items()):
                    res.fail(None, _m("SR.zone_pieces", lang, zone=_zone_label(vocab, key),
                                      piece=vocab.piece_state_name(kind, bits), expected=0, got=got))
            continue
        for (kind, bits), (n, pos) in kinds.items():
            # a piece named without states counts the pieces that have none; "PEÇA ESTADO"
            # those with exactly that state
            got = s.zone_split(key, kind).get(bits, 0)
            if got != n:
                res.fail(pos, _m("SR.zone_pieces", lang, zone=_zone_label(vocab, key),
                                 piece=vocab.piece_state_name(kind, bits), expected=n, got=got))
    for key, (n, pos) in ex.counters.items():
        got = s.counters.get(key, 0)
        if got != n:
            f, cid = (key.split(":", 1) + [""])[:2] if ":" in key else (None, key)
            other = None
            if "@" in cid:                      # a per-faction counter: "relação@marqueses"
                cid, other = cid.split("@", 1)
            names = vocab.display.get("counter", {})
            if cid not in names and f is not None and f"{f}.{cid}" in names:
                cid = f"{f}.{cid}"
            if cid not in names:
                cid = next((c for c in names if c.split(".")[-1] == cid.split(".")[-1]), cid)
            label = vocab.name("counter", cid)
            if other is not None:
                label = f"{label} ({_fac(sc, other)})"
            from ..interpreter import small_forms as _small
            vals = _small.typed_of_key(g, key)
            if vals is not None:
                # a typed counter (N8): its values by name, "nada" for no value
                def shown(x):
                    v = _small.decode(vals, x)
                    return "-" if v is None else vocab.name("faction" if v in g.factions else "enumval", v)
                n, got = shown(n), shown(got)
            res.fail(pos, _m("SR.counter", lang, counter=label,
                             faction=_fac(sc, f), expected=n, got=got))
    for key, ((how, val), pos) in ex.cards.items():
        here = [s.card_defs[c] for c in s.zones.get(key, [])]
        names = ", ".join(vocab.name("card", c) for c in here)
        if how == "count":
            if len(here) != val:
                res.fail(pos, _m("SR.cards_count", lang, zone=_zone_label(vocab, key), expected=val,
                                 got=len(here), cards=names))
        elif Counter(here) != Counter(val):
            res.fail(pos, _m("SR.cards", lang, zone=_zone_label(vocab, key),
                             expected=", ".join(vocab.name("card", c) for c in val), got=names))
    if ex.winner is not False:
        got = game.winners()
        want = [] if ex.winner is None else list(ex.winner) if isinstance(ex.winner, list) else [ex.winner]
        if sorted(got) != sorted(want):
            res.fail(ex.winner_pos, _m("SR.winner", lang, expected=", ".join(_fac(sc, f) for f in want) or _fac(sc, None),
                                       got=", ".join(_fac(sc, f) for f in got) or _fac(sc, None)))
    if ex.game_over is not None:
        want, pos = ex.game_over
        if want is not None and game.is_terminal() != want:
            yn = lambda b: _m("SW.yes" if b else "SW.no", lang)  # noqa: E731
            res.fail(pos, _m("SR.game_over", lang, expected=yn(want), got=yn(game.is_terminal())))
    if ex.active is not None and ex.active[0] != s.active:
        res.fail(ex.active[1], _m("SR.active", lang, expected=_fac(sc, ex.active[0]), got=_fac(sc, s.active)))
    if ex.phase is not None and ex.phase[0] != s.phase:
        res.fail(ex.phase[1], _m("SR.phase", lang, expected=vocab.name("phase", ex.phase[0]),
                                 got=vocab.name("phase", s.phase)))
    if ex.round is not None and ex.round[0] != s.round:
        res.fail(ex.round[1], _m("SR.round", lang, expected=ex.round[0], got=s.round))


def _zone_label(vocab, key):
    if ":" in key:
        f, z = key.split(":", 1)
        return f"{vocab.name('zone', z)} ({vocab.name('faction', f)})"
    if "." in key:
        f, z = key.split(".", 1)
        return f"{vocab.name('zone', z)} ({vocab.name('faction', f)})"
    return vocab.name("zone", key)


# ---------------------------------------------------------------------------------------------
# files and the command line

def scenario_files(paths) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for dirpath, dirnames, filenames in os.walk(p):
                dirnames.sort()
                for fn in sorted(filenames):
                    if fn.endswith((".yaml", ".yml")):
                        out.append(os.path.join(dirpath, fn))
        else:
            out.append(p)
    return out


def run_files(paths, lang: str | None = None, out=None, verbose: bool = False, err=None) -> int:
    """Run every scenario of the files (folders are searched for .yaml); print PT/ES results.
    Returns 0 when all pass, 1 when a scenario fails or a file is bad. A file that cannot be
    read is reported on `err` (stderr by default; `out` when only `out` is given)."""
    err = err or out or sys.stderr
    out = out or sys.stdout
    status = 0
    total = passed = 0
    summary_lang = lang
    for path in scenario_files(paths):
        if not os.path.exists(path):
            d = Diagnostics(lang or "pt")
            d.add("S025", None, lang or "pt", path=path)
            print(d.items[0].render(lang), file=err)
            status = 1
            continue
        try:
            scs = load_scenarios(path, lang)
        except RulesError as exc:
            for dg in exc.diagnostics:
                print(dg.render(lang), file=err)
            status = 1
            continue
        flang = lang or (scs[0].lang if scs else "pt")
        if summary_lang is None:
            summary_lang = flang
        print(path, file=out)
        for sc in scs:
            try:
                r = run_scenario(sc)
            except Exception as exc:  # noqa: BLE001 - never a traceback
                r = Result(sc)
                r.fail(sc.pos, _m("SR.crash", flang, when="", error=_exc(exc)))
            total += 1
            if r.ok:
                passed += 1
            else:
                status = 1
            print(r.render(flang, verbose), file=out)
    if total:
        print(_m("SW.summary", summary_lang or "pt", n=total, ok=passed, failed=total - passed), file=out)
    return status


def register(subparsers, lang: str = "pt") -> None:
    """Add `scenario` (aliases cenario, cenário, escenario) to an argparse subparsers object."""
    p = subparsers.add_parser("scenario", aliases=["cenario", "cenário", "escenario"],
                              help=_m("SW.help", lang), description=_m("SW.help", lang))
    _args(p, lang)
    p.set_defaults(func=lambda a: run_files(a.files, a.lang, verbose=a.verbose))


def _args(p, lang):
    p.add_argument("files", metavar="FILE", nargs="+", help=_m("SW.help_files", lang))
    p.add_argument("--lang", default=None, choices=("pt", "es"), help=_m("SW.help_lang", lang))
    p.add_argument("-v", "--verbose", action="store_true", help=_m("SW.help_verbose", lang))


def main(argv=None) -> int:
    """`python -m rulesdsl.scenario FILE...` (the same as `rulesdsl scenario FILE...`)."""
    lang = "es" if os.environ.get("LANG", "").lower().startswith("es") else "pt"
    p = argparse.ArgumentParser(prog="rulesdsl scenario", description=_m("SW.help", lang))
    _args(p, lang)
    a = p.parse_args(argv)
    try:
        return run_files(a.files, a.lang, verbose=a.verbose)
    except BrokenPipeError:
        return 0


def _faction_spaces(vocab, seated) -> list:
    """The spaces the seated factions bring to the map (N10)."""
    g = getattr(vocab, "g", None)
    fs = getattr(g, "faction_spaces", None) or {}
    return [sp for f in (seated or ()) for sp in fs.get(f, ())]


if __name__ == "__main__":
    sys.exit(main())
