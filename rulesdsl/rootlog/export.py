"""A game played in rulesdsl, written in the Rootlog notation (from the game's event log).

What is written: the header (map, deck, the clearings' suits, one player line per seat), one
setup line per faction, then one line per turn with the pieces placed, moved and removed,
points scored and lost, and the cards drawn, spent, discarded and given (with their suits; the
names are kept for the cards the mapping names), items crafted and taken from ruins, item
states, plots flipped and battles (export_events.py). What the mapping cannot name (a faction,
map or deck without a Rootlog code) is an error (CLI180), never a line left out."""
from __future__ import annotations

from ..errors import format_message
from ..interpreter.board import attr
from . import export_hands as _hands
from . import suit_markers as _suit_markers
from .export_held import follow_add
from .export_returns import Returns
from .export_play_area import played
from .export_events import Battle, ambush_suit, battle_actions, closed_path, counter, flip, follow_pieces, item_state, reveal, trick


# The Riverfolk's prices (`$_h->3`) are written by `counter` as the notation has them, also
# when they change in play (11.6.2): the importer matches a price decision to the value written
# at the line's end (a counter atom, expected.py). Left out before, a game whose prices changed
# could not round-trip: its payments (`4w->O$`) did not fit the prices the replay kept.
WRITE_COUNTERS = True


def _reverse(mp):
    """piece kind id -> (letter or None, code), the most specific code of each kind."""
    out = {}
    for letter, table in mp.pieces.items():
        fid = mp.factions[letter]
        for code, v in table.items():
            vs = v if isinstance(v, list) else [v]
            for x in vs:
                kid = f"{fid}.{x}"
                if kid not in out or len(vs) == 1 and "_" in code:
                    out[kid] = (letter, code)
    for code, v in mp.neutral.items():
        out.setdefault(v, (None, code))
    return out


def _place(mp, space):
    for n, sp in mp.special.items():
        if sp == space:
            return str(n)
    digits = space[1:] if space[:1] in ("c", "f") else space
    if all(p.isdigit() for p in digits.split("_")) and digits:
        return digits
    return None


def _check(game, mp, lang):
    """Every faction, the map and the deck need a Rootlog code: one error naming them all."""
    from ..cli import CliError
    what = []
    for f in game.factions:
        if f not in mp.letters:
            what.append(format_message("CLI181", lang, {"id": f}))
    if game.map_id not in mp.maps.values():
        what.append(format_message("CLI182", lang, {"id": game.map_id}))
    if game.deck_id not in mp.decks.values():
        what.append(format_message("CLI183", lang, {"id": game.deck_id}))
    if what:
        raise CliError("CLI180", what="; ".join(what))


def export_game(game, mp, lang=None) -> str:
    _check(game, mp, lang or game.lang)
    rev = _reverse(mp)
    letters = mp.letters
    suit_letter = {v: k for k, v in mp.suits.items()}
    card_name = {}
    for name, ids in mp.cards.items():
        for cid in ids:
            card_name.setdefault(cid, name)
    for name, by_suit in mp.cards_by_suit.items():     # `R#dom`, `F#favor` (the suit says which)
        if name != "@":
            for ids in by_suit.values():
                for cid in ids:
                    card_name.setdefault(cid, name)
    g = game.g
    lines = ["// Rootlog exported by rulesdsl (rulesdsl rootlog exportar)"]
    rmap = {v: k for k, v in mp.maps.items() if k != "Autumn"}
    rdeck = {v: k for k, v in mp.decks.items()}
    lines.append(f"Map: {rmap.get(game.map_id, game.map_id)}")
    lines.append(f"Deck: {rdeck.get(game.deck_id, game.deck_id)}")
    suits = []
    for n in range(1, 64):
        sp = mp.clearing_fmt.format(n=n)
        if sp not in game.m.attrs:
            break
        s = attr(game.ctx, sp, mp.card_attrs.get("naipe", "naipe"))
        if s in suit_letter:
            suits.append(f"{suit_letter[s]}{n}")
    if suits:
        lines.append("Clearings: " + ", ".join(suits))
    for f in game.factions:
        lines.append(f"{letters[f]}: {g.rs.name('faction', f, lang or game.lang)}")
    setup: dict = {}
    turns: list = []          # [letter, [actions]]
    in_setup = True
    defs = game.s.card_defs
    held: dict = {}          # card instance -> the letter whose hand holds it (from the log)
    battle = None            # the battle under way (from its action to the next action)
    battles = battle_actions(g)
    presence: dict = {}      # space -> {owner: pieces}, for the clearing of a battle
    swapping: list = []      # the first move of a pair that trades places (a trick)
    values: dict = {}        # the last value of each counter a board marker shows
    returns = Returns()      # pieces a removal trigger puts back (Field Hospitals): a move

    def card_id(c):
        return defs[c] if isinstance(c, int) and 0 <= c < len(defs) else None

    def suit_of(c):
        """The suit letter of a card instance ("" for a card without one)."""
        cid = card_id(c)
        if cid is None or cid not in g.cards:
            return ""
        return suit_letter.get(g.cards[cid].attrs.get(mp.card_attrs.get("naipe", "naipe")), "")

    def card(c):
        """`F#name`: the suit and the name (the mapping's short name, else the card's id)."""
        cid = card_id(c)
        if cid is None or cid not in g.cards:
            return "#"
        return f"{suit_of(c)}#{card_name.get(cid, cid)}"

    setup_order: dict = {}
    for i, e in enumerate(game.log):
        t = e.get("t")
        if battle is not None:
            if not battle.see(e):
                battle.settle(presence)
                battle = None
        if battle is not None and battle.space is None and e.get("t") in ("place", "move", "remove"):
            battle.settle(presence)         # before the pieces change
        follow_pieces(e, presence)
        if t == "setup_done":
            in_setup = False
            continue
        if t == "turn":
            turns.append([letters.get(e["faction"], "?"), []])
            continue
        if in_setup:
            if t == "add":
                # a card the setup chooses and the mapping names (a character, a leader:
                # `#thief->$`); the decree's viziers and such are dealt before any decision
                cid = defs[e["card"]] if isinstance(e.get("card"), int) else None
                if cid in card_name and e.get("by") in letters:
                    setup.setdefault(e["by"], []).append(f"#{card_name[cid]}->$")
                    setup_order.setdefault(e["by"], i)
                    held.setdefault("chosen", set()).add(e.get("zone"))
                _follow(e, t, mp, letters, held)     # a card dealt onto a board (`$_2`)
                continue
            who = e.get("owner") or e.get("by")
            if who not in letters:
                continue
            acts = setup.setdefault(who, [])
            if t != "draw":
                setup_order.setdefault(who, i)
            active = who
        else:
            if not turns:
                continue
            acts = turns[-1][1]
            active = mp.factions.get(turns[-1][0])
        if not in_setup:
            if t == "action" and e.get("action") in battles:
                battle = Battle(e.get("faction"))
                acts.append(battle)
                continue
            # an ambush card spent once the dice are rolled pays for something else (the
            # Marquise's Field Hospitals, 6.2.3): a discard like any other
            suit = ambush_suit(e, mp, defs) if battle is not None and not battle.rolled else None
            if suit is not None:            # written in the battle (`XE3B@M@`), not as a discard
                _follow(e, t, mp, letters, held)
                battle.ambush(e.get("by"), suit)
                continue
        a = None if in_setup else returns.see(e, acts, lambda x: _action(
            x, x.get("t"), rev, mp, letters, active, card, held, card_id))
        if a is None:
            a = _hands.shown(e, mp, letters, held, suit_of, game.log[i + 1:i + 8])
        if a is None:
            a = _hands.take(e, letters, held, card)
        if a is None:
            a = trick(e, swapping, rev, mp, active, _place)
        if a is None:
            a = _item(e, t, mp, letters, active, held)
        if a is None:
            a = item_state(e, mp, letters, active)
        if a is None:
            a = flip(e, rev, mp, letters, active, _place)
        if a is None:
            a = reveal(e, mp, letters, active, suit_of)
        if a is None:
            a = closed_path(e, mp, _place)
        if a is None:
            a = counter(e, mp, letters, active, values)
            if a and not in_setup and not WRITE_COUNTERS:
                a = ""      # prices in play: remembered, not written (WRITE_COUNTERS)
        if a is None:
            a = _suit_markers.write(e, mp, letters, active, values, acts, g)   # `$_o->R`
        if a is None:
            a = played(e, mp, letters, held, lambda c: card(c).split("#", 1)[1], suit_of)
        if a is None:
            a = _action(e, t, rev, mp, letters, active, card, held, card_id)
        # ("" is the card a craft spends: `Z%h` says it)
        _follow(e, t, mp, letters, held)
        if a:
            acts.append(a)
    if battle is not None:
        battle.settle(presence)
    # the setup lines in the order the factions set up (their first change other than the
    # cards every hand is dealt), which is the order the importer replays them in
    for f, acts in sorted(setup.items(), key=lambda kv: setup_order.get(kv[0], len(game.log))):
        lines.append(f"{letters[f]}:" + "/".join(acts))
    for letter, acts in turns:
        active = mp.factions.get(letter)
        out, unknown = [], 0
        for a in acts:
            if isinstance(a, Battle):
                a = a.text(mp, letters, active, _place)
                unknown += a is None
            if a:
                out.append(a)
        note = (" // " + format_message("RLX.battle_unknown", lang or game.lang, {"n": unknown})
                if unknown else "")
        if out or note:
            lines.append(f"{letter}:" + "/".join(out) + note)
    if game.is_terminal() and game.winners():
        lines.append("Winner: " + "".join(letters.get(f, "?") for f in game.winners()))
    return "\n".join(lines) + "\n"


def _piece(e, rev, active, letters):
    k = rev.get(e.get("kind"))
    if k is None:
        return None
    letter, code = k
    n = int(e.get("count") or 1)
    # whose piece: the event's owner, else the faction of its kind (a payment on a board)
    owner_letter = letters.get(e.get("owner")) if e.get("owner") is not None else letter
    prefix = letter if letter is not None and owner_letter != letters.get(active) else ""
    return (f"{n}" if n > 1 else "") + prefix + code


def _item(e, t, mp, letters, active, held):
    """Items: one crafted (`Z%h`: from the item supply to a faction's items; the card the
    craft then discards is not written), one taken from a ruin (`%s10->$`). "" for that
    discarded card, None for any other event."""
    code = {v: k for k, v in mp.items.items()}
    if t == "move" and e.get("kind") in code:
        owner = next((x for x, z in mp.item_zones.items() if z == e.get("to")), None)
        if owner is None or owner not in mp.factions or mp.factions[owner] not in letters:
            return None
        src = _place(mp, e.get("from") or "")
        board = ("" if mp.factions[owner] == active else owner) + "$"
        n = int(e.get("count") or 1)
        if src is not None:
            return f"{n if n > 1 else ''}%{code[e['kind']]}{src}->{board}"
        if e.get("by") == mp.factions[owner]:
            held["craft"] = e.get("by")
            return f"Z%{code[e['kind']]}"
        return None
    if t in ("discard", "spend") and held.get("craft") == e.get("by"):
        held.pop("craft")
        return ""
    return None


def _follow(e, t, mp, letters, held):
    """Which hand holds each card, as the log's events move it (drawn, given, put elsewhere)."""
    c = e.get("card")
    if c is None:
        return
    if t == "draw" and e.get("by") in letters and e.get("zone") == mp.hand(e["by"]):
        held[c] = letters[e["by"]]
    elif t == "give" and e.get("to") in letters:
        held[c] = letters[e["to"]]
    elif t == "add" and follow_add(e, mp, letters, held):
        return                           # kept by or put into a hand (export_held.py)
    elif t in ("add", "discard", "spend"):
        held.pop(c, None)
        if t == "add" and _board_ref(mp, letters, e.get("zone"), e.get("by")):
            held[c] = ("board", e.get("zone"))


def _piece_board(mp, letters, active, zone):
    """`$`, `O$`: the board location of the mapping whose pieces are in `zone` (the Alliance's
    officers, the Lizards' acolytes, the Riverfolk's payments and funds), as written on the
    line of whose turn it is; None."""
    for letter, table in mp.piece_boards.items():
        for sub, zones in table.items():
            if zone in zones:
                return ("" if letter == letters.get(active) else letter) + "$" + (f"_{sub}" if sub else "")
    return None


def _board_ref(mp, letters, zone, by):
    """`$_r`, `E$_r`: a board location of the mapping, as written by `by`'s line; None."""
    for letter, table in mp.boards.items():
        for sub, z in table.items():
            if z == zone:
                who = letters.get(by)
                return ("" if letter == who else letter) + "$" + (f"_{sub}" if sub else "")
    return None


def _from_hand(e, letters, held, mp=None, active=None):
    """Where a card comes from: the hand the log put it in, or the board location it was
    added to; a card the log never showed in either (a vizier) comes from nowhere written."""
    c = e.get("card")
    w = held.get(c)
    if isinstance(w, tuple):
        return _board_ref(mp, letters, w[1], active or e.get("by")) if mp is not None else None
    return w


def _action(e, t, rev, mp, letters, active, card, held, card_id=lambda c: None):
    if t in ("place", "move", "remove"):
        p = _piece(e, rev, active, letters)
        if p is None:
            return None
        def where(x):
            return _place(mp, x or "") or _piece_board(mp, letters, active, x)
        if t == "place":
            dst = where(e.get("space") or e.get("zone"))
            return f"{p}->{dst}" if dst else None
        if t == "remove":
            src = where(e.get("space") or e.get("zone"))
            # removed to a board the mapping names (a Lizard warrior to the acolytes, 10.2.3:
            # `Lw11->L$`), else to the supply
            dst = _piece_board(mp, letters, active, e.get("destination")) if e.get("destination") else None
            return f"{p}{src}->{dst or ''}" if src else None
        src, dst = where(e.get("from")), where(e.get("to") or e.get("space"))
        if src is not None and dst is None and _other_zone(mp, e.get("to")):
            # off the board location into a zone the notation does not watch, on the way to
            # the supply: a Riverfolk fund spent (11.5: funds → spent → its owner's supply)
            # is written as the players write it, `2Dw$->` (fund_costs.py's counterpart)
            return f"{p}{src}->"
        if src is None or dst is None or src == dst:
            return None         # (between two sections of one board location: not written)
        return f"{p}{src}->{dst}"
    if t in ("score", "lose") and e.get("counter") == mp.vp:
        n = int(e.get("n") or 0)
        if not n:
            return None
        who = e.get("by")
        prefix = letters.get(who, "") if who != active else ""
        sign = "++" if n > 0 else "--"
        return f"{prefix}{sign}{abs(n) if abs(n) != 1 else ''}"
    if t == "draw" and e.get("by") in letters and str(e.get("zone", "")).endswith(":mao"):
        return f"#->{letters[e['by']]}"
    if t in ("discard", "spend") and e.get("by") in letters:
        return f"{card(e.get('card'))}{_from_hand(e, letters, held, mp, active) or ''}->"
    if t == "add" and e.get("by") in letters:
        named = card(e.get("card")).split("#", 1)[1] not in ("", card_id(e.get("card")))
        origin = _from_hand(e, letters, held, mp, active)
        if origin is None and not named:
            # a card the mapping has no name for, from no hand or board the log wrote (a new
            # leader's viziers): the notation leaves it out, as players do after turmoil
            return None
        for letter, table in mp.boards.items():
            for sub, zone in table.items():
                if zone == e.get("zone"):
                    who = letters.get(active)        # `$` is the board of whose turn it is
                    board = ("" if letter == who else letter) + "$" + (f"_{sub}" if sub else "")
                    return f"{card(e.get('card'))}{origin or ''}->{board}"
        if origin is None and named and e["by"] == active and e.get("zone") in held.get("chosen", ()):
            # a new leader (`#commander->$`): where the setup's chosen card went
            return f"#{card(e.get('card')).split('#', 1)[1]}->$"
        return None
    if t == "give" and e.get("by") in letters and e.get("to") in letters:
        return f"{card(e.get('card'))}{letters[e['by']]}->{letters[e['to']]}"
    return None


def _other_zone(mp, zone) -> bool:
    """Whether `zone` is a faction zone (`faction.zone`) that no board location of the mapping
    watches (the Riverfolk's spent funds on their way to the supply)."""
    if not isinstance(zone, str) or "." not in zone or _place(mp, zone) is not None:
        return False
    return not any(zone in zones for table in mp.piece_boards.values() for zones in table.values())
