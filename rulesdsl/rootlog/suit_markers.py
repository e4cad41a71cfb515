"""Board markers that show a suit (`marcadores_de_naipe:` of the mapping): the Lizard Cult's
Outcast, written `$_o->R` on its Outcast side and `$_ho->R` on its Hated side (the notation,
1.4; Law 10.3.3, 10.4.1).

One marker of the notation stands for a few counters of the ruleset: the suit written goes to
one (`paria: naipe`), and each side fixes another (`odio: 0` / `odio: 1`). The record writes the
marker only when it moves or flips, so the expected changes (Atoms on the counters' values, as
the Riverfolk's prices, `contadores:`) are only those of the counters the write changes against
the record's own previous write: `$_ho->M` after `$_o->M` flips the side and leaves the suit.
The export writes the marker once per change of the counters, whatever order the engine sets
them in (the suit and the side are set one after the other in 10.4.1)."""
from __future__ import annotations


def load(entry: dict, fid: str) -> dict:
    """{sub: ((counter key, value or None for the suit written), ...)} of a faction entry's
    `marcadores_de_naipe:`; the counter keys as the state names them (`faction:faction.name`)."""
    out = {}
    for sub, counters in (entry.get("marcadores_de_naipe") or {}).items():
        # a value neither `naipe` nor a number is reported by mapping_values.py (RLM.value_marker_value)
        out[str(sub)] = tuple((f"{fid}:{fid}.{name}", None if str(v) == "naipe" else _number(v))
                              for name, v in (counters or {}).items())
    return out


def _number(v):
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def _code(g, key, suit_id):
    """A suit counter's stored value for a suit id (the ruleset's typed counters keep the
    suit's place in the counter's values, plus one: interpreter/small_forms.py)."""
    vals = (getattr(g, "counter_types", None) or {}).get(key.split(":", 1)[-1])
    if not vals or suit_id not in vals:
        return None
    return vals.index(suit_id) + 1


def values_of(rp, sub, letter, suit_letter) -> dict | None:
    """{counter key: value} a write of marker `sub` with that suit stands for, or None."""
    table = rp.mp.suit_markers.get(letter, {}).get(sub)
    suit_id = rp.mp.suits.get(suit_letter)
    if not table or suit_id is None:
        return None
    out = {}
    for key, v in table:
        code = _code(rp.g, key, suit_id) if v is None else v
        if code is None:
            return None
        out[key] = code
    return out


def atoms(rp, a, th, letter, ai, bi) -> list | None:
    """The Atoms of `$_o->R` (None when the thing is no suit marker of the mapping): each
    counter the write changes, against the record's previous write of that faction's markers
    (before the first, the counters' starting values)."""
    from .expected import Atom      # expected.py hooks this module in
    owner = th.faction or letter
    if th.sub not in rp.mp.suit_markers.get(owner, {}):
        return None
    state = rp.__dict__.setdefault("_suit_marker_state", {}).setdefault(owner, {})
    out = []
    for d in a.dests:
        # the suit is read as a hand by the parser (a bare letter): its raw text says which
        new = values_of(rp, th.sub, owner, d.raw)
        if new is None:
            continue
        for key, v in new.items():
            if v != state.get(key, rp._counter_initial(key) or 0):
                out.append(Atom(("ctr", key, v), None, 1, 1, ai, bi))
            state[key] = v
    return out


def keys(mp, letters) -> set:
    """The counter keys of the suit markers of these factions (observed by the matcher)."""
    return {key for x in letters for table in mp.suit_markers.get(x, {}).values() for key, _ in table}


def write(e, mp, letters, active, values, acts, g) -> str | None:
    """An engine `set` of a counter a suit marker stands for: `$_o->R` (on another faction's
    turn `L$_o->R`) for the marker whose fixed sides match the counters now. A write of the
    same marker already made within this change (the suit set, then the side) is replaced;
    a change that leaves the marker as it was writes nothing (""). None for another event."""
    if e.get("t") != "set":
        return None
    for letter, table in mp.suit_markers.items():
        if not any(key == e.get("counter") for subs in table.values() for key, _ in subs):
            continue
        v = e.get("value")          # the log names a suit counter's value (`coelho`)
        v = _code(g, e["counter"], v) if isinstance(v, str) else v
        if not isinstance(v, int):
            return ""
        before = _shown(mp, letter, values, g)
        values[e["counter"]] = v
        now = _shown(mp, letter, values, g)
        if now is None or now == before:
            return ""
        board = "" if mp.factions.get(letter) == active else letter
        text = f"{board}$_{now[0]}->{now[1]}"
        if acts and isinstance(acts[-1], str) and acts[-1] == values.get(("marker", letter)):
            acts.pop()          # the same change, its first half written a moment ago
        values[("marker", letter)] = text
        return text
    return None


def _shown(mp, letter, values, g):
    """(sub, suit letter) the counters show, or None when no marker of the mapping matches."""
    suit_letter = {v: k for k, v in mp.suits.items()}
    for sub, table in mp.suit_markers[letter].items():
        suit = None
        for key, v in table:
            have = values.get(key)
            if v is None:
                vals = (getattr(g, "counter_types", None) or {}).get(key.split(":", 1)[-1]) or ()
                suit = vals[have - 1] if isinstance(have, int) and 0 < have <= len(vals) else None
            elif (have if have is not None else 0) != v:
                break
        else:
            if suit in suit_letter:
                return sub, suit_letter[suit]
    return None


def unrecorded_ok(key, sign, left, blocks) -> bool:
    """Whether a change of a suit marker's counter the lines do not record passes (matching.py).
    The engine adjusts the Outcast itself at the Lizards' Birdsong (10.4.1) from the Lost Souls,
    cards the record mostly does not name; the record writes the marker only when it saw it
    move. So: a counter's old value always; a new one unless the line being matched (the first
    of `blocks`) writes that counter — a change at the end of the line before, into the
    Lizards' Birdsong, is judged by their own line, which writes it or not."""
    if sign < 0:
        return True
    here = min(b for b in blocks if b is not None)
    return not any(isinstance(at.place, tuple) and at.place[:2] == key[:2] and at.turn == here
                   for at, _ in left)


def correct_first(rp, game, left, bi):
    """At a line's start, a write of a suit marker the engine already shows is matched as it
    is (the engine flipped it to Hated before, at a Birdsong whose line does not write it:
    r2g3 l. 23 and 28). Tolerant replay, at a line's start: the suit markers its first action writes, which the
    engine's Birdsong (made at the end of the line before) set otherwise, are corrected there
    (repair.py), before the rest of the line is matched: the Lizards' conspiracies are in the
    Outcast's clearings (10.4.3), so the line can only be matched from the record's Outcast.
    Every counter of the marker written is set (the suit and the side), whatever the engine
    changed unrecorded before; a marker the engine already shows is matched as it is.
    (game, left), changed only when the line starts with an open write of a suit marker."""
    from .expected import Atom
    first = next((at.action for at, _ in left if at.turn == bi), None)
    if first is None or not any(rem and at.action == first and isinstance(at.place, tuple)
                                and at.place[0] == "ctr" and at.place[1] in rp.suit_marker_keys
                                for at, rem in left):
        return game, left
    _, t, a = rp.actions[first]
    want = {}
    for th in a.things:
        for d in a.dests:
            want.update(values_of(rp, th.sub, th.faction or t.faction, d.raw) or {})
    fix = [[Atom(("ctr", k, v), None, 1, 1, first, bi), 1] for k, v in sorted(want.items())
           if game.s.counters.get(k, 0) != v]
    if fix and not rp.tolerant:
        return game, left       # strict: the line's first action is the one not matched
    if fix:
        game = game.clone()
        rp._correct(game, fix, {first}, bi)
    return game, [[at, 0 if at.action == first else rem] for at, rem in left]
