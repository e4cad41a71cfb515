"""`rulesdsl reproduzir|reproducir|replay ARQ --html PÁGINA`: a saved game (or a log of
`jogar --log`) as one static page that steps through it on the board (replay.py)."""
from __future__ import annotations

import os

from ..errors import format_message


def _m(code, lang, **kw):
    return format_message(code, lang, kw)


def register(sub, lang, command, opt, lang_opt, json_opt):
    h = lambda key: _m("CLI.h." + key, lang)  # noqa: E731
    r = command("replay", "reproduzir", "reproducir", "replay")
    r.add_argument("file", metavar="ARQ", help=h("replay_file"))
    opt(r, "--html", "--html", "--html", dest="html", required=True, metavar="ARQ", help=h("replay_html"))
    opt(r, "--ruleset", ["--regras"], ["--reglas"], dest="ruleset", default=None, metavar="DIR",
        help=h("replay_ruleset"))
    lang_opt(r)
    r.set_defaults(func=cmd_replay)


def read_text(path):
    from ..cli import CliError
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError("CLI094", path=path, reason=getattr(exc, "strerror", None) or str(exc)) from None


def ruleset_of(saved: dict, given, path: str) -> str:
    """The ruleset a saved game is played with: `--regras`, else the one the file names (its
    folder, or a ruleset shipped with rulesdsl whose name is the game's)."""
    from ..cli import CliError
    from ..environment import resolve_ruleset
    from ..errors import fold
    if given:
        return given
    for cand in (saved.get("ruleset"), saved.get("name")):
        if not cand:
            continue
        for c in (str(cand), fold(str(cand))):
            if os.path.isdir(resolve_ruleset(c)):
                return resolve_ruleset(c)
    raise CliError("CLI090", path=path, name=saved.get("name") or "-")


def load_saved(path, given_ruleset, user_lang):
    """(gdef, saved, lang) of a saved game or log, each failure a localized CliError."""
    from ..cli import CliError, _load, _game_lang
    from .replay import ReplayError, read_game
    text = read_text(path)
    try:
        saved = read_game(text)
    except ReplayError as exc:
        raise CliError(exc.code, path=path, **exc.args_) from None
    gdef = _load(ruleset_of(saved, given_ruleset, path), user_lang)
    return gdef, saved


def cmd_replay(args) -> int:
    import sys
    from ..cli import CliError, _game_lang, write_atomic
    from .replay import ReplayError, replay_html
    gdef, saved = load_saved(args.file, args.ruleset, args.user_lang)
    lang = args.cli_lang = _game_lang(args, gdef)
    try:
        page = replay_html(gdef, saved, lang)
    except ReplayError as exc:
        raise CliError(exc.code, path=args.file, **exc.args_) from None
    write_atomic(args.html, page)
    n = len(saved["game"]["history"])
    print(_m("VW.written", lang, path=args.html, n=n + 1), file=sys.stderr)
    return 0


def register_serve(sub, lang, command, opt, lang_opt):
    h = lambda key: _m("CLI.h." + key, lang)  # noqa: E731
    s = command("serve", "servir", "servir", "serve")
    s.add_argument("ruleset", metavar="REGRAS", help=h("ruleset"))
    opt(s, "--factions", ["--faccoes", "--facções"], "--facciones", dest="factions", required=True,
        metavar="A,B", help=h("factions"))
    opt(s, "--seed", "--semente", "--semilla", dest="seed", type=int, default=0, metavar="N", help=h("seed"))
    opt(s, "--agents", "--agentes", "--agentes", dest="agents", default=None, metavar="A,B", help=h("serve_agents"))
    opt(s, "--map", "--mapa", "--mapa", dest="map", default=None, metavar="ID", help=h("map"))
    opt(s, "--port", "--porta", "--puerto", dest="port", type=int, default=8000, metavar="N", help=h("serve_port"))
    opt(s, "--save", "--salvar", "--guardar", dest="save", default=None, metavar="ARQ", help=h("save"))
    lang_opt(s)
    s.set_defaults(func=cmd_serve, deck=None, setup=None, landmarks=None, hirelings=False)


def build_table(args):
    """(table, lang): the game of `servir` and its agents (all human unless --agentes)."""
    from ..cli import CliError, _agents, _game_args, _check_writable
    from ..environment import resolve_ruleset
    from ..interpreter.agents import HumanAgent
    from ..interpreter.engine import Game, RulesetError
    from .. import savegame
    from .server import Table
    gdef, lang, factions, map_id = _game_args(args)
    agents = _agents(args.agents or "humano", factions, args.seed, lang)
    humans = [f for f, a in agents.items() if isinstance(a, HumanAgent)]
    if not humans:
        raise CliError("CLI096")
    try:
        game = Game(gdef, factions, args.seed, map_id=map_id, lang=lang, observe=humans)
    except RulesetError as exc:
        raise CliError("CLI013", n=0, seed=args.seed, error=str(exc)) from None
    save = None
    if args.save:
        _check_writable(args.save)
        save = savegame.saver(args.save, resolve_ruleset(args.ruleset), args.agents or "humano", lang)
    return Table(game, agents, lang, save=save), lang


def cmd_serve(args) -> int:
    import sys
    from .server import serve
    table, lang = build_table(args)
    server = serve(table, "127.0.0.1", args.port)
    host, port = server.server_address[:2]
    print(_m("SV.listening", lang, url=f"http://{host}:{port}/"), file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def register_print(sub, lang, command, opt, lang_opt):
    h = lambda key: _m("CLI.h." + key, lang)  # noqa: E731
    p = command("print", "imprimir", "imprimir", "print")
    p.add_argument("ruleset", metavar="REGRAS", help=h("ruleset"))
    opt(p, "--out", ["--saida", "--saída"], "--salida", dest="out", required=True, metavar="PASTA", help=h("print_out"))
    lang_opt(p)
    p.set_defaults(func=cmd_print)


def cmd_print(args) -> int:
    import sys
    from ..cli import CliError, _game_lang, _load, write_atomic
    from .printing import print_all
    gdef = _load(args.ruleset, args.user_lang)
    lang = args.cli_lang = _game_lang(args, gdef)
    pages = print_all(gdef, lang)
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        raise CliError("CLI009", path=args.out, reason=os.strerror(20))
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as exc:
        raise CliError("CLI009", path=args.out, reason=exc.strerror or str(exc)) from None
    for name, text in pages.items():
        write_atomic(os.path.join(args.out, name), text)
    print(_m("VW.printed", lang, n=len(pages), path=args.out), file=sys.stderr)
    return 0
