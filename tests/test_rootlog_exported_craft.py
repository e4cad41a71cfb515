"""A card the line crafts by name, one that stays in play, must arrive in play (docs/rootlog.md
«Rio e escuro»): winter_tournament_r2g4 l. 31 (`O:...#->O/Zswap/#->O`) had the Riverfolk export
Swap Meet (11.5.3.I: the card discarded, a warrior to the payments) in place of crafting it."""
from rulesdsl.rootlog.notation import parse

HEAD = "O: Ribeirinhos\nC: Marqueses\nO:#->O\nC:#->C\n"


def _replayer(root_def, mapping, text, tolerant=True):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(text), mapping, tolerant=tolerant)


def _position(root_def, rp, bi=1):
    """The Riverfolk hold Swap Meet at the start of line `bi`."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog import named_crafts
    game = Game(root_def, ["ribeirinhos", "marqueses"], seed=1, deck_id="exilados")
    swap = next(i for i, c in enumerate(game.s.card_defs) if c == "feira_de_trocas")
    for z, cards in game.s.zones.items():
        if swap in cards:
            game.s.zones[z] = [c for c in cards if c != swap]
    game.s.zones["ribeirinhos:mao"] = [swap]
    named_crafts.start(rp, game, bi)
    return game, swap


def _exported(game, swap):
    """The step that exports the card: discarded, and a warrior in the payments."""
    after = game.clone()
    after.s.zones["ribeirinhos:mao"] = []
    after.s.zones["descarte"] = list(after.s.zones.get("descarte", ())) + [swap]
    pay = after.s.piece_zones.setdefault("ribeirinhos.pagamentos", {})
    pay["ribeirinhos.guerreiro"] = pay.get("ribeirinhos.guerreiro", 0) + 1
    return after


def _played(game, swap):
    """The step that crafts it: the card in the Riverfolk's play area."""
    after = game.clone()
    after.s.zones["ribeirinhos:mao"] = []
    after.s.zones["ribeirinhos:area_de_jogo"] = list(after.s.zones.get("ribeirinhos:area_de_jogo", ())) + [swap]
    return after


def test_exporting_the_card_the_line_crafts_is_no_match(root_def, mapping):
    """`O:Zswap/#->O`, the Riverfolk holding Swap Meet: exporting it is not the craft the line
    writes (no match); putting it in their play area is."""
    from rulesdsl.rootlog import exported_craft
    rp = _replayer(root_def, mapping, HEAD + "O:Zswap/#->O\nC:#->C\n")
    game, swap = _position(root_def, rp)
    assert exported_craft.elsewhere(rp, game, _exported(game, swap), 1) is True
    assert exported_craft.elsewhere(rp, game, _played(game, swap), 1) is False


def test_a_line_that_also_discards_the_card_may_take_it_out_of_the_hand(root_def, mapping):
    """`O:Zswap/#swap->`: another action of the line names the card, so its leaving the hand
    for the discard pile is that action's, not a wrong craft."""
    from rulesdsl.rootlog import exported_craft
    rp = _replayer(root_def, mapping, HEAD + "O:Zswap/#swap->\nC:#->C\n")
    game, swap = _position(root_def, rp)
    assert exported_craft.elsewhere(rp, game, _exported(game, swap), 1) is False


def test_the_search_does_not_take_the_export_for_the_craft(root_def, mapping):
    """Through the matcher: the export's changes (one card fewer in the hand, a warrior in the
    payments) meet the craft's open changes, since the play-area change is optional in a
    tolerant replay; the search's filter (Search.candidates) is what refuses the step."""
    rp = _replayer(root_def, mapping, HEAD + "O:Zswap/#->O\nC:#->C\n")
    game, swap = _position(root_def, rp)
    left = [[at, at.n] for at in rp.atoms[1]]
    after = _exported(game, swap)
    assert rp.consume(left, rp.diff(rp.obs(game), rp.obs(after)), {1}) is not None
    from rulesdsl.rootlog import exported_craft
    assert exported_craft.elsewhere(rp, game, after, 1)


def test_a_strict_replay_is_left_as_it_was(root_def, mapping):
    """In a strict replay the play-area change is required already: the filter stays out."""
    from rulesdsl.rootlog import exported_craft
    rp = _replayer(root_def, mapping, HEAD + "O:Zswap/#->O\nC:#->C\n", tolerant=False)
    game, swap = _position(root_def, rp)
    assert exported_craft.elsewhere(rp, game, _exported(game, swap), 1) is False
