"""Code generation for statements: blocks, `se`, `seja` and `para cada` as generated Python.

`rulesdsl/codegen.py` turns expressions and selections into Python source compiled once; this
module does the same for the statements that only glue others. A block is one generated
function: its `seja` statements are assignments with their expression inlined, its `se`
statements are Python `if`s with the condition inlined and the branches' statements written in
place, its `para cada` statements are Python loops with the body written in place. Every other
statement (a verb, a choice, a menu, `tente`, `repita`...) is called, as before.

A statement may wait for a decision: it then returns what the frame machine pushes
(interpreter/machine.py). The generated code returns exactly what the closures it replaces
would have returned, built the same way: a block that waits at its statement i returns
`(Block(runs, ctx, i), r)` (or `r` at its last statement), a loop `(ForEach(...), r)`, and the
frames are those of interpreter/flow.py, so a game that resumes, copies itself or unwinds after
an exception sees the same frames, and the statements run in the same order with the same
bindings: games stay identical for a seed. The generated function only replaces the first pass
through a block: a frame resumes from the compiled statements (`runs`) themselves.

A compiled statement that can be written in place carries `fn._cgs`, a function
`emit(w, ind, wrap)` writing its source: `w` the writer (namespace, fresh local names), `ind`
the indentation, `wrap(e)` the source of what to return when the statement waits with `e`.
RULESDSL_CODEGEN=0 turns this off with the rest of the generator.
"""
from __future__ import annotations

from . import codegen as _cg
from .codegen import _Ns, _build, _src

MAX_DEPTH = 12          # statements nested deeper than this are called, not written in place
MAX_LINES = 400         # a block whose source would be longer is called, not written in place


class _W:
    """What the statements written into one function share: the namespace of the objects
    they call and a counter for the names of nested loops' locals."""
    __slots__ = ("ns", "n", "depth")

    def __init__(self):
        self.ns = _Ns()
        self.n = 0
        self.depth = 0

    def fresh(self) -> int:
        self.n += 1
        return self.n


def _call(w: _W, fn, ind: str, wrap) -> str:
    """A statement: written in place when it can be, else called."""
    emit = getattr(fn, "_cgs", None)
    if emit is not None and w.depth < MAX_DEPTH:
        w.depth += 1
        try:
            return emit(w, ind, wrap)
        finally:
            w.depth -= 1
    ref = w.ns.ref(fn)
    return f"{ind}r = {ref}(ctx)\n{ind}if r is not None:\n{ind}    return {wrap('r')}\n"


def _ident(e: str) -> str:
    return e


def _finish(w: _W, body: str, fn_name: str):
    """The generated function of a statement run on its own (returns None when it ends)."""
    from .interpreter import flow
    w.ns.d["_Block"] = flow.Block
    w.ns.d["_ForEach"] = flow.ForEach
    return _build(w.ns, body + "    return None\n", fn_name)


# --- block ----------------------------------------------------------------------------------

def _emit_block(runs):
    last = len(runs)

    def emit(w: _W, ind: str, wrap) -> str:
        if not runs:
            return f"{ind}pass\n"
        ref = w.ns.ref(runs)
        out = []
        for i, r in enumerate(runs, 1):
            if i < last:
                def wr(e, i=i):
                    return wrap(f"(_Block({ref}, ctx, {i}), {e})")
            else:
                wr = wrap
            out.append(_call(w, r, ind, wr))
        return "".join(out)
    return emit


def block(runs, fallback, standalone=True):
    """A block's statements in order, as one generated function (`fallback`: the closure of
    interpreter/flow.py, used when the generator is off or the source would be too long).
    Not `standalone`: the block is the body of a statement that writes it in place (`se`,
    `para cada`), so only its source is kept (the closure stays, nothing is compiled)."""
    if not _cg.ON:
        return fallback
    fallback._cgs = _emit_block(runs)
    return standalone_fn(fallback) if standalone else fallback


def standalone_fn(fn):
    """The generated function of a statement run on its own (a rule's only statement, the body
    of `repita` or `tente`...): `fn` itself when it has no source to write."""
    emit = getattr(fn, "_cgs", None)
    if emit is None or not _cg.ON:
        return fn
    gen = _gen(emit, "_blk", fn)
    if gen is not fn:
        gen._cgs = emit
        if getattr(fn, "opens_menu", False):
            gen.opens_menu = True
    return gen


def _gen(emit, name, fallback):
    w = _W()
    try:
        body = emit(w, "    ", _ident)
        if body.count("\n") > MAX_LINES:
            return fallback
        return _finish(w, body, name)
    except (SyntaxError, RecursionError):    # pragma: no cover - a source the generator got wrong
        return fallback


# --- se / seja / para cada --------------------------------------------------------------------

def if_(cond, then, els, fallback):
    """`se C: A senão: B` with C inlined and A, B written in place."""
    if not _cg.ON:
        return fallback

    def emit(w: _W, ind: str, wrap) -> str:
        src = f"{ind}if {_src(w.ns, cond)}:\n" + _call(w, then, ind + "    ", wrap)
        if els is not None:
            src += f"{ind}else:\n" + _call(w, els, ind + "    ", wrap)
        return src
    fallback._cgs = emit          # written in place by the block around it (standalone_fn)
    return fallback


def let(name: str, f, fallback):
    """`seja X igual a E`: the assignment, E inlined."""
    if not _cg.ON:
        return fallback

    def emit(w: _W, ind: str, wrap) -> str:
        return f"{ind}ctx.env[{name!r}] = {_src(w.ns, f)}\n"
    fallback._cgs = emit
    return fallback


def foreach(elems, body, var, fallback):
    """`para cada X em S: B`: the elements read once, B written in place in a Python loop;
    waiting inside B returns the same ForEach frame as flow.foreach."""
    if not _cg.ON:
        return fallback

    def emit(w: _W, ind: str, wrap) -> str:
        k = w.fresh()
        xs, i, x = f"xs{k}", f"i{k}", f"x{k}"
        ns = w.ns
        eref, bref = ns.ref(elems), ns.ref(body)
        src = (f"{ind}{xs} = {eref}(ctx)\n"
               f"{ind}if type({xs}) is not list:\n{ind}    {xs} = list({xs})\n"
               f"{ind}{i} = 0\n"
               f"{ind}for {x} in {xs}:\n")
        if var:
            src += f"{ind}    ctx.env[{var!r}] = {x}\n"
        src += f"{ind}    {i} += 1\n"

        def wr(e):
            return wrap(f"(_ForEach({bref}, {var!r}, ctx, {xs}, {i}), {e})")
        return src + _call(w, body, ind + "    ", wr)
    fallback._cgs = emit          # written in place by the block around it (standalone_fn)
    return fallback


__all__ = ["block", "if_", "let", "foreach"]
