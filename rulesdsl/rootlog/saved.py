"""A replayed game on file: the engine's `Game.save()` and the card swaps the replay made
(cards.py), each at its point of the history, so loading gives back the same game."""
from __future__ import annotations

from ..interpreter.engine import Game, RulesetError
from . import cards as _cards

FORMAT = "rulesdsl-rootlog/1"


class SavedError(Exception):
    pass


def to_saved(rp, res) -> dict:
    return {"format": FORMAT, "game": res.game.save(),
            "swaps": [list(x) for x in rp.swaps],
            "seats": res.seats, "stopped": res.stop is not None}


def load_saved(gdef, data: dict, log: bool = False) -> Game:
    """A game from `to_saved` (or a plain `Game.save()` dictionary)."""
    if not isinstance(data, dict):
        raise SavedError("not a JSON object")
    swaps = []
    if data.get("format") == FORMAT:
        swaps = [tuple(x) for x in data.get("swaps") or ()]
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
            for pos, a, b in swaps:
                if pos == k:
                    _cards.swap(game, a, b)
            game.apply_id(str(oid))
            k = len(game.history)
        for pos, a, b in swaps:
            if pos == k:
                _cards.swap(game, a, b)
    except (RulesetError, ValueError, KeyError, TypeError) as exc:
        raise SavedError(str(exc)) from None
    return game
