"""GameDef's maps: the spaces, edges and drawing positions of each map, and the adjacency that
depends on the game (a condition, the pieces, a card in play).

`read_maps` builds one MapDef per map from the data (the spaces a faction brings are on every
map; board.py keeps them apart until the faction is seated); `compile_adjacency`, called once
expressions can be compiled, gives every map the edge kinds whose adjacency the rules decide.
"""
from __future__ import annotations

from .. import compiler as _compiler
from . import board as _board
from .gamedef import MapDef, _bool
from . import gamedef_tables as _tables


def read_maps(g, d) -> None:
    """One MapDef per map: its spaces (with their typed attributes and those a faction brings),
    edges, paths that hold pieces, grid coordinates and drawing positions."""
    g.maps: dict[str, MapDef] = {}
    adjk = {k for k, v in (d.get("edge_kinds") or {}).items() if _bool(v.get("adjacency"), True)}
    # N18: edge kinds whose edges are spaces that hold pieces (`peças: sim`, board.py)
    g.path_kinds = frozenset(k for k, v in (d.get("edge_kinds") or {}).items()
                             if _bool(v.get("pieces"), False))
    g.rs.path_kind = next((k for k in (d.get("edge_kinds") or {}) if k in g.path_kinds), None)
    # a space with no value for these attributes matches every value (`curinga_se_ausente`)
    g.absent_wild = {aid for sk in (d.get("space_kinds") or {}).values()
                     for aid, a in (sk.get("attributes") or {}).items()
                     if isinstance(a, dict) and _bool(a.get("wild_if_absent"))}
    # the spaces a faction brings to the map when seated (`espaços:`, N10; board.py)
    g.faction_spaces: dict[str, dict] = {}
    for fid, fac in (d.get("factions") or {}).items():
        for sid, sp in (fac.get("spaces") or {}).items():
            stype = str(sp.get("type"))
            attrs = {k: v for k, v in sp.items() if k not in ("type", "name", "in_selections")}
            for aid, a in ((d.get("space_kinds") or {}).get(stype, {}).get("attributes") or {}).items():
                if aid not in attrs and "default" in a:
                    attrs[aid] = _tables.typed(a.get("default"), a.get("type"))
            for k in list(attrs):
                attrs[k] = _tables.typed(attrs[k], g.attr_types.get(k))
            g.faction_spaces.setdefault(fid, {})[sid] = {
                "kind": stype, "attrs": attrs, "counted": _bool(sp.get("in_selections"), False)}
    for mid, m in (d.get("maps") or {}).items():
        spaces, kinds = {}, {}
        for sid, sp in (m.get("spaces") or {}).items():
            attrs = {k: v for k, v in sp.items() if k not in ("type", "name")}
            stype = str(sp.get("type"))
            for aid, a in ((d.get("space_kinds") or {}).get(stype, {}).get("attributes") or {}).items():
                if aid not in attrs and "default" in a:
                    attrs[aid] = _tables.typed(a.get("default"), a.get("type"))
            for k in list(attrs):
                attrs[k] = _tables.typed(attrs[k], g.attr_types.get(k))
            spaces[sid] = attrs
            kinds[sid] = stype
        edges = {ek: [tuple(p) for p in pairs] for ek, pairs in (m.get("edges") or {}).items()}
        me = m.get("map_edge") or {}
        if me.get("attribute") is not None:
            # `borda_do_mapa`: its spaces carry the attribute it names (true)
            for sp in me.get("spaces") or ():
                if str(sp) in spaces:
                    spaces[str(sp)][str(me["attribute"])] = True
        for fsps in g.faction_spaces.values():
            for sid, sp in fsps.items():
                spaces[sid] = dict(sp["attrs"])
                kinds[sid] = sp["kind"]
        paths = current = None
        if g.path_kinds:
            paths, current = _board.path_spaces(edges, g.path_kinds, {})
            for pid, ek in current.items():
                spaces[pid] = {}
                kinds[pid] = ek
        md = MapDef(mid, spaces, kinds, edges, adjk)
        md.brought = {sid: fid for fid, fsps in g.faction_spaces.items() for sid in fsps}
        _board.set_apart(md, {})
        if paths is not None:
            md.path_kinds = g.path_kinds
            _board.set_paths(md, paths, current)
        co = m.get("coordinates") or {}
        if co.get("grid") is not None:
            # grid coordinates (`coordenadas:`): straight lines through the grid (board.py)
            from .. import lexicon
            lang = getattr(co, "_lang", None) or getattr(m, "_lang", None) or g.lang
            md.grid = lexicon.get(lang).value_of(co["grid"]) or str(co["grid"])
            md.coords = {str(sp): (int(xy[0]), int(xy[1])) for sp, xy in (co.get("values") or {}).items()}
        _map_positions(g, md, m)
        md.ruins = list(m.get("ruins") or [])
        md.start_pieces = {str(k): v for k, v in (m.get("start_pieces") or {}).items()}
        g.maps[mid] = md


def _map_positions(g, md, m):
    """`posições:` of a map: where each space is drawn (rulesdsl/view), never read by rules.
    M195: a position for a space this map does not have; M196: two spaces at one point."""
    me = m.get("map_edge") or {}
    md.edge_cycle = tuple(str(sp) for sp in me.get("spaces") or () if str(sp) in md.attrs)
    vals = (m.get("positions") or {}).get("values") or {}
    if not vals:
        return
    from ..errors import suggest
    lang = getattr(m, "_lang", None) or g.lang
    out, seen = {}, {}
    for sp, xy in vals.items():
        sp = str(sp)
        pos = vals.key_pos.get(sp) if hasattr(vals, "key_pos") else None
        if sp not in md.attrs:
            if g.rs.thing("space", sp) is None:
                continue    # no space of that id anywhere: M043 says so
            g.diags.add("M195", pos, lang, space=sp, map=str(md.id),
                        hint=suggest(sp, list(md.attrs), 0.5))
            continue
        try:
            p = (float(xy[0]), float(xy[1]))
        except (TypeError, ValueError, IndexError, KeyError):
            continue        # the schema reports the value (two numbers)
        if p in seen:
            g.diags.add("M196", pos, lang, space=sp, other=seen[p], map=str(md.id))
            continue
        seen[p] = sp
        out[sp] = p
    md.positions = out


def compile_adjacency(g, d, expr, exprs) -> None:
    """The adjacency the game decides, given to every map: edge kinds that count while a
    condition holds for a faction (`adjacência_se:`), edges the pieces make (`liga:`), and
    a card's adjacency (`adjacências:`)."""
    # edge kinds that count as adjacency for a faction while a condition holds for it
    cond_kinds, reads, kind_reads = {}, set(), {}
    for ek, e in (d.get("edge_kinds") or {}).items():
        if isinstance(e, dict) and e.get("adjacency_if") is not None:
            f = expr(("edge_kinds", ek, "adjacency_if"), None)
            if f is not None:
                cond_kinds[ek] = f
                r = _compiler.state_reads(g, exprs[("edge_kinds", ek, "adjacency_if")].tree)
                reads = None if (r is None or reads is None) else reads | set(r)
                kind_reads[ek] = None if r is None else frozenset(r)
    # edge kinds whose edges the pieces make: one space joined to every space that holds
    # a piece of some kinds (`liga: {espaço: S, a_espaços_com: P}`, board.py)
    piece_edges = {}
    for ek, e in (d.get("edge_kinds") or {}).items():
        j = e.get("joins") if isinstance(e, dict) else None
        if isinstance(j, dict) and j.get("space") is not None and j.get("to_spaces_with") is not None:
            want = str(j["to_spaces_with"])
            kinds = tuple(k for k, p in g.piece_kinds.items()
                          if k == want or k.endswith("." + want) or p.category == want)
            piece_edges[ek] = (str(j["space"]), kinds)
    # a card's adjacency (`adjacências:` on the card, N2 + N5): for the players who have
    # it in play, edges of some kinds, and edges between the spaces with their pieces
    card_adj = []
    for cpath, c in g._all_cards(d):
        a = c.get("adjacencies") if isinstance(c, dict) else None
        if not isinstance(a, dict):
            continue
        eks = frozenset(str(x) for x in (a.get("edges") or ()))
        pks = {}
        want = a.get("between_spaces_with")
        if want is not None:
            want = [str(x) for x in (want if isinstance(want, list) else [want])]
            for k, p in g.piece_kinds.items():
                if p.owner is not None and (k in want or k.split(".")[-1] in want
                                            or p.category in want or set(p.tags or ()) & set(want)):
                    pks.setdefault(p.owner, set()).add(k)
        card_adj.append((str(c["id"]), eks, {f: frozenset(v) for f, v in pks.items()}))
    for md in g.maps.values():
        md.card_adjacency = tuple(card_adj)
        md.conditional_kinds = cond_kinds
        md.conditional_reads = tuple(sorted(reads)) if reads is not None else None
        md.conditional_kind_reads = kind_reads
        md.piece_edges = piece_edges
