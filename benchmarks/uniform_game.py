"""One random game to its end (a uniform choice among the pending options, the benchmarks'
player): the number of decisions it took."""
import random


def play(gdef, factions, seed):
    from rulesdsl.interpreter.engine import Game
    rng = random.Random(seed)
    game = Game(gdef, factions, seed)
    n = 0
    while game.pending is not None:
        game.apply(rng.randrange(len(game.pending.options)))
        n += 1
    return n
