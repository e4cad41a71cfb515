"""Pieces with state and identity on the map (N6), on the generic game tests/games/fichas:
statuses on board pieces (moved along, reset at the end of the turn, undone with the journal),
pieces lying on their back (`verso:`) whose face only the owner sees (`quem_vê: dono`) or
nobody does (`ninguém`), the verb `vire` / `voltea`, and what each player's view shows."""
import json
import os

import pytest

import rulesdsl
from rulesdsl.interpreter.engine import Game
from run_effect import run_effect
from random_play import play_to_the_end

HERE = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.join(HERE, "games", "fichas")
F = ["azuis", "vermelhos"]


@pytest.fixture(scope="module")
def g():
    return rulesdsl.load(GAME)


def _choose(game, label):
    from rulesdsl.interpreter.engine import option_id
    ids = [option_id(o) for o in game.pending.options]
    game.apply_id(next(i for i in ids if label in i))


def _armed(g, face="azuis.arca"):
    """Azuis (with a soldier in Alto) arm a face-down token with that face, watched by both."""
    def pos(game):
        game.s.put("alto", "azuis.soldado", 1)
        game.s.put("mata", "vermelhos.soldado", 1)
    game = Game(g, F, seed=3, position=pos, start=("azuis", "manhã"), observe=F)
    _choose(game, "armar")
    assert game.pending.prompt == ("face_down",)
    assert sorted(game.pending.options) == ["azuis.arca", "azuis.armadilha"]
    _choose(game, face)
    return game


def test_the_tables_of_sides(g):
    assert g.faces["azuis.ficha"] == ["azuis.armadilha", "azuis.arca"]
    assert g.back_of["torre"] == "ruína" and "ruína" not in g.hidden_backs
    assert g.hidden_backs == {"joia": "nobody", "azuis.ficha": "owner", "vermelhos.ficha": "owner"}
    assert g.sees_face("azuis.ficha", "azuis") and not g.sees_face("azuis.ficha", "vermelhos")
    assert not g.sees_face("joia", "azuis") and not g.sees_face("joia", "vermelhos")
    assert g.turn_statuses == g.status_bit("cansado")


def test_the_owner_sees_the_face_the_other_player_does_not(g):
    game = _armed(g, "azuis.arca")
    s = game.s
    assert s.count("alto", "azuis.ficha") == 1 and s.identities("alto", "azuis.ficha") == {"azuis.arca": 1}
    mine, theirs = game.observation("azuis"), game.observation("vermelhos")
    assert mine["face_down"] == {"alto": {"azuis.ficha": {"azuis.arca": 1}}}
    assert "face_down" not in theirs
    assert theirs["board"]["alto"]["azuis.ficha"] == 1
    # the supply left would tell which face was placed: the others see the faces together
    assert mine["supply"]["azuis.arca"] == 1 and mine["supply"]["azuis.armadilha"] == 1
    assert theirs["supply"]["azuis.ficha"] == 2 and "azuis.arca" not in theirs["supply"]
    assert "azuis.arca" not in json.dumps(theirs) and "azuis.arca" in json.dumps(mine)
    # the text forms and the per-player logs too
    for lang in ("pt", "es"):
        other = game.information_state_string("vermelhos", lang)
        own = game.information_state_string("azuis", lang)
        # (no other word of the game is spelt with "arca" or "armadilha"/"trampa")
        assert "arca" not in other.lower() and "armadilha" not in other.lower() and "trampa" not in other.lower()
        assert "arca" in own.lower()
        # the table a human player looks at (`m`)
        from rulesdsl.interpreter.describe import describe_table
        assert "arca" not in describe_table(game, "vermelhos", lang).lower()
        assert "arca" in describe_table(game, "azuis", lang).lower()


def test_the_log_of_the_others_hides_the_face_and_the_choice(g):
    game = _armed(g, "azuis.armadilha")
    theirs = game.views["vermelhos"].events
    placed = [e for e in theirs if e.get("t") == "place" and e.get("kind") == "azuis.ficha"]
    assert placed and all(e["face"] == "?" for e in placed)
    chose = [e for e in theirs if e.get("t") == "decision" and e.get("player") == "azuis"]
    assert chose[-1]["choice"] == "?"
    mine = game.views["azuis"].events
    assert [e["face"] for e in mine if e.get("t") == "place" and e.get("kind") == "azuis.ficha"] == ["azuis.armadilha"]


def test_flipping_reveals_to_everyone(g):
    def pos(game):
        game.s.put("alto", "vermelhos.soldado", 2)
        game.s.adjust_supply("azuis.armadilha", -1)
        game.s.board_add("alto", "azuis.ficha", 1)
        game.s.ident_add("alto", "azuis.ficha", "azuis.armadilha", 1)
    game = Game(g, F, seed=3, position=pos, start=("azuis", "manhã"), observe=F)
    _choose(game, "expor")
    s = game.s
    assert s.count("alto", "azuis.armadilha") == 1 and s.count("alto", "azuis.ficha") == 0
    assert s.count("alto", "vermelhos.soldado") == 0 and not s.ident
    flips = [e for e in game.views["vermelhos"].events if e.get("t") == "flip"]
    assert flips[0]["kind"] == "azuis.armadilha" and flips[0]["from"] == "azuis.ficha"


def test_a_face_nobody_sees_is_a_chance_event_that_can_be_dictated(g):
    game = Game(g, F, seed=1, chance="dictated")
    # the setup places two jewels face down: which one lies under each is a chance pick
    assert game.pending.kind == "chance:face_down"
    assert sorted(game.pending.options) == ["joia_grande", "joia_pequena"]
    assert dict(zip(game.pending.options, game.pending.probs)) == {"joia_pequena": pytest.approx(1 / 3),
                                                                   "joia_grande": pytest.approx(2 / 3)}
    game.apply(game.pending.options.index("joia_pequena"))
    # the only face left needs no pick: the second jewel is a large one (next: where the
    # players' soldiers start, another chance pick)
    assert game.pending.kind == "chance:element"
    while game.is_chance_node():
        game.apply(0)
    s = game.s
    assert s.identities("mata", "joia") == {"joia_pequena": 1}
    assert s.identities("vale", "joia") == {"joia_grande": 1}
    # nobody sees them, not even in their own view
    for f in F:
        assert "face_down" not in game.observation(f)
        assert "joia_pequena" not in json.dumps(game.observation(f))


def test_statuses_on_the_map_move_along_and_the_turn_ones_end(g):
    tired, hurt = g.status_bit("cansado"), g.status_bit("ferido")

    def pos(game):
        game.s.put("alto", "azuis.soldado", 1)
        game.s.set_status("alto", "azuis.soldado", 1, 0, hurt)
        game.s.put("mata", "vermelhos.soldado", 1)
    game = Game(g, F, seed=3, position=pos, start=("azuis", "manhã"))
    _choose(game, "marchar")
    s = game.s
    assert s.zone_split("vale", "azuis.soldado") == {hurt | tired: 1}
    assert "alto" not in {p for p, _ in s.pstat}
    assert "marchar" not in game.pending.options            # the tired soldier marches no more
    game.apply(game.pending.options.index(game.pending.options[-1]))     # end of the turn
    assert s.active == "vermelhos"
    assert s.zone_split("vale", "azuis.soldado") == {hurt: 1}


def test_clone_and_rollback_carry_statuses_and_faces(g):
    game = _armed(g, "azuis.arca")
    s = game.s
    c = game.clone()
    assert c.s.ident == s.ident and c.s.ident is not s.ident
    assert c.s.ident[("alto", "azuis.ficha")] is not s.ident[("alto", "azuis.ficha")]
    before = (json.dumps(sorted((str(k), v) for k, v in s.ident.items())), s.pstat.copy(),
              {k: dict(v) for k, v in s.board.items()}, dict(s.supply))
    m = s.mark()
    s.ident_add("alto", "azuis.ficha", "azuis.arca", -1)
    s.board_add("alto", "azuis.ficha", -1)
    s.board_add("alto", "azuis.arca", 1)
    s.set_status("alto", "azuis.soldado", 1, 0, g.status_bit("ferido"))
    s.shift("alto", "vale", "azuis.soldado", 1, g.status_bit("ferido"))
    s.take("vale", "azuis.soldado", 1, bits=g.status_bit("ferido"))
    s.rollback(m)
    after = (json.dumps(sorted((str(k), v) for k, v in s.ident.items())), s.pstat.copy(),
             {k: {kk: vv for kk, vv in v.items()} for k, v in s.board.items()}, dict(s.supply))
    assert {k: v for k, v in after[2].items() if v} == {k: v for k, v in before[2].items() if v}
    assert after[0] == before[0] and after[1] == before[1] and after[3] == before[3]
    # the clone did not see any of it
    assert c.s.identities("alto", "azuis.ficha") == {"azuis.arca": 1}


# far beyond any game of this small ruleset: a bound, so that a game that never ends fails
MAX_DECISIONS = 5000


def test_random_games_keep_the_invariants(g):
    for seed in range(20):
        play_to_the_end(Game(g, F, seed=seed), seed, MAX_DECISIONS)


# --------------------------------------------------------------------------------------------
# declarations the engine cannot honour: errors at file:line:col

def _load(tmp_path, old, new):
    text = open(os.path.join(GAME, "jogo.yaml"), encoding="utf-8").read()
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    folder = tmp_path / "regras"
    folder.mkdir(exist_ok=True)
    (folder / "jogo.yaml").write_text(text, encoding="utf-8")
    env = rulesdsl.Environment()
    try:
        env.load(str(folder))
    except rulesdsl.RulesError as e:
        diags = e.diagnostics
    else:
        diags = list(env.diagnostics)
    errs = [d for d in diags if d.severity == "error"]
    i = text.index(new)
    return errs, text, i


@pytest.mark.parametrize("old,new,code,needle", [
    # a back that is no piece: M043 with a suggestion
    ("quantidade: 2, verso: joia}", "quantidade: 2, verso: jóias}", "M043", "jóias"),
    ("quem_vê: ninguém}", "quem_vê: todos}", "M044", "todos"),
    ("    dura: turno", "    dura: rodada", "M044", "rodada"),
    # a back with pieces of its own
    ("joia: {nome: {pt: joia, es: joya}, categoria: tesouro, quantidade: 0",
     "joia: {nome: {pt: joia, es: joya}, categoria: tesouro, quantidade: 3", "M081", "3"),
    # who sees, on a piece that is no back
    ("quantidade: 1, verso: ruína}", "quantidade: 1, verso: ruína, quem_vê: ninguém}", "M082", "ninguém"),
    # a neutral back cannot be seen by its owner
    ("quantidade: 0, quem_vê: ninguém}", "quantidade: 0, quem_vê: dono}", "M083", "dono"),
    # a back of several faces that does not say who sees them
    ("quantidade: 0, quem_vê: ninguém}", "quantidade: 0}", "M084", "joia}"),
])
def test_bad_declarations_are_errors(tmp_path, old, new, code, needle):
    errs, text, i = _load(tmp_path, old, new)
    assert [d.code for d in errs] == [code], "\n".join(d.render() for d in errs)
    d = errs[0]
    assert d.pos.file.endswith("jogo.yaml")
    assert d.pos.line >= 1 and d.pos.col >= 1
    if code in ("M043", "M044"):
        j = text.index(needle, i)
        assert (d.pos.line, d.pos.col) == (text.count("\n", 0, j) + 1, j - text.rfind("\n", 0, j))
    if code == "M043":
        assert d.hint == "joia"


def test_a_back_of_another_owner_is_an_error(tmp_path):
    errs, text, i = _load(tmp_path, "quantidade: 1, verso: ficha}", "quantidade: 1, verso: joia}")
    assert [d.code for d in errs] == ["M080"], "\n".join(d.render() for d in errs)
    assert "joia" in errs[0].message()


def test_the_supply_of_a_back_is_its_faces(g):
    game = _armed(g, "azuis.arca")
    # the fichas of both players: the azuis have 1 arca and 1 armadilha left, the vermelhos 3
    run_effect(game, "receba (suprimento de ficha) pontos", "azuis")
    assert game.s.counters["azuis:pontos"] == 5
    run_effect(game, "se é possível posicionar ficha em Vale: perca 1 ponto", "azuis")
    assert game.s.counters["azuis:pontos"] == 4
