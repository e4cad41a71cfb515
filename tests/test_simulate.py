"""Many games in parallel: deterministic per-game seeds, Wilson intervals, errors as results."""
import json
import os

import pytest

from rulesdsl.cli import main
from rulesdsl.interpreter import simulate as S

CONQUISTA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "conquista")
FACTIONS = ["azuis", "vermelhos"]
VARYING = ("seconds", "games_per_second", "workers")


def stable(r):
    return {k: v for k, v in r.items() if k not in VARYING}


def test_two_workers_give_the_same_results_as_one():
    a = S.simulate(CONQUISTA, FACTIONS, games=40, seed=3, workers=2, progress=False)
    b = S.simulate(CONQUISTA, FACTIONS, games=40, seed=3, workers=1, progress=False)
    assert a["workers"] == 2 and stable(a) == stable(b)
    assert a["completed"] == 40 and a["errors"] == []
    c = S.simulate(CONQUISTA, FACTIONS, games=40, seed=4, workers=1, progress=False)
    assert stable(c) != stable(b)


def test_counts_and_intervals_are_sane():
    r = S.simulate(CONQUISTA, FACTIONS, games=60, seed=1, workers=2, progress=False)
    n = r["completed"]
    wins = sum(r["win_rate"][f]["wins"] for f in FACTIONS)
    assert wins + r["no_winner"]["games"] == n                 # one winner or none, per game
    assert sum(w["wins"] for w in r["seat_win_rate"].values()) == wins
    for w in list(r["win_rate"].values()) + list(r["seat_win_rate"].values()):
        lo, hi = w["ci95"]
        assert 0.0 <= lo <= w["rate"] <= hi <= 1.0 and hi - lo < 0.5
    assert r["mean_decisions"] > 0 and r["mean_rounds"] > 0
    assert set(r["mean_scores"]) == set(FACTIONS)


def test_wilson():
    assert S.wilson(0, 0) == (0.0, 1.0)
    lo, hi = S.wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    lo, hi = S.wilson(0, 10)
    assert lo == 0.0 and 0.25 < hi < 0.35
    lo, hi = S.wilson(10, 10)
    assert hi > 0.999999 and 0.65 < lo < 0.75


def test_game_seeds_are_stable_and_distinct():
    seeds = [S.game_seed(1, k) for k in range(100)]
    assert len(set(seeds)) == 100 and seeds == [S.game_seed(1, k) for k in range(100)]
    assert S.game_seed(2, 0) != S.game_seed(1, 0)


def test_a_game_that_raises_is_reported_with_its_seed(monkeypatch):
    real = S.play_one

    def flaky(gdef, seats, seed, *a, **k):
        if seed == S.game_seed(5, 2):
            raise RuntimeError("boom")
        return real(gdef, seats, seed, *a, **k)
    monkeypatch.setattr(S, "play_one", flaky)
    r = S.simulate(CONQUISTA, FACTIONS, games=6, seed=5, workers=1, progress=False)
    assert r["completed"] == 5
    (e,) = r["errors"]
    assert e["game"] == 2 and e["seed"] == S.game_seed(5, 2) and "boom" in e["error"]


def test_unknown_faction_fails_early():
    from rulesdsl.interpreter.engine import RulesetError
    with pytest.raises(RulesetError):
        S.simulate(CONQUISTA, ["azuis", "verdes"], games=2, seed=0, workers=1, progress=False)


def test_cli_json(capsys):
    code = main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "20", "--semente", "2",
                 "--processos", "2", "--json"])
    out, err = capsys.readouterr()
    r = json.loads(out)
    assert code == 0 and r["games"] == 20 and r["workers"] == 2 and "win_rate" in r
    code = main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "10", "--processos", "1",
                 "--lang", "es"])
    out, err = capsys.readouterr()
    assert code == 0 and "Victorias por facción" in out and "Sin ganador" in out


def test_invariants_checked_after_every_decision_leave_the_games_unchanged():
    a = S.simulate(CONQUISTA, FACTIONS, games=12, seed=7, workers=1, progress=False, invariants=True)
    b = S.simulate(CONQUISTA, FACTIONS, games=12, seed=7, workers=1, progress=False)
    assert a["errors"] == [] and a["invariants"] is True
    assert {k: v for k, v in stable(a).items() if k != "invariants"} == \
        {k: v for k, v in stable(b).items() if k != "invariants"}


def test_a_broken_invariant_is_an_error_naming_the_decision(monkeypatch, capsys):
    from rulesdsl.interpreter import invariants as I
    calls = []

    def broken_after_three(game, *a, **k):
        calls.append(1)
        return ["peças a mais na clareira 1"] if len(game.history) == 3 else []
    monkeypatch.setattr(I, "check", broken_after_three)
    r = S.simulate(CONQUISTA, FACTIONS, games=2, seed=1, workers=1, progress=False, invariants=True)
    assert len(r["errors"]) == 2 and r["completed"] == 0
    assert all("InvariantViolation: #3: peças a mais na clareira 1" == e["error"] for e in r["errors"])
    # the command says so and fails
    code = main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "2", "--processos", "1",
                 "--invariantes"])
    out, _ = capsys.readouterr()
    assert code == 1 and "#3" in out and "Partidas com erro: 2" in out
    # without the option nobody asks
    calls.clear()
    assert main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "2",
                 "--processos", "1"]) == 0
    assert calls == []
