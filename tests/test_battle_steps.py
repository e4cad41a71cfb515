"""The battle as declared steps (N4) and hooks declared on cards (N5).

- the battle's data (the `batalha` action of rulesets/root/regras/acoes.yaml) names no card,
  character or faction: cards and factions hook into its steps from their own files;
- a designer's mistakes in steps, roles and card hooks are errors at file:line:col with a
  suggestion, in the file's language;
- a card's hooks are active only while the card lies in a play area, for its owner.

The rules themselves play in scenarios: tests/cenarios/batalha.yaml, tests/escenarios/batalla.yaml
(defender's extra hits, "ignore the first hit" not stacking, replacements composed in order)
and the card scenarios of root_cartas.yaml (PT and ES).
"""
import os
import re

import pytest

from minigames import load
import rulesdsl
from rulesdsl.errors import fold

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
ROOT = os.path.join(REPO, "rulesets", "root")


def _battle_block():
    text = open(os.path.join(ROOT, "regras", "acoes.yaml"), encoding="utf-8").read()
    start = text.index("\n  batalha:\n")
    end = text.index("\n  criar:\n")
    return text[start:end]


@pytest.fixture(scope="module")
def root():
    return rulesdsl.Environment().load(ROOT)


def test_the_battle_names_no_card_character_or_faction(root):
    block = fold(_battle_block())
    rs = root.rs
    names = set()
    for kind in ("card", "faction"):
        for ident, t in rs.things.get(kind, {}).items():
            names.add(str(ident))
            for lang in ("pt", "es"):
                names.update(t.names.get(lang) or [])
    found = sorted(n for n in names
                   if re.search(r"(?<![\w])" + re.escape(fold(n).rstrip("!")) + r"(?![\w])", block))
    assert found == [], found
    # and it does declare its steps and roles
    assert set(root.steps) == {"inicio", "emboscar", "antes_da_rolagem", "efeitos", "fim"}
    for sid, (aid, roles, _) in root.steps.items():
        assert aid == "batalha" and roles == {"attacker": "AT", "defender": "D"}


def test_card_hooks_come_from_the_cards(root):
    cards = {h.card for hooks in root.triggers.values() for h in hooks if h.card}
    assert {"armeiros", "sapadores", "taticas_brutais", "grupo_de_batedores", "reivindicacao_real",
            "a_bolsa_ou_a_vida", "banco_da_toca", "sapateiro", "toca_de_comando"} <= cards
    # no global hook stands for a card any more (the old regras/cartas.yaml is gone)
    assert not os.path.exists(os.path.join(ROOT, "regras", "cartas.yaml"))


def test_owners_in_play_only_play_areas(root):
    from rulesdsl.interpreter.card_scope import owners_in_play
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.interpreter.runtime import Ctx
    game = Game(root, ["marqueses", "rapinas"], 3)
    s = game.s
    assert root.in_play_zones == ("area_de_jogo",)
    sap = [i for i, d in enumerate(s.card_defs) if d == "sapadores"]
    src = next(z for z, cards in s.zones.items() if sap[0] in cards)
    s.move_card(sap[0], src, "rapinas:mao")
    ctx = Ctx(root, None, s, "marqueses", {}, game)
    assert owners_in_play(ctx, "sapadores") == ()
    s.move_card(sap[0], "rapinas:mao", "rapinas:area_de_jogo")
    src = next(z for z, cards in s.zones.items() if sap[1] in cards)
    s.move_card(sap[1], src, "marqueses:area_de_jogo")
    assert owners_in_play(ctx, "sapadores") == ("marqueses", "rapinas")


# --------------------------------------------------------------------------------------------
# a designer's mistakes

PT = """\
idioma: pt
jogo:
  id: mini
  nome: {pt: Mini, es: Mini}
  jogadores: {mínimo: 2, máximo: 2}
  turno: [dia]
  pontuação: pv
fases:
  dia: {nome: {pt: Dia, es: Mañana}}
contadores:
  pv: {nome: {pt: PV, es: PV}, inicial: 0}
zonas:
  monte: {nome: {pt: monte, es: montón}, conteúdo: cartas, oculta: sim}
  descarte: {nome: {pt: descarte, es: descarte}, conteúdo: cartas}
zonas_de_jogador:
  mao: {nome: {pt: mão, es: mano}, conteúdo: cartas, oculta: sim}
  mesa: {nome: {pt: mesa, es: mesa}, conteúdo: cartas}
tipos_de_espaço:
  campo: {nome: {pt: campo, es: campo}}
categorias_de_peça:
  guerreiro: {nome: {pt: guerreiro, es: guerrero}, governa: sim}
mapas:
  m:
    nome: {pt: m, es: m}
    espaços:
      a: {tipo: campo, nome: {pt: Alta, es: Alta}}
baralhos:
  b:
    nome: {pt: b, es: b}
    cartas:
      - id: escudo
        nome: {pt: Escudo, es: Escudo}
        gatilhos:
          - quando: {evento: passo, passo: golpe, defensor: você}
            efeito: seja DA igual a 0
facções:
  gatos:
    nome: {pt: Gatos, es: Gatos}
    peças:
      soldado: {nome: {pt: soldado, es: soldado}, categoria: guerreiro, quantidade: 5}
    turno:
      dia:
        - realize até 1 ações entre duelo
ações:
  duelo:
    nome: {pt: duelo, es: duelo}
    passos:
      golpe: {nome: {pt: golpe, es: golpe}}
    papéis: {atacante: AT, defensor: D}
    contexto: [AT, D, DA]
    efeito: |
      seja AT igual a você
      escolha um jogador D onde D não é você
      seja DA igual a 1
      passo golpe
      D receba DA PV
"""

ES = """\
idioma: es
juego:
  id: mini
  nombre: {pt: Mini, es: Mini}
  jugadores: {mínimo: 2, máximo: 2}
  turno: [dia]
  puntuación: pv
fases:
  dia: {nombre: {pt: Dia, es: Mañana}}
contadores:
  pv: {nombre: {pt: PV, es: PV}, inicial: 0}
zonas:
  monte: {nombre: {pt: monte, es: montón}, contenido: cartas, oculta: sí}
  descarte: {nombre: {pt: descarte, es: descarte}, contenido: cartas}
zonas_de_jugador:
  mao: {nombre: {pt: mão, es: mano}, contenido: cartas, oculta: sí}
  mesa: {nombre: {pt: mesa, es: mesa}, contenido: cartas}
tipos_de_espacio:
  campo: {nombre: {pt: campo, es: campo}}
categorías_de_pieza:
  guerreiro: {nombre: {pt: guerreiro, es: guerrero}, gobierna: sí}
mapas:
  m:
    nombre: {pt: m, es: m}
    espacios:
      a: {tipo: campo, nombre: {pt: Alta, es: Alta}}
mazos:
  b:
    nombre: {pt: b, es: b}
    cartas:
      - id: escudo
        nombre: {pt: Escudo, es: Escudo}
        disparadores:
          - cuando: {evento: paso, paso: golpe, defensor: tú}
            efecto: sea DA igual a 0
facciones:
  gatos:
    nombre: {pt: Gatos, es: Gatos}
    piezas:
      soldado: {nombre: {pt: soldado, es: soldado}, categoría: guerreiro, cantidad: 5}
    turno:
      dia:
        - realiza hasta 1 acciones entre duelo
acciones:
  duelo:
    nombre: {pt: duelo, es: duelo}
    pasos:
      golpe: {nombre: {pt: golpe, es: golpe}}
    papeles: {atacante: AT, defensor: D}
    contexto: [AT, D, DA]
    efecto: |
      sea AT igual a tú
      elige un jugador D donde D no es tú
      sea DA igual a 1
      paso golpe
      D anota DA PV
"""

BASE = {"pt": PT, "es": ES}


def test_the_mini_games_validate_and_know_their_step(tmp_path):
    for lang in ("pt", "es"):
        (tmp_path / lang).mkdir()
        diags, gd = load(tmp_path / lang, BASE[lang])
        assert diags == [], "\n".join(d.render() for d in diags)
        assert gd.steps["golpe"][1] == {"attacker": "AT", "defender": "D"}
        (h,) = gd.triggers["step"]
        assert h.card == "escudo" and h.step == "golpe" and h.roles == {"defender": "mine"}


MISTAKES = [
    # (lang, old, new, code, needle, hint)
    ("pt", "passo: golpe, defensor", "passo: golp, defensor", "M043", "golp,", "golpe"),
    ("es", "paso: golpe, defensor", "paso: golp, defensor", "M043", "golp,", "golpe"),
    ("pt", "golpe, defensor: você}", "golpe, defensr: você}", "M010", "defensr", "defensor"),
    ("es", "golpe, defensor: tú}", "golpe, defensr: tú}", "M010", "defensr", "defensor"),
    ("pt", "        gatilhos:\n", "        gatilho:\n", "M010", "gatilho:", "gatilhos"),
    ("es", "        disparadores:\n", "        disparador:\n", "M010", "disparador:", "disparadores"),
    ("pt", "    papéis: {atacante: AT", "    papéis: {atacant: AT", "M010", "atacant", "atacante"),
    ("es", "    papeles: {atacante: AT", "    papeles: {atacant: AT", "M010", "atacant", "atacante"),
]


@pytest.mark.parametrize("lang,old,new,code,needle,hint", MISTAKES)
def test_mistakes_in_steps_roles_and_card_hooks(tmp_path, lang, old, new, code, needle, hint):
    text = BASE[lang]
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    diags, gd = load(tmp_path, text)
    codes = [d.code for d in diags if d.severity == "error"]
    assert codes == [code], "\n".join(d.render() for d in diags)
    d = diags[0]
    i = text.index(needle)
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    assert (d.pos.line, d.pos.col) == (line, col), d.render()
    assert d.lang == lang
    assert d.hint == hint
    assert d.render().startswith(f"{d.pos.file}:{line}:{col}: ")


def test_an_unknown_step_in_an_effect_is_an_error(tmp_path):
    text = PT.replace("      passo golpe\n", "      passo golpes\n")
    diags, gd = load(tmp_path, text)
    assert gd is None
    assert [d.code for d in diags if d.severity == "error"] == ["P002"], \
        "\n".join(d.render() for d in diags)
