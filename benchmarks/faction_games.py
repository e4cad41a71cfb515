"""Many random games of a ruleset with the given factions: each game seats one of them (in turn)
in a seat that changes from game to game, and fills the other seats with other factions of the
ruleset (the given ones included, so they also meet each other), on every map, with every deck;
the generic invariants are checked after every decision. Prints the games played, the errors
(with seed, factions, map and deck, and how to replay one), the winners and how often each
action of the given factions ran.

    python benchmarks/faction_games.py lagartos --games 300
    python benchmarks/faction_games.py lagartos ribeirinhos ducado corvideos --games 1200
    python benchmarks/faction_games.py centenas --games 320 --first-seed 0
    python benchmarks/faction_games.py corvideos --games 300 --game 117     # replay one game
    python benchmarks/faction_games.py marqueses malandro --hirelings bandidos,profetas,artesaos

With --hirelings, every game has those hirelings in play from the start (App. E: they set up,
are hired at the VP markers and change hands); factions a hireling excludes (A.6.5) sit out.

No faction is named here: the factions come from the command line, the others from the ruleset
(every faction that takes a seat: not a hireling, not a copy such as a second Vagabond).
"""
from __future__ import annotations

import argparse
import collections
import itertools
import os
import random
import sys
import time

from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import check

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _gamedef(path):
    from rulesdsl.environment import Environment
    return Environment().load(path)


def seatable(g) -> list[str]:
    """The ruleset's factions that take a seat of their own (hirelings and copies do not)."""
    hirelings = set(getattr(g, "hirelings", ()) or ())
    copies = set(getattr(g, "copy_of", {}) or {})
    return sorted(f for f in g.factions if f not in hirelings and f not in copies)


def setups(n, focus, others, maps, decks, players, salt=0):
    """-> (index, factions in turn order, map, deck) for n games. Game i seats focus[i % F] in
    seat (i // F) % players; the other seats take a combination of the rest, in a shuffled
    order fixed by `salt`; maps and decks rotate more slowly so every pairing meets each."""
    F = len(focus)
    combos = {f: list(itertools.combinations([o for o in others if o != f], players - 1))
              for f in focus}
    for f in focus:
        random.Random(salt * 7919 + focus.index(f)).shuffle(combos[f])
    for i in range(n):
        f = focus[i % F]
        k = i // F
        rest = list(combos[f][k % len(combos[f])])
        seat = k % players
        factions = rest[:seat] + [f] + rest[seat:]
        yield (i, factions, maps[(k // players) % len(maps)],
               decks[(k // (players * len(maps))) % len(decks)])


def play(g, factions, seed, map_id, deck_id, max_decisions, hirelings=None):
    """One game to its end -> (game, decisions); raises AssertionError on a violation."""
    game = Game(g, factions, seed=seed, map_id=map_id, deck_id=deck_id, log=True,
                hirelings=hirelings or None)
    return play_out(game, seed, max_decisions)


def play_out(game, seed, max_decisions, what=""):
    """Random choices (seeded) to the end, the invariants checked after every decision ->
    (game, decisions); raises AssertionError, prefixed by `what`, on a violation."""
    rng = random.Random(seed)
    n = 0
    pre = f"{what}: " if what else ""
    v = check(game)
    if v:
        raise AssertionError(pre + "at the start: " + "; ".join(v))
    while not game.is_terminal():
        la = game.legal_actions()
        if not la:
            raise AssertionError(f"{pre}no legal action (decision {n})")
        game.apply(rng.randrange(len(la)))
        n += 1
        v = check(game)
        if v:
            raise AssertionError(f"{pre}decision {n}, round {game.s.round}, {game.s.active}: "
                                 + "; ".join(v))
        if n > max_decisions:
            raise AssertionError(f"{pre}no end")
    fail = getattr(game.s, "failure", None)
    if fail is not None:
        raise AssertionError(f"{pre}stuck: {getattr(fail, 'why', fail)}")
    return game, n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("factions", nargs="+", help="the faction ids each game seats in turn")
    ap.add_argument("--ruleset", default=os.path.join(HERE, "rulesets", "root"))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=0, help="game i plays with seed FIRST+i")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--others", default=None,
                    help="comma-separated factions for the other seats (default: every seatable one)")
    ap.add_argument("--maps", default=None, help="comma-separated (default: every map)")
    ap.add_argument("--decks", default=None, help="comma-separated (default: every deck)")
    ap.add_argument("--game", type=int, action="append", default=None,
                    help="play only game number I of the series (repeatable), to replay a failure")
    ap.add_argument("--max-decisions", type=int, default=30000)
    ap.add_argument("--hirelings", default=None,
                    help="comma-separated hireling factions in play in every game (App. E)")
    ap.add_argument("--progress", type=int, default=0, metavar="N",
                    help="print a line every N games (and each error as it happens)")
    a = ap.parse_args(argv)
    g = _gamedef(a.ruleset)
    seats = seatable(g)
    bad = [f for f in a.factions if f not in seats]
    if bad:
        ap.error(f"not a seatable faction of the ruleset: {', '.join(bad)} (choose from {', '.join(seats)})")
    others = a.others.split(",") if a.others else seats
    hired = a.hirelings.split(",") if a.hirelings else []
    if hired:
        hs = getattr(g, "hirelings", {})
        bad = [h for h in hired if h not in hs]
        if bad:
            ap.error(f"not a hireling of the ruleset: {', '.join(bad)}")
        out = {hs[h].excludes for h in hired}
        others = [f for f in others if f not in out]
        if any(f in out for f in a.factions):
            ap.error("a faction given is excluded by a hireling given (A.6.5)")
    maps = a.maps.split(",") if a.maps else sorted(g.maps)
    decks = a.decks.split(",") if a.decks else sorted(g.decks)
    acts = {f: collections.Counter() for f in list(a.factions) + hired}
    seen = collections.Counter()
    errors = []
    wins = collections.Counter()
    decisions = 0
    played = 0
    t0 = time.process_time()
    for i, factions, map_id, deck_id in setups(a.games, a.factions, others, maps, decks, a.players):
        if a.game is not None and i not in a.game:
            continue
        seed = a.first_seed + i
        played += 1
        seen.update((f, factions.index(f)) for f in a.factions if f in factions)
        try:
            game, n = play(g, factions, seed, map_id, deck_id, a.max_decisions, hired)
        except Exception as ex:  # noqa: BLE001 - reported, not hidden
            errors.append((i, seed, factions, map_id, deck_id, repr(ex)[:400]))
            if a.progress:
                print(f"error in game {i}: {errors[-1]}", flush=True)
            continue
        decisions += n
        if a.progress and played % a.progress == 0:
            print(f"... {played} games, {len(errors)} with errors, {decisions} decisions, "
                  f"{time.process_time() - t0:.0f} s CPU", flush=True)
        for e in game.log:
            if e.get("t") == "action" and e.get("faction") in acts:
                acts[e["faction"]][e.get("action")] += 1
            elif e.get("t") == "trigger" and e.get("faction") in hired:
                acts[e["faction"]]["trigger " + str(e.get("law"))] += 1
        for w in game.winners() or ["(none)"]:
            wins[w] += 1
    dt = time.process_time() - t0
    print(f"{played} games, {len(errors)} with errors, {decisions} decisions, {dt:.1f} s CPU")
    print("seats:", {f: sorted(s for (ff, s) in seen if ff == f) for f in a.factions})
    print("wins:", dict(sorted(wins.items())))
    for f, c in acts.items():
        print(f"{f} actions:", dict(sorted(c.items())))
    for i, seed, factions, map_id, deck_id, why in errors:
        print(f"ERROR game {i} seed {seed} {','.join(factions)} {map_id} {deck_id}: {why}")
        print(f"  replay: python benchmarks/faction_games.py {' '.join(a.factions)} "
              f"--games {a.games} --first-seed {a.first_seed} --game {i}"
              + (f" --hirelings {a.hirelings}" if a.hirelings else ""))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
