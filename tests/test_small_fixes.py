"""Small fixes of the language and the engine, each with the case that showed it, on the tiny
non-Root game of tests/games/miudezas (one variant of it, loaded once for the module):

* `existe valor (X) e Y` is `(existe valor X) e Y`: a function of one value takes one value;
  only the functions of several (`o maior entre A e B`) join theirs with `e`;
* `realize 1 ação entre X, Y` parses, and the player cannot end it before doing the action;
* `pare` outside an action ends the rule (a phase's step, a setup rule) or the triggered effect
  under way, and the next one follows (it used to escape as a Python exception);
* a piece status written after its noun agrees with it in the Spanish ruleset ("piezas no
  retenidas"), and `benchmarks/play_seeds.py` freezes the loaded ruleset as `simular` does.
"""
import os

import pytest

import rulesdsl
from rulesdsl.errors import Diagnostics
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.runtime import DONE
from rulesdsl.model import parse_expression
from rulesdsl import nodes as N
from run_effect import run_effect

TESTS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TESTS)
GAME = os.path.join(TESTS, "games", "miudezas", "jogo.yaml")

# the azuis' morning: a rule whose loop stops at its first space, then a rule after it; a
# trigger at the start of the morning that stops half-way (rules written for this test)
_TURN = """    turno:
      manhã:
        - |
          para cada casa C:
            receba 1 ponto
            pare
            receba 5 pontos
        - receba 1 fama
        - realize 1 ação entre cobrar, afamar
gatilhos:
  - quando: {evento: início_de_fase, fase: manhã}
    condição: você é vermelhos
    efeito: |
      receba 1 fama
      pare
      receba 5 famas
"""


@pytest.fixture(scope="module")
def g(tmp_path_factory):
    src = open(GAME, encoding="utf-8").read()
    head, tail = src.split("  vermelhos:\n", 1)
    start = head.index("    turno:\n      manhã:\n")
    head = head[:start] + "    turno:\n      manhã: []\n"
    tail = tail.replace("    turno:\n      manhã:\n        - realize até 1 ação entre rito, cobrar, "
                        "trapaça, converter, batalha, expurgo, afamar\n", _TURN)
    folder = tmp_path_factory.mktemp("miudezas_fixes")
    (folder / "jogo.yaml").write_text(head + "  vermelhos:\n" + tail, encoding="utf-8")
    return rulesdsl.load(str(folder))


def _parse(g, text, lang="pt"):
    diags = Diagnostics()
    tree = parse_expression(text, lang, g.rs.builder.tokenizer(lang), diags)
    assert tree is not None and not diags.errors, [d.message() for d in diags.errors]
    return tree.stmts[0]


# ---------------------------------------------------------------------------------------------
# a function of one value

@pytest.mark.parametrize("lang,text", [
    ("pt", "se existe valor (proscrito) e pontos > 0: receba 1 ponto"),
    ("es", "si existe valor (proscrito) y puntos > 0: recibe 1 punto"),
])
def test_a_function_of_one_value_takes_one(g, lang, text):
    cond = _parse(g, text, lang).cond
    assert isinstance(cond, N.Logic) and cond.op == "and"
    truthy, cmp = cond.items
    assert isinstance(truthy, N.Call) and truthy.fn == "truthy" and len(truthy.args) == 1
    assert isinstance(cmp, N.Cmp)


def test_a_function_of_several_values_still_joins_them(g):
    q = _parse(g, "receba (o maior entre (pontos) e (fama)) pontos").obj.quant
    assert isinstance(q, N.Call) and q.fn == "max" and len(q.args) == 2


def test_the_condition_after_a_function_of_one_value_is_checked(g):
    game = Game(g, ["azuis", "vermelhos"], seed=1)
    before = game.s.counters["azuis:pontos"]
    run_effect(game, "se existe valor (proscrito) e pontos de você > 50: receba 1 ponto", "azuis")
    assert game.s.counters["azuis:pontos"] == before          # `pontos > 50` is false


# ---------------------------------------------------------------------------------------------
# `realize 1 ação`

@pytest.mark.parametrize("lang,text", [
    ("pt", "realize 1 ação entre cobrar, afamar"),
    ("es", "realiza 1 acción entre cobrar, afamar"),
])
def test_doing_exactly_one_action_parses(g, lang, text):
    menu = _parse(g, text, lang)
    assert isinstance(menu, N.ActionMenu) and menu.exact and not menu.live
    assert isinstance(menu.budget, N.Num) and menu.budget.value == 1


def test_exactly_one_action_cannot_be_ended_early(g):
    """`realize até 1 ação` offers "done"; `realize 1 ação` does not while an action is left."""
    game = Game(g, ["azuis", "vermelhos"], seed=1)
    upto = run_effect(game, "realize até 1 ação entre cobrar, afamar", "azuis")
    exact = run_effect(game, "realize 1 ação entre cobrar, afamar", "azuis")
    assert DONE in upto[0]
    assert DONE not in exact[0] and set(exact[0]) == set(upto[0]) - {DONE}


# ---------------------------------------------------------------------------------------------
# `pare` outside an action

def test_stop_ends_the_phase_rule_and_the_next_rule_follows(g):
    game = Game(g, ["azuis", "vermelhos"], seed=1)
    c = game.s.counters
    # vermelhos' morning: the loop stopped at its first space (1 point, not 3 nor 5 more),
    # then `receba 1 fama`; the trigger stopped after its first line (1 fame, not 5 more)
    assert c["vermelhos:pontos"] == 1
    assert c["vermelhos:fama"] == 2
    # and then the menu of exactly one action waits for vermelhos
    d = game.pending
    assert d.player == "vermelhos" and DONE not in d.options


# ---------------------------------------------------------------------------------------------
# a status after its noun agrees with it (the Spanish ruleset is written from the Portuguese)

def test_a_translated_status_agrees_with_its_noun():
    """Root's Street Band (E.2.2) in the generated Spanish ruleset (kept fresh by test_translate)."""
    text = open(os.path.join(REPO, "rulesets", "root-es", "capangas", "banda.yaml"), encoding="utf-8").read()
    assert "retén todas las piezas no retenidas de F en C" in text
    assert "piezas retenido" not in text and "no retenido " not in text


@pytest.mark.skipif(not hasattr(__import__("gc"), "freeze"), reason="no gc.freeze here (PyPy): nothing to freeze")
def test_play_seeds_freezes_the_loaded_ruleset(monkeypatch):
    import sys
    sys.path.insert(0, os.path.join(REPO, "benchmarks"))
    try:
        import play_seeds
    finally:
        sys.path.pop(0)
    frozen = []
    monkeypatch.setattr(play_seeds.gc, "freeze", lambda: frozen.append(True))
    assert play_seeds.main(["0"]) == 0
    with_freeze = len(frozen)
    frozen.clear()
    assert play_seeds.main(["0", "--no-freeze"]) == 0
    assert with_freeze == len(frozen) + 1          # once more than a load may do by itself


# ---------------------------------------------------------------------------------------------
# M043 names the kind of thing in words

def test_an_unknown_space_is_named_as_a_space(tmp_path):
    from rulesdsl.environment import Environment
    from rulesdsl.errors import RulesError
    src = open(GAME, encoding="utf-8").read().replace(
        "    ligações:\n", "    ruínas: [lestee]\n    ligações:\n")
    (tmp_path / "jogo.yaml").write_text(src, encoding="utf-8")
    with pytest.raises(RulesError) as e:
        Environment().load(str(tmp_path))
    msgs = [d.render() for d in e.value.diagnostics if d.code == "M043"]
    assert msgs and "'lestee' não é um espaço de um mapa" in msgs[0] and "W.kind" not in msgs[0]


# ---------------------------------------------------------------------------------------------
# the ruleset's hash (saved games, logs) covers what is played, not how the map is drawn

def test_editing_map_positions_keeps_the_ruleset_hash(tmp_path):
    from rulesdsl.environment import Environment
    src = open(GAME, encoding="utf-8").read()
    drawn = "    posições:\n      valores: {norte: [10, 10], centro: [10, 50], sul: [10, 90]}\n    ligações:\n"
    hashes = []
    for i, text in enumerate([
            src,
            src.replace("    ligações:\n", drawn),
            src.replace("    ligações:\n", drawn.replace("[10, 90]", "[40, 90]")),
            src.replace("limite_de_rodadas: 4", "limite_de_rodadas: 5")]):
        d = tmp_path / str(i)
        d.mkdir()
        (d / "jogo.yaml").write_text(text, encoding="utf-8")
        hashes.append(Environment().load(str(d)).rs.hash)
    assert hashes[0] == hashes[1] == hashes[2]          # drawing only
    assert hashes[3] != hashes[0]                        # a rule changed


# ---------------------------------------------------------------------------------------------
# a log's start record makes the same game again (A.8 advanced setup: seats choose factions)

def test_the_log_of_an_advanced_setup_game_replays(root_def):
    import random
    from rulesdsl.interpreter.describe import EventLog
    from rulesdsl.view.replay import make_game, read_game
    game = Game(root_def, 3, seed=4, setup="avancada", log=True)
    log = EventLog(game, "pt")
    log.start()
    rng = random.Random(4)
    for _ in range(40):
        if game.pending is None:
            break
        i = rng.randrange(len(game.pending.options))
        log.before(i)
        game.apply(i)
        log.drain()
    start = log.records[0]
    assert start["setup"] == "avancada" and start["seats"] == 3
    again = make_game(root_def, read_game(log.text()), history=True)
    assert again.history == game.history and again.factions == game.factions
    assert again.s.board == game.s.board
