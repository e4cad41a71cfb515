"""The environment: configuration shared by the stages, and the one call that runs them.

    env = Environment(lang="pt")
    game_def = env.load("rulesets/root")      # load → lexicon → parse → validate → compile
    game = env.new_game(game_def, ["marqueses", "rapinas"], seed=1)

`load` gathers every problem of every file before giving up, and raises `RulesError` with all
of them; warnings stay in `env.diagnostics`.
"""
from __future__ import annotations

import os

from .errors import Diagnostics, RulesError


class Environment:
    def __init__(self, lang: str | None = None, strict: bool = False):
        self.lang = lang
        self.strict = strict
        self.diagnostics = Diagnostics(lang or "pt")
        self._cache: dict = {}

    def load(self, path: str):
        from .model import load_ruleset
        from .interpreter.gamedef import GameDef
        path = resolve_ruleset(path)
        key = os.path.abspath(path)
        if key in self._cache:
            return self._cache[key]
        diags = Diagnostics(self.lang or "pt")
        gd = None
        try:
            rs = load_ruleset(path, diags)
        except RulesError:
            rs = None
        except Exception as exc:
            raise _with_context(exc, path, diags)
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
        self._cache[key] = gd
        return gd

    def new_game(self, game_def, factions, seed=0, **kw):
        from .interpreter.engine import Game
        return Game(game_def, factions, seed, lang=kw.pop("lang", self.lang), **kw)


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
