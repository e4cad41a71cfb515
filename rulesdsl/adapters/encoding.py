"""A player's view of a game as a vector of numbers, for learning agents (any ruleset).

The layout is fixed per ruleset, seating, map and deck (`Layout.of(game)`), and read from the
ruleset, never from a game in particular:

  * whose turn it is and the phase (one-hot), the round, the viewer's seat (one-hot);
  * each seat's score (in seat order, starting with the viewer's, so a policy sees itself first);
  * every counter, every zone's size, the pieces in each piece zone (by kind, and how many of
    them carry a status such as exhausted or damaged; a hidden piece zone by its size);
  * the pieces on each space of the map (space x piece kind; pieces face down whose kind the
    viewer may not know, by space) and in the supply;
  * for each card zone, how many of each card the viewer can see there (its own hand, the open
    areas, the discard pile): the cards the viewer may not see are only in the zone's size.

It encodes `Game.observation(viewer)`, which already hides what the viewer may not know, so the
vector carries no hidden information. Plain Python lists of floats: no numpy needed here (the
adapters turn them into arrays).
"""
from __future__ import annotations

from ..interpreter.observation import HIDDEN


class LayoutError(ValueError):
    """The observation holds a key the layout does not know (a zone or a counter created
    during play that the ruleset did not declare at the start): never dropped silently."""


class Layout:
    __slots__ = ("seats", "phases", "spaces", "kinds", "counters", "zones", "piece_zones", "cards",
                 "size", "_space_i", "_kind_i", "_counter_i", "_zone_i", "_pz_i", "_card_i", "_phase_i",
                 "_off", "_typed")

    @classmethod
    def of(cls, game) -> "Layout":
        """The layout of a game whose seats have their factions, or of seats that draft them
        (`Game(g, 4)`, Law A.8): then the seats are `seat1`... and the layout holds the keys of
        every faction a seat may take (one probe game per faction); `encode(obs, alias)` reads
        a faction's name as the seat that took it."""
        g, s = game.g, game.s
        probes = []
        if getattr(game, "seating", None) is not None:
            from ..interpreter.engine import Game
            from ..interpreter.seating import seat_ids
            fc = game.setup_def.faction_choice
            pool = list(fc.pool) if fc is not None and fc.pool else \
                [f for f in g.factions if f not in getattr(g, "hirelings", ())]
            probes = [Game(g, [f], 0, map_id=game.map_id, deck_id=game.deck_id) for f in pool]
        lay = cls()
        lay.seats = seat_ids(game.seating) if probes else list(s.seats)
        lay.phases = list(g.turn_phases)
        # the spaces pieces may be on: the map's, the seated factions' (N10) and the paths that
        # hold pieces (N18: every printed edge's, so that a path opened later has its place)
        from ..interpreter import board as _bd
        view = _bd.spaces_view(game.ctx) if hasattr(game, "ctx") else game.m
        lay.spaces = list(view.all_space_ids) if view is not None else []      # (a game without a map)
        if g.path_kinds:
            pairs = {_bd.path_id(a, b) for es in game.m.edges.values() for a, b in es}
            lay.spaces += sorted(pairs - set(lay.spaces))
        lay.kinds = list(g.piece_kinds)
        # the counters that exist from the start, and those with one value per pair of seats
        # (`por_facção: sim`), created when first changed
        names = list(s.seats) + [f for p in probes for f in p.s.seats]
        pairs = {g.pair_key(cid, f, o) for cid in getattr(g, "pair_counters", ()) for f in names
                 for o in names}
        states = [s] + [p.s for p in probes]
        lay.counters = sorted(set().union(*(x.counters for x in states)) | pairs)
        lay.zones = sorted(set().union(*(x.zones for x in states)))
        lay.piece_zones = sorted(set().union(*(x.piece_zones for x in states)))
        if probes:
            # a faction's own spaces (N10) join the map with it
            more = [sp for p in probes if p.ctx.m is not None
                    for sp in _bd.spaces_view(p.ctx).all_space_ids if sp not in lay.spaces]
            lay.spaces += list(dict.fromkeys(more))
        lay.cards = sorted(g.cards)
        lay._space_i = {x: i for i, x in enumerate(lay.spaces)}
        lay._kind_i = {x: i for i, x in enumerate(lay.kinds)}
        lay._counter_i = {x: i for i, x in enumerate(lay.counters)}
        lay._zone_i = {x: i for i, x in enumerate(lay.zones)}
        lay._pz_i = {x: i for i, x in enumerate(lay.piece_zones)}
        lay._card_i = {x: i for i, x in enumerate(lay.cards)}
        lay._phase_i = {x: i for i, x in enumerate(lay.phases)}
        # a typed counter (N8) is observed as its value: encoded as 1 + its place in its type
        from ..interpreter import small_forms as _small
        lay._typed = {k: v for k in lay.counters if (v := _small.typed_of_key(g, k)) is not None}
        n_seats, n_k = len(lay.seats), len(lay.kinds)
        parts = [
            ("active", n_seats + 1),              # + nobody (setup, the end)
            ("phase", len(lay.phases) + 1),       # + outside a turn
            ("round", 1),
            ("viewer", n_seats),
            ("scores", n_seats),
            ("counters", len(lay.counters)),
            ("zone_sizes", len(lay.zones)),
            ("piece_zones", len(lay.piece_zones) * n_k),
            ("piece_zone_sizes", len(lay.piece_zones)),
            ("piece_statuses", len(lay.piece_zones) * n_k),
            ("board", len(lay.spaces) * n_k),
            ("board_face_down", len(lay.spaces)),
            ("supply", n_k),
            ("cards_seen", len(lay.zones) * len(lay.cards)),
        ]
        lay._off = {}
        at = 0
        for name, n in parts:
            lay._off[name] = at
            at += n
        lay.size = at
        return lay

    def _kind(self, key: str) -> int:
        # observations name a faction's pieces "faction.kind"; neutral pieces by their kind
        k = self._kind_i.get(key)
        if k is None:
            k = self._kind_i.get(key.split(".", 1)[-1])
        if k is None:
            raise LayoutError(f"piece kind {key!r}")
        return k

    def encode(self, obs: dict, alias=None) -> list[float]:
        """The vector of an observation (`Game.observation(viewer)`). alias: a drafted faction's
        name -> the seat that took it (seats that draft their factions, `Layout.of`)."""
        v = [0.0] * self.size
        off = self._off
        seats = self.seats
        al = alias or {}
        viewer = al.get(obs["viewer"], obs["viewer"])
        order = seats[seats.index(viewer):] + seats[:seats.index(viewer)] if viewer in seats else seats
        active = al.get(obs.get("active"), obs.get("active"))
        v[off["active"] + (order.index(active) if active in order else len(seats))] = 1.0
        ph = obs.get("phase")
        v[off["phase"] + self._phase_i.get(ph, len(self.phases))] = 1.0
        v[off["round"]] = float(obs.get("round") or 0)
        if viewer in seats:
            v[off["viewer"] + seats.index(viewer)] = 1.0
        scores = {al.get(k, k): x for k, x in (obs.get("scores") or {}).items()}
        for i, f in enumerate(order):
            v[off["scores"] + i] = float(scores.get(f, 0) or 0)
        for key, val in (obs.get("counters") or {}).items():
            i = self._counter_i.get(key)
            if i is None:
                raise LayoutError(f"counter {key!r}")
            if isinstance(val, str) and key in self._typed:
                vals = self._typed[key]
                val = vals.index(val) + 1 if val in vals else 0
            v[off["counters"] + i] = float(val if isinstance(val, (int, float)) else 0)
        n_k = len(self.kinds)
        for zone, entry in (obs.get("piece_zones") or {}).items():
            i = self._pz_i.get(zone)
            if i is None:
                raise LayoutError(f"piece zone {zone!r}")
            pieces = entry.get("pieces")
            if pieces is None:               # a zone the viewer may not look into
                v[off["piece_zone_sizes"] + i] = float(entry.get("size", 0))
                continue
            v[off["piece_zone_sizes"] + i] = float(sum(pieces.values()))
            for kind, n in pieces.items():
                v[off["piece_zones"] + i * n_k + self._kind(kind)] += float(n)
            for kind, by_bits in (entry.get("statuses") or {}).items():
                v[off["piece_statuses"] + i * n_k + self._kind(kind)] += float(sum(by_bits.values()))
        for space, pieces in (obs.get("board") or {}).items():
            i = self._space_i.get(space)
            if i is None:
                raise LayoutError(f"space {space!r}")
            for kind, n in pieces.items():
                if kind == HIDDEN:
                    v[off["board_face_down"] + i] += float(n)
                else:
                    v[off["board"] + i * n_k + self._kind(kind)] += float(n)
        for kind, n in (obs.get("supply") or {}).items():
            v[off["supply"] + self._kind(kind)] += float(n)
        n_c = len(self.cards)
        for zone, z in (obs.get("zones") or {}).items():
            i = self._zone_i.get(zone)
            if i is None:
                raise LayoutError(f"zone {zone!r}")
            v[off["zone_sizes"] + i] = float(z.get("size", 0))
            for c in z.get("cards") or ():
                cid = c.get("card") if isinstance(c, dict) else None
                j = self._card_i.get(cid)
                if j is not None:      # a card not yet known (a placeholder) counts only in the size
                    v[off["cards_seen"] + i * n_c + j] += 1.0
        return v

