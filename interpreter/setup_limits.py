"""Limits on the factions a setup can seat, and a setup's option of the standard faction setup.

    jogo:
      limites_de_facções:                  # es `límites_de_facciones:`
        - lei: "5"
          facções: [a, b, c, d, e, f]
          máximo: 4
          preparação: avancada             # the setup to use instead (named in the error)
      preparações:
        avancada:
          facções_padrão_com: padrao       # es `facciones_estándar_con:`; a yes/no option

A limit: at most `máximo` of `facções` may set up by their own setup rules (the faction's
`preparação:`, the game's standard setup), not by rules a setup gives them (`preparações: S`
of the faction, a setup card). A game made with more is refused (E820), naming the setup to
use instead. (Root, chapter 5: five or more factions that would start in corner clearings need
the advanced setup.)

`facções_padrão_com: O`: when the game is made with the yes/no option O on, the factions set up
as in the game's own setup (Root A.8: "em consenso", the standard setup 5.1 instead of the setup
cards): no faction choice, each faction's own `preparação:`, in the game's `ordem_de_preparação:`.
A game made with a number of seats then gets its factions dealt at random among the faction
choice's pool (5.1.1 "any method"), within the limits and the hirelings' exclusions (A.6.5).

Errors: M270 (a limit names no setup of the game), M271 (`facções_padrão_com:` names no yes/no
option), E820 (a game made over a limit), E821 (over a limit because the setup's option of the
standard faction setup is on), CLI160 (`jogar`/`simular` refusing such factions).
"""
from __future__ import annotations

from . import chance


class Limit:
    __slots__ = ("law", "factions", "max", "setup")

    def __init__(self, law, factions, mx, setup):
        self.law = law
        self.factions = factions      # frozenset of faction ids
        self.max = mx
        self.setup = setup            # the setup id to use instead, or None


def compile_limits(gdef, d) -> tuple:
    """`limites_de_facções:` of the game section -> (Limit, ...); M270 for an unknown setup."""
    from ..ytypes import pos_of
    game = d.get("game") or {}
    setups = game.get("setups") or {}
    out = []
    for lim in game.get("faction_limits") or ():
        if not isinstance(lim, dict) or lim.get("max") is None:
            continue
        sid = lim.get("setup")
        if sid is not None and str(sid) not in setups:
            gdef.diags.add("M270", pos_of(lim, "setup"), getattr(lim, "_lang", None) or gdef.lang,
                           setup=str(sid), known=", ".join(str(k) for k in setups) or "-")
            sid = None
        out.append(Limit(lim.get("law"), frozenset(str(f) for f in lim.get("factions") or ()),
                         int(lim["max"]), str(sid) if sid is not None else None))
    return tuple(out)


def standard_option(gdef, v):
    """A setup's `facções_padrão_com:` (an option id), checked (M271), or None."""
    from ..ytypes import pos_of
    oid = v.get("standard_factions_with") if isinstance(v, dict) else None
    if oid is None:
        return None
    opts = getattr(gdef, "options", None) or {}
    o = opts.get(str(oid))
    if o is None or o.kind != "boolean":
        from ..errors import suggest
        gdef.diags.add("M271", pos_of(v, "standard_factions_with"), getattr(v, "_lang", None) or gdef.lang,
                       option=str(oid), known=", ".join(k for k, x in opts.items() if x.kind == "boolean") or "-",
                       hint=suggest(str(oid), list(opts)))
        return None
    return str(oid)


def standard_factions(game) -> bool:
    """Whether the factions of this game set up by the standard setup though the game's setup
    has its own (its `facções_padrão_com:` option is on)."""
    return _standard(game.setup_def, game.options)


def _standard(st, options) -> bool:
    oid = st.standard if st is not None else None
    return bool(oid is not None and (options or {}).get(oid))


def _own_setup(g, sid, standard, f) -> bool:
    """Faction f sets up by its own setup rules (not a setup's rules for it)."""
    return sid is None or standard or f not in g.factions or sid not in g.factions[f].setups


def over_limit(game, factions):
    """The first limit `factions` break, as (limit, the limited factions seated), or None."""
    return _over(game.g, game.setup_id, game.standard_factions, factions)


def _over(g, sid, standard, factions):
    for lim in getattr(g, "faction_limits", ()):
        mine = [f for f in factions if f in lim.factions and _own_setup(g, sid, standard, f)]
        if len(mine) > lim.max:
            return lim, mine
    return None


def refusal(g, sid, options, factions, lang):
    """The message (E820, E821) refusing a game of setup `sid` (None: the game's own) made
    with these factions and options (resolved values), or None."""
    st = (getattr(g, "setups", None) or {}).get(sid)
    standard = sid is not None and _standard(st, options)
    bad = _over(g, sid, standard, factions)
    if bad is None:
        return None
    lim, mine = bad
    from ..errors import format_message
    args = {"n": len(mine), "max": lim.max, "law": lim.law or "-",
            "factions": ", ".join(g.rs.name("faction", f, lang) for f in mine)}
    if standard:
        # E821: the setup's option of the standard faction setup is what breaks the limit
        opt = g.options.get(st.standard)
        law = opt.law if opt is not None else None
        return "E821: " + format_message("E821", lang, dict(args, option=st.standard, option_law=law or "-"))
    setup = "-"
    if lim.setup:
        nm = (((g.rs.data.get("game") or {}).get("setups") or {}).get(lim.setup) or {}).get("name")
        nm = nm.get(lang) if isinstance(nm, dict) else nm
        setup = str((nm[0] if isinstance(nm, list) else nm) or lim.setup)
    return "E820: " + format_message("E820", lang, dict(args, setup=setup))


def check_game(game) -> None:
    """E820/E821: a game made with factions over a limit (RulesetError, in the game's language)."""
    why = refusal(game.g, game.setup_id, game.options, game.factions, game.lang)
    if why is not None:
        from .engine import RulesetError
        raise RulesetError(why)


def _fits(game, seated, cands, left) -> bool:
    """`left` more seats can still take factions from `cands` within the limits."""
    lims = getattr(game.g, "faction_limits", ())
    room = {id(lm): lm.max - sum(1 for f in seated if f in lm.factions) for lm in lims}
    n = 0
    for f in cands:
        hit = [lm for lm in lims if f in lm.factions]
        if all(room[id(lm)] > 0 for lm in hit):
            for lm in hit:
                room[id(lm)] -= 1
            n += 1
    return n >= left


def room(game, pool) -> int:
    """How many seats the factions of `pool` can fill (within the limits when the factions
    set up by the standard setup)."""
    if not standard_factions(game) or not getattr(game.g, "faction_limits", ()):
        return len(pool)
    n = len(pool)
    while n and not _fits(game, (), pool, n):
        n -= 1
    return n


def deal_factions(game) -> None:
    """The seats' factions dealt at random (the standard setup in a game made with seats),
    seat by seat, each among those that leave the other seats a faction within the limits."""
    from . import seating
    from .runtime import Failure
    s = game.s
    opt = (getattr(game.g, "options", None) or {}).get(game.setup_def.standard)
    law = opt.law if opt is not None else None
    fc = game.setup_def.faction_choice
    for seat in list(s.seats):
        taken = [f for f in s.seats if seating.seat_number(f) is None]
        pool = seating.offer_now(game, fc, None, None)
        left = sum(1 for f in s.seats if seating.seat_number(f) is not None) - 1
        fits = [f for f in pool if over_limit(game, taken + [f]) is None
                and _fits(game, taken + [f], [x for x in pool if x != f], left)]
        if not fits:
            raise Failure("no_option", law)
        seating.take_faction(game, seat, chance.choice(game, s.rng, fits, "faction"), law)
