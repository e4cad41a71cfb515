"""The board as a picture (rulesdsl/view): where each space is drawn (`posições:`, grid
coordinates or an automatic layout), the validator's M195/M196, and the SVG of a game of Root
and of Scythe — a valid document, every space drawn, the pieces counted as the state has them."""
from __future__ import annotations

import math
import os
import random
import xml.etree.ElementTree as ET

import pytest

import rulesdsl
from rulesdsl.errors import RulesError
from rulesdsl.interpreter.engine import Game
from rulesdsl.view.layout import layout
from rulesdsl.view.svg import board_svg

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SVG = "{http://www.w3.org/2000/svg}"


def _play(game, n, seed=1):
    rng = random.Random(seed)
    for _ in range(n):
        if game.is_terminal():
            break
        game.apply(rng.randrange(len(game.pending.options)))
    return game


def _apart(pos, ids):
    pts = [pos[i] for i in ids]
    return all(math.hypot(a[0] - b[0], a[1] - b[1]) > 1e-6 for i, a in enumerate(pts) for b in pts[i + 1:])


def test_every_root_map_has_a_place_for_every_space(root_def):
    for mid, md in root_def.maps.items():
        pos = layout(md)
        printed = [sp for sp in md.attrs if sp not in md.brought]
        assert set(printed) <= set(pos), mid
        assert _apart(pos, printed), mid
        # the clearings' positions are the data's, as written
        for sp, xy in md.positions.items():
            assert pos[sp] == xy
        assert len(md.positions) == 12, mid
    assert root_def.maps["outono"].positions["c2"] == (233.0, 50.0)


def test_automatic_layout_without_positions(root_def):
    """A map with no positions: the border on a closed line, the rest inside, all apart and
    the same every time."""
    import copy
    md = copy.copy(root_def.maps["inverno"])
    md.positions = {}
    a, b = layout(md), layout(md)
    assert a == b
    assert _apart(a, list(md.by_kind["clareira"]))
    # a clearing inside the border lies within the border's bounding box
    xs = [a[sp][0] for sp in md.edge_cycle]
    inner = [sp for sp in md.by_kind["clareira"] if sp not in md.edge_cycle]
    assert inner and all(min(xs) < a[sp][0] < max(xs) for sp in inner)
    # no border either: a spring layout, still deterministic and apart
    md.edge_cycle = ()
    c = layout(md)
    assert c == layout(md) and _apart(c, list(md.by_kind["clareira"]))


def test_scythe_hexes_from_grid_coordinates():
    g = rulesdsl.load(os.path.join(REPO, "rulesets", "scythe"))
    md = g.maps["base"]
    pos = layout(md)
    assert set(md.attrs) <= set(pos)
    # axial neighbours are one step apart; the bases sit beside their hexes, apart from all
    step = math.dist(pos["t08"], pos["t09"])
    assert math.isclose(math.dist(pos["t08"], pos["t15"]), step, rel_tol=1e-9)
    assert _apart(pos, list(md.attrs))


MAPS = """idioma: pt
jogo:
  id: t
  nome: T
  jogadores: {mínimo: 2, máximo: 2}
  turno: [dia]
fases:
  dia: {nome: Dia}
tipos_de_espaço:
  vale: {nome: vale}
mapas:
  m:
    nome: M
    espaços:
      a: {tipo: vale, nome: A}
      b: {tipo: vale, nome: B}
    ligações: {}
    posições:
      valores: {a: [0, 0], b: [0, 0], c: [3, 1]}
  n:
    nome: N
    espaços:
      c: {tipo: vale, nome: C}
    ligações: {}
facções:
  azuis:
    nome: Azuis
"""


def test_positions_validated(tmp_path):
    (tmp_path / "jogo.yaml").write_text(MAPS, encoding="utf-8")
    with pytest.raises(RulesError) as e:
        rulesdsl.load(str(tmp_path))
    codes = {d.code: d for d in e.value.diagnostics}
    assert "M195" in codes and codes["M195"].args["space"] == "c"
    assert codes["M195"].args["map"] == "m"
    assert "M196" in codes and codes["M196"].args["other"] == "a"
    bad = MAPS.replace("c: [3, 1]", "c: [3, x]")
    (tmp_path / "jogo.yaml").write_text(bad, encoding="utf-8")
    with pytest.raises(RulesError) as e:
        rulesdsl.load(str(tmp_path))
    assert any(d.code == "M011" for d in e.value.diagnostics)


def _parse(text):
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    return root


def _spaces(root):
    return {g.get("data-space"): g for g in root.iter(SVG + "g") if g.get("class", "").startswith("space")}


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_root_board_svg(root_def, lang):
    game = _play(Game(root_def, ["marqueses", "rapinas"], 3), 60)
    root = _parse(board_svg(root_def, lang=lang, game=game))
    spaces = _spaces(root)
    md = game.m
    assert {sp for sp in md.attrs if sp not in md.brought} <= set(spaces)
    # every kind of piece on a space is a badge with its count
    for sp, kinds in game.s.board.items():
        badges = {b.get("data-kind"): int(b.get("data-count")) for b in spaces[sp].iter(SVG + "g")
                  if b.get("class") == "piece"}
        assert badges == {k: n for k, n in kinds.items() if n}, sp
    text = " ".join(t.text or "" for t in root.iter(SVG + "text"))
    assert ("clareira 1" if lang == "pt" else "claro 1") in text
    assert ("Marqueses" if lang == "pt" else "Marquesa") in text
    # rivers are drawn in their own stroke
    assert any(e.get("data-kind") == "rio" for e in root.iter(SVG + "line"))


def test_scythe_board_svg():
    g = rulesdsl.load(os.path.join(REPO, "rulesets", "scythe"))
    game = _play(Game(g, 2, 5), 40)
    root = _parse(board_svg(g, lang="pt", game=game, title="Scythe"))
    spaces = _spaces(root)
    assert {sp for sp in game.m.attrs if sp not in game.m.brought} <= set(spaces)
    assert len([p for p in root.iter(SVG + "polygon")]) >= 47       # the hexes
    counted = sum(int(b.get("data-count")) for b in root.iter(SVG + "g") if b.get("class") == "piece")
    assert counted == sum(n for kinds in game.s.board.values() for n in kinds.values())
    # an empty map, without a game
    empty = _parse(board_svg(g, "base", "es"))
    assert not [b for b in empty.iter(SVG + "g") if b.get("class") == "piece"]
