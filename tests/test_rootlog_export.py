"""`rulesdsl rootlog exportar` (rulesdsl/rootlog/export*.py): a game played in rulesdsl written
in the Rootlog notation. Round trips (the export read back by the importer replays the game)
for short random games, the events beyond pieces, points and cards one by one (item states,
battles, plots, shown cards), the same text for the same saved game, and the error for what
the mapping cannot name."""
import json
import random

import pytest

from rulesdsl.rootlog.notation import parse

from rootlog_play import played


_played = played


def _pieces(g):
    """The factions' pieces on the map (the items under the ruins are not recorded)."""
    return {(sp, k): n for sp, ks in g.s.board.items() for k, n in ks.items() if n and "." in k}


# -- round trips: exported, imported, the same game ------------------------------------------------

# (factions, map, deck, seed, turns): a game cut after its first turns (what was played is
# exported). The longer games and the ten factions: docs/rootlog.md, "Exportar".
ROUND_TRIPS = [
    (["marqueses", "rapinas", "alianca", "malandro"], "outono", "base", 2, 6),
    (["lagartos", "ribeirinhos", "ducado", "corvideos"], "inverno", "exilados", 3, 5),
    (["corvideos", "malandro", "lagartos", "centenas"], "montanha", "base", 4, 4),
]


@pytest.mark.parametrize("factions,map_id,deck_id,seed,turns", ROUND_TRIPS,
                         ids=["base-factions-fall", "exiles-factions-winter", "hundreds-mountain"])
def test_a_game_exported_and_imported_replays_to_the_same_board_and_scores(
        root_def, mapping, factions, map_id, deck_id, seed, turns):
    from rulesdsl.rootlog.export import export_game
    from rulesdsl.rootlog.replay import Replayer
    game = _played(root_def, factions, seed, map_id, deck_id, turns)
    text = export_game(game, mapping)
    res = Replayer(root_def, parse(text), mapping).run()
    assert res.stop is None, (res.stop, text)
    assert res.blocks_done == res.blocks_total
    assert res.actions_matched == res.actions_checked
    assert _pieces(res.game) == _pieces(game)
    assert res.scores == game.scores()


def test_the_same_saved_game_gives_the_same_text_byte_for_byte(root_def, mapping):
    """Exported from the game, then from its save loaded back (what the command reads)."""
    from rulesdsl.rootlog.export import export_game
    from rulesdsl.rootlog.saved import load_saved
    game = _played(root_def, ["lagartos", "ribeirinhos", "ducado", "corvideos"], 3, "inverno", "exilados", 5)
    saved = json.loads(json.dumps(game.save()))
    again = load_saved(root_def, saved, log=True)
    assert export_game(again, mapping) == export_game(game, mapping)


# -- one event at a time ---------------------------------------------------------------------------

def test_item_states_exhausted_refreshed_damaged_repaired(mapping):
    """The Vagabond exhausts a boot to move (`%f->e`), the Marquise's ambush damages its sword
    (`%s->d`, on the Marquise's turn `V$` says whose), it refreshes two boots and repairs the
    sword (back to the satchel)."""
    from rulesdsl.rootlog.export_events import item_state
    letters = mapping.letters
    bag = mapping.item_zones["V"]

    def st(status, on, n=1, item="bota"):
        return {"t": "status", "by": "malandro", "status": status, "on": on, "pieces": [(bag, item, n)]}
    assert item_state(st("exaurido", True), mapping, letters, "malandro") == "%f->e"
    assert item_state(st("danificado", True, item="espada"), mapping, letters, "marqueses") == "%sV$->d"
    assert item_state(st("exaurido", False, 2), mapping, letters, "malandro") == "2%fe->r"
    assert item_state(st("danificado", False, item="espada"), mapping, letters, "malandro") == "%sd->s"
    assert item_state({"t": "draw"}, mapping, letters, "malandro") is None


def test_a_battle_is_written_with_its_defender_clearing_and_ambushes(root_def, mapping):
    """The Marquise battles the Eyrie in 5: the Eyrie ambushes with a bird card, the Marquise
    counters with a mouse one; the hits that follow say nothing more (`XE5B@M@`), and the two
    cards are written in the battle only."""
    from rulesdsl.rootlog.export_events import Battle, ambush_suit, battle_actions
    assert battle_actions(root_def)               # the battle action: roles attacker, defender
    defs = list(mapping.cards_by_suit["@"]["B"][:1] + mapping.cards_by_suit["@"]["M"][:1])
    b = Battle("marqueses")
    for i, by in enumerate(("rapinas", "marqueses")):
        b.ambush(by, ambush_suit({"t": "spend", "by": by, "card": i}, mapping, defs))
    assert b.see({"t": "roll", "by": "marqueses", "result": [2, 1]})
    b.see({"t": "remove", "space": "c5", "kind": "rapinas.guerreiro", "owner": "rapinas",
           "count": 2, "by": "marqueses"})
    from rulesdsl.rootlog.export import _place
    assert b.text(mapping, mapping.letters, "marqueses", _place) == "XE5B@M@"
    assert b.see({"t": "action", "faction": "marqueses", "action": "mover"}) is False
    # on the Eyrie's turn the attacker is named
    assert b.text(mapping, mapping.letters, "rapinas", _place) == "CXE5B@M@"


def test_a_battle_without_removals_is_placed_by_who_is_where_or_said_in_a_comment(mapping):
    from rulesdsl.rootlog.export import _place
    from rulesdsl.rootlog.export_events import Battle
    # the Alliance and the Marquise share only clearing 7: that is where the battle was
    b = Battle("alianca")
    b.settle({"c7": {"alianca": 1, "marqueses": 2}, "c8": {"alianca": 2}, "c9": {"rapinas": 1}})
    assert b.text(mapping, mapping.letters, "alianca", _place) == "XC7"
    # two clearings with enemies: the log does not say which one
    b = Battle("alianca")
    b.settle({"c7": {"alianca": 1, "marqueses": 2}, "c9": {"alianca": 1, "rapinas": 1}})
    assert b.text(mapping, mapping.letters, "alianca", _place) is None


def test_plots_placed_face_down_and_flipped_and_cards_shown(mapping):
    """The Corvids' plot in 4 is flipped face up on the Marquise's turn (`Pt4^t_r`), two plots
    trade places (`t12<->t4`); the Duchy
    shows a rabbit and a bird card to sway (`(B+R)#^`), the Lizards a mouse card to the Corvids
    (`M#^P`)."""
    from rulesdsl.rootlog.export import _place, _reverse
    from rulesdsl.rootlog.export_events import flip, reveal
    rev, letters = _reverse(mapping), mapping.letters
    ev = {"t": "flip", "space": "c4", "kind": "corvideos.ataque", "from": "corvideos.trama",
          "owner": "corvideos", "count": 1, "by": "marqueses"}
    assert flip(ev, rev, mapping, letters, "marqueses", _place) == "Pt4^t_r"
    assert flip(ev, rev, mapping, letters, "corvideos", _place) == "t4^t_r"
    # a trick: the two plots trade places, logged as two moves
    from rulesdsl.rootlog.export_events import trick
    pending = []
    mv = {"t": "move", "from": "c12", "to": "c4", "kind": "corvideos.trama", "owner": "corvideos",
          "count": 1, "by": "corvideos", "swap": True}
    assert trick(mv, pending, rev, mapping, "corvideos", _place) == ""
    back = dict(mv, **{"from": "c4", "to": "c12"})
    assert trick(back, pending, rev, mapping, "corvideos", _place) == "t12<->t4"
    from rulesdsl.rootlog.notation import parse_action
    assert parse_action("t12<->t4").kind == "trick"
    suits = {1: "R", 2: "B", 3: "M"}
    shown = {"t": "reveal", "by": "ducado", "cards": [1, 2], "to": None}
    assert reveal(shown, mapping, letters, "ducado", suits.get) == "(B+R)#^"
    shown = {"t": "reveal", "by": "lagartos", "cards": [3], "to": "corvideos"}
    assert reveal(shown, mapping, letters, "lagartos", suits.get) == "M#^P"
    assert reveal(shown, mapping, letters, "corvideos", suits.get) == "M#L^P"


def test_a_faction_the_mapping_does_not_name_is_an_error_not_a_missing_line(root_def, mapping):
    """Every faction of the game needs a Rootlog letter: one error names all that lack one, in
    the user's language."""
    from rulesdsl.cli import CliError
    from rulesdsl.errors import format_message
    from rulesdsl.rootlog.export import export_game
    game = _played(root_def, ["marqueses", "rapinas"], 1, "outono", "base", 0)
    letters = dict(mapping.letters)
    try:
        del mapping.letters["rapinas"]
        with pytest.raises(CliError) as exc:
            export_game(game, mapping, "es")
    finally:
        mapping.letters.clear()
        mapping.letters.update(letters)
    assert exc.value.code == "CLI180"
    text = format_message("CLI180", "es", exc.value.args_)
    assert "rapinas" in text and "no tiene letra" in text


def test_a_card_taken_from_another_hand_to_a_board_is_written_from_the_turns_point_of_view(mapping):
    """Outrage on the Marquise's turn: a card of her hand goes to the Alliance's supporters. `$`
    alone would be the Marquise's board; the line says `C->A$`."""
    from rulesdsl.rootlog.export import _action, _reverse
    held = {7: "C"}
    ev = {"t": "add", "by": "alianca", "card": 7, "zone": mapping.boards["A"][""]}
    out = _action(ev, "add", _reverse(mapping), mapping, mapping.letters, "marqueses",
                  lambda c: "R#x", held)
    assert out == "R#xC->A$"


def test_a_price_marker_is_written_when_it_moves(mapping):
    """The Riverfolk set their card price to 3 (`$_h->3`, `O$_h->3` on another's turn); set to 3
    again, the marker does not move and nothing is written."""
    from rulesdsl.rootlog.export_events import counter
    key = mapping.counters["O"]["h"]
    values = {}
    ev = {"t": "set", "by": "ribeirinhos", "counter": key, "value": 3}
    assert counter(ev, mapping, mapping.letters, "ribeirinhos", values) == "$_h->3"
    assert counter(ev, mapping, mapping.letters, "ribeirinhos", values) == ""
    ev = dict(ev, value=2)
    assert counter(ev, mapping, mapping.letters, "marqueses", values) == "O$_h->2"


# -- the Marquise and the Eyrie, three turns: the cases the first round trips missed -------------

@pytest.mark.parametrize("seed", [10, 1, 9],
                         ids=["overwork-with-a-bird-card", "turmoil-commander",
                              "turmoil-after-a-card-put-in-a-vizier-column"])
def test_marquise_and_eyrie_opening_round_trips(root_def, mapping, seed):
    """Seed 10: the Marquise overworks with a bird card (`B#armorC->/t->2`), which the search
    first matched as a bird card spent for an extra action (the overwork is two decisions
    deeper; the search looks there when the line cannot be matched otherwise). Seeds 1 and 9:
    the Eyrie falls into turmoil; the new leader is written by name (`#charismatic->$`), its
    viziers are not (the notation leaves them out, as players do), and the replay takes the
    leader the line names, not another whose viziers fit the columns as well. In seed 9 the
    line puts a card in the Build column beside a vizier and discards it in the turmoil
    (`B#sapE->$_b ... B#sap$_b->`): the card came from the hand (the vizier is never swapped
    for it), and the new leader's vizier lands in a column the line put a card on and took it
    off again."""
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.rootlog.export import export_game
    from rulesdsl.rootlog.replay import Replayer
    game = Game(root_def, ["marqueses", "rapinas"], seed=seed, log=True)
    r = random.Random(1)
    while game.s.turn_no < 4:
        game.apply(r.randrange(len(game.legal_actions())))
    text = export_game(game, mapping)
    assert "vizir" not in text
    res = Replayer(root_def, parse(text), mapping).run()
    assert res.stop is None, (res.stop, text)
    assert res.blocks_done == res.blocks_total
    assert _pieces(res.game) == _pieces(game)
    assert res.scores == game.scores()
    leader = [res.game.s.card_defs[c] for c in res.game.s.zones.get("rapinas.lider", [])]
    assert leader == [game.s.card_defs[c] for c in game.s.zones.get("rapinas.lider", [])]
