"""The facts of one game and the least fixed point that proves them (interpreter/proofs.py
says what is proved and why it is sound): which counters no rule of the game changes, which
piece kinds and card zones it never fills, which players it never has; and what each rule of
the ruleset changes, creates, fills and names (`_Sum`), read from its expression trees.
"""
from __future__ import annotations

from .. import nodes as N

# the verbs that bring pieces into being on the map or in a zone (from a supply or by a face)
CREATES = frozenset({"place", "swap", "replace", "flip", "deal"})
# the verbs that change a counter
COUNTS = frozenset({"set", "gain", "lose"})
_CMP = {"=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


class Facts:
    """What the game of one state can never have (see the module's docstring)."""
    __slots__ = ("g", "counters", "present", "changed", "created", "any_counter", "any_kind",
                 "dead_mods", "dead_hooks", "dead_actions", "values", "_here", "bound", "by_var",
                 "filled", "any_zone", "_cards_here", "_fixed_zones", "reached", "any_action", "_absent")

    def __init__(self, g, present, counters, here, cards_here):
        self.g = g
        self.counters = counters
        self.present = present
        self._here = here
        self._cards_here = cards_here
        self.reached: set = set()
        self.any_action = False
        self.changed: set = set()
        self.created: set = set()
        self.any_counter = False
        self.any_kind = False
        self.bound: set = set()      # the kinds a variable of an admitted rule may hold
        self.by_var = False          # some admitted verb creates the pieces a variable holds
        self.filled: set = set()     # the card zones an admitted verb names
        self.any_zone = False        # some admitted verb puts cards in a zone a variable holds
        self.values: dict = {}
        self._absent = None          # kind -> absent(kind), once the fixed point is reached
        self.dead_mods = frozenset()
        self.dead_hooks = frozenset()
        self.dead_actions = frozenset()

    # -- what a condition needs ----------------------------------------------------------------
    def never(self, x, depth=0) -> bool:
        """True when condition `x` can never hold in this game."""
        if x is None or depth > 8:
            return False
        t = type(x)
        if t is N.Logic:
            if x.op == "and":
                return any(self.never(p, depth + 1) for p in x.items)
            if x.op == "or":
                return all(self.never(p, depth + 1) for p in x.items)
            return False
        if t is N.Exists and isinstance(x.sel, N.Sel):
            return self._sel_never(x.sel, depth)
        if t is N.Cmp:
            return self._cmp_never(x)
        return False

    def _sel_never(self, sel, depth) -> bool:
        if sel.quant is not None:
            return False
        noun = sel.noun
        kinds = _sel_kinds(self.g, sel)
        if kinds and all(self.absent(k) for k in kinds):
            return True
        if isinstance(noun, N.Name) and noun.kind == "builtin" and noun.ids == ("card",):
            # `houver carta em Z`: a zone that never holds a card
            for f in sel.filters or ():
                if f.kind in ("in", "of") and type(f.arg) is N.Sel and f.arg.quant is None \
                        and isinstance(f.arg.noun, N.Name) and f.arg.noun.kind == "zone" \
                        and all(self.empty(z) for z in f.arg.noun.ids):
                    return True
        if isinstance(noun, N.Name) and noun.kind == "builtin" and noun.ids == ("faction",) and sel.var:
            # `houver jogador R onde R é F`: F is seated or a hireling in play
            for f in sel.filters or ():
                if f.kind == "where" and self._is_faction(f.arg, sel.var):
                    return True
        for f in sel.filters or ():
            if f.kind == "where" and self.never(f.arg, depth + 1):
                return True
            if f.kind == "with" and isinstance(f.arg, N.Sel) and self._sel_never(f.arg, depth + 1):
                return True
        return False

    def _is_faction(self, x, var) -> bool:
        """`var = F` (a part of an `e`) with F neither seated nor a hireling in play."""
        if type(x) is N.Logic and x.op == "and":
            return any(self._is_faction(p, var) for p in x.items)
        if type(x) is N.Cmp and x.op == "=":
            for a, b in ((x.a, x.b), (x.b, x.a)):
                if type(a) is N.Var and a.name == var and _absent_faction(b, self.present):
                    return True
        return False

    def _cmp_never(self, x) -> bool:
        if x.op == "=":
            for a, b in ((x.a, x.b), (x.b, x.a)):
                if type(a) is N.Me and _absent_faction(b, self.present):
                    return True        # `você é F`: who acts is in the game
        op = _CMP.get(x.op)
        if op is None:
            return False
        for a, b, flip in ((x.a, x.b, False), (x.b, x.a, True)):
            cid = _counter_of(a)
            if cid is None or type(b) is not N.Num:
                continue
            vals = self.frozen(cid)
            if vals is None:
                return False
            n = b.value
            return not any((op(n, v) if flip else op(v, n)) for v in vals)
        return False

    # -- the parts of the state ----------------------------------------------------------------
    def frozen(self, cid):
        """The values counter `cid` can ever have in this game, or None: it may change."""
        if self.any_counter or cid in self.changed:
            return None
        got = self.values.get(cid)
        if got is None:
            c = self.g.counters.get(cid)
            if c is None and "." in cid:
                fid, _, own = cid.partition(".")
                c = self.g.faction_counters.get(fid, {}).get(own)
            if not isinstance(c, dict):
                c = None
            if c is None or c.get("type") is not None:
                got = self.values[cid] = ()      # unknown or typed (suits, factions): no proof
                return None
            end = ":" + cid
            got = {0, int(c.get("initial") or 0)}
            got.update(v for k, v in self.counters if k == cid or k.endswith(end))
            got = self.values[cid] = frozenset(got)
        return got or None

    def absent(self, k) -> bool:
        """Piece kind k never has a piece in this game (kept per kind: asked for each kind of
        each selection that looks for pieces, proof_cuts)."""
        memo = self._absent
        if memo is None:
            return self._absent_now(k)         # the fixed point is under way
        got = memo.get(k)
        if got is None:
            got = memo[k] = self._absent_now(k)
        return got

    def _absent_now(self, k) -> bool:
        if self.any_kind:
            return False
        faces = self.g.faces
        for f in (k,) + tuple(faces.get(k, ())):
            if f in self.created or f in self._here or (self.by_var and f in self.bound):
                return False
        return True

    def empty(self, z) -> bool:
        """Card zone z never holds a card in this game: empty now (every player's), not a zone
        the engine fills by itself (a deck's piles, the hands: any zone the ruleset's data names
        outside its rules' text), and named by no verb of a rule the game can run."""
        if self.any_zone or z in self.filled or z in self._cards_here:
            return False
        fixed = self._fixed_zones
        if z in fixed or z.rpartition(".")[2] in fixed:
            return False
        return True

    # -- the fixed point -----------------------------------------------------------------------
    def solve(self, units):
        """Admit the rules that can run, and what they change, until nothing more is admitted.
        units: [(condition, action id or None, _Sum of its other trees)]."""
        g = self.g
        self.changed.add(getattr(g, "hireling_ctl", None))      # the engine sets it (hirelings.py)
        self._fixed_zones = _data_values(g)
        done = set()
        while True:
            grew = False
            for i, (guard, aid, sm) in enumerate(units):
                if i in done:
                    continue
                if aid is not None and not (self.any_action or aid in self.reached):
                    continue
                if self.never(guard):
                    continue
                done.add(i)
                grew = True
                self.changed |= sm.changed
                self.created |= sm.created
                self.bound |= sm.bound
                self.filled |= sm.filled
                self.reached |= sm.reached
                self.any_counter |= sm.any_counter
                self.any_kind |= sm.any_kind
                self.by_var |= sm.by_var
                self.any_zone |= sm.any_zone
                self.any_action |= sm.any_action
            if not grew:
                self._absent = {}
                return


class _Sum:
    """What the trees of one rule (its effect, its values) change, create, fill and name:
    worked out once per ruleset (_units)."""
    __slots__ = ("g", "changed", "created", "bound", "filled", "reached", "any_counter", "any_kind",
                 "by_var", "any_zone", "any_action")

    def __init__(self, g):
        self.g = g
        self.changed, self.created, self.bound, self.filled, self.reached = set(), set(), set(), set(), set()
        self.any_counter = self.any_kind = self.by_var = self.any_zone = self.any_action = False

    def _admit(self, tree):
        g = self.g
        reached = self.reached
        for n in tree.walk():
            t = type(n)
            if t is N.Name:
                if n.kind == "action":
                    reached.update(n.ids)
            elif t is N.Sel and n.var is not None:
                self.bound.update(_sel_kinds(g, n) or ())
            elif t is N.Let and type(n.value) is N.Sel:
                self.bound.update(_sel_kinds(g, n.value) or ())
            elif t is N.Perform or t is N.ActionMenu:
                a = n.action if t is N.Perform else n.actions
                if t is N.Perform and not isinstance(a, N.Name):
                    self.any_action = True          # an action named by a variable
                if t is N.ActionMenu and a is not None and not isinstance(a, (N.ListOf, N.Name)):
                    self.any_action = True
                # what the action's parameters get (`esconder item (item: X)`)
                for v in (n.args or {}).values() if t is N.Perform else ():
                    for x in v.walk() if isinstance(v, N.Node) else ():
                        if type(x) is N.Sel:
                            self.bound.update(_sel_kinds(g, x) or ())
                        elif type(x) is N.Name and x.kind in ("piece", "category"):
                            self.bound.update(_name_kinds(g, x))
            elif t is N.Verb:
                inside = list(_verb_walk(n))
                for x in inside:
                    if type(x) is N.Name and x.kind == "zone":
                        self.filled.update(x.ids)
                if n.verb == "add":
                    # where the card goes: `em Z` (an argument, or the last `em` of the object,
                    # taken out of the tree by the verb's compilation: verbs/cards.py)
                    where = [v for k, v in n.args.items() if k in ("in", "to")]
                    if not where and n.__dict__.get("hoisted_in") is not None:
                        where = [n.__dict__["hoisted_in"]]
                    # a zone named, or one a card's attribute gives (`primeira coluna de L`: the
                    # data's values, never proved empty: _data_values); any other: any zone
                    if not where or any(not (type(w) is N.Sel and isinstance(w.noun, N.Name)
                                             and w.noun.kind == "zone")
                                        and not (type(w) is N.AttrOf and isinstance(w.attr, N.Name)
                                                 and w.attr.kind == "attr") for w in where):
                        self.any_zone = True
                    for w in where:
                        for x in w.walk() if isinstance(w, N.Node) else ():
                            if type(x) is N.Name and x.kind == "zone":
                                self.filled.update(x.ids)
                if n.verb in COUNTS:
                    cs = [x.ids for x in inside if type(x) is N.Name and x.kind in ("counter", "counter_attr")]
                    if not cs and not _no_counter(n):
                        self.any_counter = True       # a counter the analysis cannot name
                    for ids in cs:
                        self.changed.update(ids)
                if n.verb in CREATES:
                    self._creates(n, tree)

    def _creates(self, verb, tree):
        """The kinds a creating verb may bring into being: those its selections and names say;
        a variable (its object, or the new kind of `substitua X por Y`) bound in the same rule
        by a selection: that selection's kinds; else any kind a variable of an admitted rule may
        hold (self.bound: the kinds of the selections that bind variables and of the values
        given to action parameters) or any kind at all (a generic `peças`)."""
        g = self.g
        parts = [verb.obj] + ([v for k, v in verb.args.items()] if verb.verb in ("swap", "replace") else [])
        kinds, generic, unbound = object_kinds(g, tree, parts)
        if generic:
            self.any_kind = True
        if unbound:
            self.by_var = True
        faces = g.faces
        for k in list(kinds):
            kinds.update(faces.get(k, ()))
        for k, fs in faces.items():
            if kinds.intersection(fs):
                kinds.add(k)
        self.created.update(kinds)


def _name_kinds(g, x):
    pk = g.piece_kinds
    return {i for i in x.ids if i in pk} | {k for k, p in pk.items() if p.category in x.ids}


def _data_values(g) -> frozenset:
    """Every text the ruleset's data holds as a value, outside its rules' expressions (a deck's
    piles, a hand zone, a setup's zones...): the zones the engine may fill by itself. Kept per
    ruleset."""
    got = g.__dict__.get("_proof_data_values")
    if got is None:
        out, todo = set(), [g.rs.data]
        while todo:
            x = todo.pop()
            if isinstance(x, dict):
                todo.extend(x.values())
            elif isinstance(x, (list, tuple)):
                todo.extend(x)
            elif isinstance(x, str) and len(x) < 80 and " " not in x:
                out.add(str(x))
        for z in (g.hand_zone, g.discard_zone, g.draw_zone):
            if z:
                out.add(str(z))
        for piles in g.deck_piles.values():
            out.update(str(p) for p in piles if isinstance(p, str))
        got = g._proof_data_values = frozenset(out)
    return got


def _absent_faction(x, present) -> bool:
    return type(x) is N.Name and x.kind == "faction" and len(x.ids) == 1 and x.ids[0] not in present


def _counter_of(x):
    """The counter a plain read of it names (`mercenários de você`), or None."""
    if type(x) is N.Sel and x.quant is None and isinstance(x.noun, N.Name) and x.noun.kind == "counter" \
            and len(x.noun.ids) == 1 and all(f.kind == "of" for f in x.filters or ()):
        return x.noun.ids[0]
    if type(x) is N.AttrOf and isinstance(x.attr, N.Name) and x.attr.kind == "counter" and len(x.attr.ids) == 1:
        return x.attr.ids[0]
    return None


def _verb_walk(verb):
    """Every node of a verb, its arguments included (Node.walk does not enter a dict)."""
    yield from verb.walk()
    for v in verb.args.values():
        if isinstance(v, N.Node):
            yield from v.walk()


def _no_counter(verb) -> bool:
    """A counting verb that changes no counter: extra actions for the budget (`receba 1 ação
    extra`), a space's attribute (`defina naipe de C para …`)."""
    o = verb.obj
    if type(o) is N.Sel and isinstance(o.noun, N.Name) and o.noun.kind == "builtin" \
            and o.noun.ids == ("extra_action",):
        return True
    return type(o) is N.AttrOf and isinstance(o.attr, N.Name) and o.attr.kind == "attr"


def _var_kinds(g, tree, name):
    """The piece kinds variable `name` may hold in `tree` (the selections that bind it), None
    when it holds no pieces, False when not known."""
    out, found = set(), False
    for n in tree.walk():
        sel = None
        if type(n) in (N.Choose, N.ForEach) and isinstance(n.sel, N.Sel) and n.sel.var == name:
            sel = n.sel
        elif type(n) is N.Sel and n.var == name:
            sel = n
        elif type(n) is N.Let and n.name == name:
            return False
        if sel is None:
            continue
        found = True
        noun = sel.noun
        k = _sel_kinds(g, sel)
        if k:
            out.update(k)
        elif isinstance(noun, N.Name) and noun.kind in ("spacekind", "zone", "faction", "card", "suit") \
                or (isinstance(noun, N.Name) and noun.kind == "builtin" and noun.ids[0] in ("card", "faction", "space")):
            continue
        else:
            return False
    if not found:
        return False
    return out or None


def _sel_kinds(g, sel):
    """The piece kinds a selection of pieces may select (filters and owners only narrow it);
    None when the noun is not a piece kind or a category of pieces."""
    noun = sel.noun
    if not isinstance(noun, N.Name):
        return None
    pk = g.piece_kinds
    if noun.kind == "piece":
        if not all(i in pk for i in noun.ids):
            return None
        return frozenset(noun.ids)
    if noun.kind == "category":
        return frozenset(k for k, p in pk.items() if p.category in noun.ids) or None
    return None


def object_kinds(g, tree, parts) -> tuple:
    """The piece kinds the selections, variables and piece names in `parts` (a verb's object
    and arguments) may be: (kinds, whether a generic `peças` hides them, whether a variable
    not bound by a selection of the rule `tree` does). Shared by the proofs (the kinds a
    creating verb may bring into being) and the Rootlog report (the kinds an action acts on,
    rulesdsl/rootlog/why_index.py)."""
    kinds, generic, unbound = set(), False, False
    for part in parts:
        if not isinstance(part, N.Node):
            continue
        for x in part.walk():
            if type(x) is N.Sel:
                k = _sel_kinds(g, x)
                if k:
                    kinds.update(k)
                elif isinstance(x.noun, N.Name) and x.noun.kind == "builtin" and x.noun.ids == ("piece",):
                    generic = True
            elif type(x) is N.Var:
                k = _var_kinds(g, tree, x.name)
                if k is False:
                    unbound = True
                elif k:
                    kinds.update(k)
            elif type(x) is N.Name and x.kind in ("piece", "category"):
                kinds.update(_name_kinds(g, x))
    return kinds, generic, unbound
