"""The environment: configuration shared by the stages, and the one call that runs them.

    env = Environment(lang="pt")
    game_def = env.load("rulesets/root")      # load → lexicon → parse → validate → compile
    game = env.new_game(game_def, ["marqueses", "rapinas"], seed=1)

`load` gathers every problem of every file before giving up, and raises `RulesError` with all
of them; warnings stay in `env.diagnostics`.

With `cache=True` (or RULESDSL_CACHE=1) a ruleset that loads keeps its validated model in the
user's cache folder (rulesdsl/cache.py): the next `load` of the same files skips reading,
validating and parsing them. `cache_dir` (or RULESDSL_CACHE_DIR) moves the folder.
"""
from __future__ import annotations

import contextlib
import gc
import os
import pickle

from .errors import Diagnostics, RulesError


class Environment:
    def __init__(self, lang: str | None = None, strict: bool = False,
                 cache: bool | None = None, cache_dir: str | None = None):
        self.lang = lang
        self.strict = strict
        self.diagnostics = Diagnostics(lang or "pt")
        self._cache: dict = {}
        from . import cache as cachemod
        if cache is None:
            cache = cachemod.enabled_by_env(default=False)
        self.disk_cache = cachemod.DiskCache(cache_dir) if cache else None
        self.cache_hit: bool | None = None    # how the last `load` went (None: cache off)

    def load(self, path: str):
        path = resolve_ruleset(path)
        key = os.path.abspath(path)
        if key in self._cache:
            return self._cache[key]
        gd = self._from_disk(path)
        if gd is not None:
            self._cache[key] = gd
            return gd
        with _collector_paused():
            return self._load_files(path, key)

    def _load_files(self, path: str, key: str):
        from .model import load_ruleset
        from .interpreter.gamedef import GameDef
        diags = Diagnostics(self.lang or "pt")
        gd = None
        model = None
        try:
            rs = load_ruleset(path, diags)
        except RulesError:
            rs = None
        except Exception as exc:
            raise _with_context(exc, path, diags)
        if rs is not None and not diags.has_errors():
            _premark(rs)
            if self.disk_cache is not None:
                # the model as the loader left it, before compiling reads it
                model = _freeze(rs)
        if rs is not None:
            # every stage runs as far as it can: the loader took the values of a wrong shape
            # out of the model and left unparsed expressions empty, so compilation checks
            # what is left and one run reports the errors of every stage
            had_errors = diags.has_errors()
            try:
                gd = GameDef(rs, diags)
                from .checks_cycles import check_cycles
                check_cycles(gd, diags)
            except RulesError:
                pass
            except Exception as exc:
                # a stage meeting the remains of a model already reported broken: the errors
                # above say what to fix; on a model without errors this is a bug, and shows
                if not had_errors:
                    raise _with_context(exc, path, diags)
            from .cascades import drop_cascades
            diags.items = drop_cascades(diags.items, rs.unread)
        self.diagnostics.extend(diags.items)
        if diags.has_errors() or (self.strict and len(diags)):
            raise RulesError(diags.items)
        if model is not None:
            self._to_disk(path, rs, model, diags.items)
        self._cache[key] = gd
        return gd

    # the compiled-ruleset cache (rulesdsl/cache.py) ----------------------------------------
    def _from_disk(self, path: str):
        """The GameDef of a cached model of `path`, or None (no entry, stale, damaged)."""
        c = self.disk_cache
        if c is None:
            return None
        self.cache_hit = False
        if c.problem():
            return None
        try:
            with _collector_paused():
                payload = c.read(c.key(path, self.lang))
                if payload is None:
                    return None
                rs = pickle.loads(payload["ruleset"])
                warnings = list(payload["diagnostics"])
                _use_extra(payload.get("extra"))
                from .interpreter.gamedef import GameDef
                from .cache import LazyBuilder
                rs.builder = LazyBuilder(path, self.lang)
                # the load's warnings are in the entry: the checks that only warn are skipped
                gd = GameDef(rs, Diagnostics(self.lang or "pt"), checks=False)
        except Exception:    # an entry that does not compile (damaged): load from the files
            return None
        self.cache_hit = True
        self.diagnostics.extend(warnings)
        if self.strict and warnings:
            raise RulesError(warnings)
        return gd

    def _to_disk(self, path: str, rs, model: bytes, warnings) -> None:
        from . import cache as cachemod
        c = self.disk_cache
        if c is None or c.problem():
            return
        try:
            files = cachemod.manifest(cachemod.folders_of(path, rs))
            key = c.key(path, self.lang)
        except OSError:
            return
        if not cachemod.files_match(files, rs):   # files read from elsewhere: not cached
            return
        c.write(key, {"files": files}, {"ruleset": model, "diagnostics": list(warnings),
                                        "extra": _extra()})

    def new_game(self, game_def, factions, seed=0, **kw):
        from .interpreter.engine import Game
        return Game(game_def, factions, seed, lang=kw.pop("lang", self.lang), **kw)


def _freeze(rs) -> bytes | None:
    """The loaded model as bytes (without the loader's own tables), or None if it cannot be
    stored."""
    builder = getattr(rs, "builder", None)
    try:
        rs.builder = None
        return pickle.dumps(rs, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return None
    finally:
        rs.builder = builder


def _premark(rs) -> None:
    """What the compiler reads off each rule's tree and notes on it, done before the model is
    stored so that a load from the cache finds it done: the role of each choice
    (compiler/roles.py; a walk of every tree, ≈ 10 % of a cached load). The same pass the
    compiler makes on each block, from the outermost block of each rule."""
    from . import nodes as N
    from .compiler.roles import mark_roles
    for e in rs.expressions:
        if isinstance(e.tree, N.Block):
            mark_roles(e.tree)


def _extra() -> dict:
    """What a cached load would otherwise compute again: the engine's lexicons (from its own
    folder, so the same for the same engine files) and the generated code's compiled
    functions (rulesdsl/codegen.py, by source text; `marshal`, valid for this Python only —
    the cache key holds the Python version)."""
    import marshal
    from . import codegen, lexicon
    out: dict = {}
    try:
        langs = [n[:-5] for n in sorted(os.listdir(lexicon.lexicon_dir())) if n.endswith(".yaml")]
        out["lexicons"] = {lg: lexicon.get(lg) for lg in langs}
    except Exception:      # a lexicon that does not load: read from the files each time
        pass
    try:
        out["code"] = marshal.dumps(dict(codegen._code_cache))
    except ValueError:
        pass
    return out


def _use_extra(extra) -> None:
    if not isinstance(extra, dict):
        return
    import marshal
    from . import codegen, lexicon
    if isinstance(extra.get("lexicons"), dict):
        lexicon.prime(extra["lexicons"])
    if isinstance(extra.get("code"), bytes) and codegen.ON:
        code = marshal.loads(extra["code"])
        if isinstance(code, dict):
            for text, co in code.items():
                codegen._code_cache.setdefault(text, co)


@contextlib.contextmanager
def _collector_paused():
    """A load makes tens of thousands of new objects (the model, the compiled rules), none of
    them garbage: the collector is paused meanwhile (it would walk the heap several times)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            _age_new_objects()
            gc.enable()


def _age_new_objects() -> None:
    """Put the objects a load made straight into the oldest generation: left young, the first
    collections after the load walk every one of them (the model, the compiled rules: 0.2-0.4 s)
    only to find they all live on. They stay collectable: a full collection, when it comes,
    still looks at them. Done only when nothing is frozen: `gc.unfreeze` would undo a freeze
    made by the program (a `simular` worker's inherited heap)."""
    if gc.get_freeze_count() == 0:
        gc.freeze()      # every tracked object to the permanent generation (no walk) ...
        gc.unfreeze()    # ... and all of it back into the oldest one


def _with_context(exc: Exception, path: str, diags: Diagnostics) -> Exception:
    """An unexpected exception (a bug) carries what was being read and the diagnostics
    gathered so far, so the command line can show both with its internal-error message."""
    if not hasattr(exc, "rulesdsl_context"):
        try:
            exc.rulesdsl_context = path
            exc.rulesdsl_diagnostics = list(diags.items)
        except AttributeError:
            pass
    return exc


def bundled_rulesets() -> list[str]:
    """The names of the rulesets shipped with rulesdsl ("root", "root-es")."""
    here = os.path.dirname(os.path.abspath(__file__))
    folder = os.path.join(os.path.dirname(here), "rulesets")
    try:
        return sorted(n for n in os.listdir(folder)
                      if os.path.isdir(os.path.join(folder, n)) and not n.startswith(("_", ".")))
    except OSError:
        return []


def resolve_ruleset(path: str) -> str:
    """A ruleset folder, or the name of one shipped with rulesdsl ("root")."""
    if os.path.exists(path):
        return path
    here = os.path.dirname(os.path.abspath(__file__))
    for base in (os.path.join(os.path.dirname(here), "rulesets"),):
        cand = os.path.join(base, path)
        if os.path.exists(cand):
            return cand
    try:
        import importlib.resources as ir
        cand = str(ir.files("rulesdsl.rulesets") / path)
        if os.path.exists(cand):
            return cand
    except (ModuleNotFoundError, TypeError):
        pass
    return path
