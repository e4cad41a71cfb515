"""An SVG board drawn from a ruleset's data: the spaces of a map where layout.py puts them,
coloured by the first enumeration value among their attributes (a suit, a terrain), the edges
of each kind in their own stroke, and — given a game — the pieces on each space as badges in
the colour of their owner, with the count, plus the round, the turn and the scores.

Only what every player sees is drawn: pieces covered by another piece are a "?" badge, no card
is shown. Generic: colours come from the order in which the data declares factions and values.
Each space is a `<g class="space" id="space-ID">`; each badge a `<g class="piece"
data-kind=... data-count=...>` (the replay page and the tests read them).
"""
from __future__ import annotations

import math
from xml.sax.saxutils import escape

from .layout import SQ3, kind_of_space, layout, spacing

# value colours (suits, terrains...), in the order the enumeration declares its values
FILL = ["#e8735a", "#f2d45c", "#f0a04b", "#8fc1e3", "#9ccf7e", "#c9a0dc", "#d9b38c", "#b0b0b0",
        "#7fd1c1", "#f5b7c5"]
# faction colours, in the order the ruleset declares its factions
FACTION = ["#d9822b", "#2f6db5", "#3a9b4a", "#7a5c3e", "#8e44ad", "#c0392b", "#16a085", "#e0b000",
           "#34495e", "#d35400", "#7f8c8d", "#2c3e50"]
NEUTRAL = "#9a9a9a"
# edge kinds, in declaration order: (stroke colour, dash pattern)
STROKES = [("#6b5b45", ""), ("#2a7fd4", "7 4"), ("#6a9a3a", "2 4"), ("#a0522d", "9 3 2 3"),
           ("#8e44ad", "4 4"), ("#555555", "1 3")]
WIDTH = 900.0
MARGIN = 60.0

_CACHE: dict = {}


def _esc(v) -> str:
    return escape(str(v), {'"': "&quot;"})


def _fmt(x: float) -> str:
    return f"{x:.1f}"


def _geometry(md):
    """(positions in pixels, pixel spacing, width, height) of a printed map, cached."""
    got = _CACHE.get(id(md))
    if got is not None and got[0] is md:
        return got[1]
    pos = layout(md)
    xs = [p[0] for p in pos.values()] or [0.0]
    ys = [p[1] for p in pos.values()] or [0.0]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-6)
    scale = (WIDTH - 2 * MARGIN) / span
    px = {sp: (MARGIN + (x - min(xs)) * scale, MARGIN + (y - min(ys)) * scale) for sp, (x, y) in pos.items()}
    step = spacing(pos) * scale
    w = MARGIN * 2 + (max(xs) - min(xs)) * scale
    h = MARGIN * 2 + (max(ys) - min(ys)) * scale
    geo = (px, step, w, h)
    _CACHE[id(md)] = (md, geo)
    return geo


def _enum_colour(g, attrs):
    """(fill, enumeration value) of the first attribute whose value is an enumeration value."""
    for v in (attrs or {}).values():
        if not isinstance(v, str):
            continue
        for vals in g.enums.values():
            if v in vals:
                return FILL[vals.index(v) % len(FILL)], v
    return "#eeeeee", None


def faction_colour(g, f) -> str:
    fs = list(g.factions)
    if f in fs:
        return FACTION[fs.index(f) % len(FACTION)]
    return NEUTRAL


def _abbrev(text: str) -> str:
    words = [w for w in str(text).replace("_", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2]
    return (words[0][0] + words[-1][0]).upper()


def _hexagon(x, y, size) -> str:
    pts = [(x + size * math.cos(math.radians(60 * i - 30)), y + size * math.sin(math.radians(60 * i - 30)))
           for i in range(6)]
    return " ".join(f"{_fmt(a)},{_fmt(b)}" for a, b in pts)


def board_svg(gdef, map_id=None, lang=None, game=None, title=None, state_label=True) -> str:
    """The board as an SVG document: the map `map_id` of `gdef` (the game's map when `game`
    is given, with its pieces and scores)."""
    from ..interpreter import describe as D
    g = gdef
    lang = lang or g.lang
    md = game.m if game is not None else g.maps[map_id or g.default_map or next(iter(g.maps))]
    view = md
    if game is not None:
        from ..interpreter.board import spaces_view
        view = spaces_view(game.ctx)
    px, step, w, h = _geometry(md)
    counts: dict = {}
    paths = getattr(md, "paths", None) or {}
    for sp in md.attrs:
        if sp in paths:
            continue        # the spaces on paths (N18) are drawn on their edge, not as spaces
        k = kind_of_space(md, sp)
        counts[k] = counts.get(k, 0) + 1
    main = max(counts, key=lambda k: counts[k]) if counts else None
    hexes = md.grid == "hex" and bool(md.coords)
    panel = 230.0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_fmt(w + panel)} {_fmt(h)}" '
           f'width="{_fmt(w + panel)}" height="{_fmt(h)}" font-family="sans-serif" class="board">']
    out.append(f'<rect x="0" y="0" width="{_fmt(w + panel)}" height="{_fmt(h)}" fill="#fbf8f0"/>')
    name = lambda kind, ident: g.rs.name(kind, ident, lang)  # noqa: E731
    # edges ------------------------------------------------------------------------------------
    drawn = set()
    legend = []
    out.append('<g class="edges">')
    edge_layers = []
    for i, (ek, pairs) in enumerate(view.edges.items()):
        colour, dash = STROKES[i % len(STROKES)]
        adjacency = ek in view.adjacency_kinds
        shown = False
        for a, b in pairs:
            a, b = str(a), str(b)
            key = tuple(sorted((a, b)))
            if key in drawn or a not in px or b not in px:
                continue
            drawn.add(key)
            (x1, y1), (x2, y2) = px[a], px[b]
            d = math.hypot(x2 - x1, y2 - y1)
            mixed = kind_of_space(md, a) != kind_of_space(md, b)
            if hexes and a in md.coords and b in md.coords and d < step * 1.2:
                # two touching hexagons: an adjacency is their shared side; another kind (a
                # river) is drawn on that side
                if adjacency:
                    continue
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                nx, ny = -(y2 - y1) / d, (x2 - x1) / d
                half = step / SQ3 / 2
                edge_layers.append(
                    f'<line class="edge" data-kind="{_esc(ek)}" x1="{_fmt(mx - nx * half)}" y1="{_fmt(my - ny * half)}" '
                    f'x2="{_fmt(mx + nx * half)}" y2="{_fmt(my + ny * half)}" stroke="{colour}" stroke-width="6" '
                    f'stroke-linecap="round"/>')
                shown = True
                continue
            width = 4.0 if adjacency and not mixed and kind_of_space(md, a) == main else 1.2
            opacity = ' opacity="0.45"' if mixed else ""
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(f'<line class="edge" data-kind="{_esc(ek)}" x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" '
                       f'y2="{_fmt(y2)}" stroke="{colour}" stroke-width="{width}"{dash_attr}{opacity}/>')
            shown = True
        if shown:
            legend.append((colour, dash, name("edgekind", ek)))
    out.append("</g>")
    board, statuses = pieces_seen(game)
    # spaces -----------------------------------------------------------------------------------
    out.append('<g class="spaces">')
    seated = set(game.factions) if game is not None else set()
    for sp in md.attrs:
        if sp not in px or sp in (getattr(md, "paths", None) or {}):
            continue
        if sp in md.brought and md.brought[sp] not in seated:
            continue        # a faction's own space (N10): on the map only with its faction
        x, y = px[sp]
        # the attributes now (a suit a setup gave the space), else the printed ones
        attrs = view.attrs.get(sp) or md.attrs.get(sp) or {}
        fill, value = _enum_colour(g, attrs)
        label = name("space", sp)
        tags = D._enum_tags(game, attrs, lang) if game is not None else \
            [g.rs.name("enumval", v, lang) for v in attrs.values() if isinstance(v, str) and v in g.rs.things.get("enumval", {})]
        tip = f"{label} ({', '.join(tags)})" if tags else label
        out.append(f'<g class="space" id="space-{_esc(sp)}" data-space="{_esc(sp)}">')
        out.append(f"<title>{_esc(tip)}</title>")
        big = kind_of_space(md, sp) == main
        if hexes and sp in md.coords:
            r = step / SQ3
            out.append(f'<polygon class="shape" points="{_hexagon(x, y, r * 0.97)}" fill="{fill}" stroke="#6b5b45" stroke-width="1.5"/>')
        else:
            r = step * (0.36 if big else 0.2)
            stroke = "#6b5b45" if big else "#a9a08a"
            fill_ = fill if big or value is not None else "#e4eedc"
            out.append(f'<circle class="shape" cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r)}" fill="{fill_}" stroke="{stroke}" '
                       f'stroke-width="{2 if big else 1}"/>')
        if big or (hexes and sp in md.coords) or sp in md.brought:
            out.append(f'<text x="{_fmt(x)}" y="{_fmt(y - r * 0.55)}" font-size="{_fmt(max(9.0, step * 0.085))}" '
                       f'text-anchor="middle" fill="#222">{_esc(label)}</text>')
        out.append(f'<g class="pieces" id="pieces-{_esc(sp)}">'
                   + pieces_svg(g, game, lang, sp, board.get(sp), statuses.get(sp)) + "</g>")
        out.append("</g>")
    # pieces on path spaces (N18): at the middle of their edge
    for pid in (getattr(md, "paths", None) or {}):
        if pid in px:
            out.append(f'<g class="space path" id="space-{_esc(pid)}" data-space="{_esc(pid)}">'
                       f'<g class="pieces" id="pieces-{_esc(pid)}">'
                       + pieces_svg(g, game, lang, pid, board.get(pid), statuses.get(pid)) + "</g></g>")
    out.append("</g>")
    out.extend(edge_layers)
    # the side panel: title, turn and scores (they change), then the legend
    x0 = w + 10
    dyn, yy = panel_svg(game, lang, x0, title, state_label)
    out.append(f'<g class="panel" id="panel">{dyn}</g>')
    # the legend stays put while the panel above it changes (a replay)
    yy = max(yy, 30.0 + 19 * 2 + 16 * 3 + 18 * (len(game.factions) if game is not None else 0) + 20)
    for colour, dash, label in legend:
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line x1="{_fmt(x0)}" y1="{_fmt(yy - 4)}" x2="{_fmt(x0 + 28)}" y2="{_fmt(yy - 4)}" stroke="{colour}" '
                   f'stroke-width="3"{dash_attr}/><text x="{_fmt(x0 + 34)}" y="{_fmt(yy)}" font-size="11">{_esc(label)}</text>')
        yy += 16
    seen_vals = []
    for sp in md.attrs:
        fill, v = _enum_colour(g, view.attrs.get(sp) or md.attrs.get(sp))
        if v is not None and v not in [s for s, _ in seen_vals]:
            seen_vals.append((v, fill))
    for v, fill in seen_vals:
        out.append(f'<rect x="{_fmt(x0)}" y="{_fmt(yy - 10)}" width="12" height="12" fill="{fill}" stroke="#6b5b45"/>'
                   f'<text x="{_fmt(x0 + 18)}" y="{_fmt(yy)}" font-size="11">{_esc(name("enumval", v))}</text>')
        yy += 16
    out.append("</svg>")
    return "\n".join(out)


def pieces_seen(game):
    """({space: {kind: n}}, {space: {kind: pieces with a status}}) as every player sees them:
    pieces a piece covers are counted under "?" (observation.py)."""
    board, statuses = {}, {}
    if game is None:
        return board, statuses
    from ..interpreter.observation import _board_space
    s = game.s
    for sp, kinds in s.board.items():
        if kinds:
            seen = _board_space(game, sp, kinds)
            if seen:
                board[sp] = seen
    for (sp, k), v in s.pstat.items():
        n = sum(v.values())
        if n:
            statuses.setdefault(sp, {})[k] = n
    return board, statuses


def anchor(md, sp):
    """(x, y, r): where the pieces of space `sp` are drawn and the size of the space."""
    px, step, _, _ = _geometry(md)
    x, y = px[sp]
    if sp in (getattr(md, "paths", None) or {}):
        return x, y, step * 0.2
    if md.grid == "hex" and sp in md.coords:
        r = step / SQ3
    else:
        counts: dict = {}
        for s_ in md.attrs:
            k = kind_of_space(md, s_)
            counts[k] = counts.get(k, 0) + 1
        r = step * (0.36 if kind_of_space(md, sp) == max(counts, key=lambda k: counts[k]) else 0.2)
    return x, y - r * 0.25, r


def pieces_svg(g, game, lang, sp, here, statuses=None) -> str:
    """The badges of the pieces on one space (empty text when there are none)."""
    if not here or game is None:
        return ""
    x, y, r = anchor(game.m, sp)
    return "".join(_badges(g, game, lang, x, y, r, here, statuses or {}, "?"))


def panel_svg(game, lang, x0, title=None, state_label=True):
    """(svg text, next y) of the changing part of the side panel: title, turn, scores."""
    from ..interpreter import describe as D
    out, yy, lines = [], 30.0, []
    if title:
        lines.append(("title", title))
    if game is not None and state_label:
        s = game.s
        if s.round and s.active is not None:
            lines.append(("turn", D._m("GM.tb.turn", lang, round=s.round, faction=D.faction_name(game, s.active, lang),
                                       phase=D.name(game, "phase", s.phase, lang) if s.phase else "—")))
        else:
            lines.append(("turn", D._m("GM.tb.setup", lang)))
    for cls, text in lines:
        size = 15 if cls == "title" else 12
        for chunk in wrap_words(text, 30):
            out.append(f'<text class="{cls}" x="{_fmt(x0)}" y="{_fmt(yy)}" font-size="{size}" fill="#222">{_esc(chunk)}</text>')
            yy += size + 4
    yy += 6
    if game is not None:
        g = game.g
        scores = game.scores()
        winners = set(game.winners())
        for f in game.factions:
            col = faction_colour(g, f)
            fname = D.faction_name(game, f, lang)
            sc = scores.get(f)
            star = " ★" if f in winners else ""
            out.append(f'<g class="faction" data-faction="{_esc(f)}"><rect x="{_fmt(x0)}" y="{_fmt(yy - 10)}" width="12" '
                       f'height="12" fill="{col}"/><text x="{_fmt(x0 + 18)}" y="{_fmt(yy)}" font-size="12">'
                       f'{_esc(fname)}{"" if sc is None else ": " + _esc(sc)}{star}</text></g>')
            yy += 18
        yy += 8
    return "".join(out), yy


def wrap_words(text: str, width: int) -> list:
    """Lines of at most `width` characters, broken between words (one empty line for no text)."""
    words, lines, cur = str(text).split(), [], ""
    for wd in words:
        if cur and len(cur) + 1 + len(wd) > width:
            lines.append(cur)
            cur = wd
        else:
            cur = f"{cur} {wd}" if cur else wd
    if cur:
        lines.append(cur)
    return lines or [""]


def _badges(g, game, lang, x, y, r, here: dict, statuses: dict, hidden_key) -> list:
    """One badge per kind of piece on a space, in rows under its name: the owner's colour, the
    count and a short name; a `<title>` says it in full. Buildings are squares, tokens
    diamonds, the other categories circles (the category's place in the data decides)."""
    from ..interpreter import describe as D
    items = [(k, n) for k, n in here.items() if n]
    size = max(10.0, min(18.0, r * 0.42))
    per_row = max(1, int((2 * r * 0.9) // (size * 1.9)))
    cats = list(g.categories)
    out = []
    for i, (k, n) in enumerate(items):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(items) - row * per_row)
        bx = x + (col - (in_row - 1) / 2) * size * 1.9
        by = y + row * size * 1.6
        if k == hidden_key:
            colour, shape, abbr = NEUTRAL, 0, "?"
            full = D.piece_name(game, "?", lang, n)
        else:
            pk = g.piece_kinds.get(k)
            colour = faction_colour(g, pk.owner) if pk is not None and pk.owner is not None else NEUTRAL
            shape = cats.index(pk.category) % 3 if pk is not None and pk.category in cats else 0
            abbr = _abbrev(D.name(game, "piece", k, lang))
            full = D.piece_name(game, k, lang, n)
            if statuses.get(k):
                full += f" [{statuses[k]}]"
        half = size / 2
        if shape == 1:
            body = (f'<rect x="{_fmt(bx - half)}" y="{_fmt(by - half)}" width="{_fmt(size)}" height="{_fmt(size)}" '
                    f'fill="{colour}" stroke="#222" stroke-width="0.8"/>')
        elif shape == 2:
            body = (f'<polygon points="{_fmt(bx)},{_fmt(by - half * 1.2)} {_fmt(bx + half * 1.2)},{_fmt(by)} '
                    f'{_fmt(bx)},{_fmt(by + half * 1.2)} {_fmt(bx - half * 1.2)},{_fmt(by)}" fill="{colour}" '
                    f'stroke="#222" stroke-width="0.8"/>')
        else:
            body = (f'<circle cx="{_fmt(bx)}" cy="{_fmt(by)}" r="{_fmt(half)}" fill="{colour}" stroke="#222" '
                    f'stroke-width="0.8"/>')
        label = f"{n}" if n > 1 else abbr
        out.append(f'<g class="piece" data-kind="{_esc(k)}" data-count="{n}"><title>{_esc(full)}</title>{body}'
                   f'<text x="{_fmt(bx)}" y="{_fmt(by + size * 0.3)}" font-size="{_fmt(size * 0.75)}" '
                   f'text-anchor="middle" fill="#fff" font-weight="bold">{_esc(label)}</text></g>')
    return out
