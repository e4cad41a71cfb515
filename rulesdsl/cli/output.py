"""What the command line writes besides a command's own output: an error line on stderr,
diagnostics without repeats, a bug reported without a traceback (CLI007, EXIT_INTERNAL), and
files written whole or not at all (`write_atomic`)."""
from __future__ import annotations

import contextlib
import errno
import os
import sys
import traceback

from .messages import CliError, _m


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
