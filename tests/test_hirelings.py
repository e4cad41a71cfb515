"""Hirelings (Root Law appendix E; interpreter/hirelings.py): factions without a seat, from
rulesets/root/capangas/. The rules of each card are scenarios (tests/cenarios/root_capangas.yaml);
here the engine's part: the A.6 deal, exclusions, copies, saves, and a few random games."""
import pytest

from rulesdsl.interpreter.engine import Game, RulesetError
from rulesdsl.interpreter.hirelings import CTL
from rulesdsl.interpreter.invariants import fingerprint

from random_play import play_to_the_end

OTHERS = ["corvideos", "alianca", "malandro", "ducado"]


@pytest.fixture(scope="module")
def root(root_def):
    return root_def


def test_a_hireling_is_never_a_seat(root):
    assert set(root.hirelings) >= {"patrulha", "medicos", "dinastia", "nobres"}
    with pytest.raises(RulesetError):
        Game(root, ["patrulha", "alianca"], 0)


def test_a_faction_cannot_be_played_with_its_hireling(root):
    # A.6.5
    with pytest.raises(RulesetError):
        Game(root, ["marqueses", "alianca"], 0, hirelings=["patrulha"])
    with pytest.raises(RulesetError):
        Game(root, ["rapinas", "alianca"], 0, hirelings=["nobres"])


def test_the_deal_demotes_by_number_of_players(root):
    # A.6.1-A.6.2: with 4 players 2 of the cards dealt are demoted; with 2, none
    def sides(game):
        return sorted(root.hirelings[h].side for h in game.s.hired)
    for seed in range(2):
        g4 = Game(root, OTHERS, seed, setup="avancada", hirelings="deal")
        assert sides(g4) == ["demoted", "demoted", "promoted"]
        assert len({root.hirelings[h].card for h in g4.s.hired}) == 3
        g2 = Game(root, ["corvideos", "alianca"], seed, setup="avancada", hirelings="deal")
        assert sides(g2) == ["promoted"] * 3
    # without asking for them (A.6 is "em consenso"), no hireling
    assert Game(root, OTHERS, 0, setup="avancada").s.hired == ()


def test_the_draft_leaves_out_the_factions_of_the_hirelings(root):
    # A.6.5 with the draft (A.8): no seat takes a faction a hireling in play excludes
    for seed in range(4):
        game = Game(root, 3, seed, setup="avancada", hirelings="deal")
        while game.s.round == 0 and game.pending is not None:
            game.apply(0)
        gone = {root.hirelings[h].excludes for h in game.s.hired}
        assert game.s.hired and not gone & set(game.s.seats)


def test_clone_save_and_load_keep_hirelings_and_control(root):
    game = Game(root, OTHERS, 3, hirelings=["patrulha", "dinastia"])
    n = 0
    while not any(game.s.flags.get((CTL, h)) for h in game.s.hired):
        game.apply(n % len(game.legal_actions()))
        n += 1
    copy = game.clone()
    assert copy.s.hired == game.s.hired and fingerprint(copy) == fingerprint(game)
    again = Game.load(root, game.save())
    assert fingerprint(again) == fingerprint(game)
    assert {h: again.s.flags.get((CTL, h)) for h in again.s.hired} == \
        {h: game.s.flags.get((CTL, h)) for h in game.s.hired}


@pytest.mark.parametrize("seed,seats,hired", [
    (4, OTHERS, ["patrulha", "dinastia"]),
    (0, ["marqueses", "rapinas", "alianca", "malandro"], ["sentinelas", "guarda_costas", "contrabandistas"])])
def test_random_four_player_games_with_hirelings(root, seed, seats, hired):
    game = Game(root, seats, seed, hirelings=hired, log=True)
    play_to_the_end(game, seed, 20_000, label=f"hirelings {hired} seed {seed}")
    assert any(e["t"] == "hireling_control" for e in game.log)


def test_random_advanced_setup_game_with_dealt_hirelings(root):
    game = Game(root, OTHERS, 1, setup="avancada", hirelings="deal", log=True)
    play_to_the_end(game, 1, 20_000, label="advanced setup with hirelings")
    assert any(e["t"] == "hireling_control" for e in game.log)
