"""The search's candidates that leave a move half done (search.py, Search.candidates).

The record writes the Marquise's Field Hospitals (6.2.3) as a move, `Cw9->2`; the engine makes
it in two steps: the battle's roll removes the warriors, the Marquise then choose to spend a
card and the warriors are placed at the keep. At the roll, a die that hits the Marquise leaves
that move half done, and the breadth-first search, which stops at the first depth where the
line's first open action is complete, used to rank it after a die that hits nobody (nothing
half done), whose line then fails later on: the right die was reached, if at all, only by the
discrepancy passes. A candidate that completes the first open action, leaves another half
done and has made more of the line than every candidate that leaves nothing half done is
followed one decision further, and what that decision makes ranks with the candidates of the
completing depth."""
from __future__ import annotations

FOLLOWED = 6       # at most this many half-done candidates are followed


def worth_following(found, halves) -> list:
    """The games of the half-done candidates (`halves`: (score, game)) that made more of the
    line (score[4], the deltas matched) than any candidate of `found` that completes the first
    open action and leaves nothing half done."""
    whole = max((f[0][4] for f in found if len(f[0]) > 4 and f[0][0] and f[0][2]), default=-1)
    better = sorted((h for h in halves if h[0][4] > whole), key=lambda h: h[0], reverse=True)
    return [g for _, g in better[:FOLLOWED]]
