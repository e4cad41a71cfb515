"""The `scenario` command (aliases cenario, cenário, escenario) and `python -m
rulesdsl.scenario`: run every scenario of the files (folders are searched for .yaml) and print
the results in PT/ES."""
from __future__ import annotations

import argparse
import os
import sys

from ..errors import Diagnostics, RulesError
from .load import load_scenarios
from .model import Result, _m
from .run import _exc, run_scenario


def scenario_files(paths) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for dirpath, dirnames, filenames in os.walk(p):
                dirnames.sort()
                for fn in sorted(filenames):
                    if fn.endswith((".yaml", ".yml")):
                        out.append(os.path.join(dirpath, fn))
        else:
            out.append(p)
    return out


def run_files(paths, lang: str | None = None, out=None, verbose: bool = False, err=None) -> int:
    """Run every scenario of the files (folders are searched for .yaml); print PT/ES results.
    Returns 0 when all pass, 1 when a scenario fails or a file is bad. A file that cannot be
    read is reported on `err` (stderr by default; `out` when only `out` is given)."""
    err = err or out or sys.stderr
    out = out or sys.stdout
    status = 0
    total = passed = 0
    summary_lang = lang
    for path in scenario_files(paths):
        if not os.path.exists(path):
            d = Diagnostics(lang or "pt")
            d.add("S025", None, lang or "pt", path=path)
            print(d.items[0].render(lang), file=err)
            status = 1
            continue
        try:
            scs = load_scenarios(path, lang)
        except RulesError as exc:
            for dg in exc.diagnostics:
                print(dg.render(lang), file=err)
            status = 1
            continue
        flang = lang or (scs[0].lang if scs else "pt")
        if summary_lang is None:
            summary_lang = flang
        print(path, file=out)
        for sc in scs:
            try:
                r = run_scenario(sc)
            except Exception as exc:  # noqa: BLE001 - never a traceback
                r = Result(sc)
                r.fail(sc.pos, _m("SR.crash", flang, when="", error=_exc(exc)))
            total += 1
            if r.ok:
                passed += 1
            else:
                status = 1
            print(r.render(flang, verbose), file=out)
    if total:
        print(_m("SW.summary", summary_lang or "pt", n=total, ok=passed, failed=total - passed), file=out)
    return status


def register(subparsers, lang: str = "pt") -> None:
    """Add `scenario` (aliases cenario, cenário, escenario) to an argparse subparsers object."""
    p = subparsers.add_parser("scenario", aliases=["cenario", "cenário", "escenario"],
                              help=_m("SW.help", lang), description=_m("SW.help", lang))
    _args(p, lang)
    p.set_defaults(func=lambda a: run_files(a.files, a.lang, verbose=a.verbose))


def _args(p, lang):
    p.add_argument("files", metavar="FILE", nargs="+", help=_m("SW.help_files", lang))
    p.add_argument("--lang", default=None, choices=("pt", "es"), help=_m("SW.help_lang", lang))
    p.add_argument("-v", "--verbose", action="store_true", help=_m("SW.help_verbose", lang))


def main(argv=None) -> int:
    """`python -m rulesdsl.scenario FILE...` (the same as `rulesdsl scenario FILE...`)."""
    lang = "es" if os.environ.get("LANG", "").lower().startswith("es") else "pt"
    p = argparse.ArgumentParser(prog="rulesdsl scenario", description=_m("SW.help", lang))
    _args(p, lang)
    a = p.parse_args(argv)
    try:
        return run_files(a.files, a.lang, verbose=a.verbose)
    except BrokenPipeError:
        return 0
