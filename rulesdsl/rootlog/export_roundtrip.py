"""Round trips of random games: played, exported (export.py), imported and replayed (replay.py).

    python -m rulesdsl.rootlog.export_roundtrip [--regras rulesets/root] [--turnos 12]
        [--sementes 1-5] [--idioma pt|es] FACÇÕES:MAPA:BARALHO ...

Each game is played by a seeded random agent (random.Random(seed) over the legal actions) up
to its turn limit (or its end), written as Rootlog, read back and replayed; a line per game
says how many turn blocks replayed and, when one does not, the line and the action where the
importer stopped. The figures of docs/rootlog.md ("Exportar") come from this command."""
from __future__ import annotations

import argparse
import random
import sys
import time

from ..errors import format_message


def _seeds(text):
    a, _, b = text.partition("-")
    return list(range(int(a), int(b or a) + 1))


def round_trip(gdef, mp, factions, map_id, deck_id, seed, turns):
    """(result of the replay, exported text, CPU seconds of the replay)."""
    from ..interpreter.engine import Game
    from .export import export_game
    from .notation import parse
    from .replay import Replayer
    game = Game(gdef, factions, seed=seed, map_id=map_id, deck_id=deck_id, log=True)
    r = random.Random(seed)
    while game.s.turn_no < turns and not game.is_terminal():
        game.apply(r.randrange(len(game.legal_actions())))
    text = export_game(game, mp)
    t0 = time.process_time()
    res = Replayer(gdef, parse(text), mp).run()
    return res, text, time.process_time() - t0


def main(argv=None) -> int:
    import rulesdsl
    from .mapping import load_mapping
    ap = argparse.ArgumentParser(prog="python -m rulesdsl.rootlog.export_roundtrip")
    ap.add_argument("games", nargs="+", help="FACÇÕES:MAPA:BARALHO (facções separadas por vírgula)")
    ap.add_argument("--regras", default="rulesets/root")
    ap.add_argument("--turnos", type=int, default=12)
    ap.add_argument("--sementes", default="1-5")
    ap.add_argument("--idioma", default="pt", choices=("pt", "es"))
    a = ap.parse_args(argv)
    gdef, mp = rulesdsl.load(a.regras), load_mapping(a.regras)
    ok = total = 0
    for spec in a.games:
        facs, map_id, deck_id = spec.split(":")
        for seed in _seeds(a.sementes):
            res, _text, cpu = round_trip(gdef, mp, facs.split(","), map_id, deck_id, seed, a.turnos)
            whole = res.stop is None and res.blocks_done == res.blocks_total
            ok += whole
            total += 1
            where = ("" if whole else format_message("RLX.rt_stop", a.idioma, {
                "line": res.stop.line, "action": res.stop.action.raw if res.stop.action else "?"}))
            print(format_message("RLX.rt_line", a.idioma, {
                "game": spec, "seed": seed, "done": res.blocks_done, "total": res.blocks_total,
                "cpu": f"{cpu:.1f}", "where": where}))
    print(format_message("RLX.rt_total", a.idioma, {"ok": ok, "n": total}))
    return 0 if ok == total else 1


if __name__ == "__main__":
    sys.exit(main())
