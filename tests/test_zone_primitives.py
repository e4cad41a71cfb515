"""Generic primitives added for the Woodland Alliance, proved on a tiny game of their own
(tests/games/reserva): nothing here is Root.

  * `capacidade: {quantidade, condição}` on a zone: a card that would enter it full is
    discarded; the condition is read with the zone's owner as 'você';
  * "compre N cartas para Z": drawing into a zone;
  * `oculta: sim` on a faction's zone: only its owner sees the cards (the log hides them);
  * a faction's zone of pieces (`conteúdo: peças`): place, count, remove half rounded up;
  * attributes declared on a piece kind ("cor de T");
  * "é possível posicionar X em C" / "es posible colocar X en C";
  * `alcance_mínimo:` + `alcance:`: a warning (not a refusal) when a game is created;
  * triggered effects are not part of the all-or-nothing block that set them off.
"""
from __future__ import annotations

import os

import pytest

import rulesdsl
from rulesdsl.interpreter.describe import describe_event
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.invariants import check

TESTS = os.path.dirname(os.path.abspath(__file__))
RESERVA = os.path.join(TESTS, "games", "reserva", "jogo.yaml")


@pytest.fixture(scope="module")
def g():
    return rulesdsl.load(RESERVA)


def _cards(g, cid, n):
    return [cid] * n


def _position(reserve=(), hand=(), board=None, barracks=0):
    """A position: cards by definition id in Norte's reserve and hand, pieces on the map."""
    def fn(game):
        s, gd = game.s, game.g
        deck = s.zones[gd.draw_zone]

        def take(cid):
            card = next(c for c in deck if s.card_defs[c] == cid)
            deck.remove(card)
            return card
        s.zones["norte.reserva"].extend(take(c) for c in reserve)
        s.zones["norte:mão"].extend(take(c) for c in hand)
        for sp, kinds in (board or {}).items():
            for kind, n in kinds.items():
                s.put(sp, kind, n)
        if barracks:
            s.adjust_supply("norte.soldado", -barracks)
            s.move_zone_piece(None, "norte.quartel", "norte.soldado", barracks)
    return fn


def _game(g, **kw):
    return Game(g, ["norte", "sul"], seed=3, log=True, position=_position(**kw), start=("norte", "manhã"))


# --- capacity and drawing into a zone ------------------------------------------------------------

def test_drawing_into_a_full_zone_discards_the_rest(g):
    game = Game(g, ["norte", "sul"], seed=1, log=True)
    s = game.s
    assert len(s.zones["norte.reserva"]) == 2          # 3 drawn "para reserva", capacity 2
    assert len(s.zones["descarte"]) == 1
    assert [e["t"] for e in game.log].count("overflow") == 1
    assert not check(game)


def test_adding_to_a_full_zone_discards_the_card(g):
    game = _game(g, reserve=["ordem_verde", "ordem_azul"], hand=["ordem_verde"])
    game.apply_id("norte.guardar")
    s = game.s
    assert len(s.zones["norte.reserva"]) == 2
    assert [s.card_defs[c] for c in s.zones["descarte"]] == ["ordem_verde"]


def test_the_capacity_holds_only_while_its_condition_does(g):
    game = _game(g, reserve=["ordem_verde", "ordem_azul"], hand=["ordem_verde"],
                 board={"leste": {"norte.torre_verde": 1}})
    game.apply_id("norte.guardar")
    assert len(game.s.zones["norte.reserva"]) == 3
    assert game.s.zones["descarte"] == []


# --- hidden zones --------------------------------------------------------------------------------

def test_a_hidden_faction_zone_is_seen_by_its_owner_only(g):
    assert g.zone_visible_to("norte.reserva", "norte")
    assert not g.zone_visible_to("norte.reserva", "sul")
    assert g.zone_visible_to("descarte", "sul")
    assert not g.zone_visible_to("baralho", "norte")
    assert g.zone_visible_to("sul:mão", "sul") and not g.zone_visible_to("sul:mão", "norte")
    game = _game(g, hand=["ordem_azul"])
    game.apply_id("norte.guardar")
    add = next(e for e in game.log if e["t"] == "add")
    assert "ordem azul" in describe_event(game, add, "pt", viewer="norte")
    assert "ordem azul" not in describe_event(game, add, "pt", viewer="sul")
    assert "orden azul" not in describe_event(game, add, "es", viewer="sul")


# --- a zone of pieces of a faction ---------------------------------------------------------------

def test_pieces_go_to_count_in_and_leave_a_faction_piece_zone(g):
    game = _game(g, barracks=2)
    game.apply_id("norte.alistar")
    s = game.s
    assert s.piece_zones["norte.quartel"] == {"norte.soldado": 3}
    assert s.supply["norte.soldado"] == 3
    assert not check(game)
    game = _game(g, barracks=3)
    game.apply_id("norte.dispensar")                    # half of 3, rounded up: 2
    assert game.s.piece_zones["norte.quartel"] == {"norte.soldado": 1}
    assert game.s.supply["norte.soldado"] == 5
    assert not check(game)


# --- piece attributes and "é possível posicionar" ------------------------------------------------

def test_a_piece_attribute_picks_the_tower_of_the_field_colour(g):
    game = _game(g, board={"oeste": {"sul.soldado": 1}})
    game.apply_id("norte.erguer")                       # Oeste holds a soldier of Sul: Leste
    assert game.s.board["leste"] == {"norte.torre_verde": 1}


def test_can_place_sees_prohibitions_supply_and_room(g):
    # Leste has one lot, taken: no tower fits; Oeste has a soldier of Sul: prohibited
    game = _game(g, board={"leste": {"norte.torre_verde": 1}, "oeste": {"sul.soldado": 1}})
    assert "norte.erguer" not in game.legal_ids()
    # without the soldier, Oeste (two lots) takes the blue tower
    game = _game(g, board={"leste": {"norte.torre_verde": 1}})
    assert "norte.erguer" in game.legal_ids()
    game.apply_id("norte.erguer")
    assert game.s.board["oeste"] == {"norte.torre_azul": 1}
    # no tower left in the supply: nothing can be placed anywhere
    game = _game(g, board={"leste": {"norte.torre_verde": 1}, "oeste": {"norte.torre_azul": 1}})
    assert "norte.erguer" not in game.legal_ids()


def test_can_place_reads_the_same_in_spanish(g):
    from rulesdsl.translate import translate_file
    es = translate_file(RESERVA, "es")
    assert "es posible colocar torre en C" in es


# --- triggers inside an all-or-nothing block ------------------------------------------------------

def test_a_trigger_that_falls_short_does_not_undo_the_action_that_set_it_off(g):
    game = _game(g)
    game.apply_id("norte.ocupar")
    s = game.s
    assert s.board["leste"] == {"norte.soldado": 1, "sul.soldado": 6}     # Sul had 6, not 9
    assert not any(e["t"] == "action_undone" for e in game.log)


# --- reach ----------------------------------------------------------------------------------------

def test_a_reach_below_the_minimum_warns_and_still_plays(g):
    game = Game(g, ["norte", "sul"], seed=2, log=True)
    assert len(game.warnings) == 1 and "6" in game.warnings[0] and "4" in game.warnings[0]
    assert game.log[0]["t"] == "warning" and game.log[0]["code"] == "G.reach_low"
    assert "alcance" in describe_event(game, game.log[0], "pt")
    assert not game.is_terminal()
