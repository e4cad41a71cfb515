"""Rootlog: the report names the rule the engine applies where it cannot replay an action, and
the correspondence file's values are checked against the ruleset (docs/rootlog.md, «O relatório
diz a regra»)."""
import pytest

from rulesdsl.errors import RulesError
from rulesdsl.rootlog.mapping_values import check_values

ROOT_MAPPING = "rulesets/root/texto/rootlog/rootlog.yaml"

# a correspondence with one wrong value of each kind the reader looks up in the ruleset
BAD = """idioma: pt
rootlog:
  contador_de_pontos: pvv
  mapas: {Fall: outonu}
  naipes: {B: passaro, F: raposas}
  estados_de_item: {e: exaurido, d: danificada}
  itens: {s: espada, b: bolsa}
  facções:
    C:
      id: marqueses
      peças: {w: guerriro, t: madeira}
    X:
      id: lagartoz
      peças: {w: nada}
    O:
      id: ribeirinhos
      contadores: {h: preco_da_cartaa}
      quadro_peças: {"": [pagamentos, fundoss]}
      criar_exaure: [h]
  cartas:
    sap: [sapadoras]
  congela_pontos: [domm]
  zonas: {mão: "{facção}:maos", baralho: baralho}
"""


def _found(exc):
    return [(d.code, d.pos.line, d.pos.col, d.args["value"], d.hint) for d in exc.value.diagnostics]


def test_every_wrong_value_is_reported_where_it_stands_with_the_nearest_valid_one(root_def):
    with pytest.raises(RulesError) as exc:
        check_values("rootlog.yaml", BAD, root_def)
    assert _found(exc) == [
        ("RLM.value_counter", 3, 23, "pvv", "pv"),
        ("RLM.value_map", 4, 17, "outonu", "outono"),
        ("RLM.value_suit", 5, 27, "raposas", "raposa"),
        ("RLM.value_status", 6, 37, "danificada", "danificado"),
        ("RLM.value_piece", 11, 18, "guerriro", "guerreiro"),
        ("RLM.value_faction", 13, 11, "lagartoz", "lagartos"),   # its pieces are not looked at
        ("RLM.value_counter", 17, 23, "preco_da_cartaa", "preco_da_carta"),
        ("RLM.value_faction_zone", 18, 39, "fundoss", "fundos"),
        ("RLM.value_item_letter", 19, 22, "h", None),          # `itens:` has no hammer here
        ("RLM.value_card", 21, 11, "sapadoras", "sapadores"),
        ("RLM.value_card_name", 22, 20, "domm", None),   # `cartas:` names only `sap` here
        ("RLM.value_zone", 23, 26, "maos", "mao"),       # the zone after `{facção}:`
    ]


@pytest.mark.parametrize("lang, words", [("pt", "não é um tipo de peça deste conjunto de regras"),
                                         ("es", "no es un tipo de pieza de este conjunto de reglas")])
def test_a_wrong_value_is_shown_with_its_line_a_caret_and_the_suggestion(root_def, lang, words):
    with pytest.raises(RulesError) as exc:
        check_values("rootlog.yaml", BAD, root_def, lang)
    d = next(d for d in exc.value.diagnostics if d.code == "RLM.value_piece")
    text = d.render(lang, {"rootlog.yaml": BAD})
    assert "rootlog.yaml:11:18" in text and words in text
    assert "      peças: {w: guerriro, t: madeira}" in text
    assert "^^^^^^^^" in text and "guerreiro" in text.split("\n")[-1]


def test_roots_own_correspondence_names_only_what_the_ruleset_has(root_def):
    with open(ROOT_MAPPING, encoding="utf-8") as fh:
        check_values(ROOT_MAPPING, fh.read(), root_def)
