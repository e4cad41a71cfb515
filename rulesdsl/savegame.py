"""`jogar --salvar ARQ` / `--retomar ARQ`: a game on file, to stop and go on later.

The file is JSON: `{"format": "rulesdsl-partida/1", "ruleset_path": ..., "name": ...,
"agents": "human,random", "game": Game.save()}` — the seats, the seed, the map, the deck, the
setup and the id of every option chosen so far. Going on replays those choices on the engine
(the same seed gives the same game) and asks the next question. `reproduzir` reads the same
file (rulesdsl/view/replay.py). Written atomically before each question to a human and when
the game stops, so quitting (`q`) or a closed terminal loses nothing.
"""
from __future__ import annotations

import json
import os
import sys

from .view.replay import SAVE_FORMAT


def record(game, ruleset_path: str, agents_spec, lang: str) -> dict:
    from .interpreter.describe import game_name
    return {"format": SAVE_FORMAT, "ruleset_path": os.path.abspath(ruleset_path),
            "name": game_name(game.g, lang), "agents": agents_spec, "game": game.save()}


def read(path: str) -> dict:
    """The saved game in `path` (the `read_game` form), each failure a localized CliError."""
    from .cli import CliError
    from .view.cli import read_text
    from .view.replay import ReplayError, read_game
    try:
        saved = read_game(read_text(path))
    except ReplayError as exc:
        raise CliError(exc.code, path=path, **exc.args_) from None
    return saved


def apply_resume(args, saved: dict) -> dict:
    """Take the seats, seed, map, deck and setup of the saved game (refusing options that
    would say otherwise, CLI095); returns the keyword arguments for `Game`."""
    from .cli import CliError
    g = saved["game"]
    if any(getattr(args, k, None) for k in ("factions", "map", "deck", "setup", "landmarks", "hirelings", "rule_options")):
        raise CliError("CLI095")
    f = g["factions"]
    args.factions = str(f) if isinstance(f, int) else ",".join(f)
    args.seed = int(g.get("seed", 0))
    args.map, args.deck, args.setup = g.get("map"), g.get("deck"), g.get("setup")
    if args.agents is None and saved.get("agents"):
        args.agents = saved["agents"]
    return {"landmarks": g.get("landmarks"), "hirelings": g.get("hirelings"), "options": g.get("options")}


def replay_history(game, saved: dict, path: str) -> None:
    from .cli import CliError
    from .view.replay import ReplayError, steps
    if saved["game"].get("ruleset") not in (None, game.g.rs.hash):
        raise CliError("CLI092", path=path)
    try:
        for _ in steps(game, saved):
            pass
    except ReplayError as exc:
        raise CliError(exc.code, path=path, **exc.args_) from None


def saver(path: str, ruleset_path: str, agents_spec, lang: str):
    """fn(game, loud=False): write the game to `path` (loud: and say so)."""
    from .cli import write_atomic
    from .errors import format_message

    def save(game, loud: bool = False):
        write_atomic(path, json.dumps(record(game, ruleset_path, agents_spec, lang), ensure_ascii=False,
                                      indent=1) + "\n")
        if loud:
            print(format_message("GM.h.saved", lang, {"path": path}), file=sys.stderr, flush=True)
    return save


def rewind_logs(game, logs) -> None:
    """After an undo the game's event list is shorter: the logs go on from where it is now."""
    from .interpreter.observation import ViewLog, _view_of
    for lg in logs:
        if isinstance(lg, ViewLog):
            lg.view = _view_of(game, lg.faction)
            lg._drained = min(lg._drained, len(lg.view.events))
        else:
            lg._seen = min(lg._seen, len(game.log))
            lg._pending = None
