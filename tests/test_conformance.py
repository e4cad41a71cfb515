"""Conformance of the engine on every game of `GAMES` (tests/conftest.py): conquista, and Root
with Marqueses and Rapinas once it can be played (skipped cleanly until then).

  * random playouts to the end, with the generic invariants checked after every action;
  * `legal_actions()` is non-empty until the game is terminal, and empty after;
  * `clone()` reproduces the same state and the same future;
  * `save()` -> JSON -> `Game.load()` replays to the same state;
  * determinism: same seed + same choices -> identical event log;
  * `returns()` / `winners()` / `scores()` are sane;
  * a game ends by a victory or by the ruleset's round limit, never stuck.
"""
from __future__ import annotations

import json
import os
import random

import pytest

from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import check, fingerprint

FULL = os.environ.get("RULESDSL_FULL", "") not in ("", "0", "false", "no")
SEEDS = list(range(12 if FULL else 3))
MAX_DECISIONS = 20000


def _where(game, seed, n):
    return (f"seed {seed}, after {n} decisions (round {game.s.round}, {game.s.active}, phase "
            f"{game.s.phase}); reproduce with Game(g, {game.factions!r}, seed={seed}, "
            f"history=<first {n} of game.history>); last choices: {game.history[-8:]}")


def _seats(factions):
    """A list of factions, or a number of seats (their factions chosen during setup)."""
    return factions if isinstance(factions, int) else list(factions)


def playout(g, factions, seed, invariants=True, choice_seed=None, log=True, stop_at=None):
    """Play uniformly random choices to the end (or `stop_at` decisions); check as we go."""
    game = Game(g, _seats(factions), seed=seed, log=log)
    rng = random.Random(seed if choice_seed is None else choice_seed)
    if invariants:
        v = check(game)
        assert not v, f"invariants at the start: {v}; " + _where(game, seed, 0)
    n = 0
    while not game.is_terminal():
        if stop_at is not None and n >= stop_at:
            break
        acts = game.legal_actions()
        assert acts, "no legal action in a game that is not over; " + _where(game, seed, n)
        game.apply(rng.randrange(len(acts)))
        n += 1
        if invariants:
            v = check(game)
            assert not v, "invariants violated: " + "; ".join(v) + "; " + _where(game, seed, n)
        assert n < MAX_DECISIONS, "no end after %d decisions; " % n + _where(game, seed, n)
    return game


def _ended_properly(game, seed):
    failure = getattr(game.s, "failure", None)
    assert failure is None, f"the game got stuck: {getattr(failure, 'why', failure)}; " + \
        _where(game, seed, len(game.history))
    kinds = {e.get("t") for e in game.log}
    assert game.winners() or "round_limit" in kinds, \
        "the game ended neither by victory nor by the round limit; " + _where(game, seed, len(game.history))
    if game.s.ranking is not None:
        # ended by `fim_da_partida:` (its condition or the round limit): ranked, winners first
        assert "ranking" in kinds and ("game_end" in kinds or "round_limit" in kinds)
        assert game.winners() == [f for f in game.s.seats if game.s.ranking[f] == 1] or \
            sorted(game.winners()) == sorted(f for f in game.s.seats if game.s.ranking[f] == 1)
    elif game.winners():
        assert "victory" in kinds
    else:
        assert game.s.round > game.g.round_limit


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_keep_invariants(game_def, game_case, seed):
    factions = game_case[2]
    game = playout(game_def, factions, seed)
    assert game.is_terminal()
    assert game.legal_actions() == []
    assert game.pending is None
    with pytest.raises(ValueError):
        game.apply(0)
    _ended_properly(game, seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_returns_winners_scores_are_sane(game_def, game_case, seed):
    game = playout(game_def, game_case[2], seed, invariants=False)
    factions = list(game.factions)
    r = game.returns()
    w = game.winners()
    assert len(r) == len(factions)
    assert set(w) <= set(factions)
    assert set(game.scores()) == set(factions)
    assert all(-1.0 <= x <= 1.0 for x in r)
    if not w:
        assert r == [0.0] * len(factions)
    elif game.s.ranking is not None and len(factions) > 2:
        # a ranking of 3+ seats (ending.py): first gets the most, shared ranks share the mean,
        # and the values sum to zero
        best = max(r)
        assert [f for f, x in zip(factions, r) if x == best] == [f for f in factions if f in w]
        assert abs(sum(r)) < 1e-9
    else:
        for f, x in zip(factions, r):
            assert (x == 1.0) == (f in w)
        losers = [x for f, x in zip(factions, r) if f not in w]
        if losers:
            assert abs(sum(losers) + 1.0) < 1e-9
        if len(w) == 1 and len(factions) == 2:
            assert abs(sum(r)) < 1e-9
        if game_def.victory_score is not None and game.winners():
            # a score victory: the winner reached the score (other victories exist in some games)
            by_score = [f for f in w if game.scores()[f] >= game_def.victory_score]
            assert by_score or any(e.get("t") == "victory" for e in game.log)


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_clone_has_same_state_and_future(game_def, game_case, seed):
    factions = game_case[2]
    full = playout(game_def, factions, seed, invariants=False)
    total = len(full.history)
    rng = random.Random(1000 + seed)
    points = sorted({0, total // 3, (2 * total) // 3, max(0, total - 1)})
    for at in points:
        game = Game(game_def, _seats(factions), seed=seed, log=True, history=full.history[:at])
        twin = game.clone()
        assert fingerprint(twin) == fingerprint(game), f"clone differs at decision {at} (seed {seed})"
        assert twin.log == game.log
        # the same future: the same choices lead to the same states
        for step in range(40):
            if game.is_terminal():
                assert twin.is_terminal()
                break
            i = rng.randrange(len(game.legal_actions()))
            game.apply(i)
            twin.apply(i)
            assert fingerprint(twin) == fingerprint(game), \
                f"clone diverges {step + 1} choices after decision {at} (seed {seed})"
        assert twin.log == game.log
        # and the clone is independent: moving it does not move the original
        if not twin.is_terminal():
            before = fingerprint(game)
            twin.apply(0)
            assert fingerprint(game) == before


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_save_load_replays_to_same_state(game_def, game_case, seed):
    factions = game_case[2]
    full = playout(game_def, factions, seed, invariants=False)
    total = len(full.history)
    for at in sorted({0, total // 2, total}):
        game = Game(game_def, _seats(factions), seed=seed, history=full.history[:at])
        saved = json.loads(json.dumps(game.save()))
        back = Game.load(game_def, saved)
        assert fingerprint(back) == fingerprint(game), f"save/load differs at decision {at} (seed {seed})"
        assert back.history == game.history
        assert back.is_terminal() == game.is_terminal()
    assert Game.load(game_def, json.loads(json.dumps(full.save()))).winners() == full.winners()


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_same_seed_same_choices_same_log(game_def, game_case, seed):
    factions = game_case[2]
    a = playout(game_def, factions, seed, invariants=False, choice_seed=7 + seed)
    b = playout(game_def, factions, seed, invariants=False, choice_seed=7 + seed)
    assert a.history == b.history
    assert a.log == b.log
    assert json.dumps(a.log, sort_keys=True, default=str) == json.dumps(b.log, sort_keys=True, default=str)
    # replaying the saved choices gives the identical log too
    c = Game(game_def, _seats(factions), seed=seed, log=True, history=a.history)
    assert c.log == a.log
    assert fingerprint(c) == fingerprint(a)


def test_different_seeds_give_different_games(game_def, game_case):
    factions = game_case[2]
    histories = {tuple(playout(game_def, factions, s, invariants=False, choice_seed=0).history)
                 for s in range(4)}
    assert len(histories) > 1


# ---------------------------------------------------------------------------------------------
# the checker itself: each invariant catches its violation

def _conquista():
    import rulesdsl
    here = os.path.dirname(os.path.abspath(__file__))
    return rulesdsl.load(os.path.join(here, "games", "conquista", "jogo.yaml"))


def test_invariants_hold_at_start_and_catch_piece_corruption():
    g = _conquista()
    game = Game(g, ["azuis", "vermelhos"], seed=1, log=True)
    assert check(game) == []
    game.s.supply["azuis.soldado"] -= 1                       # a piece vanished
    out = check(game)
    assert any("azuis.soldado" in v and "caixa" in v for v in out), out
    game.s.supply["azuis.soldado"] = -1
    assert any("negativa" in v for v in check(game))
    assert any("cuenta negativa" in v for v in check(game, lang="es"))


def test_invariants_catch_cards_and_counters():
    g = _conquista()
    game = Game(g, ["azuis", "vermelhos"], seed=1, log=True)
    hand = game.s.zones["azuis:mão"]
    game.s.zones["descarte"].append(hand[0])                  # one card in two zones
    assert any("2 vezes" in v for v in check(game))
    game.s.zones["descarte"].pop()
    lost = hand.pop()                                         # a card in no zone
    assert any("não está em nenhuma zona" in v for v in check(game))
    hand.append(lost)
    game.s.counters["azuis:pontos"] = -2                      # below the declared minimum 0
    out = check(game)
    assert any("abaixo do mínimo 0" in v for v in out), out


def test_score_changes_only_through_events():
    g = _conquista()
    game = Game(g, ["azuis", "vermelhos"], seed=2, log=True)
    rng = random.Random(0)
    for _ in range(12):
        game.apply(rng.randrange(len(game.legal_actions())))
        assert check(game) == []
    game.s.counters["vermelhos:pontos"] += 2                  # no rule gave these points
    out = check(game)
    assert any("Vermelhos" in v or "vermelhos" in v for v in out), out
    assert check(game) == []                                  # reported once


def test_declared_hand_limit_is_checked(tmp_path):
    import rulesdsl
    here = os.path.dirname(os.path.abspath(__file__))
    text = open(os.path.join(here, "games", "conquista", "jogo.yaml"), encoding="utf-8").read()
    text = text.replace("mão: {nome: {pt: mão, es: mano}, conteúdo: cartas, oculta: sim}",
                        "mão: {nome: {pt: mão, es: mano}, conteúdo: cartas, oculta: sim, limite: 3}")
    assert "limite: 3" in text
    p = tmp_path / "jogo.yaml"
    p.write_text(text, encoding="utf-8")
    g = rulesdsl.Environment().load(str(p))
    game = Game(g, ["azuis", "vermelhos"], seed=3, log=True)
    found = []
    # nobody plays a card: hands grow by one each afternoon, past the limit of 3
    while not game.is_terminal() and not found:
        ids = game.legal_ids()
        game.apply(ids.index("fim") if "fim" in ids else 0)
        found = [v for v in check(game) if "limite 3" in v]
    assert found and "azuis:mão tem 4 cartas após a fase tarde" in found[0], found


# ---------------------------------------------------------------------------------------------
# clone() copies the state and the suspended rules (docs/arquitetura.md): no replay

FOUR = ("marqueses", "rapinas", "alianca", "malandro")


@pytest.fixture(scope="module")
def root4():
    import rulesdsl
    return rulesdsl.load(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                      "rulesets", "root"))


def _play(game, rng, n):
    for _ in range(n):
        if game.is_terminal():
            return
        game.apply(rng.randrange(len(game.legal_actions())))


@pytest.mark.parametrize("seed", [0, 1])
def test_clone_copies_and_is_independent_four_players(root4, seed):
    """At random points of four-player games: the clone is a copy (no rule suspended as a
    Python generator), plays the same future as the original and as the game rebuilt from
    its history, and neither moves the other."""
    game = Game(root4, list(FOUR), seed=seed, log=True)
    rng = random.Random(seed)
    points = sorted(random.Random(50 + seed).sample(range(1, 700), 5))
    done = 0
    for at in points:
        _play(game, rng, at - done)
        done = at
        if game.is_terminal():
            break
        assert game.machine.copyable(), f"a rule is suspended as a generator at decision {at}"
        twin = game.clone()
        replayed = game._replay_clone()
        assert fingerprint(twin) == fingerprint(game) == fingerprint(replayed)
        assert twin.legal_ids() == game.legal_ids()
        before = (fingerprint(game), list(game.log), game.legal_ids(), list(game.history))
        # the same choices on the clone and on the replayed game: the same log
        seed_k = 7 * at + seed
        _play(twin, random.Random(seed_k), 60)
        _play(replayed, random.Random(seed_k), 60)
        assert json.dumps(twin.log, default=str) == json.dumps(replayed.log, default=str), \
            f"clone at decision {at} (seed {seed}) plays differently from a replay"
        assert fingerprint(twin) == fingerprint(replayed)
        # the original did not move
        assert (fingerprint(game), list(game.log), game.legal_ids(), list(game.history)) == before
        # a clone of the clone, played differently, leaves the first clone alone
        again = twin.clone()
        snap = (fingerprint(twin), list(twin.log))
        _play(again, random.Random(seed_k + 1), 30)
        assert (fingerprint(twin), list(twin.log)) == snap
        # and moving the original leaves a fresh clone alone
        fresh = game.clone()
        snap = (fingerprint(fresh), list(fresh.log), fresh.legal_ids())
        _play(game, random.Random(seed_k + 2), 1)
        done += 1
        assert (fingerprint(fresh), list(fresh.log), fresh.legal_ids()) == snap


def test_clone_draws_what_the_original_would(root4):
    """The random generator travels with the state: whichever side draws first, both draw
    the same numbers from the point of the copy."""
    game = Game(root4, list(FOUR), seed=3)
    _play(game, random.Random(3), 50)
    a, b = game.clone(), game.clone()
    first = [game.s.rng.random() for _ in range(3)]
    assert [a.s.rng.random() for _ in range(3)] == first
    c = a.clone()
    assert [b.s.rng.random() for _ in range(3)] == first
    assert [c.s.rng.random() for _ in range(3)] == [a.s.rng.random() for _ in range(3)]


def test_clone_inside_an_all_or_nothing_block_rolls_back_on_its_own(root4):
    """A clone made while an action's undo journal is open carries its own journal: undoing
    on the clone never touches the original's pieces."""
    game = Game(root4, list(FOUR), seed=5)
    rng = random.Random(5)
    for _ in range(3000):
        if game.is_terminal() or game.s.journal:
            break
        game.apply(rng.randrange(len(game.legal_actions())))
    if not game.s.journal:
        pytest.skip("no decision inside an open journal in this game")
    twin = game.clone()
    before = fingerprint(game)
    twin.s.rollback(0)
    assert fingerprint(game) == before
    assert twin.s.journal is not game.s.journal
