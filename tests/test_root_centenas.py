"""The Lord of the Hundreds (`centenas`, Law §14) and the engine pieces it brought: a die whose
faces are suits (the mob die, 14.4.1; M135 for a face that is neither a number nor a value of
an enumeration), a faction's own cards with their hooks while they lie in a faction zone marked
`em_jogo` (the moods, 14.7), and a journal mark taken inside the outermost one before anything
changed (an optional step declined at the very start of an action that then fails).

The rules themselves are scenarios: tests/cenarios/root_centenas.yaml (PT) and
tests/escenarios/root_centenas.yaml (ES). A handful of random games here; the large run is a
command (`python benchmarks/faction_games.py centenas --games 320`)."""
from __future__ import annotations

import pytest

from minigames import errors, load
from random_play import play_to_the_end
from rulesdsl.interpreter.engine import Game

DICE = """\
idioma: pt
jogo:
  id: dados
  nome: {pt: Dados, es: Dados}
  jogadores: {mínimo: 2, máximo: 2}
  limite_de_rodadas: 1
  turno: [manha]
  pontuação: pv
fases:
  manha: {nome: {pt: Manhã, es: Alba}}
contadores:
  pv: {nome: {pt: PV, es: PV}, inicial: 0, escopo: jogador}
enumerações:
  cor:
    nome: {pt: cor, es: color}
    valores:
      azul: {nome: {pt: azul, es: azul}}
      verde: {nome: {pt: verde, es: verde}}
      todas: {nome: {pt: todas, es: todas}, curinga: sim}
tipos_de_espaço:
  vale: {nome: {pt: vale, es: valle}, atributos: {cor: {tipo: cor, nome: {pt: cor, es: color}}}}
categorias_de_peça:
  soldado: {nome: {pt: soldado, es: soldado}, governa: sim}
dados:
  dado_de_cor: {nome: {pt: dado de cor, es: dado de color}, faces: [azul, verde]}
mapas:
  m:
    nome: {pt: m, es: m}
    espaços:
      a: {tipo: vale, nome: {pt: Alta, es: Alta}, cor: azul}
      b: {tipo: vale, nome: {pt: Baixa, es: Baja}, cor: verde}
facções:
  azuis:
    nome: {pt: azuis, es: azules}
    peças:
      soldado: {nome: {pt: soldado, es: soldado}, categoria: soldado, quantidade: 5}
    turno:
      manha:
        - efeito: |
            role 1 dado de cor R
            seja N igual a o maior entre R
            posicione 1 soldado em cada vale correspondente a N
  vermelhos:
    nome: {pt: vermelhos, es: rojos}
    peças:
      soldado: {nome: {pt: soldado, es: soldado}, categoria: soldado, quantidade: 5}
"""


def test_a_die_of_an_enumeration_rolls_its_values(tmp_path):
    diags, gd = load(tmp_path, DICE)
    assert errors(diags) == [], "\n".join(d.render() for d in diags)
    seen = set()
    for seed in range(8):
        game = Game(gd, ["azuis", "vermelhos"], seed)
        placed = [sp for sp, pcs in game.s.board.items() if pcs.get("azuis.soldado")]
        assert len(placed) == 1
        seen.add(placed[0])
    assert seen == {"a", "b"}


def test_a_face_that_is_not_a_value_is_an_error_at_its_place(tmp_path):
    text = DICE.replace("faces: [azul, verde]", "faces: [azul, verdi]")
    diags, _ = load(tmp_path, text)
    errs = [d for d in errors(diags) if d.code == "M135"]
    assert errs, [d.render() for d in diags]
    line = text.count("\n", 0, text.index("verdi")) + 1
    assert errs[0].pos.line == line and "verdi" in errs[0].render()


def test_a_mark_inside_the_outermost_before_any_change_keeps_the_journal(root_def):
    game = Game(root_def, ["marqueses", "centenas"], seed=1)
    s = game.s
    outer = s.mark()
    inner = s.mark()
    assert outer == 0 and inner > 0
    s.commit(inner)                      # the inner step is done (or declined)
    assert s.journal is not None
    s.put("c1", "centenas.turba", 1)
    s.rollback(outer)                    # ... and the whole action fails: all undone
    s.commit(outer)
    assert not s.board.get("c1", {}).get("centenas.turba")
    assert s.journal is None


def test_the_cards_of_a_faction_zone_in_play_are_only_its_own(root_def):
    # the mood slot (`em_jogo: sim`) holds the Hundreds' mood in play (14.4.4); the moods
    # beside the board (`humores`) and the other factions have none of them in play
    assert "centenas.humor_atual" in root_def.in_play_keys("centenas")
    assert "centenas.humores" not in root_def.in_play_keys("centenas")
    assert not any(k.startswith("centenas.") for k in root_def.in_play_keys("marqueses"))


MAX_DECISIONS = 20000
# (seed, factions in turn order, map, deck)
GAMES = [
    (2, ["centenas", "marqueses", "rapinas", "alianca"], "outono", "base"),
    (2, ["lagartos", "centenas", "malandro", "ducado"], "inverno", "exilados"),
    (1, ["ribeirinhos", "corvideos", "centenas", "marqueses"], "lago", "base"),
    (3, ["rapinas", "alianca", "malandro", "centenas"], "montanha", "exilados"),
]


@pytest.mark.parametrize("seed,factions,map_id,deck_id", GAMES)
def test_random_game_with_the_hundreds(root_def, seed, factions, map_id, deck_id):
    game = Game(root_def, factions, seed=seed, map_id=map_id, deck_id=deck_id)
    play_to_the_end(game, seed, MAX_DECISIONS, label=f"seed {seed} ({factions}, {map_id}, {deck_id})")

