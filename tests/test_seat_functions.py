"""Seat functions (N12): the player after / before a player and the neighbours, in seat
order and round the table, in PT and ES."""
import random
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.interpreter.engine import Game

GAME = Path(__file__).parent / "games" / "leilao" / "jogo.yaml"
FINAL = "    - receba (número de cartas na sua bolsa) pontos\n"


def _variant(tmp_path, phrase):
    text = GAME.read_text(encoding="utf-8")
    assert FINAL in text
    text = text.replace(FINAL, f"    - receba (número de cartas na mão de ({phrase} de você)) pontos\n")
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    return rulesdsl.load(str(tmp_path))


@pytest.mark.parametrize("phrase", ["o jogador depois", "o jogador antes",
                                    "o vizinho à esquerda", "o vizinho à direita"])
def test_with_two_seats_each_function_names_the_other_player(tmp_path, phrase):
    g = _variant(tmp_path, phrase)
    for seed in range(3):
        game = Game(g, ["norte", "sul"], seed=seed, log=True)
        r = random.Random(seed)
        while not game.is_terminal():
            game.apply(r.choice(game.legal_actions()))
        i = next(i for i, e in enumerate(game.log) if e["t"] in ("game_end", "round_limit"))
        got = {e["by"]: e["n"] for e in game.log[i:] if e["t"] == "score"}
        other = {"norte": "sul", "sul": "norte"}
        for f in ("norte", "sul"):
            assert got.get(f, 0) == len(game.s.zones[f"{other[f]}:mão"])


def test_round_the_table_with_three_seats(tmp_path):
    from rulesdsl.compiler import _SEAT_STEP
    g = rulesdsl.load(str(GAME))
    game = Game(g, ["norte", "sul"], seed=0)
    game.s.seats = ["norte", "sul", "leste"]
    assert _SEAT_STEP["next_player"] == _SEAT_STEP["left_neighbour"] == 1
    assert _SEAT_STEP["previous_player"] == _SEAT_STEP["right_neighbour"] == -1
    from rulesdsl.compiler import compile_call
    from rulesdsl import nodes as N
    cc = g._cc(None, None, "pt")
    for fn, me, want in (("next_player", "leste", "norte"), ("previous_player", "norte", "leste"),
                         ("left_neighbour", "norte", "sul"), ("right_neighbour", "sul", "norte")):
        node = N.Call(fn=fn, args=[N.Me()])
        f, _ = compile_call(cc, node)
        assert f(game.ctx.child(me=me, env={})) == want
