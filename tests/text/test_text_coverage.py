"""coverage: data blocks, scenarios and tests of each Law paragraph, totals per chapter."""
import json
import os

from rulesdsl.errors import Diagnostics
from rulesdsl.text import coverage as covmod
from rulesdsl.text.cli import main

from textkit import MINI, MINI_TESTS, load, write_catalogue


def _coverage():
    cat, _ = load(MINI)
    diags = Diagnostics()
    scan = covmod.scan(MINI, [MINI_TESTS], diags)
    assert not diags.has_errors()
    return covmod.build(cat, scan)


def test_totals_on_the_fixture():
    cov = _coverage()
    assert cov.totals() == {"paragraphs": 9, "implemented": 4, "exercised": 4, "neither": 5}
    assert cov.chapters["6"] == {"paragraphs": 4, "implemented": 4, "exercised": 4, "neither": 0}
    assert cov.chapters["1"]["neither"] == 3 and cov.chapters["A"]["neither"] == 1
    assert [e.key for e in cov.neither()] == ["1", "1.1", "1.2", "2.1", "A.1"]
    assert "2" not in cov.chapters.get("2", {}) and cov.entries["2"].empty   # a bare heading


def test_where_each_paragraph_is_implemented_and_exercised():
    e = _coverage().entries
    assert [(os.path.basename(c.pos.file), c.pos.line) for c in e["6.3.1"].data] == [("marqueses.yaml", 5)]
    assert [(os.path.basename(c.pos.file), c.pos.line, c.name) for c in e["6.3.1"].tests] == [
        ("casos_marqueses.py", 5, "test_suprimento")]
    assert [c.name for c in e["6.3.2"].tests] == ["test_torre"]                 # "Lei 6.3.2" in a docstring
    assert [c.name for c in e["6.5.4"].tests] == ["test_guarnicao"]             # "§6.5.4" in a comment
    assert [os.path.basename(c.pos.file) for c in e["6.5.4"].scenarios] == ["erguer.yaml"]
    assert [c.pos.line for c in e["6.5.4"].data] == [14]                        # lei: [6.5.4]


def test_coverage_json_and_text(capsys):
    assert main(["coverage", MINI, "--tests", MINI_TESTS, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"]["neither"] == 5 and data["neither"] == ["1", "1.1", "1.2", "2.1", "A.1"]
    p = next(x for x in data["paragraphs"] if x["paragraph"] == "6.5.4")
    assert len(p["data"]) == 1 and len(p["scenarios"]) == 1 and len(p["tests"]) == 1
    assert main(["coverage", MINI, "--tests", MINI_TESTS, "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "Cobertura de la Ley" in out and "sin datos ni pruebas (5):" in out


def test_unknown_citation_is_an_error_with_a_suggestion(tmp_path, capsys):
    root = write_catalogue(tmp_path, {"6.5.4": "A.", "6.5.5": "B."},
                           data={"regras.yaml": "idioma: pt\nações:\n  - {lei: 6.5.9, efeito: x}\n"})
    assert main(["coverage", str(root), "--tests", str(tmp_path / "none")]) == 1
    err = capsys.readouterr().err
    assert "regras.yaml:3:11: erro T029: §6.5.9 não existe na Lei" in err
    assert "'6.5.5'" in err and "^^^^^" in err


def test_only_citations_of_this_law_count(tmp_path):
    root = write_catalogue(tmp_path / "rs", {"3": "Três.", "3.1": "A.", "6.5.4": "B."})
    tests = tmp_path / "t"
    (tests / "cenarios").mkdir(parents=True)
    (tests / "cenarios" / "outro.yaml").write_text(
        "idioma: pt\nregras: ../games/outro/jogo.yaml\ncenários:\n  - {nome: x, lei: marchar}\n", encoding="utf-8")
    (tests / "cenarios" / "nosso.yaml").write_text(
        "idioma: pt\nregras: ../../rs\ncenários:\n  - {nome: y, lei: 6.5.4}\n", encoding="utf-8")
    (tests / "casos.py").write_text(
        '"""Tradução (issue 2 §3); veja root-components.md §3.1."""\n\n\n'
        "def test_a():\n    # Lei 3.1 e §6.5.4\n    pass\n", encoding="utf-8")
    cat, _ = load(root)
    diags = Diagnostics()
    cov = covmod.build(cat, covmod.scan(str(root), [str(tests)], diags))
    assert not cov.unknown and not diags.has_errors()
    assert [c.name for c in cov.entries["6.5.4"].scenarios] == ["y"]
    assert [c.name for c in cov.entries["6.5.4"].tests] == ["test_a"]
    assert [c.name for c in cov.entries["3.1"].tests] == ["test_a"]
    assert cov.entries["3"].tests == []


def test_yaml_that_is_not_a_scenario_file_cites_nothing(tmp_path):
    # a lexicon in a test folder spells the key `lei:` as "law": not a citation of §law
    root = write_catalogue(tmp_path / "rs", {"6.5.4": "B."})
    tests = tmp_path / "t"
    (tests / "lexicon_en").mkdir(parents=True)
    (tests / "lexicon_en" / "en.yaml").write_text(
        "keys:\n  law: [law]\n  effect: [effect]\nwords:\n  IF: [if]\n", encoding="utf-8")
    (tests / "cenarios").mkdir()
    (tests / "cenarios" / "nosso.yaml").write_text(
        "idioma: pt\nregras: ../../rs\ncenários:\n  - {nome: y, lei: 6.5.4}\n", encoding="utf-8")
    cat, _ = load(root)
    diags = Diagnostics()
    cov = covmod.build(cat, covmod.scan(str(root), [str(tests)], diags))
    assert not diags.has_errors() and not cov.unknown, [d.render() for d in diags.items]
    assert [c.name for c in cov.entries["6.5.4"].scenarios] == ["y"]
