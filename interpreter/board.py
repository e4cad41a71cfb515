"""The map as it is during one game: space attributes and edges that rules change, edge kinds
that count as adjacency under a condition, and the map's starting pieces.

The printed map (`MapDef`, built once per ruleset) is the view while no rule has changed it.
A change is stored in the state's flags under one key as a `MapState`: an immutable, sorted
tuple of overrides, so that it is journaled and undone with the flags, copied with the state,
compared by content (a clone and a replay hold equal ones) and serialised as a list. Each
`MapState` keeps the view built from it (attributes, neighbours), so that adjacency — read in
the hottest selections — is rebuilt only when the map changes, not on every read.

Overrides (the first item names the kind):
  ("attr", space, attribute, value)   a space attribute set by a rule (a tuple: several values)
  ("edge", a, b, kind)                the kind of the edge between a and b (a < b); None: no edge
  ("space", space, faction, in_selections)
                                      a space a seated faction brought (`espaços:`, N10)
Edge kinds declared `peças: sim` (N18) hold pieces: every edge of such a kind is a space of its
own (`path_id`: "a~b"), of the edge's kind ("cada caminho", "o caminho entre C e D"). Such a
space is in no selection of every space and has no neighbours: its pieces are in neither end,
count for the rule of neither and join nothing. An edge whose kind changes (a closed path,
`ligue`/`desligue`) is a path only while its kind holds pieces (`set_paths`).
Edge kinds declared with a condition (`adjacência_se:`) count as adjacency for the faction for
which the condition holds; that view is kept per faction and per version of what the condition
reads. A card's `adjacências:` (N2, N5) add adjacency for the players who have the card in a
play area, while they act: the edges of some kinds (`ligações: [rio]`, "you treat rivers as
paths"), and edges between every two spaces that hold their pieces of some kinds
(`entre_espaços_com: artesã`, "clearings with your crafting pieces are adjacent").
"""
from __future__ import annotations

from .card_scope import in_play as _in_play

MAP_KEY = ("map",)          # the flag that holds the MapState


class _NoValue:
    """A space with no value for an attribute, in a comparison: it matches nothing (a map whose
    suits are not printed before the markers are dealt), unless the attribute is declared
    `curinga_se_ausente: sim`."""
    __slots__ = ()

    def __repr__(self):
        return "NOVALUE"


NOVALUE = _NoValue()


class MapState(tuple):
    """The overrides of the printed map, sorted; equal contents compare and hash equal."""

    def __new__(cls, items=()):
        return super().__new__(cls, sorted(items, key=repr))

    def replace(self, key_len, item) -> "MapState":
        """A copy with `item` instead of any override whose first `key_len` parts match."""
        head = item[:key_len]
        return MapState([x for x in self if x[:key_len] != head] + [item])


def _view(m, ms):
    """The MapDef of the printed map `m` with the overrides `ms` applied (kept on `ms`)."""
    got = ms.__dict__.get("_view")
    if got is not None and got[0] is m:
        return got[1]
    v = _build(m, ms)
    ms.__dict__["_view"] = (m, v)
    return v


def _build(m, ms):
    from .gamedef import MapDef
    spaces = {sp: dict(a) for sp, a in m.attrs.items()}
    edges = {k: set(map(tuple, sorted(tuple(sorted(p)) for p in pairs))) for k, pairs in m.edges.items()}
    seated = {}
    for item in ms:
        if item[0] == "space":
            seated[item[1]] = item[3]
        if item[0] == "attr":
            _, sp, aid, val = item
            if sp in spaces:
                if val is None:
                    spaces[sp].pop(aid, None)
                else:
                    spaces[sp][aid] = val
        elif item[0] == "edge":
            _, a, b, kind = item
            for pairs in edges.values():
                pairs.discard((a, b))
            if kind is not None:
                edges.setdefault(kind, set()).add((a, b))
    kinds = dict(m.kind_of)
    paths = current = None
    if m.path_kinds:
        paths, current = path_spaces(edges, m.path_kinds, m.paths)
        for pid, ek in current.items():
            spaces.setdefault(pid, {})
            kinds[pid] = ek
    v = MapDef(m.id, spaces, kinds, {k: sorted(p) for k, p in edges.items()},
               m.adjacency_kinds, m.conditional_kinds)
    v.ruins = m.ruins
    v.printed = m
    v.brought = m.brought
    v.piece_edges = m.piece_edges
    v.card_adjacency = m.card_adjacency
    v.conditional_reads = m.conditional_reads
    v.conditional_kind_reads = m.conditional_kind_reads
    set_apart(v, seated)
    if paths is not None:
        v.path_kinds = m.path_kinds
        set_paths(v, paths, current)
    return v


# ---------------------------------------------------------------------------------------------
# paths that hold pieces (N18)

PATH_SEP = "~"


def path_id(a, b) -> str:
    """The space of the edge between `a` and `b` (either order)."""
    a, b = sorted((str(a), str(b)))
    return f"{a}{PATH_SEP}{b}"


def path_spaces(edges, path_kinds, printed) -> tuple:
    """({path space: (a, b)}, {path space: its edge kind now}) of the edges `edges` (kind ->
    pairs) whose kind holds pieces, plus the printed map's path spaces `printed` (a path
    closed for now keeps its space, and the pieces on it)."""
    paths = dict(printed)
    current = {}
    for ek in path_kinds:
        for a, b in edges.get(ek, ()):
            pid = path_id(a, b)
            if pid not in paths:
                paths[pid] = tuple(sorted((str(a), str(b))))
            current[pid] = ek
    return paths, current


def set_paths(v, paths, current) -> None:
    """The path spaces of the view `v`: where pieces may be, out of every selection of all
    spaces; a selection of a kind of path ("cada caminho") sees the edges of that kind now."""
    v.paths = paths
    v.space_ids = [sp for sp in v.space_ids if sp not in paths]
    v.all_space_ids = [sp for sp in v.all_space_ids if sp not in paths] + list(paths)
    for k in list(v.by_kind):
        if any(sp in paths for sp in v.by_kind[k]):
            v.by_kind[k] = [sp for sp in v.by_kind[k] if sp not in paths or current.get(sp) == k]
    if v.apart_by_kind:
        v.apart_by_kind = {k: [sp for sp in sps if sp not in paths] for k, sps in v.apart_by_kind.items()}


def path_ends(ctx, sp):
    """The two spaces a path space joins (None: not a path)."""
    return spaces_view(ctx).paths.get(sp)


def path_between(ctx, a, b):
    """The path space of the edge between `a` and `b` now, if its kind holds pieces (None:
    no such edge): the path a move from `a` to `b` goes along (the `movimento`'s `caminho:`)."""
    v = spaces_view(ctx)
    if a is None or b is None or not v.path_kinds:
        return None
    for ek in v.path_kinds:
        if b in v.linked_by(ek).get(a, ()):
            return path_id(a, b)
    return None


def set_apart(v, seated) -> None:
    """Which spaces of the view `v` selections enumerate. Every faction's spaces are in the
    printed map (attributes, names), but only the seated factions' ones hold pieces
    (`all_space_ids`, what piece selections walk); of those, a selection of every space or of
    every space of a kind ("cada clareira", "clareira onde ...") leaves out the ones not
    declared `nas_seleções: sim` (`apart_by_kind`), unless it reaches them through the map's
    edges or their pieces: "adjacente a", "conectada a", "com" (pieces there).
    seated: {space: counted} of the seated factions' spaces."""
    brought = v.brought
    if not brought:
        return
    v.all_space_ids = [sp for sp in v.space_ids if sp not in brought or sp in seated]
    v.space_ids = [sp for sp in v.space_ids if sp not in brought or seated.get(sp)]
    for k, sps in list(v.by_kind.items()):
        v.by_kind[k] = [sp for sp in sps if sp not in brought or seated.get(sp)]
    apart = [sp for sp in v.all_space_ids if sp in seated and not seated[sp]]
    if not apart:
        return              # none set apart (the faction that brings them is not seated)
    v.apart_by_kind = {None: apart}
    for sp in apart:
        v.apart_by_kind.setdefault(v.kind_of[sp], []).append(sp)


def spaces_view(ctx):
    """The map whose spaces a selection enumerates (the printed one until a rule changes it)."""
    fl = ctx.s.flags
    return _view(ctx.m, fl[MAP_KEY]) if fl and MAP_KEY in fl else ctx.m


def piece_spaces(ctx):
    """The spaces pieces may be on now: the map's and the seated factions' own."""
    fl = ctx.s.flags
    return (_view(ctx.m, fl[MAP_KEY]) if fl and MAP_KEY in fl else ctx.m).all_space_ids


def faction_space_items(g, faction) -> list:
    """The overrides that put the spaces `faction` brings on the map (`espaços:`)."""
    return [("space", sid, faction, sp["counted"])
            for sid, sp in g.faction_spaces.get(faction, {}).items()]


def add_faction_spaces(engine, faction) -> None:
    """Put the spaces a faction brings on this game's map: called when the faction is seated
    (Game._init_state) and wherever a faction joins a game later. The spaces are overrides of
    the map in the state, so they are copied, journaled and undone with it."""
    items = faction_space_items(engine.g, faction)
    if not items:
        return
    s = engine.s
    ms = s.flags.get(MAP_KEY) or MapState()
    for item in items:
        ms = ms.replace(2, item)
    s.set_flag(MAP_KEY, ms)


def board(ctx):
    """The map as it is now, for the faction acting in `ctx` (a MapDef).

    Kept for the last (state, contents' version, acting faction, map) asked: the legality
    checks of one decision ask for the map many times between two changes. Everything the
    view depends on is in the state's contents (the map's overrides in the flags, the
    pieces, the cards in play, the parts the conditions read), so `vid` keys it; a view made
    by a condition that is not memoized (its reads unknown) is not kept."""
    s = ctx.s
    me = ctx.me
    last = _LAST_BOARD
    if last[1] == s.vid and last[0] == s.uid and last[2] == me and last[3] is ctx.m:
        return last[4]
    fl = s.flags
    v = _view(ctx.m, fl[MAP_KEY]) if fl and MAP_KEY in fl else ctx.m
    cards = v.card_adjacency
    if v.piece_edges and _live(v)[0]:
        v = _with_piece_edges(ctx, v)
    if v.conditional_kinds and _live(v)[1]:
        # the kinds whose condition can hold in this game (proof_cuts: the rivers' without
        # the Riverfolk never does, so it is not evaluated at each change)
        ck, reads = _cuts.conditional_kinds(ctx.g, s, v, _live(v)[1], _live_reads(v))
        if ck:
            if reads is None:
                return _board_rest(ctx, _with_conditional(ctx, v, ck, reads), cards)
            v = _with_conditional(ctx, v, ck, reads)
    v = _board_rest(ctx, v, cards)
    last[0], last[1], last[2], last[3], last[4] = s.uid, s.vid, me, ctx.m, v
    return v


# [state uid, vid, acting faction, map, view] of the last board() answered
_LAST_BOARD = [None, None, None, None, None]


def _board_rest(ctx, v, cards):
    if cards and ctx.s.gate_on:
        # who has one of those cards in play: kept for the last state and cards' version read
        # (one comparison while nobody has them, the usual case)
        s = ctx.s
        last = _CARD_GATE
        if last[0] != s.uid or last[1] != s.vc:
            played = _in_play(ctx)
            last[2] = frozenset(f for card, _, _ in cards for f in played.get(card, ()))
            last[0], last[1] = s.uid, s.vc
        if ctx.me in last[2]:
            return _with_cards(ctx, v, cards)
    return v


_CARD_GATE = [None, None, frozenset()]     # [state uid, cards' version, owners of those cards]


def _live(v):
    """(piece edges, conditional kinds) of the view `v` that can change anything: the edges
    the pieces make to a space that is in the game (a faction's space only while it is
    seated), and the conditional edge kinds with edges in `v` or made by the pieces. A game
    without the faction that brings the Burrow pays nothing for its tunnels' edge kind. Kept
    on the view (it depends on the view only)."""
    got = v.__dict__.get("_live")
    if got is None:
        ids = set(v.all_space_ids)
        pe = {ek: x for ek, x in v.piece_edges.items() if x[0] in ids}
        ck = {ek: c for ek, c in v.conditional_kinds.items() if v.edges.get(ek) or ek in pe}
        got = v.__dict__["_live"] = (pe, ck)
    return got


def _live_reads(v):
    """The parts of the state the live conditional kinds' conditions read (None: unknown):
    the memo key of `_with_conditional`. The Burrow's condition (the pieces on the map) does
    not key the rivers' where the Duchy is not seated. Kept on the view."""
    d = v.__dict__
    if "_live_reads" not in d:
        reads = set()
        for ek in _live(v)[1]:
            r = v.conditional_kind_reads.get(ek)
            if r is None:
                reads = None
                break
            reads |= r
        d["_live_reads"] = tuple(sorted(reads)) if reads is not None else None
    return d["_live_reads"]


def _derive(v, edges, adjacency_kinds, conditional):
    """A MapDef like the view `v` (same spaces and selections) with other edges."""
    from .gamedef import MapDef
    out = MapDef(v.id, v.attrs, v.kind_of, edges, adjacency_kinds, conditional)
    out.ruins = v.ruins
    out.conditional_reads = v.conditional_reads
    out.conditional_kind_reads = v.conditional_kind_reads
    out.space_ids, out.by_kind, out.all_space_ids = v.space_ids, v.by_kind, v.all_space_ids
    out.apart_by_kind, out.brought = v.apart_by_kind, v.brought
    out.paths, out.path_kinds = v.paths, v.path_kinds
    return out


def _with_piece_edges(ctx, v):
    """The view with the edges the pieces make now (`liga: {espaço: S, a_espaços_com: P}`):
    S joined to every space holding a piece of P. Kept per state version of the board, and
    per set of edges (shared by clones and replays)."""
    s = ctx.s
    memo = v.__dict__.setdefault("_piece_memo", {})
    key = (s.uid, s.vb)
    got = memo.get(key)
    if got is not None:
        return got
    board_ = s.board
    extra = []
    for ek, (sp, kinds) in _live(v)[0].items():
        if sp not in v.all_space_ids:
            continue                                # a faction's space, not seated
        for x in v.all_space_ids:
            if x != sp:
                b = board_.get(x)
                if b and any(b.get(k) for k in kinds):
                    extra.append((ek,) + tuple(sorted((sp, x))))
    extra = tuple(extra)
    views = v.__dict__.setdefault("_piece_views", {})
    out = views.get(extra)
    if out is None:
        edges = {k: list(p) for k, p in v.edges.items()}
        for ek, a, b in extra:
            edges.setdefault(ek, []).append((a, b))
        out = _derive(v, edges, v.adjacency_kinds, v.conditional_kinds)
        out.piece_edges = {}
        if len(views) > 256:
            views.clear()
        views[extra] = out
    if len(memo) > 256:
        memo.clear()
    memo[key] = out
    return out


def _with_conditional(ctx, v, live, reads):
    """The view with the edge kinds whose condition holds for the acting faction (of `live`:
    {edge kind: condition}, whose conditions read `reads`, the memo key; None: unknown)."""
    s = ctx.s
    key = (ctx.me, s.uid) + tuple(getattr(s, p) for p in reads) if reads is not None else None
    memo = v.__dict__.setdefault("_cond_memo", {})
    if key is not None:
        got = memo.get(key)
        if got is not None:
            return got
    on = frozenset(k for k, cond in live.items() if ctx.me is not None and cond(ctx))
    if not on:
        out = v
    else:
        out = v.__dict__.setdefault("_kind_views", {}).get(on)
        if out is None:
            out = _derive(v, v.edges, v.adjacency_kinds | on, {})
            v._kind_views[on] = out
    if key is not None:
        if len(memo) > 256:
            memo.clear()
        memo[key] = out
    return out


CARD_EDGE = "\0card"          # the edge kind of the edges a card's pieces make (no rule names it)


def _with_cards(ctx, v, cards):
    """The view with the adjacency the acting faction's cards in play give (`adjacências:` on
    a card): [(card, edge kinds, piece kinds)]. Kept per set of edges (shared by clones)."""
    me = ctx.me
    if me is None:
        return v
    played = _in_play(ctx)
    kinds, pieces = set(), set()
    for card, eks, pks in cards:
        if me in played.get(card, ()):
            kinds.update(eks)
            pieces.update(pks.get(me, ()))
    if not kinds and not pieces:
        return v
    joined = ()
    if pieces:
        s = ctx.s
        memo = v.__dict__.setdefault("_card_joined", {})
        mkey = (s.uid, s.vb, me)
        joined = memo.get(mkey)
        if joined is None:
            board_ = s.board
            joined = []
            for x in v.all_space_ids:
                b = board_.get(x)
                if b and any(b.get(k) for k in pieces):
                    joined.append(x)
            if len(memo) > 256:
                memo.clear()
            joined = memo[mkey] = tuple(joined)
    kinds = frozenset(kinds - v.adjacency_kinds)
    if not kinds and len(joined) < 2:
        return v
    key = (kinds, joined)
    views = v.__dict__.setdefault("_card_views", {})
    out = views.get(key)
    if out is None:
        edges = v.edges
        if len(joined) > 1:
            edges = dict(edges)
            edges[CARD_EDGE] = [(a, b) for i, a in enumerate(joined) for b in joined[i + 1:]]
            kinds = kinds | {CARD_EDGE}
        out = _derive(v, edges, v.adjacency_kinds | kinds, {})
        if len(views) > 256:
            views.clear()
        views[key] = out
    return out


def attr(ctx, space, aid):
    # read in the hottest filters: no call but the lookups (attributes do not depend on who acts)
    fl = ctx.s.flags
    m = _view(ctx.m, fl[MAP_KEY]) if fl and MAP_KEY in fl else ctx.m
    a = m.attrs.get(space)
    return a.get(aid) if a else None


def match_value(ctx, space, aid):
    """A space's value for comparing ("correspondente a"): NOVALUE when it has none and the
    attribute is not wild when absent."""
    fl = ctx.s.flags
    m = _view(ctx.m, fl[MAP_KEY]) if fl and MAP_KEY in fl else ctx.m
    a = m.attrs.get(space)
    v = a.get(aid) if a else None
    if v is None and aid not in ctx.g.absent_wild:
        return NOVALUE
    return v


# ---------------------------------------------------------------------------------------------
# changes (verbs)

def _set(ctx, item, key_len):
    s = ctx.s
    ms = s.flags.get(MAP_KEY) or MapState()
    s.set_flag(MAP_KEY, ms.replace(key_len, item))


def set_attr(ctx, space, aid, value):
    if isinstance(value, list):
        value = tuple(dict.fromkeys(value))          # several values, in order, once each
        if len(value) == 1:
            value = value[0]
    _set(ctx, ("attr", space, aid, value), 3)


def set_edge(ctx, a, b, kind):
    a, b = sorted((a, b))
    _set(ctx, ("edge", a, b, kind), 3)


def linked(ctx, space, kind) -> set:
    """The spaces joined to `space` by an edge of `kind` now (whether or not it is adjacency)."""
    return board(ctx).linked_by(kind).get(space, set())


def edge_kinds_between(ctx, a, b) -> list:
    v = board(ctx)
    return [k for k in v.edges if b in v.linked_by(k).get(a, ())]


# ---------------------------------------------------------------------------------------------
# the map's starting pieces (`peças_iniciais`)

def place_start_pieces(engine) -> None:
    """Put each starting piece the map declares on its space (C.2.1, C.3.1). A piece declared on
    the edges of a kind (closed-path markers) stays in the supply: the edges of that kind are
    the pieces on the map, and the map data checks that there are enough of them."""
    m, s, g = engine.m, engine.s, engine.g
    if m is None:
        return
    for kind, spec in (m.start_pieces or {}).items():
        space = spec.get("space") if isinstance(spec, dict) else spec
        if space is None:
            continue
        n = int(spec.get("count") or 1) if isinstance(spec, dict) else 1
        if s.supply.get(kind, 0) >= n:
            s.put(str(space), kind, n)


# ---------------------------------------------------------------------------------------------
# geometry (engine-gaps N17): distances over the adjacency now, lines through a grid

INFINITE = float("inf")      # the distance between spaces no path joins


def distance(ctx, a, b):
    """The fewest steps from `a` to `b` over the adjacency the acting faction has now (0: the
    same space; INFINITE: no path). Spaces of one kind step through same-kind neighbours
    (clearings by paths, 2.2.1), as "adjacente" reads them; spaces of different kinds through
    any adjacency. The breadth-first search from `a` is kept on the map view, which is rebuilt
    whenever the map changes, so a memo never outlives the adjacency it measured."""
    if a is None or b is None:
        return INFINITE
    if a == b:
        return 0
    v = board(ctx)
    same = v.kind_of.get(a) == v.kind_of.get(b)
    memo = v.__dict__.get("_dist")
    if memo is None:
        memo = v.__dict__["_dist"] = {}
    key = (a, same)
    got = memo.get(key)
    if got is None:
        adj = v.adj_same if same else v.neighbors
        got = {a: 0}
        frontier = [a]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for x in frontier:
                for y in adj.get(x, ()):
                    if y not in got:
                        got[y] = d
                        nxt.append(y)
            frontier = nxt
        memo[key] = got
    return got.get(b, INFINITE)


# the directions of a straight line through each grid (one of each opposite pair)
_LINES = {"hex": ((1, 0), (0, 1), (1, -1)),         # axial coordinates (q, r)
          "square": ((1, 0), (0, 1))}                # columns and rows


def longest_line(ctx, spaces) -> int:
    """The most of `spaces` in a row: consecutive cells of one straight line of the map's grid
    (`coordenadas:`), all among `spaces` ("três em linha": >= 3). A line runs through the grid,
    whatever the edges between its cells (rivers, paths cut by rules)."""
    m = ctx.m
    co = m.coords
    cells = {co[sp] for sp in spaces if sp in co}
    best = 1 if cells else 0
    for dq, dr in _LINES[m.grid]:
        for q, r in cells:
            if (q - dq, r - dr) in cells:
                continue                    # not the first cell of its run
            n = 1
            while (q + n * dq, r + n * dr) in cells:
                n += 1
            if n > best:
                best = n
    return best


# Below the definitions: proof_cuts reads the runtime and the menus, which read this module.
from . import proof_cuts as _cuts  # noqa: E402
