"""A game at the terminal (agents.HumanAgent, interpreter/table_help.py, rulesdsl/savegame.py):
prompts that say what a choice is for, the map's connections in the table view, the text of a
card on `?N`, `desfazer` (refused once chance or a card was seen since), and `--salvar` /
`--retomar`."""
from __future__ import annotations

import io
import json
import os
import random

import pytest

import rulesdsl
from rulesdsl.cli import main
from rulesdsl.interpreter import describe as D
from rulesdsl.interpreter.agents import HumanAgent, RandomAgent, play
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.table_help import option_text

TESTS = os.path.dirname(os.path.abspath(__file__))
CONQUISTA = os.path.join(TESTS, "games", "conquista")


def _human(answers, lang="pt"):
    it = iter(answers)
    out = io.StringIO()

    def feed(prompt):
        out.write(prompt)
        return next(it)
    return HumanAgent(lang, input_fn=feed, out=out), out


@pytest.fixture(scope="module")
def conquista():
    return rulesdsl.load(CONQUISTA)


def test_prompt_says_what_the_choice_is_for_and_table_shows_links(conquista):
    for lang, words in (("pt", ("escolha um espaço (destino de «leve»)", "Ligações", "Norte (colina) → Leste, Oeste")),
                        ("es", ("elige un espacio (destino de «lleva»)", "Conexiones", "Norte (colina) → Este, Oeste"))):
        game = Game(conquista, ["azuis", "vermelhos"], 0, lang=lang)
        human, out = _human(["1", "m", "q"], lang)
        assert play(game, {"azuis": human, "vermelhos": RandomAgent(1)}) == "quit"
        text = out.getvalue()
        for w in words:
            assert w in text, (lang, w)


def test_undo_goes_back_and_is_refused_after_a_card_was_seen(conquista):
    game = Game(conquista, ["azuis", "vermelhos"], 0)
    # march to Oeste with 3, then take it back: the same question again, nothing moved
    human, out = _human(["desfazer", "1", "2", "desfazer", "desfazer", "1", "2", "3", "4", "desfazer", "q"])
    stopped = play(game, {"azuis": human, "vermelhos": RandomAgent(1)})
    text = out.getvalue()
    assert stopped == "quit"
    assert "Não há decisão sua para desfazer." in text
    assert text.count("↶ Desfeito") == 2
    # after the turn ended Azuis drew a card and Vermelhos played: no going back
    assert "Não dá para desfazer" in text
    assert game.history[:4] == ["marchar", "oeste", "3", "fim"]


def test_card_text_on_request(root_def):
    game = Game(root_def, ["marqueses", "rapinas"], 3)
    rng = random.Random(3)
    for _ in range(400):
        d = game.pending
        if d.kind == "card" or D._etype(d) == "card":
            lines = option_text(game, d, d.options[0], "es")
            cid = game.s.card_defs[d.options[0]]
            text = root_def.rs.thing("card", cid).data.get("text")
            if text:
                assert lines and " ".join(text["es"].split()) in lines[0]
                return
        game.apply(rng.randrange(len(d.options)))
    pytest.fail("no card decision in 400 decisions")


def test_save_and_resume(tmp_path, monkeypatch, capsys):
    save = tmp_path / "partida.json"
    answers = iter(["1", "2", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--agentes", "humano,aleatorio",
                 "--semente", "5", "--salvar", str(save)]) == 0
    assert "--retomar" in capsys.readouterr().err
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["format"] == "rulesdsl-partida/1" and saved["agents"] == "humano,aleatorio"
    assert saved["game"]["history"] == ["marchar", "oeste"] and saved["game"]["seed"] == 5
    # going on: the same seats and seed, the next question is the one left unanswered
    answers = iter(["3", "salvar", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["jogar", CONQUISTA, "--retomar", str(save), "--salvar", str(save)]) == 0
    out = capsys.readouterr().out
    assert "quantas peças?" in out
    assert json.loads(save.read_text(encoding="utf-8"))["game"]["history"][:3] == ["marchar", "oeste", "3"]
    # the options the saved game already has cannot be given again
    assert main(["jogar", CONQUISTA, "--retomar", str(save), "--faccoes", "azuis,vermelhos"]) == 1
    assert "CLI095" in capsys.readouterr().err
    # the replay page reads the same file
    page = tmp_path / "p.html"
    assert main(["reproduzir", str(save), "--html", str(page)]) == 0
    assert page.read_text(encoding="utf-8").count('id="space-') >= 4
