"""The fuzzer's CI slice (issue 21): a fixed, derandomized budget of mutated inputs through the
loader, the validator, the expression parser and compiler, the scenario loader, the text
catalogue and the command line; each must end in diagnostics or load, never an exception.

The count of inputs is fixed (10 × 15), so the tests are the same on every machine; the long
run is `python -m rulesdsl.fuzz --inputs 100000 --seed 1` (docs/robustez.md)."""
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesdsl import fuzz
from rulesdsl.environment import Environment
from rulesdsl.errors import RulesError

CHUNKS, PER_CHUNK = 10, 15
PLAN = fuzz.plan(CHUNKS * PER_CHUNK, seed=0)
_CORPUS = []


def _corpus():
    if not _CORPUS:
        _CORPUS.append(fuzz.Corpus())
    return _CORPUS[0]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_inputs_give_diagnostics_not_tracebacks(chunk):
    found = []
    for target, seed in PLAN[chunk * PER_CHUNK:(chunk + 1) * PER_CHUNK]:
        f = fuzz.run_one(target, seed, _corpus(), timeout=60)
        if f is not None:
            found.append(f"{f.target} seed={f.seed} {f.kind}: {f.detail}")
    assert not found, "\n".join(found)


def test_every_target_is_in_the_slice():
    assert {t for t, _ in PLAN} == {t for t, w in fuzz.WEIGHTS.items() if w}


# ---------------------------------------------------------------------------------------------
# effect expressions from the language's own words (hypothesis, derandomized)

GAME = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "conquista", "jogo.yaml")
WORDS = ["posicione", "remova", "role", "revele", "adicione", "compre", "escolha", "leve", "seja",
         "igual", "a", "um", "uma", "vale", "soldados", "soldado", "forte", "seus", "de", "em", "para",
         "Norte", "Sul", "manhã", "marchar", "atacar", "se", "senão", "então", "vezes", "e", "ou", "não",
         "número", "dados", "dado", "R", "C", "O", "D", "A", "N", "(", ")", ",", ";", ":", "=", ">", "+",
         "-", "*", "0", "1", "3", "10000000000000", "999999999999999999999", "pontos", "ganhe", "ponto",
         "cada", "qualquer", "o", "maior", "menor", "entre", "adjacente", "com", "houver", "todos"]


@settings(max_examples=60, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=14))
def test_random_effects_are_diagnosed(tmp_path_factory, words):
    with open(GAME, encoding="utf-8") as fh:
        text = fh.read()
    expr = " ".join(words).replace("'", "''")
    text = text.replace("    requer: houver soldados seus\n", f"    requer: houver soldados seus\n    efeito: '{expr}'\n", 1)
    text = text.replace("      escolha um vale O com soldados seus\n      escolha um vale D adjacente a O\n"
                        "      leve qualquer número de soldados seus de O para D\n", "")
    folder = tmp_path_factory.mktemp("jogo")
    (folder / "jogo.yaml").write_text(text, encoding="utf-8")
    try:
        Environment().load(str(folder))
    except RulesError as exc:
        assert all(d.pos is not None for d in exc.diagnostics if d.severity == "error")
