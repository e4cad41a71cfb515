"""The correspondence between Rootlog letters and a ruleset's ids: data, read from the
ruleset's `texto/rootlog/rootlog.yaml` (no faction, card or map is named in Python)."""
from __future__ import annotations

import os

import yaml

from .mapping_check import check_keys
from . import suit_markers as _suit_markers


class MappingError(Exception):
    """The ruleset's rootlog.yaml lacks something a record needs: code + args."""

    def __init__(self, code, **args):
        super().__init__(code)
        self.code = code
        self.args_ = args


class Mapping:
    def __init__(self, data: dict, path: str = ""):
        d = data.get("rootlog") or {}
        self.path = path
        self.vp = d.get("contador_de_pontos", "pv")
        self.maps = d.get("mapas") or {}
        self.decks = d.get("baralhos") or {}
        self.clearing_fmt = d.get("clareira", "c{n}")
        self.forest_fmt = d.get("floresta", "f{clareiras}")
        self.special = {int(k): v for k, v in (d.get("clareiras_especiais") or {}).items()}
        self.suits = d.get("naipes") or {}
        self.items = d.get("itens") or {}
        self.neutral = d.get("peças_neutras") or {}
        self.factions = {}
        self.pieces = {}
        self.boards = {}
        self.piece_boards = {}
        self.counters = {}
        self.suit_markers = {}      # board markers showing a suit (`$_o->R`: suit_markers.py)
        self.item_zones = {}
        self.hand_extra = {}
        self.craft_exhausts = {}
        self.hidden_costs = {}
        self.leave_on_flip = {}     # faces that leave the map as they are flipped (plots.py)
        # the items of a faction: its crafted items (4.1.2), or the zone its entry names
        item_zone = str(d.get("zona_de_itens", "{facção}:itens_artesanais"))
        # the zone the unowned items wait in, crafted from (4.1.2): an item a correction
        # gives comes from there (repair.py)
        self.item_supply = d.get("suprimento_de_itens")
        # the notation's item states (`e`, `d`) -> the ruleset's piece statuses
        # cards dealt to each hand at the setup (the record's own count of hands, ledger.py)
        self.start_hand = d.get("mão_inicial")
        # the card names that freeze a score when put on a faction's own board (victory.py)
        self.freezing = frozenset(str(x) for x in (d.get("congela_pontos") or ()))
        # the card names that lie among the available cards once spent (3.3.3; dominance.py)
        self.available_cards = frozenset(str(x) for x in (d.get("cartas_disponíveis") or ()))
        self.item_states = {str(k): str(v) for k, v in (d.get("estados_de_item") or {}).items()}
        for letter, f in (d.get("facções") or {}).items():
            self.factions[str(letter)] = f["id"]
            self.item_zones[str(letter)] = (f"{f['id']}.{f['itens']}" if f.get("itens")
                                            else item_zone.replace("{facção}", f["id"]))
            # zones whose cards the notation counts as still in the hand (revealed cards,
            # which return to the hand unwritten)
            self.hand_extra[str(letter)] = tuple(f"{f['id']}.{z}" for z in (f.get("mão_inclui") or ()))
            # the items a craft of this faction exhausts, which the notation may leave unwritten
            self.craft_exhausts[str(letter)] = tuple(str(x) for x in (f.get("criar_exaure") or ()))
            self.boards[str(letter)] = {str(k): f"{f['id']}.{v}" for k, v in (f.get("quadro") or {}).items()}
            # pieces on a board location: the piece zones it stands for (their sum is watched)
            self.piece_boards[str(letter)] = {
                str(k): tuple(f"{f['id']}.{z}" for z in (v if isinstance(v, list) else [v]))
                for k, v in (f.get("quadro_peças") or {}).items()}
            # a board marker set to a number (`$_h->3`): the faction's counter it is
            self.counters[str(letter)] = {str(k): f"{f['id']}:{f['id']}.{v}"
                                          for k, v in (f.get("contadores") or {}).items()}
            self.pieces[str(letter)] = {str(k): v for k, v in (f.get("peças") or {}).items()}
            self.suit_markers[str(letter)] = _suit_markers.load(f, f["id"])
            # the costs of its actions the notation never writes (fund_costs.py)
            self.leave_on_flip[str(letter)] = frozenset(
                f"{f['id']}.{x}" for x in (f.get("sai_ao_virar") or ()))
            if f.get("custos_não_escritos"):
                self.hidden_costs[str(letter)] = f["custos_não_escritos"]
        self.cards = {str(k): list(v) for k, v in (d.get("cartas") or {}).items()}
        self.cards_by_suit = {str(k): {s: list(ids) for s, ids in v.items()}
                              for k, v in (d.get("cartas_por_naipe") or {}).items()}
        self.letters = {v: k for k, v in self.factions.items()}
        self.zones = d.get("zonas") or {}
        self.card_attrs = d.get("atributos_de_carta") or {"naipe": "naipe", "item": "item"}

    def hand(self, fid: str) -> str:
        return str(self.zones.get("mão", "{facção}:mao")).replace("{facção}", fid)

    # ids
    def faction(self, letter: str) -> str:
        if letter not in self.factions:
            raise MappingError("CLI067", what=letter, file=self.path)
        return self.factions[letter]

    def map_id(self, name: str) -> str:
        if name not in self.maps:
            raise MappingError("CLI067", what=f"Map: {name}", file=self.path)
        return self.maps[name]

    def deck_id(self, name: str) -> str:
        if name not in self.decks:
            raise MappingError("CLI067", what=f"Deck: {name}", file=self.path)
        return self.decks[name]

    def space(self, loc) -> str | None:
        """The space id of a Loc (clearing or forest); None for any other place."""
        if loc is None:
            return None
        if loc.kind == "clearing":
            n = int(loc.value)
            if n in self.special:
                return self.special[n]
            return self.clearing_fmt.format(n=n)
        if loc.kind == "forest":
            return self.forest_fmt.format(clareiras="_".join(str(x) for x in sorted(loc.value)))
        return None

    def piece_kinds(self, letter: str | None, ptype: str, sub: str | None) -> tuple:
        """The piece kind ids (`faction.kind`) a Rootlog piece code may be; () if unknown."""
        code = ptype + ("_" + sub if sub else "")
        if letter is None or letter not in self.pieces:
            v = self.neutral.get(code)
            return (v,) if v else ()
        table = self.pieces[letter]
        v = table.get(code)
        if v is None:
            v = self.neutral.get(code)
            return (v,) if v else ()
        fid = self.factions[letter]
        vs = v if isinstance(v, list) else [v]
        return tuple(f"{fid}.{x}" for x in vs)

    def card_ids(self, name: str | None, suits=()) -> tuple:
        """The card ids a named Rootlog card may be (by name, or by name and suit)."""
        if name and name in self.cards:
            return tuple(self.cards[name])
        key = name if name else None
        if key in self.cards_by_suit:
            out = []
            for _, s in suits or ():
                out.extend(self.cards_by_suit[key].get(s, ()))
            if not suits:
                for ids in self.cards_by_suit[key].values():
                    out.extend(ids)
            return tuple(out)
        return ()


def _text_folder(ruleset_dir: str) -> str:
    """The ruleset's text catalogue folder: `texto/`, or the one its game points to
    (`pasta_de_textos:` / `carpeta_de_textos:`, as a translated ruleset does)."""
    for name in os.listdir(ruleset_dir) if os.path.isdir(ruleset_dir) else ():
        if not name.endswith(".yaml"):
            continue
        try:
            with open(os.path.join(ruleset_dir, name), encoding="utf-8") as fh:
                data = yaml.safe_load(fh) or {}
        except (OSError, yaml.YAMLError):
            continue
        for top in data.values() if isinstance(data, dict) else ():
            if isinstance(top, dict):
                for key in ("pasta_de_textos", "carpeta_de_textos"):
                    if isinstance(top.get(key), str):
                        return os.path.normpath(os.path.join(ruleset_dir, top[key]))
    return os.path.join(ruleset_dir, "texto")


def load_mapping(ruleset_dir: str) -> Mapping:
    """The ruleset's texto/rootlog/rootlog.yaml (MappingError CLI066 if it has none)."""
    # in a folder of its own: the text catalogue reads the files of texto/ itself
    path = os.path.join(_text_folder(ruleset_dir), "rootlog", "rootlog.yaml")
    if not os.path.isfile(path):
        raise MappingError("CLI066", path=path)
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    check_keys(path, text)      # an unknown key is an error, never ignored (mapping_check.py)
    return Mapping(yaml.safe_load(text) or {}, path)
