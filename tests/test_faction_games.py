"""The series of random games `benchmarks/faction_games.py` plays (the faction ids come from the
command line, the others from the ruleset): each given faction sits in every seat, meets other
factions, on every map and with every deck, within a few hundred games."""
import importlib.util
import os

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location(
    "faction_games", os.path.join(HERE, "benchmarks", "faction_games.py"))
fg = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fg)

OTHERS = ["a", "b", "c", "d", "e", "f", "g"]


def test_each_faction_in_every_seat_map_and_deck():
    focus = ["c", "f"]
    games = list(fg.setups(300, focus, OTHERS, ["m1", "m2", "m3"], ["d1", "d2"], 4))
    assert len(games) == 300
    for f in focus:
        mine = [(fs, m, d) for i, fs, m, d in games if focus[i % len(focus)] == f]
        seats = {fs.index(f) for fs, _, _ in mine}
        assert seats == {0, 1, 2, 3}
        assert {m for _, m, _ in mine} == {"m1", "m2", "m3"}
        assert {d for _, _, d in mine} == {"d1", "d2"}
    for _, fs, _, _ in games:
        assert len(fs) == 4 and len(set(fs)) == 4
    # the focus alternates, and the others come from the rest (the other focus included)
    assert games[0][1].count("c") == 1 and "c" in games[0][1] and "f" in games[1][1]
    assert any("c" in fs and "f" in fs for _, fs, _, _ in games)


def test_the_series_is_the_same_every_time():
    a = list(fg.setups(40, ["b"], OTHERS, ["m"], ["d"], 3))
    assert a == list(fg.setups(40, ["b"], OTHERS, ["m"], ["d"], 3))
