"""The costs the notation never writes, made by the tolerant replay's corrections.

A correction (repair.py) makes the changes an action records, not what the action cost. Most
costs are written (a card spent, `2w$->` funds spent); some never are: the Riverfolk commit a
fund to move, to battle and to buy a card (11.5.1, 11.5.2, 11.5.4), and the notation never
writes a commit (rootlog-notation.md 1.6: the three sections of `O$` count as one). A corrected
move or battle then left the fund uncommitted: the engine's funds were too many for the rest of
the turn and its next Birdsong paid Dividends (11.4.2) the record never writes (r2g4 l. 31, 36;
corrected away afterwards as `unrecorded_points`).

Which record actions cost what is data, read from the mapping (`custos_não_escritos:` of a
faction: the zone a unit comes from and goes to, and how many units each kind of action costs;
rootlog.yaml cites the Law), so no faction is named here. A correction that stands for such an
action of the faction whose line it is also moves those units, through the same edits
(`zone_piece`), so a saved game remakes them:

- `movimento`: a move of the faction's own pieces from a clearing to a clearing (`2w11->12`),
  one unit per action;
- `batalha`: a battle (`XA11`) whose casualties (`At11->`, the removals that follow it in the
  line) were corrected, the engine not having fought it: one unit per battle, once;
- `compra`: cards drawn from the deck into the faction's own hand (`3#->O`), one unit per
  card still to be drawn when corrected.

Not a craft (11.5.3): a corrected craft discards the hand's last card, not the one crafted (the
record names it only by its product), so the cost of that card is not the craft's; paying it
was tried and made r2g4 worse (the funds of l. 46 ran short: docs/rootlog.md).

Whose piece is committed (the funds hold other factions' warriors too, 11.2.6.I): the
faction's own first, and last an owner whose pieces the line still takes from that board
(`2Cw$->`: the funds it spends later in the turn must still be funds)."""
from __future__ import annotations

from .mapping_check import COST_ACTIONS as KINDS     # the kinds the mapping may price


def cost_edits(rp, game, ai, atoms, left) -> list:
    """The edits paying the unwritten cost of record action `ai`, corrected with its open
    `atoms` [(Atom, remaining)] on `game` (not applied; [] when it has none)."""
    bi, t, a = rp.actions[ai]
    letter = t.faction
    spec = rp.mp.hidden_costs.get(letter)
    if not spec or bi == 0 or (a.faction and a.faction != letter):
        return []
    kind, units = _kind(rp, ai, t, a, atoms, letter, left)
    per = (spec.get("ações") or {}).get(kind, 0) if kind else 0
    if not per or not units or not spec.get("de") or not spec.get("para"):
        return []
    fid = rp.mp.factions[letter]
    src, dst = f"{fid}.{spec['de']}", f"{fid}.{spec['para']}"
    have = dict(game.s.piece_zones.get(src, {}))
    spent = _spent_owners(left, bi)
    own = f"{fid}."
    order = sorted((k for k, n in have.items() if n > 0),
                   key=lambda k: (k in spent, not k.startswith(own), k))
    need = per * units
    edits = []
    for k in order:
        m = min(need, have[k])
        if m:
            edits.append(["zone_piece", src, dst, k, m])
            need -= m
        if not need:
            break
    return edits


def _kind(rp, ai, t, a, atoms, letter, left):
    """(the kind of action `ai` stands for, how many units), or (None, 0)."""
    if a.kind == "battle":
        return ("batalha", 1) if _first_pay(rp, ai) else (None, 0)
    if a.kind != "move" or not a.things:
        return None, 0
    things = a.things
    if all(th.kind == "card" and th.start is None for th in things) and a.dests and all(
            d.kind == "hand" and (d.faction or letter) == letter for d in a.dests):
        hand = ("zone", rp.mp.hand(rp.mp.factions[letter]))
        return "compra", sum(rem for at, rem in atoms if at.place == hand and at.sign > 0)
    if not all(th.kind == "piece" and th.start is not None for th in things):
        return None, 0
    if a.dests:
        mine = all((th.faction or letter) == letter and th.start.kind == "clearing" for th in things)
        if mine and all(d.kind == "clearing" for d in a.dests):
            return "movimento", 1
        return None, 0
    if all(th.start.kind == "clearing" for th in things):
        i = _index(t, a)
        j = _battle_of(t, i)           # casualties: the battle fought before them
        if j is not None and not _fought(left, ai - i, j, i) and _first_pay(rp, ai - i + j):
            return "batalha", 1
    return None, 0


def _index(t, a) -> int:
    """The position of action `a` in its line (by identity: `XA12/At12->` may come twice)."""
    return next(i for i, b in enumerate(t.actions) if b is a)


def _battle_of(t, i):
    """The position in the line of the battle, by the faction whose line it is, that the
    removal at position `i` is a casualty of: the nearest battle before it in the clearing of
    the removal (other actions may come between: cards, points, a plot flipped); None if none."""
    where = {th.start.value for th in t.actions[i].things}
    for j in range(i - 1, -1, -1):
        b = t.actions[j]
        if b.kind == "battle" and b.clearing in where:
            return j if (b.faction is None or b.faction == t.faction) else None
    return None


def _fought(left, base, j, i) -> bool:
    """Whether the engine fought the battle at line position j: some piece taken off the map
    by the record's actions from it to position i (included) was matched."""
    acts = set(range(base + j + 1, base + i + 1))
    return any(at.action in acts and rem < at.n for at, rem in left
               if not at.optional and at.sign < 0 and isinstance(at.place, str))


def _first_pay(rp, bai) -> bool:
    """Whether the battle at record index `bai` is paid now (once per battle)."""
    paid = rp.__dict__.setdefault("_battles_paid", set())
    if bai in paid:
        return False
    paid.add(bai)
    return True


def _spent_owners(left, bi) -> set:
    """The piece kinds the line's open changes still take off a faction board."""
    return {k for at, rem in left if rem and at.turn == bi and at.sign < 0 and isinstance(at.place, tuple)
            and at.place[0] == "pz" for k in (at.kinds or ())}
