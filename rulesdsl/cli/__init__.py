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

The package, one job per module:
    messages  the user's language, `_m`, CliError, argparse speaking that language
    output    error lines, diagnostics, internal errors (EXIT_INTERNAL), atomic files
    resolve   the ruleset (`_load`) and the names given on the command line
    parser    `build_parser`: every command and option in PT, ES and English
    play      `jogar`
    simulate  `simular`
    files     `validar`, `traduzir`, `cenario`
and here `main`, the entry point (`rulesdsl` = rulesdsl.cli:main).
"""
from __future__ import annotations

import sys

from ..errors import RulesError
# rulesdsl/text, rulesdsl/rootlog, rulesdsl/view, rulesdsl/adapters, rulesdsl/savegame.py and the
# tests import these names from rulesdsl.cli; `main` looks `build_parser` up here, where a test
# may replace it
from .messages import LANGS, CliError, _argparse_speaks, _m, user_lang
from .output import (EXIT_INTERNAL, _check_writable, _err, _internal_error, _print_diagnostics,  # noqa: F401
                     _silence_stdout, write_atomic)
from .parser import _ordered, build_parser  # noqa: F401
from .resolve import (_LOADED, _agents, _game_args, _game_lang, _load, _signature, resolve_factions,  # noqa: F401
                      resolve_setup)


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
