"""Code generation: compiled rules as Python source, compiled once (issue 11).

The compiler (rulesdsl/compiler/) turns the tree into closures and does every check (types, errors with
positions). This module then rewrites the hot constructs as *generated Python source*, compiled
once with `compile()`/`exec` (the way Jinja2 compiles templates):

* expressions that only glue others (`e`, `ou`, `não`, comparisons, arithmetic, numbers,
  variables, `você`) are inlined into one function: `a e (b ou não c)` is one Python
  expression, not five closures calling each other;
* a selection of spaces (`houver clareira C onde ...`, `clareiras ... com ...`) becomes one loop
  with its variable bound in the caller's dictionary and its `onde` conditions inlined;
* a selection of pieces (`houver guerreiro seu em C`, `número de madeiras ...`) becomes one loop
  over the places with its filters, with no generator between.

What the generator does not know stays a closure and is called from the generated code (`_f3(ctx)`),
so a verb, filter or expression added to the compiler keeps working unchanged. The generated
code evaluates the same things in the same order as the closures it replaces (the same
short-circuits, the same bindings and put-backs), so games stay identical for a seed.

A compiled function carries its source in `fn._cg = (source, namespace)`: a parent inlines the
source instead of calling the function. RULESDSL_CODEGEN=0 turns the generator off (closures
only), to compare.
"""
from __future__ import annotations

import os
import re
from types import FunctionType as _Function

from .codegen_hoist import LoopCond
from . import codegen_req as _req

ON = os.environ.get("RULESDSL_CODEGEN", "1") != "0"

MAX_INLINE = 1500          # an expression's source longer than this is called, not inlined

_code_cache: dict = {}     # source text -> code object: expressions of the same shape share one

# Names in generated source are local to each function (_g_0, _g_1, ...), so two expressions
# of the same shape have the same text and compile once (a ruleset has thousands of them).
# Inlining a child's source renames its names after the parent's own (relocation).
_NAME = re.compile(r"\b_g_(\d+)\b")


class _Ns:
    """The globals of one generated function: the compiled pieces it calls, by local names."""

    __slots__ = ("objs", "ids", "d")

    def __init__(self):
        self.objs = []
        self.ids = {}
        self.d = {}             # fixed helper names (_kind_set, _K...) of statement builders

    def ref(self, obj, stem=None) -> str:
        i = self.ids.get(id(obj))
        if i is None:
            i = self.ids[id(obj)] = len(self.objs)
            self.objs.append(obj)
        return f"_g_{i}"

    def inline(self, src: str, objs) -> str:
        """A child's source with its names renamed to this namespace's."""
        if not objs:
            return src
        names = [self.ref(o) for o in objs]
        return _NAME.sub(lambda m: names[int(m.group(1))], src)


def _src(ns: _Ns, fn) -> str:
    """The source of an expression function: its own (inlined) or a call of it."""
    cg = getattr(fn, "_cg", None)
    if cg is not None and len(cg[0]) <= MAX_INLINE:
        return ns.inline(cg[0], cg[1])
    return f"{ns.ref(fn)}(ctx)"


def _build(ns: _Ns, body: str, name: str, args: str = "ctx"):
    text = f"def {name}({args}):\n{body}"
    code = _code_cache.get(text)
    if code is None:
        code = _code_cache[text] = compile(text, f"<rulesdsl {name}>", "exec")
    g = {f"_g_{i}": o for i, o in enumerate(ns.objs)}
    g.update(ns.d)
    g["__builtins__"] = __builtins__
    exec(code, g)
    if not MEMO_WRAPPERS.isdisjoint(map(id, ns.objs)):
        for i, o in enumerate(ns.objs):
            if type(o) is _Function and "_memo_bind" in o.__dict__:
                # a memo table's wrapper: once its trial switches the table off, this
                # function calls the bare expression (its name in these globals is rebound)
                from .compiler.memo import bind
                bind(g, f"_g_{i}")
    return g[name]


# the ids of compiler/memo.py's wrappers: _build asks whether a function calls one in one
# C-level test, not a loop per object (an id reused after a ruleset is freed only costs the
# loop, which looks at the object itself)
MEMO_WRAPPERS: set = set()


def _expr_fn(ns: _Ns, src: str):
    fn = _build(ns, f"    return {src}\n", "_e")
    fn._cg = (src, tuple(ns.objs))
    return fn


def _literal(v) -> bool:
    """A constant written into the source (a text that looks like a local name is not)."""
    return v is None or type(v) in (int, float, bool) or (type(v) is str and "_g_" not in v and "@" not in v)


# --- leaves ---------------------------------------------------------------------------------

def const(fn, v):
    """`fn` returns the constant v: mark it so parents inline the value."""
    if ON and _literal(v):
        fn._cg = (repr(v), ())
    return fn


def var(fn, name: str):
    if ON:
        fn._cg = (f"ctx.env.get({name!r})", ())
    return fn


def me(fn):
    if ON:
        fn._cg = ("ctx.me", ())
    return fn


# who rules the element ({r}: runtime.ruler, {ck}: its _CHECKED mark): ruler's own first test
# written in place — the ruler kept for the space while the state has not changed since the
# kept rulers were checked (a space nobody rules is kept as None, and asks ruler) — so a loop
# over spaces calls ruler only for a space not known yet at this position
RULER = "((ctx.s._ruler.get({x}, 0) if ctx.s._ruler.get({ck}) == ctx.s.vid else 0) or {r}(ctx, {x}))"


def supply_of(fn, sel, supply_count, g):
    """`fn` sums the supplies of the kinds `sel` lists (codegen_req.positive_supply)."""
    return _req.supply_of(fn, sel, supply_count, g)


def mark(fn, template: str, *subs, **objs):
    """`fn` computes `template`: {0}, {1}... are the sources of the expressions `subs`, {name}
    the objects `objs` (the game definition's methods, constants). Parents inline it."""
    if not ON:
        return fn
    ns = _Ns()
    args = [f"({_src(ns, f)})" for f in subs]
    kw = {k: (repr(v) if type(v) is str and _literal(v) else ns.ref(v)) for k, v in objs.items()}
    src = template.format(*args, **kw)
    if _inlines(subs):
        # called on its own (by a closure the generator does not know): one generated function
        # instead of the closure calling each of its parts ("a carta K" read in the function)
        return _expr_fn(ns, src)
    fn._cg = (src, tuple(ns.objs))
    return fn


def _inlines(subs) -> bool:
    """Whether the source of one of `subs` is written in place (not a call of it)."""
    for f in subs:
        cg = getattr(f, "_cg", None)
        if cg is not None and len(cg[0]) <= MAX_INLINE:
            return True
    return False


def mark_pred(p, template: str, *subs, **objs):
    """A filter `p(ctx, x)` whose test is `template` ({x} the element, as in mark)."""
    if not ON:
        return p
    ns = _Ns()
    args = [f"({_src(ns, f)})" for f in subs]
    kw = {k: (repr(v) if type(v) is str and _literal(v) else ns.ref(v)) for k, v in objs.items()}
    kw["x"] = "@x"
    src = template.format(*args, **kw)
    if _inlines(subs):
        # called on its own (`_passing`, a closure): one generated function, parts inlined
        q = _build(ns, f"    return {src.replace('@x', 'x')}\n", "_p", "ctx, x")
        q._cg_pred = (src, tuple(ns.objs))
        return q
    p._cg_pred = (src, tuple(ns.objs))
    return p


# --- glue -----------------------------------------------------------------------------------

def _parts(fn, kind, make, fs, nodes):
    """Keep how `fn`'s source was made (its parts' functions and tree nodes) so that a loop
    can write it again with some parts hoisted or reordered (codegen_hoist.py)."""
    if nodes is not None and len(nodes) == len(fs):
        fn._cg_parts = (kind, make, tuple(fs), tuple(nodes))
    return fn


def arith(op, fa, fb, nodes=None):
    if not ON:
        return None

    def make(ns, a, b):
        if op in ("+", "-", "*"):
            return f"{_num(a)} {op} {_num(b)}"
        return f"{_num(a)} // {ns.ref(max)}(1, ({b}) or 1)"
    ns = _Ns()
    a, b = _src(ns, fa), _src(ns, fb)
    return _parts(_expr_fn(ns, make(ns, a, b)), "arith", make, (fa, fb), nodes)


def _num(src: str) -> str:
    """An operand of arithmetic or an ordering: a missing value counts 0 (`or 0`); a whole
    number written in the rule is already one (`3 or 0` is 3, `0 or 0` is 0)."""
    if src.isdigit():
        return src
    return f"(({src}) or 0)"


_CMP = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def cmp(op, fa, fb, eq=None, nodes=None):
    """`eq`: the equality of the operands' type when `==` is not it (enum values, where a
    space may hold several: compiler/expressions.py enum_eq)."""
    if not ON or op not in _CMP:
        return None
    gen = _req.positive_supply(op, fa, fb) if eq is None else None
    if gen is not None:
        return gen       # a generated requirement part (codegen_req.py): called, not inlined

    def make(ns, a, b):
        if eq is not None:
            neg = "not " if op == "!=" else ""
            return f"({neg}{ns.ref(eq, '_eq')}({a}, {b}))"
        if op in ("=", "!="):
            return f"({a}) {_CMP[op]} ({b})"
        return f"{_num(a)} {_CMP[op]} {_num(b)}"
    ns = _Ns()
    a, b = _src(ns, fa), _src(ns, fb)
    return _parts(_expr_fn(ns, make(ns, a, b)), "cmp", make, (fa, fb), nodes)


def logic(op, fs, nodes=None):
    if not ON:
        return None

    def make(ns, *parts):
        joined = (" and " if op == "and" else " or ").join(f"({p})" for p in parts)
        return f"(True if {joined} else False)"
    ns = _Ns()
    return _parts(_expr_fn(ns, make(ns, *[_src(ns, f) for f in fs])), op, make, fs, nodes)


def negate(f, node=None):
    if not ON:
        return None

    def make(ns, a):
        return f"(not ({a}))"
    ns = _Ns()
    return _parts(_expr_fn(ns, make(ns, _src(ns, f))), "not", make, (f,),
                  None if node is None else (node,))


# --- selections -----------------------------------------------------------------------------

def _pred_src(ns: _Ns, p, x: str) -> str:
    """A filter's test of the element `x`: an `onde` condition inlined, anything else called."""
    cg = getattr(p, "_cg_pred", None)
    if cg is not None:
        return f"({ns.inline(cg[0], cg[1]).replace('@x', x)})"
    inner = getattr(p, "_cg_where", None)
    if inner is not None:
        return f"({_src(ns, inner)})"
    return f"{ns.ref(p, '_p')}(ctx, {x})"


def _loop(ns: _Ns, base: str, preds, var, on_hit: str, ind: str = "    ", lc=None) -> str:
    """`for x in base:` binding var, with the filters as one condition (_passing's order);
    `lc`: a codegen_hoist.LoopCond that writes the `onde` conditions (its prelude goes first)."""
    if lc is not None:
        cond = " and ".join(lc.pred(p, "x", _pred_src) for p in preds) or "True"
    else:
        cond = " and ".join(_pred_src(ns, p, "x") for p in preds) or "True"
    if var:
        # the loop's variable read in its own condition is the element (bound just above;
        # the condition is pure and what it calls puts back what it binds): a local, not a
        # look-up in the variables. No other loop is written inside a condition (a nested
        # selection is a function of its own), so `x` here is always this loop's
        cond = cond.replace(f"ctx.env.get({var!r})", "x")
    out = ""
    if var:
        out += f"{ind}env = ctx.env\n{ind}saved = env.get({var!r})\n"
    out += f"{ind}for x in {base}:\n"
    if var:
        out += f"{ind}    env[{var!r}] = x\n"
    out += f"{ind}    if {cond}:\n{ind}        {on_hit}\n"
    return out


def _put_back(var, ind="    ") -> str:
    if not var:
        return ""
    return (f"{ind}if saved is None:\n{ind}    env.pop({var!r}, None)\n"
            f"{ind}else:\n{ind}    env[{var!r}] = saved\n")


def space_sel(sel, any_name="any", items_name="items") -> None:
    """SpaceSel.any / items as one loop each (the selection's filters inlined), set as the
    selection's attributes `any_name` and `items_name`."""
    if not ON or not sel.preds:
        return
    try:
        ns = _Ns()
        lc = LoopCond(ns, sel.var)
        base = f"{ns.ref(sel._base, '_base')}(ctx)"
        loop = _loop(ns, base, sel.preds, sel.var, "r = True; break", lc=lc)
        body = lc.prelude() + "    r = False\n" + loop + _put_back(sel.var) + "    return r\n"
        any_fn = _build(ns, body, "_any")
        ns2 = _Ns()
        lc = LoopCond(ns2, sel.var)
        base = f"{ns2.ref(sel._base, '_base')}(ctx)"
        loop = _loop(ns2, base, sel.preds, sel.var, "out.append(x)", lc=lc)
        body = lc.prelude() + "    out = []\n" + loop + _put_back(sel.var) + "    return out\n"
        items_fn = _build(ns2, body, "_items")
    except SyntaxError:          # pragma: no cover - a source the generator got wrong
        return
    setattr(sel, any_name, any_fn)
    setattr(sel, items_name, items_fn)


def upto(sel):
    """sel.upto (count no further than n: compiler/bounded.py) as a generated loop, built when
    a comparison first bounds a count of `sel` (few selections are: not one for each)."""
    fn = sel.__dict__.get("_cg_upto")
    if fn is not None:
        return fn
    fn = sel.upto
    if ON and sel.preds:
        try:
            fn = _card_loop(sel, "upto") if hasattr(sel, "zones_fn") else _space_upto(sel)
        except SyntaxError:      # pragma: no cover
            fn = sel.upto
    sel._cg_upto = fn
    return fn


def _space_upto(sel):
    ns = _Ns()
    lc = LoopCond(ns, sel.var)
    base = f"{ns.ref(sel._base, '_base')}(ctx)"
    loop = _loop(ns, base, sel.preds, sel.var, "r += 1\n            if r == n: break", lc=lc)
    body = lc.prelude() + "    if n is not None and n <= 0:\n        return 0\n    r = 0\n" + loop \
        + _put_back(sel.var) + "    return r\n"
    return _build(ns, body, "_upto", "ctx, n")


def _bind(env, var, x):
    env[var] = x


def flat_of(where, fo):
    """`where` is _flat(fo(ctx)): piece selections inline fo."""
    if ON:
        if _inlines((fo,)):
            # called on its own: `_flat(<fo>)` as one generated function
            from .compiler.sels import _flat
            ns = _Ns()
            ns.d["_flat"] = _flat
            where = _build(ns, f"    v = {_src(ns, fo)}\n    return _flat(v) if isinstance(v, list) else [v]\n",
                           "_fl")
        where._cg_flat = fo
    return where


def piece_sel(sel, piece_spaces, flat) -> None:
    """PieceSel.exists / count as loops over the places (no generator between), with the
    branches the selection does not need left out."""
    if not ON:
        return
    ns = _Ns()
    d = ns.d
    d["_kind_set"] = sel.kind_set
    d["_piece_spaces"] = piece_spaces
    _flat = flat
    flat = getattr(sel.where, "_cg_flat", None)
    pre = ""
    if sel.where is None:
        spaces = "_piece_spaces(ctx)"
    elif flat is not None:
        # one place (the common case, "em C") is looked at as it is; a list is flattened
        d["_flat"] = _flat
        pre = f"    v = {_src(ns, flat)}\n"
        spaces = "(_flat(v) if isinstance(v, list) else (v,))"
    else:
        spaces = f"{ns.ref(sel.where, '_w')}(ctx)"
    statused = bool(sel.st_on or sel.st_off)
    if statused:
        d["_zone_count"] = sel.zone_count
    cond = " and ".join(_pred_src(ns, p, "sp") for p in sel.preds)
    # every place: only those the presence view of the kind set names (interpreter/presence.py:
    # built by the first scan of a version of the pieces, walked by the next ones); the places
    # left out hold none of the kinds, so the loop below would find nothing there
    viewed = sel.where is None and not sel.kind_preds
    if viewed:
        from .interpreter.presence import holding
        d["_holding"] = holding
        spaces = "view"
    head = (pre + "    s = ctx.s\n    board = s.board\n    pz = s.piece_zones\n"
            f"    for sp in {spaces}:\n"
            "        b = board.get(sp) or pz.get(sp)\n"
            "        if not b:\n            continue\n")
    # the place's filters ("correspondente a naipe de K", "governada por você") are pure: asked
    # once a place holds a piece of the kinds sought, not for every place with any piece
    # (bases are in 3 clearings of 12; the result is the same)
    if cond:
        head += "        ok = False\n"

    if not sel.kind_preds and sel.owner is None:
        d["_K"] = frozenset(sel.kinds)
        get_kset = "    kset = _K\n"
    elif not sel.kind_preds and sel.owner in ("mine", "mine_or_neutral"):
        d["_ks"] = sel._ksets              # kind_set's own table, by the acting faction
        get_kset = "    kset = _ks.get(ctx.me)\n    if kset is None:\n        kset = _kind_set(ctx)\n"
    else:
        get_kset = "    kset = _kind_set(ctx)\n"

    def hit(first, ind):
        # what a kind found in the place does (the filters asked once, the statuses counted)
        out = (f"{ind}if not ok:\n{ind}    if not ({cond}):\n{ind}        break\n{ind}    ok = True\n"
               if cond else "")
        if statused:
            if first:
                out += f"{ind}if not _zone_count(ctx, sp, k):\n{ind}    continue\n"
            else:
                out += f"{ind}n = _zone_count(ctx, sp, k)\n{ind}if not n:\n{ind}    continue\n"
        out += f"{ind}return True\n" if first else f"{ind}total += n\n"
        return out

    def scan(first):
        body = get_kset + "    if not kset:\n        return " + ("False" if first else "0") + "\n"
        if viewed:
            body += "    view = _holding(ctx, kset, _piece_spaces(ctx))\n"
            if not cond and not statused:
                # every piece of the kinds counts: the view's numbers are the answer
                return body + ("    return bool(view)\n" if first else "    return sum(view.values())\n")
        if not first:
            body += "    total = 0\n"
        # the smaller side is walked: the kinds sought (one, most often: "guerreiros seus")
        # looked up in the place, or the place's kinds looked up in the set; the answer is the
        # same either way (a sum, or whether there is one; the filters and counts are pure), so
        # the order of a set's kinds does not matter
        by_kind = ("            for k in kset:\n                n = b.get(k)\n"
                   "                if n:\n" + hit(first, " " * 20))
        if len(sel.kinds) == 1:
            body += head + "        if True:\n" + by_kind     # one kind: looked up
        else:
            body += (head + "        if len(kset) < len(b):\n" + by_kind +
                     "        else:\n            for k, n in b.items():\n"
                     "                if n and k in kset:\n" + hit(first, " " * 20))
        body += "    return False\n" if first else "    return total\n"
        return body
    kp = sel.kind_preds
    if kp and not sel._whole:
        # the filters on kinds ("construção T sua onde ..."): one loop, conditions inlined
        kns = _Ns()
        conds = []
        first = getattr(kp[0], "_cg_kwhere", (None, None))[1]
        for p in kp:
            kw = getattr(p, "_cg_kwhere", None)
            if kw is None:
                conds.append(f"{kns.ref(p, '_p')}(ctx, kk)")
                continue
            fc, v = kw
            c = f"({_src(kns, fc)})"
            if v and v != first:
                c = f"(_bind(env, {v!r}, kk) or {c})"
            conds.append(c)
        kns.d["_bind"] = _bind
        bind_first = f"        env[{first!r}] = kk\n" if first else ""
        body = ("    env = ctx.env\n    out = []\n    for kk in ks:\n" + bind_first +
                f"        if {' and '.join(conds)}:\n            out.append(kk)\n    return out\n")
        try:
            sel._filter_kinds = _build(kns, body, "_fk", "ctx, ks, kp")
        except SyntaxError:      # pragma: no cover
            pass
    try:
        if not (sel.kind_preds and not sel._whole):
            sel.exists = _build(ns, scan(True), "_exists")
        if sel.cover is None:
            sel.count = _build(ns, scan(False), "_count")
    except SyntaxError:          # pragma: no cover
        return


def one_zone(zones_fn, key):
    """`zones_fn` returns [key(ctx)]: card selections inline the key."""
    if ON:
        zones_fn._cg_one = key
    return zones_fn


def card_sel(sel) -> None:
    """CardSel.any / items as loops over the zones' cards (the `onde` conditions inlined)."""
    if not ON or not sel.preds:
        return
    try:
        any_fn, items_fn = _card_loop(sel, "any"), _card_loop(sel, "items")
    except SyntaxError:          # pragma: no cover
        return
    sel.any = any_fn
    sel.items = items_fn


def _card_loop(sel, how):
    """One loop over the zones' cards: "any" (the first that passes), "items" (all), "upto"
    (how many, no further than n)."""
    ns = _Ns()
    one = getattr(sel.zones_fn, "_cg_one", None)     # one zone: its key's source
    zones = f"({_src(ns, one)},)" if one is not None else f"{ns.ref(sel.zones_fn, '_z')}(ctx)"
    hit = {"any": "found = True; break", "items": "out.append(x)",
           "upto": "r += 1\n                if r == n: break"}[how]
    body = "    zs = ctx.s.zones\n" + {"any": "", "items": "    out = []\n",
                                        "upto": "    if n is not None and n <= 0:\n"
                                                "        return 0\n    r = 0\n"}[how]
    body += f"    for z in {zones}:\n"
    if how == "any":
        body += "        found = False\n"
    lc = LoopCond(ns, sel.var)
    body += _loop(ns, "zs.get(z, ())", sel.preds, sel.var, hit, "        ", lc=lc)
    body = lc.prelude() + body
    body += _put_back(sel.var, "        ")
    body += {"any": "        if found:\n            return True\n    return False\n",
             "items": "    return out\n",
             "upto": "        if r == n:\n            break\n    return r\n"}[how]
    return _build(ns, body, "_c" + how, "ctx, n" if how == "upto" else "ctx")
