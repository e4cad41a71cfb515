"""The commands over files: `validar` (validate: a ruleset's diagnostics), `traduzir`
(translate: a file or a whole ruleset folder into the other language) and `cenario` (scenario:
rulesdsl/scenario runs the files)."""
from __future__ import annotations

import errno
import json
import os
import sys

from ..errors import Diagnostic, RulesError
from .messages import LANGS, CliError, _m
from .output import _unique, write_atomic
from .resolve import _lazy


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
