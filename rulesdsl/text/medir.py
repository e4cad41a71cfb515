"""Measure `check-text` against a gold file of judged conflicts and findings.

  python -m rulesdsl.text.medir [RULESET] [--gabarito FILE] [--achados FILE.json] [--lang pt|es]
                                [--json]

The measures of docs/medidas-do-verificador.md were counted by hand, table by table; this
module counts them from data (tests/text/fixtures/conflitos_julgados.yaml by default) so that a
change to the checker is measured the same way every time:

- **coverage** (recall): a gold conflict is found when an error or warning (not T101) of the
  same document sits on one of the conflict's paragraphs, or on a group holding one, and that
  finding is not judged false in the gold file (a false finding points there for another
  reason). An accepted conflict (`aceito: sim`) is found when a silenced finding is there.
- **precision**: over the findings the gold file judges (real / real + false); the errors and
  warnings it does not judge are listed, for a person to judge and add to the gold file.

Findings come from running the checker (as `check-text`, data included) or from the JSON a
`check-text --json` run wrote (`--achados`).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field

from ..errors import Diagnostics, Pos, format_message, render

COUNTED = ("error", "warning")
OUT_OF_COUNT = ("T101",)          # a paragraph the translation lacks: not a rule conflict
YES = ("sim", "sí", "si", "yes", "true")
NO = ("nao", "não", "no", "false")
DEFAULT_GOLD = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "text", "fixtures",
                            "conflitos_julgados.yaml")


@dataclass
class Conflict:
    doc: str
    pars: list[str]
    what: str
    reading: str = ""
    accepted: bool = False


@dataclass
class Judged:
    doc: str
    par: str
    code: str
    detail: str
    real: bool
    reason: str = ""


@dataclass
class Gold:
    conflicts: list[Conflict] = field(default_factory=list)
    judged: list[Judged] = field(default_factory=list)


@dataclass
class Measure:
    found: list[tuple[Conflict, list[dict]]] = field(default_factory=list)
    missed: list[Conflict] = field(default_factory=list)
    real: list[dict] = field(default_factory=list)
    false: list[dict] = field(default_factory=list)
    unjudged: list[dict] = field(default_factory=list)

    def by_reading(self) -> dict[str, tuple[int, int]]:
        out: dict[str, list[int]] = {}
        for c, _ in self.found:
            out.setdefault(c.reading, [0, 0])[0] += 1
        for c in self.missed:
            out.setdefault(c.reading, [0, 0])
        for c in [c for c, _ in self.found] + self.missed:
            out[c.reading][1] += 1
        return {k: (v[0], v[1]) for k, v in sorted(out.items())}


# ---------------------------------------------------------------------------------------------
# the gold file

def load_gold(path: str, diags: Diagnostics) -> Gold | None:
    """Read a gold file; every bad entry is a diagnostic (file:line:col), none stops the others."""
    import yaml
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        root = yaml.compose(text, Loader=yaml.BaseLoader)    # strings only: «10.5» stays «10.5»
    except OSError as exc:
        diags.add("T198", Pos(path, 1, 1), path=path, error=exc.strerror or str(exc))
        return None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        pos = Pos(path, mark.line + 1, mark.column + 1) if mark else Pos(path, 1, 1)
        diags.add("T198", pos, path=path, error=str(getattr(exc, "problem", exc)))
        return None
    gold = Gold()
    if not isinstance(root, yaml.MappingNode):
        diags.add("T197", Pos(path, 1, 1), field="conflitos", entry="—")
        return None
    sections = {k.value: v for k, v in root.value}
    for name in ("conflitos", "achados"):
        if not isinstance(sections.get(name), yaml.SequenceNode):
            diags.add("T197", Pos(path, 1, 1), field=name, entry="—")
    if diags.has_errors():
        return None
    for node in sections["conflitos"].value:
        e = _entry(node, path, ("doc", "par", "o_que"), diags)
        if e is None:
            continue
        pars = e["par"] if isinstance(e["par"], list) else [e["par"]]
        gold.conflicts.append(Conflict(e["doc"], [str(p) for p in pars], e["o_que"],
                                       str(e.get("leitura", "")),
                                       str(e.get("aceito", "")).lower() in YES))
    for node in sections["achados"].value:
        e = _entry(node, path, ("doc", "par", "codigo", "detalhe", "real"), diags)
        if e is None:
            continue
        real = str(e["real"]).lower()
        if real not in YES + NO:
            m = node.start_mark
            diags.add("T197", Pos(path, m.line + 1, m.column + 1), field="real", entry=real)
            continue
        gold.judged.append(Judged(e["doc"], str(e["par"]), e["codigo"], e["detalhe"],
                                  real in YES, str(e.get("motivo", ""))))
    return None if diags.has_errors() else gold


def _entry(node, path: str, required: tuple[str, ...], diags: Diagnostics) -> dict | None:
    import yaml
    m = node.start_mark
    pos = Pos(path, m.line + 1, m.column + 1)
    if not isinstance(node, yaml.MappingNode):
        diags.add("T197", pos, field=required[0], entry=str(getattr(node, "value", ""))[:40])
        return None
    e = yaml.load(yaml.serialize(node), Loader=yaml.BaseLoader)
    missing = [k for k in required if not e.get(k)]
    for k in missing:
        diags.add("T197", pos, field=k, entry=str(e.get("par", "?")))
    return None if missing else e


# ---------------------------------------------------------------------------------------------
# matching

def counted(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f.get("severity") in COUNTED and f.get("code") not in OUT_OF_COUNT]


def _pars(f: dict) -> set[str]:
    return set(f.get("paragraphs") or []) | {f.get("paragraph", "")}


def _key(doc: str, par: str, code: str, detail: str) -> tuple:
    return (doc, par, code, detail)


def measure(gold: Gold, findings: list[dict], silenced: list[dict] = ()) -> Measure:
    """Match the checker's findings (dicts as `check-text --json` writes them) to the gold file."""
    judged = {_key(j.doc, j.par, j.code, j.detail): j for j in gold.judged}
    m = Measure()
    live = counted(findings)
    for f in live:
        j = judged.get(_key(f["document"], f["paragraph"], f["code"], f.get("detail", "")))
        (m.unjudged if j is None else m.real if j.real else m.false).append(f)
    false_ids = {id(f) for f in m.false}
    quiet = [f for f in silenced if f.get("code") not in OUT_OF_COUNT]
    for c in gold.conflicts:
        pool = quiet if c.accepted else live
        hits = [f for f in pool if f["document"] == c.doc and _pars(f) & set(c.pars)
                and id(f) not in false_ids]
        if hits:
            m.found.append((c, hits))
        else:
            m.missed.append(c)
    return m


# ---------------------------------------------------------------------------------------------
# output

def _m(name: str, lang: str, **kw) -> str:
    return format_message("TM." + name, lang, kw)


def _rate(a: int, b: int, lang: str) -> str:
    from ..i18n import percent
    return f"{a}/{b} = {percent(a / b, lang, 0)}" if b else f"{a}/0"


def report_text(m: Measure, lang: str) -> str:
    n_found, n_all = len(m.found), len(m.found) + len(m.missed)
    judged = len(m.real) + len(m.false)
    lines = [_m("recall", lang, rate=_rate(n_found, n_all, lang))]
    for reading, (a, b) in m.by_reading().items():
        lines.append("  " + _m("reading", lang, reading=reading or "—", rate=_rate(a, b, lang)))
    lines.append(_m("precision", lang, rate=_rate(len(m.real), judged, lang)))
    if m.missed:
        lines.append(_m("missed", lang, n=len(m.missed)))
        lines += [f"  {c.doc} §{'/'.join(c.pars)}: {c.what}" for c in m.missed]
    if m.false:
        lines.append(_m("false", lang, n=len(m.false)))
        lines += [f"  {f['document']} §{f['paragraph']} {f['code']} {f.get('detail', '')}" for f in m.false]
    lines.append(_m("unjudged", lang, n=len(m.unjudged)))
    lines += [f"  {f['document']} §{f['paragraph']} {f['code']} {f['severity']} {f.get('detail', '')}: "
              f"{f.get('message', '')}" for f in m.unjudged]
    return "\n".join(lines)


def report_json(m: Measure) -> dict:
    def short(f):
        return {k: f.get(k) for k in ("document", "paragraph", "code", "severity", "detail", "message")}
    return {
        "recall": {"found": len(m.found), "total": len(m.found) + len(m.missed),
                   "by_reading": {k: list(v) for k, v in m.by_reading().items()}},
        "precision": {"real": len(m.real), "judged": len(m.real) + len(m.false)},
        "missed": [{"document": c.doc, "paragraphs": c.pars, "what": c.what} for c in m.missed],
        "false": [short(f) for f in m.false],
        "unjudged": [short(f) for f in m.unjudged],
    }


# ---------------------------------------------------------------------------------------------
# command

def _findings_from_json(path: str, diags: Diagnostics):
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        return data["findings"], data.get("silenced", [])
    except OSError as exc:
        diags.add("T198", Pos(path, 1, 1), path=path, error=exc.strerror or str(exc))
    except (ValueError, KeyError, TypeError) as exc:
        line, col = getattr(exc, "lineno", 1), getattr(exc, "colno", 1)
        diags.add("T198", Pos(path, line, col), path=path, error=str(exc))
    return None


def _findings_from_checker(ruleset: str, lang: str, diags: Diagnostics):
    from . import catalogue as catmod, checks as checkmod, coverage as covmod
    from ..environment import resolve_ruleset
    ruleset = resolve_ruleset(ruleset)
    cat = catmod.load(ruleset, diags)
    if cat is None or diags.has_errors():
        return None
    report = checkmod.run(cat, lang, covmod.scan(ruleset, [], diags))
    return ([f.as_dict(lang) for f in report.findings], [f.as_dict(lang) for f in report.silenced])


def main(argv: list[str] | None = None) -> int:
    """The command; an unexpected exception is one line on stderr (T027) and status 1."""
    try:
        return _main(argv)
    except Exception as exc:  # noqa: BLE001
        lang = "es" if argv and "es" in argv else "pt"
        print(format_message("T027", lang, {"error": f"{type(exc).__name__}: {exc}"}), file=sys.stderr)
        return 1


def _main(argv: list[str] | None) -> int:
    p = argparse.ArgumentParser(prog="python -m rulesdsl.text.medir",
                                description=__doc__.split("\n\n")[1] if __doc__ else None)
    p.add_argument("ruleset", nargs="?", default="root")
    p.add_argument("--gabarito", "--gold", dest="gold", default=DEFAULT_GOLD)
    p.add_argument("--achados", "--hallazgos", "--findings", dest="findings", default=None)
    p.add_argument("--idioma", "--lang", dest="lang", default="pt", choices=("pt", "es"))
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    diags = Diagnostics(args.lang)
    gold = load_gold(os.path.normpath(args.gold), diags)
    got = None
    if args.findings:
        got = _findings_from_json(args.findings, diags)
    elif gold is not None:
        got = _findings_from_checker(args.ruleset, args.lang, diags)
    if gold is None or got is None or diags.has_errors():
        for d in diags:
            print(render(d, args.lang), file=sys.stderr)
        return 1
    m = measure(gold, *got)
    try:
        if args.json:
            print(json.dumps(report_json(m), ensure_ascii=False, indent=1))
        else:
            print(report_text(m, args.lang))
    except BrokenPipeError:          # `| head`: the reader has what it wanted
        sys.stderr.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
