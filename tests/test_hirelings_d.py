"""Hirelings, the engine's part of the sides in rulesets/root/capangas/bandidos.yaml,
profetas.yaml and expedicao.yaml (their rules are scenarios:
tests/cenarios/root_capangas_bandidos_profetas.yaml): a hireling's modifier that holds only for
the hireling (`só_do_capanga:`, M220/M221), the top N cards of a zone (`entre as primeiras N`),
and a Vagabond moving along a Highway Bandits path (an ordering of two effects a scenario
cannot name)."""
import os
import shutil

import pytest

import rulesdsl
from rulesdsl.errors import RulesError
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.hirelings import set_controllers

HERE = os.path.dirname(os.path.abspath(__file__))
ESTRADAS = os.path.join(HERE, "games", "estradas")

HIRELING = """
  capatazes:
    nome: {pt: Capatazes, es: Capataces}
    capanga: {carta: capatazes, lado: promovido}
    peças:
      soldado: {nome: {pt: capataz, es: capataz}, categoria: soldado, quantidade: 2}
    modificadores:
      - valor: alcance
        só_do_capanga: sim
        define: 1
"""


def _game_dir(tmp_path, extra_faction="", edits=()):
    d = tmp_path / "estradas"
    shutil.copytree(ESTRADAS, d)
    p = d / "jogo.yaml"
    text = p.read_text(encoding="utf-8")
    text = text.replace("\nações:\n", "\nvalores_derivados:\n  alcance: {nome: {pt: alcance, es: alcance}, base: 0}\n"
                        "ações:\n", 1)
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    text += extra_faction
    p.write_text(text, encoding="utf-8")
    return str(d)


def _codes(path):
    with pytest.raises(RulesError) as e:
        rulesdsl.load(path)
    return sorted(d.code for d in e.value.diagnostics if d.severity == "error")


def test_hireling_only_is_said_of_a_hirelings_modifier(tmp_path):
    # M220: a seated faction's modifier; M221: on who rules
    path = _game_dir(tmp_path, HIRELING, edits=[
        ("    gatilhos:\n", "    modificadores:\n      - valor: alcance\n        só_do_capanga: sim\n"
                          "        define: 2\n    gatilhos:\n")])
    assert _codes(path) == ["M220"]


def test_a_hireling_only_modifier_holds_for_the_hireling_not_its_controller(tmp_path):
    g = rulesdsl.load(_game_dir(tmp_path, HIRELING))
    gd = Game(g, ["azuis", "vermelhos"], 1, hirelings=["capatazes"]) if not hasattr(g, "hirelings") else None
    game = gd or Game(g, ["azuis", "vermelhos"], 1, hirelings=["capatazes"])
    set_controllers(game, {"capatazes": "azuis"})
    d = game.g.derived_for(("alcance",), None)
    assert d.eval(game.ctx.child(me="capatazes"), None) == 1
    # the controller acts: the hireling's own modifier does not hold for it
    assert d.eval(game.ctx.child(me="azuis"), None) == 0


VAGABOND_ON_A_BANDIT_PATH = """
idioma: pt
regras: root
facções: [marqueses, malandro]
mapa: outono
cenários:
  - nome: o Malandro passa por um caminho com salteador
    capangas: {bandidos: marqueses}
    contadores: {bandidos: {marcadores de controle: 3}}
    vez: malandro
    fase: dia
    posição:
      clareira 1: {peão: 1}
      caminho entre clareira 1 e clareira 5: {salteador: 1}
    zonas:
      mochila do malandro: {bota: 2, espada: 1}
"""


def test_a_vagabond_moving_along_a_bandit_path_damages_an_item(tmp_path):
    # E.2.2 with 9.2.7: the hit the bandits deal damages an item (the Vagabond orders the two
    # effects of its move first: the bandits', then its Allies' move along, 9.2.9.II.b)
    from rulesdsl.scenario import load_scenarios, match_option, new_game
    p = tmp_path / "cenario.yaml"
    p.write_text(VAGABOND_ON_A_BANDIT_PATH.replace("regras: root", "regras: " + os.path.join(
        os.path.dirname(HERE), "rulesets", "root")), encoding="utf-8")
    sc = load_scenarios(str(p))[0]
    game, _, _ = new_game(sc)
    for text in ("mover-se", "clareira 5"):
        game.apply(match_option(game, sc.vocab, text))
    d = game.pending
    assert d.kind == "order" and d.player == "malandro"
    game.apply(next(i for i, o in enumerate(d.options) if o[1] == "E.2.2"))
    game.apply(match_option(game, sc.vocab, "espada"))
    assert game.pending.player == "malandro" and game.pending.kind == "menu"
    s = game.s
    assert s.board["c5"].get("malandro.peao") == 1
    damaged = game.g.statuses["danificado"]
    exhausted = game.g.statuses["exaurido"]
    assert s.zone_split("malandro.mochila", "espada") == {damaged: 1}
    assert s.zone_split("malandro.mochila", "bota") == {exhausted: 1, 0: 1}
