"""Writing output files safely: whole or nothing, with the user's permissions, and never
through a symbolic link.

A temporary file is created beside the target and renamed over it (`os.replace`), so an
interrupted write leaves the old file. `tempfile.mkstemp` creates files readable by their owner
only (0600): the file is given the mode a plain `open(path, "w")` would give it (0666 less the
umask), or the mode of the file it replaces. A symbolic link at the target would be replaced by
the rename (the file it points to stays as it was, silently): it is refused instead.
"""
from __future__ import annotations

import errno
import os
import tempfile


class SymlinkTarget(OSError):
    """The output path is a symbolic link: refused, not replaced."""

    def __init__(self, path: str):
        super().__init__(errno.EEXIST, "symbolic link", path)
        self.path = path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def check_target(path: str) -> None:
    if os.path.islink(path):
        raise SymlinkTarget(path)


def temp_beside(path: str, prefix: str = ".rulesdsl-") -> tuple[int, str]:
    """A temporary file in the target's folder, with the mode the target will have."""
    check_target(path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    try:
        mode = os.stat(path).st_mode & 0o7777 if os.path.exists(path) else 0o666 & ~_umask()
        os.chmod(tmp, mode)
    except OSError:
        pass
    return fd, tmp


def replace(tmp: str, path: str) -> None:
    check_target(path)   # a link made while we wrote
    os.replace(tmp, path)
