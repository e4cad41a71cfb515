"""The JSON Lines event log of `jogar --log`: complete, localized, byte-for-byte reproducible."""
import json
import os

from rulesdsl.cli import main

CONQUISTA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "conquista")


def play_log(tmp_path, capsys, name, *extra):
    path = tmp_path / name
    code = main(["jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--log", str(path), "--json", *extra])
    capsys.readouterr()
    assert code == 0
    return path.read_bytes()


def test_same_seed_same_bytes_different_seed_different(tmp_path, capsys):
    a = play_log(tmp_path, capsys, "a.jsonl", "--semente", "5")
    b = play_log(tmp_path, capsys, "b.jsonl", "--semente", "5")
    c = play_log(tmp_path, capsys, "c.jsonl", "--semente", "6")
    assert a == b and a != c
    g1 = play_log(tmp_path, capsys, "g1.jsonl", "--semente", "5", "--agentes", "greedy")
    g2 = play_log(tmp_path, capsys, "g2.jsonl", "--semente", "5", "--agentes", "guloso")
    assert g1 == g2


def test_every_line_is_sorted_json_with_a_text(tmp_path, capsys):
    data = play_log(tmp_path, capsys, "a.jsonl", "--semente", "1").decode("utf-8")
    lines = data.splitlines()
    recs = [json.loads(x) for x in lines]
    for line, rec in zip(lines, recs):
        assert list(rec) == sorted(rec)
        assert isinstance(rec["texto"], str) and rec["texto"]
        assert json.dumps(rec, sort_keys=True, ensure_ascii=False, separators=(",", ":")) == line
    assert [r["seq"] for r in recs] == list(range(len(recs)))
    assert recs[0]["t"] == "start" and recs[-1]["t"] == "end"
    decisions = [r for r in recs if r["t"] == "decision"]
    assert len(decisions) == recs[-1]["decisions"]
    for d in decisions:
        assert {"player", "kind", "options", "choice", "law", "label"} <= set(d)
        assert d["options"] >= 2 and 0 <= d["index"] < d["options"]
    kinds = {r["t"] for r in recs}
    assert {"place", "draw", "turn", "phase", "score"} <= kinds


def test_log_language(tmp_path, capsys):
    pt = [json.loads(x) for x in play_log(tmp_path, capsys, "pt.jsonl", "--semente", "1").decode().splitlines()]
    es = [json.loads(x) for x in play_log(tmp_path, capsys, "es.jsonl", "--semente", "1", "--lang", "es")
          .decode().splitlines()]
    assert [r["t"] for r in pt] == [r["t"] for r in es]
    assert "Rodada 1" in " ".join(r["texto"] for r in pt)
    assert "Ronda 1" in " ".join(r["texto"] for r in es)


def test_a_failed_command_writes_no_log(tmp_path, capsys):
    path = tmp_path / "x.jsonl"
    code = main(["jogar", CONQUISTA, "--faccoes", "azuis,cinzas", "--log", str(path)])
    capsys.readouterr()
    assert code == 1 and not path.exists() and list(tmp_path.iterdir()) == []
