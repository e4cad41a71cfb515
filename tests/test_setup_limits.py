"""Limits on a setup's factions and the option of the standard faction setup
(interpreter/setup_limits.py), on Root: chapter 5's corner rule (E820), A.8's standard setup of
the factions inside the advanced setup (E821, a deal for seats), five and six players (A.6.2);
and the language docs' original examples of a landmark and a hireling load (issue 15)."""
import os
import re

import pytest

from rulesdsl.interpreter.engine import Game, RulesetError
from rulesdsl import cli

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORNERS5 = ["marqueses", "rapinas", "lagartos", "ducado", "centenas"]


@pytest.fixture(scope="module")
def root(root_def):
    return root_def


def test_five_corner_factions_need_the_advanced_setup(root):
    # 5: "com 5 ou mais facções que começariam em clareiras de canto, ... Preparação Avançada"
    with pytest.raises(RulesetError, match="E820") as e:
        Game(root, CORNERS5, 0)
    assert "Use a preparação avançada" in str(e.value)
    # four of them, or five with a faction that starts elsewhere: the standard setup plays
    Game(root, CORNERS5[:4] + ["alianca"], 0)
    # the advanced setup's cards ask no corner (A.8.2)
    game = Game(root, CORNERS5, 0, setup="avancada")
    assert game.pending is not None and "A.8.2.I" in game.pending.law


def test_the_standard_faction_setup_inside_the_advanced_one(root):
    # A.8: with the option, each faction's own setup (the Marquise's keep in a corner, 6.3.2)
    game = Game(root, ["marqueses", "alianca"], 0, setup="avancada", options={"faccoes_padrao": "sim"})
    assert game.pending.law == "6.3.2"
    assert game.pending.options == ["c1", "c2", "c3", "c4"]
    # and so the corner rule again, named by the option (E821)
    with pytest.raises(RulesetError, match="E821"):
        Game(root, CORNERS5, 0, setup="avancada", options={"preparação padrão das facções": True})


def test_seats_with_the_standard_option_are_dealt_within_the_limit(root):
    # 5.1.1 "qualquer método": six seats dealt at random, never five corner factions
    lim = root.faction_limits[0]
    for seed in range(4):
        game = Game(root, 6, seed, setup="avancada", hirelings="deal", options={"faccoes_padrao": True})
        while any(f not in root.factions for f in game.s.seats):
            game.apply(0)          # the hirelings set up first (A.6.3)
        seated = [f for f in game.s.seats if f in root.factions]
        assert len(seated) == 6 and len([f for f in seated if f in lim.factions]) <= 4
        assert not {root.hirelings[h].excludes for h in game.s.hired} & set(seated)      # A.6.5


def test_five_players_demote_every_hireling(root):
    # A.6.2: "Em partidas com 5 ou mais jogadores, todos os 3 capangas ficam em seu lado Rebaixado"
    for n in (5, 6):
        game = Game(root, n, 1, setup="avancada", hirelings="deal")
        assert [root.hirelings[h].side for h in game.s.hired] == ["demoted"] * 3


def test_the_command_line_refuses_five_corner_factions(root, capsys, monkeypatch):
    from rulesdsl.cli import resolve as cli_resolve
    monkeypatch.setattr(cli_resolve, "_load", lambda *a, **k: root)      # the session's Root, not a new load
    rc = cli.main(["jogar", "root", "--faccoes", ",".join(CORNERS5), "--silencioso"])
    assert rc != 0 and "CLI160" in capsys.readouterr().err
    rc = cli.main(["jogar", "root", "--faccoes", ",".join(CORNERS5), "--preparacao", "avancada",
                   "--opcao", "faccoes_padrao", "--silencioso", "--idioma", "es"])
    err = capsys.readouterr().err
    assert rc != 0 and "CLI160" in err and "Desactiva la opción" in err


def _doc_blocks(doc, heads):
    text = open(os.path.join(HERE, "docs", doc), encoding="utf-8").read()
    out = []
    for h in heads:
        m = re.compile(r"```yaml\n(.*?)```", re.S).search(text, text.index(h))
        out.append(m.group(1))
    return out


@pytest.mark.parametrize("doc,heads,hireling", [
    ("linguagem.md", ["### Marcos:", "### Capangas:"], "barqueiros"),
    ("lenguaje.md", ["### Lugares míticos:", "### Secuaces:"], "barqueros"),
])
def test_the_docs_examples_of_a_landmark_and_a_hireling_load(tmp_path, doc, heads, hireling):
    # issue 15: "a designer can add a new hireling or landmark as one data file": the examples
    # of the language docs, each one file beside a tiny host game (tests/games/anfitriao), load
    # without an error and set up: the landmark placed by a seat, the hireling's own setup
    from rulesdsl.environment import Environment
    host = os.path.join(HERE, "tests", "games", "anfitriao", "jogo.yaml")
    (tmp_path / "jogo.yaml").write_text(open(host, encoding="utf-8").read(), encoding="utf-8")
    for i, block in enumerate(_doc_blocks(doc, heads)):
        (tmp_path / f"exemplo{i}.yaml").write_text(block, encoding="utf-8")
    g = Environment().load(str(tmp_path))
    assert "poco" in g.landmarks and hireling in g.hirelings
    game = Game(g, ["azuis", "verdes", "roxos"], 0, setup="completa", landmarks=1, hirelings=[hireling])
    while game.pending is not None and game.s.round == 0:
        game.apply(0)
    assert sum(p.get("poco", 0) for p in game.s.board.values()) == 1
    assert hireling in game.s.hired
