"""`gc.freeze` / `gc.unfreeze` where the runtime has them (CPython), nothing elsewhere.

CPython's collector walks every young object again at each collection; freezing the compiled
ruleset (hundreds of thousands of long-lived objects) spares those walks. PyPy has no
permanent generation (its incremental collector does not rescan old objects per minor
collection), so there is nothing to do there; the engine runs on both. The functions are
looked up at each call (a handful per run), so a test that replaces `gc.freeze` sees the calls.
"""
from __future__ import annotations

import gc


def freeze() -> None:
    f = getattr(gc, "freeze", None)
    if f is not None:
        f()


def unfreeze() -> None:
    f = getattr(gc, "unfreeze", None)
    if f is not None:
        f()


def freeze_count() -> int:
    f = getattr(gc, "get_freeze_count", None)
    return f() if f is not None else 0


def supported() -> bool:
    return hasattr(gc, "freeze")
