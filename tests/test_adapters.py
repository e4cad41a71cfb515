"""PettingZoo's own API test on Root (2 and 4 players) and on a small test game; whole games
through the AEC loop; the encoded observation hides what the player may not see."""
import os
import random

import pytest

pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

from rulesdsl.adapters.encoding import Layout  # noqa: E402
from rulesdsl.adapters.pettingzoo import RulesEnv, env  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CONQUISTA = os.path.join(HERE, "games", "conquista")

CASES = [(CONQUISTA, ["azuis", "vermelhos"]), ("root", ["marqueses", "rapinas"]),
         ("root", ["marqueses", "rapinas", "alianca", "malandro"])]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("ruleset,factions", CASES, ids=["conquista", "root-2p", "root-4p"])
def test_pettingzoo_api_test_passes(ruleset, factions):
    api_test(env(ruleset, factions, seed=3), num_cycles=300)


def _play(e, seed):
    """A whole game with uniformly random legal actions; the actions taken and the rewards."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    taken, total = [], {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(max_iter=100_000):
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(legal[rng.randrange(len(legal))])
        taken.append(a)
        e.step(a)
    return taken, total


def test_a_whole_game_ends_with_the_games_returns():
    e = env(CONQUISTA, ["azuis", "vermelhos"], seed=5)
    taken, total = _play(e, 5)
    assert e.agents == [] and e.game.is_terminal()
    assert total == dict(zip(e.game.s.seats, map(float, e.game.returns())))
    assert len(taken) == e.game.decisions
    # the same seed and the same actions: the same game
    again, _ = _play(e, 5)
    assert again == taken


def test_the_mask_marks_the_legal_options_of_the_agent_to_act():
    e = env("root", ["marqueses", "rapinas"], seed=2)
    e.reset(seed=2)
    for _ in range(30):
        agent = e.agent_selection
        obs = e.observe(agent)
        n = len(e.game.legal_actions())
        assert obs["action_mask"][:n].all() and not obs["action_mask"][n:].any()
        other = next(a for a in e.possible_agents if a != agent)
        assert not e.observe(other)["action_mask"].any()
        e.step(0)


def test_an_illegal_action_is_refused():
    e = env(CONQUISTA, ["azuis", "vermelhos"], seed=1)
    e.reset(seed=1)
    with pytest.raises(ValueError):
        e.step(len(e.game.legal_actions()))


def test_the_vector_carries_no_hidden_card():
    """Two games that differ only in the cards of one player's hand look the same to the
    other player: their vectors are equal (the hand counts only by its size)."""
    e = env(CONQUISTA, ["azuis", "vermelhos"], seed=4)
    e.reset(seed=4)
    game = e.game
    lay = Layout.of(game)
    hand = game.s.zones["azuis:mão"]
    deck = game.s.zones["baralho"]
    before_other = lay.encode(game.observation("vermelhos"))
    before_own = lay.encode(game.observation("azuis"))
    swap = next(i for i, c in enumerate(deck) if game.s.card_defs[c] != game.s.card_defs[hand[0]])
    hand[0], deck[swap] = deck[swap], hand[0]
    game.s.ver += 1
    assert lay.encode(game.observation("vermelhos")) == before_other
    assert lay.encode(game.observation("azuis")) != before_own


def test_too_many_options_is_an_error_not_a_cut():
    with pytest.raises(Exception) as exc:
        RulesEnv(CONQUISTA, ["azuis", "vermelhos"], seed=1, max_actions=2).reset(seed=1)
    assert "max_actions" in str(exc.value)


LEILAO = os.path.join(HERE, "games", "leilao")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_seats_that_draft_their_factions_are_the_agents():
    """`env(ruleset, 2)`: two seats choose their roles in the setup (leilão 1); the agents stay
    `seat1`, `seat2`, and `infos` names what each took."""
    e = env(LEILAO, 2, seed=4)
    assert e.possible_agents == ["seat1", "seat2"]
    api_test(e, num_cycles=60)
    taken, total = _play(e, 4)
    assert e.game.is_terminal() and set(total) == {"seat1", "seat2"}
    assert total == {e.game.seat_of(f): float(r) for f, r in zip(e.game.factions, e.game.returns())}
    assert {e.game.seat_of(f) for f in e.game.factions} == {"seat1", "seat2"} and not set(e.game.factions) & {"seat1", "seat2"}
