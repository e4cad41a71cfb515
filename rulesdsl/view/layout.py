"""Where each space of a map is drawn, in the plane (x grows rightwards, y downwards).

In order of precedence:
  1. the map's `posições:` (drawing coordinates written in the data);
  2. else its grid `coordenadas:` (hex axial (q, r), pointy-top; square (column, row));
  3. else an automatic layout: the spaces of the kinds on the map's border (`borda_do_mapa:`,
     in order) are put on a circle and the others of those kinds at the mean of their
     neighbours (Tutte's barycentric embedding: a planar map stays planar); with no border,
     every space of the most common kind starts on a circle and is relaxed by a few rounds of
     a spring layout.
Spaces left over (forests, bases, spaces brought by a faction) go to the mean of their placed
neighbours, pushed outwards when they have fewer than three; a space with no neighbour goes in
a row under the map; a space that is an edge (N18) goes to the middle of its edge.
Deterministic: the same map always gives the same picture.
"""
from __future__ import annotations

import math

SQ3 = math.sqrt(3.0)


def _neighbours(md) -> dict:
    nb: dict = {sp: [] for sp in md.attrs}
    for pairs in md.edges.values():
        for a, b in pairs:
            a, b = str(a), str(b)
            if a in nb and b in nb and a != b:
                if b not in nb[a]:
                    nb[a].append(b)
                if a not in nb[b]:
                    nb[b].append(a)
    return nb


def kind_of_space(md, sp):
    """The space kind of the space `sp` of the map `md` (None if it has none)."""
    for k, ids in md.by_kind.items():
        if sp in ids:
            return k
    return None


def _grid(md) -> dict:
    out = {}
    for sp, (q, r) in (md.coords or {}).items():
        if md.grid == "hex":
            out[sp] = (SQ3 * (q + r / 2.0), 1.5 * r)
        else:
            out[sp] = (float(q), float(r))
    return out


def _circle(ids, radius=1.0, wide=1.0) -> dict:
    n = len(ids)
    return {sp: (wide * radius * math.cos(2 * math.pi * i / n - math.pi / 2),
                 radius * math.sin(2 * math.pi * i / n - math.pi / 2)) for i, sp in enumerate(ids)}


def _tutte(fixed: dict, free: list, nb: dict, rounds: int = 200) -> dict:
    pos = dict(fixed)
    for sp in free:
        pos[sp] = (0.0, 0.0)
    for _ in range(rounds):
        for sp in free:
            ns = [pos[n] for n in nb[sp] if n in pos]
            if ns:
                pos[sp] = (sum(p[0] for p in ns) / len(ns), sum(p[1] for p in ns) / len(ns))
    return pos


def _springs(ids: list, nb: dict, rounds: int = 150) -> dict:
    """A small deterministic Fruchterman-Reingold layout, started on a circle."""
    pos = _circle(ids)
    if len(ids) < 3:
        return pos
    k = math.sqrt(4.0 / len(ids))
    temp = 0.2
    for _ in range(rounds):
        disp = {sp: [0.0, 0.0] for sp in ids}
        for i, a in enumerate(ids):
            ax, ay = pos[a]
            for b in ids[i + 1:]:
                dx, dy = ax - pos[b][0], ay - pos[b][1]
                d = math.hypot(dx, dy) or 1e-6
                f = k * k / d
                disp[a][0] += dx / d * f
                disp[a][1] += dy / d * f
                disp[b][0] -= dx / d * f
                disp[b][1] -= dy / d * f
        for a in ids:
            for b in nb[a]:
                if b in pos and a < b:
                    dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                    d = math.hypot(dx, dy) or 1e-6
                    f = d * d / k
                    disp[a][0] -= dx / d * f
                    disp[a][1] -= dy / d * f
                    disp[b][0] += dx / d * f
                    disp[b][1] += dy / d * f
        for a in ids:
            dx, dy = disp[a]
            d = math.hypot(dx, dy) or 1e-6
            step = min(d, temp)
            pos[a] = (pos[a][0] + dx / d * step, pos[a][1] + dy / d * step)
        temp *= 0.97
    return pos


def spacing(pos: dict) -> float:
    """The median distance from a space to its nearest other space (1.0 for fewer than two)."""
    pts = list(pos.values())
    if len(pts) < 2:
        return 1.0
    near = []
    for i, (x, y) in enumerate(pts):
        near.append(min(math.hypot(x - u, y - v) for j, (u, v) in enumerate(pts) if j != i) or 1.0)
    near.sort()
    return near[len(near) // 2] or 1.0


def layout(md) -> dict:
    """{space: (x, y)} for every space of the map `md` (a MapDef)."""
    nb = _neighbours(md)
    ids = [str(sp) for sp in md.attrs]
    pos = {sp: p for sp, p in (md.positions or {}).items() if sp in nb}
    if not pos:
        pos = {sp: p for sp, p in _grid(md).items() if sp in nb}
    paths = getattr(md, "paths", None) or {}
    if not pos:
        cycle = [sp for sp in (md.edge_cycle or ()) if sp in nb]
        if len(cycle) >= 3:
            kinds = {kind_of_space(md, sp) for sp in cycle}
            free = [sp for sp in ids if sp not in cycle and kind_of_space(md, sp) in kinds and sp not in paths]
            pos = _tutte(_circle(cycle, wide=1.25), free, nb)
        else:
            count: dict = {}
            for sp in ids:
                if sp not in paths and nb[sp]:
                    count[kind_of_space(md, sp)] = count.get(kind_of_space(md, sp), 0) + 1
            if count:
                main = max(count, key=lambda k: (count[k], -list(count).index(k)))
                pos = _springs([sp for sp in ids if kind_of_space(md, sp) == main and sp not in paths], nb)
    step = spacing(pos)
    cx = sum(p[0] for p in pos.values()) / len(pos) if pos else 0.0
    cy = sum(p[1] for p in pos.values()) / len(pos) if pos else 0.0
    # the rest: at the mean of their placed neighbours, in rounds (a forest next to a forest)
    left = [sp for sp in ids if sp not in pos and sp not in paths]
    while left:
        placed = []
        for sp in left:
            ns = [pos[n] for n in nb[sp] if n in pos]
            if not ns:
                continue
            x = sum(p[0] for p in ns) / len(ns)
            y = sum(p[1] for p in ns) / len(ns)
            if len(ns) < 3:
                # on the rim: pushed away from the middle of the map
                dx, dy = x - cx, y - cy
                d = math.hypot(dx, dy) or 1.0
                x, y = x + dx / d * step * 0.9, y + dy / d * step * 0.9
            placed.append((sp, (x, y)))
        if not placed:
            break
        for sp, p in placed:
            pos[sp] = p
        left = [sp for sp in left if sp not in pos]
    if left:
        # no neighbour at all: a row under the map
        bottom = max((p[1] for p in pos.values()), default=0.0) + step * 1.5
        x0 = min((p[0] for p in pos.values()), default=0.0)
        for i, sp in enumerate(left):
            pos[sp] = (x0 + i * step, bottom)
    for pid, ends in paths.items():
        a, b = (str(e) for e in ends)
        if a in pos and b in pos:
            pos[str(pid)] = ((pos[a][0] + pos[b][0]) / 2, (pos[a][1] + pos[b][1]) / 2)
    return pos
