"""The search agent against random or greedy play in four-player Root: the agent takes each
faction in turn (game k: faction k mod 4; the seats rotate too), the three others are all random
or all greedy; wins per faction with a Wilson interval, CPU seconds per game.

    nice -n 19 python benchmarks/bench_mcts.py --games 60 --budget 16:8 --out /tmp/mcts-random.jsonl
    (… --shard 0/3 & … --shard 1/3 & … --shard 2/3: three processes sharing the games and the file;
     … --shard 0/3 --descending: one more for shard 0, from its last game down)
    nice -n 19 python benchmarks/bench_mcts.py --games 40 --budget 16:8 --opponents greedy --out /tmp/mcts-greedy.jsonl
    python benchmarks/bench_mcts.py --summary /tmp/mcts-random.jsonl

Each finished game is appended to --out at once (one JSON line), so a run stopped at any point
keeps what it played; run again with the same arguments and it goes on from the games the file
already holds (same seeds). Game k is the same game whatever the machine: seeds come from
--seed and k, the agent's budget is in iterations and decisions, never in time.
"""
import argparse
import json
import os
import time

from rulesdsl.environment import Environment
from rulesdsl.interpreter.simulate import _seating, game_seed, play_one, wilson


def summarize(rows, factions=None):
    rows = [r for r in rows if "error" not in r]
    fs = factions or sorted({r["mcts"] for r in rows})
    out = {"games": len(rows), "wins": sum(r["mcts_won"] for r in rows), "per_faction": {}}
    for f in fs:
        mine = [r for r in rows if r["mcts"] == f]
        out["per_faction"][f] = f"{sum(r['mcts_won'] for r in mine)}/{len(mine)}"
    lo, hi = wilson(out["wins"], out["games"])
    cpu = sorted(r["cpu"] for r in rows)
    out.update(rate=round(out["wins"] / max(1, out["games"]), 3), ci95=[round(lo, 3), round(hi, 3)],
               cpu_mean=round(sum(cpu) / max(1, len(cpu)), 1), cpu_median=cpu[len(cpu) // 2] if cpu else None,
               cpu_max=cpu[-1] if cpu else None,
               ended_by=sorted({r["stopped"] for r in rows}))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ruleset", nargs="?", default="rulesets/root")
    ap.add_argument("--factions", default="marqueses,rapinas,alianca,malandro")
    ap.add_argument("--games", type=int, default=8, help="games in all (the agent takes each faction in turn)")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--budget", default="16:8", help="the agent's budget: iterations[:play-out decisions]")
    ap.add_argument("--opponents", default="random", help="the agent of the three other seats")
    ap.add_argument("--out", help="JSON Lines file: one line per finished game (appended; resumed)")
    ap.add_argument("--shard", default="0/1", metavar="I/N",
                    help="play only the games k with k mod N = I (N processes on one --out file)")
    ap.add_argument("--descending", action="store_true",
                    help="play the games from the last down (a second process per shard, from the other end)")
    ap.add_argument("--summary", metavar="JSONL", help="only summarize a file written by --out")
    a = ap.parse_args()
    fs = a.factions.split(",")
    if a.summary:
        with open(a.summary, encoding="utf-8") as fh:
            print(json.dumps(summarize([json.loads(x) for x in fh if x.strip()], fs)))
        return
    done, rows = set(), []
    if a.out and os.path.exists(a.out):
        with open(a.out, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    r = json.loads(line)
                    if (r.get("budget"), r.get("opponents"), r.get("base_seed")) == (a.budget, a.opponents, a.seed):
                        done.add(r["game"])
                        rows.append(r)
    gdef = Environment(None).load(a.ruleset)
    shard, shards = (int(x) for x in a.shard.split("/"))
    for k in (range(a.games - 1, -1, -1) if a.descending else range(a.games)):
        if k in done or k % shards != shard:
            continue
        me = fs[k % len(fs)]
        seats = _seating(fs, k // len(fs), True)
        spec = [f"mcts:{a.budget}" if f == me else a.opponents for f in seats]
        seed = game_seed(a.seed, k)
        t0 = time.process_time()
        try:
            r = play_one(gdef, seats, seed, spec, 100_000)
        except Exception as exc:  # noqa: BLE001 - a broken game is a result
            r = {"error": f"{type(exc).__name__}: {exc}"}
        r.update(game=k, base_seed=a.seed, budget=a.budget, opponents=a.opponents, mcts=me,
                 seats=seats, mcts_won=me in (r.get("winners") or []),
                 cpu=round(time.process_time() - t0, 1))
        rows.append(r)
        line = json.dumps(r, ensure_ascii=False)
        print(line, flush=True)
        if a.out:
            with open(a.out, "a", encoding="utf-8") as fh:
                fh.write(line + "\n")
    print(json.dumps(summarize(rows, fs)), flush=True)


if __name__ == "__main__":
    main()
