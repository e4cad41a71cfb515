"""Decisions in words: what a player is asked (`describe_prompt`, `describe_decision`) and a
label for each option (`describe_option`): a space with its suits, a card, a branch of an
`escolha um:` printed from the rule's own tree."""
from __future__ import annotations

from ..runtime import DONE, PASS
from .names import _m, card_name, faction_name, name, piece_name, status_name, thing_name

_SENTINELS = (PASS, DONE)


def _prompt_key(decision):
    p = decision.prompt
    if isinstance(p, (tuple, list)) and p:
        return str(p[0]), tuple(p[1:])
    if isinstance(p, str):
        return p, ()
    return None, ()


def _etype(decision) -> str | None:
    key, args = _prompt_key(decision)
    if key in ("choose", "order") and args:
        return str(args[0])
    return None


def describe_decision(game, decision, lang: str) -> str:
    """What the player is asked, with the player's name: 'Azuis, escolha um espaço'."""
    return f"{faction_name(game, decision.player, lang)}, {describe_prompt(game, decision, lang)}"


def describe_prompt(game, decision, lang: str) -> str:
    key, args = _prompt_key(decision)
    if key == "menu":
        left = args[0] if args else None
        if left is None:
            return _m("GM.p.menu", lang)
        return _m("GM.p.menu_left", lang, left=left)
    if key == "choose":
        what = str(args[0]) if args else "any"
        what = _m("GM.t." + what, lang) if ("GM.t." + what) in _catalogue() else _m("GM.t.any", lang)
        if len(args) >= 3:
            # what the choice is for (rulesdsl/compiler/roles.py): the origin of a move...
            from rulesdsl import lexicon as _lx
            try:
                verb = thing_name(game, str(args[2])[1:], lang) if str(args[2]).startswith("@") \
                    else _lx.get(lang).spell_word("VERB:" + str(args[2]))
            except Exception:  # noqa: BLE001 - a verb with no spelling in this language
                verb = str(args[2])
            return _m("GM.p.choose_role", lang, what=what, role=_m("GM.r." + str(args[1]), lang), verb=verb)
        return _m("GM.p.choose", lang, what=what)
    if key == "repeat" and len(args) >= 2:
        # before the first time the question is whether to do it at all
        return _m("GM.p.repeat_first" if args[0] == 1 else "GM.p.repeat", lang, i=args[0], n=args[1])
    if key == "order":
        what = str(args[0]) if args else "any"
        return _m("GM.p.order", lang, what=_m("GM.t." + what, lang) if ("GM.t." + what) in _catalogue()
                  else _m("GM.t.any", lang))
    if key in ("status", "may_status") and args:
        return _m("GM.p." + key, lang, status=status_name(game, args[0], lang))
    if key == "may_verb" and args:
        from rulesdsl import lexicon as _lx
        try:
            word = _lx.get(lang).spell_word("VERB:" + str(args[0]))
        except Exception:  # noqa: BLE001 - a verb with no spelling in this language
            word = str(args[0])
        return _m("GM.p.may_verb", lang, verb=word)
    if key == "may_action" and args:
        return _m("GM.p.may_action", lang, action=thing_name(game, args[0], lang))
    if key == "activate" and args:
        return _m("GM.p.activate", lang, value=thing_name(game, args[0], lang))
    if key in ("face_down", "flip_which"):
        return _m("GM.p." + key, lang)
    if key == "order_sides":
        return _m("GM.p.order_sides", lang)
    if key in ("choose_kind", "place_where", "remove", "return", "how_many", "take_hit", "spend", "discard",
               "branch", "may_trigger"):
        return _m("GM.p." + key, lang)
    return _m("GM.p.generic", lang, kind=decision.kind)


def _catalogue():
    from ...errors import messages
    return messages()


def describe_option(game, decision, option, lang: str) -> str:
    """A label for one option of a decision, in `lang`."""
    if option is PASS:
        return _m("GM.o.pass", lang)
    if option is DONE:
        if decision is not None and decision.kind == "repeat" and _first_time(decision):
            return _m("GM.o.no", lang)
        return _m("GM.o.done_menu" if decision is not None and decision.kind == "menu" else "GM.o.done", lang)
    kind = decision.kind if decision is not None else None
    if option is True:
        if kind == "repeat":
            return _m("GM.o.yes" if _first_time(decision) else "GM.o.again", lang)
        return _m("GM.o.yes", lang)
    if isinstance(option, tuple):
        if len(option) == 2 and isinstance(option[0], str) and isinstance(option[1], str) \
                and option[1] in game.g.piece_kinds:
            return _m("GM.w.piece_at", lang, piece=piece_name(game, option[1], lang),
                      space=thing_name(game, option[0], lang))
        if len(option) > 2 and isinstance(option[0], str) and isinstance(option[1], str) \
                and option[1] in game.g.piece_kinds:
            # a piece somewhere with its statuses: 'bota em mochila (exaurido)'
            place = thing_name(game, option[0], lang)
            marks = ", ".join(status_name(game, x, lang, option[1]) if game.g.rs.thing("status", str(x))
                              else thing_name(game, x, lang) for x in option[2:])
            return _m("GM.w.piece_at", lang, piece=piece_name(game, option[1], lang, with_owner=False),
                      space=place) + f" ({marks})"
        return " · ".join(describe_option(game, decision, x, lang) for x in option)
    if isinstance(option, int) and not isinstance(option, bool):
        if kind == "branch":
            return branch_label(game, decision, option, lang)
        if kind == "card" or _etype(decision) == "card":
            return card_label(game, option, lang)
        return str(option)
    if isinstance(option, str) and game.m is not None and option in game.m.attrs:
        return space_label(game, option, lang)
    return thing_name(game, option, lang)


def branch_label(game, decision, i: int, lang: str, width: int = 72) -> str:
    """Alternative `i` of a `escolha um:` in its own words, printed in `lang` from the rule's
    tree (its first line: 'adicione K em coluna Mover'); 'alternativa N' only when the
    ruleset's rule cannot be found or printed."""
    key, args = _prompt_key(decision)
    g = game.g
    if key == "order_sides" and len(args) == 2:
        # which side uses its effects first (4.3.3): the side's player
        return _m("GM.o.side_first", lang, player=faction_name(game, args[int(i)], lang))
    try:
        node, owner = g.branch_nodes[int(args[0])]
        cache = g.__dict__.setdefault("_branch_texts", {})
        ck = (int(args[0]), int(i), lang)
        if ck not in cache:
            from ...printer import to_text
            # the Ruleset itself, so that the nouns' declared genders make the words agree
            text = to_text(node.branches[int(i)], lang, g.rs, owner)
            line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
            line = line.rstrip(":").strip()
            cache[ck] = line if len(line) <= width else line[:width - 1].rstrip() + "…"
        if cache[ck]:
            return cache[ck]
    except Exception:  # noqa: BLE001 - a label is best effort; the number is still right
        pass
    return _m("GM.o.branch", lang, n=int(i) + 1)


def _first_time(decision) -> bool:
    """A 'repeat up to N times' asked before its first time."""
    key, args = _prompt_key(decision)
    return key == "repeat" and bool(args) and args[0] == 1


def _enum_tags(game, attrs, lang: str) -> list[str]:
    """The enumeration values among a thing's attributes, named in `lang` (a clearing's or a
    card's suit): what a player needs to tell options apart."""
    known = game.g.rs.things.get("enumval", {})
    return [name(game, "enumval", v, lang) for v in (attrs or {}).values()
            if isinstance(v, str) and v in known]


def space_label(game, space, lang: str) -> str:
    """'clareira 1 (raposa)': a space with the enumeration values of its attributes."""
    text = thing_name(game, space, lang)
    tags = _enum_tags(game, game.m.attrs.get(space) if game.m is not None else None, lang)
    return f"{text} ({', '.join(tags)})" if tags else text


def card_label(game, card, lang: str) -> str:
    """'Emboscada! (pássaro)': a card instance with the enumeration values of its attributes."""
    text = card_name(game, card, lang)
    try:
        cdef = game.g.cards[game.s.card_defs[int(card)]]
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return text
    tags = _enum_tags(game, getattr(cdef, "attrs", None), lang)
    return f"{text} ({', '.join(tags)})" if tags else text


def describe_choice(game, decision, index: int, lang: str) -> str:
    return describe_option(game, decision, decision.options[index], lang)
