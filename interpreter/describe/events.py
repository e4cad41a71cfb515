"""Events in words: one line for each event of `game.log` (`describe_event`), the victory,
the scores and the result of a game."""
from __future__ import annotations

from ...errors import fold, format_message
from .laws import ability_name
from .names import (HIDDEN_CARD, _located_pieces, _m, card_list, card_name, counter_amount, counter_label,
                    counter_value_name, event_word, faction_name, name, piece_name, secret_choice, status_name,
                    thing_name, zone_name)


def _pieces(game, ev, lang):
    # the owner is named only when it is not the one acting ("Vermelhos remove 1 soldado (Azuis)")
    own = ev.get("owner") is not None and ev.get("owner") != ev.get("by")
    return piece_name(game, ev.get("kind"), lang, int(ev.get("count") or 1), with_owner=own)


def describe_event(game, event: dict, lang: str, viewer=None) -> str:
    """One line for one event of `game.log` (or of the JSON Lines log).

    viewer: the faction a human at the table plays; cards drawn by others stay hidden."""
    t = event.get("t")
    fn = lambda fid: faction_name(game, fid, lang)  # noqa: E731
    by = fn(event.get("by"))
    if t == "setup_done":
        return _m("GM.ev.setup_done", lang)
    if t == "turn":
        return _m("GM.ev.turn", lang, round=event.get("round"), faction=fn(event.get("faction")))
    if t == "phase":
        return _m("GM.ev.phase", lang, faction=fn(event.get("faction")),
                  phase=name(game, "phase", event.get("phase"), lang))
    if t == "round_limit":
        return _m("GM.ev.round_limit", lang, n=game.g.round_limit)
    if t == "victory":
        return describe_victory(game, event, lang)
    if t == "stuck":
        return _m("GM.ev.stuck", lang, why=event.get("why"))
    if t == "ranking":
        # the final order by the ending's ranking values (ending.py): "1. A, 2. B"
        ranks = event.get("ranks") or {}
        order = ", ".join(f"{r}. {fn(f)}" for f, r in sorted(ranks.items(), key=lambda x: x[1]))
        return _m("GM.ev.ranking", lang, order=order)
    if t in ("action", "action_undone"):
        action = thing_name(game, event.get("action"), lang)
        # an action whose name already says it is one ("ação do pássaro"): not "a ação ação..."
        bare = fold(action).split(" ")[0] == fold(_m("GM.w.action", lang))
        return _m("GM.ev." + t + ("_bare" if bare else ""), lang, faction=fn(event.get("faction")), action=action)
    if t == "trigger":
        title, para = ability_name(game, event.get("law"), lang)
        args = dict(faction=fn(event.get("faction")), event=event_word(event.get("event"), lang),
                    ability=title, law=para)
        if event.get("name"):
            args["ability"] = event["name"]
        code = "GM.ev.trigger_named" if args["ability"] and para else \
            "GM.ev.trigger_law" if para else "GM.ev.trigger"
        return _m(code, lang, **args)
    if t == "decision":
        choice = event.get("label") or event.get("choice")
        if event.get("secret") and viewer is not None and event.get("player") != viewer \
                and not event.get("label"):
            choice = secret_choice(lang)      # N13: not before a `revele`
        return _m("GM.ev.decision", lang, player=fn(event.get("player")), choice=choice)
    if t in ("place", "remove"):
        where = event.get("space")
        where = thing_name(game, where, lang) if where is not None else zone_name(game, event.get("zone"), lang)
        return _m("GM.ev." + t, lang, by=by, pieces=_pieces(game, event, lang), space=where)
    if t == "return":
        return _m("GM.ev.return", lang, by=by, pieces=_pieces(game, event, lang),
                  zone=zone_name(game, event.get("zone"), lang))
    if t == "flip":
        # a piece turned to its other side (`vire`): what it was, what it is now
        return _m("GM.ev.flip", lang, by=by, space=thing_name(game, event.get("space"), lang),
                  **{"from": piece_name(game, event.get("from"), lang, 1),
                     "to": piece_name(game, event.get("kind"), lang, 1)})
    if t == "move":
        return _m("GM.ev.move", lang, by=by, pieces=_pieces(game, event, lang),
                  **{"from": thing_name(game, event.get("from"), lang), "to": thing_name(game, event.get("to"), lang)})
    if t == "reshuffle":
        return _m("GM.ev.reshuffle", lang, zone=zone_name(game, event.get("zone"), lang), count=event.get("count"))
    if t == "draw":
        if (viewer is not None and event.get("by") != viewer) or event.get("card") == HIDDEN_CARD:
            return _m("GM.ev.draw_hidden", lang, by=by)
        return _m("GM.ev.draw", lang, by=by, card=card_name(game, event.get("card"), lang))
    if t in ("discard", "spend", "take"):
        return _m("GM.ev." + t, lang, by=by, card=card_name(game, event.get("card"), lang))
    if t == "add":
        if (viewer is not None and not game.g.zone_visible_to(event.get("zone"), viewer)) \
                or event.get("card") == HIDDEN_CARD:
            return format_message("G.add_hidden", lang, {"by": by, "zone": zone_name(game, event.get("zone"), lang)})
        return _m("GM.ev.add", lang, by=by, card=card_name(game, event.get("card"), lang),
                  zone=zone_name(game, event.get("zone"), lang))
    if t == "overflow":
        return format_message("G.overflow", lang, {"by": by, "card": card_name(game, event.get("card"), lang),
                                                    "zone": zone_name(game, event.get("zone"), lang)})
    if t == "warning":
        return format_message(event.get("code") or "", lang, {k: v for k, v in event.items() if k not in ("t", "code")})
    if t == "reveal":
        return _m("GM.ev.reveal" if event.get("to") is not None else "GM.ev.reveal_all", lang,
                  by=by, to=fn(event.get("to")), cards=card_list(game, event.get("cards") or [], lang))
    if t == "give":
        return _m("GM.ev.give", lang, by=by, card=card_name(game, event.get("card"), lang), to=fn(event.get("to")))
    if t in ("score", "lose", "set") and (event.get("n") == "?" or event.get("value") == "?"):
        # a hidden counter (N13): how much only for its owner
        return _m("GM.ev." + t, lang, by=by, amount="? " + counter_label(game, event.get("counter"), lang,
                                                                          count=2, by=event.get("by")))
    if t == "turn_order":
        return _m("GM.ev.turn_order", lang, seats=", ".join(fn(f) for f in event.get("seats") or []))
    if t == "faction_taken":
        return _m("GM.ev.faction_taken", lang, seat=fn(event.get("seat")), faction=fn(event.get("faction")))
    if t == "hirelings_dealt":
        # each card by the side that joins the game (A.6.1-A.6.2)
        demoted = set(event.get("demoted") or ())
        sides = {(h.card, h.side): fid for fid, h in (getattr(game.g, "hirelings", None) or {}).items()}
        shown = []
        for c in event.get("cards") or ():
            side = "demoted" if c in demoted else "promoted"
            h = fn(sides.get((c, side), c))
            shown.append(_m("GM.w.demoted", lang, hireling=h) if c in demoted else h)
        return _m("GM.ev.hirelings_dealt", lang, hirelings=", ".join(shown))
    if t == "hireling_joins":
        return _m("GM.ev.hireling_joins", lang, hireling=fn(event.get("faction")))
    if t == "hireling_setup":
        return _m("GM.ev.hireling_setup", lang, seat=fn(event.get("seat")), hireling=fn(event.get("faction")))
    if t == "factions_revealed":
        cards = event.get("cards") or {}
        shown = ", ".join(fn(f) + (f" ({name(game, 'card', cards[f], lang)})" if f in cards else "")
                          for f in event.get("factions") or [])
        text = _m("GM.ev.factions_revealed", lang, factions=shown)
        if event.get("locked"):
            text += "; " + _m("GM.ev.faction_locked", lang, faction=fn(event.get("locked")),
                              group=event.get("unlock") or "")
        return text
    if t == "landmarks_revealed":
        lms = getattr(game.g, "landmarks", {})
        return _m("GM.ev.landmarks_revealed", lang, landmarks=", ".join(
            piece_name(game, lms[x].piece, lang, 1, with_owner=False) if x in lms else str(x)
            for x in event.get("landmarks") or []))
    if t == "landmark_replaced":
        lm = getattr(game.g, "landmarks", {}).get(event.get("landmark"))
        return _m("GM.ev.landmark_replaced", lang, space=thing_name(game, event.get("space"), lang),
                  landmark=piece_name(game, lm.piece, lang, 1, with_owner=False) if lm else str(event.get("landmark")))
    if t == "faction_card":
        return _m("GM.ev.faction_card", lang, by=by, card=name(game, "card", event.get("card"), lang))
    if t == "reveal_secrets":
        vals = event.get("values") or {}
        shown = "".join(f"; {fn(k.split(':', 1)[0]) if ':' in k else ''} "
                        f"{counter_amount(game, k.split(':', 1)[-1], v, lang)}".replace("  ", " ")
                        for k, v in vals.items())
        return _m("GM.ev.reveal_secrets" if event.get("choices") else "GM.ev.reveal_counters", lang,
                  by=by, values=shown if event.get("choices") else (shown[1:] if shown else ""))
    if t in ("score", "lose"):
        return _m("GM.ev." + t, lang, by=by,
                  amount=counter_amount(game, event.get("counter"), abs(int(event.get("n") or 0)), lang,
                                        by=event.get("by")))
    if t == "set":
        value = counter_value_name(game, event.get("counter"), event.get("value"), lang)
        return _m("GM.ev.set", lang, by=by,
                  amount=counter_amount(game, event.get("counter"), value, lang, by=event.get("by")))
    if t == "freeze":
        return _m("GM.ev.freeze", lang, by=by,
                  counter=counter_label(game, event.get("counter"), lang, count=2, by=event.get("by")))
    if t == "status":
        pieces = event.get("pieces") or []
        kinds = {k for _, k, _ in pieces}
        total = sum(int(n or 1) for _, _, n in pieces)
        kind = next(iter(kinds)) if len(kinds) == 1 else None
        code = "GM.ev.status_on" if event.get("on") else "GM.ev.status_off"
        return _m(code + ("_pl" if total > 1 else ""), lang, by=by,
                  pieces=_located_pieces(game, pieces, lang),
                  status=status_name(game, event.get("status"), lang, count=total, kinds=kinds))
    if t == "hits_replaced":
        return _m("GM.ev.hits_replaced", lang, owner=fn(event.get("owner")), n=event.get("count"),
                  space=thing_name(game, event.get("space"), lang))
    if t == "draw_replaced":
        return _m("GM.ev.draw_replaced", lang, by=by, n=event.get("count"))
    if t == "roll":
        res = event.get("result") or []
        return _m("GM.ev.roll", lang, by=by, result=", ".join(str(x) for x in res))
    if t == "activate":
        return _m("GM.ev.activate", lang, by=by, values=thing_name(game, event.get("values") or [], lang))
    if t == "deal":
        spaces = ", ".join(f"{thing_name(game, sp, lang)}: {thing_name(game, v, lang)}"
                           for sp, v in (event.get("spaces") or {}).items())
        return _m("GM.ev.deal", lang, pieces=piece_name(game, event.get("pieces"), lang,
                                                         len(event.get("spaces") or {})), spaces=spaces)
    if t == "set_attr":
        v = event.get("value")
        return _m("GM.ev.set_attr", lang, by=by, attr=name(game, "attr", event.get("attr"), lang),
                  space=thing_name(game, event.get("space"), lang),
                  value=thing_name(game, v if not isinstance(v, tuple) else list(v), lang))
    if t == "link":
        a, b = (event.get("spaces") or [None, None])[:2]
        if event.get("kind") is None:
            return _m("GM.ev.unlink", lang, by=by, a=thing_name(game, a, lang), b=thing_name(game, b, lang))
        return _m("GM.ev.link", lang, by=by, a=thing_name(game, a, lang), b=thing_name(game, b, lang),
                  kind=name(game, "edgekind", event.get("kind"), lang))
    if t == "start":
        text = _m("GM.ev.start", lang, game=event.get("game"),
                  factions=", ".join(fn(f) for f in event.get("factions") or []),
                  seed=event.get("seed"), map=thing_name(game, event.get("map"), lang))
        if event.get("options"):
            # the ruleset options the game was made with (`--opcao`), those not at their default
            text = _m("GM.ev.start_options", lang, start=text,
                      options=options_chosen(game, event["options"], lang))
        return text
    if t == "end":
        return _m("GM.ev.end", lang, result=describe_result(game, event, lang),
                  scores=describe_scores(game, event.get("scores") or {}, lang),
                  rounds=event.get("rounds"), decisions=event.get("decisions"))
    detail = ", ".join(f"{k}={v}" for k, v in sorted(event.items()) if k not in ("t", "texto"))
    return _m("GM.ev.other", lang, what=t, detail=detail)


def options_chosen(game, options: dict, lang: str) -> str:
    """"NAME: VALUE" of each ruleset option (rulesdsl/options.py) in `lang`: a yes/no option's
    value as a word, a choice's by its value's name."""
    out = []
    for oid, v in options.items():
        if isinstance(v, bool):
            val = _m("GM.w.yes" if v else "GM.w.no", lang)
        else:
            val = name(game, "enumval", v, lang)
        out.append(_m("GM.w.option_value", lang, option=name(game, "option", oid, lang), value=val))
    return ", ".join(out)


def describe_victory(game, event: dict, lang: str) -> str:
    """Who wins and how: by points, by a named victory condition, or by a rule (a dominance
    card), named by its Law section."""
    fac = faction_name(game, event.get("faction"), lang)
    how = event.get("how")
    if how == "score":
        score = game.g.score
        amount = counter_amount(game, score, event.get("score"), lang) if score and event.get("score") is not None \
            else None
        if amount:
            return _m("GM.ev.victory_score", lang, faction=fac, amount=amount)
    name_ = event.get("name")
    if isinstance(name_, dict):
        v = name_.get(lang) or next(iter(name_.values()), None)
        name_ = v[0] if isinstance(v, list) and v else v
    title, para = ability_name(game, event.get("law"), lang, section=True)
    if name_ or title:
        return _m("GM.ev.victory_rule" if para else "GM.ev.victory_named", lang, faction=fac,
                  rule=name_ or title, law=para)
    return _m("GM.ev.victory", lang, faction=fac)


def describe_scores(game, scores: dict, lang: str) -> str:
    return ", ".join(f"{faction_name(game, f, lang)} {v}" for f, v in scores.items())


def describe_result(game, summary: dict, lang: str) -> str:
    """'vence Azuis' / 'sem vencedor' / 'interrompida após N decisões' from an end record."""
    winners = summary.get("winners") or []
    if winners:
        and_ = f" {_m('GM.w.and', lang)} "
        return _m("GM.res.winner", lang, winners=and_.join(faction_name(game, w, lang) for w in winners))
    stop = summary.get("stopped")
    if stop == "max_decisions":
        return _m("GM.res.max_decisions", lang, n=summary.get("decisions"))
    if stop == "quit":
        return _m("GM.res.quit", lang)
    if stop == "stuck":
        return _m("GM.res.stuck", lang)
    return _m("GM.res.none", lang)
