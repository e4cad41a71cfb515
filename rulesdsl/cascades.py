"""Follow-up errors of a file that could not be read.

When a file's YAML does not load, everything it declares (a faction, its pieces, a phase) is
unknown to the other files, and each use of those names elsewhere would be reported too: one
missing bracket, dozens of "unknown word" errors. The names these errors are about are looked
up in the unread file's text: when one appears there, the error is most likely a consequence,
and is dropped; the YAML error itself says what to fix. A misspelling that the unread file does
not contain is still reported.
"""
from __future__ import annotations

from .errors import Diagnostic, fold

# codes of "this name is not declared" errors, and the argument that carries the name
NAME_ERRORS = {"P002": "word", "M043": "value", "M042": "name", "C014": "name", "C003": "name",
               "C012": "name", "M022": "name", "C011": "verb"}


def drop_cascades(items: list[Diagnostic], unread: list[str]) -> list[Diagnostic]:
    if not unread:
        return items
    texts = [fold(t) for t in unread]
    out = []
    for d in items:
        arg = NAME_ERRORS.get(d.code)
        name = d.args.get(arg) if arg else None
        if name is not None and _mentioned(fold(str(name)), texts):
            continue
        out.append(d)
    return out


def _mentioned(name: str, texts: list[str]) -> bool:
    # the name as written, or its stem ("serrarias" is declared as "serraria")
    forms = {name, name.replace(" ", "_")}
    for cut in (1, 2):
        if len(name) > 4 + cut:
            forms.add(name[:-cut])
    return any(f and f in t for f in forms for t in texts)
