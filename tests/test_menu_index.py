"""What a game cannot use costs it nothing (issue 11): the menus leave out the actions the game
cannot enable (a card's action whose card the game has not; a requirement asking for pieces of
a kind the game has no supply of), the hook index the hooks of cards it has not, and the
prohibitions' memo keys on what the present factions' conditions read. None of it changes a
game: the same seeds play the same games with and without the index."""
import json

from rulesdsl.interpreter import card_scope, hooks, menu_index, proofs
from rulesdsl.interpreter.engine import Game
from random_play import play_some

BASE4 = ["marqueses", "rapinas", "alianca", "malandro"]


def _game(root, factions, seed=0):
    return Game(root, factions, seed)


def _play(gdef, factions, seed, limit, log=False):
    game = Game(gdef, factions, seed, log=log)
    play_some(game, seed, limit)
    return game


def test_an_absent_factions_window_action_and_a_card_not_in_the_deck_are_never_asked(root_def):
    g = root_def
    game = _game(g, BASE4)
    never = menu_index.never_enabled(g, game.s)
    # Corvid Conspiracy's exposure asks for face-down plots (no supply: the Corvids are not
    # seated); the Exiles and Partisans cards are not in the base deck
    assert "exposicao" in never
    assert "agencia_de_propaganda" in never
    # what the game has stays: a base card's action, the dominance actions, the factions' own
    assert not never & {"coletor_de_impostos", "decifradores", "ativar_dominio", "tomar_dominio",
                        "batalha", "mover", "marqueses.erguer", "malandro.explorar"}
    seated = menu_index.never_enabled(g, _game(g, ["corvideos", "marqueses", "rapinas"]).s)
    assert "exposicao" not in seated


def test_the_menu_does_not_evaluate_what_cannot_apply(root_def, monkeypatch):
    g = root_def
    asked = []
    act = g.actions["exposicao"]
    real = act.requires
    monkeypatch.setattr(act, "requires", lambda ctx: asked.append(ctx.me) or real(ctx))
    _play(g, BASE4, 1, 200)
    assert asked == []
    _play(g, ["corvideos", "marqueses", "rapinas"], 1, 60)
    assert asked      # with the Corvids seated, every phase start asks it


def test_a_cards_hooks_only_in_games_that_have_the_card(root_def):
    g = root_def
    s = _game(g, BASE4).s
    cards = card_scope.game_cards(g, s)
    for ev in g.triggers:
        for phase in (None, "amanhecer", "dia", "anoitecer"):
            for h in hooks._hooks_for(g, ev, phase, None, s.seats, (cards, None)):
                assert h.card is None or h.card in cards
    # a base card's hook is there (Stand and Deliver at Birdsong), an Exiles one is not
    at_dawn = hooks._hooks_for(g, "phase_start", "amanhecer", None, s.seats, (cards, None))
    named = {h.card for h in at_dawn if h.card is not None}
    assert "a_bolsa_ou_a_vida" in named
    assert "sabotadores" not in named


def test_the_same_games_with_and_without_the_index(root_def, monkeypatch):
    def logs():
        return [json.dumps(_play(root_def, f, seed, 400, log=True).log, sort_keys=True, default=str)
                for f, seed in ((BASE4, 2),)]
    with_index = logs()
    monkeypatch.setattr(menu_index, "_never", lambda g, s, m=None: ())
    monkeypatch.setattr(card_scope, "game_cards", lambda g, s: frozenset(g.cards))
    monkeypatch.setattr(proofs, "game_cards", lambda g, s: frozenset(g.cards))
    monkeypatch.setattr(proofs, "prove", lambda g, s: None)      # and nothing proved (proofs.py)
    memos = ("_never_enabled", "_menu_ids", "_hook_index", "_proofs", "_proof_scope")
    for attr in memos:
        root_def.__dict__.pop(attr, None)
    for d in root_def.derived.values():
        d._live = None
    try:
        assert logs() == with_index
    finally:
        for attr in memos:
            root_def.__dict__.pop(attr, None)
        for d in root_def.derived.values():
            d._live = None


def test_an_edge_kind_no_rule_or_map_of_the_game_makes_is_never_asked(root_def):
    # C.3.3's window action needs a closed path: only the Mountain map prints them, and no rule
    # makes one (`ligue ... por caminho` makes paths); on the other maps it is never offered
    g = root_def
    assert menu_index.required_edges(g, g.actions["remover_caminho_fechado"]) == {"caminho_fechado"}
    assert "caminho_fechado" not in g.linked_edge_kinds
    autumn = Game(g, BASE4, 0, map_id="outono")
    mountain = Game(g, BASE4, 0, map_id="montanha")
    assert "remover_caminho_fechado" in menu_index.never_enabled(g, autumn.s, autumn.m)
    assert "remover_caminho_fechado" not in menu_index.never_enabled(g, mountain.s, mountain.m)
    # without the map nothing is said about edges
    assert "remover_caminho_fechado" not in menu_index.never_enabled(g, autumn.s)
