"""The compiled-ruleset cache: a loaded, validated ruleset kept on disk between runs.

Loading Root reads ~15 YAML files, checks every key against the schema and parses ~300
effect expressions; a run that changed none of them can skip all of that. What is kept is
the *validated model* (`model.Ruleset`: data, things, parsed expression trees, positions)
and the load's warnings; the compiled closures of `GameDef` cannot be stored and are built
again from it (cheap). Other stages may keep data of their own in an entry (`extra`, a dict
of name -> picklable value, versioned by `FORMAT`), e.g. generated source code.

Trust:
  * an entry is used only if every file it was built from still has the same content: the
    ruleset's YAML files and its overlay bases' (the listing of each folder and the SHA-256
    of each file), and the engine itself (the SHA-256 of every file of the rulesdsl,
    rulesdsl.interpreter and rulesdsl.grammar packages: code, grammar, lexicons, schema,
    messages), the package version and the Python version;
  * it lives in the user's cache folder: `RULESDSL_CACHE_DIR`, else `$XDG_CACHE_HOME/rulesdsl`,
    else `~/.cache/rulesdsl`, created private (0700). An entry is read only from a folder
    owned by the user and writable by no one else, from a regular file owned by the user;
    never from a shared temporary folder. The command line (`jogar`, `simular`) uses it
    unless `--sem-cache` / `--sin-cache` or `RULESDSL_CACHE=0`; a program asks for it with
    `Environment(cache=True)` or `RULESDSL_CACHE=1`; `validar` always reads the files;
  * an entry is written to a temporary file in the same folder and renamed into place
    (`os.replace`), so a reader sees a whole entry or none; it carries the SHA-256 of its
    body, checked before anything is unpickled;
  * a damaged, truncated or foreign entry is ignored and written again.
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import stat
import sys
import tempfile

FORMAT = 1                 # bump when the payload's layout changes
MAGIC = b"RDSLC\x00\x01\n"
MAX_ENTRIES = 48           # older entries are removed when a new one is written
_OFF = {"0", "off", "no", "nao", "não", "false", "desligado", "apagado"}


def enabled_by_env(default: bool = True, environ=None) -> bool:
    """RULESDSL_CACHE=0 (off, no, não...) turns the cache off, any other value on; unset, the
    caller's default (on for the command line, off for `Environment()` in a program)."""
    environ = os.environ if environ is None else environ
    value = environ.get("RULESDSL_CACHE")
    if value is None or not value.strip():
        return default
    return value.strip().lower() not in _OFF


def default_folder(environ=None) -> str:
    environ = os.environ if environ is None else environ
    if environ.get("RULESDSL_CACHE_DIR"):
        return os.path.abspath(os.path.expanduser(environ["RULESDSL_CACHE_DIR"]))
    base = environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(os.path.abspath(base), "rulesdsl")


# ---------------------------------------------------------------------------------------------
# fingerprints

_ENGINE: str | None = None


def engine_fingerprint() -> str:
    """SHA-256 over the version, the Python version and every file of the engine's packages
    (code, grammar, lexicons, schema, messages): any change gives other keys."""
    global _ENGINE
    if _ENGINE is None:
        import importlib.util
        h = hashlib.sha256()
        from . import __version__
        h.update(f"{FORMAT}|{__version__}|{sys.version}|{pickle.HIGHEST_PROTOCOL}".encode())
        for name in ("rulesdsl", "rulesdsl.interpreter", "rulesdsl.grammar"):
            spec = importlib.util.find_spec(name)
            for folder in sorted(spec.submodule_search_locations or []):
                for dirpath, dirnames, filenames in os.walk(folder):
                    dirnames[:] = sorted(d for d in dirnames
                                         if d != "__pycache__" and not d.startswith("."))
                    for n in sorted(filenames):
                        if n.endswith((".py", ".lark", ".yaml", ".yml", ".json")):
                            p = os.path.join(dirpath, n)
                            h.update(os.path.relpath(p, folder).encode() + b"\0")
                            with open(p, "rb") as fh:
                                h.update(hashlib.sha256(fh.read()).digest())
        _ENGINE = h.hexdigest()
    return _ENGINE


def _file_sha(path: str) -> str:
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def folders_of(root: str, rs=None) -> list[str]:
    """The folders (or single files) a ruleset is read from: itself and its overlay bases,
    the overlay first. With the loaded model `rs`, from the `base:` its files declare (what
    overlay.gather followed), without reading them again."""
    from . import overlay
    if rs is None:
        return [os.path.abspath(p) for p in overlay.chain(root)]
    out, folder = [], root
    for layer in sorted({f.layer for f in rs.files}, reverse=True):
        out.append(os.path.abspath(folder))
        decls = overlay._declared_base([f for f in rs.files if f.layer == layer])
        if not decls:
            break
        folder = overlay.resolve_base(decls[0][0], overlay._folder(folder))
        if folder is None:
            break
    return out


def files_match(recorded, rs) -> bool:
    """Does a manifest list exactly the files the model was built from?"""
    listed = sorted(p for _, files in recorded for p, _ in files)
    return listed == sorted(os.path.abspath(f.path) for f in rs.files)


def manifest(folders: list[str]) -> list:
    """[[folder, [[file, sha256], ...]], ...]: what an entry was built from."""
    from .model import _ruleset_files
    return [[f, [[p, _file_sha(p)] for p in _ruleset_files(f)]] for f in folders]


def _same_files(recorded) -> bool:
    from .model import _ruleset_files
    try:
        for folder, files in recorded:
            now = _ruleset_files(folder) if os.path.exists(folder) else []
            if now != [p for p, _ in files]:
                return False
            for p, sha in files:
                if _file_sha(p) != sha:
                    return False
    except (OSError, TypeError, ValueError):
        return False
    return True


# ---------------------------------------------------------------------------------------------
# the folder

class CacheUnavailable(Exception):
    """The cache folder cannot be trusted or written (the reason is the message)."""


def _private_dir(folder: str) -> None:
    """Create `folder` (0700) if needed; raise CacheUnavailable unless only the user can write
    in it and no one else can replace it."""
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.stat(folder)
    except OSError as exc:
        raise CacheUnavailable(exc.strerror or str(exc)) from None
    if not stat.S_ISDIR(st.st_mode):
        raise CacheUnavailable("not a folder")
    if os.path.realpath(folder) == os.path.realpath(tempfile.gettempdir()):
        raise CacheUnavailable("a shared temporary folder")
    if hasattr(os, "getuid"):
        if st.st_uid != os.getuid():
            raise CacheUnavailable("owned by another user")
        if st.st_mode & 0o022:
            raise CacheUnavailable("writable by other users")
        parent = os.path.dirname(os.path.realpath(folder))
        try:
            pst = os.stat(parent)
        except OSError as exc:
            raise CacheUnavailable(exc.strerror or str(exc)) from None
        # others may write in the parent only if it is sticky (they cannot rename our folder)
        if pst.st_mode & 0o002 and not pst.st_mode & stat.S_ISVTX:
            raise CacheUnavailable("its parent folder is writable by other users")


class DiskCache:
    def __init__(self, folder: str | None = None):
        self.folder = os.path.abspath(folder) if folder else default_folder()
        self._checked: str | None = None     # None: not yet; "": fine; else why not

    def problem(self) -> str | None:
        """Why the folder cannot be used (None if it can)."""
        if self._checked is None:
            try:
                _private_dir(self.folder)
                self._checked = ""
            except CacheUnavailable as exc:
                self._checked = str(exc) or "unusable"
        return self._checked or None

    def key(self, root: str, lang: str | None) -> str:
        from . import lexicon
        h = hashlib.sha256()
        h.update(engine_fingerprint().encode() + b"\0")
        h.update(os.path.abspath(root).encode() + b"\0" + str(lang).encode() + b"\0")
        for folder in lexicon._EXTRA_DIRS:      # lexicons added by a program (a third language)
            for n in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
                if n.endswith(".yaml"):
                    h.update(n.encode() + b"\0" + _file_sha(os.path.join(folder, n)).encode())
        return h.hexdigest()[:40]

    def path(self, key: str) -> str:
        return os.path.join(self.folder, key + ".rdc")

    # reading -------------------------------------------------------------------------------
    def read(self, key: str):
        """The payload stored under `key` if its files are unchanged, else None. Never raises
        for a missing, damaged or foreign entry."""
        if self.problem():
            return None
        path = self.path(key)
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
        except OSError:
            return None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return None
            if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
                return None
            with os.fdopen(fd, "rb") as fh:
                fd = None
                blob = fh.read()
        except OSError:
            return None
        finally:
            if fd is not None:
                os.close(fd)
        return _decode(blob, key)

    # writing -------------------------------------------------------------------------------
    def write(self, key: str, header: dict, payload: dict) -> bool:
        """Store an entry atomically; False (and nothing changed) if it cannot be written."""
        if self.problem():
            return False
        try:
            body = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
            head = json.dumps(dict(header, format=FORMAT, key=key), ensure_ascii=True).encode()
        except Exception:          # something in the payload cannot be stored: no entry
            return False
        blob = (MAGIC + len(head).to_bytes(4, "big") + head
                + hashlib.sha256(body).digest() + body)
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".part", dir=self.folder)
            with os.fdopen(fd, "wb") as fh:
                fh.write(blob)
            os.replace(tmp, self.path(key))
            tmp = None
        except OSError:
            return False
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
        self._prune(keep=key)
        return True

    def _prune(self, keep: str) -> None:
        try:
            names = [n for n in os.listdir(self.folder) if n.endswith(".rdc")]
            if len(names) <= MAX_ENTRIES:
                return
            dated = []
            for n in names:
                try:
                    dated.append((os.stat(os.path.join(self.folder, n)).st_mtime_ns, n))
                except OSError:
                    pass
            dated.sort()
            for _, n in dated[:len(dated) - MAX_ENTRIES]:
                if n != keep + ".rdc":
                    os.unlink(os.path.join(self.folder, n))
        except OSError:
            pass


def _decode(blob: bytes, key: str):
    try:
        if not blob.startswith(MAGIC):
            return None
        i = len(MAGIC)
        n = int.from_bytes(blob[i:i + 4], "big")
        head = json.loads(blob[i + 4:i + 4 + n].decode("ascii"))
        if not isinstance(head, dict) or head.get("format") != FORMAT or head.get("key") != key:
            return None
        if not _same_files(head.get("files")):
            return None
        j = i + 4 + n
        digest, body = blob[j:j + 32], blob[j + 32:]
        if hashlib.sha256(body).digest() != digest:
            return None
        payload = pickle.loads(body)
        return payload if isinstance(payload, dict) else None
    except Exception:             # a damaged entry of any kind: as if there were none
        return None


# ---------------------------------------------------------------------------------------------
# binary blobs keyed by content (the effect grammar's parse table)

def read_blob(name: str, key: str, folder: str | None = None):
    if not enabled_by_env(True):
        return None
    c = DiskCache(folder)
    payload = c.read(f"{name}-{key[:40]}")
    return None if payload is None else payload.get("value")


def write_blob(name: str, key: str, value, folder: str | None = None) -> None:
    if not enabled_by_env(True):
        return
    DiskCache(folder).write(f"{name}-{key[:40]}", {"files": []}, {"value": value})


class LazyBuilder:
    """Stands for `Ruleset.builder` in a ruleset read from the cache: tools that need the
    loader's tables (the translator, the fuzzer) get them from a real load, done on first use."""

    def __init__(self, root: str, lang: str | None):
        self._root = root
        self._lang = lang
        self._real = None

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if self._real is None:
            from .errors import Diagnostics
            from .model import load_ruleset
            self._real = load_ruleset(self._root, Diagnostics(self._lang or "pt")).builder
        return getattr(self._real, name)
