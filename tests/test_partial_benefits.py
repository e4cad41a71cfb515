"""A benefit taken in part ("receba até N", "compre até N", "posicione até N": the receiver
chooses 0 to N; Scythe, JOGABILIDADE: "ou parte dele") and who starts the game ("comece a
partida por J", only during setup), on the tiny generic game tests/games/miudezas."""
import pytest

from rulesdsl.interpreter.small_forms import TypedValueError

from test_primitives_miudezas import _errors, _game, _run, g  # noqa: F401  (the fixture)


def test_gain_up_to_n_asks_how_much_within_the_maximum(g):
    game = _game(g)
    assert _run(game, "receba até 2 pontos", "azuis", [1]) == [[0, 1, 2]]
    assert game.s.counters["azuis:pontos"] == 1
    _run(game, "receba 2 famas", "azuis")
    # fama: máximo 3, already 2: only 0 or 1 left to take
    assert _run(game, "receba até 2 famas", "azuis", [0]) == [[0, 1]]
    assert game.s.counters["azuis:fama"] == 2
    _run(game, "receba 1 fama", "azuis")
    assert _run(game, "receba até 2 famas", "azuis") == []          # full: nothing asked


def test_draw_and_place_up_to_n(g):
    game = _game(g)
    hand = len(game.s.zones["azuis:mão"])
    assert _run(game, "compre até 2 cartas", "azuis", [1]) == [[0, 1, 2]]
    assert len(game.s.zones["azuis:mão"]) == hand + 1
    before = game.s.count("norte", "azuis.soldado")
    asked = _run(game, "posicione até 3 soldados em Norte", "azuis", [2])
    assert asked and asked[0] == [0, 1, 2, 3]
    assert game.s.count("norte", "azuis.soldado") == before + 2


def test_up_to_on_a_loss_is_an_error(g):
    assert _errors(g, "perca até 2 pontos") == ["M171"]
    assert _errors(g, "receba até 2 pontos") == []


def test_who_starts_only_during_setup(g):
    game = _game(g)
    with pytest.raises(TypedValueError) as e:
        _run(game, "comece a partida por vermelhos", "azuis")
    assert e.value.code == "M172"
    game.s.round = 0
    _run(game, "comece a partida por vermelhos", "azuis")
    assert game.s.seats == ["vermelhos", "azuis"]
    _run(game, "empieza la partida por azules", "azuis", lang="es")
    assert game.s.seats == ["azuis", "vermelhos"]
