"""The Vagabond (Law §9, Appendix D) as data: positions built with `position=`, then play.

The rules themselves are covered paragraph by paragraph by tests/cenarios/root_malandro.yaml
(items with their states: "tocha exaurida", "espada danificada"); here, what a scenario cannot
see: the hidden items under the ruins (observations), the setup order of two Vagabonds, the
box of the expansions they need. Random playouts with one and two Vagabonds (9.7) run a few
games here; tools report the full figures.
"""
import os
import random

import pytest

import rulesdsl
from rulesdsl.interpreter.engine import Game

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "rulesets", "root")
N_GAMES = int(os.environ.get("MALANDRO_GAMES", "3"))


@pytest.fixture(scope="module")
def g():
    return rulesdsl.load(ROOT)


def _item(s, g, zone, kind, n=1, *statuses):
    bits = 0
    for st in statuses:
        bits |= g.status_bit(st)
    s.adjust_supply(kind, -n)
    s.move_zone_piece(None, zone, kind, n, bits)


def _position(pawn="c6", items=(), extra=None):
    def fn(game):
        s, g = game.s, game.g
        s.put(pawn, "malandro.peao")
        for it in items:
            _item(s, g, "malandro.mochila", *it)
        if extra:
            extra(game)
    return fn


def _ids(game):
    return game.legal_ids()


def _play_to(game, wanted):
    """Apply the options in `wanted`, in order (each must be legal)."""
    for w in wanted:
        game.apply_id(w)


# ---------------------------------------------------------------------------------------------

def test_ruleset_loads_with_the_vagabond(g):
    assert "malandro" in g.factions and "segundo_malandro" in g.factions
    assert not g.piece_kinds["malandro.peao"].removable                       # 9.2.2
    assert g.status_bit("exaurido") and g.status_bit("danificado")


def test_daylight_menu_offers_item_actions(g):
    pos = _position("c6", [("bota", 1), ("tocha", 1), ("espada", 1)],
                    extra=lambda game: game.s.put("c6", "ruina") or game.s.put("c6", "martelo"))
    game = Game(g, ["marqueses", "rapinas", "malandro"], seed=1, position=pos, start=("malandro", "dia"))
    ids = _ids(game)
    assert "malandro.explorar" in ids and "malandro.mover_se" in ids          # 9.5.1, 9.5.3
    assert "malandro.lutar" not in ids                                        # no enemy in c6


def test_explore_takes_the_ruin_item_scores_and_removes_the_ruin(g):
    def extra(game):
        game.s.put("c6", "ruina")
        game.s.put("c6", "martelo")
    game = Game(g, ["marqueses", "rapinas", "malandro"], seed=1,
                position=_position("c6", [("tocha", 1)], extra), start=("malandro", "dia"))
    game.apply_id("malandro.explorar")
    s = game.s
    assert s.piece_zones["malandro.mochila"].get("martelo") == 1              # 9.5.3
    assert s.zone_split("malandro.mochila", "tocha") == {g.status_bit("exaurido"): 1}
    assert s.counters["malandro:pv"] == 1
    assert s.count("c6", "ruina") == 0 and s.count("c6", "martelo") == 0


def test_move_exhausts_a_boot_and_slip_does_not(g):
    game = Game(g, ["marqueses", "rapinas", "malandro"], seed=1,
                position=_position("c6", [("bota", 2)]), start=("malandro", "dia"))
    game.apply_id("malandro.mover_se")
    dests = [d for d in _ids(game)]
    assert "c3" in dests and not any(d.startswith("f") for d in dests)      # 9.5.1: no forest
    game.apply_id("c3")
    s = game.s
    assert s.count("c3", "malandro.peao") == 1
    assert s.zone_split("malandro.mochila", "bota").get(g.status_bit("exaurido")) == 1


def test_slip_reaches_a_forest_without_boots(g):
    game = Game(g, ["marqueses", "rapinas", "malandro"], seed=1,
                position=_position("c6"), start=("malandro", "amanhecer"))
    # Birdsong: refresh (nothing), then "você pode deslizar" (9.4.2)
    while game.pending is not None and game.pending.kind != "may":
        game.apply(0)
    game.apply_id("malandro.deslizar")
    assert any(o.startswith("f") for o in _ids(game))                        # forests too


def test_hits_damage_items_instead_of_removing_the_pawn(g):
    # the Marquise battles the Vagabond in c6: hits damage undamaged items (9.2.7)
    def extra(game):
        game.s.put("c6", "marqueses.guerreiro", 3)
    game = Game(g, ["marqueses", "rapinas", "malandro"], seed=5,
                position=_position("c6", [("bota", 2), ("tocha", 1)], extra), start=("marqueses", "dia"))
    guard = 0
    while game.pending is not None and guard < 200:
        ids = _ids(game)
        if "batalha" in ids:
            game.apply_id("batalha")
            break
        game.apply(0)
        guard += 1
    for _ in range(50):
        if game.pending is None or game.s.counters.get("malandro:pv", 0) < 0:
            break
        ids = _ids(game)
        if "c6" in ids:
            game.apply_id("c6")
        elif "malandro" in ids:
            game.apply_id("malandro")
        elif game.pending.kind == "menu":
            break
        else:
            game.apply(0)
    s = game.s
    assert s.count("c6", "malandro.peao") == 1                                # 9.2.2
    dmg = g.status_bit("danificado")
    damaged = sum(n for k in ("bota", "tocha") for b, n in s.zone_split("malandro.mochila", k).items() if b & dmg)
    assert damaged <= 3


def test_favor_does_not_remove_the_pawn_and_damages_three_items(g):
    # an enemy effect removing all enemy pieces of a clearing: the pawn stays, 3 items damaged (9.2.2.I)
    def extra(game):
        game.s.put("c1", "marqueses.guerreiro", 1)
    game = Game(g, ["marqueses", "rapinas", "malandro"], seed=2,
                position=_position("c1", [("bota", 2), ("tocha", 1), ("espada", 1)], extra),
                start=("rapinas", "dia"))
    from rulesdsl.interpreter.runtime import Ctx
    from rulesdsl.compiler import CC, compile_block
    from rulesdsl.model import parse_expression
    rs = g.rs
    tree = parse_expression("remova todas as peças inimigas de clareira 1", "pt", rs.builder.tokenizer("pt"), g.diags)
    run = compile_block(CC(g, g.diags, "pt", "rapinas"), tree)
    ctx = Ctx(g, game.m, game.s, "rapinas", {}, game)
    from rulesdsl.interpreter.machine import Machine
    m = Machine()
    r = run(ctx)
    d = m.run(None, r) if r is not None else None
    while d is not None:
        d = m.run(0)
    s = game.s
    assert s.count("c1", "malandro.peao") == 1
    assert s.count("c1", "marqueses.guerreiro") == 0
    dmg = g.status_bit("danificado")
    damaged = sum(n for k in ("bota", "tocha", "espada")
                  for b, n in s.zone_split("malandro.mochila", k).items() if b & dmg)
    assert damaged == 3


def test_aid_improves_the_relationship(g):
    def extra(game):
        game.s.put("c6", "marqueses.guerreiro", 1)
        hand = game.s.zones["malandro:mao"]
        deck = game.s.zones[g.draw_zone]
        fox = next(c for c in deck if g.cards[game.s.card_defs[c]].attrs.get("naipe") == "raposa")
        game.s.move_card(fox, g.draw_zone, "malandro:mao")
    game = Game(g, ["marqueses", "rapinas", "malandro"], seed=1,
                position=_position("c6", [("bota", 1)], extra), start=("malandro", "dia"))
    game.apply_id("malandro.ajudar")
    while game.pending is not None and game.pending.kind != "menu":
        game.apply(0)
    s = game.s
    assert s.counters.get("malandro:relacao@marqueses") == 1                  # 9.2.9.I.b
    assert s.counters["malandro:pv"] == 1                                     # R2: 1 VP


def test_strike_makes_the_faction_hostile(g):
    def extra(game):
        game.s.put("c6", "marqueses.guerreiro", 2)
    game = Game(g, ["marqueses", "rapinas", "malandro"], seed=1,
                position=_position("c6", [("besta", 1)], extra), start=("malandro", "dia"))
    game.apply_id("malandro.atacar")
    s = game.s
    assert s.count("c6", "marqueses.guerreiro") == 1                          # 9.5.6
    assert s.counters.get("malandro:hostil@marqueses") == 1                   # 9.2.9.III


def test_capacity_removes_excess_items(g):
    items = [("bota", 4), ("espada", 4), ("besta", 1)]
    game = Game(g, ["marqueses", "rapinas", "malandro"], seed=1,
                position=_position("f3_6_11", items), start=("malandro", "anoitecer"))
    while game.pending is not None and game.s.active == "malandro":
        game.apply(0)
    assert sum(game.s.piece_zones["malandro.mochila"].values()) <= 6          # 9.6.4


@pytest.mark.parametrize("factions", [["marqueses", "rapinas", "malandro"],
                                      ["marqueses", "malandro", "rapinas", "segundo_malandro"]])
def test_random_games_run_to_the_end(g, factions):
    for seed in range(N_GAMES):
        game = Game(g, factions, seed=seed)
        r = random.Random(seed)
        while not game.is_terminal():
            game.apply(r.choice(game.legal_actions()))
        assert getattr(game.s, "failure", None) is None


def _after_setup(g, factions, seed):
    game = Game(g, factions, seed=seed, observe=[factions[0]])
    r = random.Random(seed)
    while game.pending is not None and game.pending.kind != "menu":
        game.apply(r.choice(game.legal_actions()))
    return game


def test_ruin_items_are_hidden_until_explored(g):
    # 9.3.4: one "R" item under each ruin, face down; the ruin covers them (`cobre: item`)
    from rulesdsl.interpreter.runtime import covered
    game = _after_setup(g, ["marqueses", "rapinas", "malandro"], 1)
    ruins = [sp for sp, b in game.s.board.items() if b.get("ruina")]
    assert len(ruins) == 4
    for sp in ruins:
        assert sum(covered(g, game.s, sp).values()) == 1
        seen = game.observation("marqueses")["board"][sp]
        assert seen.get("?") == 1 and not any(g.piece_kinds[k].category == "item" for k in seen if k != "?")
    placed = [e for e in game.views["marqueses"].events if e.get("t") == "place" and e.get("space") in ruins
              and e.get("by") == "malandro"]
    assert placed and all(e["kind"] == "?" for e in placed)


def test_two_vagabonds_set_up_in_a_random_order(g):
    # 9.7.1: which Vagabond sets up first is random (a list inside `ordem_de_preparação`)
    firsts = set()
    for seed in range(8):
        game = Game(g, ["marqueses", "rapinas", "malandro", "segundo_malandro"], seed=seed)
        r = random.Random(seed)
        while game.pending is not None and game.pending.player not in ("malandro", "segundo_malandro"):
            game.apply(r.choice(game.legal_actions()))
        firsts.add(game.pending.player)
    assert firsts == {"malandro", "segundo_malandro"}


def test_two_vagabonds_use_both_sets_of_ruin_items(g):
    # 9.7.1: the Riverfolk items join the box (`expansões:`): two "R" items under each ruin
    game = _after_setup(g, ["marqueses", "rapinas", "malandro", "segundo_malandro"], 3)
    ruins = [sp for sp, b in game.s.board.items() if b.get("ruina")]
    items = lambda sp: sum(n for k, n in game.s.board[sp].items() if g.piece_kinds[k].category == "item")
    assert [items(sp) for sp in ruins] == [2, 2, 2, 2]
    assert game.box.get("bota") == 4 + 3 + 1
