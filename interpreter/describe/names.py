"""Names of things in one language, for the narration and the menus: the game, factions and
seats, pieces (with counts, owners and plurals), cards, counters, statuses agreeing with their
nouns, zones, and any id the engine hands out (`thing_name`). Also `_m`, the message of a code
(grammar/messages/game.yaml) every module of the package writes with."""
from __future__ import annotations

from functools import lru_cache

from ...errors import format_message
from .. import small_forms as _small


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
