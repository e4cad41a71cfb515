"""A ruleset compiled for play: every table the interpreter looks things up in, built once.

Nothing here names a game: piece kinds, categories, spaces, zones, counters, cards, actions
and hooks are whatever the ruleset declares. Compilation of expressions happens here too
(through rulesdsl.compiler), so every rule is checked before the first game starts.
"""
from __future__ import annotations

from typing import NamedTuple

from ..compiler import (CC, CompileError, compile_block, compile_expr, PieceSel,
                        compile_sel, SPACE, NUMBER, ANY, FACTION, CARD, PIECE)
from ..errors import Diagnostics, Pos
from .. import compiler as _compiler
from ..ytypes import pos_of
from . import card_scope as _cards
from ..lexicon import get as _lexicon
from .. import nodes as N
from .runtime import Failure, StopAction, PASS, Decision, matches, ruler
from .flow import Action as _ActionFrame
from . import board as _board
from . import rule as _rule
from . import priorities as _priorities
from .ending import compile_ending
from . import small_forms as _small
from . import hirelings as _hirelings
from . import menu_index as _menu_index
from . import proofs as _proofs


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

    def enabled(self, ctx, args=None) -> bool:
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
        self._memo = {}
        self._keyf = None
        self._live = None          # (seats, hirelings, card instances, proofs) -> the modifiers that may apply

    def eval(self, ctx, arg):
        """The value, memoized by the versions of the parts of the state it reads, the acting
        faction, the argument and the caller's variables it may read (its `contexto:` and
        those of the derived values it names)."""
        kf = self._keyf
        if kf is None:
            kf = self._keyf = self.g.derived_key_fn(self)
        memo = self._memo
        try:
            key = (kf(ctx), arg)
            v = memo[key]
        except KeyError:
            pass
        except TypeError:           # a list as argument or in a variable: not hashable
            return self._eval(ctx, arg)
        else:
            if _compiler.memo.CHECK_MEMO:
                _compiler._check_memo(self.id, v, self._eval(ctx, arg))
            return v
        if len(memo) > 1024:
            memo.clear()
        v = memo[key] = self._eval(ctx, arg)
        return v

    def _eval(self, ctx, arg):
        env = ctx.env
        if self.param:
            saved = env.get(self.param, _NONE)
            env[self.param] = arg
        v = self.base(ctx) if self.base else 0
        for m in (self._live_mods(ctx.s) if self.mods else ()):
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
                        all(env.get(v) != m.owner for v in self.context) and \
                        not (ctx.s.hired and not m.hireling_only and
                             self._for_controller(ctx, m.owner, arg, env)):
                    continue
            v = _apply_mod(ctx if m.owner is None else _as(ctx, m.owner), m, v)
        if self.param:
            if saved is _NONE:
                env.pop(self.param, None)
            else:
                env[self.param] = saved
        return v


    def _live_mods(self, s) -> list:
        """The modifiers that may apply in the game of state `s`: a faction's only while it is
        seated or a hireling in play. (A faction that is neither never acts, is no party to a
        battle and is no value of a parameter or a variable: its modifiers never hold.)"""
        key = (tuple(s.seats), s.hired)
        live = self._live
        if live is not None and live[0] == key and live[2] is s.card_defs and \
                (live[3] is not None or _proofs.facts(self.g, s) is None):
            return live[1]
        present = set(key[0]).union(s.hired)
        mods = [m for m in self.mods if m.card is not None or m.owner is None or m.owner in present]
        # ... and, once the game is set up, not those whose condition can never hold in it
        # (interpreter/proofs.py: a counter no rule of the game changes, a piece kind no rule
        # of the game creates, a player it does not seat); kept per game (its card instances)
        facts = _proofs.facts(self.g, s)
        if facts is not None and facts.dead_mods:
            mods = [m for m in mods if id(m) not in facts.dead_mods]
        self._live = (key, mods, s.card_defs, facts)
        return mods

    def _for_controller(self, ctx, owner, arg, env) -> bool:
        """A hireling's modifier also holds for its controller ("CONTROLADOR:", E.2): when the
        controller acts, or the value is about it (hirelings.py)."""
        c = ctx.s.flags.get((_hirelings.CTL, owner))
        if c is None:
            return False
        return c == ctx.me or (self.param and arg == c) or any(env.get(x) == c for x in self.context)

    def _card_mod(self, ctx, m, arg, env, v):
        """A card's modifier (N5): for each player with the card in a play area, who is its
        'você', as a faction's modifier of that player (when it acts, or when the value is
        about it: its parameter or a faction of its `contexto:`)."""
        for f in _cards.owners_in_play(ctx, m.card):
            if f != ctx.me and not (self.param and arg == f) and \
                    all(env.get(x) != f for x in self.context):
                continue
            v = _apply_mod(_as(ctx, f), m, v)
        return v


_NONE = object()



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


class GameDef:
    """Everything a game of this ruleset needs, compiled."""

    pays_with_piece = frozenset()    # `paga_com: peça` factions (N7), set by _payment_sources

    def __init__(self, rs, diags: Diagnostics | None = None):
        self.rs = rs
        self.diags = Diagnostics(rs.lang) if diags is None else diags
        d = rs.data
        game = d.get("game") or {}
        self.game = game
        self.lang = rs.lang
        self.score = game.get("score")
        self.victory_score = game.get("victory_score")
        self.round_limit = game.get("round_limit") or 100
        self.turn_phases = [str(p) for p in (game.get("turn") or [])]
        self.default_map = game.get("map")
        self.default_deck = game.get("deck")
        # a list inside the order: those factions set up in a random order among themselves
        # (two copies of one faction, 9.7.1); `setup_groups` keeps those lists
        self.setup_order, self.setup_groups = [], []
        for x in (game.get("setup_order") or []):
            if isinstance(x, list):
                self.setup_groups.append([str(y) for y in x])
                self.setup_order.extend(str(y) for y in x)
            else:
                self.setup_order.append(str(x))
        self.players = game.get("players") or {}
        # `origens_dos_movimentos: {dura: turno}`: the state keeps where each piece began its
        # current move (State.origins), cleared as each turn ends
        self.move_origins = isinstance(game.get("move_origins"), dict)
        self.wild = set()
        self.enums: dict[str, list] = {}
        self.enumval_attrs: dict[str, dict] = {}
        for eid, e in (d.get("enums") or {}).items():
            vals = []
            for vid, v in (e.get("values") or {}).items():
                vals.append(vid)
                if _bool(v.get("wild")):
                    self.wild.add(vid)
                self.enumval_attrs[vid] = {k: x for k, x in v.items() if k not in ("name", "wild")}
            self.enums[eid] = vals
        self.attr_types: dict[str, str] = {}
        for sk in (d.get("space_kinds") or {}).values():
            for aid, a in (sk.get("attributes") or {}).items():
                self.attr_types[aid] = str(a.get("type", "")) if isinstance(a, dict) else ""
        self.card_attr_defaults = {}
        for aid, a in (d.get("card_attributes") or {}).items():
            self.attr_types.setdefault(aid, str(a.get("type", "")))
            if "default" in a:
                self.card_attr_defaults[aid] = a["default"]
        wild_enum = next((eid for eid, vals in self.enums.items() if any(v in self.wild for v in vals)), None)
        self.space_enum_attr = next((aid for sk in (d.get("space_kinds") or {}).values()
                                     for aid, a in (sk.get("attributes") or {}).items()
                                     if str(a.get("type")) == wild_enum), None)
        self.card_enum_attr = next((aid for aid, a in (d.get("card_attributes") or {}).items()
                                    if str(a.get("type")) == wild_enum), None)
        self.categories = d.get("piece_categories") or {}
        self.piece_kinds: dict[str, PieceKind] = {}
        for pid, p in (d.get("neutral_pieces") or {}).items():
            self._piece(pid, None, p)
        self.factions: dict[str, Faction] = {}
        for fid, fac in (d.get("factions") or {}).items():
            self.factions[fid] = Faction(fid)
            for pid, p in (fac.get("pieces") or {}).items():
                self._piece(f"{fid}.{pid}", fid, p)
        self.kinds_of_owner: dict = {}
        for k, p in self.piece_kinds.items():
            self.kinds_of_owner.setdefault(p.owner, []).append(k)
        # who rules a space: `governo:` (or the categories' `governa:`), interpreter/rule.py
        self.rule = _rule.build(self, d, self.diags)
        # zones and counters
        self.global_zones = dict(d.get("zones") or {})
        self.player_zones = dict(d.get("player_zones") or {})
        self.faction_zones = {fid: dict(f.get("zones") or {}) for fid, f in (d.get("factions") or {}).items()}
        # the game's deck without named piles: its zones are guessed only where the guess is the
        # one possible (one hidden player card zone, one hidden global card zone, one other
        # card zone or the draw pile's `reabastece_de:`); several candidates are an error (M101)
        hidden_hands = [z for z, zd in self.player_zones.items() if _bool(zd.get("hidden"))
                        and str(zd.get("content", "cards")) not in ("peças", "piezas", "pieces")]
        card_zones = [z for z, zd in self.global_zones.items()
                      if str(zd.get("content", "cards")) not in ("peças", "piezas", "pieces")]
        hidden_draws = [z for z in card_zones if _bool(self.global_zones[z].get("hidden"))]
        self.hand_zone = hidden_hands[0] if hidden_hands else None
        self.draw_zone = hidden_draws[0] if hidden_draws else (card_zones[0] if card_zones else None)
        refill = self.global_zones.get(self.draw_zone, {}).get("refill_from") if self.draw_zone else None
        discards = [str(refill)] if refill else [z for z in card_zones if z != self.draw_zone]
        self.discard_zone = discards[0] if discards else None
        guesses = (("draw_pile", hidden_draws if hidden_draws else card_zones),
                   ("discard_pile", discards), ("hand", hidden_hands))
        # a deck that names its piles (`pilha_de_compra:`, `pilha_de_descarte:`, `mão:`,
        # `reembaralha:`) says where it is drawn from and discarded to instead of the guess
        # above; such a deck other than the game's deck is in play beside it (decks.py)
        self.deck_piles: dict = {}
        for did, deck in (d.get("decks") or {}).items():
            if deck.get("draw_pile") is not None:
                self.deck_piles[did] = DeckPiles(str(deck["draw_pile"]),
                                                 None if deck.get("discard_pile") is None else str(deck["discard_pile"]),
                                                 None if deck.get("hand") is None else str(deck["hand"]),
                                                 _bool(deck.get("reshuffle"), True))
            # `publicado: não`: cards written for the ruleset, not the publisher's (M170)
            if deck.get("published") is not None and not _bool(deck.get("published"), True):
                self.diags.add("M170", pos_of(deck, "published"), getattr(deck, "_lang", None) or self.lang,
                               severity="warning", name=self.rs.name("deck", str(did), self.lang))
        main = self.deck_piles.get(str(self.default_deck)) if self.default_deck is not None else None
        if main is not None:
            self.draw_zone = main.draw
            self.discard_zone = main.discard
            self.hand_zone = main.hand or self.hand_zone
        elif self.default_deck is not None:
            self._check_guessed_piles(game, guesses)
        self.card_zone: dict[str, str] = {}
        self.counters = dict(d.get("counters") or {})
        self.faction_counters = {fid: dict(f.get("counters") or {}) for fid, f in (d.get("factions") or {}).items()}
        self.pair_counters = {f"{fid}.{cid}" for fid, cs in self.faction_counters.items()
                              for cid, c in cs.items() if _bool(c.get("per_faction"))}
        self.pair_counters |= {cid for cid, c in self.counters.items()
                               if isinstance(c, dict) and _bool(c.get("per_faction"))}
        # hidden counters (N13, `oculto: sim`): each value seen only by its owner until revealed
        self.hidden_counters = {cid for cid, c in self.counters.items() if _bool(c.get("hidden"))}
        self.hidden_counters |= {f"{fid}.{cid}" for fid, cs in self.faction_counters.items()
                                 for cid, c in cs.items() if _bool(c.get("hidden"))}
        # N8: counters that hold an enumeration value or a faction (`tipo:`), and N18: the
        # player zones a faction shows to everybody (`zonas_públicas:`)
        self.counter_types = _small.counter_types(self, d)
        self.public_zones = _small.public_zones(self, d)
        # piece statuses: one bit each (`estados_de_peça`)
        self.statuses = {sid: 1 << i for i, sid in enumerate(d.get("piece_statuses") or {})}
        self.status_names = {b: sid for sid, b in self.statuses.items()}
        # statuses that every piece loses when a turn ends (`dura: turno`)
        self.turn_statuses = 0
        for sid, st in (d.get("piece_statuses") or {}).items():
            lasts = st.get("lasts") if isinstance(st, dict) else None
            if lasts is not None and _lexicon(getattr(st, "_lang", None) or self.lang).value_of(lasts) == "turn":
                self.turn_statuses |= self.statuses[sid]
        self.copy_of = {fid: str(f["copy_of"]) for fid, f in (d.get("factions") or {}).items()
                        if f.get("copy_of") is not None}
        _hirelings.read(self, d)        # App. E: factions without a seat (hirelings.py)
        # cards
        self.cards: dict[str, CardDef] = {}
        self.decks: dict[str, list] = {}
        for did, deck in (d.get("decks") or {}).items():
            ids = []
            for c in deck.get("cards") or []:
                cd = self._card(c, None)
                ids.append(cd.id)
            self.decks[did] = ids
        # the deck each card belongs to: its discard pile is where it goes when discarded
        self.card_deck = {cid: did for did, ids in self.decks.items() for cid in ids}
        for fid, fac in (d.get("factions") or {}).items():
            for c in fac.get("cards") or []:
                cd = self._card(c, fid)
                if c.get("zone"):
                    self.card_zone[cd.id] = str(c["zone"])
        self.dice = {k: list(v.get("faces") or []) for k, v in (d.get("dice") or {}).items()}
        self._die_faces(d)
        self.maps: dict[str, MapDef] = {}
        adjk = {k for k, v in (d.get("edge_kinds") or {}).items() if _bool(v.get("adjacency"), True)}
        # N18: edge kinds whose edges are spaces that hold pieces (`peças: sim`, board.py)
        self.path_kinds = frozenset(k for k, v in (d.get("edge_kinds") or {}).items()
                                    if _bool(v.get("pieces"), False))
        self.rs.path_kind = next((k for k in (d.get("edge_kinds") or {}) if k in self.path_kinds), None)
        # a space with no value for these attributes matches every value (`curinga_se_ausente`)
        self.absent_wild = {aid for sk in (d.get("space_kinds") or {}).values()
                            for aid, a in (sk.get("attributes") or {}).items()
                            if isinstance(a, dict) and _bool(a.get("wild_if_absent"))}
        # the spaces a faction brings to the map when seated (`espaços:`, N10; board.py)
        self.faction_spaces: dict[str, dict] = {}
        for fid, fac in (d.get("factions") or {}).items():
            for sid, sp in (fac.get("spaces") or {}).items():
                stype = str(sp.get("type"))
                attrs = {k: v for k, v in sp.items() if k not in ("type", "name", "in_selections")}
                for aid, a in ((d.get("space_kinds") or {}).get(stype, {}).get("attributes") or {}).items():
                    if aid not in attrs and "default" in a:
                        attrs[aid] = _typed(a.get("default"), a.get("type"))
                for k in list(attrs):
                    attrs[k] = _typed(attrs[k], self.attr_types.get(k))
                self.faction_spaces.setdefault(fid, {})[sid] = {
                    "kind": stype, "attrs": attrs, "counted": _bool(sp.get("in_selections"), False)}
        for mid, m in (d.get("maps") or {}).items():
            spaces, kinds = {}, {}
            for sid, sp in (m.get("spaces") or {}).items():
                attrs = {k: v for k, v in sp.items() if k not in ("type", "name")}
                stype = str(sp.get("type"))
                for aid, a in ((d.get("space_kinds") or {}).get(stype, {}).get("attributes") or {}).items():
                    if aid not in attrs and "default" in a:
                        attrs[aid] = _typed(a.get("default"), a.get("type"))
                for k in list(attrs):
                    attrs[k] = _typed(attrs[k], self.attr_types.get(k))
                spaces[sid] = attrs
                kinds[sid] = stype
            edges = {ek: [tuple(p) for p in pairs] for ek, pairs in (m.get("edges") or {}).items()}
            me = m.get("map_edge") or {}
            if me.get("attribute") is not None:
                # `borda_do_mapa`: its spaces carry the attribute it names (true)
                for sp in me.get("spaces") or ():
                    if str(sp) in spaces:
                        spaces[str(sp)][str(me["attribute"])] = True
            for fsps in self.faction_spaces.values():
                for sid, sp in fsps.items():
                    spaces[sid] = dict(sp["attrs"])
                    kinds[sid] = sp["kind"]
            paths = current = None
            if self.path_kinds:
                paths, current = _board.path_spaces(edges, self.path_kinds, {})
                for pid, ek in current.items():
                    spaces[pid] = {}
                    kinds[pid] = ek
            md = MapDef(mid, spaces, kinds, edges, adjk)
            md.brought = {sid: fid for fid, fsps in self.faction_spaces.items() for sid in fsps}
            _board.set_apart(md, {})
            if paths is not None:
                md.path_kinds = self.path_kinds
                _board.set_paths(md, paths, current)
            co = m.get("coordinates") or {}
            if co.get("grid") is not None:
                # grid coordinates (`coordenadas:`): straight lines through the grid (board.py)
                from .. import lexicon
                lang = getattr(co, "_lang", None) or getattr(m, "_lang", None) or self.lang
                md.grid = lexicon.get(lang).value_of(co["grid"]) or str(co["grid"])
                md.coords = {str(sp): (int(xy[0]), int(xy[1])) for sp, xy in (co.get("values") or {}).items()}
            self._map_positions(md, m)
            md.ruins = list(m.get("ruins") or [])
            md.start_pieces = {str(k): v for k, v in (m.get("start_pieces") or {}).items()}
            self.maps[mid] = md
        self.actions: dict[str, Action] = {}
        self.derived: dict[str, Derived] = {}
        self.triggers: dict[str, list[Hook]] = {}
        self.replacements: dict[str, list[Hook]] = {}
        self.prohibitions: list[Hook] = []
        self.tie_breakers: list[str] = []
        self.setup_rules = []
        self.ending = None
        self.reached: set = set()       # actions some rule or menu can perform
        self.windows: dict = {}         # phase -> actions every menu of it offers (`disponível`)
        self.window_starts: dict = {}   # phase -> window actions also offered as it starts
        self.window_steps: dict = {}    # phase -> window actions also offered between its steps
        self.draw_marks: frozenset = frozenset()  # phases whose turn draw closes a window
        self.in_play_zones: tuple = ()  # player zones whose cards are in play (`em_jogo`)
        # zones that declare a limit checked when a phase ends (`limite`, `fase_do_limite`)
        last = self.turn_phases[-1] if self.turn_phases else None
        self.zone_limits = []
        for scope, zones in (("player", self.player_zones), ("global", self.global_zones)):
            for z, zd in zones.items():
                if isinstance(zd, dict) and zd.get("limit") is not None:
                    self.zone_limits.append((z, scope, None, int(zd["limit"]),
                                             str(self.phase_ref(zd.get("limit_phase"), zd, "limit_phase") or last)))
        for fid, zones in self.faction_zones.items():
            for z, zd in zones.items():
                if isinstance(zd, dict) and zd.get("limit") is not None:
                    self.zone_limits.append((z, "faction", fid, int(zd["limit"]),
                                             str(self.phase_ref(zd.get("limit_phase"), zd, "limit_phase") or last)))
        self._sides()
        self._compile_all()
        _rule.finish(self)
        _priorities.build(self, d)

    def _sides(self):
        """Pieces with another side (`verso: K`): the face kind holds the pieces (its supply);
        on the map a piece may lie on its back, kind K. A back declared `quem_vê:` hides which
        face lies under it from everyone but its owner (`dono`) or from everyone (`ninguém`)."""
        self.back_of: dict[str, str] = {}          # face kind -> back kind
        self.faces: dict[str, list] = {}           # back kind -> its face kinds
        self.hidden_backs: dict[str, str] = {}     # back kind -> "owner" | "nobody"
        for k, pk in self.piece_kinds.items():
            b = pk.attrs.get("back")
            if b is not None and pk.owner is not None and f"{pk.owner}.{b}" in self.piece_kinds:
                b = f"{pk.owner}.{b}"          # a faction's own piece, by its name in the faction
            if b is not None and str(b) in self.piece_kinds:
                self.back_of[k] = str(b)
                self.faces.setdefault(str(b), []).append(k)
        for b in self.faces:
            seen = self.piece_kinds[b].attrs.get("seen_by")
            if seen is not None:
                self.hidden_backs[b] = str(seen)

    def sees_face(self, back, faction) -> bool:
        """May `faction` see which face lies under a face-down piece of kind `back`?"""
        v = self.hidden_backs.get(back)
        if v is None:
            return True
        return v == "owner" and faction is not None and self.piece_kinds[back].owner == faction

    # tables -----------------------------------------------------------------------------------
    def _piece(self, pid, owner, p):
        cat = str(p.get("category") or "")
        c = self.categories.get(cat) or {}
        occ = p.get("occupies") or c.get("occupies")
        tracks = {k: list(v.get("values") or []) if isinstance(v, dict) else list(v)
                  for k, v in (p.get("tracks") or {}).items()}
        attrs = {k: v for k, v in p.items() if k not in ("name", "category", "count", "occupies", "tracks", "tags")}
        if attrs.get("seen_by") is not None:
            # `quem_vê: dono | ninguém` (a closed value, spelled in the file's language)
            v = attrs["seen_by"]
            attrs["seen_by"] = _lexicon(getattr(p, "_lang", None) or self.lang).value_of(v) or str(v)
        self.piece_kinds[pid] = PieceKind(pid, owner, cat, int(p.get("count") or 0),
                                          _bool(c.get("rules")) and owner is not None,
                                          str(occ) if occ else None, int(c.get("hit_order") or 0),
                                          tracks, attrs, list(p.get("tags") or []))
        rem = p.get("removable", c.get("removable"))
        self.piece_kinds[pid].removable = _bool(rem, True)
        # N18: removable only while one of these actions is performed (`removível_em:`)
        _small.removable_in(self, pid, p, c)

    def _card(self, c, owner):
        attrs = {}
        for k, v in c.items():
            if k in ("id", "name", "copies", "effect", "text", "tags", "law", "note", "source", "zone",
                     "actions", "triggers", "replacements"):
                continue
            attrs[k] = v
        for k, v in self.card_attr_defaults.items():
            attrs.setdefault(k, v)
        for k in list(attrs):
            attrs[k] = _typed(attrs[k], self.attr_types.get(k))   # "não" is false
        tags = list(c.get("tags") or [])
        cd = CardDef(str(c["id"]), attrs, tags, int(c.get("copies") or 1), None, owner, c.get("law"))
        self.cards[cd.id] = cd
        return cd

    def zone_key(self, z, faction):
        # kept per (zone, faction): selections of cards ask it on every evaluation
        try:
            return self._zone_keys[z][faction]
        except KeyError:
            pass
        except AttributeError:
            self._zone_keys = {}
        k = self._zone_key_now(z, faction)
        self._zone_keys.setdefault(z, {})[faction] = k
        return k

    def in_play_keys(self, faction) -> tuple:
        """The keys of the zones whose cards are in play for `faction`: its player zones marked
        `em_jogo`, and its own faction zones so marked (the Hundreds' mood slot, Law 14.4.4)."""
        try:
            return self._in_play_keys[faction]
        except KeyError:
            pass
        except AttributeError:
            self._in_play_keys = {}
        keys = [self.zone_key(z, faction) for z in self.in_play_zones]
        keys += [f"{faction}.{z}" for z, zd in self.faction_zones.get(faction, {}).items()
                 if isinstance(zd, dict) and _bool(zd.get("in_play"))]
        out = self._in_play_keys[faction] = tuple(keys)
        return out

    def _zone_key_now(self, z, faction):
        if z in self.global_zones:
            return z
        if "." in z:
            # a faction's own zone, already qualified; a copy of that faction (`cópia_de`)
            # has its own zone of the same name
            src, base = z.split(".", 1)
            if faction is not None and faction != src and base in self.faction_zones.get(faction, ()):
                return f"{faction}.{base}"
            return z
        return f"{faction}:{z}"

    def zone_visible_to(self, key, faction) -> bool:
        """May `faction` see the cards of the zone `key`? A hidden zone (`oculta: sim`) that is
        global shows them to nobody; a player's or a faction's own hidden zone (a hand, a
        face-down stack) only to its owner."""
        if key is None:
            return True
        if key in self.global_zones:
            return not _bool(self.global_zones[key].get("hidden"))
        owner, zd = None, None
        if ":" in key:
            owner, z = key.split(":", 1)
            zd = self.player_zones.get(z)
        elif "." in key:
            owner, z = key.split(".", 1)
            zd = self.faction_zones.get(owner, {}).get(z)
        if zd is None or not _bool(zd.get("hidden")):
            return True
        # N18: a faction's hand shown to all (`zonas_públicas:`, Law 11.2.3)
        return owner == faction or (":" in key and z in self.public_zones.get(owner, ()))

    def counter_key(self, cid, faction):
        # kept per (counter, faction): expressions and verbs ask it on every evaluation
        try:
            return self._counter_keys[cid, faction]
        except KeyError:
            pass
        except AttributeError:
            self._counter_keys = {}
        except TypeError:           # not hashable: not a counter id, answered as ever
            return self._counter_key_now(cid, faction)
        k = self._counter_keys[cid, faction] = self._counter_key_now(cid, faction)
        return k

    def _counter_key_now(self, cid, faction):
        if cid in self.counters and str(self.counters[cid].get("scope", "player")) == "global":
            return cid
        if "." in cid:
            src, base = cid.split(".", 1)
            if faction != src and base in self.faction_counters.get(faction, ()):
                cid = f"{faction}.{base}"
        return f"{faction}:{cid}"

    def counter_visible_to(self, key, faction, flags) -> bool:
        """May `faction` see the value of the counter `key` (a state key: `F:cid`, `F:F.cid`,
        `cid`)? A hidden counter (`oculto: sim`) only shows its value to its owner (a global
        one to nobody) until `revele` shows it (the flag ("shown", key), cleared when the value
        changes)."""
        if not self.hidden_counters:
            return True
        owner, cid = key.split(":", 1) if ":" in key else (None, key)
        if cid not in self.hidden_counters:
            return True
        return (owner is not None and owner == faction) or bool(flags.get(("shown", key)))

    def per_faction(self, cid) -> bool:
        """A counter with one value per other faction (`por_facção: sim`)."""
        return cid in self.pair_counters

    @staticmethod
    def pair_key(cid, faction, other):
        return f"{faction}:{cid.split('.')[-1]}@{other}"

    def status_bit(self, sid) -> int:
        return self.statuses.get(sid, 0)

    def card_attr(self, ctx, card, aid):
        if card is None:
            return None
        return self.cards[ctx.s.card_defs[card]].attrs.get(aid)

    def card_tags(self, card, ctx):
        return self.cards[ctx.s.card_defs[card]].tags

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

    # compilation ------------------------------------------------------------------------------
    def _cc(self, expr_owner, law=None, lang=None):
        return CC(self, self.diags, lang or self.lang, expr_owner, law)

    def _compile_all(self):
        rs = self.rs
        d = rs.data
        exprs = {e.path: e for e in rs.expressions}
        self._exprs = exprs

        def block(path, owner, law=None, cc=None):
            e = exprs.get(path)
            if e is None or e.tree is None:
                return None
            cc = cc or self._cc(owner, law if law is not None else e.law, e.lang)
            cc.law = law if law is not None else e.law
            cc.lang = e.lang
            try:
                return compile_block(cc, e.tree)
            except CompileError:
                return None

        def expr(path, owner, cc=None):
            e = exprs.get(path)
            if e is None:
                raw = _get_path(d, path)
                if isinstance(raw, (int, float)) and not isinstance(raw, bool):
                    return lambda ctx, v=raw: v
                return None
            if e.tree is None:
                return None
            cc = cc or self._cc(owner, e.law, e.lang)
            try:
                return compile_expr(cc, e.tree)[0]
            except CompileError:
                return None

        self._block, self._expr = block, expr
        from ..options import compile_options
        self.options = compile_options(self, d)        # ruleset options (rulesdsl/options.py)
        # actions (global and per faction) — declared first so rules can name them
        specs = []
        for aid, a in (d.get("actions") or {}).items():
            specs.append((aid, None, a, ("actions", aid)))
        for fid, fac in (d.get("factions") or {}).items():
            for aid, a in (fac.get("actions") or {}).items():
                specs.append((f"{fid}.{aid}", fid, a, ("factions", fid, "actions", aid)))
        card_of = {}
        for cpath, c in self._all_cards(d):
            for aid, a in (c.get("actions") or {}).items():
                specs.append((str(aid), None, a, cpath + ("actions", aid)))
                card_of[str(aid)] = str(c["id"])
        for aid, owner, a, path in specs:
            params = {str(k): str(v) for k, v in (a.get("params") or {}).items()}
            lim = a.get("limit_per_turn")
            lim_by = None
            if isinstance(lim, dict):
                lim, lim_by = lim.get("count"), lim.get("by")
                if lim_by is not None and str(lim_by) not in params:
                    from ..errors import suggest
                    lang = getattr(a, "_lang", None) or self.lang
                    self.diags.add("M094", pos_of(a["limit_per_turn"], "by"), lang, value=str(lim_by),
                                   known=", ".join(params) or "-", hint=suggest(str(lim_by), list(params), 0.5))
                    lim_by = None
            act = Action(self, aid, owner, a.get("law"), _bool(a.get("free")), lim, params, a.get("name"))
            act.limit_by = None if lim_by is None else str(lim_by)
            act.card = card_of.get(aid)
            self.actions[aid] = act
            if owner is not None:
                f = self.factions[owner]
                f.actions.append(aid)
                if _bool(a.get("menu"), True):      # `no_menu: não` keeps it out of menus
                    f.menu.append(aid)
        self._windows(d, specs)
        # an action's declared steps (`etapas:`, N4): the step verb raises an event with the
        # action's roles (`papéis:`); the hooks of a step share the variables of its `contexto:`
        self.steps, self.step_context = {}, {}
        for aid, owner, a, path in specs:
            for sid in (a.get("steps") or {}):
                roles = {str(k): str(v) for k, v in (a.get("roles") or {}).items()}
                ctxv = tuple(str(v) for v in (a.get("context") or ()))
                self.steps[str(sid)] = (aid, roles, ctxv)
                self.step_context[str(sid)] = ctxv
        # derived values (their bodies may name actions)
        for did, dv in (d.get("derived") or {}).items():
            self._derived(did, None, dv, ("derived", did))
        for fid, fac in (d.get("factions") or {}).items():
            for did, dv in (fac.get("derived") or {}).items():
                self._derived(f"{fid}.{did}", fid, dv, ("factions", fid, "derived", did))
        for aid, owner, a, path in specs:
            act = self.actions[aid]
            cc = self._cc(owner, a.get("law"), getattr(a, "_lang", None))
            for var in act.params.values():
                cc.vars[var] = ANY
            if "requires" in a:
                act.requires = expr(path + ("requires",), owner, cc)
                e = exprs.get(path + ("requires",))
                act.req_tree = None if e is None else e.tree     # menu_index.required_kinds
            act.run = block(path + ("effect",), owner, a.get("law"), cc) or _noop
            if a.get("crafts") is not None:
                # `cria: K` (N7): the card crafted is the one K holds when the action ends
                var = str(a["crafts"])
                if act.run is not _noop and var not in cc.vars:
                    self.diags.add("M133", pos_of(a, "crafts"), getattr(a, "_lang", None) or self.lang,
                                   value=var)
                else:
                    act.crafts = var
            if a.get("steps"):
                # the hooks of its steps know the shared variables with the types the effect gave
                # (an effect that did not compile gives none: its hooks are not compiled, the
                # error already said where)
                types = {v: cc.vars.get(v, ANY) for v in (str(x) for x in (a.get("context") or ()))}
                for sid in a["steps"]:
                    self.step_context[str(sid)] = types if act.run is not _noop else None
        # edge kinds that count as adjacency for a faction while a condition holds for it
        cond_kinds, reads, kind_reads = {}, set(), {}
        for ek, e in (d.get("edge_kinds") or {}).items():
            if isinstance(e, dict) and e.get("adjacency_if") is not None:
                f = expr(("edge_kinds", ek, "adjacency_if"), None)
                if f is not None:
                    cond_kinds[ek] = f
                    r = _compiler.state_reads(self, exprs[("edge_kinds", ek, "adjacency_if")].tree)
                    reads = None if (r is None or reads is None) else reads | set(r)
                    kind_reads[ek] = None if r is None else frozenset(r)
        # edge kinds whose edges the pieces make: one space joined to every space that holds
        # a piece of some kinds (`liga: {espaço: S, a_espaços_com: P}`, board.py)
        piece_edges = {}
        for ek, e in (d.get("edge_kinds") or {}).items():
            j = e.get("joins") if isinstance(e, dict) else None
            if isinstance(j, dict) and j.get("space") is not None and j.get("to_spaces_with") is not None:
                want = str(j["to_spaces_with"])
                kinds = tuple(k for k, p in self.piece_kinds.items()
                              if k == want or k.endswith("." + want) or p.category == want)
                piece_edges[ek] = (str(j["space"]), kinds)
        # a card's adjacency (`adjacências:` on the card, N2 + N5): for the players who have
        # it in play, edges of some kinds, and edges between the spaces with their pieces
        card_adj = []
        for cpath, c in self._all_cards(d):
            a = c.get("adjacencies") if isinstance(c, dict) else None
            if not isinstance(a, dict):
                continue
            eks = frozenset(str(x) for x in (a.get("edges") or ()))
            pks = {}
            want = a.get("between_spaces_with")
            if want is not None:
                want = [str(x) for x in (want if isinstance(want, list) else [want])]
                for k, p in self.piece_kinds.items():
                    if p.owner is not None and (k in want or k.split(".")[-1] in want
                                                or p.category in want or set(p.tags or ()) & set(want)):
                        pks.setdefault(p.owner, set()).add(k)
            card_adj.append((str(c["id"]), eks, {f: frozenset(v) for f, v in pks.items()}))
        for md in self.maps.values():
            md.card_adjacency = tuple(card_adj)
            md.conditional_kinds = cond_kinds
            md.conditional_reads = tuple(sorted(reads)) if reads is not None else None
            md.conditional_kind_reads = kind_reads
            md.piece_edges = piece_edges
        # hooks
        for kind, sect in (("trigger", "triggers"), ("replacement", "replacements"),
                           ("modifier", "modifiers"), ("prohibition", "prohibitions")):
            for i, h in enumerate(d.get(sect) or []):
                self._hook(kind, None, h, (sect, i))
            # a card's own hooks (N5): active while the card lies in a play area, with the
            # area's owner as 'você' (interpreter/card_scope.py)
            if kind in ("trigger", "replacement", "modifier"):
                for did, deck in (d.get("decks") or {}).items():
                    for ci, c in enumerate(deck.get("cards") or []):
                        if not isinstance(c, dict):
                            continue
                        for i, h in enumerate(c.get(sect) or []):
                            hk = self._hook(kind, None, h, ("decks", did, "cards", ci, sect, i),
                                            card=str(c["id"]))
                            if hk is not None:
                                hk.card = str(c["id"])
            for fid, fac in (d.get("factions") or {}).items():
                for i, h in enumerate(fac.get(sect) or []):
                    self._hook(kind, fid, h, ("factions", fid, sect, i))
                # ... and those of a faction's own cards (the moods of the Hundreds, Law 14.7):
                # read with the faction's names, active while the card lies in a play area
                if kind in ("trigger", "replacement", "modifier"):
                    for ci, c in enumerate(fac.get("cards") or []):
                        if not isinstance(c, dict):
                            continue
                        for i, h in enumerate(c.get(sect) or []):
                            hk = self._hook(kind, fid, h, ("factions", fid, "cards", ci, sect, i),
                                            card=str(c["id"]))
                            if hk is not None:
                                hk.card = str(c["id"])
        # rules: setup, turns
        for i, r in enumerate((d.get("game") or {}).get("setup") or []):
            run = block(("game", "setup", i) if isinstance(r, str) else ("game", "setup", i, "effect"), None)
            if run:
                self.setup_rules.append(run)
        for fid, fac in (d.get("factions") or {}).items():
            f = self.factions[fid]
            f.setup_letter = fac.get("setup_letter")
            # the rules of one list share their variables, in order ("escolha ... C" in 6.3.2,
            # "oposta de C" in 6.3.3): one compile context per list
            cc = self._cc(fid, None, getattr(fac, "_lang", None))
            for i, r in enumerate(fac.get("setup") or []):
                p = ("factions", fid, "setup", i) if isinstance(r, str) else ("factions", fid, "setup", i, "effect")
                run = block(p, fid, cc=cc)
                if run:
                    f.setup.append(run)
            # its setup in one of the game's other setups (`preparações:`; the setup card of Law A.8.2)
            for sid, rules in (fac.get("setups") or {}).items():
                cc = self._cc(fid, None, getattr(fac, "_lang", None))
                runs = []
                for i, r in enumerate(rules or []):
                    p = ("factions", fid, "setups", sid, i) if isinstance(r, str) else \
                        ("factions", fid, "setups", sid, i, "effect")
                    run = block(p, fid, cc=cc)
                    if run:
                        runs.append(run)
                f.setups[str(sid)] = runs
            cc = self._cc(fid, None, getattr(fac, "_lang", None))
            for ph, rules in (fac.get("turn") or {}).items():
                runs = []
                for i, r in enumerate(rules or []):
                    p = ("factions", fid, "turn", ph, i) if isinstance(r, str) else ("factions", fid, "turn", ph, i, "effect")
                    run = block(p, fid, cc=cc)
                    if run:
                        runs.append(run)
                f.turn[str(ph)] = runs
        # card effects
        for did, deck in (d.get("decks") or {}).items():
            for i, c in enumerate(deck.get("cards") or []):
                if isinstance(c, dict) and "effect" in c:
                    self.cards[str(c["id"])].effect = block(("decks", did, "cards", i, "effect"), None)
        for fid, fac in (d.get("factions") or {}).items():
            for i, c in enumerate(fac.get("cards") or []):
                if isinstance(c, dict) and "effect" in c:
                    self.cards[str(c["id"])].effect = block(("factions", fid, "cards", i, "effect"), fid)
        self.victory = []
        for i, v in enumerate(d.get("victory") or []):
            f = expr(("victory", i, "condition"), None)
            if isinstance(v, dict) and v.get("when") is not None:
                when = self.phase_ref(v.get("when"), v, "when")
                if when != v.get("when"):
                    v = dict(v)
                    v["when"] = when
            if f:
                self.victory.append((f, v))
        self.ending = compile_ending(d, block, expr)
        from .ending import watch as _end_watch
        _end_watch(self)             # what the end condition reads: checked as it changes
        # seats apart from factions (seating.py): a drawn turn order, factions chosen in setup
        from .seating import compile_seating
        self.turn_order, self.faction_choice = compile_seating(self, d, block)
        from .seating import compile_setups
        self.setups = compile_setups(self, d, block)
        from .setup_limits import compile_limits
        self.faction_limits = compile_limits(self, d)       # setup_limits.py (Root 5: corners)
        from .landmarks import compile_landmarks, check_landmarks
        self.landmarks = compile_landmarks(self, d, block)       # Law F, A.5
        check_landmarks(self, d)
        self._check_setups(d)
        self._check_reachable(d)
        self._check_self_triggers(d)
        # zone capacities: `capacidade: N` or `capacidade: {quantidade: N, condição: ...}`
        # (the condition is read with the zone's owner as 'você'); keyed like the state's zones,
        # player zones as "*:zone"
        self.zone_caps = {}
        cap_zones = [(z, zd, None, ("zones", z)) for z, zd in self.global_zones.items()]
        cap_zones += [(z, zd, "*", ("player_zones", z)) for z, zd in self.player_zones.items()]
        cap_zones += [(z, zd, fid, ("factions", fid, "zones", z))
                      for fid, zs in self.faction_zones.items() for z, zd in zs.items()]
        for z, zd, owner, path in cap_zones:
            cap = zd.get("capacity") if isinstance(zd, dict) else None
            if cap is None:
                continue
            n, cond = (cap.get("count"), expr(path + ("capacity", "condition"), owner if owner != "*" else None)) \
                if isinstance(cap, dict) else (cap, None)
            key = z if owner is None else (f"*:{z}" if owner == "*" else f"{owner}.{z}")
            self.zone_caps[key] = (int(n or 0), cond, owner if owner not in (None, "*") else None)
        # 5.2-style reach: `alcance:` per faction, `alcance_mínimo:` {players: total} in the game
        self.reach = {fid: f.get("reach") for fid, f in (d.get("factions") or {}).items()
                      if f.get("reach") is not None}
        self.min_reach = {int(k): int(v) for k, v in (self.game.get("min_reach") or {}).items()
                          if str(k).strip().isdigit()}

    # semantic checks over the whole ruleset ------------------------------------------------------
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

    def _map_positions(self, md, m):
        """`posições:` of a map: where each space is drawn (rulesdsl/view), never read by rules.
        M195: a position for a space this map does not have; M196: two spaces at one point."""
        me = m.get("map_edge") or {}
        md.edge_cycle = tuple(str(sp) for sp in me.get("spaces") or () if str(sp) in md.attrs)
        vals = (m.get("positions") or {}).get("values") or {}
        if not vals:
            return
        from ..errors import suggest
        lang = getattr(m, "_lang", None) or self.lang
        out, seen = {}, {}
        for sp, xy in vals.items():
            sp = str(sp)
            pos = vals.key_pos.get(sp) if hasattr(vals, "key_pos") else None
            if sp not in md.attrs:
                if self.rs.thing("space", sp) is None:
                    continue    # no space of that id anywhere: M043 says so
                self.diags.add("M195", pos, lang, space=sp, map=str(md.id),
                               hint=suggest(sp, list(md.attrs), 0.5))
                continue
            try:
                p = (float(xy[0]), float(xy[1]))
            except (TypeError, ValueError, IndexError, KeyError):
                continue        # the schema reports the value (two numbers)
            if p in seen:
                self.diags.add("M196", pos, lang, space=sp, other=seen[p], map=str(md.id))
                continue
            seen[p] = sp
            out[sp] = p
        md.positions = out

    def _check_guessed_piles(self, game, guesses):
        """The game's deck names no piles: each pile guessed among several zones is an error
        at `jogo: baralho:` (the guess would pick one silently)."""
        from .. import lexicon
        lang = getattr(game, "_lang", None) or self.lang
        for role, zones in guesses:
            if len(zones) > 1:
                self.diags.add("M101", pos_of(game, "deck"), lang, name=str(self.default_deck),
                               role=lexicon.get(lang).spell_key(role), known=", ".join(zones))

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

    def _windows(self, d, specs):
        """Action windows (`disponível:`): the actions every action menu of a phase offers
        besides its own list, indexed by phase once (a menu asks on every decision), and the
        window actions each faction does not take (`ações_proibidas:`)."""
        self.in_play_zones = tuple(z for z, zd in self.player_zones.items()
                                   if isinstance(zd, dict) and _bool(zd.get("in_play")))
        by_phase: dict = {}
        draw_marks: set = set()
        for aid, owner, a, path in specs:
            w = a.get("available")
            if not isinstance(w, dict):
                continue
            act = self.actions[aid]
            lang = getattr(a, "_lang", None) or self.lang
            kpos = a.key_pos.get("available") if hasattr(a, "key_pos") else None
            who = w.get("who")
            who = _lexicon(lang).value_of(who) or str(who) if who is not None else None
            if owner is not None and owner in self.hirelings and who == "controller":
                # a hireling's action, offered in its controller's menus (E.2.4, hirelings.py)
                phases = [str(p) for p in (w.get("phases") or [])
                          if str(p) in (self.rs.things.get("phase") or dict.fromkeys(self.turn_phases))]
                act.window = (tuple(phases), who)
                act.hireling = owner
                self.reached.add(aid)
                for ph in phases:
                    self.hireling_windows.setdefault(ph, []).append(aid)
                continue
            if owner is not None:
                # a faction's own action is in its own menus: a window would offer it to nobody else
                self.diags.add("M092", kpos, lang, name=self.rs.name("action", aid, lang))
                continue
            who = w.get("who")
            who = _lexicon(lang).value_of(who) or str(who) if who is not None else (
                "card_owner" if act.card is not None else "any_player")
            if who == "card_owner" and act.card is None:
                self.diags.add("M091", pos_of(w, "who"), lang, name=self.rs.name("action", aid, lang))
                continue
            if act.card is not None and not self.in_play_zones:
                self.diags.add("M093", kpos, lang, name=self.rs.name("action", aid, lang))
                continue
            # a phase the vocabulary check did not know is reported there (M043)
            known = self.rs.things.get("phase") or dict.fromkeys(self.turn_phases)
            phases = [str(p) for p in (w.get("phases") or []) if str(p) in known]
            act.card_any = act.card is not None and who == "any_player"
            act.window = (tuple(phases), who)
            self.reached.add(aid)
            anytime = _bool(w.get("anytime"))
            for ph in phases:
                by_phase.setdefault(ph, []).append(aid)
                if anytime or _bool(w.get("at_phase_start")):
                    self.window_starts.setdefault(ph, []).append(aid)
                if anytime:
                    self.window_steps.setdefault(ph, []).append(aid)
            if w.get("until_draw") is not None:
                # "antes de comprar no Anoitecer": the window closes in that phase at the turn's
                # own draw (verbs/cards.py marks it); a phase outside the window is an error
                ud = str(w.get("until_draw"))
                if ud not in phases:
                    if ud in known:
                        self.diags.add("M185", pos_of(w, "until_draw"), lang,
                                       name=self.rs.name("action", aid, lang),
                                       phase=self.rs.name("phase", ud, lang))
                else:
                    act.until_draw = ud
                    draw_marks.add(ud)
        # in the data's order: the rules' actions, then the cards' (specs lists them so)
        self.windows = {ph: tuple(ids) for ph, ids in by_phase.items()}
        self.window_starts = {ph: tuple(ids) for ph, ids in self.window_starts.items()}
        self.window_steps = {ph: tuple(ids) for ph, ids in self.window_steps.items()}
        self.draw_marks = frozenset(draw_marks)
        for fid, fac in (d.get("factions") or {}).items():
            barred = fac.get("barred_actions") or {}
            self.factions[fid].barred = frozenset(self.action_for([str(k)], fid) for k in barred)
        self._menu_ids = {}
        self._payment_sources(d)

    def _payment_sources(self, d):
        """`paga_com: peça` (N7): the factions whose activated pieces pay with their own value
        of the space attribute (a garden's printed suit), not the space's."""
        by_piece = set()
        attr = self.space_enum_attr
        for fid, fac in (d.get("factions") or {}).items():
            v = fac.get("pays_with")
            if v is None:
                continue
            lang = getattr(fac, "_lang", None) or self.lang
            if (_lexicon(lang).value_of(str(v)) or str(v)) != "piece":
                continue
            if not any(p.owner == fid and attr is not None and p.attrs.get(attr) is not None
                       for p in self.piece_kinds.values()):
                self.diags.add("M134", pos_of(fac, "pays_with"), lang, faction=fid, attr=str(attr))
                continue
            by_piece.add(fid)
        self.pays_with_piece = frozenset(by_piece)

    def menu_ids(self, listed, phase, me, s, m=None):
        """What a menu offers `me` in `phase` (None: no window actions) in the game of state
        `s` on map `m`: interpreter/menu_index.py."""
        return _menu_index.menu_ids(self, listed, phase, me, s, m)

    def _check_setups(self, d) -> None:
        """The groups a faction choice reveals or locks (A.8.1) are groups of some faction
        (`grupo:`): M102 with a suggestion; a draft whose pool has no group at all: M103."""
        from ..errors import suggest
        from .seating import groups_of
        known = sorted(set(groups_of(self).values()))
        game = d.get("game") or {}
        srcs = [game] + [v for v in (game.get("setups") or {}).values() if isinstance(v, dict)]
        for src in srcs:
            fc = src.get("faction_choice")
            if not isinstance(fc, dict):
                continue
            lang = getattr(src, "_lang", None) or self.lang
            named = []
            for step in fc.get("reveal_factions") or []:
                named += [(x, step, "groups") for x in step.get("groups") or []]
            for k, v in (fc.get("removed_with_players") or {}).items():
                named += [(x, fc["removed_with_players"], k) for x in v or []]
            lk = fc.get("lock_last")
            if isinstance(lk, dict):
                named += [(lk.get(k), lk, k) for k in ("group", "until") if lk.get(k) is not None]
            for x, container, key in named:
                if str(x) not in known:
                    self.diags.add("M102", pos_of(container, key), lang, value=str(x),
                                   known=", ".join(known) or "-", hint=suggest(str(x), known, 0.5))
            if fc.get("reveal_factions") and not known:
                self.diags.add("M103", pos_of(fc, "reveal_factions"), lang)
        # a faction's `preparações:` name setups of the game (M104)
        ids = [str(k) for k in (game.get("setups") or {})]
        seen = set()
        for fid, fac in (d.get("factions") or {}).items():
            own = fac.get("setups") if isinstance(fac, dict) else None
            if not isinstance(own, dict) or id(own) in seen:
                continue                # (a copy of a faction shares its original's: once)
            seen.add(id(own))
            lang = getattr(fac, "_lang", None) or self.lang
            for sid in own:
                if str(sid) not in ids:
                    self.diags.add("M104", pos_of(own, sid), lang, value=str(sid), known=", ".join(ids) or "-",
                                   hint=suggest(str(sid), ids, 0.5))

    def _check_reachable(self, d):
        """An action no menu offers and no rule performs can never happen (a typo, a missing
        `realize ... entre` entry): a warning at its declaration."""
        for aid, act in self.actions.items():
            if aid in self.reached:
                continue
            if act.owner is not None and ("menu", act.owner) in self.reached and aid in self.factions[act.owner].menu:
                continue
            t = self.rs.thing("action", aid)
            self.diags.add("M040", t.pos if t else None, getattr(t.data, "_lang", self.lang) if t else self.lang,
                           severity="warning", name=self.rs.name("action", aid, self.lang))

    # what each verb makes happen, for the retrigger check
    _VERB_EVENTS = {"place": "placement", "remove": "removal", "deal_hits": "removal",
                    "move": "movement", "discard": "discard", "spend": "discard",
                    "gain": "counter", "lose": "counter"}

    def _check_self_triggers(self, d):
        """A trigger whose effect makes its own event happen again (placing on a placement:
        M041), or a chain of triggers that comes back to the first (a placement sets off a
        removal whose trigger places again: M075), can loop without bound: a warning. Not an
        error: a condition or the supply may stop it (the engine stops a real loop, see
        runtime.RulesLoop)."""
        hooks = [h for hs in self.triggers.values() for h in hs if getattr(h, "tree", None) is not None]
        made = {id(h): self._events_made(h.tree) for h in hooks}

        def feeds(a, b):
            kinds = made[id(a)].get(b.event, False)
            return kinds is not False and (b.pieces is None or kinds is None or bool(kinds & b.pieces))

        for h in hooks:
            if feeds(h, h):
                lang = self._lang_of(h.tree)
                self.diags.add("M041", getattr(h.tree, "pos", None), lang, severity="warning",
                               event=_lexicon(lang).spell_value(h.event))
        # longer cycles: a path from a hook back to itself through others (each reported once,
        # at the hook that comes first in the files)
        nexts = {id(a): [b for b in hooks if b is not a and feeds(a, b)] for a in hooks}
        reported = set()
        for h in hooks:
            path = self._cycle_from(h, nexts)
            if path is None or reported & {id(x) for x in path}:
                continue
            reported |= {id(x) for x in path}
            lang = self._lang_of(h.tree)
            lx = _lexicon(lang)
            self.diags.add("M075", getattr(h.tree, "pos", None), lang, severity="warning",
                           chain=" → ".join(lx.spell_value(x.event) for x in path + [h]))

    @staticmethod
    def _cycle_from(h, nexts):
        """The shortest chain of other hooks from `h` back to `h` (breadth first), or None."""
        seen = {id(h)}
        frontier = [[h]]
        while frontier:
            nxt = []
            for path in frontier:
                for b in nexts[id(path[-1])]:
                    if b is h:
                        if len(path) > 1:
                            return path
                        continue
                    if id(b) not in seen:
                        seen.add(id(b))
                        nxt.append(path + [b])
            frontier = nxt
        return None

    def _events_made(self, tree) -> dict:
        """event -> the piece kinds the effect's verbs name for it (None: any kind)."""
        out = {}
        for n in tree.walk():
            if isinstance(n, N.Verb):
                ev = self._VERB_EVENTS.get(n.verb)
                if ev is None:
                    continue
                kinds = self._verb_kinds(n)
                if ev in out:
                    old = out[ev]
                    out[ev] = None if old is None or kinds is None else old | kinds
                else:
                    out[ev] = kinds
        return out

    def _lang_of(self, tree):
        for e in self.rs.expressions:
            if e.tree is tree:
                return e.lang
        return self.lang

    def _verb_kinds(self, n):
        """The piece kinds a verb's object names, when the words say (else None: unknown)."""
        o = n.obj
        if not isinstance(o, N.Sel) or not isinstance(o.noun, N.Name):
            return None
        if o.noun.kind == "piece":
            return set(o.noun.ids)
        if o.noun.kind == "category":
            return {k for k, p in self.piece_kinds.items() if p.category in o.noun.ids}
        return None

    def _derived(self, did, owner, dv, path):
        param = dv.get("param")
        dd = Derived(self, did, owner, str(param) if param else None, ANY)
        dd.context = [str(v) for v in (dv.get("context") or [])]
        cc = self._cc(owner, dv.get("law"), getattr(dv, "_lang", None))
        if param:
            cc.vars[str(param)] = ANY
        for v in dd.context:
            cc.vars[v] = ANY
        dd.base = self._expr(path + ("base",), owner, cc)
        if dv.get("table") is not None:
            # N8: the base looked up in a table of ranges (`tabela:`)
            dd.base = _small.table_lookup(self, did, dv, dd.base)
        e = self._exprs.get(path + ("base",))
        if e is not None and e.tree is not None:
            dd.trees.append(e.tree)
        self.derived[did] = dd

    def _die_faces(self, d):
        """A die's faces are numbers or values of one enumeration (the suits of the Hundreds'
        mob die, Law 14.4.1): `role` then keeps the faces as those values (M135 otherwise)."""
        vals = {v for vs in self.enums.values() for v in vs}
        self.die_enum = {}
        for k, v in (d.get("dice") or {}).items():
            for i, f in enumerate(v.get("faces") or []):
                if isinstance(f, int) and not isinstance(f, bool):
                    continue
                if str(f) in vals:
                    self.die_enum[k] = True
                    continue
                from ..errors import suggest
                lang = getattr(v, "_lang", None) or self.lang
                faces = v.get("faces")
                self.diags.add("M135", pos_of(faces, i),
                               lang, value=str(f), hint=suggest(str(f), sorted(vals), 0.5))

    def _hook(self, kind, owner, h, path, card=None):
        hk = Hook(kind, owner, h.get("law"))
        hk.card = card
        cc = self._cc(owner, h.get("law"), getattr(h, "_lang", None))
        ev = h.get("when") or h.get("instead_of")
        if ev is not None:
            lex = _lexicon(getattr(h, "_lang", None) or self.lang)
            hk.event = lex.value_of(ev.get("event")) or str(ev.get("event"))
            hk.tag = str(ev["tag"]) if ev.get("tag") is not None else None
            hk.phase = self.phase_ref(ev.get("phase"), ev, "phase", getattr(h, "_lang", None))
            if "pieces" in ev:
                hk.pieces = self._piece_names(ev.get("pieces"), cc, owner)
            hk.owner_rel = _rel(ev.get("owner"))
            hk.by_rel = _rel(ev.get("by"))
            hk.cause = ev.get("cause")
            hk.not_cause = ev.get("not_cause")
            if ev.get("turn_rule") is not None:
                # `do_turno: sim`: only the event the turn's own rules make (the Evening draw),
                # not one of a triggered effect or an action (`não`: only those)
                hk.turn_rule = _bool(ev.get("turn_rule"))
            if ev.get("action") is not None:
                # `ação realizada` with `ação: A`: matched as the cause (the event's only action)
                hk.cause = str(ev["action"])
            if ev.get("step") is not None:
                hk.step = str(ev["step"])
                # the hooks of a step read and write the variables its action shares with them
                if hk.step in self.step_context and self.step_context[hk.step] is None:
                    return None
                ctxv = self.step_context.get(hk.step) or {}
                for var in ctxv:
                    cc.vars[var] = ctxv[var] if isinstance(ctxv, dict) else ANY
            for role in ("attacker", "defender"):
                if ev.get(role) is not None:
                    rel = _rel(ev.get(role))
                    if rel is not None:
                        hk.roles = dict(hk.roles or {}, **{role: rel})
                    else:
                        hk.binds[role] = str(ev[role])
                        cc.vars[str(ev[role])] = FACTION
            for field, t in (("space", SPACE), ("count", NUMBER), ("card", CARD), ("faction", FACTION),
                             ("from", SPACE), ("to", SPACE), ("piece", PIECE), ("path", SPACE),
                             ("chooser", FACTION)):
                if field in ev:
                    var = str(ev[field])
                    hk.binds[field] = var
                    cc.vars[var] = t
            if "owner" in ev and ev.get("owner") and _rel(ev.get("owner")) is None:
                # "dono: F": binds the owner of the pieces (any owner)
                hk.binds["owner"] = str(ev["owner"])
                cc.vars[str(ev["owner"])] = FACTION
            if "by" in ev and ev.get("by") and _rel(ev.get("by")) is None:
                hk.binds["by"] = str(ev["by"])
                cc.vars[str(ev["by"])] = FACTION
        if kind == "modifier":
            if _rule.is_ruler_value(h, self.lang):
                # `valor: governante`: who rules a space (interpreter/rule.py)
                if h.get("hireling_only") is not None:
                    lang = getattr(h, "_lang", None) or self.lang
                    self.diags.add("M221", pos_of(h, "hireling_only"), lang,
                                   key=_lexicon(lang).spell_key("hireling_only"))
                _rule.add_modifier(self, owner, h, path, cc, card=card)
                return
            _rule.check_not_rule(self, owner, h, getattr(h, "_lang", None) or self.lang)
            dd0 = self.derived_for((str(h.get("value")),), owner)
            if dd0 is not None:
                if dd0.param:
                    cc.vars[dd0.param] = ANY
                for v in dd0.context:
                    cc.vars[v] = ANY
        if "condition" in h:
            hk.condition = self._expr(path + ("condition",), owner, cc)
            e = self._exprs.get(path + ("condition",))
            hk.cond_tree = e.tree if e is not None else None
        if "path" in hk.binds:
            # `caminho: P` (N18): only a move along a path that holds pieces; the condition
            # carries the test, so the hooks that do not ask pay nothing
            pvar, cond = hk.binds["path"], hk.condition
            hk.condition = ((lambda c: c.env.get(pvar) is not None) if cond is None else
                            (lambda c: c.env.get(pvar) is not None and cond(c)))
        if kind == "modifier":
            hk.value = str(h.get("value"))
            if h.get("hireling_only") is not None:
                hk.hireling_only = _hirelings.hireling_only(self, owner, h, card)
            if "add" in h:
                hk.add = self._expr(path + ("add",), owner, cc)
            if "set" in h:
                hk.set = self._expr(path + ("set",), owner, cc)
            dd = self.derived_for((hk.value,), owner)
            if dd is None:
                from ..errors import suggest
                self.diags.add("C003", pos_of(h, "value"), getattr(h, "_lang", None) or self.lang,
                               name=hk.value, hint=suggest(hk.value, [x.split(".")[-1] for x in self.derived], 0.5))
                return
            dd.mods.append(hk)
            if card is not None:
                dd.card_mods = True
            for part in ("condition", "add", "set"):
                e = self._exprs.get(path + (part,))
                if e is not None and e.tree is not None:
                    dd.trees.append(e.tree)
            return
        hk.optional = _bool(h.get("optional"))
        if kind == "replacement" and not self._replacement_dest(hk, h):
            return None
        if h.get("priority") is not None:
            hk.priority = int(h.get("priority"))
        hk.run = self._block(path + ("effect",), owner, h.get("law"), cc)
        e = self._exprs.get(path + ("effect",))
        hk.tree = e.tree if e is not None else None
        hk.interactive = hk.optional or _interactive(hk.tree)
        if kind == "trigger":
            self.triggers.setdefault(hk.event, []).append(hk)
        elif kind == "replacement":
            lst = self.replacements.setdefault(hk.event, [])
            lst.append(hk)
            # the declared order: higher `prioridade:` first, then the order of declaration
            lst.sort(key=lambda x: -x.priority)
        else:
            self.prohibitions.append(hk)
        return hk

    def _replacement_dest(self, hk, h) -> bool:
        """A replacement says what happens instead: an effect, or for a removal only where
        the pieces go (`destino:`, a piece zone; N9). False when it cannot be honoured."""
        lang = getattr(h, "_lang", None) or self.lang
        dest = h.get("destination")
        if dest is None and h.get("effect") is None:
            self.diags.add("M130", pos_of(h, "instead_of"), lang)
            return False
        if (hk.event == "removal") != (dest is not None) or (dest is not None and h.get("effect") is not None):
            lex = _lexicon(lang)
            self.diags.add("M131", pos_of(h, "destination" if dest is not None else "instead_of"), lang,
                           what=lex.spell_value(hk.event) or hk.event)
            return False
        if dest is not None:
            zones = [z for sc in (self.player_zones, self.global_zones) for z, zd in sc.items()
                     if str(zd.get("content", "cards")) in ("peças", "piezas", "pieces")]
            # a faction's hook may also send them to a piece zone of that faction (10.2.3)
            own = [z for z, zd in self.faction_zones.get(hk.owner, {}).items()
                   if str((zd or {}).get("content", "cards")) in ("peças", "piezas", "pieces")]
            if str(dest) in own and str(dest) not in zones:
                hk.dest = f"{hk.owner}.{dest}"
                return True
            zones += own
            if str(dest) not in zones:
                from ..errors import suggest
                self.diags.add("M132", pos_of(h, "destination"), lang, value=str(dest),
                               known=", ".join(zones) or "-", hint=suggest(str(dest), zones, 0.5))
                return False
            hk.dest = str(dest)
        return True

    def _piece_names(self, spec, cc, owner):
        """Hook patterns name pieces by kind or category: return the set of kind ids."""
        from ..errors import fold
        from ..lexicon import pluralize
        names = spec if isinstance(spec, list) else [spec]
        out = set()
        table = self.rs.names_table(cc.lang)
        lex = _lexicon(cc.lang)
        for nm in names:
            f = fold(str(nm))
            hit = False
            for kind in ("piece", "category"):
                for ident, sps in table.get(kind, {}).items():
                    forms = {fold(s) for s in sps} | {fold(ident)}
                    for sp in sps:
                        ws = sp.split()
                        for pl in pluralize(ws[0], lex.plural):
                            forms.add(fold(" ".join([pl] + ws[1:])))
                    if f in forms:
                        hit = True
                        if kind == "category":
                            out.update(k for k, p in self.piece_kinds.items() if p.category == ident)
                        else:
                            out.add(ident)
            if not hit:
                from ..errors import suggest
                cands = [sp for kind in ("piece", "category") for sps in table.get(kind, {}).values()
                         for sp in sps]
                self.diags.add("C014", getattr(nm, "pos", None), cc.lang, name=str(nm),
                               hint=suggest(str(nm), cands, 0.5))
        return out


def _lexicon(lang):
    from .. import lexicon
    return lexicon.get(lang)


def _interactive(tree) -> bool:
    """Does an effect ask anyone anything (a choice, an option, a menu, hits to allocate)?"""
    if tree is None:
        return False
    for n in tree.walk():
        if isinstance(n, (N.Choose, N.ChooseBranch, N.Maybe, N.ActionMenu, N.Perform)):
            return True
        if isinstance(n, N.Verb) and (n.optional or n.verb in ("deal_hits", "remove", "discard", "spend")):
            return True
        if isinstance(n, N.Repeat) and n.upto:
            return True
    return False


def _get_path(d, path):
    cur = d
    for p in path:
        try:
            cur = cur[p]
        except (KeyError, IndexError, TypeError):
            return None
    return cur


def _rel(v):
    if v is None:
        return None
    from ..errors import fold
    f = fold(str(v))
    if f in ("voce", "tu", "ti", "seu", "sua", "tuyo", "tuya", "mine"):
        return "mine"
    if f in ("inimigo", "inimiga", "enemigo", "enemiga", "enemy"):
        return "enemy"
    if f in ("qualquer", "cualquiera", "any"):
        return "any"
    return None


def _typed(v, t):
    if t in ("booleano", "boolean"):
        return _bool(v)
    return v


def _noop(ctx):
    return None
