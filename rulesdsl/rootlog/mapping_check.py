"""The keys of a ruleset's `texto/rootlog/rootlog.yaml`, checked before it is read: a key the
reader does not know (a typo of `congela_pontos`, say) would otherwise be ignored in silence and
the replay would quietly behave as if the entry were absent. Every unknown key of the file is
reported at once, at its line and column, with the nearest known key as a suggestion."""
from __future__ import annotations

import yaml

from ..errors import Diagnostics, Pos, suggest

# the file's top level, its `rootlog:` section, and each faction entry of `facções:`
# (the keys Mapping reads; `versão` records the notation version the file was written for)
TOP_KEYS = ("idioma", "rootlog")
SECTION_KEYS = ("versão", "contador_de_pontos", "mapas", "baralhos", "clareira", "floresta",
                "clareiras_especiais", "naipes", "itens", "peças_neutras", "zona_de_itens",
                "mão_inicial", "congela_pontos", "estados_de_item", "facções", "cartas",
                "cartas_por_naipe", "zonas", "atributos_de_carta", "cartas_disponíveis",
                "suprimento_de_itens")
FACTION_KEYS = ("id", "itens", "mão_inclui", "criar_exaure", "quadro", "quadro_peças",
                "contadores", "marcadores_de_naipe", "peças", "custos_não_escritos",
                "sai_ao_virar")
# the card zones of `zonas:` the reader looks up by name (a misspelt one would fall back to a
# default or to nothing, in silence)
ZONE_KEYS = ("mão", "baralho", "descarte", "tarefas", "baralho_de_tarefas", "disponíveis",
             "área_de_jogo")
# the card attributes of `atributos_de_carta:` the reader looks up by name (play_area.py reads
# `permanente`)
ATTR_KEYS = ("naipe", "item", "itens_de_tarefa", "permanente")
# a faction's `custos_não_escritos:` and the record actions it prices (fund_costs.py)
COST_KEYS = ("de", "para", "ações")
COST_ACTIONS = ("movimento", "batalha", "compra")


def _unknown(diags, node, known, path):
    if not isinstance(node, yaml.MappingNode):
        return
    for key, _ in node.value:
        name = key.value if isinstance(key, yaml.ScalarNode) else None
        if name in known:
            continue
        m = key.start_mark
        pos = Pos(path, m.line + 1, m.column + 1, max(1, len(str(name or ""))))
        diags.add("RLM.unknown_key", pos, hint=suggest(str(name), known), key=name,
                  known=", ".join(known))


def _child(node, name):
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value == name:
                return value
    return None


def check_keys(path: str, text: str) -> None:
    """RulesError with one RLM.unknown_key per key the reader does not know."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return      # the reader's own load reports a file that is not YAML
    diags = Diagnostics()
    _unknown(diags, root, TOP_KEYS, path)
    section = _child(root, "rootlog")
    _unknown(diags, section, SECTION_KEYS, path)
    _unknown(diags, _child(section, "zonas"), ZONE_KEYS, path)
    _unknown(diags, _child(section, "atributos_de_carta"), ATTR_KEYS, path)
    factions = _child(section, "facções")
    if isinstance(factions, yaml.MappingNode):
        for _, entry in factions.value:
            _unknown(diags, entry, FACTION_KEYS, path)
            costs = _child(entry, "custos_não_escritos")
            _unknown(diags, costs, COST_KEYS, path)
            _unknown(diags, _child(costs, "ações"), COST_ACTIONS, path)
    diags.raise_if_errors()
