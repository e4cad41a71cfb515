"""What a load from the compiled-ruleset cache takes from the entry instead of computing it
(rulesdsl/environment.py, rulesdsl/cache.py): the role of each choice, marked on the stored
trees; the positions of every value; the warnings of the checks that only warn. Each is the
same as a load from the files gives, and an edited file brings the new one, never the stored.
"""
from __future__ import annotations

import os
import shutil

import pytest

from rulesdsl import nodes as N
from rulesdsl.environment import Environment
from rulesdsl.errors import Pos
from rulesdsl.ytypes import YDict, YList, YStr

HERE = os.path.dirname(os.path.abspath(__file__))
CONQUISTA = os.path.join(HERE, "games", "conquista")
MARCH = "      leve qualquer número de soldados seus de O para D\n"
MENU = "        - realize até 2 ações entre marchar, atacar, recrutar\n"


@pytest.fixture
def game(tmp_path):
    folder = tmp_path / "conquista"
    shutil.copytree(CONQUISTA, folder)
    return folder


def load(game, store):
    e = Environment(cache=True, cache_dir=str(store))
    return e, e.load(str(game))


def edit(game, old, new):
    path = game / "jogo.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def roles(gdef, path):
    """{variable: role} of the choices of one rule's tree."""
    tree = next(x.tree for x in gdef.rs.expressions if x.path == path)
    return {n.sel.var: n.__dict__.get("role") for n in tree.walk() if isinstance(n, N.Choose)}


MARCHAR = ("actions", "marchar", "effect")


def test_the_roles_of_the_choices_come_stored_and_change_with_the_rule(game, tmp_path):
    # "escolha um vale O ... escolha um vale D ... leve ... de O para D": O is where the
    # soldiers leave from, D where they go (the prompt says so)
    e, cold = load(game, tmp_path / "c")
    e2, cached = load(game, tmp_path / "c")
    assert (e.cache_hit, e2.cache_hit) == (False, True)
    want = {"O": ("from", "move"), "D": ("to", "move")}
    assert roles(cold, MARCHAR) == roles(cached, MARCHAR) == want
    # the rule now moves the other way: the stored roles are not used
    edit(game, MARCH, "      leve qualquer número de soldados seus de D para O\n")
    e3, moved = load(game, tmp_path / "c")
    assert e3.cache_hit is False
    assert roles(moved, MARCHAR) == {"O": ("to", "move"), "D": ("from", "move")}


def positions(rs):
    """Every position the model holds: of each value read from YAML (and, in a mapping, of
    each key and value; in a list, of each item) and of each node of each rule's tree."""
    out = []
    t = lambda p: tuple(p) if p else None

    def walk(v, where):
        if isinstance(v, YStr):
            out.append((where, "str", t(v.pos)))
            return
        if isinstance(v, dict):
            items = list(v.items())
        elif isinstance(v, list):
            items = list(enumerate(v))
        else:
            return
        out.append((where, type(v).__name__, t(getattr(v, "pos", None))))
        for k, x in items:
            here = where + (str(k),)
            if isinstance(v, YDict):
                out.append((here, "key", t(v.key_pos.get(k)), t(v.val_pos.get(k))))
            elif isinstance(v, YList):
                out.append((here, "item", t(v.item_pos[k]) if k < len(v.item_pos) else None))
            walk(x, here)

    walk(rs.data, ())
    for x in rs.expressions:
        for n in (x.tree.walk() if x.tree is not None else ()):
            out.append((x.path, type(n).__name__, t(n.pos)))
    return out


def test_positions_from_the_cache_are_those_of_the_files_and_move_with_them(game, tmp_path):
    e, cold = load(game, tmp_path / "c")
    e2, cached = load(game, tmp_path / "c")
    assert e2.cache_hit is True
    got = positions(cached.rs)
    assert got == positions(cold.rs) and len(got) > 500
    # positions are Pos (named tuples): a scalar's own position is its parent's record of it
    atk = cached.rs.data["actions"]["atacar"]
    assert type(atk.pos) is Pos and atk.val_pos["effect"] is atk["effect"].pos
    line = atk["effect"].pos.line
    assert str(atk["effect"].pos).endswith(f"jogo.yaml:{line}:13") and line > 1
    # two lines more at the top of the file: every position after them moves
    edit(game, "idioma: pt\n", "idioma: pt\n# uma linha\n# e outra\n")
    e3, moved = load(game, tmp_path / "c")
    assert e3.cache_hit is False
    atk = moved.rs.data["actions"]["atacar"]
    assert str(atk["effect"].pos).endswith(f"jogo.yaml:{line + 2}:13")


def test_warnings_skipped_by_a_cached_compile_are_the_stored_ones_until_the_file_changes(game, tmp_path):
    # an action no menu offers (M040): a warning of the checks a cached load does not run
    edit(game, MENU, "        - realize até 2 ações entre marchar, atacar\n")
    e, _ = load(game, tmp_path / "c")
    e2, _ = load(game, tmp_path / "c")
    assert e2.cache_hit is True
    assert [(d.code, str(d.pos)) for d in e2.diagnostics] == [(d.code, str(d.pos)) for d in e.diagnostics]
    assert [d.code for d in e2.diagnostics] == ["M040"]
    # offered again: the stored warning does not come back
    edit(game, "        - realize até 2 ações entre marchar, atacar\n", MENU)
    e3, _ = load(game, tmp_path / "c")
    assert e3.cache_hit is False and [d.code for d in e3.diagnostics] == []
