"""The tolerant replay's corrections: where the record cannot be matched and is judged wrong,
the engine's position is made to agree with what the record says, then the replay goes on.

A correction is a list of concrete *edits* (pieces put or taken, points, cards, items and
their states, a board marker), each made through the state's own methods (interpreter/state.py:
`put`, `take`, `add`, `move_card`, `move_zone_piece`, `set_status`, `set_counter`), so the
journal and the versions the memos read stay sound. It is a recorded decision of a referee:
the replay keeps it at its point of the history (`Correction.pos`), and a saved game
(saved.py) makes the same edits at the same point when it loads. A correction is narrated in
the game's log (an event `correction`, and a `score` event for points, which the score
invariant reads)."""
from __future__ import annotations

from dataclasses import dataclass, field

from . import below_zero as _below_zero
from . import face_down as _face_down
from . import victory as _victory
from .named_cards import named_source
from . import referee_discard as _referee

# the classes of a correction (why the record is judged wrong), most certain first
OVERDRAW = "log_overdraw"          # the record takes from a place more than it put there
HAND_SHORT = "log_hand_short"      # the record uses more cards than it gave the hand
PLAYERS = "players_mistake"        # the transcriber's comment flags the players' mistake
UNEXPLAINED = "unexplained"        # none of those: the record or the engine may be wrong


@dataclass
class Correction:
    pos: int                 # the game's history length when it was made
    line: int
    raw: str
    faction: str | None
    klass: str
    edits: list = field(default_factory=list)
    explain: str | None = None
    missing: int = 0         # expected changes no edit could make (no piece in the supply)
    action: int = -1         # its index in the record's flat list of actions
    explain_laws: list = field(default_factory=list)   # the Law paragraphs `explain` cites (why.py)


def classify(rp, line: int, raw: str) -> str:
    """Why the record is judged wrong at this action (the report's verdicts, ledger.py)."""
    from .ledger import hand_shortfalls, overdraws
    from .report import _MISTAKE
    if any(o.line == line and o.raw == raw for o in _cached(rp, "_overdraws", lambda: overdraws(rp.rec))):
        return OVERDRAW
    from .item_ledger import unrecorded_repairs       # a repair takes a damaged item: the same
    if any(r.line == line and r.raw == raw for r in _cached(rp, "_repairs", lambda: unrecorded_repairs(rp.rec))):
        return OVERDRAW
    start = getattr(rp.mp, "start_hand", None)
    if start is not None and any(h.line == line for h in
                                 _cached(rp, "_shortfalls", lambda: hand_shortfalls(rp.rec, start))):
        return HAND_SHORT
    if any(n == line and _MISTAKE.search(c) for n, c in rp.rec.comments):
        return PLAYERS
    from .cost_short import COST_SHORT, witnessed
    if witnessed(rp, line, raw):
        return COST_SHORT         # the line pays less than the rule charges (cost_short.py)
    if _below_zero.witnessed(rp, line, raw):
        return _below_zero.BELOW_ZERO     # points lost below the record's own zero (below_zero.py)
    from .supply_short import SUPPLY_SHORT, witnessed as supply_witnessed
    if supply_witnessed(rp, line, raw):
        return SUPPLY_SHORT       # pieces placed beyond the kind's number (supply_short.py)
    return UNEXPLAINED


def _cached(rp, name, make):
    v = getattr(rp, name, None)
    if v is None:
        v = make()
        setattr(rp, name, v)
    return v


def plan(rp, game, atoms) -> tuple[list, int]:
    """The edits that make the open expected changes `atoms` [(Atom, remaining)] on `game`
    (not applied), and how many of them no edit could make."""
    s, mp = game.s, rp.mp
    edits, missing = [], 0
    deck, discard = mp.zones.get("baralho", "baralho"), mp.zones.get("descarte", "descarte")
    supply = dict(s.supply)
    zones = {}
    dests, moved = _referee.destinations(atoms), {}      # cards moved zone to zone (referee_discard.py)
    for at, n in atoms:
        if not n or at.optional:
            continue
        place = at.place
        if isinstance(place, str):                     # a space of the map
            kinds = sorted(at.kinds or ())
            back = _face_down.laid_down(game.g, at.kinds)     # a plot `t`: face down (face_down.py)
            if back is not None and at.sign > 0:
                more, n = _face_down.put_edits(rp, game, at, n, supply)
                edits += more
                kinds = ()
            for k in kinds:
                if not n:
                    break
                have = supply.get(k, 0) if at.sign > 0 else s.count(place, k)
                m = min(n, have)
                if m > 0 and k == back:
                    more = _face_down.take_edits(game, place, k, m, atoms)
                    edits += more
                    for e in more:
                        supply[e[4]] = supply.get(e[4], 0) + e[3]
                    n -= sum(e[3] for e in more)
                elif m > 0:
                    edits.append(["put" if at.sign > 0 else "take", place, k, m])
                    supply[k] = supply.get(k, 0) - m * at.sign
                    n -= m
            missing += n
        elif isinstance(place, tuple) and place[0] == "pv":
            v = _below_zero.floor_loss(game, place[1], at.sign * n)    # never below 0 (below_zero.py)
            if v:
                edits.append(["vp", place[1], v])
        elif isinstance(place, tuple) and place[0] == "ctr":
            edits.append(["ctr", place[1], place[2]])
        elif isinstance(place, tuple) and place[0] in _victory.KEYS:
            edits.append(_victory.edit(place))      # a frozen score, a joined victory
        elif isinstance(place, tuple) and place[0] == "zone" and at.sign < 0:
            # out of a zone: to where the action writes it, or discarded by the engine's rules
            missing += _referee.take_out(rp, game, at, n, dests, moved, lambda z: _zone(zones, s, z), edits)
        elif isinstance(place, tuple) and place[0] == "zone":
            n -= _referee.settle(dests, moved, at)
            # cards drawn from the deck (its top; the discard pile once it is empty) or put
            # on the discard pile (the last ones the zone got); `zones` follows the plan
            for _ in range(n):
                src = deck if at.sign > 0 else place[1]
                if at.sign > 0 and not _zone(zones, s, deck):
                    src = discard
                named = named_source(rp, s, lambda z: _zone(zones, s, z), at, place[1]) if at.sign > 0 else None
                if named is not None:         # the card the record names (named_cards.py)
                    src = named[1]
                    _zone(zones, s, src).remove(named[0])
                    _zone(zones, s, src).append(named[0])
                pool = _zone(zones, s, src)
                if not pool:
                    missing += 1
                    continue
                card = pool.pop()
                dst = place[1] if at.sign > 0 else discard
                _zone(zones, s, dst).append(card)
                edits.append(["card", card, src, dst])
        elif isinstance(place, tuple) and place[0] == "it":
            m = _item_edits(rp, s, place, at, n, edits, supply)
            missing += n - m
        elif isinstance(place, tuple) and place[0] == "pz":
            zones = dict(rp.piece_places).get(place)
            kinds = sorted(at.kinds or ())
            if not zones or not kinds:
                missing += n
                continue
            if at.sign > 0:
                m = min(n, supply.get(kinds[0], 0))
                if m:
                    edits.append(["zone_piece", None, zones[0], kinds[0], m])
                missing += n - m
            else:
                for z in zones:
                    for k in kinds:
                        m = min(n, s.zone_pieces(z, k))
                        if m:
                            edits.append(["zone_piece", z, None, k, m])
                            n -= m
                missing += n
        else:
            missing += n
    return edits, missing


def _zone(zones, s, z) -> list:
    if z not in zones:
        zones[z] = list(s.zones.get(z, ()))
    return zones[z]


def _item_edits(rp, s, place, at, n, edits, supply) -> int:
    """An item's count or state: the owner's item zone (mapping `zona_de_itens:`). An item
    gained comes from the items' supply zone (mapping `suprimento_de_itens:`, where crafted
    items come from), else from the pieces' supply, or from a space that holds one (a ruin)
    when neither has one."""
    _, letter, what = place
    zone = dict(rp.item_places).get(letter)
    kinds = sorted(at.kinds or ())
    if zone is None or not kinds:
        return 0
    ebit, dbit = rp.item_bits
    done = 0
    for k in kinds:
        split = s.zone_split(zone, k)
        while done < n:
            if what == "n":
                if at.sign > 0 and _from_item_supply(rp, s, k, edits):
                    edits.append(["zone_piece", rp.mp.item_supply, zone, k, 1, 0])
                elif at.sign > 0:
                    if supply.get(k, 0) <= 0:
                        sp = next((sp for sp in sorted(s.board) if s.count(sp, k) > 0
                                   and not any(e[:3] == ["take", sp, k] for e in edits)), None)
                        if sp is None:
                            break
                        edits.append(["take", sp, k, 1])
                        supply[k] = supply.get(k, 0) + 1
                    supply[k] -= 1
                    edits.append(["zone_piece", None, zone, k, 1, 0])
                else:
                    bits = next((b for b in sorted(split) if split[b] > 0), None)
                    if bits is None:
                        break
                    split[bits] -= 1
                    edits.append(["zone_piece", zone, None, k, 1, bits])
                done += 1
                continue
            bit = ebit if what == "e" else dbit
            want_set = at.sign > 0
            old = next((b for b in sorted(split) if split[b] > 0 and bool(b & bit) != want_set), None)
            if old is None or not bit:
                break
            new = (old | bit) if want_set else (old & ~bit)
            split[old] -= 1
            split[new] = split.get(new, 0) + 1
            edits.append(["status", zone, k, 1, old, new])
            done += 1
        if done >= n:
            break
    return done


def _from_item_supply(rp, s, kind, edits) -> bool:
    """The items' supply zone still holds a fresh `kind` once the planned edits are made."""
    z = getattr(rp.mp, "item_supply", None)
    if not z:
        return False
    taken = sum(e[4] for e in edits if e[0] == "zone_piece" and e[1] == z and e[3] == kind)
    return s.zone_split(z, kind).get(0, 0) > taken


def apply(game, edits, note: dict | None = None) -> None:
    """Make the edits on the game's state, through its own methods, and narrate them."""
    s = game.s
    score = getattr(game.g, "score", None)
    for e in edits:
        op = e[0]
        if op in ("put", "take") and len(e) > 4:
            _face_down.apply_edit(s, e)        # a face-down piece with its hidden face
        elif op == "put":
            s.put(e[1], e[2], e[3])
        elif op == "take":
            s.take(e[1], e[2], e[3])
        elif op == "vp":
            key = game.g.counter_key(score, e[1]) if score else f"{e[1]}:pv"
            s.add(key, e[2])
            game.log_change("score", {"by": e[1], "counter": score, "n": e[2], "correction": True})
        elif op == "ctr":
            s.set_counter(e[1], e[2])
        elif op == "card":
            s.move_card(e[1], e[2], e[3])
        elif op == _referee.DISCARD:
            _referee.apply_edit(game, e)
        elif op == "zone_piece":
            bits = e[5] if len(e) > 5 else 0
            if e[1] is None:
                s.adjust_supply(e[3], -e[4])
            s.move_zone_piece(e[1], e[2], e[3], e[4], bits)
            if e[2] is None:
                s.adjust_supply(e[3], e[4])
        elif op == "status":
            s.set_status(e[1], e[2], e[3], e[4], e[5])
        elif op in _victory.KEYS:
            _victory.apply_edit(game, e)
        else:
            raise ValueError(f"unknown correction edit {op!r}")
    game.log_event("correction", None, edits=[list(e) for e in edits], **(note or {}))
    if any(e[0] == "vp" for e in edits):
        _victory_check(game)


def _victory_check(game) -> None:
    """Points a correction gives are points scored: the engine's own check of the victory
    score (3.1: at once) runs, and a win ends the game as it would mid-action."""
    from ..interpreter.runtime import GameOver
    if game.pending is None:
        return
    try:
        game.check_score(game.ctx)
    except GameOver as exc:
        m = game.machine
        if m.cp is not None or m.sharers is not None:
            m.own()            # a copy's frames are its own before they unwind
        # the frames under the pending decision unwind as from a rule that ended the game
        d = m.run(None, m._unwind(exc))
        game.pending = d
        if d is None:
            game.s.terminal = True
