"""What compiled rules, the compile stages and the engine ask a GameDef (the mixin `Lookups`).

Attributes of cards, enumeration values, spaces and piece kinds, the slots of a track, which
action or derived value a name means for an owner, what a menu offers, a phase named in data;
and, for the memo of rulesdsl/compiler, which of the caller's variables a derived value reads.
Most run during play, many on every evaluation: each is a dictionary look-up or two.
"""
from __future__ import annotations

from ..compiler import SPACE, NUMBER, ANY
from .. import compiler as _compiler
from ..ytypes import pos_of
from .. import nodes as N
from . import board as _board
from . import menu_index as _menu_index


class Lookups:
    """The read-only questions a GameDef answers from its tables."""

    def sees_face(self, back, faction) -> bool:
        """May `faction` see which face lies under a face-down piece of kind `back`?"""
        v = self.hidden_backs.get(back)
        if v is None:
            return True
        return v == "owner" and faction is not None and self.piece_kinds[back].owner == faction

    def status_bit(self, sid) -> int:
        return self.statuses.get(sid, 0)

    # attributes -------------------------------------------------------------------------------
    def card_attr(self, ctx, card, aid):
        if card is None:
            return None
        return self.cards[ctx.s.card_defs[card]].attrs.get(aid)

    def card_tags(self, card, ctx):
        return self.cards[ctx.s.card_defs[card]].tags

    def category_kinds(self, ident) -> tuple:
        """The piece kinds of category `ident`, in the order the kinds are declared: what a
        category named in a rule means (a selection, a hook's pattern, a condition)."""
        return tuple(k for k, p in self.piece_kinds.items() if p.category == ident)

    def enum_values(self, eid):
        return self.enums.get(eid, [])

    def enumval_attr(self, v, aid):
        return self.enumval_attrs.get(v, {}).get(aid)

    def attr_type(self, aid):
        t = self.attr_types.get(aid, "")
        if t in self.enums:
            return "enumval"
        if t in ("número", "numero", "number"):
            return NUMBER
        if t in ("espaço", "espacio", "space"):
            return SPACE
        return ANY

    def any_attr(self, ctx, v, aid):
        if isinstance(v, int) and not isinstance(v, bool):
            return self.card_attr(ctx, v, aid)
        if isinstance(v, str):
            if v in ctx.m.attrs:
                return _board.attr(ctx, v, aid)
            if v in self.piece_kinds:
                return self.track_next(ctx, v, aid) if aid in self.piece_kinds[v].tracks else self.piece_kinds[v].attrs.get(aid)
            if v in self.enumval_attrs:
                return self.enumval_attrs[v].get(aid)
            if v in self.factions:
                # a faction in a variable of unknown type ("PV de D" in a derived value's
                # parameter): its counter, as compile_attr reads it for a known faction
                return ctx.s.counters.get(self.counter_key(aid, v), 0)
        return None

    def track_next(self, ctx, kind, aid):
        """A track's value at the slot the next piece of `kind` would uncover."""
        pk = self.piece_kinds[kind]
        vals = pk.tracks.get(aid)
        if not vals:
            return None
        placed = pk.count - ctx.s.supply.get(kind, 0)
        if placed >= len(vals):
            return None
        return vals[placed]

    def track_uncovered(self, ctx, kind, aid):
        """Values of the slots already uncovered (pieces out of the supply)."""
        pk = self.piece_kinds[kind]
        vals = pk.tracks.get(aid) or []
        placed = pk.count - ctx.s.supply.get(kind, 0)
        return vals[:placed]

    # what a derived value reads (memo keys) ---------------------------------------------------
    def derived_reads(self, d) -> tuple:
        """The caller's variables a derived value may read: its own `contexto:` and, through
        the derived values its base and modifiers name, theirs (sorted; a memo key)."""
        out, seen, todo = set(), set(), [d]
        while todo:
            x = todo.pop()
            if x.id in seen:
                continue
            seen.add(x.id)
            out.update(x.context)
            for tree in x.trees:
                todo.extend(self._derived_named(tree))
        return tuple(sorted(out))

    def derived_key_fn(self, d):
        """fn(ctx) -> memo key of a derived value (without its argument)."""
        reads = set()
        for tree in d.trees:
            r = _compiler.state_reads(self, tree)
            if r is None:
                reads = None
                break
            reads.update(r)
        if d.base is not None and not d.trees:
            reads = None                 # a base given as a plain number has no tree: unknown
        if reads is not None and d.card_mods:
            reads.add("vg")              # a card's modifier holds while the card is in play
        return _compiler._key_fn(reads, self.derived_reads(d))

    def prohibition_trees(self) -> list:
        """The conditions of the prohibitions (None for one whose expression is unknown)."""
        return [h.cond_tree for h in self.prohibitions if h.condition is not None]

    def tree_derived_reads(self, tree) -> tuple:
        """The caller's variables read by the derived values an expression names."""
        out = set()
        for d in self._derived_named(tree):
            out.update(self.derived_reads(d))
        return tuple(sorted(out))

    def _derived_named(self, tree):
        """Every derived value a name in the tree may resolve to (any owner: conservative)."""
        found = []
        for n in tree.walk():
            if isinstance(n, N.Name) and n.kind in ("derived", "derived_value") or \
                    isinstance(n, N.AttrOf) and n.attr.kind == "derived":
                nm = n if isinstance(n, N.Name) else n.attr
                base = {i.split(".")[-1] for i in nm.ids}
                found.extend(x for x in self.derived.values() if x.id.split(".")[-1] in base)
        return found

    # names of the rules -----------------------------------------------------------------------
    def derived_for(self, ids, owner):
        for i in ids:
            if owner and f"{owner}.{i.split('.')[-1]}" in self.derived:
                return self.derived[f"{owner}.{i.split('.')[-1]}"]
        for i in ids:
            if i in self.derived:
                return self.derived[i]
        return None

    def action_for(self, ids, owner):
        for i in ids:
            if owner and i.startswith(owner + "."):
                return i
        for i in ids:
            if "." not in i:
                return i
        return ids[0] if ids else None

    def menu_actions(self, owner):
        return self.factions[owner].menu if owner in self.factions else []

    def menu_ids(self, listed, phase, me, s, m=None):
        """What a menu offers `me` in `phase` (None: no window actions) in the game of state
        `s` on map `m`: interpreter/menu_index.py."""
        return _menu_index.menu_ids(self, listed, phase, me, s, m)

    def phase_ref(self, value, container, key, lang=None):
        """A phase named in data (`vitória: quando:`, a hook's `fase:`, `fase_do_limite:`): its
        id, or one of its names in any language (answered as the id). Anything else is an error
        (M042) — a typo would silently switch the rule off."""
        if value is None:
            return None
        v = str(value)
        phases = self.rs.things.get("phase", {})
        if v in phases or v in self.turn_phases:
            return v
        from ..errors import fold
        for pid, t in phases.items():
            if any(fold(v) == fold(x) for sps in t.names.values() for x in sps):
                return pid
        from ..errors import suggest
        known = list(phases) + [x for t in phases.values() for sps in t.names.values() for x in sps]
        lang = lang or getattr(container, "_lang", None) or self.lang
        self.diags.add("M042", pos_of(container, key), lang, name=v,
                       known=", ".join(self.rs.name("phase", p, lang) for p in phases),
                       hint=suggest(v, known, cutoff=0.5))
        return v
