"""GameDef, stage 1: the tables read straight from the data, before anything is compiled.

The game section, the value types (enumerations, attribute types and defaults), the piece
kinds and their sides, counters and piece statuses, cards and decks, dice. Every later stage
and every compiled expression looks names up in these tables, so they are filled first; each
function fills attributes of the GameDef `g`, in the order GameDef.__init__ calls them (a
later table may read an earlier one). Nothing here names a game.
"""
from __future__ import annotations

from ..lexicon import get as _lexicon
from ..ytypes import pos_of
from . import small_forms as _small
from .gamedef import PieceKind, CardDef, Faction, _bool


def read_game(g, game) -> None:
    """The `jogo:` section: scoring, the turn's phases, the default map and deck, the order
    factions set up in, the players."""
    g.score = game.get("score")
    g.victory_score = game.get("victory_score")
    g.round_limit = game.get("round_limit") or 100
    g.turn_phases = [str(p) for p in (game.get("turn") or [])]
    g.default_map = game.get("map")
    g.default_deck = game.get("deck")
    # a list inside the order: those factions set up in a random order among themselves
    # (two copies of one faction, 9.7.1); `setup_groups` keeps those lists
    g.setup_order, g.setup_groups = [], []
    for x in (game.get("setup_order") or []):
        if isinstance(x, list):
            g.setup_groups.append([str(y) for y in x])
            g.setup_order.extend(str(y) for y in x)
        else:
            g.setup_order.append(str(x))
    g.players = game.get("players") or {}
    # `origens_dos_movimentos: {dura: turno}`: the state keeps where each piece began its
    # current move (State.origins), cleared as each turn ends
    g.move_origins = isinstance(game.get("move_origins"), dict)


def read_types(g, d) -> None:
    """Enumerations (and their wild values), the type of each space and card attribute, the
    cards' default attribute values, and the attributes that hold the wild enumeration."""
    g.wild = set()
    g.enums: dict[str, list] = {}
    g.enumval_attrs: dict[str, dict] = {}
    for eid, e in (d.get("enums") or {}).items():
        vals = []
        for vid, v in (e.get("values") or {}).items():
            vals.append(vid)
            if _bool(v.get("wild")):
                g.wild.add(vid)
            g.enumval_attrs[vid] = {k: x for k, x in v.items() if k not in ("name", "wild")}
        g.enums[eid] = vals
    g.attr_types: dict[str, str] = {}
    for sk in (d.get("space_kinds") or {}).values():
        for aid, a in (sk.get("attributes") or {}).items():
            g.attr_types[aid] = str(a.get("type", "")) if isinstance(a, dict) else ""
    g.card_attr_defaults = {}
    for aid, a in (d.get("card_attributes") or {}).items():
        g.attr_types.setdefault(aid, str(a.get("type", "")))
        if "default" in a:
            g.card_attr_defaults[aid] = a["default"]
    wild_enum = next((eid for eid, vals in g.enums.items() if any(v in g.wild for v in vals)), None)
    g.space_enum_attr = next((aid for sk in (d.get("space_kinds") or {}).values()
                              for aid, a in (sk.get("attributes") or {}).items()
                              if str(a.get("type")) == wild_enum), None)
    g.card_enum_attr = next((aid for aid, a in (d.get("card_attributes") or {}).items()
                             if str(a.get("type")) == wild_enum), None)


# pieces ---------------------------------------------------------------------------------------
def read_pieces(g, d) -> None:
    """The piece kinds (neutral ones, then each faction's as `faction.piece`), the factions,
    and the kinds each owner has."""
    g.categories = d.get("piece_categories") or {}
    g.piece_kinds: dict[str, PieceKind] = {}
    for pid, p in (d.get("neutral_pieces") or {}).items():
        _piece(g, pid, None, p)
    g.factions: dict[str, Faction] = {}
    for fid, fac in (d.get("factions") or {}).items():
        g.factions[fid] = Faction(fid)
        for pid, p in (fac.get("pieces") or {}).items():
            _piece(g, f"{fid}.{pid}", fid, p)
    g.kinds_of_owner: dict = {}
    for k, p in g.piece_kinds.items():
        g.kinds_of_owner.setdefault(p.owner, []).append(k)


def _piece(g, pid, owner, p):
    cat = str(p.get("category") or "")
    c = g.categories.get(cat) or {}
    occ = p.get("occupies") or c.get("occupies")
    tracks = {k: list(v.get("values") or []) if isinstance(v, dict) else list(v)
              for k, v in (p.get("tracks") or {}).items()}
    attrs = {k: v for k, v in p.items() if k not in ("name", "category", "count", "occupies", "tracks", "tags")}
    if attrs.get("seen_by") is not None:
        # `quem_vê: dono | ninguém` (a closed value, spelled in the file's language)
        v = attrs["seen_by"]
        attrs["seen_by"] = _lexicon(getattr(p, "_lang", None) or g.lang).value_of(v) or str(v)
    g.piece_kinds[pid] = PieceKind(pid, owner, cat, int(p.get("count") or 0),
                                   _bool(c.get("rules")) and owner is not None,
                                   str(occ) if occ else None, int(c.get("hit_order") or 0),
                                   tracks, attrs, list(p.get("tags") or []))
    rem = p.get("removable", c.get("removable"))
    g.piece_kinds[pid].removable = _bool(rem, True)
    # N18: removable only while one of these actions is performed (`removível_em:`)
    _small.removable_in(g, pid, p, c)


def read_sides(g) -> None:
    """Pieces with another side (`verso: K`): the face kind holds the pieces (its supply);
    on the map a piece may lie on its back, kind K. A back declared `quem_vê:` hides which
    face lies under it from everyone but its owner (`dono`) or from everyone (`ninguém`)."""
    g.back_of: dict[str, str] = {}          # face kind -> back kind
    g.faces: dict[str, list] = {}           # back kind -> its face kinds
    g.hidden_backs: dict[str, str] = {}     # back kind -> "owner" | "nobody"
    for k, pk in g.piece_kinds.items():
        b = pk.attrs.get("back")
        if b is not None and pk.owner is not None and f"{pk.owner}.{b}" in g.piece_kinds:
            b = f"{pk.owner}.{b}"          # a faction's own piece, by its name in the faction
        if b is not None and str(b) in g.piece_kinds:
            g.back_of[k] = str(b)
            g.faces.setdefault(str(b), []).append(k)
    for b in g.faces:
        seen = g.piece_kinds[b].attrs.get("seen_by")
        if seen is not None:
            g.hidden_backs[b] = str(seen)


# counters and statuses ------------------------------------------------------------------------
def read_counters(g, d) -> None:
    """Counters (global, per player, per faction), those with one value per other faction,
    the hidden ones, and the typed ones (N8)."""
    g.counters = dict(d.get("counters") or {})
    g.faction_counters = {fid: dict(f.get("counters") or {}) for fid, f in (d.get("factions") or {}).items()}
    g.pair_counters = {f"{fid}.{cid}" for fid, cs in g.faction_counters.items()
                       for cid, c in cs.items() if _bool(c.get("per_faction"))}
    g.pair_counters |= {cid for cid, c in g.counters.items()
                        if isinstance(c, dict) and _bool(c.get("per_faction"))}
    # hidden counters (N13, `oculto: sim`): each value seen only by its owner until revealed
    g.hidden_counters = {cid for cid, c in g.counters.items() if _bool(c.get("hidden"))}
    g.hidden_counters |= {f"{fid}.{cid}" for fid, cs in g.faction_counters.items()
                          for cid, c in cs.items() if _bool(c.get("hidden"))}
    # N8: counters that hold an enumeration value or a faction (`tipo:`)
    g.counter_types = _small.counter_types(g, d)


def read_statuses(g, d) -> None:
    """Piece statuses: one bit each (`estados_de_peça`), and those that every piece loses
    when a turn ends (`dura: turno`)."""
    g.statuses = {sid: 1 << i for i, sid in enumerate(d.get("piece_statuses") or {})}
    g.status_names = {b: sid for sid, b in g.statuses.items()}
    g.turn_statuses = 0
    for sid, st in (d.get("piece_statuses") or {}).items():
        lasts = st.get("lasts") if isinstance(st, dict) else None
        if lasts is not None and _lexicon(getattr(st, "_lang", None) or g.lang).value_of(lasts) == "turn":
            g.turn_statuses |= g.statuses[sid]


# cards and dice -------------------------------------------------------------------------------
def read_cards(g, d) -> None:
    """The cards of every deck and of every faction (compiled effects come later), the deck
    each card belongs to, and the zone a faction's own card starts in."""
    g.card_zone: dict[str, str] = {}
    g.cards: dict[str, CardDef] = {}
    g.decks: dict[str, list] = {}
    for did, deck in (d.get("decks") or {}).items():
        ids = []
        for c in deck.get("cards") or []:
            cd = _card(g, c, None)
            ids.append(cd.id)
        g.decks[did] = ids
    # the deck each card belongs to: its discard pile is where it goes when discarded
    g.card_deck = {cid: did for did, ids in g.decks.items() for cid in ids}
    for fid, fac in (d.get("factions") or {}).items():
        for c in fac.get("cards") or []:
            cd = _card(g, c, fid)
            if c.get("zone"):
                g.card_zone[cd.id] = str(c["zone"])


def _card(g, c, owner):
    attrs = {}
    for k, v in c.items():
        if k in ("id", "name", "copies", "effect", "text", "tags", "law", "note", "source", "zone",
                 "actions", "triggers", "replacements"):
            continue
        attrs[k] = v
    for k, v in g.card_attr_defaults.items():
        attrs.setdefault(k, v)
    for k in list(attrs):
        attrs[k] = typed(attrs[k], g.attr_types.get(k))   # "não" is false
    tags = list(c.get("tags") or [])
    cd = CardDef(str(c["id"]), attrs, tags, int(c.get("copies") or 1), None, owner, c.get("law"))
    g.cards[cd.id] = cd
    return cd


def read_dice(g, d) -> None:
    """A die's faces are numbers or values of one enumeration (the suits of the Hundreds'
    mob die, Law 14.4.1): `role` then keeps the faces as those values (M135 otherwise)."""
    g.dice = {k: list(v.get("faces") or []) for k, v in (d.get("dice") or {}).items()}
    vals = {v for vs in g.enums.values() for v in vs}
    g.die_enum = {}
    for k, v in (d.get("dice") or {}).items():
        for i, f in enumerate(v.get("faces") or []):
            if isinstance(f, int) and not isinstance(f, bool):
                continue
            if str(f) in vals:
                g.die_enum[k] = True
                continue
            from ..errors import suggest
            lang = getattr(v, "_lang", None) or g.lang
            faces = v.get("faces")
            g.diags.add("M135", pos_of(faces, i),
                        lang, value=str(f), hint=suggest(str(f), sorted(vals), 0.5))


def typed(v, t):
    """A value read for an attribute of type `t`: a boolean attribute's "não" is false."""
    if t in ("booleano", "boolean"):
        return _bool(v)
    return v
