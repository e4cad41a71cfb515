"""Export: a card a faction puts from its hand into its play area (the mapping's zone
`área_de_jogo`), which the export used to leave out.

Two rules put a card there: crafting a card that stays in play (4.1: an improvement such as
the Saboteurs or the Master Engravers), which the notation writes as the craft of that card,
`Zsap` (1.3: the card spent is not written again), and activating a dominance card (3.3.1),
written as the card onto the faction's board, `M#domV->$`, as the records of the corpus write
it (r1g2 l. 48: `B#domG->$`); the names of those cards are the mapping's `congela_pontos:`.
A card without a short name in the mapping is written by its id. Without that line the
importer saw a card leave the hand for nothing the line says (a Keepers' round trip of
docs/rootlog.md discarded one card too many at its Evening's hand limit)."""
from __future__ import annotations


def played(e, mp, letters, held, name_of, suit_of) -> str | None:
    """The action for an `add` of a card from its faction's hand into that faction's play
    area; None for any other event. `held` knows the hand the log put each card in;
    `name_of(card)` is its short name or id, `suit_of(card)` its suit letter."""
    if e.get("t") != "add" or e.get("by") not in letters:
        return None
    pattern = mp.zones.get("área_de_jogo")
    if not pattern or e.get("zone") != str(pattern).replace("{facção}", e["by"]):
        return None
    c = e.get("card")
    letter = letters[e["by"]]
    if held.get(c) != letter:
        return None            # not from the hand (a quest, 9.2.6, comes from the quests)
    name = name_of(c)
    if not name:
        return None
    if name in mp.freezing:
        return f"{suit_of(c)}#{name}{letter}->$"
    return f"Z{name}"
