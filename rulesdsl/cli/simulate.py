"""`rulesdsl simular` (simulate): many games, their records (`--saida`), and the table of
results in the user's language (`format_simulation`)."""
from __future__ import annotations

import importlib.util
import json
import sys

from .messages import CliError, _m
from .output import _check_writable
from .resolve import _agents, _cache_wanted, _game_args


def cmd_simulate(args) -> int:
    from ..interpreter.simulate import simulate
    from ..interpreter.describe import game_name
    from ..interpreter.agents import HumanAgent
    from ..interpreter import records as _records
    gdef, lang, factions, map_id = _game_args(args)
    from ..interpreter.seating import seat_ids
    seats = seat_ids(factions) if isinstance(factions, int) else factions
    if args.agents is not None:
        made = _agents(args.agents, seats, args.seed, lang)
        if any(isinstance(a, HumanAgent) for a in made.values()):
            # a person cannot sit through thousands of games, and the prompts would corrupt
            # `--json` and the progress bar
            raise CliError("CLI025")
    writer = None
    if args.out:
        _check_writable(args.out)
        try:
            _records.format_of(args.out)
        except _records.FormatUnknown:
            raise CliError("CLI026", path=args.out, formats=", ".join(sorted(_records.FORMATS))) from None
        except _records.ParquetMissing:
            raise CliError("CLI027", path=args.out) from None
    if args.address is not None and args.executor != "dask":
        raise CliError("CLI076")
    if args.executor == "dask" and importlib.util.find_spec("distributed") is None:
        raise CliError("CLI075")
    run = {"map": map_id or gdef.default_map, "deck": args.deck_id or gdef.default_deck}
    try:
        if args.out:
            from .. import safeio
            try:
                # drafted seats: a score column for every faction a seat may take
                writer = _records.RecordWriter(args.out, list(gdef.factions) if isinstance(factions, int) else factions)
            except safeio.SymlinkTarget:
                raise CliError("CLI022", path=args.out) from None
        r = simulate(args.ruleset, factions, args.games, args.seed, args.workers, rotate=not args.no_rotate,
                     agents=args.agents, max_decisions=args.max_decisions, lang=lang, map_id=map_id,
                     deck_id=args.deck_id, invariants=args.invariants, gdef=gdef, setup_id=args.setup_id,
                     landmarks=args.landmarks_pick,
                     hirelings="deal" if getattr(args, "hirelings", False) else None,
                     options=args.options_chosen,
                     cache=_cache_wanted(args), on_game=(lambda res: writer.add(_records.record(res, run))) if writer else None,
                     executor=None if args.executor == "local" else args.executor, address=args.address)
    except (OSError, TimeoutError) as exc:
        if writer is not None:
            writer.discard()
        if args.executor != "dask":
            raise
        raise CliError("CLI077", address=args.address or "LocalCluster", error=str(exc) or type(exc).__name__) from None
    except BaseException:
        if writer is not None:
            writer.discard()
        raise
    if writer is not None:
        # also after Ctrl-C: the file holds the games that finished
        writer.close()
    if args.json:
        print(json.dumps(r, ensure_ascii=False, sort_keys=True, indent=2))
    else:
        print(format_simulation(r, gdef, lang, game_name(gdef, lang)))
    if writer is not None and not args.json:
        print(_m("CLI.sim.records", lang, path=args.out, n=writer.count), file=sys.stderr)
    if r.get("interrupted"):
        return 130
    # a game that broke (an exception, a rules loop, an invariant) or stopped on a rule that
    # could not be carried out (stuck) fails the command, so a script or CI job notices
    return 1 if r["errors"] or r.get("stuck") else 0


def format_simulation(r: dict, gdef, lang: str, game: str) -> str:
    """The `simular` table, in `lang`: names in that language, percentages and decimals written
    as the language writes them (CLDR, rulesdsl/i18n.py)."""
    from ..i18n import decimal, percent
    fname = lambda f: gdef.rs.name("faction", f, lang)  # noqa: E731
    pct = lambda x: percent(x, lang)  # noqa: E731
    seconds, rate = r.get("seconds"), r.get("games_per_second")
    lines = [_m("CLI.sim.title", lang, games=r["games"], game=game,
                factions=", ".join(fname(f) for f in r["factions"]), seed=r["seed"], workers=r["workers"],
                seconds=decimal(seconds, lang, 1) if isinstance(seconds, (int, float)) else seconds,
                rate=decimal(rate, lang, 1) if isinstance(rate, (int, float)) else rate)]
    if r.get("interrupted"):
        lines.append(_m("CLI.sim.interrupted", lang, done=r.get("finished", 0), games=r["games"]))
    by = r.get("agents_by_faction") or {}
    if by:
        lines.append(_m("CLI.sim.agents", lang, agents=", ".join(f"{fname(f)}: {by[f]}" for f in r["factions"] if f in by)))
    by_seat = r.get("agents_by_seat") or {}
    if by_seat:
        # drafted seats (Law A.8): the agents sit at seats, not at factions
        lines.append(_m("CLI.sim.agents", lang, agents=", ".join(
            f"{_m('CLI.sim.seat_id', lang, n=i + 1)}: {a}" for i, a in enumerate(by_seat.values()))))
    width = max([len(fname(f)) for f in r["factions"]] + [12])

    def row(label, w):
        lo, hi = w["ci95"]
        return f"  {label:<{width}}  {pct(w['rate']):>7}  [{pct(lo)}; {pct(hi)}]  ({w['wins']}/{w['games']})"

    lines.append(_m("CLI.sim.by_faction", lang))
    for f in r["factions"]:
        lines.append(row(fname(f), r["win_rate"][f]))
    if (r.get("rotate") or by_seat) and len(r["factions"]) > 1:
        lines.append(_m("CLI.sim.by_seat", lang))
        for seat, w in r["seat_win_rate"].items():
            lines.append(row(_m("CLI.sim.seat", lang, n=seat), w))
    nw = r["no_winner"]
    lines.append(_m("CLI.sim.no_winner", lang, rate=pct(nw["rate"]), lo=pct(nw["ci95"][0]), hi=pct(nw["ci95"][1]),
                    count=nw["games"], n=r["completed"]))
    lines.append(_m("CLI.sim.scores", lang, scores=", ".join(f"{fname(f)} {decimal(v, lang, 2)}"
                                                            for f, v in r["mean_scores"].items())))
    lines.append(_m("CLI.sim.length", lang, rounds=decimal(r["mean_rounds"], lang, 2),
                    turns=decimal(r["mean_turns"], lang, 2), decisions=decimal(r["mean_decisions"], lang, 1)))
    if r.get("unfinished"):
        lines.append(_m("CLI.sim.unfinished", lang, count=r["unfinished"]))
    if r.get("stuck"):
        lines.append(_m("CLI.sim.stuck", lang, count=r["stuck"]))
    lines.append(_m("CLI.sim.errors", lang, count=len(r["errors"])))
    for e in r["errors"][:20]:
        lines.append(_m("CLI.sim.error_line", lang, game=e["game"], seed=e["seed"],
                        factions=", ".join(fname(f) for f in e["factions"]), error=e["error"]))
    return "\n".join(lines)
