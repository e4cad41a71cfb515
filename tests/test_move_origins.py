"""Where each piece began its current move (State.origins, `origens_dos_movimentos:`): kept by
moves, undone by the journal, copied with the state, cleared at the turn's end. The Scythe
scenario (tests/cenarios/scythe_prioridades.yaml) plays `mande de volta` in a game."""
from __future__ import annotations

from rulesdsl.interpreter.state import State


def _state():
    s = State(1)
    s.origins = {}
    s.supply = {"x": 10}
    s.put("a", "x", 2)
    return s


def test_a_move_records_where_it_began_and_a_second_step_keeps_it():
    s = _state()
    s.shift("a", "b", "x", 1)
    assert s.origin_split("b", "x") == {"a": 1}
    s.shift("b", "c", "x", 1)            # the same piece goes on: its move began in a
    assert s.origin_split("c", "x") == {"a": 1} and s.origin_split("b", "x") == {}
    s.shift("c", "a", "x", 1)            # back where it began: no record
    assert s.origins == {}


def test_pieces_that_did_not_move_leave_first():
    s = _state()
    s.put("b", "x", 1)
    s.shift("a", "b", "x", 1)            # b: one piece from a, one that never moved
    s.shift("b", "c", "x", 1)            # the one that never moved goes: its move began in b
    assert s.origin_split("b", "x") == {"a": 1} and s.origin_split("c", "x") == {"b": 1}
    s.take("b", "x", 2)                  # both pieces of b leave the map: no record stays
    assert s.origin_split("b", "x") == {}


def test_the_journal_undoes_origins_and_a_copy_has_its_own():
    s = _state()
    m = s.mark()
    s.shift("a", "b", "x", 2)
    c = s.copy()
    s.rollback(m)
    assert s.origins == {} and s.count("a", "x") == 2
    assert c.origin_split("b", "x") == {"a": 2}
    c.clear_origins()
    assert c.origins == {} and c.count("b", "x") == 2


def test_a_game_without_the_declaration_keeps_nothing():
    s = State(1)
    s.supply = {"x": 10}
    s.put("a", "x", 1)
    s.shift("a", "b", "x", 1)
    assert s.origins is None
