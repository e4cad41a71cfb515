"""Derived values specialised to one game (issue 11: per-game specialisation after set-up).

A derived value with modifiers (`valor: V` in a faction's, a hireling's or a card's
`modificadores:`) pays, at each evaluation, for the question "which of my modifiers can apply
in this game?" (Derived._live_mods) and, when its memo is kept, for a key that covers what the
modifiers read. Once a game's facts are proved (interpreter/proofs.py, at the end of its
setup), that question has an answer that holds for the rest of the game and of its copies:
the modifiers of a faction neither seated nor a hireling in play never apply, nor those whose
condition the facts prove can never hold (Facts.dead_mods). When no modifier is left, the
value *is* its base in that game: `eval` then binds the parameter and calls the base, with
no look at the modifiers and no memo key — or, for a base that is a constant (`base: 1`),
answers the constant.

The specialisation is kept per derived value as (card instances of the game, its hirelings
in play, their number of card instances, what the value is there): the same test the cached
live modifiers use (Derived.eval), so it is invalidated exactly when they are — a hireling
coming into play makes a new `hired` tuple, a longer card list (a card made during the game)
is no longer the list the facts were proved for, another game has another list. Copies of a
game share its list and its `hired` tuple, hence the specialisation; a new game works it out
again at its first evaluation (its facts, kept per game signature by proofs.py, are shared).

Not specialised: a value whose memo is still kept (its trial found it worth its key) and
whose base is not a constant — the memo may save more than the modifiers cost; once its trial
switches the memo off, the next evaluation specialises it.

RULESDSL_SPEC=0 turns it off (every value as before). RULESDSL_CHECK_SPEC=1 (or CHECK[0] =
True, read at each call) makes every specialised evaluation also compute the value with every
modifier of a present faction or of nobody (the cut of the proofs left out: a modifier the
proofs wrongly called dead shows) and raise SpecialisationMismatch on a difference
(tests/test_derived_spec.py).
"""
from __future__ import annotations

import os

ON = os.environ.get("RULESDSL_SPEC", "1") != "0"
CHECK = [bool(os.environ.get("RULESDSL_CHECK_SPEC"))]
CHECKED = [0]            # specialised evaluations compared with the full one (check mode)
_NO_CONST = object()
_UNSET = object()


class SpecialisationMismatch(AssertionError):
    """A derived value specialised to a game answered otherwise than with its modifiers."""


def spec_for(d, s, mods, facts):
    """The specialisation of derived value `d` in the game of state `s` (None: not
    specialised), given its live modifiers there (`mods`) and the game's facts (None before
    they are proved). Called where the live modifiers are worked out (Derived._live_mods)."""
    if not ON or facts is None or mods or not d.mods or d.base is None:
        return None
    const = _constant(d)
    if const is _NO_CONST and d._memo is not None:
        return None          # a kept memo on a computed base: left as it is (module docstring)
    defs = s.card_defs
    return (defs, s.hired, len(defs), const is not _NO_CONST, const)


def _constant(d):
    """The value of a base that is a constant, else _NO_CONST: a number in the data (`base:
    1`, Derived.const_base), or an expression whose generated source is a literal."""
    got = d.__dict__.get("_spec_const", _UNSET)
    if got is _UNSET:
        got = _NO_CONST if d.const_base is None else d.const_base[0]
        cg = getattr(d.base, "_cg", None)
        if got is _NO_CONST and cg is not None and not cg[1]:
            got = _number(cg[0])
        d._spec_const = got
    return got


_WORDS = {"True": True, "False": False, "None": None}


def _number(src):
    """The constant a generated source that is a literal stands for (a number, True, False,
    None), else _NO_CONST."""
    if src in _WORDS:
        return _WORDS[src]
    for kind in (int, float):
        try:
            return kind(src)
        except ValueError:
            pass
    return _NO_CONST


def check(d, ctx, arg, v):
    """Check mode: the value `v` the specialisation gave, against the value computed with
    every modifier of a faction in the game (seated or a hireling in play) or of nobody, and
    every card's: what the value is without the cut of the proofs."""
    mods = d.present_mods(ctx.s)
    env = ctx.env
    param = d.param
    if param:
        saved = env.get(param, _NO_CONST)
        env[param] = arg
    full = d.base(ctx)
    if mods:
        full = d._modify(ctx, arg, env, mods, full)
    if param:
        if saved is _NO_CONST:
            env.pop(param, None)
        else:
            env[param] = saved
    CHECKED[0] += 1
    if full != v:
        raise SpecialisationMismatch(
            f"derived value {d.id}: specialised to {v!r}, with its modifiers {full!r}")
    return v
