"""Localized labels for a game in progress: decisions, their options, and logged events.

    describe_decision(game, decision, lang)        -> "Azuis, escolha uma ação (restam 2)"
    describe_option(game, decision, option, lang)  -> "marchar", "soldado (Azuis) em Norte"
    describe_event(game, event, lang)              -> "Azuis posiciona 3 soldados em Norte"

Names come from the ruleset (`gdef.rs.name(kind, id, lang)`), sentences from the message
templates of `grammar/messages/game.yaml` (codes `GM.*`). Nothing here knows a game: an id is
looked up among the kinds of named things the ruleset declares.

`EventLog` turns a game's `log` (and the decisions taken) into JSON Lines records, one per
event, each with a `texto` field in the chosen language; the bytes depend only on the game's
parameters and choices (sorted keys, no clock).
"""
from __future__ import annotations

import json
from functools import lru_cache

from ...errors import fold, format_message
from ..runtime import DONE, PASS
from .. import small_forms as _small

_SENTINELS = (PASS, DONE)


def _m(code: str, lang: str, **kw) -> str:
    return format_message(code, lang, kw)


# ---------------------------------------------------------------------------------------------
# names

def _singular(n, lang: str) -> bool:
    """Does a count of `n` take the singular noun? CLDR's category (Babel), except that none
    of a thing is plural in both languages ("0 PV" is not how PT or ES count)."""
    from ...i18n import plural
    try:
        return n != 0 and plural(n, lang) == "one"
    except (TypeError, ValueError):
        return False


def _thing_plural(game, kind: str, ident, word: str, lang: str) -> str:
    """The plural of a named thing: the one its data declares (`plural:`), else unchanged for
    an acronym ("PV"), else derived by the lexicon's rules."""
    from ...nouns import declared_plural
    t = game.g.rs.thing(kind, str(ident))
    pl = declared_plural(t, lang, word)
    return pl if pl is not None else _plural(word, lang)


@lru_cache(maxsize=4096)
def _plural(word: str, lang: str) -> str:
    """Plural of a (possibly multi-word) noun through the lexicon's rules: the first word;
    an acronym (all capitals) has none."""
    first = word.split(" ")[0]
    if len(first) > 1 and first.isupper():
        return word
    if len(first) > 2 and first[-1] == "s" and first[-2] in "aeiou":
        # already a plural ("tramas", "botes", "mercenários"), or a word that does not change
        # ("lápis", "crisis"): never "tramases". A singular in -s takes an accent or a
        # consonant before it (país, gás, mês; ananás) and keeps the lexicon's rule
        return word
    try:
        from ... import lexicon as lexmod
        from ...lexicon import pluralize
        rules = lexmod.get(lang).plural
    except Exception:  # noqa: BLE001 - a missing lexicon only costs the plural
        return word
    parts = word.split(" ")
    pl = pluralize(parts[0], rules)
    if not pl:
        return word
    return " ".join([pl[0]] + parts[1:])


def game_name(gdef, lang: str) -> str:
    """The game's own name ('Conquista', 'Root'), else its id."""
    nm = gdef.game.get("name")
    if isinstance(nm, dict):
        v = nm.get(lang) or nm.get(gdef.lang) or next(iter(nm.values()), None)
        if isinstance(v, (list, tuple)):
            v = v[0] if v else None
        if v:
            return str(v)
    elif nm:
        return str(nm)
    return str(gdef.game.get("id") or "?")


def name(game, kind: str, ident, lang: str) -> str:
    return game.g.rs.name(kind, str(ident), lang)


def faction_name(game, fid, lang: str) -> str:
    if fid is None:
        return _m("GM.w.nobody", lang)
    from ..seating import seat_number
    n = seat_number(fid)
    if n is not None and fid not in game.g.factions:
        return _m("GM.w.seat", lang, n=n)        # a seat that has no faction yet (N12)
    return name(game, "faction", fid, lang)


def secret_choice(lang: str) -> str:
    return _m("GM.w.secret_choice", lang)


def piece_name(game, kind: str, lang: str, count: int | None = None, with_owner: bool = True) -> str:
    """'soldado (Azuis)'; with a count, '3 soldados (Azuis)'."""
    if kind == "?":             # a piece placed face down (under a piece that covers it)
        n = 1 if count is None else count
        return _m("GM.w.hidden_pieces", lang, n=n)
    base = name(game, "piece", kind, lang)
    if count is not None:
        base = f"{count} {base if _singular(count, lang) else _thing_plural(game, 'piece', kind, base, lang)}"
    pk = game.g.piece_kinds.get(kind)
    if with_owner and pk is not None and pk.owner is not None:
        return _m("GM.w.piece_of", lang, piece=base, faction=faction_name(game, pk.owner, lang))
    return base


HIDDEN_CARD = "?"     # a card the reader of a log may not see (observation.HIDDEN)


def card_name(game, card, lang: str) -> str:
    if card == HIDDEN_CARD:
        return _m("GM.w.hidden_card", lang)
    try:
        cid = game.s.card_defs[int(card)]
    except (IndexError, TypeError, ValueError):
        return str(card)
    return name(game, "card", cid, lang)


def card_list(game, cards, lang: str) -> str:
    """'Bigorna, Emboscada!'; the cards the reader may not see counted at the end."""
    names = [card_name(game, c, lang) for c in cards if c != HIDDEN_CARD]
    hidden = sum(1 for c in cards if c == HIDDEN_CARD)
    if hidden:
        names.append(_m("GM.w.hidden_card" if hidden == 1 else "GM.w.hidden_cards", lang, n=hidden))
    return ", ".join(names) if names else _m("GM.w.no_cards", lang)


def _counter_parts(game, key):
    """A counter key of the engine -> (counter id, owner, other): 'pv' -> ('pv', None, None),
    'malandro:ajudas@marqueses' -> ('malandro.ajudas', 'malandro', 'marqueses')."""
    k = str(key)
    owner = other = None
    if ":" in k:
        owner, k = k.split(":", 1)
    if "@" in k:
        k, other = k.split("@", 1)
    known = game.g.rs.things.get("counter", {})
    if k not in known:
        base = k.split(".")[-1]
        cands = [c for c in known if c.split(".")[-1] == base]
        k = next((c for c in cands if owner and c.startswith(owner + ".")), cands[0] if cands else k)
    return k, owner, other


def counter_label(game, key, lang: str, count=None, by=None) -> str:
    """'ajuda (Malandro → Marqueses)'; the owner is left out when it is `by`."""
    cid, owner, other = _counter_parts(game, key)
    word = name(game, "counter", cid, lang)
    # a typed counter (N8) is set to a name, not a number: no plural to choose
    if isinstance(count, (int, float)) and not _singular(abs(int(count or 0)), lang):
        word = _thing_plural(game, "counter", cid, word, lang)
    if other is not None:
        return _m("GM.w.counter_pair", lang, counter=word, faction=faction_name(game, owner, lang),
                  other=faction_name(game, other, lang))
    if owner is not None and owner != by:
        return _m("GM.w.piece_of", lang, piece=word, faction=faction_name(game, owner, lang))
    return word


def counter_value_name(game, key, v, lang: str):
    """The value of a counter as shown: a typed counter's value (N8) by its name (a faction,
    an enumeration value); anything else as it is."""
    if isinstance(v, str) and game.g.counter_types:
        vals = _small.typed_of_key(game.g, key)
        if vals is not None and v in vals:
            return faction_name(game, v, lang) if v in game.g.factions else name(game, "enumval", v, lang)
    return v


def counter_amount(game, counter, n, lang: str, by=None) -> str:
    return f"{n} {counter_label(game, counter, lang, count=n, by=by)}"


def status_name(game, status, lang: str, kind=None, count: int = 1, kinds=None) -> str:
    """A piece status, an adjective that agrees with the piece it describes when the data
    spells its forms ('exaurido, exaurida, exauridos, exauridas'): 'tocha ... exaurida'."""
    t = game.g.rs.thing("status", str(status))
    spellings = (t.names.get(lang) if t is not None else None) or []
    if (kind is None and not kinds) or len(spellings) < 2:
        return name(game, "status", status, lang)
    # several kinds of pieces: feminine only if all of them are
    genders = {noun_gender(game, "piece", k, lang) for k in ([kind] if kind is not None else kinds)}
    gender = "fem" if genders == {"fem"} else "masc"
    return pick_agreeing(spellings, gender, not _singular(count, lang))


def noun_gender(game, kind: str, ident, lang: str) -> str | None:
    """The gender of a named thing's name in `lang`: declared (`gênero:`), else the
    lexicon's, else what its ending shows (rulesdsl/printer.gender_of)."""
    from ...nouns import declared_gender
    from ...printer import gender_of
    t = game.g.rs.thing(kind, str(ident))
    g = gender_of(name(game, kind, ident, lang), lang, declared_gender(t, lang) if t is not None else None)
    return next((k for k in ("fem", "masc") if g.get(k)), None)


def pick_agreeing(spellings: list, gender: str | None, plural: bool) -> str:
    """The spelling of an adjective with the wanted gender and number (the first if none)."""
    from ...printer import features, pick
    want = {"plural": plural}
    if gender == "fem":
        want["fem"] = True
        return pick(spellings, want)
    return pick([c for c in spellings if not features(c)["fem"]] or spellings, want)


def _located_pieces(game, pieces, lang) -> str:
    """[(zone or space, kind, n)] -> '1 tocha em mochila (Malandro)'."""
    out = []
    for where, kind, n in pieces or ():
        on_map = game.m is not None and where in game.m.attrs
        place = thing_name(game, where, lang) if on_map else zone_name(game, where, lang)
        out.append(_m("GM.w.piece_at", lang, piece=piece_name(game, kind, lang, int(n or 1), with_owner=False),
                      space=place))
    return ", ".join(out)


def zone_name(game, zone, lang: str) -> str:
    """A zone key: 'descarte', 'azuis:mão' (a player's hand), 'marqueses.cartas'."""
    z = str(zone)
    owner = None
    if ":" in z:
        owner, z = z.split(":", 1)
    elif "." in z and z.split(".", 1)[0] in game.g.factions:
        owner = z.split(".", 1)[0]
    base = name(game, "zone", z, lang)
    if base == z and "." in z:
        base = name(game, "zone", z.split(".", 1)[1], lang)
    if owner:
        return _m("GM.w.piece_of", lang, piece=base, faction=faction_name(game, owner, lang))
    return base


@lru_cache(maxsize=256)
def event_word(event, lang: str) -> str:
    """An event id of the engine ('removal') in the lexicon's words ('remoção', 'retirada')."""
    try:
        from ... import lexicon as lexmod
        word = lexmod.get(lang).spell_value(str(event))
    except Exception:  # noqa: BLE001
        word = str(event)
    return word.replace("_", " ")


def thing_name(game, value, lang: str) -> str:
    """Any id the engine hands out: a space, piece kind, action, faction, enumeration value..."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _m("GM.o.yes", lang) if value else "—"
    if isinstance(value, (list, tuple)):
        return ", ".join(thing_name(game, v, lang) for v in value)
    v = str(value)
    g = game.g
    if game.m is not None and (v in game.m.attrs or (g.path_kinds and "~" in v)):
        return name(game, "space", v, lang)     # (a path made during the game: N18)
    if ":" in v and v.split(":", 1)[0] in g.factions:
        return zone_name(game, v, lang)       # a player's zone: 'alianca:itens_artesanais'
    if v in g.piece_kinds:
        return piece_name(game, v, lang)
    if v in g.actions:
        return name(game, "action", v, lang)
    if v in g.factions:
        return faction_name(game, v, lang)
    things = g.rs.things
    for kind in ("enumval", "card", "zone", "counter", "phase", "space", "map", "deck", "die",
                 "category", "spacekind", "enum", "status"):
        if v in things.get(kind, {}):
            return name(game, kind, v, lang)
    return v


# ---------------------------------------------------------------------------------------------
# decisions

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


# ---------------------------------------------------------------------------------------------
# the table as one player sees it (the human's `m` command)

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


# ---------------------------------------------------------------------------------------------
# Law paragraphs: what an ability or a victory is called

def laws(law) -> list[str]:
    if law is None:
        return []
    if isinstance(law, (list, tuple)):
        return [str(x) for x in law if x is not None]
    return [str(law)]


def _law_titles(root: str) -> dict:
    """{lang: {Law paragraph: title}} from the ruleset's text catalogue, read with the fast
    YAML reader (titles only; summaries left out: a summary is not the rule's name). The
    full catalogue (rulesdsl/text) checks these files; here they are only read."""
    import os
    import yaml
    from ... import lexicon as lexmod
    from ...text.catalogue import find_text_folder
    folder = find_text_folder(root) if root and os.path.isdir(root) else None
    out: dict = {}
    if folder is None:
        return out
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    files = []
    roles: dict = {}
    for n in sorted(os.listdir(folder)):
        if not n.endswith((".yaml", ".yml")):
            continue
        try:
            with open(os.path.join(folder, n), encoding="utf-8") as fh:
                data = yaml.load(fh, Loader=loader)
        except (OSError, yaml.YAMLError):
            continue
        if not isinstance(data, dict):
            continue
        lang = next((str(v) for k, v in data.items() if lexmod.means_key(k, "language")), None)
        if lang not in lexmod.available():
            continue
        lex = lexmod.get(lang)
        neutral = {lex.key_of(k) or k: v for k, v in data.items()}
        for did, d in (neutral.get("documents") or {}).items():
            if isinstance(d, dict):
                nd = {lex.key_of(k) or k: v for k, v in d.items()}
                roles[str(did)] = lex.value_of(nd.get("role")) or ""
        if isinstance(neutral.get("paragraphs"), dict):
            files.append((lang, lex, str(neutral.get("document") or ""), neutral["paragraphs"]))
    # the source (the Law) first, then translations and references
    rank = {"role_source": 0, "role_translation": 1, "role_reference": 2}
    for lang, lex, doc, paras in sorted(files, key=lambda f: rank.get(roles.get(f[2], ""), 3)):
        if roles.get(doc) == "role_summary":
            continue
        table = out.setdefault(lang, {})
        for key, p in paras.items():
            if not isinstance(p, dict):
                continue
            fields = {lex.key_of(k) or k: v for k, v in p.items()}
            title = str(fields.get("title") or "").strip().rstrip(".:").strip()
            if not title:
                continue
            title = title[:1] + title[1:].lower() if title.isupper() else title
            for k in [str(key)] + [str(a) for a in (fields.get("aligned") or [])]:
                table.setdefault(k, title)
    return out


def law_title(game, key: str, lang: str) -> str | None:
    """The title of Law paragraph `key` in `lang`, else in any language the catalogue has
    ('Removendo Bases'); None without a catalogue or a title."""
    g = game.g
    if "_law_titles" not in g.__dict__:
        try:
            g.__dict__["_law_titles"] = _law_titles(g.rs.root)
        except Exception:  # noqa: BLE001 - a name for the narration is best effort
            g.__dict__["_law_titles"] = {}
    titles = g.__dict__["_law_titles"]
    t = titles.get(lang, {}).get(key)
    if t is None:
        t = next((tb[key] for tb in titles.values() if key in tb), None)
    return t


def ability_name(game, law, lang: str, section: bool = False) -> tuple[str | None, str | None]:
    """(title, paragraph) naming a rule by its first Law paragraph; with `section`, by the
    section above it ('3.3.1' → '3.3 Cartas de domínio'), what a victory is called."""
    paragraphs = laws(law)
    if not paragraphs:
        return None, None
    key = paragraphs[0]
    if section and key.count(".") >= 2:
        up = ".".join(key.split(".")[:2])
        t = law_title(game, up, lang)
        if t:
            return t, key
    return law_title(game, key, lang), key


# ---------------------------------------------------------------------------------------------
# events

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


# ---------------------------------------------------------------------------------------------
# JSON Lines

def dumps(record: dict) -> str:
    """One log line: sorted keys, no spaces, UTF-8 kept readable; stable across runs."""
    return json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_plain)


def _plain(v):
    if isinstance(v, (set, frozenset)):
        return sorted(_plain(x) if not isinstance(x, (str, int)) else x for x in v)
    if isinstance(v, tuple):
        return list(v)
    if v is PASS or v is DONE:
        return repr(v).lower()
    return str(v)


class EventLog:
    """Collects the records of one game as it is played.

        log = EventLog(game, "pt")          # the game was made with log=True
        log.start(extra)                    # a header record
        ... before game.apply(i): log.before(i) ... after: log.drain()
        log.end(summary)
        text = log.text()                   # JSON Lines

    `sink(record)` is called with each record as it is made (narration)."""

    def __init__(self, game, lang: str, sink=None, viewer=None):
        self.game = game
        self.lang = lang
        self.records: list[dict] = []
        self.sink = sink
        self.viewer = viewer
        self._seen = 0
        self._pending = None   # (decision, index) of the decision being applied

    def _add(self, rec: dict) -> None:
        rec["seq"] = len(self.records)
        rec["texto"] = describe_event(self.game, rec, self.lang)
        self.records.append(rec)
        if self.sink is not None:
            self.sink(rec)

    def start(self, **extra) -> None:
        g = self.game
        rec = {"t": "start", "game": game_name(g.g, self.lang),
               "ruleset": g.g.rs.hash, "factions": list(g.factions), "seed": g.seed,
               "map": g.map_id, "deck": g.deck_id, "lang": self.lang}
        # the setup, landmarks and hirelings (and the seats of a game whose factions are
        # chosen): what a replay of this log needs to make the same game
        rec.update(g.made_with())
        if g.seating is not None:
            rec["seats"] = g.seating
        rec.update(extra)
        self._add(rec)
        self.drain()

    def before(self, index: int) -> None:
        self._pending = (self.game.pending, index)

    def drain(self) -> None:
        log = self.game.log
        while self._seen < len(log):
            ev = dict(log[self._seen])
            self._seen += 1
            if ev.get("t") == "decision" and self._pending is not None:
                d, i = self._pending
                self._pending = None
                ev["options"] = len(d.options)
                ev["index"] = i
                ev["label"] = describe_option(self.game, d, d.options[i], self.lang)
                key, args = _prompt_key(d)
                if key is not None:
                    ev["prompt"] = describe_prompt(self.game, d, self.lang)
            self._add(ev)

    def end(self, summary: dict) -> None:
        self.drain()
        rec = {"t": "end"}
        rec.update(summary)
        self._add(rec)

    def text(self) -> str:
        return "".join(dumps(r) + "\n" for r in self.records)
