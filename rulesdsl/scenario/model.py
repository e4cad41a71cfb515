"""The model of a scenario: what a file says once read (rulesdsl/scenario/load.py), before it
is played (run.py): a Scenario with its Setup (the position), its Steps (choices and dice) and
their Expects; the Result of running it. Also the message helpers every module of the package
writes its reports with (`_m`, and the designer's spellings of a value, `_words`)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Pos, fold, format_message


def _m(code: str, lang: str, **kw) -> str:
    return format_message(code, lang, kw)


def _words(code: str) -> list[str]:
    """Spellings a designer may write for a value (SV.*), in every language."""
    from ..errors import messages
    out = []
    for text in (messages().get(code) or {}).values():
        out.extend(w.strip() for w in str(text).split(",") if w.strip())
    return out


def _words_lang(code, lang):
    from ..errors import messages
    text = (messages().get(code) or {}).get(lang) or ""
    return text.split(",")[0].strip() or code


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
    attrs: dict = field(default_factory=dict)          # space -> {attr id: (value, pos)}
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
    attrs: dict = field(default_factory=dict)          # space -> {attr id: value} (map changes)
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
