"""Chance as decisions: every random event may be played by the state's generator (the
default) or dictated from outside, as OpenSpiel's chance nodes are.

A random event is split into *picks*, each a choice among a few outcomes with known
probabilities:

  * a die roll: one pick per die, among the distinct faces (probability = faces showing it / faces);
  * a random element ("uma clareira aleatória"), weighted or not: one pick among the distinct
    elements (probability = its tickets / all tickets);
  * a shuffle of n items: n-1 picks, as Fisher-Yates does it: for i = n-1 .. 1, which of the
    items still at positions 0..i goes to position i (uniform);
  * a random sample of k items: k picks, each among the items not yet taken (uniform).

The game holds `_chance`: None (the generator plays, exactly the calls it made before this
module existed: logs stay byte-identical for a seed), a `Recorder` (the generator plays and
the picks it made are kept as option ids), a `Hook` (a function answers each pick, nobody
waits) or a `Dictated` (each pick is a pending `ChanceDecision` whose player is CHANCE).

Dictated picks pause the rules without making the verbs resumable: the game copies itself
before a player's choice is applied (`clone()` is cheap); a pick with no outcome given yet
raises `NeedChance`, the game goes back to that copy and asks the pick. When it is answered,
the choice is applied again from the copy with the outcomes known so far, which the picks
consume in order (engine.py, `_apply_dictated`).
"""
from __future__ import annotations

from .runtime import Decision

CHANCE = -1     # the player of a chance decision (OpenSpiel's kChancePlayerId)


class ChanceDecision(Decision):
    """A pick: options are the outcomes, `probs` their probabilities (summing to 1)."""
    __slots__ = ("probs",)

    def __init__(self, kind, options, probs):
        super().__init__(CHANCE, "chance:" + kind, options, ("chance", kind))
        self.probs = probs


class NeedChance(Exception):
    """A dictated pick has no outcome yet: the game asks it (engine.py)."""

    def __init__(self, decision):
        super().__init__(decision.kind)
        self.decision = decision


def _distinct(xs):
    """Distinct values in first-appearance order, with how many times each appears."""
    counts: dict = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    return list(counts), [c / len(xs) for c in counts.values()]


def _oid(x) -> str:
    from .engine import option_id
    return option_id(x)


# what a mode does with one pick ---------------------------------------------------------------

class Recorder:
    """The generator plays; each pick it made is kept (as an option id) in `picks`."""
    __slots__ = ("picks",)

    def __init__(self):
        self.picks: list[str] = []

    def copy(self):
        n = Recorder()
        n.picks = list(self.picks)
        return n


class Hook:
    """`fn(decision) -> index` answers each pick at once; the answers go to the history."""
    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn

    def copy(self):
        return self

    def pick(self, game, kind, options, probs):
        d = ChanceDecision(kind, options, probs)
        # a hook that reads the game (what a drawn card is: a scenario's `sorteios:`) says so
        i = self.fn(d, game) if getattr(self.fn, "wants_game", False) else self.fn(d)
        if not 0 <= i < len(options):
            raise ValueError(f"illegal chance outcome {i}")
        game.history.append(_oid(options[i]))
        return options[i]


class Dictated:
    """Each pick is asked: `queue` holds the outcomes (indices) already given for the choice
    being applied, consumed in order; past its end, the pick raises NeedChance."""
    __slots__ = ("queue", "pos")

    def __init__(self):
        self.queue: list[int] = []
        self.pos = 0

    def copy(self):
        n = Dictated()
        n.queue = list(self.queue)
        n.pos = self.pos
        return n

    def pick(self, game, kind, options, probs):
        if self.pos < len(self.queue):
            i = self.queue[self.pos]
            self.pos += 1
            return options[i]
        raise NeedChance(ChanceDecision(kind, options, probs))


def make(mode):
    """The `chance=` argument of Game: None/"rng", "record", "dictated" or a function."""
    if mode is None or mode == "rng":
        return None
    if mode == "record":
        return Recorder()
    if mode == "dictated":
        return Dictated()
    if callable(mode):
        return Hook(mode)
    raise ValueError(f"unknown chance mode {mode!r}")


# the random events (the rules call these; `game` is ctx.engine) --------------------------------

def _game_chance(game):
    return None if game is None else game._chance


def roll(game, rng, faces, n):
    """n dice with these faces, highest first."""
    ch = _game_chance(game)
    if ch is None:
        return sorted((rng.choice(faces) for _ in range(n)), reverse=True)
    if type(ch) is Recorder:
        r = [rng.choice(faces) for _ in range(n)]
        ch.picks.extend(_oid(x) for x in r)
        return sorted(r, reverse=True)
    opts, probs = _distinct(faces)
    return sorted((ch.pick(game, "die", opts, probs) for _ in range(n)), reverse=True)


def choice(game, rng, xs, kind="element"):
    """One element of xs (a list that may repeat an element: its tickets)."""
    ch = _game_chance(game)
    if ch is None:
        return rng.choice(xs)
    if type(ch) is Recorder:
        x = rng.choice(xs)
        ch.picks.append(_oid(x))
        return x
    opts, probs = _distinct(xs)
    return ch.pick(game, kind, opts, probs)


def shuffle(game, rng, xs, kind="shuffle"):
    """Shuffles the list xs in place."""
    ch = _game_chance(game)
    if ch is None:
        rng.shuffle(xs)
        return
    if type(ch) is Recorder:
        before = list(xs)
        rng.shuffle(xs)
        ch.picks.extend(_oid(x) for x in fisher_yates_picks(before, xs))
        return
    for i in range(len(xs) - 1, 0, -1):
        opts = xs[:i + 1]
        x = ch.pick(game, kind, opts, [1 / (i + 1)] * (i + 1))
        j = opts.index(x)
        xs[i], xs[j] = xs[j], xs[i]


def sample(game, rng, xs, k, kind="sample"):
    """k distinct elements of xs, in the order drawn."""
    ch = _game_chance(game)
    if ch is None:
        return rng.sample(xs, k)
    if type(ch) is Recorder:
        r = rng.sample(xs, k)
        ch.picks.extend(_oid(x) for x in r)
        return r
    left = list(xs)
    out = []
    for _ in range(k):
        x = ch.pick(game, kind, list(left), [1 / len(left)] * len(left))
        left.remove(x)
        out.append(x)
    return out


def fisher_yates_picks(before, after) -> list:
    """The picks (item placed at position i, for i = n-1 .. 1) that shuffle `before` into
    `after`: how a wanted order is dictated (`Game.dictate_order`)."""
    xs = list(before)
    picks = []
    for i in range(len(xs) - 1, 0, -1):
        x = after[i]
        j = xs.index(x, 0, i + 1)
        picks.append(x)
        xs[i], xs[j] = xs[j], xs[i]
    return picks


# cards whose identity is not known yet (a replayed game: a card an opponent drew) --------------

PLACEHOLDER = "?"     # the card def of a card instance whose identity is not bound yet


def conceal(game, cards) -> None:
    """Make these card instances placeholders: each stays where it is (zones unchanged, so
    every card is still in exactly one zone) but its identity is forgotten, and goes back to
    the identities a placeholder may be bound to (`free_identities`)."""
    s = game.s
    if "_composition" not in game.__dict__:
        game._composition = _count(s.card_defs)    # the deck as dealt: what identities exist
    defs = list(s.card_defs)                       # card_defs is shared by clones: copy on write
    for c in cards:
        defs[c] = PLACEHOLDER
    s.card_defs = defs
    s.ver += 1


def free_identities(game) -> dict:
    """Card def -> how many copies no card instance holds (what placeholders may become)."""
    comp = game.__dict__.get("_composition")
    if comp is None:
        return {}
    free = dict(comp)
    for cid in game.s.card_defs:
        if cid != PLACEHOLDER:
            free[cid] -= 1
    return {k: v for k, v in free.items() if v > 0}


def placeholders(game) -> list[int]:
    return [i for i, cid in enumerate(game.s.card_defs) if cid == PLACEHOLDER]


def bind(game, card: int, cid: str) -> None:
    """The placeholder `card` is revealed to be `cid`: it takes that identity where it lies.
    A copy of cid must be free (no other instance holds it), so the deck never holds more
    copies of a card than it has."""
    s = game.s
    if s.card_defs[card] != PLACEHOLDER:
        raise ValueError(f"card {card} is not a placeholder ({s.card_defs[card]})")
    if free_identities(game).get(cid, 0) < 1:
        raise ValueError(f"no free copy of card {cid!r} to bind")
    defs = list(s.card_defs)
    defs[card] = cid
    s.card_defs = defs
    s.ver += 1


def _count(xs) -> dict:
    out: dict = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return out
