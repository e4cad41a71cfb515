"""Loading fast and right: the compiled-ruleset cache (rulesdsl/cache.py), the libyaml
composer (rulesdsl/loader.py), the shipped parse tables (rulesdsl/parse_tables.py) and workers that
inherit the compiled ruleset (interpreter/simulate.py). Correctness only: the timings are in
docs/desempenho.md, never here."""
import glob
import json
import os
import random
import shutil
import stat

import pytest

from rulesdsl import cache as C
from rulesdsl import loader as L
from rulesdsl.cli import main
from rulesdsl.environment import Environment
from rulesdsl.errors import Diagnostics, RulesError
from rulesdsl.interpreter import simulate as S

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CONQUISTA = os.path.join(HERE, "games", "conquista")
FACTIONS = ["azuis", "vermelhos"]


@pytest.fixture
def game(tmp_path):
    folder = tmp_path / "conquista"
    shutil.copytree(CONQUISTA, folder)
    return folder


@pytest.fixture
def store(tmp_path):
    return str(tmp_path / "cache")


def env(store, **kw):
    return Environment(cache=True, cache_dir=store, **kw)


def entries(store):
    return sorted(n for n in os.listdir(store) if n.endswith(".rdc"))


def played(gdef, seed=5, n=200):
    """A short random game's decisions and state, to compare two GameDefs by behaviour."""
    from rulesdsl.interpreter.engine import Game
    g = Game(gdef, FACTIONS, seed)
    rng = random.Random(seed)
    trail = []
    while g.pending is not None and len(trail) < n:
        k = rng.randrange(len(g.pending.options))
        trail.append((len(g.pending.options), k))
        g.apply(k)
    return trail, g.scores(), [str(e) for e in g.history]


# ---------------------------------------------------------------------------------------------
# the cache

def test_the_second_load_comes_from_the_cache_and_plays_the_same(game, store):
    e1 = env(store)
    a = e1.load(str(game))
    assert e1.cache_hit is False and len(entries(store)) == 1
    e2 = env(store)
    b = e2.load(str(game))
    assert e2.cache_hit is True
    assert sorted(a.factions) == sorted(b.factions)
    assert played(a) == played(b)
    assert a.rs.hash == b.rs.hash
    # positions survive: an expression's tree still points into its file
    assert [str(x.text.pos) for x in a.rs.expressions] == [str(x.text.pos) for x in b.rs.expressions]



CACHED_LOAD = r"""
import builtins, json, sys
from rulesdsl import codegen
compiled = []
def counting(text, name, *a, **kw):
    compiled.append(name)
    return builtins.compile(text, name, *a, **kw)
codegen.compile = counting
from rulesdsl.environment import Environment
e = Environment(cache=True, cache_dir=sys.argv[2])
e.load(sys.argv[1])
print(json.dumps([e.cache_hit, sorted({m.split(".")[0] for m in sys.modules} & {"yaml", "lark", "jsonschema"}),
                  len(compiled)]))
"""


def test_a_cached_load_reads_no_yaml_parses_nothing_and_compiles_no_generated_code(game, store):
    """The second process takes the model, the lexicons and the generated functions' code
    from the entry: it imports neither the YAML reader nor the parser."""
    import subprocess
    import sys
    run = lambda: json.loads(subprocess.run([sys.executable, "-c", CACHED_LOAD, str(game), store],
                                            capture_output=True, text=True, check=True).stdout)
    hit, heavy, compiled = run()
    assert hit is False and "yaml" in heavy and compiled > 0
    hit, heavy, compiled = run()
    assert (hit, heavy, compiled) == (True, [], 0)


MENU = "        - realize até 2 ações entre marchar, atacar, recrutar\n"


def warned(game):
    """The game with an action no menu offers: warning M040 (from the compiling stage)."""
    path = game / "jogo.yaml"
    text = path.read_text(encoding="utf-8")
    assert MENU in text
    path.write_text(text.replace(MENU, "        - realize até 2 ações entre marchar, atacar\n"),
                    encoding="utf-8")
    return game


def test_warnings_come_back_with_a_cached_load(game, store):
    warned(game)
    first = env(store)
    first.load(str(game))
    assert [d.code for d in first.diagnostics] == ["M040"]
    again = env(store)
    again.load(str(game))
    assert again.cache_hit is True
    assert [(d.code, d.pos, d.message()) for d in again.diagnostics] == \
        [(d.code, d.pos, d.message()) for d in first.diagnostics]


@pytest.mark.parametrize("change", ["edit", "add", "remove"])
def test_a_changed_file_is_a_new_load(game, store, change):
    if change == "remove":
        (game / "sub").mkdir()
        (game / "sub" / "extra.yaml").write_text("idioma: pt\n", encoding="utf-8")
    e = env(store)
    e.load(str(game))
    assert e.cache_hit is False and env(store).load(str(game)) is not None
    if change == "edit":
        with open(game / "jogo.yaml", "a", encoding="utf-8") as fh:
            fh.write("# outra linha\n")
    elif change == "add":
        (game / "extra.yaml").write_text("idioma: pt\n", encoding="utf-8")
    else:
        os.remove(game / "sub" / "extra.yaml")
    e = env(store)
    e.load(str(game))
    assert e.cache_hit is False


def test_the_key_covers_the_engine_and_the_language(game, store, monkeypatch):
    c = C.DiskCache(store)
    k = c.key(str(game), None)
    assert c.key(str(game), "es") != k
    assert c.key(str(game) + "x", None) != k
    monkeypatch.setattr(C, "_ENGINE", "another version of rulesdsl")
    assert c.key(str(game), None) != k


def test_an_edited_base_of_an_overlay_is_a_new_load(tmp_path, game, store):
    over = tmp_path / "casa"
    over.mkdir()
    (over / "jogo.yaml").write_text(
        f"idioma: pt\nbase: {game}\nsubstituir: [jogo.pontos_para_vencer]\n"
        "jogo:\n  pontos_para_vencer: 7\n", encoding="utf-8")
    first = env(store)
    first.load(str(over))
    second = env(store)
    second.load(str(over))
    assert second.cache_hit is True
    with open(game / "jogo.yaml", "a", encoding="utf-8") as fh:
        fh.write("# base mudada\n")
    third = env(store)
    third.load(str(over))
    assert third.cache_hit is False


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty", "header"])
def test_a_damaged_entry_is_ignored_and_written_again(game, store, damage):
    env(store).load(str(game))
    path = os.path.join(store, entries(store)[0])
    blob = open(path, "rb").read()
    if damage == "truncate":
        blob = blob[:len(blob) // 2]
    elif damage == "flip":
        i = len(blob) - 100
        blob = blob[:i] + bytes([blob[i] ^ 0xFF]) + blob[i + 1:]
    elif damage == "garbage":
        blob = os.urandom(len(blob))
    elif damage == "empty":
        blob = b""
    else:
        blob = blob.replace(b'"format": 1', b'"format": 9', 1)
    with open(path, "wb") as fh:
        fh.write(blob)
    e = env(store)
    gd = e.load(str(game))
    assert e.cache_hit is False and gd is not None
    again = env(store)
    again.load(str(game))
    assert again.cache_hit is True


def test_nothing_is_unpickled_before_the_body_is_checked(game, store, monkeypatch):
    env(store).load(str(game))
    path = os.path.join(store, entries(store)[0])
    blob = bytearray(open(path, "rb").read())
    blob[-1] ^= 0x01
    open(path, "wb").write(bytes(blob))
    import pickle
    calls = []
    real = pickle.loads
    monkeypatch.setattr(pickle, "loads", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert C.DiskCache(store).read(entries(store)[0][:-4]) is None
    assert calls == []


def test_entries_are_written_whole_or_not_at_all(game, store, monkeypatch):
    def refused(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", refused)
    e = env(store)
    assert e.load(str(game)) is not None          # loading works without the cache
    assert os.listdir(store) == []                # no entry, no temporary file left behind
    monkeypatch.undo()
    env(store).load(str(game))
    names = os.listdir(store)
    assert len(names) == 1 and names[0].endswith(".rdc") and not names[0].startswith(".tmp")
    assert stat.S_IMODE(os.stat(store).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(os.path.join(store, names[0])).st_mode) & 0o077 == 0


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_folder_others_can_write_is_not_used(game, store):
    env(store).load(str(game))
    os.chmod(store, 0o777)
    e = env(store)
    e.load(str(game))
    assert e.cache_hit is False and e.disk_cache.problem()
    os.chmod(store, 0o700)


def test_the_shared_temporary_folder_is_never_used():
    import tempfile
    assert C.DiskCache(tempfile.gettempdir()).problem()


def test_the_folder_comes_from_the_environment(tmp_path):
    assert C.default_folder({"RULESDSL_CACHE_DIR": str(tmp_path / "x")}) == str(tmp_path / "x")
    assert C.default_folder({"XDG_CACHE_HOME": str(tmp_path)}) == str(tmp_path / "rulesdsl")
    assert C.default_folder({}).endswith(os.path.join(".cache", "rulesdsl"))
    assert C.enabled_by_env(True, {"RULESDSL_CACHE": "0"}) is False
    assert C.enabled_by_env(False, {"RULESDSL_CACHE": "1"}) is True
    assert C.enabled_by_env(False, {}) is False and C.enabled_by_env(True, {}) is True


def test_a_strict_load_from_the_cache_still_refuses_warnings(game, store):
    warned(game)
    env(store).load(str(game))
    strict = env(store, strict=True)
    with pytest.raises(RulesError) as exc:
        strict.load(str(game))
    assert strict.cache_hit is True and [d.code for d in exc.value.diagnostics] == ["M040"]


def test_tools_that_need_the_loader_get_it_from_a_cached_load(game, store):
    env(store).load(str(game))
    e = env(store)
    gd = e.load(str(game))
    assert e.cache_hit is True
    assert gd.rs.builder.tokenizer(gd.rs.lang) is not None


def test_the_command_line_uses_the_cache_and_can_go_without(game, store, monkeypatch, capsys):
    monkeypatch.setenv("RULESDSL_CACHE_DIR", store)
    monkeypatch.delenv("RULESDSL_CACHE", raising=False)
    args = ["jogar", str(game), "--faccoes", ",".join(FACTIONS), "--semente", "3", "--json"]
    assert main(args + ["--sem-cache"]) == 0
    assert not os.path.exists(store) or entries(store) == []
    with open(game / "jogo.yaml", "a", encoding="utf-8") as fh:
        fh.write("# mudou\n")              # past the command line's own in-process memory
    assert main(args) == 0
    assert len(entries(store)) == 1
    capsys.readouterr()


# ---------------------------------------------------------------------------------------------
# the libyaml composer agrees with PyYAML's

def _pyyaml_only(text):
    loader = L._ComposeLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _loaded(text, monkeypatch=None, python=False):
    real = L._compose
    if python:
        L._compose = _pyyaml_only
    try:
        d = Diagnostics()
        v = L.load_text(text, "x.yaml", d, "pt")
    finally:
        L._compose = real
    out = []

    def dump(x, depth=0):
        if depth > 100:
            out.append("deep")
        elif isinstance(x, L.YStr):
            out.append(("s", str(x), x.pos, x.start, x.end))
        elif isinstance(x, L.YDict):
            out.append(("d", x.pos))
            for k, y in x.items():
                dump(k, depth + 1)
                out.append((x.key_pos.get(k), x.val_pos.get(k)))
                dump(y, depth + 1)
        elif isinstance(x, L.YList):
            out.append(("l", x.pos, list(x.item_pos)))
            for y in x:
                dump(y, depth + 1)
        else:
            out.append(repr(x))
    dump(v)
    return out, [(x.code, x.pos, x.args) for x in d.items]


def _shipped_yaml():
    out = []
    for pattern in ("rulesets/root/**/*.yaml", "grammar/**/*.yaml", "tests/games/**/*.yaml",
                    "examples/**/*.yaml"):
        out.extend(sorted(glob.glob(os.path.join(REPO, pattern), recursive=True)))
    return out


@pytest.mark.skipif(L._CParser is None, reason="PyYAML without libyaml")
def test_libyaml_reads_every_shipped_file_as_pyyaml_does():
    files = _shipped_yaml()
    assert len(files) > 30
    for f in files:
        text = open(f, encoding="utf-8").read()
        assert _loaded(text) == _loaded(text, python=True), f


@pytest.mark.skipif(L._CParser is None, reason="PyYAML without libyaml")
def test_the_message_catalogue_reads_alike_with_libyaml_and_pyyaml():
    import yaml
    from rulesdsl import errors
    folder = errors._messages_dir()
    for name in sorted(os.listdir(folder)):
        if name.endswith(".yaml"):
            text = open(os.path.join(folder, name), encoding="utf-8").read()
            assert yaml.load(text, Loader=yaml.CSafeLoader) == yaml.safe_load(text), name


@pytest.mark.skipif(L._CParser is None, reason="PyYAML without libyaml")
@pytest.mark.parametrize("text", [
    "a: 1\n", "{a: , b: c}\n", "a: {b: }\n", "[a: ]\n", "a:\tb\n", "a: b", "a: b\r\nc: d\r\n",
    "\ufeffa: b\n", "a: b\x85c: d\n", "a: b\u2028\n", "a: &x [1]\nb: *x\n", "a: *nada\n",
    "a: b: c\n", "- [" * 70 + "\n", "a:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, 80)),
    "- " * 300 + "x\n", "x: !!python/object:os.system y\n", "a: 1\n---\nb: 2\n", "", "# só\n",
    "a: 'não fechada\n", "a: |\n  bloco\n  com linhas\nb: >-\n  dobrado\n  aqui\n",
])
def test_libyaml_and_pyyaml_agree_on_odd_text(text):
    assert _loaded(text) == _loaded(text, python=True)


@pytest.mark.skipif(L._CParser is None, reason="PyYAML without libyaml")
def test_libyaml_and_pyyaml_agree_on_mutated_files():
    from rulesdsl import fuzz
    texts = [open(f, encoding="utf-8").read() for f in _shipped_yaml()]
    texts = [t for t in texts if len(t) < 20000]
    vocab = sorted({w for t in texts for w in fuzz.TOKEN_RE.findall(t)})[:2000]
    for i in range(40):
        rng = random.Random(7_000_003 + i)
        text = fuzz.mutate(rng, rng.choice(texts), vocab)
        assert _loaded(text) == _loaded(text, python=True), i


# ---------------------------------------------------------------------------------------------
# the parse tables

def test_the_shipped_parse_table_is_the_grammars_and_parses_alike(tmp_path, monkeypatch):
    from lark import Lark
    from rulesdsl import parse_tables as P
    with open(P._grammar_path(), encoding="utf-8") as fh:
        grammar = fh.read()
    key = P.grammar_key(grammar)
    if P._shipped_table(key) is None:
        pytest.fail("rulesdsl/_parse_table.py is stale: run python tools/gen_parse_table.py")
    shipped = P._from_table(P._shipped_table(key))
    built = Lark(grammar, lexer=P._ListLexer, **P._OPTIONS)
    from rulesdsl.model import load_ruleset
    trees = {}
    for name, parser in (("shipped", shipped), ("built", built)):
        monkeypatch.setattr(P, "lark_parser", lambda parser=parser: parser)
        rs = load_ruleset(CONQUISTA, Diagnostics())
        trees[name] = [repr(e.tree) for e in rs.expressions]
    assert trees["shipped"] == trees["built"] and trees["built"]


def test_a_stale_shipped_table_is_not_used_and_the_built_one_is_kept(tmp_path, monkeypatch):
    from rulesdsl import parse_tables as P
    monkeypatch.setenv("RULESDSL_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.delenv("RULESDSL_CACHE", raising=False)
    monkeypatch.setattr(P, "_shipped_table", lambda key: None)
    P.lark_parser.cache_clear()
    try:
        built = P.lark_parser()
        assert len(os.listdir(tmp_path / "c")) == 1          # the tables, kept for next time
        P.lark_parser.cache_clear()
        again = P.lark_parser()
        assert sorted(t.name for t in again.terminals) == sorted(t.name for t in built.terminals)
    finally:
        P.lark_parser.cache_clear()


# ---------------------------------------------------------------------------------------------
# workers

def _stable(r):
    return {k: v for k, v in r.items() if k not in ("seconds", "games_per_second", "workers")}


def test_forked_workers_do_not_load_the_ruleset(monkeypatch):
    if not S.can_fork():
        pytest.skip("no fork here")
    import rulesdsl.environment as E
    loads = []
    real = E.Environment.load

    def counting(self, path):
        loads.append(os.getpid())
        return real(self, path)
    monkeypatch.setattr(E.Environment, "load", counting)
    stats = {}
    r = S.simulate(CONQUISTA, FACTIONS, games=12, seed=2, workers=2, progress=False, stats=stats)
    assert r["completed"] == 12 and stats["start"] == "fork"
    assert loads == [os.getpid()]                  # this process only, once
    assert sum(stats["games"].values()) == 12


def test_workers_that_load_give_the_same_games(monkeypatch):
    monkeypatch.setattr(S, "can_fork", lambda: False)
    stats = {}
    a = S.simulate(CONQUISTA, FACTIONS, games=16, seed=9, workers=2, progress=False, stats=stats,
                   cache=False)
    b = S.simulate(CONQUISTA, FACTIONS, games=16, seed=9, workers=1, progress=False)
    assert stats["start"] == "load" and _stable(a) == _stable(b)


def test_records_are_the_same_file_with_one_or_two_workers(tmp_path, capsys):
    outs = []
    for w in ("1", "2"):
        out = tmp_path / f"jogos{w}.jsonl"
        assert main(["simular", CONQUISTA, "--faccoes", ",".join(FACTIONS), "--partidas", "20",
                     "--semente", "4", "--processos", w, "--saida", str(out), "--json"]) == 0
        outs.append(out.read_bytes())
    capsys.readouterr()
    assert outs[0] == outs[1]
    assert [json.loads(x)["game"] for x in outs[0].decode().splitlines()] == list(range(20))
