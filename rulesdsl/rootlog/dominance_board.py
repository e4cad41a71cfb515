"""A dominance card written onto a board whose `$` is itself a card zone (victory.py).

`M#domV->$` is a dominance card activated (3.3.1): the faction's score freezes. But the
Alliance's `$` is its supporters (the mapping's `quadro: {"": apoiadores}`), where the Alliance
mobilizes any card, a dominance card too (8.5.1, `B#domA->$` in a round trip of
docs/rootlog.md): the record cannot say which of the two the line means. Both of its changes,
the frozen score and the card in the supporters, are then optional: the engine's choice makes
one of them, the card still leaves the hand (an atom of its own)."""
from __future__ import annotations


def soften(mp, letter, got, more) -> None:
    """Mark optional the card-zone atom of `got` that an optional freeze in `more` doubts."""
    if not any(at.optional and isinstance(at.place, tuple) and at.place[0] == "lock" for at in more):
        return
    zone = mp.boards.get(letter, {}).get("")
    for at in got:
        if at.place == ("zone", zone) and at.sign > 0:
            at.optional = True
