"""A ruleset compiled for play: every table the interpreter looks things up in, built once.

Nothing here names a game: piece kinds, categories, spaces, zones, counters, cards, actions
and hooks are whatever the ruleset declares. Compilation of expressions happens here too
(through rulesdsl.compiler), so every rule is checked before the first game starts.
"""
from __future__ import annotations

from typing import NamedTuple

from ..compiler import CC
from ..errors import Diagnostics
from .. import compiler as _compiler
from . import card_scope as _cards
from .runtime import Failure, StopAction
from .flow import Action as _ActionFrame
from . import rule as _rule
from . import priorities as _priorities
from . import small_forms as _small
from . import hirelings as _hirelings
from . import proofs as _proofs
from . import derived_spec as _spec


def _bool(v, default=False):
    if v is None:
        return default
    if isinstance(v, bool):
        return v
    from ..errors import fold
    return fold(str(v)) in ("sim", "si", "true", "yes", "verdadeiro", "verdadero")


class PieceKind:
    __slots__ = ("id", "owner", "category", "count", "rules", "occupies", "hit_order", "tracks",
                 "attrs", "tags", "names", "removable", "removable_in")

    def __init__(self, ident, owner, category, count, rules, occupies, hit_order, tracks, attrs, tags):
        self.id = ident
        self.owner = owner
        self.category = category
        self.count = count
        self.rules = rules
        self.occupies = occupies
        self.hit_order = hit_order
        self.tracks = tracks
        self.attrs = attrs
        self.tags = tags
        self.removable = True     # `removível: não`: never leaves the map (no rule removes it)
        self.removable_in = None  # `removível_em: [ações]`: only while one of them is performed


class CardDef:
    __slots__ = ("id", "attrs", "tags", "copies", "effect", "owner", "law")

    def __init__(self, ident, attrs, tags, copies, effect=None, owner=None, law=None):
        self.id = ident
        self.attrs = attrs
        self.tags = tags
        self.copies = copies
        self.effect = effect
        self.owner = owner
        self.law = law


class MapDef:
    """The printed map (and, built by interpreter/board.py, the map as a game changed it)."""

    apart_by_kind = None        # kind (None: any) -> faction spaces selections leave out
    piece_edges = {}            # edge kind -> (space, piece kinds): edges the pieces make
    card_adjacency = ()         # [(card, edge kinds, {faction: piece kinds})]: `adjacências:`
    grid = None                 # "hex" (axial q, r) | "square" (column, row) | None
    coords = {}                 # space -> grid coordinates (`coordenadas:`)
    brought = {}                # space -> the faction that brings it (`espaços:`, board.py)
    path_kinds = frozenset()    # edge kinds whose edges hold pieces (`peças: sim`, N18)
    paths = {}                  # path space -> (a, b): the edges that are spaces (board.py)
    positions = {}              # space -> (x, y): drawing coordinates (`posições:`), not rules
    edge_cycle = ()             # the spaces of `borda_do_mapa:`, in order around the map

    def __init__(self, ident, spaces: dict, kinds: dict, edges: dict, adjacency_kinds: set,
                 conditional_kinds: dict | None = None):
        self.id = ident
        self.edges = edges                        # edge kind -> [(a, b)]
        self.adjacency_kinds = frozenset(adjacency_kinds)
        # edge kind -> condition: adjacency for the factions for which it holds (`adjacência_se`)
        self.conditional_kinds = conditional_kinds or {}
        self.conditional_reads = None
        self.conditional_kind_reads = {}          # edge kind -> parts its condition reads
        self.start_pieces = {}
        self._linked = {}
        self.space_ids = list(spaces)
        self.all_space_ids = self.space_ids     # where pieces may be (+ seated factions' spaces)
        self.attrs = spaces                       # space -> {attr: value}
        self.by_kind: dict[str, list] = {}
        for sid, k in kinds.items():
            self.by_kind.setdefault(k, []).append(sid)
        self.kind_of = kinds
        self.neighbors: dict[str, set] = {s: set() for s in spaces}
        self.edges_by_kind: dict[str, set] = {}
        for ek, pairs in edges.items():
            es = self.edges_by_kind.setdefault(ek, set())
            for a, b in pairs:
                es.add((a, b))
                es.add((b, a))
                if ek in adjacency_kinds and a in self.neighbors and b in self.neighbors:
                    self.neighbors[a].add(b)
                    self.neighbors[b].add(a)
        # only same-kind neighbours count for "adjacent" between spaces of one kind
        self.adj_same = {s: {t for t in ns if kinds.get(t) == kinds.get(s)} for s, ns in self.neighbors.items()}

    def attr(self, space, attr):
        a = self.attrs.get(space)
        return a.get(attr) if a else None

    def linked_by(self, kind) -> dict:
        """{space: spaces joined to it by an edge of `kind`} (adjacency or not)."""
        got = self._linked.get(kind)
        if got is None:
            got = {}
            for a, b in self.edges.get(kind, ()):
                got.setdefault(a, set()).add(b)
                got.setdefault(b, set()).add(a)
            self._linked[kind] = got
        return got

    def adjacent(self, a, b) -> bool:
        """Spaces of one kind are adjacent through same-kind edges only (2.2.1: clearings by
        paths, forests by forest edges); a space and one of another kind (a forest and a
        clearing) through the edges between them."""
        if self.kind_of.get(a) == self.kind_of.get(b):
            return b in self.adj_same.get(a, ())
        return b in self.neighbors.get(a, ())

    def components(self, ctx, via_sel) -> dict:
        """{space: the spaces reachable from it through spaces `via_sel` selects} for every
        space `via_sel` selects, all at once ("conectadas a X" asks it for each X in turn)."""
        allowed = set(via_sel.items(ctx))
        adj = self.adj_same
        out = {}
        for start in allowed:
            if start in out:
                continue
            seen = {start}
            stack = [start]
            while stack:
                x = stack.pop()
                for y in adj.get(x, ()):
                    if y in allowed and y not in seen:
                        seen.add(y)
                        stack.append(y)
            for x in seen:
                out[x] = seen
        return out


class Action:
    """A named action: its effect, when it may be taken, what it costs the action budget."""

    def __init__(self, g, ident, owner, law, free, limit, params, names):
        self.g = g
        self.id = ident
        self.owner = owner
        self.law = law
        self.free = free
        self.limit = limit
        self.params = params      # param name -> variable
        self.names = names
        self.run = None
        self.requires = None
        self.card = None          # a card's own action: the card's id (its owner's, in play)
        self.limit_by = None      # `limite_por_turno: {quantidade, por}`: the parameter's name
        self.card_any = False     # ... offered to any player while someone has the card in play
        self.window = None        # `disponível`: (phases, who)
        self.crafts = None        # `cria: K`: the variable holding the card it crafts (N7)
        self.hireling = None      # `quem: controlador`: the hireling that performs it (E.2.4)
        self.until_draw = None    # `até_comprar: F`: closed in phase F once the turn's rules drew
        self.only_req = False     # none of the four above: only `requer:` (compile_actions)

    def enabled(self, ctx, args=None) -> bool:
        if self.only_req and not _compiler.memo.CHECK_MEMO:
            # the common case in one test instead of five (≈ 3 asks per decision)
            req = self.requires
            return True if req is None else bool(req(ctx))
        if self.hireling is not None:
            # offered to the hireling's controller, performed by the hireling (hirelings.py)
            h = self.hireling
            if h not in ctx.s.hired or ctx.s.flags.get((_hirelings.CTL, h)) != ctx.me:
                return False
            ctx = ctx.child(me=h)
        if self.until_draw is not None and ctx.s.marks.get(("drew", ctx.me, self.until_draw)):
            return False        # "antes de comprar no Anoitecer" (a window's `até_comprar:`)
        if self.card is not None:
            # a card's action: its owner's while the card is in play (`quem: dono da carta`),
            # or anyone's while someone has it in play (`quem: qualquer jogador`)
            if not (_cards.owners_in_play(ctx, self.card) if self.card_any
                    else _cards.in_play_for(ctx, ctx.me, self.card)):
                return False
        if self.limit is not None:
            if self.limit_by is None:
                if ctx.s.marks.get(("limit", ctx.me, self.id), 0) >= self.limit:
                    return False
            elif args and self.limit_by in args:
                # a limit per value of a parameter: known when the caller gives the value
                if ctx.s.marks.get(("limit", ctx.me, self.id, args[self.limit_by]), 0) >= self.limit:
                    return False
        if self.requires is not None:
            # a requirement binds its variables only while it looks (selections and derived
            # values put back what they bound), so the caller's variables need no copy;
            # RULESDSL_CHECK_MEMO=1 checks that
            if _compiler.memo.CHECK_MEMO:
                saved = dict(ctx.env)
                ok = bool(self.requires(ctx))
                if ctx.env != saved:
                    raise AssertionError(f"requirement of {self.id} changed the variables")
                return ok
            return bool(self.requires(ctx))
        return True

    def perform(self, ctx, args):
        if self.hireling is not None and ctx.me != self.hireling:
            ctx = ctx.child(me=self.hireling)
        c = ctx.child(env={})
        c.law = self.law
        for k, v in args.items():
            var = self.params.get(k)
            if var:
                c.env[var] = v
        for var in self.params.values():
            c.env.setdefault(var, None)
        if self.limit is not None:
            if self.limit_by is None:
                key = ("limit", ctx.me, self.id)
            else:
                # once per value of the parameter: a value already used this turn fails the
                # action (undone, as any action that cannot be completed)
                key = ("limit", ctx.me, self.id, c.env.get(self.params[self.limit_by]))
                if ctx.s.marks.get(key, 0) >= self.limit:
                    raise Failure("limit", self.law)
            ctx.s.set_mark(key, ctx.s.marks.get(key, 0) + 1)
        c.env["__action"] = self.id
        acts = ctx.env.get("__acts", ())
        c.env["__acts"] = acts + (self.id,)
        ctx.engine.log_event("action", ctx.me, action=self.id)
        # `ação realizada`: its hooks fire once the action is done (not if it fails)
        done = (ctx, {"event": "action_done", "by": ctx.me, "owner": ctx.me, "action": self.id,
                      "acts": (self.id,)}) if self.g.triggers.get("action_done") else None
        if self.crafts is not None and self.g.triggers.get("craft"):
            # `cria: K` (N7): once the action is done, the event `criação` with the card in K
            # (read then: the effect chose it), before `ação realizada`
            done = _CraftDone(ctx, c, self.crafts, self.id, done)
        try:
            r = self.run(c)
        except StopAction:
            r = None
        if r is None:
            return None if done is None else _after_action(done)
        return (_ActionFrame(done), r)


class _CraftDone(tuple):
    """The events of a crafting action once done: `criação` {card, by}, then the action's own
    `ação realizada` (when some hook listens). Built when the action ends, from the card its
    variable holds."""
    def __new__(cls, ctx, c, var, aid, then):
        return tuple.__new__(cls, (ctx, c, var, aid, then))

    def events(self):
        ctx, c, var, aid, then = self
        card = c.env.get(var)
        out = []
        if card is not None:
            cd = ctx.g.cards.get(ctx.s.card_defs[card]) if isinstance(card, int) else None
            out.append((ctx, {"event": "craft", "card": card, "by": ctx.me, "owner": ctx.me,
                              "item": None if cd is None else cd.attrs.get("item"),
                              "acts": (aid,)}))
        if then is not None:
            out.append(then)
        return out

    def copy_with(self, cp):
        ctx, c, var, aid, then = self
        return _CraftDone(cp.ctx(ctx), cp.ctx(c), var, aid,
                          None if then is None else (cp.ctx(then[0]), dict(then[1])))


def _after_action(done):
    from .hooks import fire
    from .machine import begin, run_calls  # noqa: F401
    if isinstance(done, _CraftDone):
        return run_calls([(fire, e) for e in done.events()])
    f = fire(*done)
    return None if f is None else begin(f)


class Hook:
    __slots__ = ("interactive", "tree", "kind", "owner", "event", "pieces", "owner_rel", "by_rel", "cause", "not_cause", "binds", "tag", "phase",
                 "condition", "run", "law", "optional", "value", "add", "set", "tie_break", "id",
                 "cond_tree", "card", "step", "roles", "priority", "dest", "turn_rule",
                 "hireling_only")

    def __init__(self, kind, owner, law):
        self.kind = kind
        self.owner = owner
        self.law = law
        self.tree = None
        self.interactive = False
        self.event = None
        self.pieces = None
        self.owner_rel = None
        self.by_rel = None
        self.cause = None
        self.not_cause = None
        self.tag = None
        self.phase = None
        self.binds = {}
        self.condition = None
        self.run = None
        self.optional = False
        self.value = None
        self.add = None
        self.set = None
        self.tie_break = None
        self.id = None
        self.cond_tree = None     # the condition's expression (what it reads, for memo keys)
        self.card = None          # a card's own hook: active while the card is in a play area
        self.step = None          # `etapa:` of a step event (an action's declared step)
        self.roles = None         # {role: "mine" | "enemy"} of a step event (`atacante: você`)
        self.priority = 0         # replacements: the higher first (`prioridade:`)
        self.dest = None          # a removal's replacement: the piece zone the pieces go to
        self.turn_rule = None     # `do_turno:` (N9): only events the turn's own rules make (or not)
        self.hireling_only = False  # `só_do_capanga:` (App. E): not also its controller's


class Derived:
    def __init__(self, g, ident, owner, param_var, vtype):
        self.g = g
        self.id = ident
        self.owner = owner
        self.param = param_var
        self.base = None
        self.vtype = vtype
        self.mods: list[Hook] = []
        self.context: list = []
        self.trees: list = []      # its base's and its modifiers' expressions (what it reads)
        self.card_mods = False     # some modifier is a card's (N5): the value reads the cards
        self._memo = {}            # None: switched off (its hits too rare to pay for the keys)
        self._looks = 0            # look-ups and hits of the memo, for its trial
        self._hits = 0
        self._keyf = None
        # the modifiers that may apply in one game: (card instances, their number, hirelings,
        # seats, the modifiers, the game's proofs)
        self._live = None
        # the value in one game with no modifier left: (card instances, hirelings in play, their
        # number, whether the base is a constant, the constant) — derived_spec.py
        self._spec = None
        self.const_base = None     # (n,): the base is the number n (`base: 1`)

    def eval(self, ctx, arg, fresh=False):
        """The value of argument `arg` for the context `ctx` (fresh: not from its memo)."""
        sp = self._spec
        if sp is not None:
            s = ctx.s
            if sp[0] is s.card_defs and sp[1] is s.hired and sp[2] == len(sp[0]):
                # no modifier can apply in this game: the value is its base (derived_spec.py)
                if sp[3]:
                    v = sp[4]
                else:
                    param = self.param
                    if param:
                        env = ctx.env
                        saved = env.get(param, _NONE)
                        env[param] = arg
                        v = self.base(ctx)
                        if saved is _NONE:
                            env.pop(param, None)
                        else:
                            env[param] = saved
                    else:
                        v = self.base(ctx)
                if _spec.CHECK[0]:
                    _spec.check(self, ctx, arg, v)
                return v
        if self._memo is not None and not fresh:
            return self._memoized(ctx, arg)
        if self.mods:
            live = self._live
            s = ctx.s
            # (_live_mods' first test, here: most values are asked in a game already set up)
            if live is not None and live[0] is s.card_defs and live[2] is s.hired and \
                    live[5] is not None and live[1] == len(live[0]):
                mods = live[4]
            else:
                mods = self._live_mods(s)
        else:
            mods = ()
        param = self.param
        if param:
            env = ctx.env
            saved = env.get(param, _NONE)
            env[param] = arg
            v = self.base(ctx) if self.base else 0
            if mods:
                v = self._modify(ctx, arg, env, mods, v)
            # the caller's variable of the same name, as it was
            if saved is _NONE:
                env.pop(param, None)
            else:
                env[param] = saved
            return v
        v = self.base(ctx) if self.base else 0
        if mods:
            v = self._modify(ctx, arg, ctx.env, mods, v)
        return v

    def _memoized(self, ctx, arg):
        """The value, memoized by the versions of the parts of the state it reads, the acting
        faction, the argument and the caller's variables it may read (its `contexto:` and
        those of the derived values it names). Like the expressions' memo tables
        (compiler/memo.py), the table is kept only if it hits: a value asked about a new
        state or a new clearing each time costs its key and gains nothing (most of them:
        docs/desempenho.md, "Valores derivados e eventos"); `eval` then asks no key."""
        memo = self._memo
        kf = self._keyf
        if kf is None:
            kf = self._keyf = self.g.derived_key_fn(self)
        try:
            key = (kf(ctx), arg)
            v = memo.get(key, _NONE)
        except TypeError:           # a list as argument or in a variable: not hashable
            return self.eval(ctx, arg, True)
        n = self._looks = self._looks + 1
        if v is not _NONE:
            self._hits += 1
            if _compiler.memo.CHECK_MEMO:
                _compiler._check_memo(self.id, v, self.eval(ctx, arg, True))
            return v
        if n == _compiler.memo.MEMO_TRIAL and self._hits * _DERIVED_MIN_HITS < n \
                and not _compiler.memo.CHECK_MEMO:
            self._memo = None
            memo.clear()
            self._live = None        # worked out again: the value may now be specialised
            return self.eval(ctx, arg, True)
        if len(memo) > 1024:
            memo.clear()
        v = memo[key] = self.eval(ctx, arg, True)
        return v

    def _eval(self, ctx, arg):
        """The value computed afresh (not from the memo)."""
        return self.eval(ctx, arg, True)

    def _modify(self, ctx, arg, env, mods, v):
        """The value `v` through the modifiers that may apply in this game, in order."""
        for m in mods:
            if m.card is not None:
                if ctx.s.gate_on:
                    v = self._card_mod(ctx, m, arg, env, v)
                continue
            # a faction's modifier changes the value for that faction only ("sua facção")
            if m.owner is not None and m.owner != ctx.me:
                # ... or for a party the value is computed about: the faction the value is of
                # ("PV por remover em batalha de D", its parameter), or one named in its
                # `contexto:` (a battle's attacker AT and defender D; the condition says which)
                if not (self.param and arg == m.owner) and \
                        m.owner not in map(env.get, self.context) and \
                        not (ctx.s.hired and not m.hireling_only and
                             self._for_controller(ctx, m.owner, arg, env)):
                    continue
            v = _apply_mod(ctx if m.owner is None else _as(ctx, m.owner), m, v)
        return v

    def _live_mods(self, s) -> list:
        """The modifiers that may apply in the game of state `s`: a faction's only while it is
        seated or a hireling in play. (A faction that is neither never acts, is no party to a
        battle and is no value of a parameter or a variable: its modifiers never hold.)"""
        live = self._live
        defs = s.card_defs
        if live is not None and live[0] is defs and live[2] is s.hired:
            if live[5] is not None and live[1] == len(defs):
                # the game is set up (its facts proved): its seats are fixed, and a hireling
                # that comes into play makes a new tuple (`hired`, compared above)
                return live[4]
            if live[3] == s.seats and (live[5] is not None or _proofs.facts(self.g, s) is None):
                return live[4]
        mods = self.present_mods(s)
        # ... and, once the game is set up, not those whose condition can never hold in it
        # (interpreter/proofs.py: a counter no rule of the game changes, a piece kind no rule
        # of the game creates, a player it does not seat); kept per game (its card instances)
        facts = _proofs.facts(self.g, s)
        if facts is not None and facts.dead_mods:
            mods = [m for m in mods if id(m) not in facts.dead_mods]
        self._live = (defs, len(defs), s.hired, list(s.seats), mods, facts)
        self._spec = _spec.spec_for(self, s, mods, facts)
        return mods

    def present_mods(self, s) -> list:
        """Its modifiers that are a card's, nobody's, or a faction's seated or a hireling in
        play in the game of state `s` (the cut before the proofs': _live_mods, derived_spec)."""
        present = set(s.seats).union(s.hired)
        return [m for m in self.mods if m.card is not None or m.owner is None or m.owner in present]

    def _for_controller(self, ctx, owner, arg, env) -> bool:
        """A hireling's modifier also holds for its controller ("CONTROLADOR:", E.2): when the
        controller acts, or the value is about it (hirelings.py)."""
        c = ctx.s.flags.get((_hirelings.CTL, owner))
        if c is None:
            return False
        return c == ctx.me or (self.param and arg == c) or c in map(env.get, self.context)

    def _card_mod(self, ctx, m, arg, env, v):
        """A card's modifier (N5): for each player with the card in a play area, who is its
        'você', as a faction's modifier of that player (when it acts, or when the value is
        about it: its parameter or a faction of its `contexto:`)."""
        for f in _cards.owners_in_play(ctx, m.card):
            if f != ctx.me and not (self.param and arg == f) and \
                    f not in map(env.get, self.context):
                continue
            v = _apply_mod(_as(ctx, f), m, v)
        return v


_NONE = object()

# A derived value's memo is kept after its trial (compiler.memo.MEMO_TRIAL look-ups) only if at
# least 1 look-up in _DERIVED_MIN_HITS hit. Stricter than the expressions' tables (1 in 5): a
# derived value's key is longer (the versions its modifiers read, its `contexto:`) and most
# bases are a look or two. Measured in instructions, 2 games: 1 in 2 < 1 in 3 = 1 in 5 = never
# kept < always kept (docs/desempenho.md, "Valores derivados e eventos").
_DERIVED_MIN_HITS = 2



def _apply_mod(c, m, v):
    """One modifier `m` seen from context `c`: its condition, then `defina`/`some` on value v."""
    if m.condition is not None and not m.condition(c):
        return v
    if m.set is not None:
        v = m.set(c)
    if m.add is not None:
        v = (v or 0) + (m.add(c) or 0)
    return v

def _as(ctx, faction):
    """The same context, seen from another faction (a modifier's owner is 'você')."""
    if ctx.me == faction:
        return ctx
    c = ctx.child(me=faction, env=ctx.env)
    return c


class Faction:
    def __init__(self, ident):
        self.id = ident
        self.setup = []
        self.setups: dict[str, list] = {}      # the game's setup id -> this faction's rules for it
        self.turn: dict[str, list] = {}
        self.actions: list[str] = []
        self.menu: list[str] = []
        self.setup_letter = None
        self.barred: frozenset = frozenset()   # window actions it does not take (`ações_proibidas`)


# ---------------------------------------------------------------------------------------------

class DeckPiles(NamedTuple):
    """The zones of a deck named in data: drawn from, discarded to, drawn into, and whether
    an empty draw pile takes the shuffled discard pile."""
    draw: str
    discard: str | None
    hand: str | None
    reshuffle: bool


# GameDef is built in stages, one module each (as a compiler's passes): the tables read from
# the data (gamedef_tables.py), zones (gamedef_zones.py) and maps (gamedef_maps.py); then every
# rule compiled (gamedef_compile.py, with gamedef_actions.py and gamedef_hooks.py) and checked
# (gamedef_checks.py). What play asks of it lives in the mixins StateKeys (gamedef_zones.py)
# and Lookups (gamedef_lookups.py). Those modules import this one's small classes: they are
# defined above, so either may be imported first.
from . import gamedef_compile as _compile          # noqa: E402
from . import gamedef_maps as _maps                # noqa: E402
from . import gamedef_tables as _tables            # noqa: E402
from . import gamedef_zones as _zones              # noqa: E402
from .gamedef_lookups import Lookups               # noqa: E402
from .gamedef_zones import StateKeys               # noqa: E402


class GameDef(StateKeys, Lookups):
    """Everything a game of this ruleset needs, compiled."""

    pays_with_piece = frozenset()    # `paga_com: peça` factions (N7), set by _payment_sources

    def __init__(self, rs, diags: Diagnostics | None = None, checks: bool = True):
        """`checks=False`: skip the checks that only add warnings (gamedef_checks.py), for a
        model whose warnings are already known (read from the compiled-ruleset cache)."""
        self.rs = rs
        self._run_checks = checks
        self.diags = Diagnostics(rs.lang) if diags is None else diags
        d = rs.data
        game = d.get("game") or {}
        self.game = game
        self.lang = rs.lang
        _tables.read_game(self, game)
        _tables.read_types(self, d)
        _tables.read_pieces(self, d)
        # who rules a space: `governo:` (or the categories' `governa:`), interpreter/rule.py
        self.rule = _rule.build(self, d, self.diags)
        _zones.read_zones(self, d, game)
        _tables.read_counters(self, d)
        # N18: the player zones a faction shows to everybody (`zonas_públicas:`)
        self.public_zones = _small.public_zones(self, d)
        _tables.read_statuses(self, d)
        self.copy_of = {fid: str(f["copy_of"]) for fid, f in (d.get("factions") or {}).items()
                        if f.get("copy_of") is not None}
        _hirelings.read(self, d)        # App. E: factions without a seat (hirelings.py)
        _tables.read_cards(self, d)
        _tables.read_dice(self, d)
        _maps.read_maps(self, d)
        _zones.read_limits(self)
        _tables.read_sides(self)
        _compile.compile_all(self)
        _rule.finish(self)
        _priorities.build(self, d)

    def _cc(self, expr_owner, law=None, lang=None):
        """A compile context for an expression of `expr_owner` (None: the game's)."""
        return CC(self, self.diags, lang or self.lang, expr_owner, law)

    @staticmethod
    def _all_cards(d):
        """(path, card) for every card of the decks and of the factions."""
        out = []
        for did, deck in (d.get("decks") or {}).items():
            for i, c in enumerate(deck.get("cards") or []):
                out.append((("decks", did, "cards", i), c))
        for fid, fac in (d.get("factions") or {}).items():
            for i, c in enumerate(fac.get("cards") or []):
                out.append((("factions", fid, "cards", i), c))
        return [(p, c) for p, c in out if isinstance(c, dict) and c.get("id")]
