"""The "R" items under the ruins (Law 9.3.4, 9.7.1), as a distribution.

One Vagabond: one random item under each ruin, so the four ruins hold a random permutation of
the set (bag, boot, hammer, sword). Two Vagabonds: "use both sets of R items and place 2 random
ones in each ruin" — a uniformly random deal of the 8 items (two of each kind) into 4 pairs: a
given ruin gets two bags with probability (2/8)(1/7) = 1/28 and a bag and a boot with
probability 2·(2/8)(2/7) = 1/7 (one item of each set per ruin would give 1/16 and 1/8).

The rule is data (`esconder_item` in rulesets/root/faccoes/malandro.yaml): each item goes to a
ruin drawn with `aleatória ponderada por (lugares livres)`, one ticket per free place, so item
by item every free place is equally likely. Here the setups are played with fixed seeds, so the
figures below are deterministic: the tolerances are wide (5 to 7 standard deviations) and can
never flake. The whole distribution of deals is checked too, with a chi-square statistic under
its 0.1% critical value. `RUIN_SETUPS=N` plays N setups with two Vagabonds (N/2 with one).
"""
from __future__ import annotations

import math
import os
import random
from collections import Counter
from itertools import permutations, product

import pytest

import rulesdsl
from rulesdsl.interpreter.engine import Game

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "rulesets", "root")
N_TWO = int(os.environ.get("RUIN_SETUPS", "1200"))
N_ONE = max(N_TWO // 2, 240)
KINDS = ("bolsa", "bota", "martelo", "espada")        # the "R" set (componentes.yaml)


@pytest.fixture(scope="module")
def g():
    return rulesdsl.load(ROOT)


def _setup(g, factions, seed):
    """A game played (random choices, seeded) until the first action menu: setup is over."""
    game = Game(g, factions, seed=seed)
    r = random.Random(seed)
    while game.pending is not None and game.pending.kind != "menu":
        game.apply(r.choice(game.legal_actions()))
    return game


def _deal(g, game) -> tuple:
    """The items under each ruin, ruins in map order: ((kind, kind), ...)."""
    out = []
    for sp in sorted(game.s.board, key=str):
        b = game.s.board[sp]
        if b.get("ruina"):
            out.append(tuple(sorted(k for k, n in b.items()
                                    if g.piece_kinds[k].category == "item" for _ in range(n))))
    return tuple(out)


def _chi2_critical(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with probability 0.1% (z = 3.09), Wilson–Hilferty."""
    a = 2.0 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


def _chi2(counts: Counter, probs: dict, n: int) -> float:
    return sum((counts.get(k, 0) - n * p) ** 2 / (n * p) for k, p in probs.items())


def _law_deals() -> dict:
    """Every deal of the 8 items into 4 ruins of 2, with its probability under the Law:
    the 8 items (2 copies of each kind) dealt uniformly at random into the 8 places."""
    places = [r for r in range(4) for _ in range(2)]
    items = [k for k in KINDS for _ in range(2)]
    probs = Counter()
    total = 0
    # all 8! orders of the items over the places, grouped by what each ruin holds
    for order in permutations(range(8)):
        ruins = [[] for _ in range(4)]
        for place, i in zip(places, order):
            ruins[place].append(items[i])
        probs[tuple(tuple(sorted(r)) for r in ruins)] += 1
        total += 1
    return {d: c / total for d, c in probs.items()}


@pytest.fixture(scope="module")
def two_vagabonds(g):
    return Counter(_deal(g, _setup(g, ["malandro", "segundo_malandro"], seed)) for seed in range(N_TWO))


@pytest.fixture(scope="module")
def one_vagabond(g):
    return Counter(_deal(g, _setup(g, ["marqueses", "malandro"], seed)) for seed in range(N_ONE))


def test_one_vagabond_puts_a_random_permutation_under_the_ruins(one_vagabond):
    # 9.3.4: one item under each ruin, the four of the set, every order equally likely
    perms = {tuple((k,) for k in p): 1 / 24 for p in permutations(KINDS)}
    assert set(one_vagabond) == set(perms)                       # always a permutation, all 24 seen
    for d, c in one_vagabond.items():
        assert abs(c / N_ONE - 1 / 24) < 7 * math.sqrt((1 / 24) * (23 / 24) / N_ONE), d
    assert _chi2(one_vagabond, perms, N_ONE) < _chi2_critical(23)
    per_ruin = Counter((i, k[0]) for d, c in one_vagabond.items() for i, k in enumerate(d) for _ in range(c))
    for i, kind in product(range(4), KINDS):
        assert abs(per_ruin[(i, kind)] / N_ONE - 1 / 4) < 0.06


def test_two_vagabonds_deal_both_sets_two_random_items_per_ruin(two_vagabonds):
    # 9.7.1: both sets, 2 random items in each ruin
    for d in two_vagabonds:
        assert [len(r) for r in d] == [2, 2, 2, 2]
        assert Counter(k for r in d for k in r) == {k: 2 for k in KINDS}
    pairs = Counter()
    for d, c in two_vagabonds.items():
        for r in d:
            pairs[r] += c
    n = 4 * N_TWO
    for a, b in product(KINDS, KINDS):
        if a > b:
            continue
        p = 1 / 28 if a == b else 1 / 7                          # (2/8)(1/7); 2 (2/8)(2/7)
        sd = math.sqrt(p * (1 - p) / N_TWO)                        # per ruin: N_TWO draws
        assert abs(pairs[(a, b)] / n - p) < 5 * sd, ((a, b), pairs[(a, b)] / n, p)
    # one item of each set under every ruin would give two of a kind with probability 1/16
    same = sum(c for r, c in pairs.items() if r[0] == r[1]) / n
    assert abs(same - 1 / 7) < 0.02 and abs(same - 4 / 16) > 0.08


def test_two_vagabonds_deals_follow_the_law_distribution(two_vagabonds):
    law = _law_deals()
    assert len(law) == 282 and abs(sum(law.values()) - 1) < 1e-9
    assert set(two_vagabonds) <= set(law)
    assert _chi2(two_vagabonds, law, N_TWO) < _chi2_critical(len(law) - 1)


def test_two_vagabonds_ruin_items_stay_hidden(g):
    # the ruin covers its items (`cobre: item`): the others see two unknown pieces per ruin
    from rulesdsl.interpreter.runtime import covered
    factions = ["marqueses", "rapinas", "malandro", "segundo_malandro"]
    game = Game(g, factions, seed=7, observe=["marqueses"])
    r = random.Random(7)
    while game.pending is not None and game.pending.kind != "menu":
        game.apply(r.choice(game.legal_actions()))
    ruins = [sp for sp, b in game.s.board.items() if b.get("ruina")]
    assert len(ruins) == 4
    for sp in ruins:
        assert sum(covered(g, game.s, sp).values()) == 2
        seen = game.observation("marqueses")["board"][sp]
        assert seen.get("?") == 2 and not any(g.piece_kinds[k].category == "item" for k in seen if k != "?")
    placed = [e for e in game.views["marqueses"].events if e.get("t") == "place" and e.get("space") in ruins
              and e.get("by") in ("malandro", "segundo_malandro")]
    assert len(placed) == 8 and all(e["kind"] == "?" for e in placed)
