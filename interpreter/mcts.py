"""An information-set Monte Carlo tree search agent (`--agentes mcts`), for any ruleset.

The variant is single-observer ISMCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012): one tree
for the deciding player, searched through a fresh determinization at each iteration. At each
decision with more than one option the agent runs `simulations` iterations. Each iteration:

  1. **Determinizes**: copies the game (`Game.clone()`, microseconds) and deals again, at random,
     the identities of every card the agent may not see (the others' hands, the draw pile, face
     down cards), among the places those cards are in, and the faces under face-down pieces
     it may not see (`quem_vê:`, the Keepers' relics) among those pieces. What the agent has
     seen stays as it is. Which cards and faces are hidden is worked out once per decision
     (`Unseen`); each iteration only copies and deals (a fresh deal per iteration, as SO-ISMCTS
     asks: reusing one deal for several iterations would make the tree trust that deal).
     So the search never uses information the player does not have.
  2. **Selects** down one tree shared by all determinizations: a node's children are keyed by
     option ids; an option is scored by UCB1 counting only the iterations in which it was
     available (the options differ between determinizations).
  3. **Expands** one untried option, the one the greedy agent (or the faction's `prioridades:`)
     values most, then **plays out** at most `rollout` decisions at random; while a seat can
     win only by a rule (its score frozen: Root's dominance), the play-out goes on until that
     seat's next turn has begun, where such rules are read (`_until_seekers_turn`).
  4. **Evaluates** (`evaluate`) and **backs up** a value for every seat: the game's returns if
     it ended, else each seat's score lead over the best other seat, scaled by the score that
     wins, plus, for a faction with `prioridades:` (its bot written in the data), a small bonus
     for the weights of the options it took in this iteration; all in [-1, 1]. Each node adds
     the value of the seat that chose it.

It returns the most visited option at the root (among options visited as often, the best
mean value). Randomness comes from the agent's own seeded
generator: the same seed, game and budget choose the same option. The budget is in iterations
and decisions, never in time, so results do not depend on the machine: `mcts:16:8` is 16
iterations with play-outs of 8 decisions (`budget`).
"""
from __future__ import annotations

import math

from .agents import Agent, HeuristicAgent, _rng

# defaults: the budget measured in docs/pesquisa.md
SIMULATIONS = 16
ROLLOUT = 8
# a faction's `prioridades:` weight of 1 is worth this much of the [-1, 1] value
PRIORITY_SCALE = 0.02
# at most this many more play-out decisions while a seat can win only by a rule
EXTEND = 400


class _Node:
    __slots__ = ("player", "visits", "total", "avail", "children")

    def __init__(self, player):
        self.player = player      # who chose the option leading here
        self.visits = 0
        self.total = 0.0
        self.avail = 0            # iterations in which this option was offered
        self.children: dict = {}


class MCTSAgent(Agent):
    name = "mcts"

    def __init__(self, seed=0, simulations: int = SIMULATIONS, rollout: int = ROLLOUT, c: float = 0.7,
                 tree_depth: int = 12):
        self.rng = _rng(f"mcts:{seed}")
        self.simulations = int(simulations)
        self.rollout = int(rollout)
        self.c = float(c)
        self.tree_depth = int(tree_depth)
        self.name = f"mcts:{self.simulations}:{self.rollout}"     # the records name the budget
        self._judge = HeuristicAgent(f"mcts-judge:{seed}")

    def choose(self, game) -> int:
        d = game.pending
        n = len(d.options)
        if n == 1:
            return 0
        me = d.player
        root = _Node(None)
        unseen = Unseen(game, me)
        shaping = bool(getattr(game.g, "priorities", None))
        for _ in range(self.simulations):
            self._iterate(root, unseen.deal(self.rng), shaping)
        ids = game.legal_ids()

        def rank(i):
            ch = root.children.get(ids[i])
            if ch is None:
                return (-1, 0.0, -i)
            # most visited; among options visited as often (a small budget, many options), the
            # best mean value
            return (ch.visits, ch.total / ch.visits if ch.visits else 0.0, -i)
        return max(range(n), key=rank)

    def _iterate(self, root, det, shaping):
        node, path, depth = root, [], 0
        rng = self.rng
        bonus: dict = {}
        while not det.is_terminal() and depth < self.tree_depth:
            player = det.current_player()
            ids = det.legal_ids()
            untried = []
            for i, oid in enumerate(ids):
                ch = node.children.get(oid)
                if ch is None:
                    untried.append(i)
                else:
                    ch.avail += 1
            if untried:
                i = self._expand(det, untried)
                child = node.children[ids[i]] = _Node(player)
                child.avail = 1
                if shaping:
                    _note_priority(det, i, bonus)
                det.apply(i)
                path.append(child)
                break
            c = self.c
            best_i, best_v = 0, -math.inf
            for i, oid in enumerate(ids):
                ch = node.children[oid]
                v = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if v > best_v:
                    best_i, best_v = i, v
            node = node.children[ids[best_i]]
            if shaping:
                _note_priority(det, best_i, bonus)
            det.apply(best_i)
            path.append(node)
            depth += 1
        for _ in range(self.rollout):
            if det.is_terminal():
                break
            i = rng.randrange(len(det.pending.options))
            if shaping:
                _note_priority(det, i, bonus)
            det.apply(i)
        if not det.is_terminal():
            _until_seekers_turn(det, rng)
        values = evaluate(det, bonus)
        for nd in path:
            nd.visits += 1
            nd.total += values.get(nd.player, 0.0)

    def _expand(self, game, untried) -> int:
        """The untried option to expand: the one the greedy agent values most (its one-look
        valuation, or the faction's `prioridades:` first, agents.py), ties at random. With few
        iterations and many options, the options tried first are the plausible ones."""
        if len(untried) == 1:
            return untried[0]
        d = game.pending
        judge = self._judge
        opts = d.options
        best, best_v = [], None
        for i in untried:
            v = judge.score(game, d, opts[i])
            if best_v is None or v > best_v:
                best, best_v = [i], v
            elif v == best_v:
                best.append(i)
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]


def _note_priority(game, i, bonus) -> None:
    """Add the `prioridades:` weight of option i, for the faction choosing it, to `bonus`."""
    from .priorities import value
    d = game.pending
    p = d.player
    if p in game.g.priorities:
        v = value(game, p, d.options[i])
        if v:
            bonus[p] = bonus.get(p, 0.0) + v


def _rule_seekers(game) -> list:
    """The seats that can win only by a rule: their score is frozen (`congele seus PV`, Root's
    dominance 3.3.1) and they joined no one's victory (`junte-se a D`)."""
    g, s = game.g, game.s
    flags = s.flags
    if not g.score or not flags:
        return []
    return [f for f in s.seats if flags.get(("locked", g.counter_key(g.score, f)))
            and flags.get(("wins_with", f)) is None]


def _until_seekers_turn(game, rng) -> None:
    """While some seat can win only by a rule (`_rule_seekers`), the play-out goes on at random
    until each such seat's next turn has begun (at most EXTEND decisions): the rules that make
    it win are read at its turn (Root: at its Birdsong, 3.3.1), beyond a short play-out, and
    the search must see whether they do. Games without such a seat play no further."""
    waiting = _rule_seekers(game)
    if not waiting:
        return
    waiting = set(waiting)
    s = game.s
    start = s.turn_no
    for _ in range(EXTEND):
        if game.is_terminal():
            return
        s = game.s
        if s.turn_no != start and s.active in waiting:
            waiting.discard(s.active)
            if not waiting:
                return
        game.apply(rng.randrange(len(game.pending.options)))


def budget(spec: str) -> dict:
    """'16' or '16:8' (iterations[:play-out decisions]) -> MCTSAgent keyword arguments.
    ValueError when it is not one or two positive whole numbers (the second may be 0)."""
    parts = spec.split(":")
    if not 1 <= len(parts) <= 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(spec)
    nums = [int(p) for p in parts]
    if nums[0] < 1:
        raise ValueError(spec)
    out = {"simulations": nums[0]}
    if len(nums) == 2:
        out["rollout"] = nums[1]
    return out


class Unseen:
    """What `me` may not see at this decision, worked out once: the cards whose identity is
    hidden from it and the faces under face-down pieces it may not see. `deal(rng)` is a copy of
    the game with those dealt again at random (their number in each place unchanged)."""

    __slots__ = ("game", "cards", "defs", "faces")

    def __init__(self, game, me):
        self.game = game
        s = game.s
        hidden = [c for cards in s.zones.values() for c in cards if not game.visible_to(c, me)]
        # sorted: the deal depends only on which identities are hidden (the player can count
        # them) and on the generator, never on where they really are
        self.cards = hidden if len(hidden) > 1 else []
        self.defs = sorted(s.card_defs[c] for c in self.cards)
        self.faces = _hidden_faces(game, me)

    def deal(self, rng):
        det = self.game.clone()
        s = det.s
        if self.cards:
            defs = list(self.defs)
            rng.shuffle(defs)
            new = list(s.card_defs)          # shared with the original: this copy gets its own
            for c, cid in zip(self.cards, defs):
                new[c] = cid
            s.card_defs = new
            s.ver += 1                       # memoized values that read cards are stale
        if self.faces:
            _deal_faces(s, self.faces, rng)
        return det


def determinize(game, me, rng):
    """A copy of the game in which the cards `me` may not see are dealt again at random among
    the places they are in (their number in each place unchanged), and the faces under the
    face-down pieces it may not see among those pieces."""
    return Unseen(game, me).deal(rng)


def _hidden_faces(game, me) -> list:
    """[(places [(space, back, n)], pool of faces sorted)] per kind of face-down piece whose
    faces `me` may not see, with at least two different faces to deal (Law 15.2.1)."""
    g, s = game.g, game.s
    if not s.ident:
        return []
    by_back: dict = {}
    for (sp, back), faces in sorted(s.ident.items()):
        if g.sees_face(back, me):
            continue
        by_back.setdefault(back, []).append((sp, back, sorted(faces.items())))
    out = []
    for places in by_back.values():
        pool = sorted(f for _sp, _b, faces in places for f, n in faces for _ in range(n))
        if len(set(pool)) < 2:
            continue
        out.append(([(sp, b, sum(k for _f, k in faces)) for sp, b, faces in places], pool))
    return out


def _deal_faces(s, faces, rng) -> None:
    for places, pool in faces:
        pool = list(pool)
        rng.shuffle(pool)
        i = 0
        for sp, back, n in places:
            new: dict = {}
            for f in pool[i:i + n]:
                new[f] = new.get(f, 0) + 1
            i += n
            s.ident[(sp, back)] = new
    s.ver += 1


def redeal_hidden_faces(game, me, rng) -> None:
    """The faces under the face-down pieces `me` may not see (a back declared `quem_vê:`, the
    Keepers' relics, Law 15.2.1) dealt again at random among those pieces, kind by kind: the
    state the search plays holds values the player may know (how many of each face are face
    down), never which piece shows which. In place, on a copy (`determinize`)."""
    faces = _hidden_faces(game, me)
    if faces:
        _deal_faces(game.s, faces, rng)


def evaluate(game, bonus=None) -> dict:
    """Seat -> value in [-1, 1]: the returns at the end, else the score lead over the best
    other seat, scaled by the score that wins (or by the highest score), plus PRIORITY_SCALE
    times the `prioridades:` weights in `bonus` (seat -> sum of the weights of what it took).

    What the state says about a seat's score is heeded: a seat whose score is frozen
    (`congele seus PV`: Root's dominance card, 3.3.1, or a coalition, 9.2.8) can no longer win
    by reaching the score, so its points are worth nothing to it (its lead is counted from 0);
    a seat that joined another's victory (`junte-se a D`, a coalition) has the value of the seat
    it joined (along a chain of joins), since it wins when and only when that seat wins."""
    s = game.s
    seats = list(s.seats)
    if game.is_terminal():
        return dict(zip(seats, game.returns()))
    scores = game.scores()
    g = game.g
    flags = s.flags
    if g.score and flags:
        for f in seats:
            if flags.get(("locked", g.counter_key(g.score, f))):
                scores[f] = 0
    scale = float(g.victory_score or max([1] + [abs(v) for v in scores.values()]))
    out = {}
    for f in seats:
        others = [scores.get(o, 0) for o in seats if o != f]
        lead = scores.get(f, 0) - (max(others) if others else 0)
        v = lead / scale
        if bonus:
            v += PRIORITY_SCALE * bonus.get(f, 0.0)
        out[f] = max(-1.0, min(1.0, v))
    if flags:
        for f in seats:
            p, seen = f, {f}
            while True:
                q = flags.get(("wins_with", p))
                if q is None or q in seen or q not in out:
                    break
                seen.add(q)
                p = q
            if p != f:
                out[f] = out[p]
    return out
