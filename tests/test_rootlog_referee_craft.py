"""The card a corrected craft names comes into play (rulesdsl/rootlog/referee_craft.py).

after_dark (2020_12_05_after_dark_special) l. 35: the Duchy's line ends `Zcoffin/#->D`, but
the record's Duchy hand is short (`log_hand_short`): the line's start could not deal Coffin
Makers into the hand, and the referee's correction of the craft discarded another card. The
Coffin Makers never came into play, and the points they score at the start of the Duchy's
Birdsong (4.1.3: l. 40 `++`, 45 `++2`, 50 `++3`) were corrected each time. Here the same on
a short record: the Duchy's first turn, its craft corrected."""

import pytest

from rulesdsl.rootlog.notation import parse

WINTER = ("Map: Winter\nDeck: E&P\n"
          "Clearings: R1, F2, R3, F4, R5, M6, M7, F8, M9, M10, R11, F12\n"
          "O: Drew\nD: Guerric\nP: Lily\nA: Neva\n"
          "A:3#->$\nO:4w->12/3w->$/$_->2\nD:2w+t->4/2w->9+10+11\nP:w->2+3+6\n"
          "A:#->A\nP:#->P\n"
          "D:Zcoffin/#->D\n"
          "O:#->O\n")


def _at_duchy(root_def, mapping):
    """The Replayer, the game at the Duchy's first Birdsong, and that line's block."""
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(WINTER), mapping, tolerant=True)
    rp.corrections = []
    game = rp.new_game()
    while game.s.active != "ducado" or game.s.turn_no == 0:
        game = rp._end_turn(game)
    bi = next(i for i, (fid, _) in enumerate(rp.blocks) if fid == "ducado" and i > 0)
    return rp, game, bi


def _craft(rp, bi):
    return next(ai for ai, (b, _, a) in enumerate(rp.actions) if b == bi and a.kind == "craft")


def _coffins(game):
    return [c for c in game.s.zones.get("ducado:area_de_jogo", ()) if game.s.card_defs[c] == "fabricantes_de_caixoes"]


def test_a_corrected_craft_puts_the_named_card_in_play(root_def, mapping):
    """`Zcoffin` corrected with no Coffin Makers in the Duchy's hand: an unseen Coffin Makers
    swaps identities with a card of the hand (a recorded swap), and the correction moves it
    from the hand to the Duchy's play area; the hand has one card fewer."""
    rp, game, bi = _at_duchy(root_def, mapping)
    hand = game.s.zones["ducado:mao"]
    assert hand and not any(game.s.card_defs[c] == "fabricantes_de_caixoes" for c in hand)
    n, swaps = len(hand), len(rp.swaps)
    left = [[at, at.n] for at in rp.atoms[bi]]
    game = game.clone()
    rp._correct(game, left, {_craft(rp, bi)}, bi)
    assert len(_coffins(game)) == 1
    assert len(game.s.zones["ducado:mao"]) == n - 1
    assert len(rp.swaps) == swaps + 1 and rp.swaps[-1][0] == len(game.history)
    (c,) = rp.corrections
    assert c.edits == [["card", _coffins(game)[0], "ducado:mao", "ducado:area_de_jogo"]]


def test_the_saved_replay_makes_the_swap_before_the_correction(root_def, mapping):
    """The swap is kept at the correction's point of the history: loading the saved game
    makes it first, and the Coffin Makers are in play again."""
    from rulesdsl.rootlog.saved import load_saved
    rp, game, bi = _at_duchy(root_def, mapping)
    left = [[at, at.n] for at in rp.atoms[bi]]
    game = game.clone()
    rp._correct(game, left, {_craft(rp, bi)}, bi)
    data = {"format": "rulesdsl-rootlog/1", "game": game.save(), "swaps": [list(x) for x in rp.swaps],
            "corrections": [{"pos": c.pos, "line": c.line, "action": c.raw, "class": c.klass, "edits": c.edits}
                            for c in rp.corrections]}
    again = load_saved(root_def, data)
    assert _coffins(again) == _coffins(game)


@pytest.mark.parametrize("held", [True, False])
def test_no_swap_when_the_hand_holds_the_card_or_the_change_is_made(root_def, mapping, held):
    """Nothing is swapped when the hand already holds the card (the correction takes it), nor
    when the craft's hand change is no longer open (the engine made it)."""
    from rulesdsl.rootlog import cards as _cards
    from rulesdsl.rootlog import referee_craft
    rp, game, bi = _at_duchy(root_def, mapping)
    ai = _craft(rp, bi)
    left = [[at, at.n] for at in rp.atoms[bi]]
    game = game.clone()
    if held:
        need = _cards.Need("ducado:mao", "baralho", ids=mapping.card_ids("coffin"))
        assert not _cards.ensure(game, mapping, [need], [])
    else:
        left = [[at, 0 if at.action == ai and at.sign < 0 else rem] for at, rem in left]
    swaps = len(rp.swaps)
    assert referee_craft.bring(rp, game, left, {ai}, bi) == 0
    assert len(rp.swaps) == swaps
