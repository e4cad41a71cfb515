"""Export, the cards that move between hands or are shown without a `reveal` event.

Two facts of a game's log that export.py used to leave out, each written as the notation has it:

- a card a faction takes from another faction's hand (`take`: the Riverfolk's hand card bought
  as a service, 11.2.7): `R#O->L` on the buyer's line, from the hand the log put it in; an
  available dominance card taken (3.3.4): `B#dom->G`;
- a card put into a zone the mapping counts as part of its owner's hand (`mão_inclui`: the
  Lizards' rituals put the card they reveal there, 10.2.2) without a `reveal` event before it:
  written as a card shown to everyone, by suit (`R#^`), as a Lizard ritual is recorded.

Each function reads one event and returns the Rootlog action, "" for an event of its kind that
writes nothing, or None for an event of another kind. Nothing here names a faction or card."""
from __future__ import annotations


def take(e, letters, held, card):
    """A card taken into the taker's hand from another faction's hand: `R#O->L`. The log's
    event does not say where the card was; `held` (export.py) knows the hand the log put it
    in. A card taken from elsewhere (an available dominance card, 3.3.4) is written without
    its start, `B#dom->G`, as the community's records write it (r1g2 l. 48, r1g3 l. 46)."""
    if e.get("t") != "take" or e.get("by") not in letters:
        return None
    c = e.get("card")
    src = held.get(c)
    to = letters[e["by"]]
    held[c] = to
    if isinstance(src, str) and src != to:
        return f"{card(c)}{src}->{to}"
    return f"{card(c)}->{to}"


def shown(e, mp, letters, held, suit_of, nxt=()):
    """`reveal` events are remembered (their cards are written by export_events.reveal); an
    `add` of a card into a zone its owner's hand counts (`mão_inclui`) that no reveal showed
    first is a card shown from the hand: `R#^`, unless the next card event (`nxt`: the events
    after it) discards it (a Lizard
    score ritual's card goes to the Lost Souls, written as a discard: the discard says it).
    None for other events."""
    t = e.get("t")
    if t == "reveal":
        held.setdefault("shown", set()).update(e.get("cards") or ())
        return None
    c = e.get("card")
    if t in ("discard", "spend", "draw", "give", "take"):
        held.get("shown", set()).discard(c)
        return None
    if t != "add" or e.get("by") not in letters:
        return None
    letter = letters[e["by"]]
    if e.get("zone") not in mp.hand_extra.get(letter, ()):
        held.get("shown", set()).discard(c)      # back in a hand: it may be shown again
        return None
    if c in held.get("shown", ()) or _discarded_next(c, nxt or ()):
        return ""
    held.setdefault("shown", set()).add(c)
    return f"{suit_of(c)}#^"



def _discarded_next(c, nxt) -> bool:
    """Whether the first of the events `nxt` that moves a card discards or spends card c."""
    for x in nxt:
        if x.get("card") is not None:
            return x.get("card") == c and x.get("t") in ("discard", "spend")
    return False
