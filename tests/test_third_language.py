"""A third language is one lexicon file (issue 2 §7): English, from tests/lexicon_en/."""
import os
import random

import pytest

import rulesdsl
from rulesdsl import lexicon
from rulesdsl.model import load_ruleset
from rulesdsl.printer import canonical_key, to_text
from rulesdsl.translate import neutral_data, translate_ruleset
from random_play import play_alike

HERE = os.path.dirname(os.path.abspath(__file__))
EN_DIR = os.path.join(HERE, "lexicon_en")
GAME = os.path.join(EN_DIR, "game")
CONQUISTA = os.path.join(HERE, "games", "conquista")


@pytest.fixture
def english():
    lexicon.add_lexicon_dir(EN_DIR)
    yield
    lexicon._EXTRA_DIRS.remove(EN_DIR)
    lexicon.get.cache_clear()
    lexicon.available.cache_clear()


def test_english_is_available(english):
    assert "en" in lexicon.available()
    en = lexicon.get("en")
    pt = lexicon.get("pt")
    assert set(en.words) == set(pt.words)     # every keyword of the language has an English word
    assert en.key_of("factions") == "factions" and en.spell_key("space_kinds") == "space_kinds"


def test_english_game_loads_and_compiles(english):
    env = rulesdsl.Environment()
    gd = env.load(GAME)
    assert not [d for d in env.diagnostics if d.severity == "error"]
    rs = load_ruleset(GAME)
    assert rs.files[0].lang == "en"
    assert rs.thing("faction", "azuis").names["en"] == ["Blues"]
    assert gd is not None


def test_english_expressions_mean_what_the_portuguese_ones_do(english):
    en = {e.path: canonical_key(e.tree, e.owner) for e in load_ruleset(GAME).expressions}
    pt = {e.path: canonical_key(e.tree, e.owner) for e in load_ruleset(CONQUISTA).expressions}
    assert en and en == pt


def test_play_a_game_in_english(english):
    env = rulesdsl.Environment()
    gd = env.load(GAME)
    game = env.new_game(gd, ["azuis", "vermelhos"], seed=2)
    rnd = random.Random(2)
    steps = 0
    while not game.is_terminal() and steps < 2000:
        game.apply(rnd.randrange(len(game.legal_actions())))
        steps += 1
    assert game.is_terminal()
    assert max(game.scores().values()) > 0


def test_same_game_as_in_portuguese(english):
    env = rulesdsl.Environment()
    games = [env.new_game(env.load(p), ["azuis", "vermelhos"], seed=4) for p in (CONQUISTA, GAME)]
    play_alike(games, 4, 300)
    assert games[0].scores() == games[1].scores()


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_translate_english_game_and_back(english, lang, tmp_path):
    there = tmp_path / lang
    for rel, text in translate_ruleset(GAME, lang).items():
        there.mkdir(exist_ok=True)
        (there / rel).write_text(text, encoding="utf-8")
    original = load_ruleset(GAME)
    assert neutral_data(load_ruleset(str(there))) == neutral_data(original)
    back = tmp_path / "back"
    back.mkdir()
    for rel, text in translate_ruleset(str(there), "en").items():
        (back / rel).write_text(text, encoding="utf-8")
    assert neutral_data(load_ruleset(str(back))) == neutral_data(original)


def test_printer_writes_english(english):
    rs = load_ruleset(GAME)
    e = next(x for x in rs.expressions if x.path[-2:] == ("tarde", 0))
    assert to_text(e.tree, "en", rs.names_table("en")) == "for each valley V ruled by you: score one point"
