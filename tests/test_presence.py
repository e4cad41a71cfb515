"""The presence view (interpreter/presence.py) says what a fresh scan of the places says, after
pieces move, after an undo to a mark, and in a copy of the state: a view kept past a change
would fail these."""
from rulesdsl.interpreter import presence
from rulesdsl.interpreter.state import State

SPACES = ["c1", "c2", "c3", "f1", "c1~c2"]


class _Map:
    all_space_ids = SPACES


class _Ctx:
    def __init__(self, s):
        self.s, self.m = s, _Map()


def _fresh(s, kset):
    out = {}
    for sp in SPACES:
        b = s.board.get(sp) or s.piece_zones.get(sp)
        n = sum(c for k, c in (b or {}).items() if k in kset)
        if n:
            out[sp] = n
    return out


def _check(s, *ksets):
    for ks in ksets:
        assert presence.holding(_Ctx(s), ks) == _fresh(s, ks)
        assert list(presence.holding(_Ctx(s), ks)) == list(_fresh(s, ks))    # the places' order
        assert presence.occupied(s, ks) == set(_fresh(s, ks))


CATS = frozenset({"gato"})
BIRDS = frozenset({"ave", "ninho"})
BOTH = CATS | BIRDS


def test_the_view_follows_the_pieces_as_they_move():
    s = State(1)
    s.supply.update({"gato": 10, "ave": 10, "ninho": 3})
    s.put("c3", "gato", 2)
    s.put("c1", "ave", 1)
    _check(s, CATS, BIRDS, BOTH)
    s.shift("c3", "c2", "gato", 1)          # a cat moves: the cats' view changes
    _check(s, CATS, BIRDS, BOTH)
    s.take("c1", "ave", 1)                  # the last bird leaves c1
    _check(s, CATS, BIRDS, BOTH)
    assert presence.holding(_Ctx(s), BIRDS) == {}


def test_an_undo_and_a_copy_see_their_own_pieces():
    s = State(2)
    s.supply.update({"gato": 10, "ave": 10, "ninho": 3})
    s.put("c2", "ninho", 1)
    mark = s.mark()
    _check(s, BIRDS, CATS)
    s.put("c1", "gato", 3)
    s.put("f1", "ave", 2)
    _check(s, BIRDS, CATS)
    c = s.copy()
    c.take("c1", "gato", 3)                 # the copy changes; the original does not
    _check(c, CATS, BOTH)
    _check(s, CATS, BOTH)
    assert presence.holding(_Ctx(s), CATS) == {"c1": 3}
    s.rollback(mark)                        # back to the mark: no cat, no bird in f1
    _check(s, BIRDS, CATS, BOTH)
    assert presence.holding(_Ctx(s), BOTH) == {"c2": 1}
