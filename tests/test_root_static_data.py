"""Sanity checks of Root's static data: components, the four maps and the two decks.

The expected values below are FACTS copied from the project's references
(/work/shared/reference/root-components.md and the Law of Root, seed 000): they are checked
against the YAML the ruleset ships, read with the project's own positional loader.
"""
from __future__ import annotations

import os
import re
import unicodedata
from collections import Counter, deque

import pytest

from rulesdsl.errors import Diagnostics
from rulesdsl.loader import load_file

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "rulesets", "root")
LAW = "/work/shared/seeds/000_f49da3ca5aaf3f93.txt"

MAP_FILES = {"outono": "outono.yaml", "inverno": "inverno.yaml", "lago": "lago.yaml",
             "montanha": "montanha.yaml"}
DECK_FILES = {"base": "base.yaml", "exilados": "exilados.yaml"}
SLUG = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")


def _load(*parts):
    d = Diagnostics()
    v = load_file(os.path.join(ROOT, *parts), d)
    assert v is not None and not d.has_errors(), [e.message() for e in d.errors]
    return v


@pytest.fixture(scope="module")
def comp():
    return _load("componentes.yaml")


@pytest.fixture(scope="module")
def maps():
    return {k: _load("mapas", f)["mapas"][k] for k, f in MAP_FILES.items()}


@pytest.fixture(scope="module")
def decks():
    return {k: _load("baralhos", f)["baralhos"][k] for k, f in DECK_FILES.items()}


def slug(text: str) -> str:
    s = unicodedata.normalize("NFKD", text.casefold())
    s = "".join(c for c in s if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "_", s).strip("_")


def walk(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, path + (i,))


# ---------------------------------------------------------------- facts from the reference
# Per-clearing "paths to" lists, priority numbering (root-components.md §3.1 and R5.2).
PATHS = {
    "outono": {1: [5, 9, 10], 2: [5, 6, 10], 3: [6, 7, 11], 4: [8, 9, 12], 5: [1, 2], 6: [2, 3, 11],
               7: [3, 8, 12], 8: [4, 7], 9: [1, 4, 12], 10: [1, 2, 12], 11: [3, 6, 12],
               12: [4, 7, 9, 10, 11]},
    "inverno": {1: [5, 10, 11], 2: [6, 7, 12], 3: [7, 8, 12], 4: [9, 10, 11], 5: [1, 6], 6: [2, 5],
                7: [2, 3], 8: [3, 9, 12], 9: [4, 8, 11], 10: [1, 4], 11: [1, 4, 9], 12: [2, 3, 8]},
    "lago": {1: [5, 9], 2: [7, 8, 10], 3: [8, 9, 12], 4: [5, 6], 5: [1, 4, 11], 6: [4, 7, 11],
             7: [2, 6, 10, 11], 8: [2, 3, 10], 9: [1, 3, 12], 10: [2, 7, 8], 11: [5, 6, 7], 12: [3, 9]},
    "montanha": {1: [8, 9], 2: [6, 11], 3: [6, 11], 4: [8, 12], 5: [10, 11], 6: [2, 3], 7: [12],
                 8: [1, 4], 9: [1, 10, 12], 10: [5, 9, 11, 12], 11: [2, 3, 5, 10], 12: [4, 7, 9, 10]},
}
RIVERS = {
    "outono": {(5, 10), (10, 11), (7, 11), (4, 7)},
    "inverno": {(7, 12), (11, 12), (10, 11)},
    "lago": {(1, 10), (1, 11), (1, 12), (10, 11), (10, 12), (11, 12)},
    "montanha": {(2, 10), (4, 10)},
}
CLOSED = {"montanha": {(2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12)}}
SLOTS = {
    "outono": [1, 2, 1, 1, 2, 2, 2, 2, 2, 2, 3, 2],
    "inverno": [1, 1, 2, 2, 2, 2, 1, 2, 2, 1, 3, 3],
    "lago": [2, 1, 1, 1, 3, 2, 1, 1, 1, 3, 3, 3],
    "montanha": [2, 2, 2, 2, 1, 1, 1, 1, 3, 2, 3, 3],
}
SLOT_TOTAL = {"outono": 22, "inverno": 22, "lago": 22, "montanha": 23}
RUINS = {"outono": {6, 10, 11, 12}, "inverno": {8, 9, 11, 12}, "lago": {5, 10, 11, 12},
         "montanha": {9, 10, 11, 12}}
OPPOSITE = {"outono": {1: 3, 2: 4}, "inverno": {1: 3, 2: 4}, "montanha": {1: 3, 2: 4},
            "lago": {1: 2, 3: 4}}
FOREST_COUNT = {"outono": 7, "inverno": 8, "lago": 9, "montanha": 10}
AUTUMN_SUITS = {1: "raposa", 2: "rato", 3: "coelho", 4: "coelho", 5: "coelho", 6: "raposa", 7: "rato",
                8: "raposa", 9: "rato", 10: "coelho", 11: "rato", 12: "raposa"}
# Autumn forest adjacency, TYL/CFR (root-components.md §3.2), forests named by their clearings.
AUTUMN_FOREST_ADJ = {
    ((1, 2, 5, 10), (1, 9, 10, 12)), ((1, 2, 5, 10), (2, 6, 10, 11, 12)),
    ((1, 9, 10, 12), (2, 6, 10, 11, 12)), ((1, 9, 10, 12), (4, 9, 12)),
    ((2, 6, 10, 11, 12), (3, 7, 11, 12)), ((2, 6, 10, 11, 12), (3, 6, 11)),
    ((4, 9, 12), (4, 7, 8, 12)), ((4, 7, 8, 12), (3, 7, 11, 12)), ((3, 7, 11, 12), (3, 6, 11)),
}
# Base deck facts (root-components.md §1): item cards per item, VP per item.
ITEM_CARDS = {"espada": 3, "bota": 4, "bolsa": 4, "cha": 3, "moeda": 3, "besta": 2, "martelo": 1}
ITEM_VP = {"espada": 2, "bota": 1, "bolsa": 1, "cha": 2, "moeda": 3, "besta": 1, "martelo": 2}
BOX_ITEMS = {"bota": 4, "espada": 4, "bolsa": 4, "martelo": 3, "cha": 3, "moeda": 2, "besta": 2,
             "tocha": 1}  # B.1.2


def n(cid):
    return int(str(cid)[1:])


def clearings(m):
    return {k: v for k, v in m["espaços"].items() if v["tipo"] == "clareira"}


def forests(m):
    return {k: v for k, v in m["espaços"].items() if v["tipo"] == "floresta"}


def edges(m, kind):
    return [tuple(p) for p in m["ligações"].get(kind, [])]


# ---------------------------------------------------------------- components
def test_components_vocabulary(comp):
    suits = comp["enumerações"]["naipe"]["valores"]
    assert set(suits) == {"raposa", "coelho", "rato", "passaro"}
    assert suits["passaro"]["curinga"] == "sim"
    cost = comp["enumerações"]["naipe_de_custo"]["valores"]
    assert set(cost) == {"raposa", "coelho", "rato", "qualquer"}
    assert set(comp["tipos_de_espaço"]) == {"clareira", "floresta"}
    assert {"caminho", "rio", "caminho_fechado", "floresta_clareira",
            "floresta_floresta"} <= set(comp["tipos_de_ligação"])
    cats = comp["categorias_de_peça"]
    assert {"guerreiro", "construcao", "marcador", "peao", "item", "ruina"} <= set(cats)
    # 2.5: warriors and buildings rule, tokens and pawns do not (declared once, in jogo.yaml)
    assert all("governa" not in c for c in cats.values())
    game = _load("jogo.yaml")
    assert game["governo"] == {"lei": "2.5", "peças": ["guerreiro", "construcao"]}
    for piece in comp["peças_neutras"].values():
        assert piece["categoria"] in cats
    assert {"emboscada", "dominio"} <= set(comp["marcas"])
    assert {"baralho", "descarte", "disponiveis", "suprimento_de_itens"} <= set(comp["zonas"])


def test_items_box_supply_and_ruins(comp):
    pieces = comp["peças_neutras"]
    items = {k: v for k, v in pieces.items() if v["categoria"] == "item"}
    assert {k: v["quantidade"] for k, v in items.items()} == BOX_ITEMS
    assert sum(BOX_ITEMS.values()) == 23
    assert pieces["ruina"]["quantidade"] == 4
    supply = comp["conjuntos_de_itens"]["suprimento_inicial"]["itens"]
    ruins = comp["conjuntos_de_itens"]["itens_r"]["itens"]
    assert supply == {"espada": 2, "bota": 2, "bolsa": 2, "cha": 2, "moeda": 2, "besta": 1, "martelo": 1}
    assert sum(supply.values()) == 12 and sum(ruins.values()) == 4
    assert set(ruins) == {"bolsa", "bota", "martelo", "espada"}
    for k in set(supply) | set(ruins):
        assert supply.get(k, 0) + ruins.get(k, 0) <= BOX_ITEMS[k]
    markers = pieces["marcador_de_naipe"]
    assert markers["quantidade"] == sum(markers["por_naipe"].values()) == 12


# ---------------------------------------------------------------- maps
@pytest.mark.parametrize("key", MAP_FILES)
def test_map_clearings(maps, key):
    m = maps[key]
    cl = clearings(m)
    assert sorted(cl, key=n) == [f"c{i}" for i in range(1, 13)]
    assert [cl[f"c{i}"]["locais"] for i in range(1, 13)] == SLOTS[key]
    assert sum(c["locais"] for c in cl.values()) == SLOT_TOTAL[key]
    assert all(c["prioridade"] == n(k) for k, c in cl.items())
    ruins = [k for k, c in cl.items() if c.get("r") == "sim"]
    assert len(ruins) == 4 and {n(r) for r in ruins} == RUINS[key]  # 5.1.4
    assert all(cl[r]["locais"] >= 1 for r in ruins)


def test_autumn_suits(maps):
    cl = clearings(maps["outono"])
    assert {n(k): c["naipe"] for k, c in cl.items()} == AUTUMN_SUITS
    assert Counter(AUTUMN_SUITS.values()) == {"raposa": 4, "coelho": 4, "rato": 4}
    for key in ("inverno", "lago", "montanha"):  # no printed suits: suit markers (A.1)
        assert maps[key]["naipes_impressos"] == "não"
        assert not any("naipe" in c for c in clearings(maps[key]).values())


@pytest.mark.parametrize("key", MAP_FILES)
def test_corners_and_opposites(maps, key):
    cl = clearings(maps[key])
    corners = {k for k, c in cl.items() if c.get("canto") == "sim"}
    assert {n(k) for k in corners} == {1, 2, 3, 4}
    for k in corners:
        opp = cl[k]["oposta"]
        assert opp in corners and opp != k and cl[opp]["oposta"] == k
    pairs = {tuple(sorted((n(k), n(cl[k]["oposta"])))) for k in corners}
    assert pairs == set(OPPOSITE[key].items())
    assert not any("oposta" in c for k, c in cl.items() if k not in corners)


@pytest.mark.parametrize("key", MAP_FILES)
def test_paths_symmetric_and_match_reference(maps, key):
    ref = PATHS[key]
    for a, bs in ref.items():  # the reference lists are themselves symmetric
        for b in bs:
            assert a in ref[b], (key, a, b)
    expected = {tuple(sorted((a, b))) for a, bs in ref.items() for b in bs}
    got = [tuple(sorted((n(a), n(b)))) for a, b in edges(maps[key], "caminho")]
    assert len(got) == len(set(got)), "duplicate path"
    assert all(a != b for a, b in got)
    assert set(got) == expected
    assert {tuple(sorted((n(a), n(b)))) for a, b in edges(maps[key], "rio")} == RIVERS[key]
    closed = {tuple(sorted((n(a), n(b)))) for a, b in edges(maps[key], "caminho_fechado")}
    assert closed == CLOSED.get(key, set())
    kinds = [set(map(frozenset, edges(maps[key], k))) for k in ("caminho", "rio", "caminho_fechado")]
    assert not (kinds[0] & kinds[1]) and not (kinds[0] & kinds[2]) and not (kinds[1] & kinds[2])


@pytest.mark.parametrize("key", MAP_FILES)
def test_paths_connect_every_clearing(maps, key):
    m = maps[key]
    adj = {c: set() for c in clearings(m)}
    for a, b in edges(m, "caminho"):
        adj[a].add(b)
        adj[b].add(a)
    seen, todo = {"c1"}, deque(["c1"])
    while todo:
        for x in adj[todo.popleft()] - seen:
            seen.add(x)
            todo.append(x)
    assert seen == set(adj)


@pytest.mark.parametrize("key", MAP_FILES)
def test_forests(maps, key):
    m = maps[key]
    fs, cl = forests(m), clearings(m)
    assert len(fs) == FOREST_COUNT[key]
    touch = {}
    for f, c in edges(m, "floresta_clareira"):
        assert f in fs and c in cl
        touch.setdefault(f, set()).add(n(c))
    for f in fs:  # the id is "f" + the touched clearings, Rootlog style
        assert f == "f" + "_".join(str(i) for i in sorted(touch[f]))
        assert len(touch[f]) >= 3
    ff = edges(m, "floresta_floresta")
    assert len(ff) == len({frozenset(p) for p in ff})
    for a, b in ff:
        assert a in fs and b in fs and a != b
    if key == "outono":
        name = {f: tuple(sorted(touch[f])) for f in fs}
        got = {frozenset((name[a], name[b])) for a, b in ff}
        assert got == {frozenset(p) for p in AUTUMN_FOREST_ADJ}
    if key == "lago":
        coastal_cl = {k for k, c in cl.items() if c.get("costeira") == "sim"}
        assert {n(k) for k in coastal_cl} == {1, 10, 11, 12}
        coastal_f = {k for k, f in fs.items() if f.get("costeira") == "sim"}
        assert len(coastal_f) == 4
        for f in coastal_f:  # C.2.4: each coastal forest neighbours two other coastal forests
            nb = {b if a == f else a for a, b in ff if f in (a, b)}
            assert len(nb & coastal_f) == 2


@pytest.mark.parametrize("key", MAP_FILES)
def test_map_edge_is_a_cycle(maps, key):
    m = maps[key]
    ring = m["borda_do_mapa"]["espaços"]
    assert len(ring) == len(set(ring)) >= 9
    links = {frozenset(p) for k in ("caminho", "caminho_fechado") for p in edges(m, k)}
    for a, b in zip(ring, ring[1:] + ring[:1]):
        assert frozenset((a, b)) in links, (key, a, b)
    assert {"c1", "c2", "c3", "c4"} <= set(ring)


def test_special_map_pieces(maps):
    assert maps["lago"]["peças_iniciais"]["balsa"]["espaço"] == "c1"  # C.2.1
    assert clearings(maps["lago"])["c1"]["costeira"] == "sim"
    assert maps["montanha"]["peças_iniciais"]["torre"]["espaço"] == "c10"  # C.3.1
    assert clearings(maps["montanha"])[maps["montanha"]["peças_iniciais"]["torre"]["espaço"]].get("r") == "sim"


# ---------------------------------------------------------------- decks
def cards(deck):
    return deck["cartas"]


def total(deck, pred=lambda c: True):
    return sum(c["cópias"] for c in cards(deck) if pred(c))


@pytest.mark.parametrize("key", DECK_FILES)
def test_deck_size_and_suits(decks, key):
    d = decks[key]
    assert total(d) == d["total"] == 54  # B.1.4, B.7.1
    by_suit = Counter()
    for c in cards(d):
        by_suit[c["naipe"]] += c["cópias"]
    assert by_suit == {"passaro": 14, "raposa": 14, "coelho": 13, "rato": 13}
    assert dict(d["por_naipe"]) == dict(by_suit)


@pytest.mark.parametrize("key", DECK_FILES)
def test_ambush_and_dominance(decks, key):
    d = decks[key]
    amb = Counter()
    dom = Counter()
    for c in cards(d):
        marks = c.get("marcas", [])
        if "emboscada" in marks:
            amb[c["naipe"]] += c["cópias"]
        if "dominio" in marks:
            dom[c["naipe"]] += c["cópias"]
        if "emboscada" in marks or "dominio" in marks:
            assert "custo" not in c  # cannot be crafted
    assert amb == {"passaro": 2, "raposa": 1, "coelho": 1, "rato": 1}  # 2.1.2
    assert dom == {"passaro": 1, "raposa": 1, "coelho": 1, "rato": 1}  # 2.1.3, 3.3


@pytest.mark.parametrize("key", DECK_FILES)
def test_costs_items_and_texts(decks, comp, key):
    suits = set(comp["enumerações"]["naipe"]["valores"])
    cost_suits = set(comp["enumerações"]["naipe_de_custo"]["valores"])
    marks = set(comp["marcas"])
    pieces = comp["peças_neutras"]
    item_cards = Counter()
    for c in cards(decks[key]):
        assert c["naipe"] in suits
        assert isinstance(c["cópias"], int) and c["cópias"] >= 1
        assert set(c.get("custo", [])) <= cost_suits, c["id"]
        assert 1 <= len(c.get("custo", [1])) <= 4
        assert set(c.get("marcas", [])) <= marks
        if "item" in c:
            assert pieces[c["item"]]["categoria"] == "item"
            assert c["pv"] == ITEM_VP[c["item"]] and "custo" in c
            assert c.get("permanente", "não") == "não"
            item_cards[c["item"]] += c["cópias"]
        else:
            assert "pv" not in c
            assert set(c["texto"]) == {"pt", "es"} and all(c["texto"].values()), c["id"]
        if c.get("permanente") == "sim" or "favor" in c.get("marcas", []):
            assert "custo" in c and "item" not in c
    assert item_cards == ITEM_CARDS  # the E&P deck keeps every item card


def test_card_ids_unique_ascii_slugs(decks):
    seen = set()
    for key, d in decks.items():
        for c in cards(d):
            cid = c["id"]
            assert SLUG.match(cid), cid
            assert cid not in seen, cid
            seen.add(cid)
            base = cid[3:] if key == "exilados" and cid.startswith("ep_") else cid
            name = slug(c["nome"]["pt"])
            assert base in (name, f"{name}_{c['naipe']}"), (cid, name)
            assert set(c["nome"]) == {"pt", "es"} and all(c["nome"].values())


def test_exiles_duplicates_match_base(decks):
    base = {c["id"]: c for c in cards(decks["base"])}
    for c in cards(decks["exilados"]):
        if "igual_a" in c:
            b = base[c["igual_a"]]
            assert c["id"] == "ep_" + b["id"]
            for k in ("nome", "naipe", "cópias", "custo", "item", "pv", "marcas"):
                assert c.get(k) == b.get(k), (c["id"], k)
        else:
            assert c["permanente"] == "sim" and c["fonte_única"] == "sim"


# ---------------------------------------------------------------- every file
def _all_files():
    out = [("componentes.yaml",)]
    out += [("mapas", f) for f in MAP_FILES.values()]
    out += [("baralhos", f) for f in DECK_FILES.values()]
    return out


def _law_paragraphs():
    if not os.path.exists(LAW):
        return None
    text = open(LAW, encoding="utf-8").read()
    found = set(re.findall(r"^(?:#+ |- )?([0-9A-G](?:\.[0-9]+)*)\.? ", text, re.M))
    return found


@pytest.mark.parametrize("parts", _all_files(), ids=lambda p: p[-1])
def test_lei_strings_flags_and_ids(parts):
    data = _load(*parts)
    law = _law_paragraphs()
    for path, node in walk(data):
        if not path:
            continue
        key = path[-1]
        if key == "lei":
            assert isinstance(node, str), (path, node)
            assert re.match(r"^(?:[0-9]+|[A-G])(?:\.[0-9]+)*$", node), (path, node)
            if law is not None:
                assert node in law, (path, node)
        if key == "fonte_única":
            assert node == "sim"
            parent = data
            for p in path[:-1]:
                parent = parent[p]
            assert parent.get("nota"), path
        if key == "nome" and isinstance(node, dict) and "pt" in node:
            assert set(node) >= {"pt", "es"} and all(node.values()), path
    named = {"enumerações", "tipos_de_espaço", "tipos_de_ligação", "categorias_de_peça",
             "peças_neutras", "marcas", "zonas", "zonas_de_jogador", "espaços"}
    for path, node in walk(data):
        if path and path[-1] in named and isinstance(node, dict):
            for k in node:
                assert SLUG.match(k), (path, k)
