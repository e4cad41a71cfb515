"""Derived values specialised to one game (interpreter/derived_spec.py): once a game is set up,
a derived value none of whose modifiers can apply in it is its base there — and only there.

Root's "defensor possível de D" (4.3) is 1; the Furious Protector, a hireling, changes it to 0
for itself (E.2.2: it cannot be battled). In a game without that hireling its modifier never
applies and the value is the constant 1; in a game with it in play, the same value must follow
the modifier — also when the two games are asked in turn, and in a copy. The check mode
(RULESDSL_CHECK_SPEC=1, here derived_spec.CHECK) computes every specialised value again with
the modifiers the proofs left out, and stops a game whose proofs called a live modifier dead.
"""
from __future__ import annotations

import pytest
from random_play import play_some

from rulesdsl.interpreter import derived_spec, proofs
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.runtime import Ctx

SEATS = ["marqueses", "rapinas"]
PROTECTOR = "protetor_furioso"


@pytest.fixture(scope="module")
def root(root_def):
    return root_def


def set_up(game):
    """Play the setup's choices until the game's facts are proved (its setup is done)."""
    n = 0
    while proofs.facts(game.g, game.s) is None and n < 200:
        game.apply(0)
        n += 1
    assert proofs.facts(game.g, game.s) is not None
    return game


def defender(game, d_faction, me="marqueses"):
    """`defensor possível de D` asked by `me` in a clearing (its context C)."""
    g = game.g
    clearing = game.m.by_kind["clareira"][0]
    ctx = Ctx(g, game.m, game.s, me, {"C": clearing}, game)
    return g.derived["defensor_possivel"].eval(ctx, d_faction)


@pytest.fixture
def check_on(monkeypatch):
    monkeypatch.setattr(derived_spec, "CHECK", [True])


def test_without_the_hireling_the_value_is_its_base(root, check_on):
    game = set_up(Game(root, SEATS, 0))
    d = root.derived["defensor_possivel"]
    assert defender(game, "rapinas") == 1            # (the first ask works out the modifiers)
    before = derived_spec.CHECKED[0]
    assert defender(game, PROTECTOR) == 1
    assert defender(game, "rapinas") == 1
    if derived_spec.ON:
        assert d._spec is not None and d._spec[0] is game.s.card_defs
        assert derived_spec.CHECKED[0] == before + 2      # answered by the specialisation


def test_with_the_hireling_in_play_its_modifier_holds(root, check_on):
    plain = set_up(Game(root, SEATS, 0))
    hired = set_up(Game(root, SEATS, 0, hirelings=[PROTECTOR]))
    assert PROTECTOR in hired.s.hired
    d = root.derived["defensor_possivel"]
    for _ in range(2):                      # asked in turn: each game keeps its own answer
        assert defender(hired, PROTECTOR) == 0         # E.2.2: the Protector is never battled
        assert defender(hired, "rapinas") == 1
        # not specialised for that game (what is kept may be the other game's)
        assert d._spec is None or d._spec[0] is not hired.s.card_defs
        assert defender(plain, PROTECTOR) == 1
        if derived_spec.ON:
            assert d._spec is not None and d._spec[0] is plain.s.card_defs
    copy = hired.clone()
    assert defender(copy, PROTECTOR) == 0
    assert defender(plain.clone(), PROTECTOR) == 1


def test_the_check_mode_stops_a_modifier_wrongly_proved_dead(root, check_on, monkeypatch):
    if not derived_spec.ON:
        pytest.skip("RULESDSL_SPEC=0: nothing is specialised")
    hired = set_up(Game(root, SEATS, 0, hirelings=[PROTECTOR]))
    d = root.derived["defensor_possivel"]
    mine = [m for m in d.mods if m.owner == PROTECTOR]
    facts = proofs.facts(root, hired.s)
    # proofs that (wrongly) call the Protector's modifier dead, and no modifier left live
    monkeypatch.setattr(facts, "dead_mods", facts.dead_mods | {id(m) for m in d.mods})
    monkeypatch.setattr(d, "_live", None)
    monkeypatch.setattr(d, "_spec", None)
    assert mine and d._live_mods(hired.s) == []     # the modifiers worked out again
    with pytest.raises(derived_spec.SpecialisationMismatch):
        defender(hired, PROTECTOR)
    # without the check, the wrong proof would have answered 1 where the rules say 0
    monkeypatch.setattr(derived_spec, "CHECK", [False])
    assert defender(hired, PROTECTOR) == 1


@pytest.mark.parametrize("seats,kw", [
    (["marqueses", "rapinas", "alianca", "malandro"], {}),
    (["marqueses", "rapinas"], {}),
    (["marqueses", "rapinas", "alianca", "malandro"], {"setup": "avancada", "hirelings": "deal"}),
])
def test_seeded_games_with_the_check_mode(root, check_on, seats, kw):
    game = Game(root, seats, 1, **kw)
    before = derived_spec.CHECKED[0]
    play_some(game, 1, 400)
    if derived_spec.ON:
        assert derived_spec.CHECKED[0] > before       # some value was specialised and checked
