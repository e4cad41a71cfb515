"""The `rulesdsl` command line, in Portuguese and Spanish.

  rulesdsl validar|validate PATH... [--strict] [--json]
  rulesdsl jogar|jugar|play RULESET --faccoes a,b [--semente N] [--agentes random,human]
                                    [--lang pt|es] [--log FILE] [--log-for FACTION FILE]...
                                    [--json] [--mapa ID]
                                    [--max-decisoes N] [--silencioso]
  rulesdsl simular|simulate RULESET --faccoes a,b --partidas N [--semente N] [--processos N] [--json]
  rulesdsl traduzir|traducir|translate FILE --para pt|es [--saida FILE]
  rulesdsl cenario|escenario|scenario FILE...
  (and check-text, coverage, text confirm, from rulesdsl/text/cli.py)

Every command and option has PT and ES spellings. Messages, narration, logs' text and
reports are in the user's language, whatever the ruleset's: `--idioma`/`--lang`, else the
language of the command typed (`jugar`; `validar` and `simular` are both languages), else the
locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); if none of them names a language we speak, the
ruleset's language, else Portuguese (rulesdsl/i18n.py, docs/cli.md). No command shows a Python traceback: anything
unexpected is one localized line and exit status 1 (2 for usage errors, as argparse does);
RULESDSL_DEBUG=1 shows the traceback. Files are written atomically (a temporary file renamed
into place), so a failed command leaves every file as it was.
"""
from __future__ import annotations

import argparse
import contextlib
import errno
import importlib.util
import json
import os
import sys
import traceback

from ..errors import Diagnostic, RulesError, fold, format_message, suggest

LANGS = ("pt", "es")


def _m(code: str, lang: str, **kw) -> str:
    return format_message(code, lang, kw)


class CliError(Exception):
    """A user-facing error: a message code, its arguments and an optional suggestion."""

    def __init__(self, code: str, hint: str | None = None, **args):
        super().__init__(code)
        self.code = code
        self.hint = hint
        self.args_ = args

    def render(self, lang: str) -> str:
        out = f"{_m('CLI.error', lang)} {self.code}: {_m(self.code, lang, **self.args_)}"
        if self.hint:
            out += "\n   = " + _m("CLI.hint", lang, hint=self.hint)
        return out


# ---------------------------------------------------------------------------------------------
# language of the command line

# spellings that belong to one language only (`validar`, `simular`, `--agentes` are both)
_ES_WORDS = {"jugar", "traducir", "escenario", "--facciones", "--semilla", "--salida", "--procesos",
             "--sin-rotacion", "--sin-rotación", "--max-decisiones", "--estricto", "--registro-de",
             "--versión", "--sin-cache", "reproducir", "--guardar", "--puerto"}
_PT_WORDS = {"jogar", "traduzir", "cenario", "cenário", "--faccoes", "--facções", "--semente", "--saida",
             "--saída", "--processos", "--sem-rodizio", "--sem-rodízio", "--max-decisoes", "--max-decisões",
             "--estrito", "--versao", "--sem-cache", "reproduzir", "--salvar", "--porta"}


def _option_lang(argv) -> str | None:
    for i, a in enumerate(argv):
        if a in ("--lang", "--idioma") and i + 1 < len(argv) and argv[i + 1] in LANGS:
            return argv[i + 1]
        for opt in ("--lang=", "--idioma="):
            if a.startswith(opt) and a[len(opt):] in LANGS:
                return a[len(opt):]
    return None


def _typed_lang(argv) -> str | None:
    """The language of the first command or option word that belongs to one language only."""
    for a in argv:
        if a in _ES_WORDS:
            return "es"
        if a in _PT_WORDS:
            return "pt"
    return None


def user_lang(argv, environ=None) -> str | None:
    """The user's own language, whatever the ruleset's: `--idioma`/`--lang`, else the language
    of the command typed (`jugar` → es), else the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG);
    None if the user said nothing we speak (then the ruleset's language, then Portuguese)."""
    from ..i18n import user_lang as pick
    return pick(_option_lang(argv), _typed_lang(argv), os.environ if environ is None else environ, LANGS)


def prescan_lang(argv) -> str:
    """The language to speak before any ruleset is read."""
    return user_lang(argv) or "pt"


# argparse's own messages, spoken in the chosen language
_AP = {
    "usage: ": "CLI.ap.usage",
    "positional arguments": "CLI.ap.positional",
    "options": "CLI.ap.options",
    "show this help message and exit": "CLI.ap.help",
    "show program's version number and exit": "CLI.ap.version",
    "the following arguments are required: %s": "CLI.ap.required",
    "unrecognized arguments: %s": "CLI.ap.unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "CLI.ap.invalid_choice",
    "argument %(argument_name)s: %(message)s": "CLI.ap.argument",
    "%(prog)s: error: %(message)s\n": "CLI.ap.error",
    "expected one argument": "CLI.ap.expected_one",
    "expected at most one argument": "CLI.ap.expected_at_most_one",
    "expected at least one argument": "CLI.ap.expected_at_least_one",
    "invalid %(type)s value: %(value)r": "CLI.ap.invalid_type",
    "ambiguous option: %(option)s could match %(matches)s": "CLI.ap.ambiguous",
    "not allowed with argument %s": "CLI.ap.not_allowed",
    "one of the arguments %s is required": "CLI.ap.one_required",
    "ignored explicit argument %r": "CLI.ap.ignored",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "CLI.ap.unknown_parser",
    "can't open '%(filename)s': %(error)s": "CLI.ap.cant_open",
}


@contextlib.contextmanager
def _argparse_speaks(lang: str):
    old_gettext, old_ngettext = argparse._, argparse.ngettext

    def gettext(msg):
        code = _AP.get(msg)
        return format_message(code, lang, {}) if code else old_gettext(msg)

    def ngettext(single, plural, n):
        if single == "expected %s argument":
            return format_message("CLI.ap.expected_n", lang, {})
        return old_ngettext(single, plural, n)

    argparse._, argparse.ngettext = gettext, ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = old_gettext, old_ngettext


# ---------------------------------------------------------------------------------------------
# the parser

def _positive(v):
    n = int(v)
    if n < 1:
        raise ValueError(v)
    return n


_positive.__name__ = "int"


def _ordered(lang: str, en, pt, es) -> list[str]:
    """Spellings of one command or option, the CLI language's own first (argparse shows the
    first one in usage lines), then the other language's, then the English one."""
    groups = {"pt": (pt, es, en), "es": (es, pt, en)}.get(lang, (pt, es, en))
    out: list[str] = []
    for g in groups:
        for x in ([g] if isinstance(g, str) else g):
            if x not in out:
                out.append(x)
    return out


def build_parser(lang: str = "pt") -> argparse.ArgumentParser:
    h = lambda key: _m("CLI.h." + key, lang)  # noqa: E731
    mv = lambda key: _m("CLI.mv." + key, lang)  # noqa: E731
    from .. import __version__
    p = argparse.ArgumentParser(prog="rulesdsl", description=h("description"), epilog=h("epilog"))
    p.add_argument(*_ordered(lang, "--version", "--versao", "--versión"), action="version",
                   version=f"rulesdsl {__version__}", help=h("version"))
    sub = p.add_subparsers(dest="command", metavar=mv("command"), title=h("commands"))
    sub.required = True

    def command(en, pt, es, help_key):
        names = _ordered(lang, en, pt, es)
        return sub.add_parser(names[0], aliases=names[1:], help=h(help_key), description=h(help_key))

    def opt(sp, en, pt, es, **kw):
        sp.add_argument(*_ordered(lang, en, pt, es), **kw)

    def lang_opt(sp):
        opt(sp, "--lang", "--idioma", "--idioma", choices=LANGS, default=None, dest="lang", help=h("lang"))

    def factions_opt(sp, required=True):
        opt(sp, "--factions", ["--faccoes", "--facções"], "--facciones", dest="factions", required=required,
            metavar="A,B", help=h("factions"))

    def seed_opt(sp):
        opt(sp, "--seed", "--semente", "--semilla", dest="seed", type=int, default=0, metavar="N", help=h("seed"))

    def agents_opt(sp, default):
        opt(sp, "--agents", "--agentes", "--agentes", dest="agents", default=default, metavar="A,B",
            help=h("agents"))

    def map_opt(sp):
        opt(sp, "--map", "--mapa", "--mapa", dest="map", default=None, metavar="ID", help=h("map"))
        opt(sp, "--deck", "--baralho", "--mazo", dest="deck", default=None, metavar="ID", help=h("deck"))
        opt(sp, "--setup", ["--preparacao", "--preparação"], ["--preparacion", "--preparación"], dest="setup",
            default=None, metavar="ID", help=h("setup"))
        opt(sp, "--landmarks", "--marcos", ["--lugares-miticos", "--lugares-míticos"], dest="landmarks",
            default=None, metavar="N|A,B|N:A,B", help=h("landmarks"))
        opt(sp, "--hirelings", "--capangas", "--secuaces", dest="hirelings", action="store_true",
            help=h("hirelings"))
        opt(sp, "--option", ["--opcao", "--opção"], ["--opcion", "--opción"], dest="rule_options",
            action="append", default=None, metavar="ID=VALOR", help=h("options"))

    def max_decisions_opt(sp, default):
        opt(sp, "--max-decisions", ["--max-decisoes", "--max-decisões"], "--max-decisiones", dest="max_decisions",
            type=_positive, default=default, metavar="N", help=h("max_decisions"))

    def json_opt(sp):
        sp.add_argument("--json", action="store_true", help=h("json"))

    def cache_opt(sp):
        opt(sp, "--no-cache", "--sem-cache", "--sin-cache", dest="no_cache", action="store_true",
            help=h("no_cache"))

    # validate
    v = command("validate", "validar", "validar", "validate")
    v.add_argument("paths", nargs="+", metavar=mv("path"), help=h("paths"))
    opt(v, "--strict", "--estrito", "--estricto", dest="strict", action="store_true", help=h("strict"))
    json_opt(v)
    lang_opt(v)
    v.set_defaults(func=cmd_validate)

    # play
    j = command("play", "jogar", "jugar", "play")
    j.add_argument("ruleset", metavar=mv("ruleset"), help=h("ruleset"))
    # a game whose setup chooses the factions (`escolha_de_facção:`) plays without `--faccoes`
    # (its minimum of players) or with a number of seats (`--faccoes 3`)
    factions_opt(j, required=False)
    seed_opt(j)
    agents_opt(j, None)
    lang_opt(j)
    opt(j, "--save", "--salvar", "--guardar", dest="save", default=None, metavar=mv("file"), help=h("save"))
    opt(j, "--resume", "--retomar", "--retomar", dest="resume", default=None, metavar=mv("file"), help=h("resume"))
    opt(j, "--log", "--registro", "--registro", dest="log", default=None, metavar=mv("file"), help=h("log"))
    opt(j, "--log-for", "--registro-para", ["--registro-de", "--registro-para"], dest="log_for", nargs=2,
        action="append", default=None, metavar=(mv("faction"), mv("file")), help=h("log_for"))
    json_opt(j)
    map_opt(j)
    max_decisions_opt(j, None)
    opt(j, "--quiet", ["--silencioso", "-q"], "--silencioso", dest="quiet", action="store_true", help=h("quiet"))
    cache_opt(j)
    j.set_defaults(func=cmd_play)

    # simulate
    s = command("simulate", "simular", "simular", "simulate")
    s.add_argument("ruleset", metavar=mv("ruleset"), help=h("ruleset"))
    factions_opt(s)
    opt(s, "--games", "--partidas", "--partidas", dest="games", type=_positive, default=100, metavar="N",
        help=h("games"))
    seed_opt(s)
    opt(s, "--workers", "--processos", "--procesos", dest="workers", type=_positive, default=None, metavar="N",
        help=h("workers"))
    json_opt(s)
    agents_opt(s, None)
    map_opt(s)
    max_decisions_opt(s, 100_000)
    opt(s, "--no-rotate", ["--sem-rodizio", "--sem-rodízio"], ["--sin-rotacion", "--sin-rotación"],
        dest="no_rotate", action="store_true", help=h("no_rotate"))
    opt(s, "--invariants", "--invariantes", "--invariantes", dest="invariants", action="store_true",
        help=h("invariants"))
    opt(s, "--out", "--saida", ["--salida"], dest="out", default=None, metavar=mv("file"), help=h("sim_out"))
    opt(s, "--executor", "--executor", "--ejecutor", dest="executor", choices=("local", "dask"), default="local",
        help=h("executor"))
    opt(s, "--address", ["--endereco", "--endereço"], ["--direccion", "--dirección"], dest="address", default=None,
        metavar="tcp://HOST:PORTA", help=h("address"))
    lang_opt(s)
    cache_opt(s)
    s.set_defaults(func=cmd_simulate)

    # translate
    t = command("translate", "traduzir", "traducir", "translate")
    t.add_argument("file", metavar=mv("file"), help=h("file"))
    opt(t, "--to", "--para", "--para", dest="to", required=True, choices=LANGS, help=h("to"))
    opt(t, "--out", ["--saida", "--saída"], "--salida", dest="out", default=None, metavar=mv("file"), help=h("out"))
    lang_opt(t)
    t.set_defaults(func=cmd_translate)

    # scenario
    c = command("scenario", ["cenario", "cenário"], "escenario", "scenario")
    c.add_argument("files", nargs="+", metavar=mv("file"), help=h("scenarios"))
    c.add_argument("-v", "--verbose", action="store_true", help=h("verbose"))
    lang_opt(c)
    c.set_defaults(func=cmd_scenario)

    # Rootlog records (rulesdsl/rootlog/cli.py)
    from ..rootlog.cli import register as register_rootlog
    register_rootlog(sub, lang, command, opt, lang_opt, json_opt)

    # pictures of a game: the replay page (rulesdsl/view/cli.py)
    from ..view.cli import register as register_view, register_print, register_serve
    register_view(sub, lang, command, opt, lang_opt, json_opt)
    register_serve(sub, lang, command, opt, lang_opt)
    register_print(sub, lang, command, opt, lang_opt)

    # the translator's workbench, when installed
    try:
        from ..text.cli import register
    except ImportError:
        register = None
    if register is not None:
        register(sub, lang)
    return p


# ---------------------------------------------------------------------------------------------
# entry point

def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    user = user_lang(argv)
    lang = user or "pt"
    args = None
    try:
        for a in argv:
            if "\x00" in a:   # no file name or option can hold one; the OS refuses it later
                raise CliError("CLI021", arg=a.replace("\x00", "\\0"))
        with _argparse_speaks(lang):
            parser = build_parser(lang)
            try:
                args = parser.parse_args(argv)
            except SystemExit as exc:
                return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        args.user_lang = args.lang if getattr(args, "lang", None) in LANGS else user
        args.cli_lang = args.user_lang or lang
        if getattr(args, "text_tool", False) and args.lang is None:
            # the translator's workbench speaks the user's language too (else the ruleset's)
            args.lang = args.user_lang
        return int(args.func(args) or 0)
    except CliError as exc:
        _err(exc.render(getattr(args, "cli_lang", None) or lang))
        return 1
    except RulesError as exc:
        # a ruleset that does not load: its errors (warnings are `validar`'s business)
        errors = [d for d in exc.diagnostics if d.severity == "error"] or exc.diagnostics
        _print_diagnostics(errors, getattr(args, "user_lang", None) or user)
        return 1
    except KeyboardInterrupt:
        _err(_m("CLI008", lang))
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except Exception as exc:  # noqa: BLE001 - a bug of rulesdsl: say so, never a bare traceback
        _internal_error(exc, args, argv, lang)
        return EXIT_INTERNAL


# an unexpected exception is a bug of rulesdsl, not a mistake in the input: its own exit status
# (EX_SOFTWARE) so scripts and the fuzzer (rulesdsl/fuzz.py) tell the two apart
EXIT_INTERNAL = 70


def _internal_error(exc: BaseException, args, argv, lang: str) -> None:
    """Report a bug: what was being read, the exception, and how to report it."""
    if os.environ.get("RULESDSL_DEBUG"):
        traceback.print_exc()
    # what was found before the failure is still worth reading
    _print_diagnostics(getattr(exc, "rulesdsl_diagnostics", None) or [])
    context = [exc.rulesdsl_context] if getattr(exc, "rulesdsl_context", None) else []
    for name in ("ruleset", "file", "files", "folder", "history"):
        v = getattr(args, name, None) if args is not None and not context else None
        if v:
            context.extend(v if isinstance(v, list) else [v])
    where = " ".join(str(c) for c in context) or " ".join(argv)
    tb = traceback.extract_tb(exc.__traceback__)
    site = f"{os.path.basename(tb[-1].filename)}:{tb[-1].lineno}" if tb else "?"
    _err(f"{_m('CLI.error', lang)} CLI007: " + _m("CLI007", lang, error=f"{type(exc).__name__}: {exc}",
                                                   where=where, site=site))


def _err(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _silence_stdout():
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _unique(diags):
    """Diagnostics without exact repeats (one rule compiled for two factions reports twice)."""
    seen = set()
    out = []
    for d in diags:
        key = (d.code, d.severity, str(d.pos), d.message())
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _print_diagnostics(diags, lang: str | None = None) -> None:
    for d in _unique(diags):
        print(d.render(lang) if lang else d.render(), file=sys.stderr)


def write_atomic(path: str, text: str) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, renamed into place."""
    from .. import safeio
    try:
        fd, tmp = safeio.temp_beside(path)
    except safeio.SymlinkTarget:
        raise CliError("CLI022", path=path) from None
    except OSError as exc:
        raise CliError("CLI009", path=path, reason=exc.strerror or str(exc)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        safeio.replace(tmp, path)
    except safeio.SymlinkTarget:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise CliError("CLI022", path=path) from None
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise CliError("CLI009", path=path, reason=exc.strerror or str(exc)) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _check_writable(path: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CliError("CLI009", path=path, reason=os.strerror(errno.ENOENT))
    if os.path.isdir(path):
        raise CliError("CLI009", path=path, reason=os.strerror(errno.EISDIR))


# ---------------------------------------------------------------------------------------------
# names given on the command line

def _spellings(gdef, kind: str, ident: str, lang: str | None = None) -> list[str]:
    """The id and the names of a thing, in every language (only `lang`'s names if given)."""
    t = gdef.rs.thing(kind, ident)
    out = [ident, ident.replace("_", " ")]
    if t is not None:
        for lg, sp in t.names.items():
            if lang is None or lg == lang:
                out.extend(str(x) for x in (sp if isinstance(sp, (list, tuple)) else [sp]))
    return out


def _suggest_name(gdef, kind: str, ids, spelling: str, lang: str) -> str | None:
    """A close name, in the language of the messages first ("azul" → 'Azuis' in PT, not
    'Azules'), then in any language."""
    return suggest(spelling, [s for i in ids for s in _spellings(gdef, kind, i, lang)], cutoff=0.5) \
        or suggest(spelling, [s for i in ids for s in _spellings(gdef, kind, i)], cutoff=0.5)


def match_name(gdef, kind: str, ids, spelling: str) -> str | None:
    """The id whose id or name (any language) equals `spelling`, ignoring case and accents;
    failing that, the only one with a name that begins with those whole words ("marquesa" for
    "Marquesa de Gato")."""
    key = fold(spelling.strip())
    for ident in ids:
        if key in {fold(s) for s in _spellings(gdef, kind, ident)}:
            return ident
    if not key:
        return None
    starts = [ident for ident in ids
              if any(fold(s).startswith(key + " ") for s in _spellings(gdef, kind, ident))]
    return starts[0] if len(starts) == 1 else None


def resolve_factions(gdef, spec: str | None, lang: str, setup_id=None, seats_ok=False):
    """The factions named (`--faccoes a,b`), or, with `seats_ok` and a number (`--faccoes 4`),
    that many seats whose factions are drafted during the setup (Law A.8: the setup must have
    a faction choice, CLI072); with `seats_ok` and none given, the game's minimum of players
    when its setup chooses the factions (or deals them), else CLI017."""
    ids = list(gdef.factions)
    if not ids:
        raise CliError("CLI002", path=gdef.rs.root)
    if spec is None:
        st = (getattr(gdef, "setups", None) or {}).get(setup_id)
        if not seats_ok or (st.faction_choice if st is not None else gdef.faction_choice) is None:
            raise CliError("CLI017")
        spec = str(gdef.players.get("min") or 2)
    if seats_ok and str(spec).strip().isdigit():
        n = int(str(spec).strip())
        lo, hi = gdef.players.get("min"), gdef.players.get("max")
        if (lo is not None and n < int(lo)) or (hi is not None and n > int(hi)):
            raise CliError("CLI015", min=lo if lo is not None else 1, max=hi if hi is not None else len(ids), n=n)
        st = (getattr(gdef, "setups", None) or {}).get(setup_id)
        if (st.faction_choice if st is not None else gdef.faction_choice) is None:
            raise CliError("CLI072", n=n)
        return n
    names = [x.strip() for x in str(spec).split(",") if x.strip()]
    if not names:
        raise CliError("CLI017")
    out = []
    for nm in names:
        f = match_name(gdef, "faction", ids, nm)
        if f is None:
            known = ", ".join(f"{gdef.rs.name('faction', i, lang)} ({i})" for i in ids)
            raise CliError("CLI001", hint=_suggest_name(gdef, "faction", ids, nm, lang), name=nm, known=known)
        if f in out:
            raise CliError("CLI003", name=nm)
        out.append(f)
    lo, hi = gdef.players.get("min"), gdef.players.get("max")
    if (lo is not None and len(out) < int(lo)) or (hi is not None and len(out) > int(hi)):
        raise CliError("CLI015", min=lo if lo is not None else 1, max=hi if hi is not None else len(ids), n=len(out))
    return out


def resolve_map(gdef, spec: str | None, lang: str) -> str | None:
    if not spec:
        return None
    ids = list(gdef.maps)
    m = match_name(gdef, "map", ids, spec)
    if m is None:
        known = ", ".join(f"{gdef.rs.name('map', i, lang)} ({i})" for i in ids)
        raise CliError("CLI004", hint=_suggest_name(gdef, "map", ids, spec, lang), name=spec, known=known)
    return m


def resolve_setup(gdef, spec: str | None, lang: str) -> str | None:
    """`--preparacao`: one of the game's `preparações:` (Law A: `avancada`), by id or by a name
    in any language."""
    if not spec:
        return None
    from ..errors import fold
    from ..interpreter.seating import setup_names
    raw = (gdef.rs.data.get("game") or {}).get("setups") or {}
    names = setup_names(gdef)
    sid = names.get(fold(spec))
    if sid is None:
        known = ", ".join(raw) or "-"
        raise CliError("CLI053", hint=suggest(spec, list(names)), name=spec, known=known)
    return sid


def resolve_landmarks(gdef, spec: str | None, lang: str, setup_id):
    """`--marcos`: the landmarks the players chose (Law A.5.1): N (drawn among all), A,B (those,
    by id or name in any language), or N:A,B (N drawn among those). CLI070: unreadable;
    CLI071: the game refuses them (E780-E784, the message says why)."""
    if not spec:
        return None
    from ..errors import fold
    from ..interpreter.landmarks import landmark_names, resolve, LandmarkError
    text = str(spec).strip()
    n, _, rest = text.partition(":") if ":" in text else (None, None, text)
    if n is None and text.isdigit():
        n, rest = text, ""
    if n is not None and not str(n).strip().isdigit():
        raise CliError("CLI070", value=text)
    names = landmark_names(gdef)
    ids = []
    for x in [y.strip() for y in rest.split(",") if y.strip()]:
        lid = names.get(fold(x))
        if lid is None:
            raise CliError("CLI071", hint=suggest(x, list(names)), message=format_message(
                "E782", lang, {"name": x, "known": ", ".join(getattr(gdef, "landmarks", {})) or "-"}))
        ids.append(lid)
    pick = (int(n), ids) if n is not None and ids else int(n) if n is not None else ids
    if not pick and pick != 0:
        raise CliError("CLI070", value=text)
    setups = getattr(gdef, "setups", None) or {}
    st = setups.get(setup_id) or setups.get(None)
    try:
        # the choice itself (the game checks it again with its number of players: E783)
        resolve(gdef, st.landmarks if st is not None else None, pick, 0)
    except LandmarkError as exc:
        raise CliError("CLI071", message=format_message(exc.code, lang, exc.kw)) from None
    return pick


def resolve_options(gdef, specs, lang: str):
    """`--opcao ID=VALOR` (repeated): the ruleset options chosen (rulesdsl/options.py), by id
    or name in any language. CLI130: unreadable; CLI131: an unknown option or a bad value
    (E810/E811, with a suggestion)."""
    if not specs:
        return None
    from ..options import OptionError, parse_specs, resolve
    try:
        given = parse_specs(specs)
    except ValueError as exc:
        raise CliError("CLI130", value=str(exc)) from None
    try:
        resolve(gdef, given)
    except OptionError as exc:
        raise CliError("CLI131", hint=exc.kw.get("hint"),
                       message=format_message(exc.code, lang, exc.kw)) from None
    return given


def resolve_deck(gdef, spec: str | None, lang: str) -> str | None:
    """`--baralho`: the deck played instead of the game's own (Law A.2: Exiles and Partisans)."""
    if not spec:
        return None
    ids = list(gdef.decks)
    d = match_name(gdef, "deck", ids, spec)
    if d is None:
        known = ", ".join(f"{gdef.rs.name('deck', i, lang)} ({i})" for i in ids)
        raise CliError("CLI024", hint=_suggest_name(gdef, "deck", ids, spec, lang), name=spec, known=known)
    return d


_LOADED: dict = {}


def _signature(path: str):
    """What a loaded ruleset depends on: its files, their sizes and modification times."""
    from ..overlay import chain
    if os.path.isfile(path):
        st = os.stat(path)
        return ((path, st.st_mtime_ns, st.st_size),)
    out = []
    for layer in chain(path)[1:]:            # an overlay depends on its bases' files too
        out.extend(_signature(layer))
    for folder, dirs, files in os.walk(path):
        dirs.sort()
        for n in sorted(files):
            if n.endswith((".yaml", ".yml")):
                f = os.path.join(folder, n)
                st = os.stat(f)
                out.append((f, st.st_mtime_ns, st.st_size))
    return tuple(out)


def _load(path: str, lang: str | None, cache: bool | None = None):
    """Load a ruleset (errors raise RulesError, shown by main). Within one process a ruleset
    whose files did not change is not compiled twice (tests call main() many times); between
    runs, the compiled-ruleset cache (rulesdsl/cache.py) keeps its validated model."""
    from ..environment import Environment, resolve_ruleset
    real = os.path.abspath(resolve_ruleset(path))
    try:
        key = (real, lang, _signature(real))
    except OSError:
        key = None
    if key is not None and key in _LOADED:
        return _LOADED[key]
    gdef = Environment(lang, cache=cache).load(path)
    if key is not None:
        _LOADED.clear()
        _LOADED[key] = gdef
    return gdef


def _game_lang(args, gdef) -> str:
    """The user's language; if the user said nothing, the ruleset's; else Portuguese."""
    if getattr(args, "user_lang", None) in LANGS:
        return args.user_lang
    return gdef.lang if gdef.lang in LANGS else args.cli_lang


def _agents(spec, factions, seed, lang, **kw):
    from ..interpreter.agents import AgentSpecError, make_agents
    try:
        return make_agents(spec, factions, seed, lang, **kw)
    except AgentSpecError as exc:
        a = dict(exc.args_)
        hint = a.pop("hint", None)
        raise CliError(exc.code, hint=hint, **a) from None


# ---------------------------------------------------------------------------------------------
# commands

def cmd_validate(args) -> int:
    from ..environment import Environment
    results = []
    failed = False
    user = getattr(args, "user_lang", None)
    for path in args.paths:
        env = Environment(user)
        ruleset_lang = None
        try:
            ruleset_lang = getattr(env.load(path), "lang", None)
        except RulesError:
            pass
        diags = _unique(env.diagnostics)
        errors = sum(1 for d in diags if d.severity == "error")
        warnings = len(diags) - errors
        bad = errors > 0 or (args.strict and warnings > 0)
        failed = failed or bad
        if args.json:
            results.append({"path": path, "ok": not bad, "errors": errors, "warnings": warnings,
                            "diagnostics": [d.as_dict(user) for d in diags]})
            continue
        # each diagnostic at its place, in the user's language (else its file's)
        for d in diags:
            print(d.render(user), file=sys.stderr)
        lang = user or _diag_lang(diags) or (ruleset_lang if ruleset_lang in LANGS else None) or args.cli_lang
        line = _m("CLI.v.failed" if bad else "CLI.v.ok", lang, path=path, errors=errors, warnings=warnings)
        if bad and errors == 0 and args.strict:
            line += " " + _m("CLI.v.strict", lang)
        print(line)
    if args.json:
        print(json.dumps({"ok": not failed, "strict": bool(args.strict), "results": results},
                         ensure_ascii=False, sort_keys=True, indent=2))
    return 1 if failed else 0


def _diag_lang(diags: list[Diagnostic]) -> str | None:
    for d in diags:
        if d.lang in LANGS:
            return d.lang
    return None


def _cache_wanted(args) -> bool:
    """`jogar` and `simular` use the compiled-ruleset cache unless --sem-cache/--sin-cache or
    RULESDSL_CACHE=0 (docs/cli.md)."""
    from ..cache import enabled_by_env
    return not getattr(args, "no_cache", False) and enabled_by_env(default=True)


def _game_args(args):
    """What `jogar` and `simular` both read first: the ruleset, the language of the messages,
    the factions and the map (each checked, with a message in that language)."""
    gdef = _load(args.ruleset, args.user_lang, _cache_wanted(args))
    lang = args.cli_lang = _game_lang(args, gdef)
    args.deck_id = resolve_deck(gdef, args.deck, lang)
    args.setup_id = resolve_setup(gdef, getattr(args, "setup", None), lang)
    args.landmarks_pick = resolve_landmarks(gdef, getattr(args, "landmarks", None), lang, args.setup_id)
    if getattr(args, "hirelings", False) and args.setup_id not in (getattr(gdef, "hireling_deals", None) or {}):
        # CLI120: `--capangas` (A.6) with a setup that deals no hirelings (the game's E800)
        raise CliError("CLI120", message=format_message("E800", lang, {}))
    args.options_chosen = resolve_options(gdef, getattr(args, "rule_options", None), lang)
    # `jogar --faccoes 4`: four seats that draft their factions (A.8); `simular` names them
    # (`simular --faccoes 4` too: each game drafts its own, and its record names them per seat)
    factions = resolve_factions(gdef, args.factions, lang, args.setup_id, seats_ok=True)
    return gdef, lang, factions, resolve_map(gdef, args.map, lang)


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
    # a game that broke (an exception, a rules loop, an invariant) fails the command, so a
    # script or CI job running simulations notices
    return 1 if r["errors"] else 0


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


def _lazy(module: str, missing_code: str):
    import importlib
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            raise CliError(missing_code) from None
        raise


def cmd_translate(args) -> int:
    tr = _lazy("rulesdsl.translate", "CLI005")
    if not os.path.exists(args.file):
        raise CliError("CLI016", path=args.file, reason=os.strerror(2))
    if os.path.isdir(args.file):
        return _translate_folder(tr, args)
    from ..model import refuse_scenario_file
    refuse_scenario_file(args.file)
    text = tr.translate_file(args.file, args.to)
    if args.out:
        write_atomic(args.out, text)
    else:
        sys.stdout.write(text)
        if text and not text.endswith("\n"):
            sys.stdout.write("\n")
    return 0


def _translate_folder(tr, args) -> int:
    """A whole ruleset folder into `--saida` (required): everything is translated first, so a
    failure writes nothing."""
    if not args.out:
        raise CliError("CLI050", path=args.file)
    src, out = os.path.abspath(args.file), os.path.abspath(args.out)
    if out == src or out.startswith(src + os.sep):
        raise CliError("CLI051", path=args.out, source=args.file)
    if os.path.exists(out) and not os.path.isdir(out):
        raise CliError("CLI009", path=args.out, reason=os.strerror(errno.ENOTDIR))
    files = tr.translate_folder(args.file, args.to, args.out)
    for path in files:
        if os.path.isdir(path):
            raise CliError("CLI009", path=path, reason=os.strerror(errno.EISDIR))
    from .. import safeio
    try:
        tr.write_folder(files, args.out)
    except safeio.SymlinkTarget as exc:
        raise CliError("CLI022", path=exc.path) from None
    except OSError as exc:
        raise CliError("CLI009", path=args.out, reason=exc.strerror or str(exc)) from None
    print(_m("CLI052", args.cli_lang, n=len(files), path=args.out))
    return 0


def cmd_scenario(args) -> int:
    sc = _lazy("rulesdsl.scenario", "CLI006")
    return int(sc.run_files(list(args.files), args.user_lang, verbose=args.verbose) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
