"""Translate a whole ruleset folder into another language.

    python tools/translate_ruleset.py rulesets/root --to es --out rulesets/root-es
    python tools/translate_ruleset.py rulesets/root --to es --out rulesets/root-es --check

Every ruleset file of the source folder (not its `texto/` catalogue) is written to the same
relative path under --out, in the target language (see rulesdsl/translate.py), with a first
line saying it is generated. Generated files of --out that no longer have a source are removed.
--check writes nothing and exits 1 when --out differs from a fresh translation.
"""
from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from rulesdsl.errors import RulesError  # noqa: E402
from rulesdsl.translate import translate_ruleset, TranslateError  # noqa: E402

MARKS = ("# GERADO ", "# GENERADO ", "# GENERATED ")


def stale(out: str, files: dict) -> list[str]:
    """Relative paths where `out` differs from `files` (missing, changed or left over)."""
    bad = []
    for rel, text in sorted(files.items()):
        p = os.path.join(out, rel)
        try:
            with open(p, encoding="utf-8") as fh:
                if fh.read() != text:
                    bad.append(rel)
        except OSError:
            bad.append(rel)
    for rel in sorted(generated_files(out)):
        if rel not in files:
            bad.append(rel)
    return bad


def generated_files(out: str) -> list[str]:
    found = []
    if not os.path.isdir(out):
        return found
    for dirpath, _dirs, names in os.walk(out):
        for n in names:
            if n.endswith((".yaml", ".yml")):
                p = os.path.join(dirpath, n)
                with open(p, encoding="utf-8") as fh:
                    if fh.readline().startswith(MARKS):
                        found.append(os.path.relpath(p, out))
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", help="ruleset folder (e.g. rulesets/root)")
    ap.add_argument("--to", required=True, help="target language (pt, es, ...)")
    ap.add_argument("--out", required=True, help="folder to write")
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 if stale")
    a = ap.parse_args(argv)
    notes: list[str] = []
    try:
        files = translate_ruleset(a.source, a.to, notes=notes, out=a.out)
    except RulesError as exc:
        for d in exc.diagnostics:
            print(d.render(), file=sys.stderr)
        return 1
    except TranslateError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for n in notes:
        print(n, file=sys.stderr)
    if a.check:
        bad = stale(a.out, files)
        for rel in bad:
            print(f"stale: {os.path.join(a.out, rel)}", file=sys.stderr)
        return 1 if bad else 0
    for rel in generated_files(a.out):
        if rel not in files:
            os.remove(os.path.join(a.out, rel))
    for rel, text in files.items():
        p = os.path.join(a.out, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w", encoding="utf-8") as fh:
            fh.write(text)
    print(f"{len(files)} files -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
