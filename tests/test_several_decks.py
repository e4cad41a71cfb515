"""Several decks (N16): each deck of tests/games/leilao names its draw pile, its discard pile,
the zone it is drawn into and whether it reshuffles; a draw names its deck."""
import random
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.errors import RulesError
from rulesdsl.interpreter.engine import Game

GAME = Path(__file__).parent / "games" / "leilao" / "jogo.yaml"


def _cards(game, zone):
    return [game.s.card_defs[c] for c in game.s.zones.get(zone, [])]


def _play(seed):
    g = rulesdsl.load(str(GAME))
    game = Game(g, ["norte", "sul"], seed=seed, log=True)
    r = random.Random(seed)
    while not game.is_terminal():
        game.apply(r.choice(game.legal_actions()))
    return game


def test_each_deck_starts_in_its_own_draw_pile():
    g = rulesdsl.load(str(GAME))
    game = Game(g, ["norte", "sul"], seed=0)
    lots = _cards(game, "monte_de_lotes") + _cards(game, "norte:mão") + _cards(game, "sul:mão")
    assert sorted(lots) == ["quadro"] * 2 + ["vaso"] * 4
    coins = _cards(game, "cofre") + _cards(game, "norte:bolsa") + _cards(game, "sul:bolsa")
    assert coins == ["moeda"] * 6


def test_a_draw_from_a_named_deck_goes_to_that_decks_hand():
    for seed in range(5):
        game = _play(seed)
        for f in ("norte", "sul"):
            assert set(_cards(game, f"{f}:mão")) <= {"vaso", "quadro"}
            assert set(_cards(game, f"{f}:bolsa")) <= {"moeda"}


def test_a_discarded_card_goes_to_the_discard_pile_of_its_deck():
    seen = 0
    for seed in range(8):
        game = _play(seed)
        # lots do not reshuffle: every lot sold stays in its own discard pile
        sold = _cards(game, "lotes_vendidos")
        assert set(sold) <= {"vaso", "quadro"}
        assert set(_cards(game, "moedas_gastas")) <= {"moeda"}
        discarded = [e["card"] for e in game.log if e["t"] in ("discard", "spend")]
        assert len(sold) == sum(1 for c in discarded if game.s.card_defs[c] != "moeda")
        seen += len(sold)
    assert seen > 0


def test_all_cards_are_kept():
    for seed in range(3):
        game = _play(seed)
        total = sum(len(v) for v in game.s.zones.values())
        assert total == 12


def test_a_draw_from_something_that_is_not_a_deck_is_an_error(tmp_path):
    text = GAME.read_text(encoding="utf-8").replace(
        "        - compre 1 carta de moedas\n", "        - compre 1 carta de bolsa\n", 1)
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as exc:
        rulesdsl.load(str(tmp_path))
    assert any(d.code == "C020" for d in exc.value.diagnostics)


def test_a_deck_pile_that_is_not_a_zone_is_an_error(tmp_path):
    text = GAME.read_text(encoding="utf-8").replace("pilha_de_descarte: moedas_gastas",
                                                    "pilha_de_descarte: moedas_gasta", 1)
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(RulesError):
        rulesdsl.load(str(tmp_path))


def test_a_game_deck_without_named_piles_among_several_zones_is_an_error(tmp_path):
    """The hand, draw and discard zones are guessed only where one zone fits: here two hidden
    card zones could be the game's draw pile, so the data must name it (M101 at `baralho:`)."""
    text = GAME.read_text(encoding="utf-8")
    for line in ("    pilha_de_compra: monte_de_lotes\n", "    pilha_de_descarte: lotes_vendidos\n",
                 "    mão: mão\n", "    reembaralha: não\n"):
        assert text.count(line) == 1
        text = text.replace(line, "")
    folder = tmp_path / "leilao"
    folder.mkdir()
    (folder / "jogo.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as e:
        rulesdsl.load(str(folder / "jogo.yaml"))
    draw, discard = [d for d in e.value.diagnostics if d.code == "M101"]
    assert (draw.args["role"], draw.args["known"]) == ("pilha_de_compra", "monte_de_lotes, cofre")
    assert (discard.args["role"], discard.args["known"]) == ("pilha_de_descarte",
                                                             "lotes_vendidos, cofre, moedas_gastas")
    line = text[:text.index("  baralho: lotes")].count("\n") + 1
    assert (draw.pos.line, draw.pos.col) == (line, 12)
    assert "`pilha_de_compra: ...`" in draw.message()


def test_root_names_the_piles_of_its_decks():
    """Root's decks say where they are drawn from, discarded to and drawn into (no guess)."""
    for rs in ("root", "root-es"):
        g = rulesdsl.load(str(Path(__file__).parent.parent / "rulesets" / rs))
        for did in ("base", "exilados"):
            p = g.deck_piles[did]
            assert (p.draw, p.discard, p.hand, p.reshuffle) == ("baralho", "descarte", "mao", True)
