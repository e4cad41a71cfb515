"""Export: pieces that their owner's removal trigger puts back on the map, written as a move.

The Marquise's Field Hospitals (6.2.3) place the warriors a removal took in the keep's
clearing; the notation writes that as the warriors moving from where they were removed to
there (`R#C->/Cw3->4`, 1.4), as every record of the corpus does. The game's log has the
removal, the owner's `trigger` of a removal, the card spent and the placement: `Returns`
remembers the removal and, at a placement of the same pieces by their owner within that
trigger, takes the removal's text off the line and writes the move after the card. Nothing
here names a faction or a piece: any removal trigger that places the same pieces is one."""
from __future__ import annotations


class Returns:
    def __init__(self):
        self.last = {}       # owner -> its last removal event
        self.armed = {}      # owner -> the removal its trigger may put back

    def see(self, e, acts, write):
        """Take an event of a turn. For the placement that puts a removal back: the move's
        text (`Cw3->4`), and the removal's text (`Cw3->`) is taken off `acts`; None otherwise.
        `write(event)` is the text export.py writes for a removal or a placement."""
        t = e.get("t")
        if t in ("turn", "action"):
            self.last.clear()
            self.armed.clear()
            return None
        if t == "remove" and e.get("owner") is not None and e.get("space"):
            self.last[e["owner"]] = (e, id(acts))      # (a removal of this turn's line only)
            self.armed.pop(e["owner"], None)
            return None
        if t == "trigger" and e.get("event") == "removal" and e.get("faction") in self.last:
            self.armed[e["faction"]] = self.last.pop(e["faction"])
            return None
        if t != "place":
            return None
        rem, where = self.armed.get(e.get("owner"), (None, None))
        if rem is None or where != id(acts) or e.get("by") != e.get("owner") or e.get("kind") != rem.get("kind") \
                or int(e.get("count") or 1) != int(rem.get("count") or 1) \
                or e.get("space") == rem.get("space"):
            return None
        old, new = write(rem), write(e)
        if not old or not new or old not in acts or not old.endswith("->") or "->" not in new:
            return None
        del self.armed[e["owner"]]
        del acts[len(acts) - 1 - acts[::-1].index(old)]
        return old + new.split("->", 1)[1]
