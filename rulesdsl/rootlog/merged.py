"""When one change of the engine, taken by two of the line's actions, counts as *merged* (a
candidate step ranked after the others, search.Search._score).

The rank exists for one engine action doing what the record writes as two alike ones (a move of
8 warriors where the line moves 5 and then 3 from the same clearing to the same one: the
faction spent one action where the players spent two, and the line's later steps miss it). It
used to apply to any change two actions share, also when the two are unalike and the engine
made them in one step for a good reason: the Keepers move four warriors out of a clearing and
their Evening then removes one there (15.6.1, Leave the Land: `4w2->10/w2->/w10->`), a step
whose −5 at the clearing is the move's −4 and the removal's −1. Ranked after the move of three
(whose −4 is three moved and one removed, and which leaves the removal `w2->` unmade), the
right step was never followed, and a round trip of docs/rootlog.md («Ida e volta, terceira
parte») stopped there at its first Keepers' turn. So actions of the same shape (the same
places, each with the same sign) merge (`alike`).

A switch, off by default (`RULESDSL_ROOTLOG_MERGE_HALF_DONE=1`), also merges two unalike
actions when the step leaves one of them half done (`half_done`: the Keepers' step makes both
the move and the removal whole). Measured in docs/rootlog.md («A fusão de mega»): it gives
mega_exploding_birds back the old rule's 202 matched actions and the Eyrie's exact score, but
r1g2 falls from 232 to 219, so it stays off."""
from __future__ import annotations

import os

HALF_DONE = os.environ.get("RULESDSL_ROOTLOG_MERGE_HALF_DONE") == "1"


def alike(left, took) -> bool:
    """Whether two of the actions `took` (indices) have atoms at the same places with the same
    signs in `left` ([Atom, remaining])."""
    if len(took) < 2:
        return False
    shapes = [frozenset((repr(at.place), at.sign) for at, _ in left if at.action == a and not at.optional)
              for a in took]
    return len(set(shapes)) < len(shapes)


def half_done(left, shared) -> bool:
    """Whether, after a step, an action of one of the `shared` sets (actions that took one
    change of the step together) still has a change of its own open in `left`."""
    if not HALF_DONE or not shared:
        return False
    opened = {at.action for at, rem in left if rem and not at.optional}
    return any(a in opened for took in shared for a in took)
