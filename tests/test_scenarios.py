"""Scenarios as tests: every scenario of tests/cenarios/ and tests/escenarios/ is one test item
(the `scenario_case` parametrization lives in tests/conftest.py), plus the scenario runner's
own behaviour: failures reported as diffs, bad files reported like every rulesdsl error.
"""
from __future__ import annotations

import io
import os
import random
import subprocess
import sys

import pytest

from rulesdsl.errors import RulesError
from rulesdsl.scenario import load_scenarios, run_files, run_scenario

TESTS = os.path.dirname(os.path.abspath(__file__))
CONQUISTA = os.path.join(TESTS, "games", "conquista", "jogo.yaml")
PT_FILE = os.path.join(TESTS, "cenarios", "conquista.yaml")


def test_scenario(scenario_case):
    path, sc = scenario_case
    if isinstance(sc, RulesError):
        pytest.fail("\n".join(d.render() for d in sc.diagnostics), pytrace=False)
    r = run_scenario(sc)
    if not r.ok:
        pytest.fail(r.render(verbose=True), pytrace=False)


# ---------------------------------------------------------------------------------------------
# helpers

def _write(tmp_path, text, name="c.yaml"):
    p = tmp_path / name
    p.write_text(text.replace("@JOGO@", CONQUISTA), encoding="utf-8")
    return str(p)


def _run(*paths, lang=None, verbose=False):
    buf = io.StringIO()
    code = run_files(list(paths), lang=lang, out=buf, verbose=verbose)
    return code, buf.getvalue()


HEAD_PT = "idioma: pt\nregras: @JOGO@\nfacções: [azuis, vermelhos]\n"
HEAD_ES = "idioma: es\nreglas: @JOGO@\nfacciones: [azules, rojos]\n"


# ---------------------------------------------------------------------------------------------
# the runner

def test_files_pass_and_exit_zero():
    code, out = _run(PT_FILE, os.path.join(TESTS, "escenarios"))
    assert code == 0, out
    assert "FALHOU" not in out and "FALLÓ" not in out
    assert "cenários:" in out


def test_single_scenario_file_without_list(tmp_path):
    p = _write(tmp_path, HEAD_PT + """\
nome: um só cenário
vez: azuis
fase: manhã
posição: {Norte: {soldados dos azuis: 2}}
escolhas: [marchar, leste, 2]
espera_se:
  peças: {Norte: {}, Leste: {soldados dos azuis: 2}}
""")
    scs = load_scenarios(p)
    assert [s.name for s in scs] == ["um só cenário"]
    assert run_scenario(scs[0]).ok


def test_failure_is_a_diff_with_position(tmp_path):
    p = _write(tmp_path, HEAD_PT + """\
cenários:
  - nome: espera errada
    lei: marchar
    vez: azuis
    fase: manhã
    posição: {Norte: {soldados dos azuis: 3}}
    escolhas: [marchar, Leste, 2]
    espera_se:
      peças: {Leste: {soldados dos azuis: 3}}
      pontos: {azuis: 9}
      próxima_decisão: {jogador: vermelhos}
""")
    code, out = _run(p)
    assert code == 1
    assert "FALHOU  espera errada" in out
    assert "peças em Leste, soldado de Azuis: esperado 3, obtido 2" in out
    assert "ponto de Azuis: esperado 9, obtido 0" in out
    assert "jogador esperado Vermelhos, obtido Azuis" in out
    assert f"{p}:13:" in out                     # the expectation's own line
    assert "Traceback" not in out


def test_failure_in_spanish(tmp_path):
    p = _write(tmp_path, HEAD_ES + """\
escenarios:
  - nombre: espera equivocada
    turno_de: rojos
    fase: mañana
    posición: {Sur: {soldados de los rojos: 2}}
    elecciones: [marchar, este, 1]
    se_espera:
      piezas: {Este: {soldados de los rojos: 2}}
""")
    code, out = _run(p)
    assert code == 1
    assert "FALLÓ" in out
    assert "piezas en Este, soldado de Rojos: esperado 2, obtenido 1" in out
    assert "1 escenario: 0 ok, 1 falló" in out


def test_illegal_choice_names_the_options_and_reason(tmp_path):
    p = _write(tmp_path, HEAD_PT + """\
cenários:
  - nome: marchar sem soldados
    vez: azuis
    fase: manhã
    posição: {Sul: {soldados dos vermelhos: 1}}
    mãos: {azuis: [ordem livre]}
    escolhas: [marchar]
""")
    code, out = _run(p)
    assert code == 1
    assert "escolha 'marchar' não é legal aqui (Azuis, decisão menu); opções: recrutar, atacar, fim" in out or \
        "escolha 'marchar' não é legal aqui" in out
    assert "requisito da ação não é cumprido" in out


def test_choices_by_id_and_by_localized_name(tmp_path):
    p = _write(tmp_path, HEAD_PT + """\
cenários:
  - nome: por id
    vez: azuis
    fase: manhã
    posição: {norte: {azuis.soldado: 2}}
    escolhas: [marchar, leste, "2"]
    espera_se: {peças: {leste: {azuis.soldado: 2}}}
  - nome: por nome
    vez: azuis
    fase: manhã
    posição: {NORTE: {Soldados Dos Azuis: 2}}
    escolhas: [Marche, Leste, dois]
    espera_se: {peças: {Leste: {soldados dos azuis: 2}}}
""")
    code, out = _run(p)
    assert code == 0, out


def test_unused_prepared_dice_fail(tmp_path):
    p = _write(tmp_path, HEAD_PT + """\
cenários:
  - nome: dados sobrando
    vez: azuis
    fase: manhã
    posição: {Norte: {soldados dos azuis: 2}}
    escolhas: [marchar, leste, 1]
    dados: [3]
""")
    code, out = _run(p)
    assert code == 1 and "dados preparados não usados: 3" in out


def test_invariants_are_checked_in_scenarios(tmp_path):
    # a supply override takes pieces out of the game: the box count follows the position
    p = _write(tmp_path, HEAD_PT + """\
cenários:
  - nome: suprimento reduzido
    vez: azuis
    fase: manhã
    posição: {Norte: {soldados dos azuis: 2}}
    suprimento: {soldados dos azuis: 1}
    escolhas: [marchar, leste, 1]
    espera_se:
      suprimento: {soldados dos azuis: 1}
""")
    code, out = _run(p)
    assert code == 0, out


# ---------------------------------------------------------------------------------------------
# bad files answer like every rulesdsl error

def test_bad_names_are_positioned_with_suggestions(tmp_path):
    p = _write(tmp_path, HEAD_PT + """\
cenários:
  - nome: erros
    vez: azul
    posição:
      Nort: {soldados dos azuis: 3}
      Sul: {soldados: 2}
    mãos: {azuis: [ordem da coluna]}
    escolhas: [marchra]
    espera_se:
      vencedr: azuis
""")
    code, out = _run(p)
    assert code == 1
    assert "Traceback" not in out
    assert f"{p}:6:10: erro S005: facção desconhecida 'azul'" in out
    assert "você quis dizer 'Azuis'?" in out
    assert f"{p}:8:7: erro S006: espaço desconhecido 'Nort'" in out
    assert "você quis dizer 'Norte'?" in out
    assert "'soldados' é ambíguo: diga de quem é (soldado de Azuis, soldado de Vermelhos)" in out
    assert "carta desconhecida 'ordem da coluna'" in out and "'ordem da colina'" in out
    assert "'marchra' não é nome de nada" in out and "'marchar'" in out
    assert "chave desconhecida 'vencedr'" in out and "'vencedor'" in out
    # the caret sits under the name
    lines = out.splitlines()
    i = next(i for i, l in enumerate(lines) if "S006" in l)
    assert lines[i + 1].endswith("Nort: {soldados dos azuis: 3}")
    assert lines[i + 2].strip() == "|       ^^^^".strip()


def test_bad_file_in_spanish(tmp_path):
    p = _write(tmp_path, HEAD_ES + """\
escenarios:
  - nombre: errores
    turno_de: rojo
    posición: {Nortee: {soldados de los rojos: 1}}
""")
    code, out = _run(p)
    assert code == 1
    assert "error S005: facción desconocida 'rojo'" in out
    assert "¿quería decir 'Rojos'?" in out
    assert "espacio desconocido 'Nortee'" in out


def test_unknown_decision_kind_lists_the_files_names(tmp_path):
    # the kinds are listed as the docs list them, in the file's language (not the engine ids)
    p = _write(tmp_path, HEAD_ES + """\
escenarios:
  - nombre: tipo
    turno_de: azules
    se_espera:
      próxima_decisión: {decisión: eleccion2}
""")
    code, out = _run(p)
    assert code == 1
    assert "error S020" in out and "(tipos: menú, elección, cantidad," in out
    assert "¿quería decir 'elección'?" in out


def test_too_many_pieces_and_cards(tmp_path):
    p = _write(tmp_path, HEAD_PT + """\
cenários:
  - nome: demais
    posição: {Norte: {soldados dos azuis: 11}}
    mãos: {azuis: [ordem livre, ordem livre, ordem livre]}
""")
    code, out = _run(p)
    assert code == 1
    assert "a caixa tem 10, o cenário pede 11" in out
    assert "existem 2, o cenário pede 3" in out


def test_yaml_error_missing_ruleset_and_unknown_ruleset(tmp_path):
    bad_yaml = _write(tmp_path, "idioma: pt\ncenários: [\n", "a.yaml")
    no_rules = _write(tmp_path, "idioma: pt\ncenários:\n  - nome: x\n", "b.yaml")
    wrong = _write(tmp_path, "idioma: pt\nregras: nao_existe\ncenários:\n  - nome: x\n", "c.yaml")
    code, out = _run(bad_yaml, no_rules, wrong)
    assert code == 1
    assert "erro E001: YAML inválido" in out
    assert "falta 'regras:'" in out
    assert "o arquivo não foi encontrado: 'nao_existe'" in out
    assert "Traceback" not in out


def test_broken_ruleset_reports_its_own_errors(tmp_path):
    rs = tmp_path / "jogo.yaml"
    rs.write_text(open(CONQUISTA, encoding="utf-8").read().replace("posicione 3 soldados em Norte",
                                                                   "posicione 3 soldados em Nortt"),
                  encoding="utf-8")
    p = _write(tmp_path, "idioma: pt\nregras: jogo.yaml\ncenários:\n  - nome: x\n", "s.yaml")
    code, out = _run(p)
    assert code == 1
    assert "não pôde ser carregado" in out
    assert "jogo.yaml:" in out


def test_duplicate_scenario_names(tmp_path):
    p = _write(tmp_path, HEAD_PT + "cenários:\n  - nome: a\n  - nome: A\n")
    code, out = _run(p)
    assert code == 1 and "cenário repetido 'A'" in out


def test_mutated_files_never_crash(tmp_path):
    """Random edits of a real scenario file: always a report, never a traceback."""
    text = open(PT_FILE, encoding="utf-8").read().replace("../games/conquista/jogo.yaml", CONQUISTA)
    lines = text.splitlines()
    rng = random.Random(5)
    for i in range(60):
        ls = list(lines)
        for _ in range(rng.randint(1, 3)):
            j = rng.randrange(len(ls))
            op = rng.randrange(4)
            if op == 0:
                del ls[j]
            elif op == 1 and ls[j]:
                k = rng.randrange(len(ls[j]))
                ls[j] = ls[j][:k] + rng.choice("xz:{}[], 7-") + ls[j][k + 1:]
            elif op == 2:
                ls[j] = ls[j].replace("azuis", "azul").replace("3", "x")
            else:
                ls.insert(j, ls[rng.randrange(len(ls))])
        p = _write(tmp_path, "\n".join(ls) + "\n", f"m{i}.yaml")
        code, out = _run(p)
        assert "Traceback" not in out
        assert code in (0, 1)


def test_command_line(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.path.dirname(TESTS))
    r = subprocess.run([sys.executable, "-m", "rulesdsl.scenario", PT_FILE], capture_output=True,
                       text=True, env=env, cwd=os.path.dirname(TESTS))
    assert r.returncode == 0, r.stdout + r.stderr
    assert " ok " in r.stdout
    p = _write(tmp_path, HEAD_PT + "cenários:\n  - nome: x\n    vez: verdes\n")
    r = subprocess.run([sys.executable, "-m", "rulesdsl.scenario", p], capture_output=True, text=True, env=env)
    assert r.returncode == 1
    # a file that cannot be run is an error: on stderr, the results stay on stdout (issue 21)
    assert "facção desconhecida 'verdes'" in r.stderr and "verdes" not in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


# ---------------------------------------------------------------------------------------------
# piece states (`estados_de_peça`) in zones of pieces

def test_piece_states_in_zones_set_and_checked(tmp_path):
    p = _write(tmp_path, """\
idioma: pt
regras: root
facções: [marqueses, rapinas, malandro]
cenários:
  - nome: estados
    vez: malandro
    fase: dia
    posição: {clareira 5: {peão: 1}}
    zonas: {mochila do malandro: {bota: 1, bota exaurida: 1, espada exaurida e danificada: 1}}
    espera_se:
      zonas: {mochila do malandro: {bota: 1, botas exauridas: 1, espada danificada exaurida: 1, espada: 0}}
  - nome: diferença
    vez: malandro
    fase: dia
    posição: {clareira 5: {peão: 1}}
    zonas: {malandro: {mochila: {bota exaurida: 1, bota: 1}}}
    espera_se:
      zonas: {mochila do malandro: {bota: 2}}
""")
    code, out = _run(p)
    assert code == 1
    assert "ok      estados" in out
    assert "mochila (Malandro), bota: esperado 2, obtido 1" in out


def test_piece_states_on_the_map_and_in_zones_not_in_the_supply(tmp_path):
    p = _write(tmp_path, """\
idioma: pt
regras: root
facções: [marqueses, rapinas, malandro]
cenários:
  - nome: no mapa
    posição: {clareira 5: {bota exaurida: 1}}
    espera_se:
      peças: {clareira 5: {bota exaurida: 1, bota: 1}}
""")
    code, out = _run(p)
    assert code == 0, out
    p = _write(tmp_path, """\
idioma: pt
regras: root
facções: [marqueses, rapinas, malandro]
cenários:
  - nome: no suprimento
    suprimento: {bota exaurida: 1}
""")
    code, out = _run(p)
    assert code == 1
    assert "erro S029" in out and "'bota exaurida'" in out


def test_map_attributes_in_a_position_and_an_expectation(tmp_path):
    # `atributos:` writes what a map change left (a space of two terrains, more houses) and
    # `espera_se: atributos:` reads it back; wrong names are S036/S037, placed
    p = _write(tmp_path, HEAD_PT + """\
cenários:
  - nome: o vale de dois terrenos
    vez: azuis
    fase: manhã
    posição: {Norte: {soldados dos azuis: 1}}
    atributos: {Norte: {terreno: [ribeira, colina], casas: 3}}
    espera_se:
      atributos: {Norte: {terreno: [colina, ribeira], casas: 2}}
""")
    code, out = _run(p)
    assert code == 1
    assert "casas de Norte: esperado 2, obtido 3" in out, out
    assert "terreno de Norte" not in out                  # the two values, in any order
    bad = _write(tmp_path, HEAD_PT + """\
cenários:
  - nome: nomes errados
    vez: azuis
    fase: manhã
    atributos: {Norte: {terrenno: colina}, Sul: {terreno: [colina, pântano]}}
""", name="bad.yaml")
    with pytest.raises(RulesError) as exc:
        load_scenarios(bad)
    codes = {(d.code, d.pos.line) for d in exc.value.diagnostics}
    assert ("S036", 8) in codes and ("S037", 8) in codes, codes
    assert "terreno" in exc.value.diagnostics[0].render()
