"""A copy of Root trimmed to the four base factions, for the third goal of issue 11: with all ten
factions and the hirelings in the ruleset, the four-player base game's decisions/s drops by no
more than 10% against this copy (docs/desempenho.md, "Provas estáticas e carga").

    python benchmarks/trim_ruleset.py /tmp/root-trim            # writes the copy (replaces it)
    python benchmarks/bench_playout.py /tmp/root-trim --games 20 --factions marqueses,rapinas,alianca,malandro
    python benchmarks/trim_ruleset.py /tmp/root-trim --compare 3   # Python calls per decision, both

The copy leaves out the six factions that are not in the base game and the hirelings' files
(`capangas/`), and mends the three places the rest of the ruleset names them: the factions of
the advanced setup's draft and of the corner-faction limit (`jogo.yaml`), the rivers' adjacency for the Riverfolk and their
Boats (`componentes.yaml`: a condition that never holds instead), and the Vagabond's hostility
rules about the Riverfolk's mercenaries (`faccoes/malandro.yaml`). The landmarks and the general
hireling rules (`regras/capangas.yaml`) stay: the core rules name the Ferry, the Forge and
`controlador`. Each edit must apply exactly once: a changed ruleset stops the script with the
edit that no longer fits.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SOURCE = os.path.join(ROOT, "rulesets", "root")
BASE = ["marqueses", "rapinas", "alianca", "malandro"]
DROP = ["faccoes/centenas.yaml", "faccoes/corvideos.yaml", "faccoes/ducado.yaml",
        "faccoes/guardioes.yaml", "faccoes/lagartos.yaml", "faccoes/ribeirinhos.yaml", "capangas"]
EDITS = [
    ("jogo.yaml",
     "entre: [marqueses, rapinas, alianca, malandro, lagartos, ribeirinhos, ducado, corvideos, centenas,\n"
     "                guardioes]",
     "entre: [marqueses, rapinas, alianca, malandro]"),
    ("jogo.yaml",
     "facções: [marqueses, rapinas, lagartos, ducado, centenas, guardioes], máximo: 4,",
     "facções: [marqueses, rapinas], máximo: 4,"),
    ("componentes.yaml",
     "adjacência_se: você é ribeirinhos ou botes de você > 0",
     "adjacência_se: pv de você < 0"),
    ("faccoes/malandro.yaml",
     " e não (F é ribeirinhos e mercenários de (jogador da vez) = 2)\n",
     "\n"),
    ("faccoes/malandro.yaml",
     "      - lei: [\"9.2.9.III\", \"11.2.7.III.b\"]\n"
     "        quando: {evento: remoção, peças: guerreiro, dono: F, por: você}\n"
     "        condição: F é ribeirinhos e mercenários de (jogador da vez) = 2 e hostilidade de (jogador da vez) = 0\n"
     "        efeito: defina hostilidade de (jogador da vez) para 1\n",
     ""),
]


def trim(out: str) -> None:
    if os.path.exists(out):
        shutil.rmtree(out)
    shutil.copytree(SOURCE, out)
    for rel in DROP:
        p = os.path.join(out, rel)
        if os.path.isdir(p):
            shutil.rmtree(p)
        else:
            os.remove(p)
    for rel, old, new in EDITS:
        p = os.path.join(out, rel)
        with open(p, encoding="utf-8") as fh:
            text = fh.read()
        if text.count(old) != 1:
            sys.exit(f"{rel}: the edit no longer fits (found {text.count(old)} times):\n{old}")
        with open(p, "w", encoding="utf-8") as fh:
            fh.write(text.replace(old, new))


def calls(path: str, games: int) -> tuple:
    """Python calls and decisions of `games` random four-player base games (seeds 0..N-1), after
    one warm-up game; cProfile counts calls exactly (the same on any machine and load)."""
    import cProfile
    import pstats
    from rulesdsl.environment import Environment
    g = Environment(cache=False).load(path)

    from bench_playout import playout      # (this folder: the scripts run from it)

    def play(seed):
        return playout(g, BASE, seed)[1]
    play(games)                          # warm-up: per-ruleset indexes and first-use analyses
    pr = cProfile.Profile()
    pr.enable()
    n = sum(play(seed) for seed in range(games))
    pr.disable()
    st = pstats.Stats(pr)
    return st.total_calls, n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="the folder to write the trimmed copy to")
    ap.add_argument("--compare", type=int, default=0, metavar="N",
                    help="then count Python calls per decision of N games on the full and the trimmed ruleset")
    a = ap.parse_args(argv)
    trim(a.out)
    from rulesdsl.environment import Environment
    Environment(cache=False).load(a.out)      # it must load without errors
    print(f"trimmed copy written to {a.out}")
    if a.compare:
        full, n1 = calls(SOURCE, a.compare)
        cut, n2 = calls(a.out, a.compare)
        print(f"full:    {full} calls, {n1} decisions, {full / n1:.1f} per decision")
        print(f"trimmed: {cut} calls, {n2} decisions, {cut / n2:.1f} per decision")
        print(f"full / trimmed, per decision: {(full / n1) / (cut / n2):.3f}"
              + ("" if n1 == n2 else "  (the games differ!)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
