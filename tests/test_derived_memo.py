"""What a game keeps between questions must follow the game: a derived value's memo and the
modifiers that may apply (interpreter/gamedef.py, `Derived`), and the hooks an event may set
off (interpreter/hooks.py, `_game_table`), kept per game so that what cannot apply costs
nothing. Each test asks, changes the game the way play does, and asks again.
"""
from __future__ import annotations

import pytest

from rulesdsl import compiler
from rulesdsl.interpreter import hooks
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.hirelings import CTL, join
from rulesdsl.interpreter.runtime import Ctx

BASE = ["marqueses", "rapinas", "alianca", "malandro"]
PROTECTOR = "protetor_estoico"      # E.2: a hireling with a modifier and a Birdsong hook


@pytest.fixture
def game(root_def):
    return Game(root_def, BASE, seed=3)


def _ctx(game, me, **env):
    return Ctx(game.g, game.m, game.s, me, dict(env), game)


def _clearing(game):
    return next(sp for sp in game.m.attrs if sp in game.s.board)


def test_a_hireling_joining_mid_game_makes_itself_no_possible_defender(game):
    # 4.3 with E.2.1: the Stoic Protector cannot be attacked — its modifier sets `defensor
    # possível` to 0 when the defender D is the Protector, but only once it is in the game
    g = game.g
    d = g.derived["defensor_possivel"]
    c = _ctx(game, "marqueses", C=_clearing(game))
    assert d.eval(c, PROTECTOR) == 1           # asked before: not in the game, no modifier
    assert d.eval(c, PROTECTOR) == 1           # ... and kept
    join(game, PROTECTOR)
    assert d.eval(c, PROTECTOR) == 0           # in play: its modifier holds
    assert d.eval(c, "rapinas") == 1           # ... for it alone


def test_a_modifier_card_entering_play_changes_a_kept_value(root_def):
    # N5: a card's modifier holds while the card lies in a play area; the value asked before
    # the card comes into play is not the value asked after
    g = root_def
    found = None
    for did, d in g.derived.items():
        for m in d.mods:
            if m.card is not None and m.owner is None and d.param is None and not d.context:
                found = (d, m.card)
                break
        if found:
            break
    if found is None:
        pytest.skip("no card modifier of a value without parameter in this ruleset")
    d, card = found
    for deck in g.decks:
        game = Game(g, BASE, seed=1, deck_id=deck)
        s = game.s
        inst = next((i for z, cards in s.zones.items() for i in cards
                     if s.card_defs[i] == card), None)
        if inst is not None:
            break
    else:
        pytest.skip("the modifier card is in no deck")
    src = next(z for z, cards in s.zones.items() if inst in cards)
    c = _ctx(game, "marqueses")
    before = [d.eval(c, None) for _ in range(2)]
    zone = f"marqueses:{g.in_play_zones[0]}"
    s.move_card(inst, src, zone)
    after = d.eval(c, None)
    fresh = d._eval(c, None)
    assert before[0] == before[1]
    assert after != before[0]                  # the card's modifier holds (e.g. Corvid Planners)
    assert after == fresh                      # ... and the memo keeps no value from before


def test_the_memo_of_a_rarely_repeated_value_is_given_up_without_changing_it(game, monkeypatch):
    # a value asked about a new clearing each time hits its memo too rarely to pay for the
    # keys: the table is switched off after its trial, the answers stay the same (checking
    # every hit, RULESDSL_CHECK_MEMO, keeps every table: not here)
    monkeypatch.setattr(compiler.memo, "CHECK_MEMO", False)
    d = game.g.derived["presenca_na_batalha"]
    d._memo, d._looks, d._hits = {}, 0, 0
    spaces = sorted(game.m.attrs)
    c = _ctx(game, "marqueses")
    first = [d.eval(c, sp) for sp in spaces]
    for i in range(120):
        c.env["D"] = i                        # a new caller's variable: a new key every time
        d.eval(c, spaces[i % len(spaces)])
    assert d._memo is None
    assert [d.eval(c, sp) for sp in spaces] == first


def test_a_hireling_joining_mid_game_brings_its_hooks_to_the_next_event(game, monkeypatch):
    # E.2.3: at the start of its controller's Birdsong the Stoic Protector moves; the hooks an
    # event may set off are kept per game, and a hireling that joins after they were worked
    # out has its hook asked at the next such event
    g, s = game.g, game.s
    me = s.seats[0]
    ev = {"event": "phase_start", "phase": "amanhecer", "by": me, "owner": me}
    hook = next(h for h in g.triggers["phase_start"] if h.owner == PROTECTOR)
    asked = []
    cond = hook.condition
    monkeypatch.setattr(hook, "condition", lambda c: asked.append(c.me) or cond(c))

    hooks.fire(_ctx(game, me), dict(ev))
    assert asked == []                         # not in the game: never asked
    join(game, PROTECTOR)
    s.set_flag((CTL, PROTECTOR), me)
    hooks.fire(_ctx(game, me), dict(ev))
    assert asked == [PROTECTOR]                # in the game: asked, as itself
