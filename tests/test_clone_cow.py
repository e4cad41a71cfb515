"""A copy of a game shares the suspended frames of the game it copies until one of them runs
the rules again (machine.py, copy on write). Whichever side runs first, and copies of copies
made before anyone ran, play exactly as a game replayed from the history."""
import random

import pytest

import rulesdsl
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import fingerprint
from rulesdsl.interpreter.state import Chain

FOUR = ["marqueses", "rapinas", "alianca", "malandro"]


@pytest.fixture(scope="module")
def root():
    return rulesdsl.load("rulesets/root")


def _play(game, seed, n):
    r = random.Random(seed)
    for _ in range(n):
        if game.is_terminal():
            return game
        game.apply(r.randrange(len(game.legal_actions())))
    return game


def _same(a, b):
    return fingerprint(a) == fingerprint(b) and list(a.log) == list(b.log) and a.history == b.history


@pytest.mark.parametrize("seed", [0, 7])
def test_the_original_runs_first_then_its_copies(root, seed):
    game = _play(Game(root, FOUR, seed=seed, log=True), seed, 250)
    a, b = game.clone(), game.clone()
    c = a.clone()                          # a copy of a copy that never ran
    ref = game._replay_clone()
    # (a copied its frames to be copied itself; b and c still share theirs)
    assert b.machine.cp is not None and c.machine.cp is not None
    _play(game, 100, 40)                   # the original changes its frames first
    assert b.machine.cp is None            # ... after its copies took theirs
    assert c.machine.cp is not None        # (c shares a's frames, which did not change)
    _play(ref, 100, 40)
    assert _same(game, ref)
    for x in (a, b, c):
        twin = x._replay_clone()
        _play(x, 200, 60)
        _play(twin, 200, 60)
        assert _same(x, twin)


def test_a_copy_runs_first_and_the_original_is_unchanged(root):
    game = _play(Game(root, FOUR, seed=3, log=True), 3, 300)
    before = (fingerprint(game), list(game.log), game.legal_ids(), list(game.history))
    a = game.clone()
    _play(a, 5, 80)
    assert (fingerprint(game), list(game.log), game.legal_ids(), list(game.history)) == before
    twin = game._replay_clone()
    _play(game, 6, 80)
    _play(twin, 6, 80)
    assert _same(game, twin)


def test_a_dropped_original_leaves_its_copy_whole(root):
    game = _play(Game(root, FOUR, seed=4, log=True), 4, 200)
    a = game.clone()
    ref = game._replay_clone()
    del game
    _play(a, 9, 80)
    _play(ref, 9, 80)
    assert _same(a, ref)


def test_a_chain_shares_its_prefix_and_reads_as_a_list():
    c = Chain(range(150))
    d = c.copy()
    d.append(150)
    c[3] = "x"                               # replaced in c's own chunk only
    del c[140:]
    assert list(c) == [0, 1, 2, "x"] + list(range(4, 140)) and len(c) == 140
    assert list(d) == list(range(151)) and d[-1] == 150 and d[-3:] == [148, 149, 150]
    assert d == list(range(151)) and list(reversed(d))[0] == 150
    assert c._chunks[1] is d._chunks[1]      # the written prefix is shared


def test_a_chain_copy_shares_even_the_tail_until_one_side_writes():
    c = Chain(range(70))                     # one full chunk and a tail of 6
    d = c.copy()
    e = d.copy()
    assert d._tail is c._tail and e._chunks is c._chunks      # nothing copied yet
    c.append("c")                            # the original writes first: the copies keep theirs
    e[65] = "e"                              # a copy of a copy replaces an item of the tail
    del d[2:]                                # another truncates
    assert list(c) == list(range(70)) + ["c"]
    assert list(e) == list(range(65)) + ["e"] + list(range(66, 70))
    assert list(d) == [0, 1]
