"""A game rulesdsl plays at random for the Rootlog round trips (tests/test_rootlog_export.py,
tests/test_rootlog_import.py): the seed drives both the deal and the choices."""
import random


def played(gdef, factions, seed, map_id, deck_id, turns):
    from rulesdsl.interpreter.engine import Game
    game = Game(gdef, factions, seed=seed, map_id=map_id, deck_id=deck_id, log=True)
    r = random.Random(seed)
    while game.s.turn_no < turns and not game.is_terminal():
        game.apply(r.randrange(len(game.legal_actions())))
    return game
