"""Twins that only the next decisions tell apart (search.py, Search._distinct).

Two dice of a battle can leave the same board, the same cards, the same counters and the same
decision pending, yet not the same game; the difference is inside the battle still under way
(the rolled dice), which the state the search compares does not show:

- the Marquise's Field Hospitals (6.2.3) are asked as soon as the attacker's hits remove her
  warriors, before the defender's hits are dealt: a die that gives the Marquise one hit and a
  die that gives her none wait at the same card choice;
- the Vagabond chooses an item to damage per hit (9.2.9.II.d): three hits and two hits ask
  the same question twice before they differ.

The search took them for one position and kept the one ranked first, whose continuation could
not make the line's next changes (`w12->`, `%tV$->d/%rV$->d` in round trips of docs/rootlog.md).
The probe plays the pending decision's last option (its pass, when it has one) on a copy, and
again while the same player is asked the same kind of question (at most `STEPS` times), and
returns what the board shows and what is asked after each: two candidates whose probes differ
are twins, tried in turn."""
from __future__ import annotations

EXTRA = 4      # twins of the best taken from past the search's `keep` candidates (Search._distinct)
STEPS = 3      # decisions a probe plays at most


def probe(search, game):
    """The observations and the decisions then pending as the pending decision's last option
    is played, and the chance that follows (dice apart), for as long as the same player is
    asked the same kind of question; None if there is no decision or the first play fails."""
    d = game.pending
    if d is None or not getattr(d, "options", None):
        return None
    g2, out = game, []
    for _ in range(STEPS):
        try:
            g2 = g2.clone()
            g2.apply(len(d.options) - 1)
            search._auto_chance(g2)
        except Exception:  # noqa: BLE001 - a probe that fails tells nothing more
            break
        d2 = g2.pending
        out.append((frozenset(search.obs(g2).items()),
                    None if d2 is None else (str(d2.player), str(d2.kind), tuple(g2.legal_ids()))))
        if d2 is None or d2.player != d.player or str(d2.kind) != str(d.kind) or not d2.options:
            break
        d = d2
    return tuple(out) or None
