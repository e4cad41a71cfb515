"""The short cuts of the look-up path (issue 11, perf-exists) answer what the long way answers.

* A prohibition whose condition is "houver K em C" on the event's space (or begins with it) is
  answered by a look-up in that space (interpreter/hooks.py `_space_presence`): the Torch of
  Scorched Earth (D.6.2), sympathy (8.2.5.I) and the Keep (6.2.2) lie in three clearings, and
  every placement and move into every clearing is forbidden exactly when asking every
  condition as compiled forbids it.
* The presence view finds the places with pieces from the board's and the zones' entries and
  keeps the places' order (interpreter/presence.py).
* The cards in play are read from the play areas of the seats, worked out once per seating:
  a faction that takes a seat later has its play area read too (interpreter/card_scope.py).
"""
from rulesdsl.interpreter import card_scope, hooks, presence
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.runtime import Ctx
from rulesdsl.interpreter.state import State

BASE4 = ["marqueses", "rapinas", "alianca", "malandro"]


def test_a_condition_on_the_events_space_is_read_as_a_look_up(root_def):
    g = root_def
    shapes = {str(h.law): hooks._space_presence(g, h) for h in g.prohibitions}
    # "houver simpatia em C": the whole condition
    assert shapes["8.2.5.I"] == (frozenset({"alianca.simpatia"}), True)
    # "houver torre da guarda em C e F não é você": a piece of the Keep first, then the rest
    assert shapes["6.2.2"] == (frozenset({"marqueses.torre_da_guarda"}), False)
    # the Warlord's (14.2.2) asks something else: left to the compiled condition
    assert shapes["14.2.2"] is None


def test_every_prohibition_answered_as_the_compiled_conditions_answer(root_def):
    g = root_def
    clearings = sorted(g.maps[g.default_map].by_kind["clareira"])
    torch, sympathy, keep = clearings[:3]

    def position(game):
        game.s.put(torch, "tocha", 1)
        game.s.put(sympathy, "alianca.simpatia", 1)
        game.s.put(keep, "marqueses.torre_da_guarda", 1)
    game = Game(g, BASE4, 0, position=position)
    kinds = ["rapinas.guerreiro", "marqueses.guerreiro", "alianca.simpatia", "alianca.guerreiro"]
    forbidden = set()
    for me in BASE4:
        ctx = Ctx(game.g, game.m, game.s, me, {}, game)
        for event in ("placement", "movement"):
            for c in clearings:
                for k in kinds:
                    got = hooks._forbidden(ctx, event, c, k, me, clearings[-1])
                    assert got == hooks._forbidden_now(ctx, event, c, k, me, clearings[-1]), (me, event, c, k)
                    if got:
                        forbidden.add((me, event, c, k))
    # the positions the rules name: the torch's clearing to all, a second sympathy, the Keep
    # to all but its owner; nothing in the other clearings
    assert ("rapinas", "movement", torch, "rapinas.guerreiro") in forbidden
    assert ("alianca", "placement", sympathy, "alianca.simpatia") in forbidden
    assert ("alianca", "placement", sympathy, "alianca.guerreiro") not in forbidden
    assert ("rapinas", "placement", keep, "rapinas.guerreiro") in forbidden
    assert ("marqueses", "placement", keep, "marqueses.guerreiro") not in forbidden
    assert not {f for f in forbidden if f[2] not in (torch, sympathy, keep)}


class _Map:
    all_space_ids = ["c1", "c2", "gato.mochila", "c3", "ave.mochila"]


class _Ctx:
    def __init__(self, s):
        self.s, self.m = s, _Map()


def test_places_in_zones_keep_the_places_order():
    s = State(3)
    s.supply.update({"gato": 10, "item": 4})
    s.put("c3", "gato", 2)
    s.move_zone_piece(None, "ave.mochila", "item", 1)
    s.move_zone_piece(None, "gato.mochila", "item", 2)
    s.put("c1", "item", 1)
    assert list(presence.holding(_Ctx(s), frozenset({"item"})).items()) == [
        ("c1", 1), ("gato.mochila", 2), ("ave.mochila", 1)]
    s.take("c1", "item", 1)                 # c1 keeps an empty entry: not a place with pieces
    assert list(presence.holding(_Ctx(s), frozenset({"item", "gato"}))) == ["gato.mochila", "c3", "ave.mochila"]


def test_a_faction_seated_later_has_its_play_area_read(root_def):
    g = root_def
    game = Game(g, ["marqueses", "rapinas"], 0)
    s = game.s
    ctx = Ctx(g, game.m, s, "marqueses", {}, game)
    area = g.in_play_keys("alianca")[0]
    card = next(iter(s.zones[next(z for z in s.zones if s.zones[z])]))
    s.set_zone(area, [card])
    assert card_scope.in_play(ctx) == {}     # the Alliance has no seat: its area is not read
    s.seats.append("alianca")               # a seat taken in the middle of the game,
    s.ver += 1                              # from outside: any part may have changed
    assert card_scope.in_play(ctx) == {s.card_defs[card]: ("alianca",)}
