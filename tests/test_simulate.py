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
    a = S.simulate(CONQUISTA, FACTIONS, games=12, seed=3, workers=2, progress=False)
    b = S.simulate(CONQUISTA, FACTIONS, games=12, seed=3, workers=1, progress=False)
    assert a["workers"] == 2 and stable(a) == stable(b)
    assert a["completed"] == 12 and a["errors"] == []
    c = S.simulate(CONQUISTA, FACTIONS, games=12, seed=4, workers=1, progress=False)
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
    code = main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "8", "--semente", "2",
                 "--processos", "2", "--json"])
    out, err = capsys.readouterr()
    r = json.loads(out)
    assert code == 0 and r["games"] == 8 and r["workers"] == 2 and "win_rate" in r
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


# --- per-game records (`--saida`), Ctrl-C, agents ------------------------------------------

def test_records_one_line_a_game_as_jsonl(tmp_path, capsys):
    out = tmp_path / "jogos.jsonl"
    assert main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "5", "--semente", "2",
                 "--processos", "1", "--agentes", "random,guloso", "--saida", str(out)]) == 0
    recs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["game"] for r in recs] == [0, 1, 2, 3, 4]
    assert [r["seed"] for r in recs] == [S.game_seed(2, k) for k in range(5)]
    for r in recs:
        # the seats rotate, and each seat keeps its faction's agent
        by_f = dict(zip(r["seats"], r["agents"]))
        assert by_f == {"azuis": "random", "vermelhos": "greedy"}
        assert r["map"] == "quadrado" and r["deck"] == "ordens" and r["error"] is None
        assert set(r["scores"]) == set(FACTIONS) and r["decisions"] > 0
        assert r["winner"] in (None, *FACTIONS) and r["winners"] == ([r["winner"]] if r["winner"] else [])
    text = capsys.readouterr()
    assert "Agentes: Azuis: random, Vermelhos: greedy" in text.out and "5 partidas" in text.err


def test_records_as_csv_have_a_score_column_per_faction(tmp_path):
    import csv
    out = tmp_path / "jogos.csv"
    assert main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "3", "--processos", "2",
                 "--saida", str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 3 and {"score_azuis", "score_vermelhos", "seats", "stopped"} <= set(rows[0])
    assert sorted(int(r["game"]) for r in rows) == [0, 1, 2]
    assert all(r["seats"].count(";") == 1 for r in rows)


def test_records_as_parquet(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "jogos.parquet"
    assert main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "3", "--processos", "1",
                 "--saida", str(out)]) == 0
    t = pq.read_table(str(out)).to_pydict()
    assert t["game"] == [0, 1, 2] and "score_azuis" in t


def test_ctrl_c_keeps_the_finished_games(tmp_path, monkeypatch, capsys):
    """An interrupted run (Ctrl-C after two games) reports those two and leaves a valid file
    holding exactly them; the exit status is 130."""
    real = S._run_chunk
    calls = []

    def chunk(task):
        calls.append(task)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(task)
    monkeypatch.setattr(S, "_run_chunk", chunk)
    out = tmp_path / "jogos.jsonl"
    code = main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "10", "--processos", "1",
                 "--saida", str(out), "--json"])
    assert code == 130
    r = json.loads(capsys.readouterr().out)
    assert r["interrupted"] is True and r["finished"] == 2 and r["games"] == 10
    assert [json.loads(line)["game"] for line in out.read_text(encoding="utf-8").splitlines()] == [0, 1]
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_a_failed_run_leaves_no_file(tmp_path, monkeypatch):
    def broken(task):
        raise MemoryError
    monkeypatch.setattr(S, "_run_chunk", broken)
    out = tmp_path / "jogos.jsonl"
    assert main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "2", "--processos", "1",
                 "--saida", str(out)]) == 70          # an internal error, reported; no file
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("args,code", [
    (["--agentes", "humano"], "CLI025"),
    (["--saida", "jogos.txt"], "CLI026"),
])
def test_refused_before_any_game(args, code, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "2", *args]) == 1
    assert code in capsys.readouterr().err and os.listdir(tmp_path) == []


# --- seats only: the factions drafted in each game (Law A.8) -------------------------------------

LEILAO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "leilao")


def test_seats_only_each_record_names_the_factions_the_seats_drafted(tmp_path, capsys):
    out = tmp_path / "jogos.jsonl"
    assert main(["simular", LEILAO, "--faccoes", "2", "--partidas", "4", "--semente", "3", "--processos", "1",
                 "--agentes", "random,guloso", "--saida", str(out)]) == 0
    recs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["game"] for r in recs] == [0, 1, 2, 3]
    for r in recs:
        # each seat took one role of the three (leilão 1), in turn order; no seat id is left
        assert len(r["seats"]) == 2 and set(r["seats"]) <= {"norte", "sul", "leste"} and r["error"] is None
        assert sorted(r["agents"]) == ["greedy", "random"] and set(r["scores"]) == set(r["seats"])
    text = capsys.readouterr().out
    assert "Agentes: lugar 1: random, lugar 2: greedy" in text
    # a faction's rates count the games it played
    res = S.simulate(LEILAO, 2, games=4, seed=3, workers=1, progress=False)
    played = {f: sum(f in r["seats"] for r in recs) for f in res["factions"]}
    assert {f: w["games"] for f, w in res["win_rate"].items()} == played and res["seats"] == 2


def test_seats_only_root_advanced_setup_records_the_draft(root_def):
    """`simular rulesets/root --faccoes 4 --preparacao avancada`: the draft of A.8 (cut short)."""
    res = []
    r = S.simulate("root", 4, games=1, seed=5, workers=1, progress=False, gdef=root_def, setup_id="avancada",
                   max_decisions=150, on_game=res.append)
    assert r["errors"] == [] and r["unfinished"] == 1
    drafted = res[0]["factions"]
    assert len(set(drafted)) == 4 and set(drafted) <= set(root_def.setups["avancada"].faction_choice.pool)


def test_seats_only_needs_a_faction_choice():
    from rulesdsl.interpreter.engine import RulesetError
    with pytest.raises(RulesetError):
        S.simulate(CONQUISTA, 2, games=1, workers=1, progress=False)


def test_a_stuck_game_fails_the_run(tmp_path, capsys):
    """A game stopped by a rule that cannot be carried out (no option to choose) is reported
    and fails the command, like an error: a script running simulations must notice."""
    src = open(os.path.join(CONQUISTA, "jogo.yaml"), encoding="utf-8").read()
    rule = "        - compre 1 carta\n  vermelhos:"
    assert rule in src
    bad = src.replace(rule, "        - escolha um vale V onde número de soldados seus em V > 50\n  vermelhos:")
    (tmp_path / "jogo.yaml").write_text(bad, encoding="utf-8")
    code = main(["simular", str(tmp_path), "--faccoes", "azuis,vermelhos", "--partidas", "2",
                 "--processos", "1", "--json"])
    r = json.loads(capsys.readouterr().out)
    assert r["stuck"] == 2 and code == 1
