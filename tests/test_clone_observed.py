"""A game with observers (Game(observe=...), observation.py) is cloned by copying its state, its
stack and its observers' views, not by replaying its history: the clone shows each player the
same events as a replay would, and playing one never changes what the other's views hold."""
import json
import os
import random

import pytest

import rulesdsl
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import fingerprint

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "rulesets", "root")
FOUR = ["marqueses", "rapinas", "alianca", "malandro"]


@pytest.fixture(scope="module")
def root():
    return rulesdsl.load(ROOT)


def _play(game, rng, n):
    for _ in range(n):
        if game.is_terminal():
            return
        game.apply(rng.randrange(len(game.legal_actions())))


def _views(game):
    return {f: (json.dumps(list(v.events), default=str, sort_keys=True), list(v.source))
            for f, v in game.views.items()}


@pytest.mark.parametrize("seed", [0, 3])
def test_an_observed_clone_copies_the_views_and_plays_like_a_replay(root, seed):
    game = Game(root, FOUR, seed=seed, observe=FOUR)
    rng = random.Random(seed)
    done = 0
    for at in sorted(random.Random(90 + seed).sample(range(1, 600), 4)):
        _play(game, rng, at - done)
        done = at
        if game.is_terminal():
            break
        twin = game.clone()
        assert twin.views is not game.views and twin.log is not game.log
        replayed = game._replay_clone()
        assert _views(twin) == _views(game) == _views(replayed)
        before = (fingerprint(game), _views(game), len(game.log))
        k = 11 * at + seed
        _play(twin, random.Random(k), 80)
        _play(replayed, random.Random(k), 80)
        assert fingerprint(twin) == fingerprint(replayed)
        assert _views(twin) == _views(replayed), f"clone at {at} shows other events than a replay"
        assert json.dumps(list(twin.log), default=str) == json.dumps(list(replayed.log), default=str)
        assert (fingerprint(game), _views(game), len(game.log)) == before


def test_a_clone_of_an_observed_game_keeps_only_its_observers(root):
    game = Game(root, FOUR, seed=1, observe=["rapinas"])
    _play(game, random.Random(1), 40)
    twin = game.clone()
    assert list(twin.views) == ["rapinas"]
    assert twin.views["rapinas"].faction == "rapinas"
    n = len(game.views["rapinas"].events)
    _play(twin, random.Random(2), 30)
    assert len(game.views["rapinas"].events) == n
    assert len(twin.views["rapinas"].events) > n
