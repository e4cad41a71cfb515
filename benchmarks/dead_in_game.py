"""What cannot apply in a game, counted where it is asked: for each derived value, how often it
is evaluated (all, inside actions' requirements, through its memo), its modifiers and how many
of them can apply in the game (Derived._live_mods, once the game is set up: the seats, the
hirelings in play and the proofs' dead modifiers); for each prohibition question (event, kind of
piece), how often it is asked, the hooks its plan asks, how many of those the game's proofs
call dead, and how often it forbids. Plays the games benchmarks/play_seeds.py plays (same seeds,
same options).

    python benchmarks/dead_in_game.py 3 [--factions a,b]

Nothing is named here: the derived values, hooks and seats come from the ruleset and the
command line.
"""
from __future__ import annotations

import collections
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)


def main(argv=None):
    from play_seeds import load_root, take_factions
    from rulesdsl.interpreter import gamedef, hooks, proofs
    from rulesdsl.interpreter.engine import Game
    argv = list(sys.argv[1:] if argv is None else argv)
    factions = take_factions(argv)
    n = int(argv[0]) if argv else 3
    calls, inreq, memoed = collections.Counter(), collections.Counter(), collections.Counter()
    depth = [0]
    bare_eval = gamedef.Derived.eval

    def counted_eval(self, ctx, arg, fresh=False):
        if not fresh:
            calls[self.id] += 1
            if depth[0]:
                inreq[self.id] += 1
            if self._memo is not None:
                memoed[self.id] += 1
        return bare_eval(self, ctx, arg, fresh)
    # before the load: generated code holds the method it calls (`d.eval`) from its compilation
    gamedef.Derived.eval = counted_eval
    g = load_root()
    for act in g.actions.values():
        req = act.requires
        if req is None:
            continue

        def inside(ctx, req=req):
            depth[0] += 1
            try:
                return req(ctx)
            finally:
                depth[0] -= 1
        act.requires = inside
    asked, forbids = collections.Counter(), collections.Counter()
    bare_forbidden = hooks._forbidden

    def counted_forbidden(ctx, event, space, kind, actor, origin=None):
        s = ctx.s
        plan = hooks._plan(ctx.g, event, kind, tuple(s.seats) if not s.hired else hooks._present(s))
        f = proofs.facts(ctx.g, s)
        hs = () if plan is None else [h for h, _ in plan[0]]
        dead = None if f is None else sum(1 for h in hs if h.cond_tree is not None and f.never(h.cond_tree))
        key = (event, kind, len(hs), dead)
        asked[key] += 1
        v = bare_forbidden(ctx, event, space, kind, actor, origin)
        forbids[key] += bool(v)
        return v
    hooks._forbidden = counted_forbidden
    last = None
    for seed in range(n):
        last = Game(g, factions, seed)
        rng = random.Random(seed)
        while last.pending is not None:
            last.apply(rng.randrange(len(last.pending.options)))
    s = last.s
    print(f"{'derived value':42s} {'asked':>6s} {'in req':>6s} {'memo':>5s} {'mods':>4s} {'live':>4s}  memo now")
    for d in sorted(g.derived.values(), key=lambda d: -calls[d.id]):
        if not calls[d.id]:
            continue
        live = d._live_mods(s)
        print(f"{d.id:42s} {calls[d.id]:6d} {inreq[d.id]:6d} {memoed[d.id]:5d} {len(d.mods):4d} "
              f"{len(live):4d}  {'on' if d._memo is not None else 'off'}")
    print("prohibition questions (event, kind, hooks in the plan, of them dead by the proofs "
          "[None: before the setup is done]): asked, forbidden")
    for key, k in asked.most_common():
        print(f"  {key} {k} {forbids[key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
