"""JSON Lines: `EventLog` turns a game's `log` (and the decisions taken) into records, one per
event, each with its `texto` in the chosen language; `dumps` writes one line (sorted keys, no
clock: the bytes depend only on the game's parameters and choices)."""
from __future__ import annotations

import json

from ..runtime import DONE, PASS
from .decisions import _prompt_key, describe_option, describe_prompt
from .events import describe_event
from .names import game_name


def dumps(record: dict) -> str:
    """One log line: sorted keys, no spaces, UTF-8 kept readable; stable across runs."""
    return json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_plain)


def _plain(v):
    if isinstance(v, (set, frozenset)):
        return sorted(_plain(x) if not isinstance(x, (str, int)) else x for x in v)
    if isinstance(v, tuple):
        return list(v)
    if v is PASS or v is DONE:
        return repr(v).lower()
    return str(v)


class EventLog:
    """Collects the records of one game as it is played.

        log = EventLog(game, "pt")          # the game was made with log=True
        log.start(extra)                    # a header record
        ... before game.apply(i): log.before(i) ... after: log.drain()
        log.end(summary)
        text = log.text()                   # JSON Lines

    `sink(record)` is called with each record as it is made (narration)."""

    def __init__(self, game, lang: str, sink=None, viewer=None):
        self.game = game
        self.lang = lang
        self.records: list[dict] = []
        self.sink = sink
        self.viewer = viewer
        self._seen = 0
        self._pending = None   # (decision, index) of the decision being applied

    def _add(self, rec: dict) -> None:
        rec["seq"] = len(self.records)
        rec["texto"] = describe_event(self.game, rec, self.lang)
        self.records.append(rec)
        if self.sink is not None:
            self.sink(rec)

    def start(self, **extra) -> None:
        g = self.game
        rec = {"t": "start", "game": game_name(g.g, self.lang),
               "ruleset": g.g.rs.hash, "factions": list(g.factions), "seed": g.seed,
               "map": g.map_id, "deck": g.deck_id, "lang": self.lang}
        # the setup, landmarks and hirelings (and the seats of a game whose factions are
        # chosen): what a replay of this log needs to make the same game
        rec.update(g.made_with())
        if g.seating is not None:
            rec["seats"] = g.seating
        rec.update(extra)
        self._add(rec)
        self.drain()

    def before(self, index: int) -> None:
        self._pending = (self.game.pending, index)

    def drain(self) -> None:
        log = self.game.log
        while self._seen < len(log):
            ev = dict(log[self._seen])
            self._seen += 1
            if ev.get("t") == "decision" and self._pending is not None:
                d, i = self._pending
                self._pending = None
                ev["options"] = len(d.options)
                ev["index"] = i
                ev["label"] = describe_option(self.game, d, d.options[i], self.lang)
                key, args = _prompt_key(d)
                if key is not None:
                    ev["prompt"] = describe_prompt(self.game, d, self.lang)
            self._add(ev)

    def end(self, summary: dict) -> None:
        self.drain()
        rec = {"t": "end"}
        rec.update(summary)
        self._add(rec)

    def text(self) -> str:
        return "".join(dumps(r) + "\n" for r in self.records)
