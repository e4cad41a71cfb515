"""Seats apart from factions (N12) and secret choices with hidden counters (N13), on
tests/games/leilao: roles chosen in setup from the last seat to the first, each set up at once;
a sealed bid (`escolha em segredo um:`, a hidden counter `lance`) revealed by `revele` in the
last player's turn. Observations, information state strings and per-player logs must not show a
bid to the others before the reveal."""
import json
import random
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.interpreter.engine import Game, RulesetError
from rulesdsl.interpreter.invariants import fingerprint
from rulesdsl.interpreter.observation import ViewLog

GAME = Path(__file__).parent / "games" / "leilao" / "jogo.yaml"
CHOICE = '''  escolha_de_facção:
    lei: "leilão 1"
    ordem: inversa
    entre: [norte, sul, leste]
'''


@pytest.fixture(scope="module")
def g():
    return rulesdsl.load(str(GAME))


def _variant(tmp_path, extra):
    text = GAME.read_text(encoding="utf-8")
    assert CHOICE in text
    (tmp_path / "jogo.yaml").write_text(text.replace(CHOICE, CHOICE + extra), encoding="utf-8")
    return rulesdsl.load(str(tmp_path))


# -- N12: seats ----------------------------------------------------------------------------------

def test_the_last_seat_chooses_first_and_sets_up_at_once(g):
    game = Game(g, 3, seed=4, log=True)
    assert game.factions == ["seat1", "seat2", "seat3"]
    assert game.current_player() == "seat3"
    assert game.legal_ids() == ["norte", "sul", "leste"]
    game.apply_id("leste")
    # Leste's setup ran before the next seat chooses (A.8.2): its two coins are in its purse
    assert len(game.s.zones["leste:bolsa"]) == 2
    assert game.current_player() == "seat2"
    assert game.legal_ids() == ["norte", "sul"]
    game.apply_id("norte")
    # one faction left: the first seat gets it without a decision
    assert game.factions == ["sul", "norte", "leste"]
    assert game.s.seats == ["sul", "norte", "leste"]
    assert "sul:mão" in game.s.zones and "seat1:mão" not in game.s.zones
    assert game.s.counters["sul:pontos"] == 0
    taken = [(e["seat"], e["faction"]) for e in game.log if e["t"] == "faction_taken"]
    assert taken == [("seat3", "leste"), ("seat2", "norte"), ("seat1", "sul")]


def test_factions_given_keep_todays_api(g):
    game = Game(g, ["norte", "sul"], seed=1)
    assert game.factions == ["norte", "sul"] and game.s.seats == ["norte", "sul"]
    assert all(not (e.get("t") == "decision" and e.get("kind") == "choose") for e in game.log)
    assert game.current_player() == "norte"


def test_a_game_without_a_faction_choice_needs_factions():
    conquista = rulesdsl.load(str(Path(__file__).parent / "games" / "conquista" / "jogo.yaml"))
    with pytest.raises(RulesetError):
        Game(conquista, 2)


def test_save_load_and_clone_with_seats(g):
    game = Game(g, 2, seed=3, log=True)
    rng = random.Random(3)
    for _ in range(12):
        game.apply(rng.randrange(len(game.legal_actions())))
    saved = json.loads(json.dumps(game.save()))
    assert saved["factions"] == 2
    back = Game.load(g, saved, log=True)
    assert fingerprint(back) == fingerprint(game) and back.log == game.log
    twin = game.clone()
    assert fingerprint(twin) == fingerprint(game)


def test_first_and_last_player(g, tmp_path):
    from rulesdsl import nodes as N
    from rulesdsl.compiler import compile_expr
    game = Game(g, ["norte", "sul"], seed=0)
    cc = g._cc(None, None, "pt")
    for noun, want in (("first_player", "norte"), ("last_player", "sul")):
        sel = N.Sel(quant=None, noun=N.Name(kind="builtin", ids=(noun,), text=noun), var=None, owner=None, filters=[])
        f, _ = compile_expr(cc, sel)
        assert f(game.ctx.child(me="sul", env={})) == want


def test_random_turn_order_is_a_dictatable_chance_event(tmp_path):
    text = GAME.read_text(encoding="utf-8").replace("  limite_de_rodadas: 6\n",
                                                    "  limite_de_rodadas: 6\n  ordem_de_turno: aleatória\n")
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    g = rulesdsl.load(str(tmp_path))
    game = Game(g, 3, seed=0, chance="dictated")
    assert game.is_chance_node()
    assert game.pending.kind == "chance:turn_order"
    game.dictate_order(["seat2", "seat3", "seat1"])
    while game.is_chance_node():          # the decks' shuffles
        game.apply(0)
    assert game.s.seats == ["seat2", "seat3", "seat1"]
    # the last seat in the drawn order chooses first
    assert game.current_player() == "seat1"
    plain = Game(g, ["norte", "sul", "leste"], seed=5, log=True)
    assert sorted(plain.s.seats) == ["leste", "norte", "sul"]
    assert plain.log[0]["t"] == "turn_order"


def test_dealt_factions_and_rules_on_choosing(tmp_path):
    g = _variant(tmp_path, "    sorteada: sim\n    ao_escolher:\n      - receba 1 ponto\n")
    game = Game(g, 2, seed=2, log=True)
    # nobody chose: both factions were dealt; each got its point when it took its faction
    assert not any(e["t"] == "decision" and e["kind"] == "choose" and e["player"].startswith("seat")
                   for e in game.log)
    assert all(game.s.counters[f"{f}:pontos"] == 1 for f in game.factions)
    fixed = Game(g, ["norte", "sul"], seed=2)
    assert fixed.s.counters["norte:pontos"] == fixed.s.counters["sul:pontos"] == 1


# -- N13: secret choices ---------------------------------------------------------------------------

def _to_second_bid(g, seed=0):
    """A game at Sul's bid: Norte bid first (secretly)."""
    game = Game(g, ["norte", "sul"], seed=seed, log=True, observe=["norte", "sul"])
    while not (game.current_player() == "sul" and game.pending.kind == "branch"):
        ids = game.legal_ids()
        game.apply(ids.index("2") if game.pending.kind == "branch" and "2" in ids else
                   (ids.index("1") if game.pending.kind == "branch" and "1" in ids else 0))
    return game


def test_a_secret_bid_is_hidden_until_revealed(g):
    game = _to_second_bid(g)
    bid = game.s.counters["norte:lance"]
    assert bid > 0
    sul = game.observation("sul")
    assert sul["counters"]["norte:lance"] == "?"
    assert game.observation("norte")["counters"]["norte:lance"] == bid
    # Norte's decision and the counter it set: "?" for Sul, plain for Norte
    mine = [e for e in game.views["norte"].events if e.get("t") == "decision" and e.get("secret")]
    theirs = [e for e in game.views["sul"].events if e.get("t") == "decision" and e.get("secret")]
    assert mine[-1]["choice"] == str(bid) and theirs[-1]["choice"] == "?"
    sets = [e for e in game.views["sul"].events if e.get("t") == "set"]
    assert sets[-1]["value"] == "?"
    text = game.information_state_string("sul")
    assert "uma escolha secreta" in text and f"fica com {bid} lance" not in text
    log = ViewLog(game, "sul", "pt").text()
    assert '"value":"?"' in log and '"choice":"?"' in log
    # Sul bids: the reveal in its turn (it is the last player) shows both bids to both
    game.apply_id("0")
    assert game.observation("sul")["counters"]["norte:lance"] == bid
    rev = [e for e in game.views["sul"].events if e.get("t") == "reveal_secrets"]
    assert rev and rev[-1]["values"]["norte:lance"] == bid
    theirs = [e for e in game.views["sul"].events if e.get("t") == "decision" and e.get("secret")]
    assert theirs[-2]["choice"] == str(bid)
    assert "uma escolha secreta" not in game.information_state_string("sul").split("--")[1].split("revela")[0]


def test_information_state_replayed_without_observers_hides_the_bid(g):
    game = _to_second_bid(g)
    plain = Game(g, ["norte", "sul"], seed=0, history=list(game.history))
    text = plain.information_state_string("sul")
    assert "uma escolha secreta" in text
    assert "norte:lance = ?" in text


def test_clone_at_a_secret_decision(g):
    game = _to_second_bid(g)
    plain = Game(g, ["norte", "sul"], seed=0, log=True, history=list(game.history))
    twin = plain.clone()
    assert twin.pending.secret and fingerprint(twin) == fingerprint(plain)
    for x in (plain, twin):
        x.apply_id("1")
    assert fingerprint(twin) == fingerprint(plain) and twin.log == plain.log
    saved = json.loads(json.dumps(plain.save()))
    assert fingerprint(Game.load(g, saved)) == fingerprint(plain)


def test_secret_spelling_in_spanish_and_round_trip():
    from rulesdsl.translate import translate_ruleset
    from rulesdsl.model import load_ruleset
    rs = load_ruleset(str(GAME))
    exprs = [e for e in rs.expressions if "dar_lance" in e.path]
    assert exprs and exprs[0].tree is not None
    from rulesdsl.printer import to_text
    es = to_text(exprs[0].tree, "es", rs)
    assert "elige en secreto uno" in es or "en secreto" in es
