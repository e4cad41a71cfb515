"""Random Scythe games from data (rulesets/scythe), 2 to 5 players, the engine's invariants
checked after every decision. Reported, not a test (issue 16: "300 random games of 2 to 5
players with invariants after every decision: no error").

    python benchmarks/scythe_games.py --games 300 [--seed 0] [--eager 0.9] [--no-invariants]
        [--option aliancas=sim --option-every 3]

`--option ID=VALUE --option-every N`: every N-th game (0, N, 2N...) is made with that ruleset
option (rulesdsl/options.py); the others with the defaults.

`--eager P`: at a decision that can be declined ("passar", "fim"), take another option with
probability P, and at a "how many" decision (0 to N: a benefit taken in part) take N with
probability P (uniform random play declines half the optional actions, and games end at the
round limit before anyone places six stars). Prints errors (seed, decision, last choices),
how games ended, wins by faction and by seat, and CPU time per game."""
from __future__ import annotations

import argparse
import collections
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import rulesdsl  # noqa: E402
from rulesdsl.interpreter.engine import Game  # noqa: E402
from rulesdsl.interpreter.invariants import check  # noqa: E402

DECLINE = {"passar", "fim", "pass", "end"}


def play(g, seats, seed, eager, invariants, options=None):
    game = Game(g, seats, seed=seed, log=True, options=options)
    rng = random.Random(seed)
    n = 0
    while not game.is_terminal():
        ids = game.legal_ids()
        if not ids:
            return game, n, "no legal action"
        keep = [i for i, x in enumerate(ids) if x not in DECLINE]
        if keep and len(keep) < len(ids) and rng.random() < eager:
            i = rng.choice(keep)
        elif "0" in ids and game.pending.kind != "branch" and all(str(x).isdigit() for x in ids) \
                and rng.random() < eager:
            # "quanto": a benefit taken in part, the power dial... take the most (not a
            # choice between the options of "escolha um", whose ids are numbers too)
            i = max(range(len(ids)), key=lambda k: int(ids[k]))
        else:
            i = rng.randrange(len(ids))
        game.apply(i)
        n += 1
        if invariants:
            v = check(game)
            if v:
                return game, n, "; ".join(v)
        if n > 20000:
            return game, n, "no end"
    failure = getattr(game.s, "failure", None)
    return game, n, (getattr(failure, "why", str(failure)) if failure is not None else None)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--eager", type=float, default=0.9)
    ap.add_argument("--no-invariants", action="store_true")
    ap.add_argument("--option", action="append", default=None, metavar="ID=VALUE")
    ap.add_argument("--option-every", type=int, default=1, metavar="N")
    a = ap.parse_args(argv)
    g = rulesdsl.load(os.path.join(os.path.dirname(HERE), "rulesets", "scythe"))
    ends, wins, seats_won, plays = collections.Counter(), collections.Counter(), collections.Counter(), collections.Counter()
    events = collections.Counter()
    errors = []
    t0 = time.process_time()
    decisions = 0
    from rulesdsl.options import parse_specs
    chosen = parse_specs(a.option) or None
    with_options = 0
    for k in range(a.games):
        seed = a.seed + k
        seats = 2 + k % 4
        opts = chosen if chosen and a.option_every > 0 and k % a.option_every == 0 else None
        with_options += opts is not None
        try:
            game, n, err = play(g, seats, seed, a.eager, not a.no_invariants, opts)
        except Exception as exc:  # noqa: BLE001 - reported, with where
            errors.append(f"seed {seed}, {seats} seats, options {opts}: {type(exc).__name__}: {exc}")
            continue
        decisions += n
        if err:
            errors.append(f"seed {seed}, {seats} seats, options {opts}, decision {n}: {err}; "
                          f"last choices {game.history[-8:]}")
            continue
        kinds = collections.Counter(e.get("t") for e in game.log)
        ends["six stars" if "game_end" in kinds and "round_limit" not in kinds else "round limit"] += 1
        events["combats"] += sum(1 for e in game.log if e.get("t") == "reveal_secrets")
        for f in game.s.seats:
            plays[f] += 1
        for f in game.winners():
            wins[f] += 1
            seats_won[game.s.seats.index(f) + 1] += 1
    cpu = time.process_time() - t0
    print(f"{a.games} games (2-5 players, seeds {a.seed}..{a.seed + a.games - 1}, eager {a.eager}), "
          f"{decisions} decisions, {len(errors)} errors, CPU {cpu:.1f} s ({cpu / max(1, a.games):.2f} s/game)")
    if chosen:
        print(f"games with options {chosen}: {with_options}")
    print("ended by:", dict(ends), "| combats:", events["combats"])
    print("wins by faction:", {f: f"{wins[f]}/{plays[f]}" for f in sorted(plays)})
    print("wins by seat:", dict(sorted(seats_won.items())))
    for e in errors[:20]:
        print("ERROR", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
