"""The Rootlog correspondence file (texto/rootlog/rootlog.yaml) is checked key by key: a typo
is an error at its line and column with the nearest key, never an entry quietly absent."""
import pytest

from rulesdsl.errors import RulesError
from rulesdsl.rootlog.mapping import load_mapping
from rulesdsl.rootlog.mapping_check import check_keys

TEXT = """idioma: pt
rootlog:
  congela_ponto: [dom]
  facções:
    C:
      id: marqueses
      quadro_peca: {"": oficiais}
"""


def test_every_unknown_key_is_reported_where_it_stands_with_the_nearest_key():
    with pytest.raises(RulesError) as exc:
        check_keys("rootlog.yaml", TEXT)
    found = [(d.code, d.pos.line, d.pos.col, d.args["key"], d.hint) for d in exc.value.diagnostics]
    assert found == [("RLM.unknown_key", 3, 3, "congela_ponto", "congela_pontos"),
                     ("RLM.unknown_key", 7, 7, "quadro_peca", "quadro_peças")]


def test_roots_own_correspondence_has_only_known_keys():
    assert load_mapping("rulesets/root").freezing == {"dom"}


def test_a_misspelt_card_zone_name_is_an_error_not_a_fallback():
    text = 'idioma: pt\nrootlog:\n  zonas: {mão: "{facção}:mao", descarts: descarte}\n'
    with pytest.raises(RulesError) as exc:
        check_keys("rootlog.yaml", text)
    found = [(d.code, d.pos.line, d.pos.col, d.args["key"], d.hint) for d in exc.value.diagnostics]
    assert found == [("RLM.unknown_key", 3, 32, "descarts", "descarte")]
