"""Code generation (rulesdsl/codegen.py): the generated functions play exactly the games the
closures play, and the hot constructs are in fact generated."""
import json
import os

import pytest

from rulesdsl import codegen
from rulesdsl.environment import Environment
from rulesdsl.interpreter.engine import Game
from random_play import play_some

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(os.path.dirname(HERE), "rulesets", "root")
CONQUISTA = os.path.join(HERE, "games", "conquista")


def _load(path, on):
    was = codegen.ON
    codegen.ON = on
    try:
        return Environment().load(path)
    finally:
        codegen.ON = was


def _log(gdef, factions, seed, limit=100_000):
    game = Game(gdef, factions, seed, log=True)
    play_some(game, seed, limit)
    return json.dumps(game.log, sort_keys=True, default=str)


@pytest.fixture(scope="module")
def root_both():
    return _load(ROOT, True), _load(ROOT, False)


@pytest.mark.parametrize("factions,seed", [
    (["marqueses", "rapinas", "alianca", "malandro"], 0),
    (["marqueses", "rapinas"], 1),
    (["alianca", "malandro", "rapinas"], 2),
])
def test_generated_code_plays_the_same_games_as_the_closures(root_both, factions, seed):
    gen, clo = root_both
    assert _log(gen, factions, seed, 1500) == _log(clo, factions, seed, 1500)


def test_small_game_same_log():
    gen, clo = _load(CONQUISTA, True), _load(CONQUISTA, False)
    for seed in range(3):
        assert _log(gen, ["azuis", "vermelhos"], seed) == _log(clo, ["azuis", "vermelhos"], seed)


def _generated(fn):
    return getattr(getattr(fn, "__code__", None), "co_filename", "").startswith("<rulesdsl")


def test_requirements_and_selections_are_generated(root_both):
    gen, clo = root_both
    # "houver clareira C com serraria onde ...", "houver guerreiros seus"...: one loop each
    assert any(_generated(getattr(a, "any", None)) or _generated(getattr(a, "exists", None))
               for a in _selections(gen))
    assert not any(_generated(getattr(a, "any", None)) for a in _selections(clo))


def _selections(gdef):
    return list(getattr(gdef, "_exists_sels", {}).values())


def test_an_unknown_construct_stays_a_call():
    # what the generator does not know is called from the generated code, not dropped
    calls = []

    def opaque(ctx):
        calls.append(1)
        return 3
    two = codegen.const(lambda ctx: 2, 2)
    f = codegen.arith("+", two, opaque)
    assert f(None) == 5 and calls == [1]
    g = codegen.logic("and", [codegen.cmp(">", f, two), codegen.negate(codegen.const(lambda c: 0, 0))])
    assert g(None) is True and calls == [1, 1]
    assert "2" in f._cg[0] and "(ctx)" in f._cg[0]


# --- statements (rulesdsl/codegen_stmt.py) ---------------------------------------------------

class _Ctx:
    def __init__(self):
        self.env = {}
        self.me = "a"


def _statements(gen):
    """block[ seja N = 10; para cada X em [1, 2]: block[ se X = 1: block[diga b; espere; diga c];
    diga d ]; diga e ] — written with the generator (gen) or as the closures of flow.py."""
    from rulesdsl import codegen_stmt as cgs
    from rulesdsl.interpreter import flow
    from rulesdsl.interpreter.runtime import Decision
    log = []

    def say(x):
        def run(ctx):
            log.append((x, ctx.env.get("X"), ctx.env.get("Y"), ctx.env.get("N")))
        return run

    def wait(ctx):
        d = Decision("a", "choose", ["y0", "y1"])
        return (flow.ChooseOne(ctx, d, "Y", False), d)

    def block(runs):
        return cgs.block(runs, flow.block(runs)) if gen else flow.block(runs)

    ten = codegen.const(lambda ctx: 10, 10)

    def let_n(ctx):
        ctx.env["N"] = ten(ctx)
    x_is_1 = codegen.cmp("=", codegen.var(lambda ctx: ctx.env.get("X"), "X"), codegen.const(lambda c: 1, 1))
    then = block([say("b"), wait, say("c")])

    def if_run(ctx):
        if x_is_1(ctx):
            return then(ctx)
    body = block([cgs.if_(x_is_1, then, None, if_run) if gen else if_run, say("d")])
    elems = lambda ctx: [1, 2]      # noqa: E731
    each = cgs.foreach(elems, body, "X", flow.foreach(elems, body, "X")) if gen \
        else flow.foreach(elems, body, "X")
    top = block([cgs.let("N", ten, let_n) if gen else let_n, each, say("e")])
    return top, log


def test_generated_statements_wait_and_resume_as_the_closures():
    from rulesdsl.interpreter.machine import Machine
    runs = {}
    for gen in (True, False):
        top, log = _statements(gen)
        if gen:
            assert _generated(top)
        ctx = _Ctx()
        m = Machine()
        r = top(ctx)
        # waits inside the `se` of the first element: block → para cada → block → se → block
        frames = []
        x = r
        while type(x) is tuple:
            frames.append((type(x[0]).__name__, getattr(x[0], "i", None)))
            x = x[1]
        d = m.run(None, r)
        assert d is not None and d.options == ["y0", "y1"]
        assert m.run(1) is None
        runs[gen] = (frames, log, dict(ctx.env))
    assert runs[True] == runs[False]
    assert runs[True][0] == [("Block", 2), ("ForEach", 1), ("Block", 1), ("Block", 2), ("ChooseOne", None)]
    assert [e[0] for e in runs[True][1]] == ["b", "c", "d", "d", "e"]


def test_statements_of_root_are_generated(root_both):
    gen, clo = root_both
    from rulesdsl import codegen as cg
    blocks = [k for k in cg._code_cache if k.startswith("def _blk(")]
    # `se` and `para cada` written in place in the blocks around them
    assert any("\n    if " in k and "_Block(" in k for k in blocks)
    assert any("\n    for x1 in xs1:" in k for k in blocks)
