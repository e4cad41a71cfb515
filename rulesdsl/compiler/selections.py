"""Noun phrases → selection objects: the dispatcher by element type, owners, quantifiers,
number ranges, typed counters and the predicates every element type shares.
"""
from __future__ import annotations

from .. import nodes as N
from ..interpreter import board as _bd
from ..interpreter import small_forms as _small
from .. import codegen as _cg
from .context import ANY, CC, COUNTER, ENUMVAL, FACTION, NUMBER, ZONE
from .sels import ListSel, Simple, _flat
from .filter_checks import _filter_word, _number_filter, _type_words
from .expressions import compile_expr


# =============================================================================================
# noun phrases

def compile_sel(cc: CC, node: N.Sel, role: str = "value", default_owner=None):
    """role: value | count | choose | foreach | verb  (changes defaults, not meaning)"""
    g = cc.g
    noun = node.noun
    kind = noun.kind
    quant = compile_quant(cc, node.quant)
    var = node.var
    prefer = next((f for f in node.filters if f.kind == "prefer"), None)
    if prefer is not None and not (kind == "spacekind" or (kind == "builtin" and noun.ids[0] == "space")
                                   or (kind == "edgekind" and noun.ids[0] in g.path_kinds)):
        # "de preferência onde ..." chooses among spaces only (A.8.2.II)
        cc.err("C009", prefer, kind=_filter_word(cc, "prefer"))
    if kind == "builtin":
        what = noun.ids[0]
        if what == "card":
            return compile_card_sel(cc, node, quant)
        if what == "faction":
            return compile_faction_sel(cc, node, quant)
        if what == "hireling":
            # the hirelings in play (interpreter/hirelings.py): factions without a seat
            return compile_faction_sel(cc, node, quant, hirelings=True)
        if what == "party":
            # the seats and the hirelings in play ("jogador ou capanga": who can be battled)
            return compile_faction_sel(cc, node, quant, hirelings="both")
        if what == "space":
            return compile_space_sel(cc, node, None, quant)
        if what == "piece":
            return compile_piece_sel(cc, node, tuple(g.piece_kinds), quant, default_owner)
        if what == "number":
            return compile_number_sel(cc, node, quant)      # N8: "um número N entre 1 e 4"
        return Simple(what, what, quant, node.owner)
    if kind == "spacekind":
        return compile_space_sel(cc, node, noun.ids[0], quant)
    if kind == "edgekind":
        if noun.ids[0] in g.path_kinds:
            # N18: an edge kind that holds pieces: its edges are spaces ("cada caminho livre",
            # "o caminho entre C e D", "caminho P adjacente a C"; interpreter/board.py)
            return compile_space_sel(cc, node, noun.ids[0], quant)
        # "houver caminho fechado", "número de caminhos fechados": the edges of a kind now
        # (interpreter/board.py), one pair [a, b] each
        if node.filters:
            cc.err("C009", node.filters[0], kind=_filter_word(cc, node.filters[0].kind))
        ek = noun.ids[0]
        return ListSel("edge", lambda ctx: _bd.board(ctx).edges.get(ek, ()), [], var, quant)
    if kind in ("piece", "category"):
        kinds = []
        for i in noun.ids:
            if kind == "category":
                kinds.extend(g.category_kinds(i))
            else:
                kinds.append(i)
        return compile_piece_sel(cc, node, tuple(dict.fromkeys(kinds)), quant, default_owner)
    if kind == "enum":
        vals = g.enum_values(noun.ids[0])
        preds = compile_generic_preds(cc, node, ENUMVAL)
        return ListSel(ENUMVAL, lambda ctx: vals, preds, var, quant)
    if kind == "zone":
        z = noun.ids[0]
        owner_fn = owner_expr(cc, node.owner)
        for f in node.filters:
            if f.kind == "of":
                fo, to = compile_expr(cc, f.arg)
                # ANY: a derived value's parameter ("área de jogo de D"), a faction at run time
                if to == FACTION or to == ANY:
                    owner_fn = fo
                else:
                    # "mão de Norte": not a player, and the zone would silently be yours (C040)
                    cc.err("C040", f.arg, zone=noun.text, what=_type_words(cc, to))
            else:
                # a zone takes only its owner ('de D'); any other filter would be ignored
                cc.err("C009", f, kind=_filter_word(cc, f.kind))
        s = Simple(ZONE, z, quant, node.owner)
        s.key = _cg.mark(lambda ctx: g.zone_key(z, owner_fn(ctx)), "{zk}({z}, {0})", owner_fn, zk=g.zone_key, z=z)
        return s
    if kind == "counter":
        return Simple(COUNTER, noun.ids[0], quant, node.owner)
    if kind == "die":
        return Simple("die", noun.ids[0], quant)
    if kind in ("action",):
        return Simple("action", noun.ids[0], quant)
    cc.err("C006", noun, word=noun.text)


def owner_expr(cc, owner):
    if owner is None or owner == "mine":
        return _cg.me(lambda ctx: ctx.me)
    if owner == "enemy":
        return lambda ctx: None
    f, _ = compile_expr(cc, owner)
    return f


def compile_quant(cc: CC, q):
    """-> None | ('n', fn) | ('each',) | ('all',) | ('any',) | ('upto', fn) | ('atleast', fn)"""
    if q is None:
        return None
    if isinstance(q, tuple):
        if q[0] in ("upto", "atleast"):
            f, _ = compile_expr(cc, q[1])
            return (q[0], f)
        return q
    f, _ = compile_expr(cc, q)
    return ("n", f)


def _bind(cc, var, etype):
    if var:
        cc.vars[var] = etype


def compile_generic_preds(cc, node, etype):
    _bind(cc, node.var, etype)
    preds = []
    for f in node.filters:
        if f.kind == "among":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, x, fo=fo: x in _flat(fo(ctx)))
        elif f.kind == "except":
            fo, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, x, fo=fo: x not in _flat(fo(ctx)))
        elif f.kind == "where":
            fc, _ = compile_expr(cc, f.arg)
            preds.append(lambda ctx, x, fc=fc: fc(ctx))
        else:
            if f.kind == "is":
                _number_filter(cc, f, compile_expr(cc, f.arg)[1], node)
            cc.err("C009", f, kind=_filter_word(cc, f.kind))
    return preds


def quant_count(q, ctx, default=1):
    if q is None:
        return default
    tag = q[0]
    if tag == "n":
        return q[1](ctx)
    if tag == "upto":
        return q[1](ctx)
    if tag == "atleast":
        return q[1](ctx)
    return default


def compile_number_sel(cc: CC, node: N.Sel, quant):
    """`escolha um número N entre A e B` (N8): the whole numbers from A to B, both included
    (A and B read when the choice is made; B below A: nothing to choose). Other filters
    (`onde ...`, `exceto ...`) narrow them. Without `entre A e B`, or with another list, M110."""
    rng = [f for f in node.filters if f.kind == "among"]
    items = rng[0].arg.items if rng and isinstance(rng[0].arg, N.ListOf) else []
    if len(rng) != 1 or len(items) != 2:
        cc.err("M110", rng[0] if rng else node)
    fa, _ = compile_expr(cc, items[0])
    fb, _ = compile_expr(cc, items[1])
    rest = N.Sel(node.quant, node.noun, node.var, node.owner,
                 [f for f in node.filters if f is not rng[0]], pos=node.pos)
    preds = compile_generic_preds(cc, rest, NUMBER)

    def numbers(ctx):
        a, b = fa(ctx), fb(ctx)
        if not isinstance(a, int) or not isinstance(b, int):
            return []
        return range(a, b + 1)
    return ListSel(NUMBER, numbers, preds, node.var, quant)


def _typed_counter_read(cc: CC, cid, fo):
    """N8: a counter holding an enumeration value or a faction, read as that value (None while
    it holds none); its type is the value's, so `X é Y` and `correspondente a` check it."""
    g = cc.g
    vals = _small.typed_values(g, cid)
    t = FACTION if cid in g.faction_counters_typed else ENUMVAL

    def read(ctx):
        return _small.decode(vals, ctx.s.counters.get(g.counter_key(cid, fo(ctx)), 0))
    return read, t


# Below the definitions: these modules call back into this one (the compiler is mutually
# recursive: an expression holds a selection whose filters hold expressions).
from .spaces import compile_space_sel  # noqa: E402
from .pieces import compile_piece_sel  # noqa: E402
from .cards import compile_card_sel, compile_faction_sel  # noqa: E402
