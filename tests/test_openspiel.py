"""The OpenSpiel game "rulesdsl": OpenSpiel's own random simulation test, chance nodes from the
engine's chance decisions, copies that are the engine's clones, information states that hide."""
import os
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import rulesdsl.adapters.openspiel  # noqa: E402,F401  (registers the game)

HERE = os.path.dirname(os.path.abspath(__file__))
CONQUISTA = os.path.join(HERE, "games", "conquista")


def _load(ruleset, factions, **kw):
    return pyspiel.load_game("rulesdsl", {"ruleset": ruleset, "factions": factions, **kw})


def test_openspiel_random_simulation_test_passes_on_a_small_game():
    pyspiel.random_sim_test(_load(CONQUISTA, "azuis+vermelhos"), num_sims=5, serialize=False, verbose=False)


def test_openspiel_random_simulation_test_passes_on_root_cut_short():
    """Root with four players, cut at 40 decisions (an information state replays the game, so
    whole games are for longer runs by hand)."""
    game = _load("root", "marqueses+rapinas+alianca+malandro", max_decisions=40)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_chance_nodes_are_the_engines_random_events():
    game = _load(CONQUISTA, "azuis+vermelhos")
    s = game.new_initial_state()
    assert s.is_chance_node()                       # the setup shuffles the deck
    outcomes = s.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9 and len(outcomes) == 10
    rng = random.Random(3)
    while s.is_chance_node():
        s.apply_action(rng.choice(s.legal_actions()))
    assert s.current_player() == 0


def test_a_copy_is_independent_and_plays_the_same():
    game = _load(CONQUISTA, "azuis+vermelhos")
    s = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(25):
        s.apply_action(rng.choice(s.legal_actions()))
    c = s.clone()
    assert c.history() == s.history() and c.engine is not s.engine
    a = c.legal_actions()[0]
    c.apply_action(a)
    assert len(c.history()) == len(s.history()) + 1
    s.apply_action(a)
    assert str(c) == str(s)


def test_views_are_the_engines_own():
    """The information state string is the engine's (which hides what a player may not see:
    tests/test_hidden_information.py), and the observation tensor encodes the engine's view."""
    from rulesdsl.adapters.encoding import Layout
    game = _load(CONQUISTA, "azuis+vermelhos")
    s = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(20):
        s.apply_action(rng.choice(s.legal_actions()))
    e = s.engine
    assert s.information_state_string(1) == e.information_state_string("vermelhos")
    assert s.information_state_string(0) != s.information_state_string(1)
    lay = Layout.of(e)
    assert s.observation_tensor(1) == pytest.approx(lay.encode(e.observation("vermelhos")))
