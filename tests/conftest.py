"""Shared helpers of the test suite.

* `GAMES`: the rulesets the generic tests (conformance, random games) run on, with the
  factions to seat. A ruleset that cannot be played yet (Root, while it is being written) is
  skipped with the reason, never failed: see `playable`.
* a test that takes the argument `game_case` runs once per entry of `GAMES`; its fixture
  `game_def` is the compiled ruleset (or a clean skip while it cannot be played).
* a test that takes the argument `scenario_case` runs once per scenario of every file under
  tests/cenarios/ and tests/escenarios/ (a file that does not load is one failing item).
* `RULESDSL_FULL=1` runs the long variants (more conformance playouts, more hidden-information
  and Alliance games); the number of random Root games is set by `RULESDSL_RANDOM_GAMES`.
* one load per process of each ruleset shipped in the repository (rulesets/, tests/games/):
  see `_memo_load_files`. Dozens of modules load Root; each worker now compiles it once.
  `RULESDSL_TEST_RELOAD=1` turns this off (every load reads the files, as a program does).

Nothing is imported from this file by the tests: everything reaches them as fixtures.
"""
from __future__ import annotations

import os

import pytest

TESTS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TESTS)
FULL = os.environ.get("RULESDSL_FULL", "") not in ("", "0", "false", "no")

CONQUISTA = os.path.join(TESTS, "games", "conquista", "jogo.yaml")
LEILAO = os.path.join(TESTS, "games", "leilao", "jogo.yaml")
FICHAS = os.path.join(TESTS, "games", "fichas", "jogo.yaml")
GEOMETRIA = os.path.join(TESTS, "games", "geometria", "jogo.yaml")
CONTROLE = os.path.join(TESTS, "games", "controle", "jogo.yaml")
ROOT = os.path.join(REPO, "rulesets", "root")
SCYTHE = os.path.join(REPO, "rulesets", "scythe")

# (id, ruleset path, factions — or a number of seats whose factions are chosen in setup)
GAMES = [
    ("conquista", CONQUISTA, ("azuis", "vermelhos")),
    ("leilao", LEILAO, ("norte", "sul")),
    ("fichas", FICHAS, ("azuis", "vermelhos")),
    ("leilao-lugares", LEILAO, 3),
    ("geometria", GEOMETRIA, ("escavadores", "sentinelas")),
    ("controle", CONTROLE, ("azuis", "vermelhos")),
    ("root-marqueses-rapinas", ROOT, ("marqueses", "rapinas")),
    # action windows, origin-aware prohibitions, per-parameter limits, `ação realizada`
    ("fronteira", os.path.join(TESTS, "games", "fronteira", "jogo.yaml"), ("azuis", "vermelhos")),
    # typed counters, tables, numbers, strict matching, swap, replace, public hand (N8, N18)
    ("miudezas", os.path.join(TESTS, "games", "miudezas", "jogo.yaml"), ("azuis", "vermelhos")),
    # Scythe (issue 16): two seats, faction and action mat dealt at random in the setup
    ("scythe", SCYTHE, 2),
]

SCENARIO_DIRS = [os.path.join(TESTS, "cenarios"), os.path.join(TESTS, "escenarios")]
PENDING_DIR = "pendentes"

_PLAYABLE: dict = {}


def playable(path: str, factions) -> tuple:
    """(game definition, None) when the ruleset loads and declares these factions and turn
    phases; else (None, reason). Cached per run."""
    key = (path, factions if isinstance(factions, int) else tuple(factions))
    if key in _PLAYABLE:
        return _PLAYABLE[key]
    import rulesdsl
    from rulesdsl.errors import RulesError
    try:
        g = rulesdsl.load(path)
    except RulesError as exc:
        first = exc.diagnostics[0].render() if exc.diagnostics else ""
        out = (None, f"{os.path.basename(path)} does not load yet: {len(exc.diagnostics)} problems; "
                     f"first: {first.splitlines()[0] if first else '?'}")
        _PLAYABLE[key] = out
        return out
    missing = [] if isinstance(factions, int) else [f for f in factions if f not in g.factions]
    if missing:
        out = (None, f"{os.path.basename(path)} has no faction {', '.join(missing)} yet")
    elif not g.turn_phases:
        out = (None, f"{os.path.basename(path)} declares no turn phases yet")
    else:
        out = (g, None)
    _PLAYABLE[key] = out
    return out


def game_def_or_skip(path: str, factions):
    g, why = playable(path, factions)
    if g is None:
        pytest.skip(why)
    return g


def scenario_files() -> list[str]:
    out = []
    for d in SCENARIO_DIRS:
        if not os.path.isdir(d):
            continue
        for dirpath, dirnames, filenames in os.walk(d):
            # pendentes/: scenarios that fail because of an engine bug (each says which in
            # `nota:`); not collected, run them with `python -m rulesdsl.scenario DIR/pendentes`
            dirnames[:] = sorted(x for x in dirnames if x != PENDING_DIR)
            for fn in sorted(filenames):
                if fn.endswith((".yaml", ".yml")):
                    out.append(os.path.join(dirpath, fn))
    return out


# ---------------------------------------------------------------------------------------------
# one load per process of each shipped ruleset

_LOADS: dict = {}


def _fingerprint(folder: str) -> tuple:
    """The files of a ruleset folder as (path, mtime, size): a ruleset edited during the run
    (never by the tests, but by a person) is loaded again."""
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for fn in sorted(filenames):
            try:
                st = os.stat(os.path.join(dirpath, fn))
            except OSError:
                continue
            out.append((dirpath, fn, st.st_mtime_ns, st.st_size))
    return tuple(out)


def _content_fingerprint(folder: str) -> tuple:
    """The files under `folder` as (relative path, bytes): for folders a test writes and
    rewrites within one clock tick (where a date and a size could repeat)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for fn in sorted(filenames):
            full = os.path.join(dirpath, fn)
            try:
                with open(full, "rb") as fh:
                    out.append((os.path.relpath(full, folder), fh.read()))
            except OSError:
                continue
    return tuple(out)


# folders (a test's own) whose loads are shared while that test runs: see `share_loads_under`
_CONTENT_ROOTS: list = []
_CONTENT_LOADS: dict = {}


def _install_load_memo():
    """`Environment.load` of a ruleset under rulesets/ or tests/games/ compiles it once per
    process and hands the same GameDef to every later load with the same language and
    compiler switches (the session's `root_def` and the scenario runner already share one
    this way). Warnings and errors are replayed: the Environment ends as a real load leaves it
    (`diagnostics`, its own cache, `RulesError` with the same diagnostics; a strict load fails
    on the warnings a lenient one kept). Loads with the disk cache, of temporary folders (but
    those a test shares with `share_loads_under`), or with a replaced loader/compiler (a test
    simulating a bug) always read the files."""
    if os.environ.get("RULESDSL_TEST_RELOAD", "") not in ("", "0"):
        return
    from rulesdsl import codegen, environment, model
    from rulesdsl.compiler import memo
    from rulesdsl.errors import RulesError
    from rulesdsl.interpreter import gamedef
    real = environment.Environment._load_files
    real_loader, real_gamedef = model.load_ruleset, gamedef.GameDef
    roots = tuple(os.path.join(REPO, d) + os.sep for d in ("rulesets", os.path.join("tests", "games")))

    def _memo_key(key, lang):
        folder = key if os.path.isdir(key) else os.path.dirname(key)
        switches = (key, lang, codegen.ON, memo.CHECK_MEMO)
        if key.startswith(roots):
            return _LOADS, switches + (_fingerprint(folder),)
        if any(key.startswith(root) for root in _CONTENT_ROOTS):
            # the folder and the bases it extends, by content
            from rulesdsl.overlay import chain
            layers = chain(folder)
            return _CONTENT_LOADS, switches + tuple(
                _content_fingerprint(x if os.path.isdir(x) else os.path.dirname(x)) for x in layers)
        return None, None

    def _memo_load_files(self, path, key):
        if (self.disk_cache is not None
                or model.load_ruleset is not real_loader or gamedef.GameDef is not real_gamedef):
            return real(self, path, key)
        table, mk = _memo_key(key, self.lang)
        if table is None:
            return real(self, path, key)
        hit = table.get(mk)
        if hit is None:
            # loaded leniently: the strict verdict is taken from the warnings below, so a
            # strict and a lenient load share one compilation
            strict, self.strict = self.strict, False
            before = len(self.diagnostics.items)
            try:
                gd = real(self, path, key)
            except RulesError as exc:
                table[mk] = (None, list(exc.diagnostics), list(self.diagnostics.items[before:]))
                raise
            finally:
                self.strict = strict
            seen = list(self.diagnostics.items[before:])
            table[mk] = (gd, None, seen)
            if strict and seen:
                self._cache.pop(key, None)
                raise RulesError(list(seen))
            return gd
        gd, errors, seen = hit
        self.diagnostics.extend(seen)
        if errors is not None:
            raise RulesError(list(errors))
        if self.strict and seen:
            raise RulesError(list(seen))
        self._cache[key] = gd
        return gd

    environment.Environment._load_files = _memo_load_files


_install_load_memo()


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long-running (random games); RULESDSL_FULL=1 runs all")
    config.addinivalue_line("markers", "law(paragraph): the Law paragraph a test exercises")


def pytest_generate_tests(metafunc):
    if "game_case" in metafunc.fixturenames:
        metafunc.parametrize("game_case", GAMES, ids=[g[0] for g in GAMES])
    if "scenario_case" in metafunc.fixturenames:
        cases, ids = _scenario_cases()
        metafunc.parametrize("scenario_case", cases, ids=ids)


_CASES: list = []


def _scenario_cases():
    """[(file, Scenario | RulesError)], ids "cenarios/conquista.yaml::nome-do-cenario"."""
    if not _CASES:
        from rulesdsl.errors import RulesError
        from rulesdsl.scenario import load_scenarios
        cases, ids = [], []
        for path in scenario_files():
            rel = os.path.relpath(path, TESTS).replace(os.sep, "/")
            try:
                scs = load_scenarios(path)
            except RulesError as exc:
                cases.append((path, exc))
                ids.append(f"{rel}::<erro>")
                continue
            for sc in scs:
                cases.append((path, sc))
                ids.append(f"{rel}::{sc.id}")
        _CASES.append((cases, ids))
    return _CASES[0]


@pytest.fixture
def game_def(game_case):
    _, path, factions = game_case
    return game_def_or_skip(path, factions)


@pytest.fixture
def share_loads_under():
    """`share_loads_under(folder)`: while the test runs, a load of a ruleset under `folder`
    (a test's own folder) compiles once per content of the whole folder: a second load of the
    same files, as the same path, gets the first one's GameDef (warnings and errors replayed as
    for the shipped rulesets). Any change under `folder` (a file written, removed, edited)
    makes the next load read the files again."""
    def share(folder):
        _CONTENT_ROOTS.append(os.path.abspath(str(folder)) + os.sep)
    yield share
    _CONTENT_ROOTS.clear()
    _CONTENT_LOADS.clear()


@pytest.fixture(scope="session")
def root_def():
    """Root with Marqueses and Rapinas seated, or a clean skip while it cannot be played."""
    return game_def_or_skip(ROOT, ("marqueses", "rapinas"))


@pytest.fixture(scope="session")
def full_run():
    return FULL


@pytest.fixture(scope="module")
def mapping():
    """Root's Rootlog mapping (texto/rootlog/rootlog.yaml), one per test module as before."""
    from rulesdsl.rootlog.mapping import load_mapping
    return load_mapping("rulesets/root")
