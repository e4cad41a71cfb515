"""Agents (random, greedy, human) and the localized labels they show."""
import io
import os

import pytest

import rulesdsl
from rulesdsl.interpreter import describe as D
from rulesdsl.interpreter.agents import (AgentSpecError, GreedyAgent, HumanAgent, Quit, RandomAgent,
                                         action_profiles, make_agents, play, summary)
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.runtime import DONE, PASS

CONQUISTA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "conquista")
FACTIONS = ["azuis", "vermelhos"]


@pytest.fixture(scope="module")
def gdef():
    return rulesdsl.load(CONQUISTA)


def choices(gdef, agents, seed):
    game = Game(gdef, FACTIONS, seed)
    play(game, agents)
    return game.history


def test_random_agent_is_deterministic_given_its_seed(gdef):
    a = choices(gdef, {f: RandomAgent(f"7:{i}") for i, f in enumerate(FACTIONS)}, 3)
    b = choices(gdef, {f: RandomAgent(f"7:{i}") for i, f in enumerate(FACTIONS)}, 3)
    c = choices(gdef, {f: RandomAgent(f"8:{i}") for i, f in enumerate(FACTIONS)}, 3)
    assert a == b and a != c


def test_greedy_agent_is_deterministic_and_plays_to_the_end(gdef):
    a = choices(gdef, make_agents("greedy", FACTIONS, 5), 5)
    b = choices(gdef, make_agents("guloso", FACTIONS, 5), 5)
    assert a == b and len(a) > 0


def test_greedy_prefers_acting_to_passing(gdef):
    game = Game(gdef, FACTIONS, 1)
    d = game.pending
    assert d.kind == "menu" and DONE in d.options
    i = GreedyAgent(0).choose(game)
    assert d.options[i] is not DONE
    profiles = action_profiles(gdef)
    assert profiles["atacar"] > 0 and profiles["recrutar"] > 0


def test_greedy_beats_random_more_often_than_not(gdef):
    wins = 0
    for k in range(20):
        seats = FACTIONS if k % 2 == 0 else FACTIONS[::-1]
        game = Game(gdef, seats, 100 + k)
        greedy = seats[k % 2]
        agents = {f: (GreedyAgent(k) if f == greedy else RandomAgent(k)) for f in seats}
        play(game, agents)
        wins += greedy in game.winners()
    assert wins >= 14          # 18 of 20 today; about 84% over 200 games


def test_make_agents_errors():
    with pytest.raises(AgentSpecError) as e:
        make_agents("random,robot", FACTIONS, 0)
    assert e.value.code == "CLI010"
    with pytest.raises(AgentSpecError) as e:
        make_agents("random,random,random", FACTIONS, 0)
    assert e.value.code == "CLI011"
    kinds = {type(a).__name__ for a in make_agents("aleatorio,humano", FACTIONS, 0).values()}
    assert kinds == {"RandomAgent", "HumanAgent"}


# -- the human agent --------------------------------------------------------------------------------

def scripted(lang, answers):
    out = io.StringIO()
    it = iter(answers)

    def ask(prompt):
        out.write(prompt)
        return next(it)
    return HumanAgent(lang, input_fn=ask, out=out), out


def test_human_lists_options_and_shows_rules(gdef):
    game = Game(gdef, FACTIONS, 1, log=True)
    h, out = scripted("pt", ["?1", "?9", "abc", "2"])
    assert h.choose(game) == 1
    text = out.getvalue()
    assert "escolha uma ação" in text and "1) marchar" in text and "4) terminar" in text
    assert "leve qualquer número de soldados" in text      # the rule block of 'marchar'
    assert "jogo.yaml:" in text                              # where it is written
    assert "Digite um número de 1 a 4" in text


def test_human_speaks_spanish(gdef):
    game = Game(gdef, FACTIONS, 1)
    h, out = scripted("es", ["4"])
    assert h.choose(game) == 3
    text = out.getvalue()
    assert "elige una acción" in text and "reclutar" in text and "Azules" in text


def test_human_quits_cleanly(gdef):
    game = Game(gdef, FACTIONS, 1)
    h, _ = scripted("pt", ["q"])
    assert play(game, {f: h for f in FACTIONS}) == "quit"

    def eof(prompt):
        raise EOFError
    assert play(Game(gdef, FACTIONS, 1), {f: HumanAgent("pt", input_fn=eof, out=io.StringIO())
                                          for f in FACTIONS}) == "quit"
    with pytest.raises(Quit):
        scripted("es", ["salir"])[0].choose(game)


# -- labels ---------------------------------------------------------------------------------------

def test_option_labels_in_both_languages(gdef):
    game = Game(gdef, FACTIONS, 1)
    d = game.pending
    assert D.describe_option(game, d, DONE, "pt") == "terminar"
    assert D.describe_option(game, d, PASS, "es") == "pasar"
    assert D.describe_option(game, d, "recrutar", "es") == "reclutar"
    assert D.describe_option(game, d, ("leste", "azuis.soldado"), "es") == "soldado (Azules) en Este"
    assert D.describe_decision(game, d, "pt") == "Azuis, escolha uma ação (restam 2)"


def test_event_texts(gdef):
    game = Game(gdef, FACTIONS, 1)
    ev = {"t": "place", "space": "norte", "kind": "azuis.soldado", "owner": "azuis", "count": 3, "by": "azuis"}
    assert D.describe_event(game, ev, "pt") == "Azuis posiciona 3 soldados em Norte"
    assert D.describe_event(game, ev, "es") == "Azules coloca 3 soldados en Norte"
    rm = dict(ev, t="remove", by="vermelhos", count=1)
    assert D.describe_event(game, rm, "pt") == "Vermelhos remove 1 soldado (Azuis) de Norte"
    sc = {"t": "score", "by": "azuis", "counter": "pontos", "n": 2}
    assert D.describe_event(game, sc, "pt") == "Azuis recebe 2 pontos"
    assert D.describe_event(game, sc, "es") == "Azules recibe 2 puntos"
    draw = {"t": "draw", "by": "vermelhos", "card": 0, "zone": "vermelhos:mão"}
    assert D.describe_event(game, draw, "pt", viewer="azuis") == "Vermelhos compra uma carta"
    assert D.describe_event(game, {"t": "novidade", "x": 1}, "pt") == "novidade: x=1"


def test_summary_of_a_game(gdef):
    game = Game(gdef, FACTIONS, 2)
    stopped = play(game, make_agents("random", FACTIONS, 2))
    s = summary(game, stopped)
    assert s["stopped"] in ("victory", "round_limit") and s["decisions"] == game.decisions
    assert (s["winner"] is None) == (stopped != "victory")
