"""Digests of the logs of seeded random games over a spread of rulesets, seatings, maps and
hirelings: to check that a change of the engine's speed plays exactly as before (run once with
it and once without, or in its check mode, and compare the outputs).

    python benchmarks/spec_logs.py > /tmp/on.txt
    RULESDSL_SPEC=0 python benchmarks/spec_logs.py > /tmp/off.txt
    diff /tmp/on.txt /tmp/off.txt && echo identical

Cases (one line per game: case, seed, decisions, SHA-256 of the log as benchmarks/native_logs.py
makes it): Root's four-player base game, two players, the newer factions on each of the four
maps, the advanced setup with hirelings dealt (hirelings come into play during the game), and
Scythe with 3 players. `--seeds N` games per case (default: the counts below); `--casos a,b`
only those cases.
"""
from __future__ import annotations

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

ROOT_RS, SCYTHE_RS = "rulesets/root", "rulesets/scythe"
# (case, ruleset, seats, Game's keyword arguments, games)
CASES = (
    ("root4", ROOT_RS, ["marqueses", "rapinas", "alianca", "malandro"], {}, 6),
    ("root2", ROOT_RS, ["marqueses", "rapinas"], {}, 6),
    ("inverno", ROOT_RS, ["ribeirinhos", "lagartos", "ducado", "corvideos"], {"map_id": "inverno"}, 2),
    ("lago", ROOT_RS, ["centenas", "guardioes", "marqueses", "lagartos"], {"map_id": "lago"}, 2),
    ("montanha", ROOT_RS, ["ducado", "corvideos", "rapinas"], {"map_id": "montanha"}, 2),
    ("outono", ROOT_RS, ["guardioes", "ribeirinhos", "alianca"], {"map_id": "outono"}, 2),
    ("capangas", ROOT_RS, ["marqueses", "rapinas", "alianca", "malandro"],
     {"setup": "avancada", "hirelings": "deal"}, 3),
    ("scythe3", SCYTHE_RS, 3, {}, 3),
)


def main(argv=None):
    from native_logs import digest
    from rulesdsl.environment import Environment
    from rulesdsl.interpreter.engine import Game
    argv = list(sys.argv[1:] if argv is None else argv)
    seeds = int(argv[argv.index("--seeds") + 1]) if "--seeds" in argv else None
    only = argv[argv.index("--casos") + 1].split(",") if "--casos" in argv else None
    env = Environment()
    loaded = {}
    for name, path, seats, kw, n in CASES:
        if only and name not in only:
            continue
        g = loaded.get(path) or loaded.setdefault(path, env.load(os.path.join(ROOT, path)))
        for seed in range(seeds or n):
            game = Game(g, seats, seed, log=True, **kw)
            rng = random.Random(seed)
            k = 0
            while game.pending is not None and k < 20000:
                game.apply(rng.randrange(len(game.pending.options)))
                k += 1
            print(name, seed, k, digest(game), flush=True)
    from rulesdsl.interpreter import derived_spec
    if derived_spec.CHECK[0]:
        print(f"# derived values specialised and checked: {derived_spec.CHECKED[0]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
