"""Command line of the translator's workbench.

  rulesdsl check-text RULESET [--json] [--html DIR] [--lang pt|es] [--tests DIR] [--no-data]
                      [--notes] [--fail-on error|warning] [--baseline FILE] [--write-baseline FILE]
  rulesdsl coverage   RULESET [--json] [--html DIR] [--lang pt|es] [--tests DIR]
  rulesdsl text confirm PARAGRAPH --lang es RULESET [--doc ID]

Each command and option also has its Portuguese and Spanish names (conferir-texto /
revisar-texto, cobertura, texto confirmar; --falhar-em / --fallar-en, ...); RULESET is a
folder or the name of a bundled ruleset ("root").

`register(subparsers, lang)` adds the three commands to an argparse subparsers object; each
sets `func`, a function of the parsed arguments that returns the exit status: 0 when there are
no errors (warnings allowed), 1 when a finding of severity error exists or the input is bad.
Bad input is reported like every rulesdsl error — file:line:col, the line with a caret, the
message in the file's language, a suggestion — never as a traceback.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import traceback

from ..errors import Diagnostics, Pos, format_message, render, suggest


class _OnUse:
    """A module of this package imported when a command first uses it: registering the
    commands (every `rulesdsl` run builds its parser) must not read the lexicons, as
    importing the catalogue does."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr):
        import importlib
        return getattr(importlib.import_module(self._name, __package__), attr)


catmod = _OnUse(".catalogue")
checkmod = _OnUse(".checks")
covmod = _OnUse(".coverage")
editmod = _OnUse(".confirm_edit")

LANGS = ("pt", "es")


def _w(name: str, lang: str, **kw) -> str:
    return format_message("TW." + name, lang, kw)


def _h(key: str, lang: str) -> str:
    return format_message("TH." + key, lang, {})


# ---------------------------------------------------------------------------------------------
# registration

# command and option names: (English, Portuguese, Spanish), as every rulesdsl command has
NAMES = {
    "check-text": ("check-text", "conferir-texto", "revisar-texto"),
    "coverage": ("coverage", "cobertura", "cobertura"),
    "text": ("text", "texto", "texto"),
    "confirm": ("confirm", "confirmar", "confirmar"),
}
FAIL_ON = {"error": ("error", "erro", "error"), "warning": ("warning", "aviso", "aviso")}


def _names(en: str, lang: str) -> list[str]:
    from ..cli import _ordered
    e, p, s = NAMES[en]
    return _ordered(lang, e, p, s)


def _opt(parser, lang, en, pt, es, **kw):
    from ..cli import _ordered
    parser.add_argument(*_ordered(lang, en, pt, es), **kw)


def _fail_on(value: str) -> str:
    v = value.strip().lower()
    for key, spellings in FAIL_ON.items():
        if v in spellings:
            return key
    raise ValueError(value)


_fail_on.__name__ = "erro|aviso"


def register(subparsers, lang: str = "pt") -> None:
    """Add check-text, coverage and text (confirm) to an argparse subparsers object, each
    with its Portuguese, Spanish and English names."""
    def command(sub, en, help_key):
        names = _names(en, lang)
        return sub.add_parser(names[0], aliases=names[1:], help=_h(help_key, lang),
                              description=_h(help_key, lang))

    p = command(subparsers, "check-text", "check_text")
    _common(p, lang)
    _opt(p, lang, "--no-data", "--sem-dados", "--sin-datos", dest="no_data", action="store_true",
         help=_h("no_data", lang))
    _opt(p, lang, "--fail-on", "--falhar-em", "--fallar-en", dest="fail_on", type=_fail_on,
         default="error", metavar="error|aviso" if lang == "es" else "erro|aviso",
         help=_h("fail_on", lang))
    _opt(p, lang, "--baseline", ["--linha-de-base", "--base"], ["--linea-base", "--base"],
         dest="baseline", default=None, metavar="FILE", help=_h("baseline", lang))
    _opt(p, lang, "--write-baseline", "--gravar-linha-de-base", "--escribir-linea-base",
         dest="write_baseline", default=None, metavar="FILE", help=_h("write_baseline", lang))
    _opt(p, lang, "--notes", "--notas", "--notas", dest="notes", action="store_true",
         help=_h("notes", lang))
    p.set_defaults(func=check_text, text_tool=True)

    p = command(subparsers, "coverage", "coverage")
    _common(p, lang)
    p.set_defaults(func=coverage, text_tool=True)

    p = command(subparsers, "text", "text")
    sub = p.add_subparsers(dest="text_command", metavar=_names("confirm", lang)[0])
    sub.required = True
    c = command(sub, "confirm", "confirm")
    c.add_argument("paragraph", metavar="PARAGRAPH", help=_h("paragraph", lang))
    c.add_argument("ruleset", metavar="RULESET", help=_h("ruleset", lang))
    # the language of the translation being confirmed — not the language of the messages,
    # which `--idioma` sets as on every command (else the locale, else Portuguese)
    _opt(c, lang, "--lang", ["--traducao", "--tradução"], ["--traduccion", "--traducción"],
         dest="translation", metavar="LANG", required=True, help=_h("confirm_lang", lang))
    c.add_argument("--idioma", dest="lang", default=None, metavar="pt|es", help=_h("lang", lang))
    _opt(c, lang, "--doc", "--documento", "--documento", dest="doc", default=None, help=_h("doc", lang))
    c.set_defaults(func=confirm)


def _common(p, lang):
    from ..cli import _ordered
    p.add_argument("ruleset", metavar="RULESET", help=_h("ruleset", lang))
    p.add_argument("--json", action="store_true", help=_h("json", lang))
    p.add_argument("--html", metavar="DIR", default=None, help=_h("html", lang))
    p.add_argument(*_ordered(lang, "--lang", "--idioma", "--idioma"), dest="lang", default=None,
                   help=_h("lang", lang))
    p.add_argument(*_ordered(lang, "--tests", "--testes", "--pruebas"), dest="tests", metavar="DIR",
                   action="append", default=None, help=_h("tests", lang))


# ---------------------------------------------------------------------------------------------
# shared

def _guard(fn):
    """Run a command; an unexpected exception is one line on stderr and status 1."""
    def run(args) -> int:
        try:
            return fn(args)
        except BrokenPipeError:
            return 0
        except Exception as exc:  # noqa: BLE001
            lang = getattr(args, "lang", None) or "pt"
            if os.environ.get("RULESDSL_DEBUG"):
                traceback.print_exc()
            print(format_message("T027", lang if lang in LANGS else "pt",
                                 {"error": f"{type(exc).__name__}: {exc}"}) + " " + _w("debug", lang if lang in LANGS else "pt"),
                  file=sys.stderr)
            return 1
    run.__name__ = fn.__name__
    run.__doc__ = fn.__doc__
    return run


def _print_diags(diags: Diagnostics, lang: str | None = None) -> None:
    # in the user's language when the command knows it (check-text, coverage), else each
    # diagnostic's file's
    lang = lang or getattr(diags, "user_lang", None)
    for d in diags:
        print(render(d, lang), file=sys.stderr)


def _lang_ok(lang: str | None, diags: Diagnostics) -> bool:
    from .. import lexicon as lexmod
    if lang is None or lang in lexmod.available():
        return True
    diags.add("T008", None, "pt", language=lang, langs=", ".join(lexmod.available()),
              hint=suggest(lang, lexmod.available(), 0.3))
    return False


def _load(args, diags: Diagnostics):
    from ..environment import resolve_ruleset
    args.ruleset = resolve_ruleset(args.ruleset)   # a folder, or a bundled ruleset's name
    if not _lang_ok(args.lang, diags):
        return None
    diags.lang = args.lang or "pt"
    cat = catmod.load(args.ruleset, diags)
    if cat is not None:
        from .contrasts import attach
        attach(cat, diags)      # the contrast tables, with their errors (T193–T196)
    return cat


def _out_lang(args, cat) -> str:
    return args.lang or (cat.lang if cat is not None else "pt")


def _test_dirs(args) -> list[str]:
    if args.tests:
        return list(args.tests)
    return covmod.default_test_dirs(args.ruleset)


def _write_html(directory: str, name: str, html: str, lang: str, diags: Diagnostics) -> str | None:
    path = os.path.join(directory, name)
    try:
        os.makedirs(directory, exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(html)
    except OSError as exc:
        diags.add("T028", None, lang, path=path, reason=exc.strerror or str(exc))
        return None
    return path


# ---------------------------------------------------------------------------------------------
# check-text

@_guard
def check_text(args) -> int:
    """`check-text RULESET`: differences between the texts, and between text and data."""
    diags = Diagnostics(args.lang or "pt")
    diags.user_lang = args.lang
    cat = _load(args, diags)
    if cat is None or diags.has_errors():
        _print_diags(diags)
        if getattr(args, "json", False):
            print(json.dumps({"diagnostics": [d.as_dict() for d in diags]}, ensure_ascii=False, indent=1))
        return 1
    lang = _out_lang(args, cat)
    scan = None
    if not getattr(args, "no_data", False):
        scan = covmod.scan(args.ruleset, [], diags)
    report = checkmod.run(cat, lang, scan)
    baseline = None
    if getattr(args, "baseline", None):
        baseline = _read_baseline(args.baseline, diags, lang)
        if baseline is None:
            _print_diags(diags)
            return 1
        for f in report.findings:
            f.new = f.fingerprint not in baseline
    _print_diags(diags)
    if args.json:
        print(json.dumps(report_json(cat, report, lang, diags), ensure_ascii=False, indent=1))
    else:
        print(report_text(cat, report, lang, notes=getattr(args, "notes", False)))
    if getattr(args, "write_baseline", None):
        if not _write_baseline(args.write_baseline, report, diags, lang):
            _print_diags(diags)
            return 1
        print(_w("baseline_written", lang, path=args.write_baseline,
                 n=len(report.findings)), file=sys.stderr)
    if args.html:
        from .report_html import check_page
        path = _write_html(args.html, "check-text.html", check_page(cat, report, lang), lang, diags)
        if path is None:
            _print_diags(Diagnostics())
            for d in diags.items[-1:]:
                print(render(d), file=sys.stderr)
            return 1
        print(_w("written", lang, path=path), file=sys.stderr)
    if getattr(args, "write_baseline", None):
        return 1 if diags.has_errors() else 0     # the findings of now are the accepted state
    return 1 if (failing(report, getattr(args, "fail_on", "error")) or diags.has_errors()) else 0


def failing(report, fail_on: str = "error") -> list:
    """The findings that make the command fail: errors (or warnings too, with
    `--falhar-em aviso`), and with a baseline only those not in it."""
    sevs = ("error",) if fail_on == "error" else ("error", "warning")
    return [f for f in report.findings if f.severity in sevs and getattr(f, "new", True)]


BASELINE_KIND = "rulesdsl check-text baseline"


def _read_baseline(path: str, diags: Diagnostics, lang: str):
    """The fingerprints of a baseline file (written by --gravar-linha-de-base)."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        diags.add("T030", None, lang, path=path, reason=exc.strerror or str(exc))
        return None
    except ValueError as exc:
        diags.add("T030", None, lang, path=path, reason=str(exc))
        return None
    if not isinstance(data, dict) or data.get("kind") != BASELINE_KIND \
            or not isinstance(data.get("findings"), dict):
        diags.add("T030", None, lang, path=path, reason=_w("not_a_baseline", lang))
        return None
    return set(data["findings"])


def _write_baseline(path: str, report, diags: Diagnostics, lang: str) -> bool:
    from .. import safeio
    data = {"kind": BASELINE_KIND,
            "findings": {f.fingerprint: f"{f.code} §{f.paragraph} [{f.document}] {f.detail}"
                         for f in report.findings}}
    try:
        fd, tmp = safeio.temp_beside(path)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1, sort_keys=True)
            fh.write("\n")
        safeio.replace(tmp, path)
    except OSError as exc:
        diags.add("T028", None, lang, path=path, reason=exc.strerror or str(exc))
        return False
    return True


def report_json(cat, report, lang, diags=None) -> dict:
    kinds = {}
    for f in report.findings:
        kinds[f.kind] = kinds.get(f.kind, 0) + 1
    return {
        "ruleset": cat.root,
        "documents": {d.id: {"lang": d.lang, "role": d.role, "paragraphs": len(d.paragraphs)}
                      for d in cat.documents.values()},
        "findings": [f.as_dict(lang) for f in report.findings],
        "silenced": [f.as_dict(lang) for f in report.silenced],
        "summary": {
            "by_code": report.counts(),
            "by_kind": dict(sorted(kinds.items())),
            "by_severity": report.by_severity(),
            "silenced": len(report.silenced),
            "groups": report.groups,
            "unaligned": report.unaligned,
            "unconfirmed": report.unconfirmed,
        },
        "diagnostics": [d.as_dict() for d in (diags or [])],
    }


def _sev(sev: str, lang: str) -> str:
    return _w({"error": "error", "warning": "warning"}.get(sev, "info"), lang)


def report_text(cat, report, lang: str, notes: bool = True) -> str:
    """The findings as text; notes are left out unless `notes` (the summary counts them)."""
    law = cat.law
    out = []
    current = None
    shown = [f for f in report.findings if notes or f.severity != "info"]
    for f in shown:
        if f.paragraph != current:
            current = f.paragraph
            if out:
                out.append("")
            if f.paragraph == "":
                out.append(f"== {_w('general', lang)} ==")
            else:
                p = law.paragraphs.get(f.paragraph) if law else None
                title = f" {p.title}" if p and p.title else ""
                out.append(f"§{f.paragraph}{title}")
        mark = f" ({_w('new', lang)})" if getattr(f, "new", False) else ""
        out.append(f"  {_sev(f.severity, lang)} {f.code}{mark} [{f.document}] {f.message(lang)}")
        width = max((len(k) for k in f.excerpts), default=0)
        for doc, ex in f.excerpts.items():
            if ex:
                out.append(f"      {doc.ljust(width)}  «{ex}»")
        for k in f.known:
            out.append(f"      ({_w('known', lang)}: {k})")
        loc = f"      {f.pos}" if f.pos else "      "
        out.append(f"{loc}  #{f.fingerprint}")
        if f.code in ("T160", "T162") and f.pos:
            from ..errors import source_line
            line = source_line(f.pos)
            if line is not None:
                out.append(f"        | {line}")
                out.append("        | " + " " * (f.pos.col - 1) + "^" * max(1, f.pos.length))
            hint = f.args.get("hint")
            if hint and hint != "—":
                out.append("        = " + format_message("W.did_you_mean", lang, {"hint": hint}))
    if not report.findings:
        out.append(_w("no_findings", lang))
    hidden = len(report.findings) - len(shown)
    if hidden:
        if out:
            out.append("")
        out.append(_w("notes_hidden", lang, n=hidden))
    out.append("")
    out.append(f"== {_w('summary', lang)} ==")
    sev = report.by_severity()
    out.append(f"{_w('errors', lang)}: {sev['error']}  {_w('warnings', lang)}: {sev['warning']}  "
               f"{_w('notes', lang)}: {sev['info']}  {_w('silenced', lang)}: {len(report.silenced)}")
    for code, n in report.counts().items():
        out.append(f"  {code} {checkmod.CODES[code][1]:<11} {n}")
    for doc, n in report.unaligned.items():
        if n:
            out.append(f"  {doc}: {n} {_w('unaligned', lang)}")
    for doc, n in report.unconfirmed.items():
        if n:
            out.append(f"  {doc}: {n} {_w('unconfirmed', lang)}")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# coverage

@_guard
def coverage(args) -> int:
    """`coverage RULESET`: data and tests of every paragraph of the Law."""
    diags = Diagnostics(args.lang or "pt")
    diags.user_lang = args.lang
    cat = _load(args, diags)
    if cat is None or diags.has_errors() or cat.law is None:
        _print_diags(diags)
        return 1
    lang = _out_lang(args, cat)
    dirs = _test_dirs(args)
    if not dirs:
        # an installed copy (no project around it): say so rather than report no tests
        diags.add("T031", None, lang, severity="warning", path=args.ruleset)
    scan = covmod.scan(args.ruleset, dirs, diags)
    cov = covmod.build(cat, scan)
    # a rulebook keyed by section titles (no numbers) is not what "Lei 6.5.4" in a test cites
    titled = not any(ch.isdigit() for key in cat.law.paragraphs for ch in key)
    for c, k, pos in cov.unknown:
        if titled and c.kind == "test":
            continue
        diags.add("T029", pos or c.pos, c.lang if c.lang in LANGS else lang, key=k,
                  hint=catmod.nearest_key(k, list(cat.law.paragraphs)))
    _print_diags(diags)
    if args.json:
        d = covmod.as_dict(cat, cov, lang)
        d["diagnostics"] = [x.as_dict() for x in diags]
        print(json.dumps(d, ensure_ascii=False, indent=1))
    else:
        print(coverage_text(cat, cov, lang))
    if args.html:
        from .report_html import coverage_page
        path = _write_html(args.html, "coverage.html", coverage_page(cat, cov, lang), lang, diags)
        if path is None:
            for d in diags.items[-1:]:
                print(render(d), file=sys.stderr)
            return 1
        print(_w("written", lang, path=path), file=sys.stderr)
    return 1 if diags.has_errors() else 0


def coverage_text(cat, cov, lang: str) -> str:
    out = [f"{_w('coverage_title', lang)} — {cat.root}", ""]
    heads = [_w("chapter", lang), _w("paragraphs", lang), _w("implemented", lang),
             _w("exercised", lang), _w("neither", lang)]
    rows = [[ch, str(t["paragraphs"]), str(t["implemented"]), str(t["exercised"]), str(t["neither"])]
            for ch, t in cov.chapters.items()]
    tot = cov.totals()
    rows.append([_w("total", lang), str(tot["paragraphs"]), str(tot["implemented"]),
                 str(tot["exercised"]), str(tot["neither"])])
    widths = [max(len(r[i]) for r in rows + [heads]) for i in range(5)]
    out.append("  ".join(h.ljust(w) for h, w in zip(heads, widths)))
    for r in rows:
        out.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    out.append("")
    for e in cov.entries.values():
        if not (e.data or e.scenarios or e.tests):
            continue
        out.append(f"§{e.key} {e.title}".rstrip())
        for label, lst in (("data", e.data), ("scenarios", e.scenarios), ("tests", e.tests)):
            if lst:
                where = ", ".join(f"{covmod._rel(c.pos.file)}:{c.pos.line}" + (f" ({c.name})" if c.name and label == "tests" else "")
                                  for c in lst)
                out.append(f"    {_w(label, lang)}: {where}")
    gaps = cov.neither()
    out.append("")
    out.append(f"{_w('neither', lang)} ({len(gaps)}):")
    line = "   "
    for e in gaps:
        if len(line) + len(e.key) + 1 > 96:
            out.append(line)
            line = "   "
        line += " " + e.key
    if line.strip():
        out.append(line)
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# text confirm

@_guard
def confirm(args) -> int:
    """`text confirm PARAGRAPH --lang es RULESET`: record the source hash in the translation."""
    from ..environment import resolve_ruleset
    from ..i18n import locale_lang
    # the messages speak the user's language: `--idioma`, else the locale — never the
    # language of the translation being confirmed (`--lang es` names a document, not a reader)
    lang = args.lang if args.lang in LANGS else (locale_lang(os.environ, LANGS) or "pt")
    diags = Diagnostics(lang)
    if not _lang_ok(args.translation, diags) or not _lang_ok(args.lang, diags):
        _print_diags(diags)
        return 1
    args.ruleset = resolve_ruleset(args.ruleset)   # a folder, or a bundled ruleset's name
    cat = catmod.load(args.ruleset, diags)
    if cat is None or diags.has_errors() or cat.law is None:
        _print_diags(diags)
        return 1
    want = args.translation
    law = cat.law
    # the document
    if args.doc:
        doc = cat.documents.get(args.doc)
        if doc is None:
            diags.add("T005", None, lang, doc=args.doc, docs=", ".join(cat.documents),
                      hint=suggest(args.doc, list(cat.documents), 0.5))
            _print_diags(diags)
            return 1
        if doc.role == "source":
            diags.add("T026", doc.declared_pos, lang, doc=doc.id)
            _print_diags(diags)
            return 1
    else:
        cands = [d for d in cat.others() if d.lang == want]
        if len(cands) > 1:
            trans = [d for d in cands if d.role == "translation"]
            cands = trans if len(trans) == 1 else cands
        if not cands:
            diags.add("T022", None, lang, language=want, docs=", ".join(
                f"{d.id} ({d.lang})" for d in cat.others()))
            _print_diags(diags)
            return 1
        if len(cands) > 1:
            diags.add("T023", None, lang, language=want, docs=", ".join(d.id for d in cands))
            _print_diags(diags)
            return 1
        doc = cands[0]
    key = args.paragraph.strip().lstrip("§")
    if key not in law.paragraphs:
        diags.add("T021", None, lang, key=key, doc=law.id,
                  hint=catmod.nearest_key(key, list(law.paragraphs)))
        _print_diags(diags)
        return 1
    paras = [p for p in doc.paragraphs.values() if key in p.aligned]
    if not paras:
        have = [k for p in doc.paragraphs.values() for k in p.aligned]
        diags.add("T024", doc_pos_or_none(doc), lang, doc=doc.id, key=key,
                  hint=catmod.nearest_key(key, have) if have else None)
        _print_diags(diags)
        return 1
    # every paragraph that renders it (4.2.1 and 4.2.1+1) records the hash of all it renders
    edits = []
    text = None
    for p in paras:
        sources = [law.paragraphs[k] for k in p.aligned if k in law.paragraphs]
        digest = catmod.text_hash(sources)
        if p.confirmed and catmod.hash_matches(p.confirmed, digest) and p.confirmed == digest:
            print(_w("already", lang, doc=doc.id, key=p.key, hash=digest[:12]))
            continue
        if text is not None:
            p.doc.file_text = text
            _refresh_positions(p, text, diags)
        try:
            path, text = editmod.set_confirmed(p, digest)
        except editmod.EditError as exc:
            diags.add("T025", p.pos, lang, path=p.doc.path, why=exc.why)
            _print_diags(diags)
            return 1
        edits.append((p, digest))
    if edits:
        try:
            editmod.write_atomic(doc.path, text)
        except OSError as exc:
            diags.add("T028", None, lang, path=doc.path, reason=exc.strerror or str(exc))
            _print_diags(diags)
            return 1
        for p, digest in edits:
            print(_w("confirmed", lang, doc=doc.id, key=p.key, hash=digest[:12], path=doc.path))
    return 0


def doc_pos_or_none(doc) -> Pos | None:
    return Pos(doc.path, 1, 1) if doc.path else None


def _refresh_positions(p, text: str, diags: Diagnostics) -> None:
    """After a first edit in the same file, find the paragraph's key again (lines moved)."""
    from ..loader import load_text
    data = load_text(text, p.doc.path, Diagnostics(p.doc.lang), p.doc.lang)
    keys = catmod._Keys(p.doc.lang)
    for k, v in (data or {}).items():
        if keys.of(k) == "paragraphs" and isinstance(v, dict):
            for pk in v:
                if catmod.scalar_text(pk, text, v.key_pos.get(pk)) == p.key:
                    p.pos = v.key_pos[pk]


# ---------------------------------------------------------------------------------------------
# standalone: python -m rulesdsl.text

def main(argv=None) -> int:
    lang = os.environ.get("RULESDSL_LANG", "pt")
    lang = lang if lang in LANGS else "pt"
    parser = argparse.ArgumentParser(prog="python -m rulesdsl.text")
    sub = parser.add_subparsers(dest="command", metavar="{check-text,coverage,text}")
    sub.required = True
    register(sub, lang)
    args = parser.parse_args(argv)
    return args.func(args)
