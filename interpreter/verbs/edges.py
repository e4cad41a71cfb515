"""Edges of the map that change during a game (`ligue`, `desligue`) and joining a group.
"""
from __future__ import annotations

from ...compiler import CC, compile_expr
from ... import nodes as N
from .. import board as _bd
from .registry import _actor, _objs, _pp, _short, verb


def _edge_verb(remove):
    def c_link(cc: CC, node):
        objs = _objs(node)
        if len(objs) != 2:
            cc.err("C020", node, what="?")
        fa = compile_expr(cc, objs[0])[0]
        fb = compile_expr(cc, objs[1])[0]
        kind = None
        if not remove:
            k = node.args.get("by")
            if not (isinstance(k, N.Name) and k.kind == "edgekind") and \
                    not (isinstance(k, N.Sel) and k.noun.kind == "edgekind"):
                cc.err("C022", node)
            kind = (k.ids if isinstance(k, N.Name) else k.noun.ids)[0]
            # the edge kinds a rule can make (menu_index.py: no edge of any other kind appears)
            cc.g.__dict__.setdefault("linked_edge_kinds", set()).add(kind)

        def run(ctx):
            a, b = fa(ctx), fb(ctx)
            if a is None or b is None or a == b:
                _short(ctx)
                return
            _bd.set_edge(ctx, a, b, kind)
            ctx.engine.log_change("link", {"by": ctx.me, "spaces": sorted((a, b)), "kind": kind})
        return run
    return c_link


verb("link",
     {"pt": "Liga dois espaços por uma ligação do tipo dado, em lugar de qualquer outra entre eles "
            "(um caminho fechado que vira caminho, C.3.3; um túnel). A adjacência passa a segui-la.",
      "es": "Une dos espacios por una conexión del tipo dado, en lugar de cualquier otra entre ellos "
            "(un sendero cerrado que pasa a ser sendero; un túnel). La adyacencia la sigue."},
     {"pt": "ligue C e D por caminho", "es": "une C y D por sendero"})(_edge_verb(False))
verb("unlink",
     {"pt": "Tira toda ligação entre dois espaços (deixam de ser adjacentes).",
      "es": "Quita toda conexión entre dos espacios (dejan de ser adyacentes)."},
     {"pt": "desligue C e D", "es": "separa C y D"})(_edge_verb(True))


@verb("join",
      {"pt": "Quem age junta a sua vitória à de outro jogador: se esse jogador vencer, vence também "
             "(uma coalizão, 9.2.8); e os dois deixam de ser inimigos um do outro (G.1.15).",
       "es": "Quien actúa une su victoria a la de otro jugador: si ese jugador gana, también gana "
             "(una coalición); y los dos dejan de ser enemigos entre sí."},
      {"pt": "junte-se a D", "es": "únete a D"})
def c_join(cc: CC, node):
    actor = _actor(cc, node)
    to, _ = _pp(cc, node, "to")
    if to is None and _objs(node):
        to = compile_expr(cc, _objs(node)[0])[0]     # "junte-se a D": the 'a' may be read as an article
    if to is None:
        cc.err("C022", node)

    def run(ctx):
        me = actor(ctx)
        ctx.s.set_flag(("wins_with", me), to(ctx))
        ctx.engine.log_change("join", {"by": me, "to": to(ctx)})
    return run
