"""The command line: PT/ES aliases, faction names, errors without tracebacks, --json."""
import json
import os
import shutil
import subprocess
import sys
import types

import pytest

from rulesdsl.cli import main

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CONQUISTA = os.path.join(HERE, "games", "conquista")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def play_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


# -- aliases -----------------------------------------------------------------------------------

@pytest.mark.parametrize("cmd,fac,seed", [
    ("play", "--factions", "--seed"),
    ("jogar", "--faccoes", "--semente"),
    ("jogar", "--facções", "--semente"),
    ("jugar", "--facciones", "--semilla"),
])
def test_play_aliases_give_the_same_game(capsys, cmd, fac, seed):
    ref = play_json(capsys, "play", CONQUISTA, "--factions", "azuis,vermelhos", "--seed", "4")
    got = play_json(capsys, cmd, CONQUISTA, fac, "azuis,vermelhos", seed, "4")
    assert got == ref


def test_json_fields(capsys):
    r = play_json(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--semente", "1")
    for key in ("winner", "scores", "turns", "decisions", "seed", "factions"):
        assert key in r
    assert r["seed"] == 1 and r["factions"] == ["azuis", "vermelhos"]
    assert r["winner"] in (None, "azuis", "vermelhos")
    assert set(r["scores"]) == {"azuis", "vermelhos"}
    assert r["decisions"] > 0 and r["turns"] > 0


def test_max_decisions_stops_without_winner(capsys):
    r = play_json(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--max-decisoes", "2")
    assert r["decisions"] == 2 and r["winner"] is None and r["stopped"] == "max_decisions"


def test_narration_is_in_the_chosen_language(capsys):
    code, out_pt, _ = run(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,vermelhos")
    assert code == 0 and "Rodada 1" in out_pt and "Fim da partida" in out_pt
    code, out_es, _ = run(capsys, "jugar", CONQUISTA, "--facciones", "azuis,vermelhos", "--lang", "es")
    assert code == 0 and "Ronda 1" in out_es and "Fin de la partida" in out_es


def test_simulate_and_validate_aliases(capsys):
    for cmd in ("validate", "validar"):
        code, out, err = run(capsys, cmd, CONQUISTA)
        assert code == 0 and "ok" in out
    for cmd in ("simulate", "simular"):
        code, out, err = run(capsys, cmd, CONQUISTA, "--faccoes", "azuis,vermelhos", "--partidas", "4",
                             "--processos", "1", "--json")
        assert code == 0 and json.loads(out)["games"] == 4


# -- faction names -----------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["azuis,vermelhos", "AZUIS,VERMELHOS", "Azules,Rojos", "azúis, ROJOS"])
def test_factions_by_id_or_name_without_case_or_accents(capsys, spec):
    r = play_json(capsys, "jogar", CONQUISTA, "--faccoes", spec)
    assert r["factions"] == ["azuis", "vermelhos"]


@pytest.fixture(scope="module")
def root_gdef():
    import rulesdsl
    return rulesdsl.load("root")


@pytest.mark.parametrize("spec", ["marqueses,rapinas", "MARQUESES,Rapinas", "Marquesa de Gato,rapinas",
                                  "marquesa de gato,dinastias del nido del aguila",
                                  # the first whole words of one name only
                                  "marquesa,dinastias", "Marquesa de,Dinastías del Nido"])
def test_root_factions_by_name(root_gdef, spec):
    from rulesdsl.cli import resolve_factions
    assert resolve_factions(root_gdef, spec, "pt") == ["marqueses", "rapinas"]


def test_a_name_start_shared_by_two_factions_is_not_guessed(root_gdef):
    from rulesdsl.cli import CliError, resolve_factions
    # "Segundo" begins one name only; "marq" is no whole word; "Vagabundo" is a whole name
    assert resolve_factions(root_gdef, "segundo,vagabundo", "pt") == ["segundo_malandro", "malandro"]
    with pytest.raises(CliError):
        resolve_factions(root_gdef, "marq,rapinas", "pt")


def test_unknown_faction_is_a_localized_error(capsys):
    code, out, err = run(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,vermelhoss")
    assert code == 1
    assert "CLI001" in err and "facção desconhecida 'vermelhoss'" in err and "sugestão" in err
    assert "vermelhos" in err and "Traceback" not in err
    code, out, err = run(capsys, "jugar", CONQUISTA, "--facciones", "azules,verdes", "--lang", "es")
    assert code == 1 and "facción desconocida 'verdes'" in err and "Traceback" not in err


def test_repeated_faction_and_bad_agents(capsys):
    code, _, err = run(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,Azules")
    assert code == 1 and "CLI003" in err
    code, _, err = run(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--agentes", "random,robo")
    assert code == 1 and "CLI010" in err
    code, _, err = run(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--agentes", "random,random,random")
    assert code == 1 and "CLI011" in err


def test_unknown_map(capsys):
    code, _, err = run(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--mapa", "quadradoo")
    assert code == 1 and "CLI004" in err and "quadrado" in err


def test_unknown_deck(capsys):
    code, _, err = run(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--baralho", "ordes")
    assert code == 1 and "CLI024" in err and "ordens" in err


def test_the_deck_chosen_is_the_one_played(capsys):
    """Law A.2: the Exiles and Partisans deck instead of the base deck, in `simular` too."""
    code, out, _ = run(capsys, "simular", "root", "--faccoes", "marqueses,rapinas", "--mazo", "Exilados e Partisans",
                       "--partidas", "1", "--processos", "1", "--json", "--max-decisoes", "50")
    assert code == 0 and json.loads(out)["deck"] == "exilados"
    from rulesdsl.cli import _load
    from rulesdsl.interpreter.engine import Game
    gdef = _load("root", None)
    g = Game(gdef, ["marqueses", "rapinas"], 1, deck_id="exilados")
    decks = {gdef.card_deck.get(cid) for cid in g.s.card_defs} - {None}
    assert decks == {"exilados"}


def test_usage_errors_keep_status_2_and_speak_pt_or_es(capsys):
    code, out, err = run(capsys, "jogar")
    assert code == 2 and "os seguintes argumentos são obrigatórios" in err
    code, out, err = run(capsys, "jugar")
    assert code == 2 and "los siguientes argumentos son obligatorios" in err
    # no factions for a game whose setup does not choose them (Scythe's does: `jogar` deals them)
    code, out, err = run(capsys, "jogar", CONQUISTA)
    assert code == 1 and "CLI017" in err
    code, out, err = run(capsys, "--help")
    assert code == 0 and "jogar" in out and "simular" in out


def test_missing_ruleset_is_a_diagnostic(capsys):
    code, out, err = run(capsys, "jogar", "/no/such/ruleset", "--faccoes", "a,b")
    assert code == 1 and "M001" in err and "Traceback" not in err


def test_a_game_that_crashes_is_reported_with_its_seed(capsys, monkeypatch):
    import rulesdsl.interpreter.agents as agents

    def boom(*a, **k):
        raise RuntimeError("rules bug")
    monkeypatch.setattr(agents, "play", boom)
    code, out, err = run(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--semente", "9")
    assert code == 1 and "CLI013" in err and "9" in err and "rules bug" in err and "Traceback" not in err


def test_log_to_missing_folder_changes_nothing(capsys, tmp_path):
    target = tmp_path / "no" / "log.jsonl"
    code, _, err = run(capsys, "jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--log", str(target))
    assert code == 1 and "CLI009" in err and not target.exists()


# -- validate ----------------------------------------------------------------------------------

BROKEN = """idioma: pt
jogo:
  id: quebrado
  turno: [manhã]
fases:
  manhã: {nome: {pt: manhã, es: mañana}}
facções:
  azuis:
    nome: {pt: Azuis, es: Azules}
    turno:
      manhã:
        - posicione 3 soldadoss em Norte
"""


def test_validate_reports_errors_and_exit_1(capsys, tmp_path):
    (tmp_path / "jogo.yaml").write_text(BROKEN, encoding="utf-8")
    code, out, err = run(capsys, "validar", str(tmp_path))
    assert code == 1
    assert "jogo.yaml:" in err and "erro" in err and "falhou" in out
    code, out, err = run(capsys, "validar", str(tmp_path), "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False and data["results"][0]["errors"] >= 1


def test_validate_strict_turns_warnings_into_errors(capsys, tmp_path):
    src = open(os.path.join(CONQUISTA, "jogo.yaml"), encoding="utf-8").read()
    # a warning: an action no menu offers and no rule performs (M040)
    (tmp_path / "jogo.yaml").write_text(src.replace("\nações:\n",
                                                    "\nações:\n  inutil: {efeito: receba 1 ponto}\n", 1),
                                        encoding="utf-8")
    code, out, err = run(capsys, "validar", str(tmp_path))
    assert code == 0 and "aviso" in err
    code, out, err = run(capsys, "validar", str(tmp_path), "--estrito")
    assert code == 1


# -- translate and scenario (written elsewhere; loaded lazily) ----------------------------------

def test_translate_calls_the_translator_and_writes_atomically(capsys, tmp_path, monkeypatch):
    fake = types.ModuleType("rulesdsl.translate")
    fake.translate_file = lambda path, to: f"# {to}\nidioma: {to}\n"
    monkeypatch.setitem(sys.modules, "rulesdsl.translate", fake)
    out_file = tmp_path / "saida.yaml"
    code, out, err = run(capsys, "traduzir", os.path.join(CONQUISTA, "jogo.yaml"), "--para", "es",
                         "--saida", str(out_file))
    assert code == 0 and out_file.read_text(encoding="utf-8") == "# es\nidioma: es\n"
    assert [p.name for p in tmp_path.iterdir()] == ["saida.yaml"]


def test_translate_failure_leaves_no_file(capsys, tmp_path, monkeypatch):
    from rulesdsl.errors import Diagnostic, RulesError
    fake = types.ModuleType("rulesdsl.translate")

    def fail(path, to):
        raise RulesError([Diagnostic("M001", {"path": path})])
    fake.translate_file = fail
    monkeypatch.setitem(sys.modules, "rulesdsl.translate", fake)
    out_file = tmp_path / "saida.yaml"
    code, out, err = run(capsys, "traducir", os.path.join(CONQUISTA, "jogo.yaml"), "--para", "es",
                         "--salida", str(out_file))
    assert code == 1 and "M001" in err and not out_file.exists() and list(tmp_path.iterdir()) == []


def test_missing_translator_is_a_clear_message(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "rulesdsl.translate", None)   # import fails
    code, out, err = run(capsys, "traduzir", os.path.join(CONQUISTA, "jogo.yaml"), "--para", "es")
    assert code == 1 and "Traceback" not in err and ("CLI005" in err or "CLI007" in err)


def test_scenario_returns_the_runner_status(capsys, monkeypatch):
    fake = types.ModuleType("rulesdsl.scenario")
    seen = {}

    def run_files(paths, lang, verbose=False):
        seen["args"] = (list(paths), lang, verbose)
        return 3
    fake.run_files = run_files
    monkeypatch.setitem(sys.modules, "rulesdsl.scenario", fake)
    code, out, err = run(capsys, "escenario", "a.yaml", "b.yaml", "--lang", "es")
    assert code == 3 and seen["args"] == (["a.yaml", "b.yaml"], "es", False)
    # the command typed in Portuguese: the user reads Portuguese, whatever the files' language
    code, out, err = run(capsys, "cenario", "-v", "a.yaml")
    assert code == 3 and seen["args"] == (["a.yaml"], "pt", True)
    # the English spelling and a locale that names no language we speak: each file's own
    monkeypatch.setenv("LANG", "C.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    code, out, err = run(capsys, "scenario", "-v", "a.yaml")
    assert code == 3 and seen["args"] == (["a.yaml"], None, True)


# -- as a program --------------------------------------------------------------------------------

def test_python_m_rulesdsl_never_shows_a_traceback():
    p = subprocess.run([sys.executable, "-m", "rulesdsl", "jogar", CONQUISTA, "--faccoes", "azuis,amarelos"],
                       capture_output=True, text=True, cwd=REPO, timeout=60)
    assert p.returncode == 1 and "CLI001" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.skipif(shutil.which("rulesdsl") is None, reason="entry point not installed")
def test_entry_point_plays():
    p = subprocess.run(["rulesdsl", "jogar", CONQUISTA, "--faccoes", "azuis,vermelhos", "--semente", "2",
                        "--json"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and json.loads(p.stdout)["seed"] == 2
