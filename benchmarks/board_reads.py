"""What one read of the board costs, as the state keeps it (a dict per space of {kind: count})
and as a flat list of cells (`cells[space base + kind index]`): the question behind step 1 of
the plan in docs/desempenho.md ("A decisão: estado plano e requisitos compilados").

One PATTERN is run REPEAT times in a fresh process, so that instruction counts of two runs
subtract (the "none" pattern is the process with no work):

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python benchmarks/board_reads.py PATTERN 20000

Patterns (each a scan of every place for the pieces of one kind, or a copy of the board):
  dict        board.get(place) then .get(kind): what the readers do today
  flat_get    the place's base looked up with .get (a place may have none), then the cell
  flat_all    every place has a base (given at load): bases[place] + kind index, no test
  flat_int    the places as integers: a loop over the indexes of one kind's cells
  flat_slice  the same as one slice of the list, summed in C
  copy_dict   the board's copy in State.copy: one dict per place with pieces
  copy_flat   the flat list of every place x every kind of the ruleset
  copy_seated the flat list of every place x the kinds of the seated factions only
  none        nothing (the cost of the process itself)

The sizes are those of a four-player base game of Root (measured at the end of seed 0): 37
places, 95 kinds in the ruleset, 32 of them of the seated factions or of nobody, 16 places with
pieces and about two kinds in each. No game is named: places and kinds are made-up ids.
"""
from __future__ import annotations

import sys

PLACES, KINDS, SEATED, OCCUPIED = 37, 95, 32, 16

places = [f"p{i}" for i in range(PLACES)]
kinds = [f"k{i}" for i in range(KINDS)]
board = {sp: {} for sp in places[:OCCUPIED]}
for j, sp in enumerate(places[:OCCUPIED]):
    board[sp][kinds[j % 7]] = 2
    board[sp][kinds[(j * 3) % 11]] = 1
bases = {sp: i * KINDS for i, sp in enumerate(places)}
index = {k: i for i, k in enumerate(kinds)}
cells = [0] * (PLACES * KINDS)
for sp, b in board.items():
    for k, n in b.items():
        cells[bases[sp] + index[k]] = n
seated_cells = [0] * (PLACES * SEATED)
KIND = kinds[3]
KI = index[KIND]


def scan_dict():
    tot = 0
    for sp in places:
        b = board.get(sp)
        if b:
            n = b.get(KIND)
            if n:
                tot += n
    return tot


def scan_flat_get():
    tot = 0
    for sp in places:
        i = bases.get(sp)
        if i is not None:
            n = cells[i + KI]
            if n:
                tot += n
    return tot


def scan_flat_all():
    tot = 0
    for sp in places:
        n = cells[bases[sp] + KI]
        if n:
            tot += n
    return tot


def scan_flat_int():
    tot = 0
    for i in range(KI, PLACES * KINDS, KINDS):
        n = cells[i]
        if n:
            tot += n
    return tot


def scan_flat_slice():
    return sum(cells[KI::KINDS])


PATTERNS = {
    "dict": scan_dict,
    "flat_get": scan_flat_get,
    "flat_all": scan_flat_all,
    "flat_int": scan_flat_int,
    "flat_slice": scan_flat_slice,
    "copy_dict": lambda: {sp: b.copy() for sp, b in board.items()},
    "copy_flat": cells.copy,
    "copy_seated": seated_cells.copy,
    "none": lambda: None,
}


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    fn = PATTERNS[argv[0]]
    repeat = int(argv[1]) if len(argv) > 1 else 20000
    if argv[0].startswith(("dict", "flat")):
        # every scan finds the same pieces (a scan that read wrong would be cheap for nothing)
        assert fn() == scan_dict() > 0
    for _ in range(repeat):
        fn()
    return 0


if __name__ == "__main__":
    sys.exit(main())
