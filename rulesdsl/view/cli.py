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
