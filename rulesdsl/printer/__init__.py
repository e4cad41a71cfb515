"""Pretty-printer: a `nodes` tree back to effect text in one language.

    to_text(tree, "es", ruleset.names_table("es"))

The text parses back (in that language, with the same names) to an equal tree. Keywords are
spelled from the lexicon (the preferred spelling, or one whose form fits: a plural after a
quantity, an infinitive after "pode"/"puedes"); ruleset names from the names table, checked
against the tokenizer so that a spelling shared by several things, or hidden by a keyword, is
never chosen by mistake.

Noun phrases take their filters greedily ("filters attach to the nearest noun"), so the printer
tracks what the end of each printed piece could still swallow (its *tail*) and puts
parentheses around a piece whenever what comes next would be swallowed. Parentheses are
transparent to the parser (`primary: ( expr )`), so they never change the tree.

The package, one job per module (each imports only those above it):
    spellings    the marks a spelling shows, the best spelling for them, a noun's gender
    names        the ruleset's names as the tokenizer reads them (NameIndex, canonical_key)
    tails        what may follow what: filter starts, operators, precedence levels
    phrases      noun phrases and filters (a mixin of Printer)
    expressions  expressions, calls, comparisons (a mixin of Printer)
    core         Printer (words, statements) and `to_text`
"""
from .core import to_text
from .names import NameIndex, canonical_key
from .spellings import (OPTIONAL_TO_AFTER, PrintError, features, gender_of, neutral_word, optional_to, pick,
                        source_marks)

__all__ = ["to_text", "NameIndex", "canonical_key", "OPTIONAL_TO_AFTER", "PrintError", "features", "gender_of",
           "neutral_word", "optional_to", "pick", "source_marks"]
