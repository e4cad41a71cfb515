"""Code generation (rulesdsl/codegen.py): the generated functions play exactly the games the
closures play, and the hot constructs are in fact generated."""
import json
import os
import random

import pytest

from rulesdsl import codegen
from rulesdsl.environment import Environment
from rulesdsl.interpreter.engine import Game

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
    rng = random.Random(seed)
    n = 0
    while game.pending is not None and n < limit:
        game.apply(rng.randrange(len(game.pending.options)))
        n += 1
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
