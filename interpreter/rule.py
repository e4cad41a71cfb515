"""Who rules a space: a value the ruleset declares, not a rule of the engine.

    governo:                      # ES gobierno: (one per ruleset; the game's)
      lei: "2.5"
      peças: [guerreiro, construcao]          # ids of categories or pieces, each counts 1
      # peças: {guerreiro: 1, construcao: 2}  # ... or a weight per category or piece
      # níveis:                               # ... or tiers: the first tier where anyone has
      #   - peças: [trabalhador, mecha]       #     a piece decides, the later ones only when
      #   - peças: [estrutura]                #     nobody has a piece of an earlier one

In a tier, the owner with strictly the greatest weight rules; a tie is nobody's unless a
tie-breaker among the tied wins it. Without `governo:`, the categories with `governa: sim`
count 1 each, in one tier.

Modifiers (`modificadores:` with `valor: governante` / `valor: gobernante`), of a faction or
global, change it; their expressions read `você` as the modifier's faction or, for a global
one, as the owner of the pieces weighed, and `espaço: C` binds the space being ruled:
  desempate: EXPR              the faction it names wins a tie it is part of
  peças: [...] + peso: EXPR    those pieces weigh that much (nível: N puts them in tier N)
  peças: [...] + contam_para: EXPR   those pieces count for that faction (or list of
                                     factions) instead of their owner ("treats as its own")
  espaço: C + define: EXPR     where the condition holds, that faction rules (no faction:
                                nobody), whatever the pieces say
A faction's `peso`/`contam_para` act on its own pieces (or on another faction's named by their
full id: `peças: bandidos.unidade`); a global one on anyone's. A card's (`modificadores:` on the
card, N5) act while it lies in a play area, for its owner: `peso`/`contam_para` on that owner's
pieces, `define`/`desempate` read with that owner as `você`. While none of those cards is in
play, the fast table still decides (a game without the card pays one version lookup).

Rulers are kept per space in `State._ruler` (dropped when the space's pieces change, cleared
on a rollback). When modifiers read other parts of the state (a card in a play area, a
counter), the versions of those parts are kept beside them (key None): a change there drops
every kept ruler. A condition that reads only the pieces of the space it rules (`houver
jardim seu em C`) needs no such version: the space's own change drops it already.
"""
from __future__ import annotations

from operator import attrgetter

from ..errors import fold
from ..ytypes import pos_of
from .. import nodes as N
from . import card_scope as _cards

RULER_VALUE = "ruler"          # the neutral value of `valor: governante`
_EFFECT_KEYS = ("tie_break", "weight", "counts_for", "set")
RULE_ONLY_KEYS = ("pieces", "weight", "tier", "counts_for", "space", "tie_break")


class RuleMod:
    __slots__ = ("owner", "law", "kinds", "var", "condition", "value", "what", "tier", "reads", "card")

    def __init__(self, owner, law, what):
        self.owner = owner
        self.law = law
        self.what = what          # tie_break | weight | counts_for | set
        self.kinds = None         # frozenset of piece kinds (weight, counts_for)
        self.var = None           # the variable bound to the space (`espaço: C`)
        self.condition = None
        self.value = None
        self.tier = None
        self.reads = frozenset()  # state parts read, beyond the space's own pieces (None: any)
        self.card = None          # a card's modifier: while the card lies in a play area (N5)


class RuleDef:
    """The compiled declaration: tiers of {kind: weight}, and the modifiers."""

    __slots__ = ("tiers", "base", "law", "mods", "overrides", "ties", "weights", "aliases",
                 "fast", "stamp", "reads", "gates", "gate", "seated", "seated_stamp")

    def __init__(self):
        self.tiers: list[dict] = []     # [{kind: weight}], weight > 0
        self.base: dict = {}            # kind -> (tier index, weight)
        self.law = None
        self.mods: list[RuleMod] = []
        self.overrides: list[RuleMod] = []
        self.ties: list[RuleMod] = []
        self.weights: dict = {}         # kind -> [RuleMod]
        self.aliases: dict = {}         # kind -> [RuleMod]
        self.fast = None                # kind -> (owner, weight): one tier and nothing else
        self.stamp = None               # fn(state) -> versions the kept rulers depend on
        self.reads = frozenset(("vb",))  # what a ruler reads (memo keys); None: anything
        self.gates = None               # cards whose modifiers hold only while in play
        self.gate = None                # [state uid, cards' version, ((card, owner) in play)]
        # factions whose `define:` modifiers (not a card's) keep the fast table out while one
        # of them is seated: a game without them (the Burrow's faction) keeps the fast table
        self.seated = None
        # (also a faction's weights and `contam_para:`, the Riverfolk's Mercenaries 11.2.7.III);
        # with one of them seated the kept rulers follow what every modifier reads
        self.seated_stamp = None


# ---------------------------------------------------------------------------------------------
# the declaration

def build(g, data, diags):
    """The tiers from `governo:` (or the categories' `governa: sim`), checked."""
    rd = RuleDef()
    decl = data.get("rule")
    cats = data.get("piece_categories") or {}
    if decl is None:
        tier = {}
        for k, pk in g.piece_kinds.items():
            if _truthy(cats.get(pk.category, {}).get("rules")) and pk.owner is not None:
                tier[k] = 1
        rd.tiers = [tier]
    else:
        lang = getattr(decl, "_lang", None) or g.lang
        rd.law = decl.get("law")
        for cid, c in cats.items():
            if isinstance(c, dict) and "rules" in c:
                # one place says what rules: `governo:`
                diags.add("M095", _key_pos(c, "rules"), getattr(c, "_lang", None) or lang,
                          category=str(cid), key=_spell_key(lang, "rule"))
        has_p, has_t = decl.get("pieces") is not None, decl.get("tiers") is not None
        if has_p == has_t:
            pos = _key_pos(decl, "tiers") if has_t else (
                getattr(decl, "pos", None) or next((pos_of(decl, k) for k in decl), None))
            diags.add("M096", pos, lang, pieces=_spell_key(lang, "pieces"),
                      tiers=_spell_key(lang, "tiers"))
        specs = [decl.get("pieces")] if has_p else [t.get("pieces") for t in (decl.get("tiers") or [])
                                                     if isinstance(t, dict)]
        rd.tiers = [_weights(g, spec) for spec in specs if spec is not None] or [{}]
    for i, tier in enumerate(rd.tiers):
        for k, w in tier.items():
            rd.base[k] = (i, w)
    for k, pk in g.piece_kinds.items():
        pk.rules = k in rd.base and pk.owner is not None
    return rd


def _weights(g, spec) -> dict:
    """{kind: weight} from a list of ids (weight 1) or a map {id: weight}; a piece's own
    weight wins over its category's. Unknown ids were reported by the vocabulary check."""
    items = [(str(x), 1) for x in spec] if isinstance(spec, list) else \
        [(str(k), v) for k, v in spec.items()] if isinstance(spec, dict) else []
    out = {}
    # categories first, then pieces: the more precise name decides
    for precise in (False, True):
        for ident, w in items:
            if not isinstance(w, int) or isinstance(w, bool):
                continue
            for k in kinds_named(g, ident, precise):
                out[k] = w
    return {k: w for k, w in out.items() if w > 0}


def kinds_named(g, ident, precise=None):
    """The piece kinds an id names: a category (all its pieces), a piece id (`marqueses.serraria`)
    or a piece's own id (every faction's piece of that id). precise: only pieces (True), only
    categories (False), both (None)."""
    out = []
    for k, pk in g.piece_kinds.items():
        if precise is not True and pk.category == ident:
            out.append(k)
        elif precise is not False and (k == ident or k.split(".")[-1] == ident):
            out.append(k)
    return out


# ---------------------------------------------------------------------------------------------
# modifiers

def is_ruler_value(h, lang) -> bool:
    from .. import lexicon
    v = h.get("value")
    return v is not None and lexicon.get(getattr(h, "_lang", None) or lang).value_of(str(v)) == RULER_VALUE


def check_not_rule(g, owner, h, lang):
    """A modifier of another value with a key only the ruler's modifiers read: an error."""
    for k in RULE_ONLY_KEYS:
        if k in h:
            g.diags.add("M097", _key_pos(h, k), lang, key=_spell_key(lang, k),
                        value=_spell_value(lang, RULER_VALUE))


def add_modifier(g, owner, h, path, cc, card=None):
    """Compile one `valor: governante` modifier into g.rule."""
    from ..compiler import SPACE
    rd = g.rule
    lang = getattr(h, "_lang", None) or g.lang
    whats = [k for k in _EFFECT_KEYS if k in h]
    bad = [k for k in h if k in ("add",)]
    if len(whats) != 1 or bad:
        where = bad[0] if bad else (whats[1] if len(whats) > 1 else "value")
        g.diags.add("M098", _key_pos(h, where), lang, value=_spell_value(lang, RULER_VALUE),
                    keys=", ".join(_spell_key(lang, k) for k in _EFFECT_KEYS))
        return
    m = RuleMod(owner, h.get("law"), whats[0])
    m.card = card
    if h.get("space") is not None:
        m.var = str(h["space"])
        cc.vars[m.var] = SPACE
    if m.what in ("weight", "counts_for"):
        spec = h.get("pieces")
        ids = [] if spec is None else [str(x) for x in (spec if isinstance(spec, list) else [spec])]
        kinds = set()
        for ident in ids:
            named = kinds_named(g, ident)
            if owner is not None and ident not in g.piece_kinds:
                # a faction's modifier: its own pieces, unless it names another faction's
                # pieces by their full id (`bandidos.unidade`: "treats them as its own")
                named = [k for k in named if g.piece_kinds[k].owner == owner]
            kinds.update(named)
        if spec is None:
            # every piece that counts (of the faction, for a faction's modifier)
            kinds = {k for k in rd.base if owner is None or g.piece_kinds[k].owner == owner}
        m.kinds = frozenset(kinds)
        if h.get("tier") is not None:
            m.tier = int(h["tier"]) - 1
            if not 0 <= m.tier < len(rd.tiers):
                g.diags.add("M099", _key_pos(h, "tier"), lang, n=int(h["tier"]), count=len(rd.tiers))
                return
    elif "pieces" in h or "tier" in h:
        k = "pieces" if "pieces" in h else "tier"
        g.diags.add("M098", _key_pos(h, k), lang, value=_spell_value(lang, RULER_VALUE),
                    keys=", ".join(_spell_key(lang, x) for x in _EFFECT_KEYS))
        return
    trees = []
    for key in ("condition", m.what):
        e = g._exprs.get(path + (key,))
        if e is not None and e.tree is not None:
            trees.append((key, e.tree))
    for key, tree in trees:
        node = _reads_rule(g, tree)
        if node is not None:
            # who rules cannot depend on who rules
            g.diags.add("M100", getattr(node, "pos", None) or pos_of(h, key), lang)
            return
    if "condition" in h:
        m.condition = g._expr(path + ("condition",), owner, cc)
    m.value = g._expr(path + (m.what,), owner, cc)
    if m.value is None or ("condition" in h and m.condition is None):
        return                                 # the compiler reported why
    m.reads = _reads(g, [t for _, t in trees], m.var)
    rd.mods.append(m)
    if m.what == "set":
        rd.overrides.append(m)
    elif m.what == "tie_break":
        rd.ties.append(m)
        static = m.condition is None and isinstance(dict(trees).get("tie_break"), N.Me) and owner
        if static and owner not in g.tie_breakers:
            g.tie_breakers.append(owner)
    else:
        table = rd.weights if m.what == "weight" else rd.aliases
        for k in m.kinds:
            table.setdefault(k, []).append(m)


def _reads_rule(g, tree, seen=None):
    """The node of an expression that asks who rules (directly or through a derived value)."""
    seen = set() if seen is None else seen
    for n in tree.walk():
        if isinstance(n, N.Filter) and n.kind in ("ruled_by", "not_ruled_by"):
            return n
        if isinstance(n, N.Call) and n.fn == "rules":
            return n
    for d in g._derived_named(tree):
        if d.id in seen:
            continue
        seen.add(d.id)
        for t in d.trees:
            if _reads_rule(g, t, seen) is not None:
                return tree
    return None


def _reads(g, trees, var):
    from ..compiler import state_reads
    out = set()
    for t in trees:
        r = state_reads(g, t, local=var)
        if r is None:
            return None
        out.update(r)
    return frozenset(out)


def finish(g):
    """After every modifier: the fast table, the kept rulers' versions, what a ruler reads."""
    rd = g.rule
    # a hireling's tie-breaker (App. E) holds only while it is in play: gated as a seat's
    hired = getattr(g, "hirelings", {})
    static_ties = all(m.condition is None and m.owner in g.tie_breakers for m in rd.ties
                      if m.card is None and m.owner not in hired)
    uncarded = [m for m in rd.mods if m.card is None]
    gates = frozenset(m.card for m in rd.mods if m.card is not None)
    # a faction's "always rules" (`define:`), weights and aliases hold only while that faction
    # is seated
    over = [m for m in uncarded if m in rd.overrides]
    by_seat = [m for m in uncarded if m.owner and (m in rd.overrides or m.what in ("weight", "counts_for")
                                                   or (m.owner in hired and m in rd.ties))]
    seated = frozenset(m.owner for m in by_seat) if by_seat and all(m.owner for m in over) else None
    if len(rd.tiers) == 1 and static_ties and (not over or seated) and \
            not any(m.card is None and m not in by_seat for ms in rd.weights.values() for m in ms) and \
            not any(m.card is None and m not in by_seat for ms in rd.aliases.values() for m in ms):
        # without the cards' modifiers the fast table decides; while one of those cards lies
        # in a play area, the general path (runtime.ruler asks the gate)
        rd.fast = {k: (g.piece_kinds[k].owner, w) for k, w in rd.tiers[0].items()
                   if g.piece_kinds[k].owner is not None}
        rd.gates = gates or None
        rd.seated = seated
    # a card's modifier holds while the card is in play: the cards' version, unless the gate
    # (below) keeps who has those cards in play
    parts = set() if rd.gates or not gates else {"vg"}
    every = ()
    if rd.seated:
        # with a gated faction seated: what every modifier reads; without it: the others
        every = set(parts)
        for m in rd.mods:
            if every is not None:
                every = None if m.reads is None else every | m.reads
        rd.seated_stamp = attrgetter("vid") if every is None else attrgetter(*sorted(every | {"vb"}))
    for m in rd.mods:
        if rd.seated and m in by_seat:
            continue
        if m.reads is None:
            parts = None
            break
        parts.update(m.reads)
    if parts is None:
        rd.stamp = attrgetter("vid")
        rd.reads = None
    else:
        rd.reads = frozenset(parts | {"vb"})
        if parts:
            rd.stamp = attrgetter(*sorted(parts))
    if rd.seated and rd.reads is not None:
        # what a ruler reads (the selections' memo keys, fixed at load): every modifier's
        rd.reads = None if every is None else frozenset(rd.reads | every)
    if rd.gates:
        # the kept rulers also depend on who has those cards in play (runtime.ruler keeps it
        # beside them: empty while nobody has them); a card moving elsewhere keeps them
        rd.reads = None if rd.reads is None else rd.reads | {"vg"}
        rd.gate = [None, None, ()]


def update_gate(g, s) -> tuple:
    """Who has the gated cards in play in state `s` ((card, owner) pairs), kept in rd.gate for
    the state and cards' version asked last (one comparison per ruler asked)."""
    gate = g.rule.gate
    cards = g.rule.gates
    zones, defs = s.zones, s.card_defs
    got = []
    for f in s.seats:
        for key in g.in_play_keys(f):
            for c in zones.get(key) or ():
                if defs[c] in cards:
                    got.append((defs[c], f))
    gate[2] = tuple(got)
    gate[0], gate[1] = s.uid, s.vc
    return gate[2]


# ---------------------------------------------------------------------------------------------
# the value

def compute(ctx, space):
    """Who rules `space` now, by the declaration and the modifiers (the slow, general path)."""
    g = ctx.g
    rd = g.rule
    for m in rd.overrides:
        for me in _mes(ctx, m):
            c = _as(ctx, me, m.var, space)
            if m.condition is None or m.condition(c):
                return m.value(c)
    here = ctx.s.board.get(space)
    if not here:
        return None
    kinds = g.piece_kinds
    totals = [None] * len(rd.tiers)
    base, weights, aliases = rd.base, rd.weights, rd.aliases
    for kind, n in here.items():
        if not n:
            continue
        owner = kinds[kind].owner
        tier, w = base.get(kind, (0, 0))
        for m in weights.get(kind, ()):
            if m.card is not None and not _cards.in_play_for(ctx, owner, m.card):
                continue
            c = _as(ctx, owner if m.owner is None else m.owner, m.var, space)
            if m.condition is None or m.condition(c):
                w = m.value(c) or 0
                if m.tier is not None:
                    tier = m.tier
        if w <= 0:
            continue
        to = (owner,)
        for m in aliases.get(kind, ()):
            if m.card is not None and not _cards.in_play_for(ctx, owner, m.card):
                continue
            c = _as(ctx, owner if m.owner is None else m.owner, m.var, space)
            if m.condition is None or m.condition(c):
                v = m.value(c)
                to = tuple(v) if isinstance(v, (list, tuple)) else (v,)
        for f in to:
            if f is None:
                continue
            counts = totals[tier]
            if counts is None:
                counts = totals[tier] = {}
            counts[f] = counts.get(f, 0) + w * n
    for counts in totals:
        if counts:
            return decide(ctx, counts, space)
    return None


def decide(ctx, counts, space):
    """The owner with strictly the most; a tie goes to a tie-breaker among the tied, else to
    nobody."""
    top = max(counts.values())
    tied = [f for f, n in counts.items() if n == top]
    if len(tied) == 1:
        return tied[0]
    for m in ctx.g.rule.ties:
        for me in _mes(ctx, m):
            c = _as(ctx, me, m.var, space)
            if m.condition is not None and not m.condition(c):
                continue
            f = m.value(c)
            if f in tied:
                return f
    return None


def _mes(ctx, m):
    """Who a modifier speaks for: its faction, or the owners of its card in play (N5)."""
    return (m.owner,) if m.card is None else _cards.owners_in_play(ctx, m.card)


def _as(ctx, me, var, space):
    """A context that sees the rule from `me`, with only the space bound (the caller's
    variables are not the rule's: who rules is the same whoever asks)."""
    c = ctx.child(env={var: space} if var else {})
    c.me = me
    return c


# ---------------------------------------------------------------------------------------------

def _key_pos(d, k):
    """Where a key is written (the key itself: it is the key that is wrong here)."""
    kp = getattr(d, "key_pos", None)
    return (kp.get(k) if kp else None) or pos_of(d, k)


def _spell_key(lang, k):
    from .. import lexicon
    return lexicon.get(lang).spell_key(k)


def _spell_value(lang, v):
    from .. import lexicon
    return lexicon.get(lang).spell_value(v)


def _truthy(v) -> bool:
    if isinstance(v, bool):
        return v
    return v is not None and fold(str(v)) in ("sim", "si", "true", "yes", "verdadeiro", "verdadero")
