"""An item a correction gives comes from the items' supply (mapping `suprimento_de_itens:`),
where a crafted item comes from (4.1.2), not from the box of pieces out of play nor from a
ruin (winter_tournament_r1g3 l. 31 took the bag of the ruin of 11; r1g2 l. 33 found no tea in
the box and gave none)."""
from rulesdsl.rootlog.notation import parse

# Mountain: the Harrier (coin, torch, crossbow, sword: no hammer) crafts a tea in clearing 10;
# the engine cannot, and the line is corrected
RECORD = ("Map: Mountain\nDeck: Standard\nC: Edu\nV: Billy\n"
          "C:t_k->1/w->1+2+4+5+6+7+8+9+10+11+12/b_s+b_w->1/b_r->9\nV:#harrier->$/p->10_11_12\n"
          "C:t->1/#->C\n"
          "V:p->10/Z%t/++2/#->V\n"
          "C:t->1/#->C\n")
SUPPLY, SATCHEL = "suprimento_de_itens", "malandro.mochila"


def test_the_corrected_craft_takes_its_item_from_the_items_supply(root_def, mapping):
    """Position: the Harrier's `Z%t` in l. 8, no hammer to craft with. Result: the correction
    moves one tea from the items' supply (two there, one left) into the satchel; the pieces
    out of play keep theirs."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog.replay import Replayer
    res = Replayer(root_def, parse(RECORD), mapping, tolerant=True).run()
    craft = [c for c in res.corrections if c.line == 8 and c.raw == "Z%t"]
    assert len(craft) == 1 and craft[0].missing == 0
    assert craft[0].edits == [["zone_piece", SUPPLY, SATCHEL, "cha", 1, 0]]
    s = res.game.s
    fresh = Game(root_def, ["marqueses", "malandro"], seed=1, map_id="montanha")
    assert s.piece_zones[SUPPLY]["cha"] == fresh.s.piece_zones[SUPPLY]["cha"] - 1
    assert s.supply.get("cha", 0) == fresh.s.supply.get("cha", 0)
    assert s.piece_zones[SATCHEL]["cha"] == 1


def test_the_mapping_names_a_zone_of_the_ruleset(root_def, mapping):
    """`suprimento_de_itens:` is a zone of the ruleset (mapping_values.py checks it)."""
    assert mapping.item_supply in root_def.global_zones
