"""`simular --executor dask`: the same games on a Dask cluster as in this process (issue 19).

The cluster here is a `distributed.LocalCluster` whose workers are threads of this process (in
real use, processes); the
ruleset reaches them as a bundle of its files (interpreter/cluster.py), as it would reach the
machines of a real cluster."""
import json
import os

import pytest

pytest.importorskip("distributed")

from rulesdsl.cli import main  # noqa: E402
from rulesdsl.interpreter import cluster as C  # noqa: E402
from rulesdsl.interpreter import simulate as S  # noqa: E402

CONQUISTA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "conquista")
FACTIONS = ["azuis", "vermelhos"]
VARYING = ("seconds", "games_per_second", "workers", "executor")


@pytest.fixture(autouse=True)
def threads_for_workers(monkeypatch):
    monkeypatch.setattr(C, "LOCAL_PROCESSES", False)       # quick to start; processes in real use


def stable(r):
    return {k: v for k, v in r.items() if k not in VARYING}


def test_the_cluster_plays_the_same_games_as_this_process():
    seen = []
    a = S.simulate(CONQUISTA, FACTIONS, games=12, seed=5, workers=2, progress=False, executor="dask",
                   on_game=lambda r: seen.append(r["game"]), invariants=True)
    b = S.simulate(CONQUISTA, FACTIONS, games=12, seed=5, workers=1, progress=False, invariants=True)
    assert a["executor"] == "dask" and b["executor"] == "local"
    assert stable(a) == stable(b) and a["completed"] == 12 and a["errors"] == []
    assert seen == list(range(12))            # records in the games' order, whatever finished first


def test_a_bundle_is_every_file_of_the_folder_and_its_digest_follows_their_content(tmp_path):
    src = tmp_path / "jogo"
    src.mkdir()
    (src / "jogo.yaml").write_text("a: 1\n")
    (src / "sub").mkdir()
    (src / "sub" / "b.yaml").write_text("b: 2\n")
    (src / ".oculto").write_text("x")
    d1, name, files = C.bundle(src)
    assert name == "jogo" and sorted(files) == ["jogo.yaml", "sub/b.yaml"]
    (src / "sub" / "b.yaml").write_text("b: 3\n")
    assert C.bundle(src)[0] != d1
    target = C._materialize(C.bundle(src))
    assert open(os.path.join(target, "sub", "b.yaml")).read() == "b: 3\n"
    assert os.stat(os.path.dirname(target)).st_mode & 0o077 == 0       # private to its owner


def test_a_worker_loads_a_bundle_once():
    b = C.bundle(CONQUISTA)
    assert C.worker_ruleset(b, None) is C.worker_ruleset(b, None)


def test_the_cpu_limit_holds_in_worker_threads():
    r = S.simulate(CONQUISTA, FACTIONS, games=2, seed=1, workers=1, progress=False, executor="dask",
                   time_limit=1e-9)
    assert len(r["errors"]) == 2 and all(e["error"].startswith("GameTimeout") for e in r["errors"])


def test_cli_runs_on_a_local_cluster(capsys):
    rc = main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "4", "--executor", "dask",
               "--processos", "2", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["executor"] == "dask" and out["completed"] == 4


@pytest.mark.parametrize("args, code", [
    (["--endereco", "tcp://127.0.0.1:1"], "CLI076"),                              # address without dask
    (["--executor", "dask", "--endereco", "tcp://127.0.0.1:1"], "CLI077"),        # nobody listening
])
def test_refused_with_a_message(args, code, capsys, monkeypatch):
    monkeypatch.setattr("distributed.Client.__init__",
                        lambda self, *a, **k: (_ for _ in ()).throw(OSError("connection refused")))
    rc = main(["simular", CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "2"] + args)
    err = capsys.readouterr().err
    assert rc == 1 and code in err and "Traceback" not in err
