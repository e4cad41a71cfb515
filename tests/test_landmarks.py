"""Landmarks (Law F, interpreter/landmarks.py) and their setup step (A.5): what a scenario
cannot show (the map's attributes a landmark's setup changes: the Lost City's three suits, the
Elder Treetop's extra slot), the choice of landmarks when a game is made (errors E780-E784), the
validator's M160-M162, and a few random advanced-setup games with landmarks on every map.
The rules a position can show are scenarios (tests/cenarios/root_marcos.yaml)."""
from __future__ import annotations

import os
import random

import pytest

import rulesdsl
from rulesdsl.errors import RulesError
from rulesdsl.interpreter import board
from rulesdsl.interpreter.engine import Game, RulesetError
from rulesdsl.interpreter.invariants import check

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(os.path.dirname(HERE), "rulesets", "root")
FOUR = ["marqueses", "rapinas", "alianca", "malandro"]


def _place(game, space):
    """Answer the pending landmark placement with `space`."""
    assert space in game.pending.options, game.pending.options
    game.apply(game.pending.options.index(space))


def test_the_six_landmarks_are_data(root_def):
    assert set(root_def.landmarks) == {"torre", "balsa", "copa_ancia", "mercado_negro",
                                       "forja_lendaria", "cidade_perdida"}
    for lm in root_def.landmarks.values():
        assert lm.rules, lm.id                                   # each one places itself
        pk = root_def.piece_kinds[lm.piece]
        assert pk.category == "marco" and not pk.removable         # F.1.1


def test_lost_city_clearing_is_of_every_suit(root_def):
    game = Game(root_def, FOUR, 0, setup="avancada", landmarks=["cidade_perdida"])
    _place(game, "c5")
    assert game.s.board["c5"]["cidade_perdida"] == 1
    assert set(board.attr(game.ctx, "c5", "naipe")) == {"raposa", "coelho", "rato"}


def test_elder_treetop_adds_a_building_slot(root_def):
    game = Game(root_def, FOUR, 0, setup="avancada", landmarks=["copa_ancia"])
    before = board.attr(game.ctx, "c2", "locais")
    _place(game, "c2")
    assert board.attr(game.ctx, "c2", "locais") == before + 1


def test_elder_treetop_is_not_used_with_two_players(root_def):
    with pytest.raises(RulesetError, match="E783"):
        Game(root_def, ["marqueses", "rapinas"], 0, setup="avancada", landmarks=["copa_ancia"])
    # drawn among all: never the Treetop at 2 players
    for seed in range(6):
        game = Game(root_def, ["marqueses", "rapinas"], seed, setup="avancada", landmarks=2)
        assert "copa_ancia" not in game.landmark_pick[1]


@pytest.mark.parametrize("spec,code", [
    (1, None), (3, "E781"), (["torre", "torre_x"], "E782"), ((2, ["torre"]), "E784")])
def test_landmark_choice_errors(root_def, spec, code):
    if code is None:
        Game(root_def, FOUR, 0, setup="avancada", landmarks=spec)
        return
    with pytest.raises(RulesetError, match=code):
        Game(root_def, FOUR, 0, setup="avancada", landmarks=spec)


def test_landmarks_need_a_setup_with_the_step(root_def):
    with pytest.raises(RulesetError, match="E780"):
        Game(root_def, FOUR, 0, landmarks=1)


def test_landmarks_replay_copy_and_save(root_def):
    game = Game(root_def, 4, 3, setup="avancada", landmarks=(2, ["torre", "balsa", "forja_lendaria"]))
    rng = random.Random(3)
    for _ in range(40):
        game.apply(rng.randrange(len(game.legal_actions())))
    again = Game.load(root_def, game.save())
    assert again.s.board == game.s.board and again.s.piece_zones == game.s.piece_zones
    twin = game.clone()
    assert twin.s.board == game.s.board


@pytest.mark.parametrize("map_id", ["outono", "lago", "montanha", "inverno"])
def test_random_games_with_landmarks(root_def, map_id):
    # a handful in the suite (the 100+ games are a reported command, see the report)
    seed = {"outono": 1, "lago": 2, "montanha": 3, "inverno": 4}[map_id]
    lms = list(root_def.landmarks)
    game = Game(root_def, 4, seed, map_id=map_id, setup="avancada", landmarks=(2, lms))
    rng = random.Random(seed)
    n = 0
    while not game.is_terminal() and n < 600:
        game.apply(rng.randrange(len(game.legal_actions())))
        n += 1
        assert not check(game)
    assert game.s.failure is None
    on_map = {k for sp in game.s.board.values() for k in sp if k in {lm.piece for lm in root_def.landmarks.values()}}
    assert len(on_map) >= 2


def _write(tmp_path, files):
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return str(tmp_path)


GAME = """idioma: pt
jogo:
  id: t
  nome: T
  jogadores: {mínimo: 2, máximo: 2}
  pontuação: pv
  turno: [dia]
  preparações:
    avancada:
      nome: avançada
      marcos: {quantidades: [1, 3]}
fases:
  dia: {nome: Dia}
contadores:
  pv: {nome: PV, inicial: 0}
tipos_de_espaço:
  clareira: {nome: clareira}
categorias_de_peça:
  marco: {nome: marco, de_facção: não}
mapas:
  m:
    nome: M
    espaços:
      a: {tipo: clareira, nome: A}
    ligações: {}
facções:
  azuis:
    nome: Azuis
"""


def test_validator_codes(tmp_path):
    with pytest.raises(RulesError) as e:
        rulesdsl.load(_write(tmp_path / "sem", {"jogo.yaml": GAME}))
    assert "M160" in str(e.value.diagnostics[0].code) or any(d.code == "M160" for d in e.value.diagnostics)
    lm = GAME + """peças_neutras:
  torre: {nome: torre, categoria: marco, quantidade: 1}
marcos:
  torre: {nome: A Torre, peça: torre}
"""
    with pytest.raises(RulesError) as e:
        rulesdsl.load(_write(tmp_path / "com", {"jogo.yaml": lm}))
    codes = {d.code for d in e.value.diagnostics}
    assert {"M161", "M162"} <= codes


def test_command_line_drafts_seats_and_chooses_landmarks(capsys, root_def):
    import json
    from rulesdsl import cli
    from rulesdsl.cli import main
    from rulesdsl.environment import resolve_ruleset
    # the session's Root (not compiled again): the loader's in-process memo, under the key the
    # command line computes
    real = os.path.abspath(resolve_ruleset(ROOT))
    cli._LOADED.clear()
    cli._LOADED[(real, "pt", cli._signature(real))] = root_def
    code = main(["jogar", ROOT, "--idioma", "pt", "--faccoes", "4", "--preparacao", "avancada", "--marcos", "1:torre,balsa",
                 "--mapa", "lago", "--semente", "3", "--max-decisoes", "60", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert len(json.loads(out)["factions"]) == 4                       # four seats drafted (A.8)
    for argv, code_ in ((["--marcos", "torre,xx"], "CLI071"), (["--marcos", "a:b"], "CLI070"),
                        (["--faccoes", "3"], "CLI072"), (["--capangas"], "CLI120")):
        args = ["jogar", ROOT, "--idioma", "pt", "--faccoes", "marqueses,rapinas"]
        if argv[0] == "--marcos":
            args += ["--preparacao", "avancada"]
        else:
            args = ["jogar", ROOT, "--idioma", "pt"]
        assert main(args + argv) != 0
        assert code_ in capsys.readouterr().err
