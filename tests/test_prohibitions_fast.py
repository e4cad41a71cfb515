"""Prohibitions asked only of the hooks that can match (issue 11, interpreter/hooks.py `_plan`):
a question about an event and a kind of piece is put to the prohibition hooks of the present
factions that can match it, worked out once per seating; nothing that can forbid is left out.
The positions are Root's (the Keep 6.2.2, sympathy 8.2.5.I, Scorched Earth D.6.2 and the
Vagabond's slip ignoring it 9.4.2, the Warlord 14.2.2)."""
from rulesdsl.interpreter import hooks
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.runtime import Ctx

BASE4 = ["marqueses", "rapinas", "alianca", "malandro"]


def _game(g, factions, pieces):
    """A position: `pieces` {kind: n} in one empty clearing, returned with the game."""
    where = []

    def fn(game):
        c = sorted(g.maps[g.default_map].by_kind["clareira"])[0]
        for kind, n in pieces.items():
            game.s.put(c, kind, n)
        where.append(c)
    game = Game(g, factions, 0, position=fn)
    return game, where[0]


def _asks(game, me, acts=None):
    return Ctx(game.g, game.m, game.s, me, {"__acts": acts} if acts else {}, game)


def test_only_the_keeps_owner_places_in_its_clearing(root_def):
    game, c = _game(root_def, BASE4, {"marqueses.torre_da_guarda": 1})
    assert hooks.prohibited(_asks(game, "rapinas"), "placement", c, "rapinas.guerreiro", "rapinas")
    assert hooks.prohibited(_asks(game, "alianca"), "placement", c, "alianca.simpatia", "alianca")
    assert not hooks.prohibited(_asks(game, "marqueses"), "placement", c, "marqueses.guerreiro",
                                "marqueses")


def test_a_sympathetic_clearing_takes_no_second_sympathy_but_takes_warriors(root_def):
    game, c = _game(root_def, BASE4, {"alianca.simpatia": 1})
    me = _asks(game, "alianca")
    assert hooks.prohibited(me, "placement", c, "alianca.simpatia", "alianca")
    assert not hooks.prohibited(me, "placement", c, "alianca.guerreiro", "alianca")


def test_the_torch_stops_movement_unless_the_vagabond_slips(root_def):
    game, c = _game(root_def, BASE4, {"tocha": 1})
    assert hooks.prohibited(_asks(game, "rapinas"), "movement", c, "rapinas.guerreiro", "rapinas")
    slip = _asks(game, "malandro", ("malandro.deslizar",))
    assert not hooks.prohibited(slip, "movement", c, "malandro.peao", "malandro")
    # the slip ignores prohibitions of movement only: placing there is still forbidden
    assert hooks.prohibited(slip, "placement", c, "rapinas.guerreiro", "malandro")


def test_the_plan_leaves_out_only_what_cannot_match(root_def):
    g = root_def
    seats = tuple(BASE4)
    # no seated faction forbids a removal: nothing is asked, no key is built
    assert hooks._plan(g, "removal", "rapinas.guerreiro", seats) is None
    # a placement of sympathy: the Keep's, sympathy's own and the torch's, in declared order
    laws = [h.law for h, _ in hooks._plan(g, "placement", "alianca.simpatia", seats)[0]]
    assert sorted(laws) == ["6.2.2", "8.2.5.I", "D.6.2"]
    # a warrior is no sympathy: that hook is left out; the Warlord's only with the Hundreds
    assert "8.2.5.I" not in [h.law for h, _ in hooks._plan(g, "placement", "rapinas.guerreiro", seats)[0]]
    with_hundreds = ("centenas", "marqueses", "rapinas")
    warlord = hooks._plan(g, "placement", "centenas.senhor_da_guerra", with_hundreds)[0]
    assert "14.2.2" in [h.law for h, _ in warlord]
    assert "14.2.2" not in [h.law for h, _ in hooks._plan(g, "placement", "centenas.guerreiro",
                                                          with_hundreds)[0]]
