"""Where the few pieces go when the supply cannot fill a placement (docs/rootlog.md «Os
Marqueses no registro, segunda parte»): the rest of the line says which space went without."""
from rulesdsl.rootlog.notation import parse

# winter_tournament_r1g2 l. 54, shortened: one wood at each of three sawmills (6.4) with two
# left in the supply, then the builds pay 3 wood from 11, 2 from 10 and 3 from 6
LINE = ("Map: Lake\nClearings: F1, R2, M3, R4, F5, M6, M7, R8, F9, M10, R11, F12\n"
        "C: Marqueses\nE: Rapinas\nC:#->C\nE:#->E\n"
        "C:t->6+10+11/3t11->/b_w->2/2t10->/b_r->5/3t6->/b_s->5/#->C\n")


def _position(root_def, mapping):
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.interpreter.runtime import Decision
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(LINE), mapping, tolerant=True)
    game = Game(root_def, ["marqueses", "rapinas"], seed=1)
    wood = next(k for k in root_def.piece_kinds if k.startswith("marqueses.") and k.endswith("madeira"))
    for sp in ("c6", "c10", "c11"):
        game.s.put(sp, wood, 2)          # two wood at each sawmill, six on the map
    bi = next(i for i, (fid, turns) in enumerate(rp.blocks) if fid is not None)
    left = [[at, at.n] for at in rp.atoms[bi]]
    choice = Decision("marqueses", "choose", ["c6", "c10", "c11"], ("place_where",))
    return rp, game, left, choice


def test_the_space_the_line_takes_less_from_goes_without(root_def, mapping):
    """Two wood for three sawmills: the placer chooses where they go (1.5.4). The line then
    takes 3 wood from 11 and 3 from 6, but only 2 from 10: 11 and 6 must have got one each, 10
    went without. The search tries 6 and 11 before 10 (in the line's order, 10 came second,
    and the engine's 11 was left with 2 wood for a build that takes 3: r1g2 l. 54 cascaded
    into 11 corrections)."""
    from rulesdsl.rootlog import short_place
    rp, game, left, choice = _position(root_def, mapping)
    assert short_place.is_short_choice(choice)
    places = ["c6", "c10", "c11", "c2", "c5"]          # the line's order
    assert [short_place.shortfall(game, left, sp, 1) for sp in ("c6", "c10", "c11")] == [1, 0, 1]
    assert short_place.order(game, left, places, choice.options)[:3] == ["c6", "c11", "c10"]


def test_without_a_later_take_the_line_order_stays(root_def, mapping):
    """With three wood already at 11 the line's takes are all covered there; 6 is still short
    (3 taken, 2 there): 6 first, then 10 and 11 in the line's order."""
    from rulesdsl.rootlog import short_place
    rp, game, left, choice = _position(root_def, mapping)
    wood = next(k for k in root_def.piece_kinds if k.startswith("marqueses.") and k.endswith("madeira"))
    game.s.put("c11", wood, 1)
    assert short_place.order(game, left, ["c6", "c10", "c11"], choice.options) == ["c6", "c10", "c11"]
    game.s.put("c6", wood, 1)
    assert short_place.order(game, left, ["c10", "c6", "c11"], choice.options) == ["c10", "c6", "c11"]


def test_another_choice_is_not_reordered():
    """Only the engine's choice of where the few pieces go (its prompt `place_where`)."""
    from rulesdsl.interpreter.runtime import Decision
    from rulesdsl.rootlog import short_place
    assert not short_place.is_short_choice(Decision("marqueses", "choose", ["c6", "c10"], ("choose_kind",)))
    assert not short_place.is_short_choice(Decision("marqueses", "choose", ["c6", "c10"]))
