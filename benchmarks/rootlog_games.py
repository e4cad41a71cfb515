"""The real games of ../shared/data/rootlog/games replayed, strict or tolerant, one line each:
the last line reached, matched actions, the referee's corrections by class, the engine's scores
and winner against the record's (the sum of each faction's `++`/`--` and its `Winner:`), and
the CPU time of the replay (time.process_time, the ruleset's load not counted).

    python benchmarks/rootlog_games.py [--tolerante] [--linhas N] [--gemeos N] [GAME ...]

GAME is a file name's stem or part of it (all eight without any); --linhas N replays only the
record's first N lines (a prefix, for timing), --gemeos N sets the search's twin budget."""
from __future__ import annotations

import argparse
import collections
import glob
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data", "rootlog", "games"))


def record_scores(rec, mp) -> dict:
    """Each faction's points as the record sums them (its score actions)."""
    from rulesdsl.rootlog.below_zero import record_totals
    return record_totals(rec, mp)


def _frozen_by_faction(rec, mp) -> dict:
    from rulesdsl.rootlog.frozen_points import by_faction
    return by_faction(rec, mp)


def run_one(path, gdef, mp, tolerant, lines, twins):
    from rulesdsl.rootlog.notation import parse
    from rulesdsl.rootlog.replay import Replayer
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    if lines:
        text = "\n".join(text.splitlines()[:lines]) + "\n"
    rec = parse(text)
    kw = {} if twins is None else {"twin_budget": twins}
    t0 = time.process_time()
    rp = Replayer(gdef, rec, mp, tolerant=tolerant, **kw)
    res = rp.run()
    cpu = time.process_time() - t0
    last = max((t.line for t in rec.turns), default=0)
    stop = res.stop
    reached = last if stop is None else stop.line
    klass = collections.Counter(c.klass for c in res.corrections)
    return {"game": os.path.basename(path)[:-len(".rootlog")], "last_line": last, "reached": reached,
            "stop": None if stop is None else {"line": stop.line, "reason": stop.reason,
                                               "action": stop.action.raw if stop.action else None},
            "blocks": [res.blocks_done, res.blocks_total],
            "matched": [res.actions_matched, res.actions_checked, res.actions_total],
            "corrections": dict(sorted(klass.items())),
            # by the record letter of the corrected line's faction (docs/rootlog.md, the Duchy and
            # the Corvids: their `unexplained` ones)
            "corrections_by_faction": {f: dict(sorted(collections.Counter(
                c.klass for c in res.corrections if c.faction == f).items()))
                for f in sorted({c.faction for c in res.corrections})},
            "forced_ends": sum(1 for _, a in res.skipped if a == "*"),
            "scores": res.scores, "scores_log": record_scores(rec, mp),
            # the record's points written after it froze the faction's score (frozen_points.py)
            "scores_log_frozen": _frozen_by_faction(rec, mp),
            "winners": list(res.game.winners()), "winner_log": rec.winner,
            "cpu_s": round(cpu, 1)}


def main(argv=None):
    from rulesdsl.cli import _load
    from rulesdsl.environment import resolve_ruleset
    from rulesdsl.rootlog.mapping import load_mapping
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*")
    ap.add_argument("--tolerante", action="store_true")
    ap.add_argument("--linhas", type=int, default=0)
    ap.add_argument("--gemeos", type=int, default=None)
    a = ap.parse_args(argv)
    paths = sorted(glob.glob(os.path.join(GAMES, "*.rootlog")))
    if a.games:
        paths = [p for p in paths if any(g in os.path.basename(p) for g in a.games)]
    gdef = _load("root", None)
    mp = load_mapping(resolve_ruleset("root"))
    print(f"# load {os.getloadavg()[0]:.1f}", file=sys.stderr)
    for p in paths:
        print(json.dumps(run_one(p, gdef, mp, a.tolerante, a.linhas, a.gemeos), sort_keys=True), flush=True)
    print(f"# load {os.getloadavg()[0]:.1f}", file=sys.stderr)


if __name__ == "__main__":
    main()
