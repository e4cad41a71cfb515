"""Compile the engine's hot modules with Cython, in place, as an optional faster core.

    python tools/build_native.py                     # the hot modules (HOT) beside their .py
    python tools/build_native.py --modulos interpreter/runtime.py,interpreter/hooks.py
    python tools/build_native.py --estado            # which modules run compiled, which are stale
    python tools/build_native.py --limpar            # back to pure Python (removes the .so files)
    python tools/build_native.py --idioma es --limpiar

The .py files are compiled unchanged ("pure Python mode"): the import system prefers an extension
module to the .py beside it, so an editable install runs the compiled code with no other change.
Pure Python stays the reference: annotations are NOT read as C types (annotation_typing off), so a
compiled function accepts and returns exactly what the Python one does, and the logs of a seed are
byte-identical (tests/test_native.py checks one module; docs/desempenho.md the whole set).

A module that does not compile is named, with the compiler's last lines, and stays pure Python;
the others are installed (`--estrito`: install nothing if one fails). Each build records the
SHA-256 of the source it compiled in `native-manifest.json` beside this repository's root, so a
.py edited after the build is reported stale (`--estado`, and tests/test_native.py fails on it):
a stale extension would silently run the old code.

Messages in Portuguese or Spanish (`--idioma`, else the locale) through the message catalogue
(grammar/messages/native.yaml, codes CLI200-CLI204).
"""
from __future__ import annotations

import argparse
import contextlib
import glob
import hashlib
import io
import json
import os
import shutil
import sys
import sysconfig
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

MANIFEST = "native-manifest.json"

# The modules a random playout spends its time in (cProfile on benchmarks/bench_playout.py,
# docs/desempenho.md "Núcleo compilado"): the turn machine, the hooks, the state and board, the
# requirement closures of the ruleset compiler and the verbs that move pieces.
# Not interpreter/agents.py: Cython binds builtins once, at import, so its `input` would no longer
# follow a `builtins.input` patched at run time (tests/test_hidden_information.py does), and it is
# not hot. The same holds for any module added here: it must not read a builtin that is patched.
HOT = (
    "interpreter/machine.py", "interpreter/turns.py", "interpreter/flow.py",
    "interpreter/hooks.py", "interpreter/runtime.py", "interpreter/state.py",
    "interpreter/board.py", "interpreter/gamedef.py", "interpreter/gamedef_lookups.py",
    "interpreter/card_scope.py", "interpreter/proofs.py",
    "interpreter/verbs/placing.py", "interpreter/verbs/moving.py",
    "interpreter/verbs/covering.py", "interpreter/verbs/removing.py",
    "rulesdsl/compiler/sels.py", "rulesdsl/compiler/spaces.py",
    "rulesdsl/compiler/expressions.py", "rulesdsl/compiler/memo.py",
    "rulesdsl/compiler/cards.py", "rulesdsl/compiler/pieces.py",
    "rulesdsl/compiler/selections.py", "rulesdsl/compiler/statements.py",
)

# Faithful to the Python semantics first: no C typing from annotations, Python-level functions
# (binding: introspection, pickling by name), keyword arguments everywhere.
DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,
    "binding": True,
    "always_allow_keywords": True,
    "embedsignature": False,
}


def _m(code, lang, **kw):
    from rulesdsl.errors import format_message
    return format_message(code, lang, kw)


def ext_suffix() -> str:
    return sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def module_name(rel: str) -> str:
    """interpreter/hooks.py -> rulesdsl.interpreter.hooks: the name the package imports it by
    (pyproject's package-dir), which classes and pickles record as their module."""
    name = rel[:-3].replace(os.sep, "/").replace("/", ".")
    return "rulesdsl." + name if name.startswith("interpreter.") else name


def source_hash(path: str) -> str:
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def _read_manifest(root):
    try:
        with open(os.path.join(root, MANIFEST), encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def _write_manifest(root, data):
    path = os.path.join(root, MANIFEST)
    if not data:
        with contextlib.suppress(FileNotFoundError):
            os.remove(path)
        return
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=1, sort_keys=True)
        fh.write("\n")


def built_extensions(root=ROOT):
    """{'interpreter/hooks.py': '.../hooks.cpython-311-x86_64-linux-gnu.so'} for every extension
    module lying beside a .py of the two packages (built by this tool or not)."""
    out = {}
    for pkg in ("interpreter", "rulesdsl"):
        for so in glob.glob(os.path.join(root, pkg, "**", "*" + ext_suffix()), recursive=True):
            py = so[: -len(ext_suffix())] + ".py"
            if os.path.exists(py):
                out[os.path.relpath(py, root).replace(os.sep, "/")] = so
    return out


def stale_modules(root=ROOT):
    """The compiled modules whose .py changed since they were built (or that no build of this tool
    recorded): their extension would run code that is no longer the source's."""
    manifest = _read_manifest(root)
    return sorted(rel for rel in built_extensions(root)
                  if manifest.get(rel) != source_hash(os.path.join(root, rel)))


def compile_one(rel: str, out_dir: str, work: str, root=ROOT, optimize: str | None = None):
    """Compile one module into out_dir/<package path>/<name><EXT_SUFFIX>. Returns (path, None) or
    (None, the last lines the compilers printed)."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    src = os.path.join(root, rel)
    log = io.StringIO()
    # the compilers write to the process's own descriptors (gcc runs as a child process), so
    # their output is captured at descriptor level, not only sys.stdout
    with _captured(log), _cwd(root):
        try:
            args = ["-O0"] if optimize == "0" else []
            ext = Extension(module_name(rel), [rel], extra_compile_args=args)
            exts = cythonize([ext], build_dir=os.path.join(work, "c"), compiler_directives=DIRECTIVES,
                             quiet=True, force=True)
            dist = Distribution({"ext_modules": exts, "script_name": "build_native"})
            cmd = build_ext(dist)
            cmd.build_lib = out_dir
            cmd.build_temp = os.path.join(work, "o")
            cmd.ensure_finalized()
            cmd.run()
        except BaseException as e:  # Cython's CompileError, distutils' errors, SystemExit of both
            if isinstance(e, KeyboardInterrupt):
                raise
            text = log.getvalue().strip() or f"{type(e).__name__}: {e}"
            return None, "\n".join(text.splitlines()[-8:])
    built = os.path.join(out_dir, *module_name(rel).split(".")) + ext_suffix()
    if not os.path.exists(built):
        return None, log.getvalue().strip()[-800:] or "?"
    return built, None


@contextlib.contextmanager
def _cwd(path):
    old = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


@contextlib.contextmanager
def _captured(buf):
    """Send fds 1 and 2 (and sys.stdout/err) to a temporary file, then into buf."""
    sys.stdout.flush()
    sys.stderr.flush()
    with tempfile.TemporaryFile(mode="w+b") as tmp:
        saved = os.dup(1), os.dup(2)
        os.dup2(tmp.fileno(), 1)
        os.dup2(tmp.fileno(), 2)
        try:
            with contextlib.redirect_stdout(io.TextIOWrapper(os.fdopen(os.dup(1), "wb"), write_through=True)), \
                    contextlib.redirect_stderr(sys.stdout):
                yield
        finally:
            sys.stdout.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            tmp.seek(0)
            buf.write(tmp.read().decode("utf-8", "replace"))


def build(modules, lang, strict=False, root=ROOT, out=None, optimize=None):
    """Compile `modules` and install them beside their .py (or under `out`). Returns the exit
    code."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        print(_m("CLI200", lang), file=sys.stderr)
        return 1
    missing = [m for m in modules if not (m.endswith(".py") and os.path.isfile(os.path.join(root, m)))]
    if missing:
        for m in missing:
            print(f"{_m('CLI.error', lang)} CLI201: {_m('CLI201', lang, module=m)}", file=sys.stderr)
        return 1
    manifest = _read_manifest(root) if out is None else {}
    done, failed = {}, []
    with tempfile.TemporaryDirectory(prefix="rulesdsl-native-") as work:
        stage = os.path.join(work, "stage")
        for rel in modules:
            digest = source_hash(os.path.join(root, rel))
            built, err = compile_one(rel, stage, os.path.join(work, "w"), root, optimize)
            if built is None:
                failed.append(rel)
                print(_m("CLI202", lang, module=rel), file=sys.stderr)
                print("   | " + err.replace("\n", "\n   | "), file=sys.stderr)
                continue
            done[rel] = (built, digest)
        if failed and strict:
            print(_m("CLI203", lang, n=len(failed), built=0), file=sys.stderr)
            return 1
        dest_root = root if out is None else out
        for rel, (built, digest) in done.items():
            dest = os.path.join(dest_root, rel[:-3] + ext_suffix())
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copy2(built, dest)
            manifest[rel] = digest
    if out is None:
        _write_manifest(root, manifest)
    print(_m("CLI203", lang, n=len(failed), built=len(done)))
    return 0 if done or not modules else 1


def clean(lang, root=ROOT):
    found = built_extensions(root)
    for so in found.values():
        os.remove(so)
    _write_manifest(root, {})
    print(_m("CLI204", lang, n=len(found)))
    return 0


def status(lang, root=ROOT):
    found = built_extensions(root)
    stale = set(stale_modules(root))
    for rel in sorted(found):
        print(("! " if rel in stale else "  ") + rel)
    print(_m("CLI203", lang, n=len(stale), built=len(found) - len(stale)))
    return 1 if stale else 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    from rulesdsl.i18n import user_lang
    ap = argparse.ArgumentParser(prog="build_native", description=__doc__.split("\n\n")[0])
    ap.add_argument("--modulos", "--modulos-py", dest="modules", default=None,
                    help="a,b,c: paths of .py modules under the repository (default: HOT)")
    ap.add_argument("--limpar", "--limpiar", dest="clean", action="store_true")
    ap.add_argument("--estado", dest="status", action="store_true")
    ap.add_argument("--estrito", "--estricto", dest="strict", action="store_true")
    ap.add_argument("--destino", dest="out", default=None,
                    help="install under this folder instead of beside the sources")
    ap.add_argument("--idioma", dest="lang", choices=("pt", "es"), default=None)
    a = ap.parse_args(argv)
    typed = "es" if any(w in ("--limpiar", "--estricto") for w in argv) else None
    lang = user_lang(a.lang, typed, os.environ, ("pt", "es")) or "pt"
    if a.clean:
        return clean(lang)
    if a.status:
        return status(lang)
    modules = [m.strip() for m in a.modules.split(",") if m.strip()] if a.modules else list(HOT)
    return build(modules, lang, strict=a.strict, out=a.out)


if __name__ == "__main__":
    sys.exit(main())
