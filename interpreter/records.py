"""One record per simulated game, written as the games finish (`simular --saida`).

A record holds what a researcher needs to redo or analyse a game on its own: its index and seed,
the seats in turn order (factions) and the agent at each, the map and the deck, the winners and
the scores, the length (rounds, turns, decisions), how it stopped, and the error if it broke.

The format follows the file's extension:
  * `.jsonl` / `.ndjson`: one JSON object a line (nested values as JSON);
  * `.csv`: one row a game; the scores become one column per faction (`score_<faction>`),
    lists are joined with `;`;
  * `.parquet`: a table (needs the optional extra `rulesdsl[parquet]`, pyarrow).

The file is written beside its target under a temporary name and renamed into place when the
run ends, also when it is interrupted (Ctrl-C): the file then holds exactly the games that
finished, and is valid in its format. A run that fails before any game leaves no file.
"""
from __future__ import annotations

import csv
import json
import os

FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".parquet": "parquet"}

# the columns of every record, in order (CSV and Parquet)
FIELDS = ("game", "seed", "seats", "agents", "map", "deck", "winner", "winners", "rounds", "turns",
          "decisions", "stopped", "error")


class FormatUnknown(ValueError):
    pass


class ParquetMissing(ImportError):
    pass


def format_of(path: str) -> str:
    ext = os.path.splitext(path)[1].lower()
    if ext not in FORMATS:
        raise FormatUnknown(ext)
    fmt = FORMATS[ext]
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ParquetMissing("pyarrow") from None
    return fmt


def record(r: dict, run: dict) -> dict:
    """The record of one finished game `r` (a result of simulate's workers) in a run."""
    return {
        "game": r["game"],
        "seed": r["seed"],
        "seats": list(r.get("factions") or ()),
        "agents": list(r.get("agents") or ()),
        "map": r.get("map", run.get("map")),
        "deck": r.get("deck", run.get("deck")),
        "winner": r.get("winner"),
        "winners": list(r.get("winners") or ()),
        "scores": dict(r.get("scores") or {}),
        "rounds": r.get("rounds"),
        "turns": r.get("turns"),
        "decisions": r.get("decisions"),
        "stopped": r.get("stopped"),
        "error": r.get("error"),
    }


class RecordWriter:
    """Writes records as they come (`add`), then puts the file in place (`close`)."""

    def __init__(self, path: str, factions: list[str]):
        from ..safeio import temp_beside
        self.path = path
        self.fmt = format_of(path)
        self.factions = list(factions)
        self.count = 0
        fd, self.tmp = temp_beside(path)
        self.fh = os.fdopen(fd, "w", encoding="utf-8", newline="")
        self.rows: list[dict] = []          # parquet: kept until the end
        self.csv = None
        if self.fmt == "csv":
            self.csv = csv.writer(self.fh, lineterminator="\n")
            self.csv.writerow(self._csv_header())

    def _csv_header(self):
        cols = list(FIELDS)
        cols[cols.index("stopped"):cols.index("stopped")] = [f"score_{f}" for f in self.factions]
        return cols

    def _csv_row(self, rec: dict):
        out = []
        for col in self._csv_header():
            if col.startswith("score_") and col not in rec:
                v = rec["scores"].get(col[len("score_"):])
            else:
                v = rec.get(col)
            if isinstance(v, list):
                v = ";".join(map(str, v))
            out.append("" if v is None else v)
        return out

    def add(self, rec: dict) -> None:
        self.count += 1
        if self.fmt == "jsonl":
            self.fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=True) + "\n")
        elif self.fmt == "csv":
            self.csv.writerow(self._csv_row(rec))
        else:
            self.rows.append(rec)
        # a line at a time reaches the disk: a run killed outright still leaves the lines of
        # the games it finished in the temporary file
        self.fh.flush()

    def close(self) -> None:
        from ..safeio import replace
        self.fh.close()
        if self.fmt == "parquet":
            self._write_parquet()
        replace(self.tmp, self.path)

    def discard(self) -> None:
        self.fh.close()
        try:
            os.unlink(self.tmp)
        except OSError:
            pass

    def _write_parquet(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq
        cols: dict = {k: [] for k in FIELDS}
        for f in self.factions:
            cols[f"score_{f}"] = []
        for rec in self.rows:
            for k in FIELDS:
                cols[k].append(rec.get(k))
            for f in self.factions:
                cols[f"score_{f}"].append(rec["scores"].get(f))
        # the temporary file (empty so far) receives the whole table at the end
        pq.write_table(pa.table(cols), self.tmp)
