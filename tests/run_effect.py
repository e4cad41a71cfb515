"""Run an effect text straight on a game, as a player, outside any action: the tests of a
primitive give a position, run the words, and look at the result."""
from rulesdsl.compiler import CC, compile_block
from rulesdsl.interpreter.machine import drive
from rulesdsl.interpreter.runtime import Ctx
from rulesdsl.model import parse_expression


def run_effect(game, text, me, lang="pt"):
    """Run `text` as the faction `me`, taking the first option of every decision it asks;
    -> the options of each decision met, in order."""
    g = game.g
    tree = parse_expression(text, lang, g.rs.builder.tokenizer(lang), g.diags)
    run = compile_block(CC(g, g.diags, lang, me), tree)
    # a statement runs as frames (machine.py); drive() runs them as a generator here
    gen = drive(run(Ctx(g, game.m, game.s, me, {}, game)))
    asked = []
    try:
        d = next(gen)
        while True:
            asked.append(list(d.options))
            d = gen.send(0)
    except StopIteration:
        pass
    return asked
