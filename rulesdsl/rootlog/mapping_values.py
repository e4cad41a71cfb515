"""The values of a ruleset's `texto/rootlog/rootlog.yaml`, checked against the loaded ruleset.

mapping_check.py checks the file's keys before it is read; the values name the ruleset's own
things (a faction id, a piece kind, a zone, a card, a counter, a suit, a map, a deck, a space,
a piece status, a card attribute). A wrong one — `guerriro` for `guerreiro` — would only show
up as a replay that does not match, far from its cause. Each value is looked up in the game
definition here, and every wrong one is reported at once: file:line:col, what kind of thing
was expected, the nearest valid value as a suggestion (RLM.value_<kind>)."""
from __future__ import annotations

import yaml

from ..errors import Diagnostics, Pos, suggest
from .mapping_check import _child

# what each entry of the `rootlog:` section names (the messages: RLM.value_<kind>)
_SECTION = {
    "contador_de_pontos": "counter", "mapas": "map", "baralhos": "deck",
    "clareiras_especiais": "space", "naipes": "suit", "itens": "piece",
    "peças_neutras": "piece", "estados_de_item": "status", "cartas": "card",
    "suprimento_de_itens": "zone",
}


# the keys of mapping_check.py whose values name nothing of the ruleset (a notation version, a
# letter, a name format checked above, a number): the guard test (test_rootlog_explain.py)
# fails when a key is added there without a line here or a check below
UNCHECKED_SECTION_KEYS = ("versão", "floresta", "mão_inicial", "facções")
CHECKED_SECTION_KEYS = tuple(_SECTION) + ("clareira", "zona_de_itens", "zonas", "atributos_de_carta",
                                          "cartas_por_naipe", "congela_pontos", "cartas_disponíveis")
CHECKED_FACTION_KEYS = ("id", "peças", "itens", "quadro_peças", "quadro", "mão_inclui", "contadores",
                        "criar_exaure", "marcadores_de_naipe", "custos_não_escritos",
                        "sai_ao_virar")


class _Valid:
    """The ids of one game definition, by the kind of thing a value names."""

    def __init__(self, g):
        self.g = g
        spaces = set()
        for m in g.maps.values():
            spaces.update(getattr(m, "all_space_ids", None) or getattr(m, "space_ids", ()))
        for t in (getattr(g, "faction_spaces", None) or {}).values():
            spaces.update(t)
        attrs = set()
        for c in g.cards.values():
            attrs.update((c.attrs or {}).keys())
        suit_attr = getattr(g, "card_enum_attr", None) or getattr(g, "space_enum_attr", None)
        self.sets = {
            "faction": set(g.factions), "piece": set(g.piece_kinds), "map": set(g.maps),
            "deck": set(g.decks), "space": spaces, "status": set(g.statuses),
            "card": set(g.cards), "card_attr": attrs,
            "suit": set((g.enums or {}).get(suit_attr, ())),
            "counter": set(g.counters), "player_zone": set(g.player_zones),
            "zone": set(g.global_zones) | set(g.player_zones),
        }

    def faction_zones(self, fid, content) -> set:
        """The zones of faction `fid` holding `content` ("cartas" or "peças": the data's word)."""
        zones = (getattr(self.g, "faction_zones", None) or {}).get(fid) or {}
        out = set()
        for z, zd in zones.items():
            c = str(zd.get("content", "")) if isinstance(zd, dict) else ""
            if content is None or _content(c) == content:
                out.add(z)
        return out

    def faction_counters(self, fid) -> set:
        return set((getattr(self.g, "faction_counters", None) or {}).get(fid) or ())


def _content(word) -> str:
    """A zone's `conteúdo:` as cards or pieces, whatever the data's language."""
    w = word.lower()
    return "cards" if w.startswith("cart") else "pieces" if w.startswith(("peç", "piez", "piec")) else w


def _scalars(node):
    """The scalar value nodes of a value: itself, or the items of a list."""
    if isinstance(node, yaml.ScalarNode):
        return [node]
    if isinstance(node, yaml.SequenceNode):
        return [n for n in node.value if isinstance(n, yaml.ScalarNode)]
    return []


def _values(node):
    """(key, value node) of a mapping node."""
    if not isinstance(node, yaml.MappingNode):
        return []
    return [(k.value if isinstance(k, yaml.ScalarNode) else None, v) for k, v in node.value]


class _Checker:
    def __init__(self, path, g, lang):
        self.path = path
        self.valid = _Valid(g)
        self.diags = Diagnostics(lang) if lang else Diagnostics()

    def bad(self, node, kind, valid, shown=None):
        m = node.start_mark
        value = node.value if shown is None else shown
        col = m.column + 1
        if shown is not None and m.line == node.end_mark.line:
            # the caret under the part that is wrong (the zone of `"{facção}:mao"`)
            col += (1 if node.style in ("'", '"') else 0) + len(str(node.value)) - len(str(shown))
        pos = Pos(self.path, m.line + 1, col, max(1, len(str(value))))
        self.diags.add("RLM.value_" + kind, pos, hint=suggest(str(value), sorted(valid), 0.6),
                       value=value)

    def check(self, node, kind, valid=None, prefix=""):
        """Each scalar of `node` must be in `valid` (default: the ids of `kind`), after
        `prefix` (a faction's own piece kinds: `marqueses.` + `guerreiro`)."""
        valid = self.valid.sets[kind] if valid is None else valid
        ok = True
        for n in _scalars(node):
            if prefix + str(n.value) not in valid:
                self.bad(n, kind, {v[len(prefix):] for v in valid if v.startswith(prefix)} if prefix else valid)
                ok = False
        return ok

    def template(self, node, kind, valid):
        """A `{facção}:zone` template: the part after the faction must be a zone."""
        for n in _scalars(node):
            tail = str(n.value).rpartition(":")[2]
            if tail not in valid:
                self.bad(n, kind, valid, shown=tail)


def check_values(path: str, text: str, g, lang: str | None = None) -> None:
    """RulesError with one RLM.value_<kind> per value the ruleset `g` does not have."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return        # the reader's own load reports a file that is not YAML
    section = _child(root, "rootlog")
    if not isinstance(section, yaml.MappingNode):
        return
    ck = _Checker(path, g, lang)
    sets = ck.valid.sets
    for key, node in _values(section):
        kind = _SECTION.get(key)
        if kind is not None and isinstance(node, yaml.MappingNode):
            for _, v in _values(node):
                ck.check(v, kind)
        elif kind is not None:
            ck.check(node, kind)
    fmt = _child(section, "clareira")
    if isinstance(fmt, yaml.ScalarNode):
        made = {_fmt(fmt.value, n) for n in range(1, 13)}
        if not made & sets["space"]:
            ck.bad(fmt, "space", sets["space"])
    item_zone = _child(section, "zona_de_itens")
    if item_zone is not None:
        ck.template(item_zone, "player_zone", sets["player_zone"])
    zones = _child(section, "zonas")
    for key, node in _values(zones):
        ck.template(node, "zone", sets["zone"])
    attrs = _child(section, "atributos_de_carta")
    for _, node in _values(attrs):
        ck.check(node, "card_attr")
    suits = _child(section, "naipes")
    letters = {k for k, _ in _values(suits)}
    for _, node in _values(_child(section, "cartas_por_naipe")):
        for letter, ids in _values(node):
            if letter not in letters:
                k = next(k for k, _ in node.value if getattr(k, "value", None) == letter)
                ck.bad(k, "suit_letter", letters)
            ck.check(ids, "card")
    names = {k for k, _ in _values(_child(section, "cartas"))} | \
        {k for k, _ in _values(_child(section, "cartas_por_naipe"))}
    ck.check(_child(section, "congela_pontos"), "card_name", names)
    ck.check(_child(section, "cartas_disponíveis"), "card_name", names)
    item_letters = {k for k, _ in _values(_child(section, "itens"))}
    for _, entry in _values(_child(section, "facções")):
        _faction(ck, entry, item_letters)
    # in the file's order, whatever order the checks ran in
    ck.diags.items.sort(key=lambda d: (d.pos.line, d.pos.col) if d.pos else (0, 0))
    ck.diags.raise_if_errors()


def check_mapping(mp, g, lang: str | None = None) -> None:
    """The values of the file a Mapping was read from (mapping.load_mapping), against `g`."""
    if not getattr(mp, "path", None):
        return
    try:
        with open(mp.path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError:
        return        # read a moment ago by load_mapping: nothing new to say
    check_values(mp.path, text, g, lang)


def _faction(ck, entry, item_letters):
    fid_node = _child(entry, "id")
    if not isinstance(fid_node, yaml.ScalarNode) or not ck.check(fid_node, "faction"):
        return          # its other values are the faction's own: not checked without it
    fid = fid_node.value
    v = ck.valid
    for key, node in _values(entry):
        if key == "peças":
            for _, kinds in _values(node):
                ck.check(kinds, "piece", prefix=fid + ".")
        elif key == "itens":
            ck.check(node, "faction_zone", v.faction_zones(fid, "pieces"))
        elif key == "quadro_peças":
            for _, zs in _values(node):
                ck.check(zs, "faction_zone", v.faction_zones(fid, "pieces"))
        elif key == "quadro":
            for _, zs in _values(node):
                ck.check(zs, "faction_zone", v.faction_zones(fid, "cards"))
        elif key == "mão_inclui":
            ck.check(node, "faction_zone", v.faction_zones(fid, "cards"))
        elif key == "contadores":
            for _, c in _values(node):
                ck.check(c, "counter", v.faction_counters(fid))
        elif key == "criar_exaure":
            ck.check(node, "item_letter", item_letters)
        elif key == "marcadores_de_naipe":
            # {marker: {counter: naipe | a number}} (suit_markers.py)
            for _, counters in _values(node):
                for name, value in _values(counters):
                    k = _key_node(counters, name)
                    if k is not None:
                        ck.check(k, "counter", v.faction_counters(fid))
                    if isinstance(value, yaml.ScalarNode) and value.value != "naipe" \
                            and not _is_int(value.value):
                        ck.bad(value, "marker_value", {"naipe"})
        elif key == "sai_ao_virar":
            # the faction's own piece kinds that leave the map when flipped (plots.py)
            ck.check(node, "piece", prefix=fid + ".")
        elif key == "custos_não_escritos":
            # {de: zone, para: zone, ações: {kind: a number}} (fund_costs.py)
            for part in ("de", "para"):
                z = _child(node, part)
                if z is not None:
                    ck.check(z, "faction_zone", v.faction_zones(fid, "pieces"))
            for _, n in _values(_child(node, "ações")):
                if isinstance(n, yaml.ScalarNode) and not _is_int(n.value):
                    ck.bad(n, "cost_units", set())


def _key_node(mapping, name):
    for k, _ in getattr(mapping, "value", ()):
        if isinstance(k, yaml.ScalarNode) and k.value == name:
            return k
    return None


def _is_int(text) -> bool:
    try:
        int(str(text))
    except ValueError:
        return False
    return True


def _fmt(template, n):
    try:
        return str(template).format(n=n)
    except (KeyError, IndexError, ValueError):
        return None
