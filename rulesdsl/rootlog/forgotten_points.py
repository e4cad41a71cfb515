"""Points the transcriber says a faction forgot to score.

Points are always written (`++`), so an engine step that scores what a line does not write
is not the record's. But a transcriber sometimes writes the players' own slip beside the
line: mega_exploding_birds l. 27 `V:...%b->s+e/#V->E/$_E->1/#->V //Vagabond forgot to score
for aid`. The aid is the record's (the bag exhausted, the card given, the Eyrie one step up
the allied track) and so is its point by the rules (9.2.9.I), the one the player did not take.
In a line of the faction whose comment says it forgot to score (`forgot to score`), the points
the engine scores for that faction and the line leaves out pass: the rule is applied, and the
record's sum stays one point short, as the comment says (docs/rootlog.md «Os itens do
Malandro»)."""
from __future__ import annotations

import re

_FORGOT = re.compile(r"\bforg[eo]t to score\b", re.I)


def ok(rp, faction: str, blocks) -> bool:
    """Whether points of `faction` the lines do not write may pass in these blocks."""
    for bi in blocks:
        if bi is None:             # the record's last line has no next block
            continue
        fid, turns = rp.blocks[bi]
        if fid == faction and any(_FORGOT.search(t.comment or "") for t in turns):
            return True
    return False
