"""A replayed game on file: the engine's `Game.save()` and the card swaps the replay made
(cards.py), each at its point of the history, so loading gives back the same game."""
from __future__ import annotations

from ..interpreter.engine import Game, RulesetError
from . import cards as _cards
from . import repair as _repair

FORMAT = "rulesdsl-rootlog/1"


class SavedError(Exception):
    pass


def to_saved(rp, res) -> dict:
    return {"format": FORMAT, "game": res.game.save(),
            "swaps": [list(x) for x in rp.swaps],
            "corrections": [{"pos": c.pos, "line": c.line, "action": c.raw, "class": c.klass,
                             "edits": c.edits} for c in getattr(rp, "corrections", ())],
            "seats": res.seats, "stopped": res.stop is not None}


def load_saved(gdef, data: dict, log: bool = False) -> Game:
    """A game from `to_saved` (or a plain `Game.save()` dictionary)."""
    if not isinstance(data, dict):
        raise SavedError("not a JSON object")
    swaps, fixes = [], []
    if data.get("format") == FORMAT:
        swaps = [tuple(x) for x in data.get("swaps") or ()]
        fixes = list(data.get("corrections") or ())
        data = data.get("game")
        if not isinstance(data, dict):
            raise SavedError("no 'game'")
    for k in ("factions", "history"):
        if k not in data:
            raise SavedError(f"no '{k}'")
    if data.get("ruleset") not in (None, gdef.rs.hash):
        raise SavedError("ruleset hash differs")
    try:
        game = Game(gdef, data["factions"], data.get("seed", 0), data.get("map"), data.get("deck"),
                    log=log, chance=data.get("chance"), setup=data.get("setup"))
        hist = list(data["history"])
        k = len(game.history)
        for oid in hist[k:]:
            _at(game, k, swaps, fixes)
            game.apply_id(str(oid))
            k = len(game.history)
        _at(game, k, swaps, fixes)
    except (RulesetError, ValueError, KeyError, TypeError, IndexError) as exc:
        raise SavedError(str(exc)) from None
    return game


def _at(game, k, swaps, fixes):
    """The card swaps, then the referee's corrections (repair.py), made at history point k."""
    for pos, a, b in swaps:
        if pos == k:
            _cards.swap(game, a, b)
    for c in fixes:
        if c["pos"] == k:
            _repair.apply(game, [list(e) for e in c["edits"]],
                          {"line": c.get("line"), "action": c.get("action"), "class": c.get("class")})
