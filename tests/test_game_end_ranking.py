"""Game end and ranking (N14), on tests/games/leilao: `fim_da_partida:` ends the game when its
condition holds (even mid-action), runs the final scoring for each seat, ranks the seats by
the ranking values with ties broken in order, and `returns()` gives values by rank."""
import random
from pathlib import Path

import rulesdsl
from rulesdsl.interpreter import ending
from rulesdsl.interpreter.engine import Game

GAME = Path(__file__).parent / "games" / "leilao" / "jogo.yaml"
SEATS = ["norte", "sul"]


def _play(g, seed, log=True):
    game = Game(g, SEATS, seed=seed, log=log)
    r = random.Random(seed)
    while not game.is_terminal():
        game.apply(r.choice(game.legal_actions()))
    return game


def test_every_game_ends_with_a_ranking_and_zero_sum_returns():
    g = rulesdsl.load(str(GAME))
    for seed in range(6):
        game = _play(g, seed)
        ranks = game.s.ranking
        assert set(ranks) == set(SEATS)
        assert abs(sum(game.returns())) < 1e-9
        best = max(SEATS, key=lambda f: (game.s.counters[f"{f}:pontos"], len(game.s.zones[f"{f}:mão"])))
        assert ranks[best] == 1
        assert game.winners() == [f for f in SEATS if ranks[f] == 1]


def test_the_final_scoring_counts_the_coins_of_each_seat():
    g = rulesdsl.load(str(GAME))
    for seed in range(4):
        game = _play(g, seed)
        ev = [e for e in game.log if e["t"] == "ranking"][0]
        for f in SEATS:
            assert ev["values"][f][0] == game.s.counters[f"{f}:pontos"]
        # the coins still in a purse were scored after the end (the log's last score events)
        i = next(i for i, e in enumerate(game.log) if e["t"] in ("game_end", "round_limit"))
        gained = {f: 0 for f in SEATS}
        for e in game.log[i:]:
            if e["t"] == "score":
                gained[e["by"]] += e["n"]
        for f in SEATS:
            assert gained[f] == len(game.s.zones[f"{f}:bolsa"])


def _ranked(g, points, hands):
    game = Game(g, SEATS, seed=0)
    for f in SEATS:
        game.s.counters[f"{f}:pontos"] = points[f]
        game.s.zones[f"{f}:mão"] = list(range(hands[f]))
    ending.rank(game, game.ctx)
    return game


def test_a_tie_on_points_is_broken_by_the_cards_in_hand():
    g = rulesdsl.load(str(GAME))
    game = _ranked(g, {"norte": 3, "sul": 3}, {"norte": 1, "sul": 2})
    assert game.s.ranking == {"sul": 1, "norte": 2}
    assert game.returns() == [-1.0, 1.0]


def test_a_full_tie_shares_the_rank():
    g = rulesdsl.load(str(GAME))
    game = _ranked(g, {"norte": 3, "sul": 3}, {"norte": 2, "sul": 2})
    assert game.s.ranking == {"norte": 1, "sul": 1}
    assert game.winners() == ["norte", "sul"]
    assert game.returns() == [0.0, 0.0]


def test_the_end_condition_cuts_an_action_short(tmp_path):
    # selling scores first and discards after: the first point ends the game at once, so
    # the lot sold is never discarded
    text = GAME.read_text(encoding="utf-8")
    sell = "      escolha uma carta K da sua mão\n      descarte K\n      receba 1 ponto\n"
    assert sell in text
    text = text.replace(sell, "      receba 1 ponto\n      escolha uma carta K da sua mão\n      descarte K\n", 1)
    text = text.replace("condição: pontos de você >= 3", "condição: pontos de você >= 1", 1)
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    g = rulesdsl.load(str(tmp_path))
    ended = 0
    for seed in range(6):
        game = _play(g, seed)
        if any(e["t"] == "game_end" for e in game.log):
            ended += 1
            assert game.s.zones["lotes_vendidos"] == []
            assert game.is_terminal() and game.s.ranking is not None
    assert ended > 0


def _ends(g, seeds):
    """Games of `g` that ended by the end condition: their logs."""
    out = []
    for seed in seeds:
        game = _play(g, seed)
        if any(e["t"] == "game_end" for e in game.log):
            out.append(game.log)
    return out


def test_a_condition_on_a_counter_ends_the_game_as_that_counter_changes(tmp_path):
    # "lance de você >= 2": the bid is set, then (no decision between) revealed on the last
    # seat's turn; the game ends as the bid is set, so nothing after it is played
    text = GAME.read_text(encoding="utf-8")
    text = text.replace("condição: pontos de você >= 3", "condição: lance de você >= 2", 1)
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    g = rulesdsl.load(str(tmp_path))
    assert g.ending.counters and "lance" in g.ending.counters
    logs = _ends(g, range(8))
    assert logs
    for log in logs:
        i = next(i for i, e in enumerate(log) if e["t"] == "game_end")
        assert log[i - 1]["t"] == "set" and log[i - 1]["value"] == 2


def test_a_condition_on_cards_ends_the_game_after_the_draw_that_makes_it_true(tmp_path):
    # "3 cards in hand": the lot is drawn, then a coin (no decision between); the game ends
    # after the lot, the coin is never drawn
    text = GAME.read_text(encoding="utf-8")
    text = text.replace("condição: pontos de você >= 3", "condição: número de cartas na sua mão >= 3", 1)
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    g = rulesdsl.load(str(tmp_path))
    assert g.ending.counters is None and "vz" not in (g.ending.parts or ())
    logs = _ends(g, range(8))
    assert logs
    for log in logs:
        i = next(i for i, e in enumerate(log) if e["t"] == "game_end")
        assert log[i - 1]["t"] == "draw"
