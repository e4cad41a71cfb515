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


@verb("start_in",
      {"pt": "Durante a preparação, faz do espaço C um dos seus espaços iniciais (Lei de Root A.8.2.I: as "
             "clareiras iniciais). `iniciais de J` dá os espaços que J escolheu assim; `distância entre C "
             "e (iniciais de (jogadores inimigos))` mede até o mais próximo deles. Um espaço que já é "
             "inicial de um inimigo não pode ser escolhido: a escolha deve deixá-lo de fora (senão, M230).",
       "es": "Durante la preparación, hace del espacio C uno de tus espacios iniciales (Ley de Root A.8.2.I: "
             "los claros iniciales). `iniciales de J` da los espacios que J eligió así; `distancia entre C "
             "y (iniciales de (jugadores enemigos))` mide hasta el más cercano. Un espacio que ya es inicial "
             "de un enemigo no puede elegirse: la elección debe dejarlo fuera (si no, M230)."},
      {"pt": "comece em C", "es": "empieza en C"})
def c_start_in(cc: CC, node):
    if _objs(node) or "in" not in node.args:
        cc.err("C020", node, what="?")
    where, _ = compile_expr(cc, node.args["in"])
    lang = cc.lang

    def run(ctx):
        s = ctx.s
        sp = where(ctx)
        me = ctx.me
        if sp is None:
            return None
        friends = s.partners(me)
        for other in s.seats:
            if other != me and other not in friends and sp in s.flags.get(("start", other), ()):
                raise TypedValueError("M230", lang, space=sp, who=other)
        old = s.flags.get(("start", me), ())
        if sp not in old:
            s.set_flag(("start", me), old + (sp,))
        return None
    return run
