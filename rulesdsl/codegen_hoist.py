"""Loop conditions that do less work (issue 11): the `onde` condition of a selection loop
(`houver clareira C onde A e (B ou D) e E`, `cartas ... onde ...`) written again by the loop
that runs it, with two generic rewrites on the compiled parts (codegen.py keeps, for `e`,
`ou`, `não`, comparisons and arithmetic, the parts' functions and their tree nodes):

* **loop-invariant hoisting**: a part that does not read the loop's variable (no `C` in it,
  and no derived value whose `contexto:` could read `C` from the caller) has the same value
  for every element, since nothing else changes while the loop looks (conditions are pure:
  they choose nothing, draw nothing and change nothing; nested selections put back what they
  bind). It is computed once per evaluation of the loop, the first time an element needs it
  — lazily, so a part the short-circuits never reached is still never computed, and an error
  it would raise is raised at the same element as before. `não houver simpatia` in distribuir
  simpatia (8.4.2) is one lookup per evaluation instead of one per clearing.
* **cheap conjuncts first**: in an `e` chain, the conjuncts that only compare constants,
  variables, `você` and attributes of the loop's element (`naipe de C = raposa`) are tested
  before the others (`é possível posicionar`, counts, existences). The result is the same
  (`True if a and b else False` does not depend on the order of pure parts); what changes is
  how often the costly ones run. These cheap parts do not raise on the values the compiler's
  type checks let through (the loop's element is never None while the loop runs), so moving
  them first adds no error a rule did not have.

What is hoisted is checked while RULESDSL_CHECK_MEMO=1 (compiler.memo.CHECK_MEMO): every
reuse is computed again and compared, as memo hits are. RULESDSL_CODEGEN=0 has neither
rewrite (the closures evaluate in the written order), and both play the same games.
"""
from __future__ import annotations

from . import nodes as N

_U = object()          # a hoisted value not computed yet in this evaluation of the loop

# names whose value is a constant of the ruleset (compile_name_value): as cheap as a literal
_CONST_NAMES = {"faction", "space", "enumval", "piece", "card", "tag", "phase", "action",
                "pieceset", "deck", "map", "step"}
# attributes read in constant time from the element ("naipe de C", "custo de K"): not derived
# values and not counters (those are calls)
_NOT_PLAIN_ATTR = {"derived", "counter", "counter_attr"}

# per ruleset: the variables any derived value may read from its caller (`contexto:`); the
# derived values' modifiers are compiled after the actions, so a value named here may read
# what any of them reads (a superset: safe)
_CONTEXTS: dict = {}


def _contexts(g) -> frozenset:
    derived = getattr(g, "derived", {})
    hit = _CONTEXTS.get(id(g))
    if hit is not None and hit[0] is g and hit[1] == len(derived):
        return hit[2]
    # (kept by the number of derived values read so far: a loop compiled before some of them
    # were read asks again)
    out = frozenset(v for d in derived.values() for v in getattr(d, "context", ()))
    _CONTEXTS.clear()
    _CONTEXTS[id(g)] = (g, len(derived), out)
    return out


def reads_var(node, var, g) -> bool:
    """Whether the expression may read the variable `var`: named anywhere in it (bound again
    inside or not: conservative), or through a derived value's `contexto:`."""
    names, derived = _names(node)
    return var in names or (derived and var in _contexts(g))


_NAMES: dict = {}      # id(node) -> (node, its variables' names, names a derived value)


def _names(node):
    """The names of the variables in a tree and whether it names a derived value, bottom-up
    and kept per node (a loop asks about each part and then about the parts of each part)."""
    hit = _NAMES.get(id(node))
    if hit is not None and hit[0] is node:
        return hit[1], hit[2]
    t = type(node)
    names = set()
    derived = (t is N.Name and node.kind in ("derived", "derived_value")) or \
        (t is N.AttrOf and node.attr.kind == "derived")
    if t is N.Var:
        names.add(node.name)
    for c in node.children():
        cn, cd = _names(c)
        names |= cn
        derived = derived or cd
    names = frozenset(names)
    if len(_NAMES) > 20000:
        _NAMES.clear()
    _NAMES[id(node)] = (node, names, derived)
    return names, derived


def cheap(node, var) -> bool:
    """Constants, variables, `você`, comparisons and arithmetic of those, and plain
    attributes of the loop's element: no selection, count, call or derived value."""
    t = type(node)
    if t is N.Num or t is N.Var or t is N.Me:
        return True
    if t is N.Name:
        return node.kind in _CONST_NAMES
    if t is N.Cmp or t is N.Arith:
        return cheap(node.a, var) and cheap(node.b, var)
    if t is N.Logic:
        return all(cheap(x, var) for x in node.items)
    if t is N.Not:
        return cheap(node.a, var)
    if t is N.AttrOf:
        return node.attr.kind not in _NOT_PLAIN_ATTR and type(node.obj) is N.Var and node.obj.name == var
    return False


class LoopCond:
    """The condition of one generated loop over the variable `var`: filters written in
    place, their `onde` parts hoisted and ordered. `prelude()` goes before the loop."""

    def __init__(self, ns, var):
        self.ns = ns
        self.var = var
        self.n = 0

    def pred(self, p, x, plain):
        """A filter's test of the element `x`; `plain`: codegen._pred_src (no rewrite)."""
        wn = getattr(p, "_cg_wnode", None)
        inner = getattr(p, "_cg_where", None)
        if not self.var or wn is None or inner is None:
            return plain(self.ns, p, x)
        node, g = wn
        return f"({self.expr(inner, node, g)})"

    def expr(self, f, node, g) -> str:
        from .codegen import _src
        var = self.var
        if not cheap(node, var) and not reads_var(node, var, g):
            return self.hoist(_src(self.ns, f), self.ns.ref(f))
        parts = getattr(f, "_cg_parts", None)
        if parts is None or not self.todo(f, node, g):
            return _src(self.ns, f)          # nothing to rewrite inside: its source as it is
        kind, make, fs, nodes = parts
        srcs = [self.expr(c, n, g) for c, n in zip(fs, nodes)]
        if kind == "and":
            # stable: the cheaper conjuncts first, each class in its written order
            ranks = [self.rank(n, g) for n in nodes]
            srcs = [s for _, _, s in sorted(zip(ranks, range(len(srcs)), srcs))]
        return make(self.ns, *srcs)

    def todo(self, f, node, g) -> bool:
        """Whether some part of `f` is hoisted or reordered (else its source is used as it is,
        which is quicker to write)."""
        var = self.var
        if not cheap(node, var) and not reads_var(node, var, g):
            return True
        parts = getattr(f, "_cg_parts", None)
        if parts is None:
            return False
        kind, _, fs, nodes = parts
        if kind == "and":
            ranks = [self.rank(n, g) for n in nodes]
            if ranks != sorted(ranks):
                return True
        return any(self.todo(c, n, g) for c, n in zip(fs, nodes))

    def rank(self, node, g) -> int:
        """0: cheap; 1: computed once per evaluation of the loop (hoisted); 2: the rest
        (counts, existences, derived values, `é possível posicionar`...), in written order."""
        var = self.var
        if cheap(node, var):
            return 0
        if not reads_var(node, var, g):
            return 1
        return 2

    def hoist(self, src, fn) -> str:
        """`src` computed at its first use and reused after; checking memos, each reuse is
        compared with a fresh value (`fn`: the same part as a function, a shorter text)."""
        h = f"_h{self.n}"
        self.n += 1
        return (f"(({h} if not _m.CHECK_MEMO else _hk({h}, {fn}(ctx))) if {h} is not _u "
                f"else ({h} := ({src})))")

    def prelude(self, ind="    ") -> str:
        if not self.n:
            return ""
        d = self.ns.d
        d["_U"] = _U
        d["_hk"] = _check
        from .compiler import memo
        d["_M"] = memo
        names = " = ".join(f"_h{i}" for i in range(self.n))
        return f"{ind}_u = _U\n{ind}_m = _M\n{ind}{names} = _u\n"


def _check(kept, fresh):
    if kept != fresh:
        raise AssertionError(f"hoisted value out of date: kept {kept!r}, now {fresh!r}")
    return kept
