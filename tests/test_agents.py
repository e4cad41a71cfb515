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


# -- the table (`m`) and the labels a player at the table reads ------------------------------------

def test_human_m_shows_the_table_as_that_player_sees_it(gdef):
    game = Game(gdef, FACTIONS, 1)
    mine = [D.card_name(game, c, "pt") for c in game.s.zones["azuis:mão"]]
    theirs = [D.card_name(game, c, "pt") for c in game.s.zones["vermelhos:mão"]]
    h, out = scripted("pt", ["m", "4"])
    assert h.choose(game) == 3                      # `m` is not an answer: the question comes back
    text = out.getvalue()
    assert "A mesa, como Azuis a vê" in text and "rodada 1 · turno de Azuis" in text
    assert "Norte (colina): 3 soldados (Azuis)" in text       # the map, each space with its kind
    assert "mão (Azuis) (2): " + ", ".join(f"{c} (colina)" for c in mine) in text
    assert "mão (Vermelhos) 2" in text                         # the other hand: only how many
    assert text.count("1) marchar") == 2
    assert "m mostra a mesa" in text
    h, out = scripted("es", ["tablero", "abc", "1"])
    h.choose(game)
    text = out.getvalue()
    assert "La mesa, tal como la ve Azules" in text and "Tus cartas:" in text
    assert "'m' para ver la mesa y tu mano" in text
    if set(theirs) - set(mine):
        assert not (set(theirs) - set(mine)) & set(names_after(text, "Cartas ocultas"))


def names_after(text, marker):
    tail = text.split(marker, 1)[1].splitlines()[0]
    return [x.strip() for x in tail.split(",")]


def test_labels_of_repeats_orders_counters_and_statuses(gdef):
    from rulesdsl.interpreter.runtime import Decision
    game = Game(gdef, FACTIONS, 1)
    first = Decision("azuis", "repeat", [True, DONE], ("repeat", 1, 2))
    again = Decision("azuis", "repeat", [True, DONE], ("repeat", 2, 2))
    assert D.describe_prompt(game, first, "pt") == "fazer? (até 2 vezes)"
    assert [D.describe_option(game, first, o, "es") for o in first.options] == ["sí", "no"]
    assert D.describe_prompt(game, again, "pt") == "repetir? (2 de 2)"
    assert [D.describe_option(game, again, o, "pt") for o in again.options] == ["mais uma vez", "parar"]
    hand = game.s.zones["azuis:mão"]
    order = Decision("azuis", "order", list(hand), ("order", "card"))
    assert D.describe_prompt(game, order, "pt") == "escolha uma carta (a ordem é sua)"
    assert D.describe_option(game, order, hand[0], "pt") == D.card_name(game, hand[0], "pt") + " (colina)"
    assert D.describe_option(game, game.pending, "norte", "es") == "Norte (colina)"
    ev = {"t": "set", "by": "azuis", "counter": "azuis:pontos", "value": 0}
    assert D.describe_event(game, ev, "pt") == "Azuis fica com 0 pontos"
    ev = {"t": "set", "by": "azuis", "counter": "azuis:pontos@vermelhos", "value": 2}
    assert D.describe_event(game, ev, "es") == "Azules queda con 2 puntos (Azules → Rojos)"
    assert D.describe_event(game, {"t": "freeze", "by": "azuis", "counter": "pontos"}, "pt") == \
        "Azuis não pode mais ganhar pontos"
    hit = {"t": "hits_replaced", "by": "vermelhos", "owner": "azuis", "space": "norte", "count": 1}
    assert D.describe_event(game, hit, "pt") == "Azuis sofre 1 dano em Norte à sua maneira"
    assert "peça escondida" in D.piece_name(game, "?", "pt", 1)
    st = Decision("azuis", "status", [("norte", "azuis.soldado", "norte"), ("norte", "azuis.soldado")],
                  ("status", "norte"))
    assert [D.describe_option(game, st, o, "pt") for o in st.options] == \
        ["soldado em Norte (Norte)", "soldado (Azuis) em Norte"]
    assert D.piece_name(game, "?", "es", 2) == "2 piezas ocultas"
