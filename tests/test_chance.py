"""Chance as decisions (chance.py): every random event may be played by the seeded generator
(the default) or dictated from outside, one pick at a time, as OpenSpiel's chance nodes are."""
import random

import pytest

from rulesdsl import Environment
from rulesdsl.interpreter import chance
from rulesdsl.interpreter.engine import Game

ROOT_F = ["marqueses", "rapinas"]


@pytest.fixture(scope="module")
def root():
    return Environment("pt").load("rulesets/root")


def _play(game, n, seed=1, picks=None, rc=None):
    """n player decisions chosen at random (seed); chance picks from `picks` (ids), else by rc."""
    r = random.Random(seed)
    it = iter(picks or ())
    k = 0
    while not game.is_terminal() and k < n:
        if game.is_chance_node():
            if picks is not None:
                game.apply_id(next(it))
            else:
                game.apply(rc.randrange(len(game.legal_actions())))
            continue
        game.apply(r.randrange(len(game.legal_actions())))
        k += 1
    return game


def _until_chance(game, kind, seed=1):
    r, rc = random.Random(seed), random.Random(seed + 1)
    while not game.is_terminal():
        if game.is_chance_node():
            if game.pending.kind == kind:
                return game
            game.apply(rc.randrange(len(game.legal_actions())))
            continue
        game.apply(r.randrange(len(game.legal_actions())))
    raise AssertionError(f"no {kind} reached")


def test_the_generators_own_picks_dictated_give_the_same_log(root):
    plain = _play(Game(root, ROOT_F, seed=3, log=True), 120)
    rec = _play(Game(root, ROOT_F, seed=3, log=True, chance="record"), 120)
    assert rec.log == plain.log                      # recording changes nothing
    picks = rec.chance_picks()
    assert len(picks) > 53                           # at least the deck's shuffle
    # another seed: the dictated game draws nothing from its own generator
    dic = _play(Game(root, ROOT_F, seed=99, log=True, chance="dictated"), 120, picks=picks)
    assert dic.log == plain.log
    assert "chance" not in plain.save() and dic.save()["chance"] == "dictated"


def test_a_dictated_die_roll_decides_the_battle_4_3_2(root):
    g = _until_chance(Game(root, ROOT_F, seed=3, log=True, chance="dictated"), "chance:die")
    n0 = len(g.log)
    # the battle does not start until both dice are known: the game waits at the battle's choice
    assert g.log[-1]["t"] != "roll"

    def battle(dice):
        c = g.clone()
        for v in dice:
            assert c.pending.kind == "chance:die"
            c.apply(c.pending.options.index(v))
        new = c.log[n0:]
        roll = next(e for e in new if e["t"] == "roll")
        attacker = roll["by"]
        removed = [e for e in new if e["t"] == "remove"]
        return roll["result"], attacker, removed

    result, attacker, removed = battle((0, 0))
    assert result == [0, 0] and removed == []        # no hits either way
    result, attacker, removed = battle((1, 2))
    assert result == [2, 1]                          # the attacker takes the higher roll
    # the defender's lower roll (1) is one hit on the attacker; the higher (2) hits the defender
    assert sum(e["count"] for e in removed if e["owner"] == attacker) == 1
    assert sum(e["count"] for e in removed if e["owner"] != attacker) >= 1


def test_die_and_weighted_probabilities_sum_to_one(root):
    g = _until_chance(Game(root, ROOT_F, seed=3, chance="dictated"), "chance:die")
    faces = root.dice["dado_de_batalha"]
    assert len(faces) == 12
    out = g.chance_outcomes()
    assert out == [(v, faces.count(v) / 12) for v in (0, 1, 2, 3)]
    assert sum(p for _, p in out) == pytest.approx(1)

    class Stub:     # a weighted draw: "a" holds 1 ticket, "b" 3, "c" 0
        _chance = chance.Dictated()
    with pytest.raises(chance.NeedChance) as e:
        chance.choice(Stub, random.Random(0), ["a", "b", "b", "b"])
    d = e.value.decision
    assert d.player == chance.CHANCE and list(zip(d.options, d.probs)) == [("a", 0.25), ("b", 0.75)]
    Stub._chance.queue = [1]
    assert chance.choice(Stub, random.Random(0), ["a", "b", "b", "b"]) == "b"


def test_a_dictated_shuffle_gives_the_wanted_order(root):
    g = Game(root, ROOT_F, seed=3, chance="dictated")
    while g.pending.kind != "chance:shuffle":
        g.apply(0)
    deck = list(g.pending.options)
    assert len(deck) > 40 and g.chance_outcomes()[0][1] == pytest.approx(1 / len(deck))
    wanted = sorted(deck)
    g.dictate_order(wanted)
    while g.is_chance_node():
        g.apply(0)
    pile = g.s.zones[g.g.draw_zone]
    # the draw pile is the wanted order, less the cards already drawn from its top
    i = wanted.index(pile[0])
    assert wanted[i:i + len(pile)] == pile
    drawn = set(wanted) - set(pile)
    held = {c for z, cs in g.s.zones.items() if z != g.g.draw_zone for c in cs}
    assert drawn <= held


def test_clone_in_the_middle_of_a_chance_decision(root):
    g = _until_chance(Game(root, ROOT_F, seed=3, log=True, chance="dictated"), "chance:die")
    a, b = g.clone(), g.clone()
    a.apply(a.pending.options.index(3))
    assert g.pending.kind == "chance:die" and b.pending.kind == "chance:die"
    b.apply(b.pending.options.index(3))
    for x in (a, b):
        x.apply(x.pending.options.index(0))
    assert a.log == b.log and a.history == b.history
    c = g.clone()
    for v in (0, 0):
        c.apply(c.pending.options.index(v))
    assert c.log != a.log and g.is_chance_node()


def test_save_and_load_keep_the_dictated_picks(root):
    g = _until_chance(Game(root, ROOT_F, seed=3, log=True, chance="dictated"), "chance:die")
    g.apply(g.pending.options.index(2))            # saved between the two dice
    saved = g.save()
    h = Game.load(root, saved, log=True)
    assert h.pending.kind == "chance:die" and h.history == g.history and h.log == g.log
    for x in (g, h):
        x.apply(x.pending.options.index(1))
        _play(x, 30, seed=5, rc=random.Random(6))
    assert h.log == g.log and h.save() == g.save()


def test_a_hook_answers_each_pick_and_its_game_replays_dictated(root):
    r = random.Random(4)
    seen = []

    def hook(d):
        seen.append(d.kind)
        assert sum(d.probs) == pytest.approx(1)
        return r.randrange(len(d.options))
    g = _play(Game(root, ROOT_F, seed=3, log=True, chance=hook), 60)
    assert "chance:shuffle" in seen
    h = Game.load(root, g.save(), log=True)
    assert h.log == g.log


def test_a_placeholder_card_is_bound_where_it_lies(root):
    g = Game(root, ROOT_F, seed=3)
    s = g.s
    pile = list(s.zones[g.g.draw_zone])
    zones_before = {z: list(cs) for z, cs in s.zones.items()}
    top = pile[:3]
    names = [s.card_defs[c] for c in top]
    chance.conceal(g, top)                           # a replayer does not know these three
    assert chance.placeholders(g) == sorted(top)
    free = chance.free_identities(g)
    assert sum(free.values()) == 3 and all(free[n] >= 1 for n in names)
    c = g.clone()
    with pytest.raises(ValueError):                  # a card not placeholder cannot be rebound
        chance.bind(g, pile[5], names[0])
    chance.bind(g, top[0], names[1])                 # revealed: any free identity may be bound
    assert s.card_defs[top[0]] == names[1]
    assert {z: list(cs) for z, cs in s.zones.items()} == zones_before
    if free[names[1]] == 1:                          # no more copies than the deck holds
        with pytest.raises(ValueError):
            chance.bind(g, top[1], names[1])
    assert c.s.card_defs[top[0]] == chance.PLACEHOLDER  # the clone is not changed
    from rulesdsl.interpreter import invariants
    assert not [m for m in invariants.check(g) if "card" in m.lower() or "carta" in m.lower()]
