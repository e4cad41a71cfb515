"""The table as one player sees it (the human's `m` command, `describe_table`): turn, scores,
the map, the zones that player may see, pieces off the map, counters; only what `observation`
shows that player."""
from __future__ import annotations

from .. import small_forms as _small
from .decisions import card_label, space_label
from .events import describe_scores
from .names import (_counter_parts, _m, counter_label, counter_value_name, faction_name, name, piece_name,
                    status_name, zone_name)


def _with_statuses(game, kind, n, statuses, lang) -> str:
    """'2 espadas (1 exaurido)': a piece count and how many of them carry each status."""
    text = piece_name(game, kind, lang, n, with_owner=False)
    names = getattr(game.g, "status_names", {}) or {}
    marks = []
    for bits, k in sorted((statuses or {}).items(), key=lambda kv: int(kv[0])):
        b = int(bits)
        if not b or not k:
            continue
        words = "+".join(status_name(game, names[x], lang, kind, k) for x in sorted(names) if b & x)
        marks.append(f"{k} {words}")
    return f"{text} ({', '.join(marks)})" if marks else text


def describe_table(game, faction, lang: str) -> str:
    """What `faction` may see now, for a player at the table: turn, scores, the map in map
    order, its own zones first, the open zones, how many cards the hidden ones hold, the
    pieces kept off the map (with their statuses) and the counters that are not zero.
    Only what `observation` shows that player: never another hand or a face-down piece."""
    from ..observation import HIDDEN as OBS_HIDDEN, observation
    o = observation(game, faction)
    g = game.g
    fn = lambda f: faction_name(game, f, lang)  # noqa: E731
    lines = [_m("GM.tb.head", lang, viewer=fn(faction))]
    if o["round"] and o["active"] is not None:
        lines.append(_m("GM.tb.turn", lang, round=o["round"], faction=fn(o["active"]),
                        phase=name(game, "phase", o["phase"], lang) if o["phase"] else "—"))
    else:
        lines.append(_m("GM.tb.setup", lang))
    if o["scores"]:
        lines.append(_m("GM.tb.scores", lang, scores=describe_scores(game, o["scores"], lang)))
    board = o["board"]
    order = list(game.m.attrs) if game.m is not None else []
    spaces = [sp for sp in order if sp in board] + sorted(sp for sp in board if sp not in order)
    if spaces:
        lines.append(_m("GM.tb.map", lang))
        for sp in spaces:
            st = (o.get("board_statuses") or {}).get(sp) or {}
            pieces = ", ".join(_with_statuses(game, k, n, st[k], lang) if k in st else piece_name(game, k, lang, n)
                               for k, n in board[sp].items() if k != OBS_HIDDEN)
            under = (o.get("face_down") or {}).get(sp)
            if under:
                # the faces this player sees under its pieces lying on their back (`verso:`)
                pieces += " [" + ", ".join(piece_name(game, f, lang, m) for b in under.values()
                                           for f, m in b.items()) + "]"
            down = board[sp].get(OBS_HIDDEN)
            if down:
                hidden = piece_name(game, "?", lang, down)
                pieces = f"{pieces}, {hidden}" if pieces else hidden
            lines.append(f"  {space_label(game, sp, lang)}: {pieces}")

    def owned(z):
        return z.startswith(f"{faction}:") or z.startswith(f"{faction}.")
    zones = o["zones"]
    mine = [z for z in zones if owned(z) and "cards" in zones[z]]
    open_ = [z for z in zones if not owned(z) and "cards" in zones[z] and zones[z]["cards"]]
    hidden = [z for z in zones if "cards" not in zones[z] and zones[z]["size"]]

    def cards_line(z):
        e = zones[z]
        names = ", ".join(card_label(game, c["instance"], lang) for c in e["cards"]) or "—"
        return f"  {zone_name(game, z, lang)} ({e['size']}): {names}"
    if mine:
        lines.append(_m("GM.tb.yours", lang))
        lines.extend(cards_line(z) for z in mine)
    if open_:
        lines.append(_m("GM.tb.open", lang))
        lines.extend(cards_line(z) for z in open_)
    if hidden:
        lines.append(_m("GM.tb.hidden", lang, zones=", ".join(
            f"{zone_name(game, z, lang)} {zones[z]['size']}" for z in hidden)))
    for r in o["revealed"]:
        lines.append("  " + _m("GM.tb.revealed", lang, card=name(game, "card", r["card"], lang),
                               zone=zone_name(game, r["zone"], lang)))
    pz = [(z, e) for z, e in o["piece_zones"].items() if e.get("pieces") or e.get("size")]
    if pz:
        lines.append(_m("GM.tb.off_map", lang))
        for z, e in pz:
            if "pieces" in e:
                st = e.get("statuses") or {}
                text = ", ".join(_with_statuses(game, k, n, st.get(k), lang) for k, n in e["pieces"].items())
            else:
                text = piece_name(game, "?", lang, e["size"])
            lines.append(f"  {zone_name(game, z, lang)}: {text}")
    score = g.score
    counters = []
    for k, v in o["counters"].items():
        if isinstance(v, str) and v != "?" and _small.typed_of_key(g, k) is not None:
            # a typed counter (N8): its value by name (a faction, an enumeration value)
            v = counter_value_name(game, k, v, lang)
        elif not v or not isinstance(v, (int, float)) or isinstance(v, bool):
            continue
        cid, owner, other = _counter_parts(game, k)
        if score and cid == score and other is None:
            continue
        counters.append(f"{counter_label(game, k, lang)} {v}")
    if counters:
        lines.append(_m("GM.tb.counters", lang, counters=", ".join(counters)))
    return "\n".join(lines)
