"""`rulesdsl rootlog importar|exportar` (ES the same; EN import|export).

  rulesdsl rootlog importar ARQ.rootlog [--regras root] [--saida PARTIDA.json] [--tolerante]
                            [--orcamento N] [--semente N] [--json] [--idioma pt|es]
  rulesdsl rootlog exportar PARTIDA.json [--regras root] [--saida ARQ.rootlog]

importar reads a Rootlog record, replays it (replay.py) and prints a report in the user's
language; with --saida it writes the replayed game (rulesdsl.rootlog.saved format: the engine's
`Game.save()` plus the card swaps). Exit 0 when every turn line replayed, 1 otherwise (or on an
error: a Rootlog syntax error is `CLI065 FILE:LINE:COL`). exportar writes a saved game (or a
game saved by importar) in the notation."""
from __future__ import annotations

import json
import os

from ..errors import format_message


def _m(code, lang, **kw):
    return format_message(code, lang, kw)


def register(sub, lang, command, opt, lang_opt, json_opt):
    h = lambda key: _m("CLI.h." + key, lang)  # noqa: E731
    r = command("rootlog", "rootlog", "rootlog", "rootlog")
    rs = r.add_subparsers(dest="rootlog_command", metavar="importar|exportar")
    rs.required = True

    def ordered(en, pt, es):
        from ..cli import _ordered
        return _ordered(lang, en, pt, es)

    def sub_cmd(en, pt, es, key):
        names = ordered(en, pt, es)
        return rs.add_parser(names[0], aliases=names[1:], help=h(key), description=h(key))

    def ruleset_opt(sp):
        opt(sp, "--ruleset", ["--regras"], ["--reglas"], dest="ruleset", default="root",
            metavar="DIR", help=h("rootlog_ruleset"))

    i = sub_cmd("import", "importar", "importar", "rootlog_import")
    i.add_argument("file", metavar="ARQ", help=h("rootlog_file"))
    ruleset_opt(i)
    opt(i, "--out", ["--saida", "--saída"], "--salida", dest="out", default=None, metavar="ARQ",
        help=h("rootlog_out"))
    opt(i, "--tolerant", "--tolerante", "--tolerante", dest="tolerant", action="store_true",
        help=h("rootlog_tolerant"))
    opt(i, "--budget", ["--orcamento", "--orçamento"], "--presupuesto", dest="budget", type=int,
        default=3000, metavar="N", help=h("rootlog_budget"))
    opt(i, "--seed", "--semente", "--semilla", dest="seed", type=int, default=0, metavar="N", help=h("seed"))
    json_opt(i)
    lang_opt(i)
    i.set_defaults(func=cmd_import)

    e = sub_cmd("export", "exportar", "exportar", "rootlog_export")
    e.add_argument("file", metavar="ARQ", help=h("rootlog_saved"))
    ruleset_opt(e)
    opt(e, "--out", ["--saida", "--saída"], "--salida", dest="out", default=None, metavar="ARQ",
        help=h("rootlog_export_out"))
    lang_opt(e)
    e.set_defaults(func=cmd_export)


def _read(path):
    from ..cli import CliError
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError("CLI068", path=path, reason=getattr(exc, "strerror", None) or str(exc)) from None


def _mapping(ruleset):
    from ..cli import CliError
    from ..environment import resolve_ruleset
    from .mapping import MappingError, load_mapping
    try:
        return load_mapping(resolve_ruleset(ruleset))
    except MappingError as exc:
        raise CliError(exc.code, **exc.args_) from None


def cmd_import(args) -> int:
    from ..cli import CliError, _load, write_atomic
    from .mapping import MappingError
    from .mapping_values import check_mapping
    from .notation import RootlogSyntaxError, parse
    from .replay import Replayer
    from .report import report_text, result_json
    from .saved import to_saved
    lang = args.cli_lang
    text = _read(args.file)
    try:
        rec = parse(text)
    except RootlogSyntaxError as exc:
        raise CliError("CLI065", file=args.file, line=exc.line, col=exc.col,
                       message=_m(exc.code, lang, **exc.args_), text=exc.text) from None
    mp = _mapping(args.ruleset)
    gdef = _load(args.ruleset, None)
    check_mapping(mp, gdef, lang)       # its values name the ruleset's things (mapping_values.py)
    try:
        rp = Replayer(gdef, rec, mp, seed=args.seed, budget=max(1, args.budget),
                      tolerant=args.tolerant, lang=lang)
        res = rp.run()
    except MappingError as exc:
        raise CliError(exc.code, **exc.args_) from None
    except RootlogSyntaxError as exc:
        raise CliError("CLI065", file=args.file, line=exc.line, col=exc.col,
                       message=_m(exc.code, lang, **exc.args_), text=exc.text) from None
    if args.out:
        write_atomic(args.out, json.dumps(to_saved(rp, res), ensure_ascii=False, indent=1) + "\n")
    if args.json:
        print(json.dumps(result_json(rp, res), ensure_ascii=False, sort_keys=True))
    else:
        print(report_text(rp, res, lang, os.path.basename(args.file)))
    return 0 if res.stop is None else 1


def cmd_export(args) -> int:
    from ..cli import CliError, _load, write_atomic
    from .export import export_game
    from .mapping_values import check_mapping
    from .saved import SavedError, load_saved
    lang = args.cli_lang
    text = _read(args.file)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise CliError("CLI069", path=args.file, reason=str(exc)) from None
    mp = _mapping(args.ruleset)
    gdef = _load(args.ruleset, None)
    check_mapping(mp, gdef, lang)
    try:
        game = load_saved(gdef, data, log=True)
    except SavedError as exc:
        raise CliError("CLI069", path=args.file, reason=str(exc)) from None
    out = export_game(game, mp, lang)
    if args.out:
        write_atomic(args.out, out)
    else:
        print(out, end="")
    return 0
