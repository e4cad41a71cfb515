"""Ruleset options (rulesdsl/options.py): declared in the data, chosen at game creation, read
by conditions; errors M260-M263, E810/E811, CLI130/CLI131. The game is the small `conquista`
with an option added (nothing of Root or Scythe)."""
from __future__ import annotations

import json
import os

import pytest

from rulesdsl.environment import Environment
from rulesdsl.interpreter.engine import Game, RulesetError

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.join(HERE, "games", "conquista", "jogo.yaml")

OPTIONS = """
opções:
  dobro:
    nome: {pt: recrutamento em dobro, es: reclutamiento doble}
    tipo: booleano
    padrão: não
  ritmo:
    nome: {pt: ritmo, es: ritmo}
    tipo: escolha
    valores:
      lento: {nome: {pt: lento, es: lento}}
      rapido: {nome: {pt: rápido, es: rápido}}
    padrão: lento
"""

RULE = """
  reforcar:
    nome: {pt: [reforçar, reforce], es: [reforzar, refuerza]}
    requer: a opção recrutamento em dobro estiver ativada e a opção ritmo for rápido
    efeito: |
      posicione 1 soldado em Norte
"""


def _ruleset(tmp_path, options=OPTIONS, rule=RULE):
    text = open(BASE, encoding="utf-8").read()
    text = text.replace("\nações:\n", options + "\nações:\n" + rule, 1)
    # the new action in the blue faction's menu
    p = tmp_path / "jogo.yaml"
    p.write_text(text, encoding="utf-8")
    return str(p)


def _load(path):
    return Environment("pt").load(path)


@pytest.fixture(scope="module")
def g(tmp_path_factory):
    """The small game with the two options, loaded once for the tests that only play it."""
    return _load(_ruleset(tmp_path_factory.mktemp("options")))


def _codes(path):
    from rulesdsl.errors import RulesError
    try:
        _load(path)
    except RulesError as exc:
        return [d.code for d in exc.diagnostics]
    return []


def test_options_take_their_defaults_and_are_recorded_only_when_chosen(g):
    assert set(g.options) == {"dobro", "ritmo"}
    plain = Game(g, ["azuis", "vermelhos"], 1)
    assert plain.options == {"dobro": False, "ritmo": "lento"}
    assert "options" not in plain.made_with() and "options" not in plain.save()
    # by id or by name in either language; values by id or name
    game = Game(g, ["azuis", "vermelhos"], 1, options={"recrutamento em dobro": "sim", "ritmo": "rápido"})
    assert game.options == {"dobro": True, "ritmo": "rapido"}
    saved = game.save()
    assert saved["options"] == {"dobro": True, "ritmo": "rapido"}
    again = Game.load(g, json.loads(json.dumps(saved)))
    assert again.options == game.options
    assert Game(g, ["azuis", "vermelhos"], 1, options={"reclutamiento doble": "sí"}).options["dobro"] is True


def test_a_condition_reads_the_options_of_its_game(g):
    req = g.actions["reforcar"].requires
    for opts, want in ((None, False), ({"dobro": "sim"}, False), ({"dobro": "sim", "ritmo": "rapido"}, True)):
        game = Game(g, ["azuis", "vermelhos"], 1, options=opts)
        ctx = game.ctx.child(me="azuis", env={})
        assert bool(req(ctx)) is want, opts
        assert bool(req(game.clone().ctx.child(me="azuis", env={}))) is want


def test_an_unknown_option_or_value_is_refused_at_game_creation(g):
    with pytest.raises(RulesetError, match="E810.*dobro"):
        Game(g, ["azuis", "vermelhos"], 1, options={"dobre": "sim"})
    with pytest.raises(RulesetError, match="E811.*lento, rapido"):
        Game(g, ["azuis", "vermelhos"], 1, options={"ritmo": "veloz"})


@pytest.mark.parametrize("options, rule, code", [
    # a default that is not a value
    (OPTIONS.replace("padrão: lento", "padrão: médio"), RULE, "M260"),
    # a choice without values
    (OPTIONS.replace("tipo: escolha", "tipo: escolha\n    padrão_x: 1").split("    valores:")[0] + "\n", "", "M261"),
    # a condition naming an undeclared option
    (OPTIONS, RULE.replace("recrutamento em dobro estiver", "recrutamento duplo estiver"), "M262"),
    # `ativada` said of a choice
    (OPTIONS, RULE.replace("a opção ritmo for rápido", "a opção ritmo estiver ativada"), "M263"),
])
def test_mistakes_in_options_are_errors(tmp_path, options, rule, code):
    assert code in _codes(_ruleset(tmp_path, options, rule))


def test_the_cli_takes_options_and_refuses_unknown_ones(tmp_path, capsys):
    from rulesdsl.cli import main
    path = _ruleset(tmp_path)
    log = tmp_path / "log.jsonl"
    assert main(["jogar", path, "--facções", "azuis,vermelhos", "--opcao", "dobro=sim", "--opção", "ritmo=rápido",
                 "--json", "--max-decisoes", "5", "--registro", str(log)]) == 0
    start = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert start["options"] == {"dobro": True, "ritmo": "rapido"}
    assert main(["jogar", path, "--facções", "azuis,vermelhos", "--opcion", "dobre=si"]) != 0
    err = capsys.readouterr().err
    assert "CLI131" in err and "dobro" in err
    assert main(["jogar", path, "--facções", "azuis,vermelhos", "--opcao", "=x"]) != 0
    assert "CLI130" in capsys.readouterr().err


def test_the_opening_narration_names_the_options_chosen(tmp_path, capsys):
    # `jogar`'s first line says what the game was made with, the options in the user's language
    from rulesdsl.cli import main
    path = _ruleset(tmp_path)
    assert main(["jogar", path, "--facções", "azuis,vermelhos", "--opcao", "dobro=sim", "--opção", "ritmo=rápido",
                 "--max-decisoes", "1"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("; opções: recrutamento em dobro: sim, ritmo: rápido"), first
    assert main(["jugar", path, "--facciones", "azuis,vermelhos", "--opcion", "reclutamiento doble=sí",
                 "--max-decisiones", "1"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("; opciones: reclutamiento doble: sí"), first
    # an option left at its default is how the game always is: not named
    assert main(["jogar", path, "--facções", "azuis,vermelhos", "--opcao", "ritmo=lento", "--max-decisoes", "1"]) == 0
    assert "opções" not in capsys.readouterr().out.splitlines()[0]
