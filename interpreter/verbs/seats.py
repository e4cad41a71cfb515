"""Verb `comece a partida por J`: who plays first, chosen by the rules during setup (the seats'
order round the table is kept, only its start moves)."""
from __future__ import annotations

from ...compiler import CC, compile_expr
from ..small_forms import TypedValueError
from .registry import _objs, verb


@verb("first_player",
      {"pt": "Durante a preparação, faz de J o primeiro jogador: a ordem dos lugares à mesa não muda, "
             "só o ponto de partida (p. ex. quem tem o menor número impresso no seu tabuleiro). "
             "Depois da preparação, quando as rodadas já começaram, é um erro da partida (M172).",
       "es": "Durante la preparación, hace de J el jugador inicial: el orden de los asientos en la mesa "
             "no cambia, solo el punto de partida (p. ej. quien tiene el menor número impreso en su "
             "tablero). Después de la preparación, cuando las rondas ya empezaron, es un error de la "
             "partida (M172)."},
      {"pt": "comece a partida por J", "es": "empieza la partida por J"})
def c_first_player(cc: CC, node):
    objs = _objs(node)
    if len(objs) != 1:
        cc.err("C020", node, what="?")
    who, _ = compile_expr(cc, objs[0])
    lang = cc.lang

    def run(ctx):
        s = ctx.s
        f = who(ctx)
        if s.round > 0:
            raise TypedValueError("M172", lang, who=f)
        seats = list(s.seats)
        if f not in seats or seats[0] == f:
            return None
        i = seats.index(f)
        s.seats = seats[i:] + seats[:i]
        s.ver += 1
        ctx.engine.log_event("turn_order", None, seats=list(s.seats))
        return None
    return run
