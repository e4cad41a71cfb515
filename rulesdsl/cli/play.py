"""`rulesdsl jogar` (jugar, play): one game with its agents, narrated in the user's language,
with its logs (`--log`, `--log-for`), saved and resumed (`--salvar`, `--retomar`)."""
from __future__ import annotations

import json
import os
import sys
import traceback

from .messages import CliError, _m
from .output import _check_writable, write_atomic
from .resolve import _agents, _game_args, match_name


def cmd_play(args) -> int:
    from ..interpreter.engine import Game
    from ..interpreter.agents import HumanAgent, play, summary
    from ..interpreter.describe import EventLog, describe_event
    from .. import savegame
    saved = resume_kw = None
    if args.resume:
        saved = savegame.read(args.resume)
        resume_kw = savegame.apply_resume(args, saved)
    gdef, lang, given, map_id = _game_args(args)
    if resume_kw is not None:
        args.landmarks_pick = resume_kw["landmarks"]
        args.options_chosen = resume_kw.get("options")
    # a number of seats (A.8 draft, or factions dealt in the setup): the agents sit at `seat1`,
    # `seat2`... (seating.py), and one waits for every faction a seat may take
    from ..interpreter.seating import seat_ids
    factions = seat_ids(given) + list(gdef.factions) if isinstance(given, int) else given
    agents = _agents(args.agents, factions, args.seed, lang)
    humans = [f for f, a in agents.items() if isinstance(a, HumanAgent)]
    if args.log:
        _check_writable(args.log)
    views = _views_wanted(gdef, args, factions, lang)
    narrate = not args.json and not args.quiet
    viewer = humans[0] if len(humans) == 1 else None
    # one human at the table: the narration is that player's view of the game
    narrate_view = narrate and viewer is not None
    logging = bool(args.log) or (narrate and not narrate_view)
    observe = [f for f, _ in views] + ([viewer] if narrate_view else [])
    from ..interpreter.runtime import RulesLoop
    try:
        game = Game(gdef, given, args.seed, map_id=map_id, deck_id=args.deck_id, lang=lang, log=logging,
                    observe=observe or None, setup=args.setup_id, landmarks=args.landmarks_pick,
                    hirelings=resume_kw["hirelings"] if resume_kw is not None else
                    "deal" if getattr(args, "hirelings", False) else None, options=args.options_chosen)
        if saved is not None:
            savegame.replay_history(game, saved, args.resume)
    except RulesLoop as exc:     # the setup itself loops
        raise _rules_loop(exc, 0, args.seed, lang) from None
    save = None
    if args.save:
        _check_writable(args.save)
        from ..environment import resolve_ruleset
        save = savegame.saver(args.save, resolve_ruleset(args.ruleset), args.agents or "random", lang)
        for a in humans:
            agents[a].saver = save

    def sink(rec):
        print(rec["texto"], flush=bool(humans))

    from ..interpreter.observation import ViewLog
    elog = EventLog(game, lang, sink=sink if narrate and not narrate_view else None) if logging else None
    vlogs = [(f, path, ViewLog(game, f, lang)) for f, path in views]
    logs = ([elog] if elog is not None else []) + [v for _, _, v in vlogs]
    if narrate_view:
        logs.append(ViewLog(game, viewer, lang, sink=sink))
    for lg in logs:
        lg.start(agents=[agents[f].name for f in (game.s.seats if isinstance(given, int) else factions)])

    def before(i):
        for lg in logs:
            lg.before(i)

    def after():
        for lg in logs:
            lg.drain()
    try:
        stopped = play(game, agents, max_decisions=args.max_decisions,
                       before=before if logs else None, after=after if logs else None,
                       undone=lambda: savegame.rewind_logs(game, logs))
    except BrokenPipeError:
        raise    # the reader went away (`| head`): not a failure of the game
    except RulesLoop as exc:
        raise _rules_loop(exc, game.decisions, args.seed, lang) from None
    except Exception as exc:  # noqa: BLE001 - a rules bug is reported, not a traceback
        if os.environ.get("RULESDSL_DEBUG"):
            traceback.print_exc()
        raise CliError("CLI013", n=game.decisions, seed=args.seed, error=f"{type(exc).__name__}: {exc}") from None
    result = summary(game, stopped)
    if save is not None:
        save(game, loud=stopped == "quit")
    for lg in logs:
        lg.end(result)
    if args.log:
        write_atomic(args.log, elog.text())
    for f, path, vlog in vlogs:
        write_atomic(path, vlog.text())
    if args.json:
        print(json.dumps(result, ensure_ascii=False, sort_keys=True))
    elif not narrate:
        print(describe_event(game, dict(result, t="end"), lang))
    if args.log and not args.json:
        print(_m("CLI.p.log_written", lang, path=args.log, n=len(elog.records)), file=sys.stderr)
    if not args.json:
        for f, path, vlog in vlogs:
            print(_m("CLI.p.view_written", lang, faction=gdef.rs.name("faction", f, lang), path=path,
                     n=len(vlog.records)), file=sys.stderr)
    return 0


def _rules_loop(exc, n: int, seed, lang: str) -> CliError:
    """A game stopped at one of the engine's bounds (runtime.RulesLoop): what went round, the
    rule's paragraph when known, and the seed that reproduces it."""
    from ..i18n import decimal
    from ..interpreter.runtime import MAX_REPEAT
    why = _m("CLI.loop." + exc.why, lang, bound=decimal(exc.n, lang), limit=decimal(MAX_REPEAT, lang))
    where = _m("CLI.loop.where", lang, law=exc.law) if exc.law else ""
    return CliError("CLI023", n=n, seed=seed, where=where, why=why)


def _views_wanted(gdef, args, factions, lang) -> list:
    """[(faction, file)] of `--log-for FACTION FILE` (any spelling of a seated faction)."""
    out = []
    seen = {os.path.abspath(args.log)} if args.log else set()
    for spec, path in args.log_for or []:
        f = match_name(gdef, "faction", factions, spec)
        if f is None:
            known = ", ".join(f"{gdef.rs.name('faction', i, lang)} ({i})" for i in factions)
            raise CliError("CLI019", name=spec, known=known)
        if os.path.abspath(path) in seen:
            raise CliError("CLI020", path=path)
        seen.add(os.path.abspath(path))
        _check_writable(path)
        out.append((f, path))
    return out
