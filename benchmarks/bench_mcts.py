"""The search agent against random play in four-player Root: the agent takes each faction in
turn, the three others play at random; wins per faction with a Wilson interval.

    python benchmarks/bench_mcts.py --games 3 --seed 100      # 3 games per faction (docs/pesquisa.md)
"""
import argparse
import json

from rulesdsl.interpreter.simulate import simulate, wilson

ap = argparse.ArgumentParser()
ap.add_argument("ruleset", nargs="?", default="root")
ap.add_argument("--factions", default="marqueses,rapinas,alianca,malandro")
ap.add_argument("--games", type=int, default=3, help="games with the agent in each faction")
ap.add_argument("--seed", type=int, default=100)
a = ap.parse_args()
fs = a.factions.split(",")
wins = total = 0
for k, f in enumerate(fs):
    agents = ",".join("mcts" if x == f else "random" for x in fs)
    # no CPU-time limit per game: the agent thinks at every decision
    r = simulate(a.ruleset, fs, games=a.games, seed=a.seed + k, workers=1, agents=agents, progress=False,
                 time_limit=None)
    w = r["win_rate"][f]["wins"]
    wins, total = wins + w, total + r["completed"]
    print(json.dumps({"mcts": f, "wins": w, "games": r["completed"], "errors": len(r["errors"]),
                      "mean_scores": r["mean_scores"], "seconds": r["seconds"]}), flush=True)
lo, hi = wilson(wins, total)
print(f"mcts won {wins} of {total} ({wins / max(1, total):.0%}; 95% Wilson interval {lo:.0%}-{hi:.0%})")
