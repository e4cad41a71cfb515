"""Dictated chance in a game with observers (chance.py, observation.py): each player's view
of a dictated draw, shuffle or die shows what that player may see of it, as the generator's
own picks would, and a pick not yet given leaves the views as they were before the choice."""
import json
import random

import pytest

from rulesdsl import Environment
from rulesdsl.interpreter import chance
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.observation import HIDDEN, ViewLog

FOUR = ["marqueses", "rapinas", "alianca", "malandro"]


@pytest.fixture(scope="module")
def root():
    return Environment("pt").load("rulesets/root")


def _views(game):
    return {f: (json.dumps(list(v.events), default=str, sort_keys=True), list(v.source))
            for f, v in game.views.items()}


def _play(game, n, seed, picks=None):
    """n player decisions chosen at random (seed); chance picks from `picks` (ids), also
    those the last decision asks."""
    r = random.Random(seed)
    it = iter(picks or ())
    k = 0
    while not game.is_terminal() and (k < n or game.is_chance_node()):
        if game.is_chance_node():
            game.apply_id(next(it))
            continue
        game.apply(r.randrange(len(game.legal_actions())))
        k += 1
    return game


@pytest.mark.parametrize("seed", [2, 5])
def test_dictated_picks_show_each_player_what_the_generators_would(root, seed):
    rec = _play(Game(root, FOUR, seed=seed, observe=FOUR, chance="record"), 150, seed)
    picks = rec.chance_picks()
    assert len(picks) > 53                                  # the deck's shuffle at least
    dic = _play(Game(root, FOUR, seed=seed + 40, observe=FOUR, chance="dictated"), 150, seed, picks)
    # (another seed: the dictated game's own generator draws nothing)
    assert (dic.s.board, dic.s.zones, dic.s.counters) == (rec.s.board, rec.s.zones, rec.s.counters)
    assert _views(dic) == _views(rec)
    assert json.dumps(list(dic.log), default=str) == json.dumps(list(rec.log), default=str)
    # the cards drawn from the dictated shuffle into the hands: each player sees its own
    # cards, and of the others' draws only that they drew
    for f in FOUR:
        draws = [e for e in dic.views[f].events if e["t"] == "draw" and e["zone"].endswith(":mao")]
        mine = [e for e in draws if e["by"] == f]
        theirs = [e for e in draws if e["by"] != f]
        assert len(mine) >= 3 and all(e["card"] != HIDDEN for e in mine)
        assert len(theirs) >= 9 and all(e["card"] == HIDDEN for e in theirs)


def test_a_pending_pick_shows_nobody_its_outcomes_and_undoes_nothing_seen(root):
    game = Game(root, FOUR, seed=1, observe=FOUR, chance="dictated")
    assert game.is_chance_node() and game.pending.kind == "chance:shuffle"
    for f in FOUR:
        o = game.observation(f)
        assert o["decision"] == {"player": chance.CHANCE, "kind": "chance:shuffle"}
    r, rc = random.Random(1), random.Random(2)
    for _ in range(400):
        if game.is_terminal():
            break
        if game.is_chance_node():
            before = _views(game), len(game.log)
            twin = game.clone()
            game.apply(rc.randrange(len(game.legal_actions())))
            if game.is_chance_node():
                # another pick of the same choice: the views hold what they held before it
                assert (_views(game), len(game.log)) == before
            assert (_views(twin), len(twin.log)) == before      # the clone did not move
            continue
        game.apply(r.randrange(len(game.legal_actions())))
    # the players' log readers hold the game's own views, which are still those of the game
    for f in FOUR:
        log = ViewLog(game, f, "pt")
        assert log.view is game.views[f]
        assert len(log.render_events()) == len(game.views[f].events)


def test_an_observed_dictated_game_replays_from_its_save(root):
    rec = _play(Game(root, FOUR, seed=4, observe=FOUR, chance="record"), 60, 4)
    dic = _play(Game(root, FOUR, seed=4, observe=FOUR, chance="dictated"), 60, 4, rec.chance_picks())
    back = Game.load(root, dic.save(), observe=FOUR)
    assert back.history == dic.history
    assert _views(back) == _views(dic)
