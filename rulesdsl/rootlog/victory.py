"""What a faction may win by, as the replay sees it: a score frozen and a victory joined.

Two primitives of the language change how a faction wins: `congele seus PV` (its score marker
leaves the track: Root's dominance card, 3.3.1, and a coalition, 9.2.8) and `junte-se a D` (it
wins when D wins: a coalition). The engine keeps them as flags of the state (`locked` on the
score counter, `wins_with`). A record writes them as a card of a `congela_pontos:` name put on
the faction's own board (`M#domV->$`) and as the score marker moved to another's board
(`++->E$`).

They are observed like the board (Matching.obs): a change the record does not write is a
mismatch, so neither the search nor a turn ended by force (replay.py) may take an option that
activates a dominance card or forms a coalition unseen; the record's writing of them is an
expected change (Expected); a correction that makes them sets the same flags (repair.py), so
the coalition's partner is among the winners when the engine's game ends."""
from __future__ import annotations

from . import dominance_board as _either

LOCK = "lock"        # ("lock", faction): its score is frozen
JOIN = "join"        # ("join", faction, partner): it wins when partner wins
KEYS = (LOCK, JOIN)


def observe(game, out: dict) -> None:
    """The frozen scores and joined victories of the game, as observation keys (value 1)."""
    s, g = game.s, game.g
    fl = s.flags
    if not fl or not g.score:
        return
    for f in game.factions:
        if fl.get(("locked", g.counter_key(g.score, f))):
            out[(LOCK, f)] = 1
        w = fl.get(("wins_with", f))
        if w is not None and w != f:
            out[(JOIN, f, w)] = 1


def marks(game) -> dict:
    out = {}
    observe(game, out)
    return out


def atoms(mp, turn, a, ai, bi, frozen: set) -> list:
    """The expected changes of the record's action `a` (of line `turn`) that freeze a score or
    join a victory: `++->E$` (a coalition: both), a card of a `congela_pontos:` name onto the
    faction's own board (`M#domV->$`: a frozen score, unless the line's coalition writes it).
    `frozen` gathers the factions already frozen by earlier actions of the record (their
    later points are not the engine's: Expected marks them optional)."""
    from .expected import Atom
    letter = turn.faction
    if bi == 0 or letter not in mp.factions:
        return []
    me = mp.factions[letter]
    out = []
    if a.kind == "coalition":
        d = a.dests[0] if a.dests else None
        who = d.faction if d is not None and d.kind == "board" else None
        if who in mp.factions and who != letter:
            out.append(Atom((JOIN, me, mp.factions[who]), None, 1, 1, ai, bi))
            if me not in frozen:
                out.append(Atom((LOCK, me), None, 1, 1, ai, bi))
            frozen.add(me)
        return out
    if a.kind != "move" or not mp.freezing:
        return out
    for th in a.things:
        if th.kind != "card" or th.name not in mp.freezing:
            continue
        for d in a.dests:
            owner = d.faction or letter if d.kind == "board" else None
            if owner != letter or d.sub:
                continue
            if me in frozen or any(b.kind == "coalition" for b in turn.actions):
                continue       # the coalition of the same line writes the frozen score
            # a faction whose own `$` is a card zone (the Alliance's supporters) may put the
            # card there as well as activate it: either one (dominance_board.py)
            either = bool(mp.boards.get(letter, {}).get(""))
            out.append(Atom((LOCK, me), None, 1, 1, ai, bi, either))
            if not either:
                frozen.add(me)
    return out


def edit(place) -> list | None:
    """The correction's edit that makes an open change of these keys (repair.plan)."""
    if place[0] == LOCK:
        return [LOCK, place[1]]
    if place[0] == JOIN:
        return [JOIN, place[1], place[2]]
    return None


def apply_edit(game, e) -> None:
    """Make a LOCK or JOIN edit through the state's own flags (as the verbs `congele` and
    `junte-se a` do), narrated as they narrate it."""
    s, g = game.s, game.g
    if e[0] == LOCK:
        s.set_flag(("locked", g.counter_key(g.score, e[1])), True)
        game.log_change("freeze", {"by": e[1], "counter": g.score, "correction": True})
    elif e[0] == JOIN:
        s.set_flag(("wins_with", e[1]), e[2])
        game.log_change("join", {"by": e[1], "to": e[2], "correction": True})


def with_marks(rp, turn, a, ai, bi, got: list) -> list:
    """Expected._build's hook: the atoms `got` of action `a`, its points optional once the
    record has frozen the faction's score (the engine scores nothing then, 3.3.1; a record
    still writes what the act would have given), and its own freezing and joining atoms."""
    frozen = rp.__dict__.setdefault("_frozen_by_record", set())
    for at in got:
        if isinstance(at.place, tuple) and at.place[0] == "pv" and at.place[1] in frozen:
            at.optional = True
    more = atoms(rp.mp, turn, a, ai, bi, frozen)
    _either.soften(rp.mp, turn.faction, got, more)
    return got + more
