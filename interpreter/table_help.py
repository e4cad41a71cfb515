"""What a person at the terminal asks beside the options (agents.HumanAgent): the text of a
card or an ability (`?N`), the map's connections (`m`), and whether an undo (`desfazer`) would
take back something the player has already seen.

Read only: nothing here changes the game or is on the engine's hot paths.
"""
from __future__ import annotations

from . import describe as D
from ..errors import format_message


def _t(code, lang, **kw):
    return format_message(code, lang, kw)


def _localized(v, lang):
    if isinstance(v, dict):
        return v.get(lang) or next((x for x in v.values() if x), None)
    return v


def thing_text(game, kind: str, ident, lang: str) -> str | None:
    """The `texto:` the data gives a thing (a card, an action, a faction), in `lang`."""
    t = game.g.rs.thing(kind, str(ident))
    if t is None or not isinstance(getattr(t, "data", None), dict):
        return None
    v = _localized(t.data.get("text"), lang)
    return " ".join(str(v).split()) if v else None


def _card_of(game, option):
    """The card definition id behind an option that is a card instance, else None."""
    try:
        return game.s.card_defs[int(option)]
    except (IndexError, KeyError, TypeError, ValueError):
        return None


def option_text(game, d, option, lang: str) -> list:
    """Lines that say what an option is: a card's name and text (only a card the player may
    see), an action's or a faction's text."""
    from .observation import visible_to
    from .describe import _etype
    out = []
    opts = option if isinstance(option, tuple) else (option,)
    for o in opts:
        if isinstance(o, int) and not isinstance(o, bool) and (d.kind == "card" or _etype(d) == "card"):
            cid = _card_of(game, o)
            if cid is None or not visible_to(game, o, d.player):
                continue
            text = thing_text(game, "card", cid, lang)
            out.append(f"{D.card_label(game, o, lang)}: {text}" if text else D.card_label(game, o, lang))
        elif isinstance(o, str):
            for kind in ("action", "faction", "card"):
                text = thing_text(game, kind, o, lang)
                if text:
                    out.append(f"{D.thing_name(game, o, lang)}: {text}")
                    break
    return out


def connections(game, lang: str) -> str:
    """The map's connections as the game has them now: for each space, its adjacent spaces,
    then (in brackets) those joined by an edge of a kind that is not adjacency (a river)."""
    from .board import spaces_view
    v = spaces_view(game.ctx)
    adj: dict = {}
    other: dict = {}
    for ek, pairs in v.edges.items():
        table = adj if ek in v.adjacency_kinds else other.setdefault(ek, {})
        for a, b in pairs:
            a, b = str(a), str(b)
            table.setdefault(a, []).append(b)
            table.setdefault(b, []).append(a)
    seated = set(game.factions)
    lines = [_t("GM.tb.links", lang)]
    for sp in v.attrs:
        if sp in (getattr(v, "paths", None) or {}):
            continue
        if sp in v.brought and v.brought[sp] not in seated:
            continue
        near = [D.thing_name(game, x, lang) for x in dict.fromkeys(adj.get(sp, ()))]
        extra = []
        for ek, table in other.items():
            xs = [D.thing_name(game, x, lang) for x in dict.fromkeys(table.get(sp, ()))]
            if xs:
                extra.append(f"{game.g.rs.name('edgekind', ek, lang)}: {', '.join(xs)}")
        if not near and not extra:
            continue
        line = f"  {D.space_label(game, sp, lang)} → {', '.join(near) or '—'}"
        if extra:
            line += " [" + "; ".join(extra) + "]"
        lines.append(line)
    return "\n".join(lines)


def known(game, player) -> tuple:
    """What `player` knows that chance decides: the generator's state (dice, shuffles, random
    draws) and the cards it may see. An undo is refused when either changed since (it would
    take back a die already seen or a card already drawn)."""
    from .observation import visible_to
    s = game.s
    cards = frozenset(c for z in s.zones.values() for c in z if visible_to(game, c, player))
    return s.rng.getstate(), cards


def revealed_since(before: tuple, now: tuple) -> bool:
    return before[0] != now[0] or bool(now[1] - before[1])
