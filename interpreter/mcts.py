"""An information-set Monte Carlo tree search agent (`--agentes mcts`), for any ruleset.

At each decision with more than one option the agent runs `simulations` iterations. Each
iteration:

  1. **Determinizes**: copies the game (`Game.clone()`, microseconds) and deals again, at random,
     the identities of every card the agent may not see (the others' hands, the draw pile, face
     down cards), among the places those cards are in, and the faces under face-down pieces
     it may not see (`quem_vê:`, the Keepers' relics) among those pieces. What the agent has
     seen stays as it is.
     So the search never uses information the player does not have.
  2. **Selects** down one tree shared by all determinizations (single-observer ISMCTS): a node's
     children are keyed by option ids; an option is scored by UCB1 counting only the iterations
     in which it was available (the options differ between determinizations).
  3. **Expands** one untried option, then **plays out** `rollout` decisions at random.
  4. **Backs up** a value for every seat: the game's returns if it ended, else each seat's score
     lead over the best other seat, scaled by the score that wins (in [-1, 1]). Each node adds the
     value of the seat that chose it.

It returns the most visited option at the root. Randomness comes from the agent's own seeded
generator: the same seed, game and budget choose the same option. The budget is in
iterations, not in time, so results do not depend on the machine.
"""
from __future__ import annotations

import math
import random

from .agents import Agent, _rng


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

    def __init__(self, seed=0, simulations: int = 48, rollout: int = 30, c: float = 0.7,
                 tree_depth: int = 12):
        self.rng = _rng(f"mcts:{seed}")
        self.simulations = int(simulations)
        self.rollout = int(rollout)
        self.c = float(c)
        self.tree_depth = int(tree_depth)

    def choose(self, game) -> int:
        d = game.pending
        n = len(d.options)
        if n == 1:
            return 0
        me = d.player
        root = _Node(None)
        for _ in range(self.simulations):
            det = determinize(game, me, self.rng)
            self._iterate(root, det)
        ids = game.legal_ids()
        best = max(range(n), key=lambda i: (root.children[ids[i]].visits if ids[i] in root.children else -1,
                                            -i))
        return best

    def _iterate(self, root, det):
        node, path, depth = root, [], 0
        rng = self.rng
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
                i = untried[rng.randrange(len(untried))]
                child = node.children[ids[i]] = _Node(player)
                child.avail = 1
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
            det.apply(best_i)
            path.append(node)
            depth += 1
        for _ in range(self.rollout):
            if det.is_terminal():
                break
            det.apply(rng.randrange(len(det.legal_actions())))
        values = evaluate(det)
        for nd in path:
            nd.visits += 1
            nd.total += values.get(nd.player, 0.0)


def determinize(game, me, rng):
    """A copy of the game in which the cards `me` may not see are dealt again at random among
    the places they are in (their number in each place unchanged)."""
    det = game.clone()
    s = det.s
    hidden = []
    for zone, cards in s.zones.items():
        for c in cards:
            if not game.visible_to(c, me):
                hidden.append(c)
    if len(hidden) > 1:
        # sorted first: the deal depends only on which identities are hidden (the player can
        # count them) and on the generator, never on where they really are
        defs = sorted(s.card_defs[c] for c in hidden)
        rng.shuffle(defs)
        new = list(s.card_defs)          # shared with the original: this copy gets its own
        for c, cid in zip(hidden, defs):
            new[c] = cid
        s.card_defs = new
        s.ver += 1                       # memoized values that read cards are stale
    redeal_hidden_faces(det, me, rng)
    return det


def redeal_hidden_faces(game, me, rng) -> None:
    """The faces under the face-down pieces `me` may not see (a back declared `quem_vê:`, the
    Keepers' relics, Law 15.2.1) dealt again at random among those pieces, kind by kind: the
    state the search plays holds values the player may know (how many of each face are face
    down), never which piece shows which. In place, on a copy (`determinize`)."""
    g, s = game.g, game.s
    if not s.ident:
        return
    by_back: dict = {}
    for (sp, back), faces in sorted(s.ident.items()):
        if g.sees_face(back, me):
            continue
        by_back.setdefault(back, []).append((sp, sorted(faces.items())))
    for back, places in by_back.items():
        pool = sorted(f for _sp, faces in places for f, n in faces for _ in range(n))
        if len(set(pool)) < 2:
            continue
        rng.shuffle(pool)
        i = 0
        for sp, faces in places:
            n = sum(k for _f, k in faces)
            new: dict = {}
            for f in pool[i:i + n]:
                new[f] = new.get(f, 0) + 1
            i += n
            s.ident[(sp, back)] = new
    s.ver += 1


def evaluate(game) -> dict:
    """Seat -> value in [-1, 1]: the returns at the end, else the score lead over the best
    other seat, scaled by the score that wins (or by the highest score)."""
    seats = list(game.s.seats)
    if game.is_terminal():
        return dict(zip(seats, game.returns()))
    scores = game.scores()
    scale = float(game.g.victory_score or max([1] + [abs(v) for v in scores.values()]))
    out = {}
    for f in seats:
        others = [scores.get(o, 0) for o in seats if o != f]
        lead = scores.get(f, 0) - (max(others) if others else 0)
        out[f] = max(-1.0, min(1.0, lead / scale))
    return out
