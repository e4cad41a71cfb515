"""A faction's simple bot in its data (`prioridades:`, interpreter/priorities.py): the agent
`heuristico` takes the option its faction's entries weigh most; the entries are checked like
any other data."""
from __future__ import annotations

import os
import textwrap

import pytest

from rulesdsl import Environment
from rulesdsl.errors import RulesError
from rulesdsl.interpreter.agents import make_agents, play
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter import priorities as P

TESTS = os.path.dirname(os.path.abspath(__file__))
CONQUISTA = os.path.join(TESTS, "games", "conquista", "jogo.yaml")
FACTIONS = ["azuis", "vermelhos"]


def overlay(tmp_path, body, lang="pt"):
    key = {"pt": "facções", "es": "facciones"}[lang]
    text = f"idioma: {lang}\nbase: {CONQUISTA}\n{key}:\n  azuis:\n" + textwrap.indent(textwrap.dedent(body), "    ")
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    return str(tmp_path)


def load(path):
    return Environment(None, cache=False).load(path)


def errors_of(path):
    with pytest.raises(RulesError) as exc:
        load(path)
    return exc.value.diagnostics


WEIGHTS = """\
prioridades:
  - ação: atacar
    peso: 5
  - ação: recrutar
    peso: 2
    condição: número de soldados seus em vales < 3
  - espaço: V
    condição: não (você governa V)
    peso: 1
"""


def test_the_action_weighed_most_is_taken_when_offered(tmp_path):
    g = load(overlay(tmp_path, WEIGHTS))
    game = Game(g, FACTIONS, 4)
    agent = P.HeuristicAgent("t")
    seen = 0
    for _ in range(400):
        if game.is_terminal():
            break
        d = game.pending
        if d.kind == "menu" and d.player == "azuis" and "atacar" in d.options:
            # Given a menu of the Azuis offering to attack, when the bot chooses, it attacks
            assert d.options[agent.choose(game)] == "atacar"
            seen += 1
        game.apply(0 if d.player != "azuis" else agent.choose(game))
    assert seen >= 1


def test_a_space_weighs_only_where_its_condition_holds(tmp_path):
    g = load(overlay(tmp_path, WEIGHTS))
    game = Game(g, FACTIONS, 1)
    norte = P.value(game, "azuis", "norte")     # the Azuis start in Norte: they rule it
    leste = P.value(game, "azuis", "leste")
    assert (norte, leste) == (0.0, 1.0)
    assert P.value(game, "vermelhos", "leste") is None      # no entries: the greedy agent's call


def test_a_condition_with_a_number_weighs_while_it_holds(tmp_path):
    g = load(overlay(tmp_path, WEIGHTS))
    game = Game(g, FACTIONS, 1)
    assert P.value(game, "azuis", "recrutar") == 0.0        # 3 soldiers in the valleys: not < 3


def test_spanish_keys(tmp_path):
    g = load(overlay(tmp_path, """\
        prioridades:
          - acción: atacar
            peso: 3
          - espacio: V
            condición: no (tú gobiernas V)
            peso: 1
        """, lang="es"))
    assert [(p.action, p.var) for p in g.priorities["azuis"]] == [("atacar", None), (None, "V")]


def test_mistakes_are_positioned_errors(tmp_path):
    diags = errors_of(overlay(tmp_path, """\
        prioridades:
          - ação: atacr
            peso: 3
          - peso: 1
          - espaço: V
            condição: V é muito bonito
            peso: 1
          - ação: marchar
            pesso: 2
        """))
    codes = [d.code for d in diags if d.severity == "error"]
    assert "M136" in codes and "M137" in codes
    m136 = next(d for d in diags if d.code == "M136")
    assert m136.hint == "atacar" and (m136.pos.line, m136.pos.col) == (6, 15)   # the value, "atacr"
    assert len(codes) >= 4                                   # the condition and the misspelt key too


def test_without_priorities_it_plays_as_the_greedy_agent():
    g = load(CONQUISTA)
    runs = []
    for kind in ("heuristico", "greedy"):
        game = Game(g, FACTIONS, 7)
        play(game, make_agents(kind, FACTIONS, 7), max_decisions=300)
        runs.append(list(game.history))
    assert runs[0] == runs[1] and len(runs[0]) > 10


def test_root_marquise_bot_plays_and_is_deterministic():
    import rulesdsl
    g = rulesdsl.load(os.path.join(os.path.dirname(TESTS), "rulesets", "root"))
    assert {p.action for p in g.priorities["marqueses"]} >= {"marqueses.erguer"}
    hist = []
    for _ in range(2):
        game = Game(g, ["marqueses", "rapinas"], 3)
        play(game, make_agents("heuristico,random", ["marqueses", "rapinas"], 3), max_decisions=150)
        hist.append(list(game.history))
    assert hist[0] == hist[1]
