"""`vitória:` conditions declared in data are checked by the engine (a generic primitive)."""
import random

import rulesdsl
from rulesdsl.interpreter.engine import Game

from pathlib import Path

GAME = Path(__file__).parent / "games" / "conquista" / "jogo.yaml"


def _variant(tmp_path, extra):
    text = GAME.read_text(encoding="utf-8").replace("  pontos_para_vencer: 5\n", "")
    (tmp_path / "jogo.yaml").write_text(text + extra, encoding="utf-8")
    return rulesdsl.load(str(tmp_path))


def test_a_condition_without_phase_is_checked_at_the_end_of_each_turn(tmp_path):
    g = _variant(tmp_path, "vitória:\n  - condição: número de vales governados por você >= 3\n")
    winners = 0
    for seed in range(20):
        game = Game(g, ["azuis", "vermelhos"], seed=seed)
        r = random.Random(seed)
        while not game.is_terminal():
            game.apply(r.choice(game.legal_actions()))
        if game.winners():
            (w,) = game.winners()
            # whoever won rules at least 3 valleys at that moment
            from rulesdsl.interpreter.runtime import ruler
            ruled = [sp for sp in game.m.space_ids if ruler(game.ctx, sp) == w]
            assert len(ruled) >= 3
            winners += 1
    assert winners > 0


def test_a_condition_that_never_holds_gives_no_winner(tmp_path):
    g = _variant(tmp_path, "vitória:\n  - condição: número de vales governados por você >= 9\n")
    game = Game(g, ["azuis", "vermelhos"], seed=1)
    r = random.Random(1)
    while not game.is_terminal():
        game.apply(r.choice(game.legal_actions()))
    assert game.winners() == []
