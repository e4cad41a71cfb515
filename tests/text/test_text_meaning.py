"""check-text, second version: the meaning of aligned paragraphs (rulesdsl/text/semantics.py).

Each kind is shown caught and not caught: a change a reader would play differently is a
finding; an equivalent rewording is not."""
import json

import pytest

from rulesdsl.cli import main

from textkit import BASE_GLOSSARY, codes, run_checks, write_catalogue

GLOSSARY = {
    **BASE_GLOSSARY,
    "craft": {"pt": {"preferido": "criar", "variantes": []},
              "es": {"preferido": "fabricar", "variantes": []}},
}


def pair(tmp_path, pt, es):
    return run_checks(write_catalogue(tmp_path, {"1.1": pt}, {"1.1": es}, glossary=GLOSSARY))


def loud(rep):
    return [f for f in rep.findings if f.severity != "info"]


# --- a number with what it counts -----------------------------------------------------------

def test_number_changed_where_the_other_value_occurs_elsewhere(tmp_path):
    """'1 carta' → '2 cartas' where a 2 is in the paragraph anyway: invisible to a comparison
    of the sets of numbers, caught by the number with what it counts."""
    rep = pair(tmp_path, "Compre 1 carta e posicione 2 guerreiros.",
               "Roba 2 cartas y pon 2 guerreros.")
    assert not codes(rep, "T110")
    (f,) = codes(rep, "T114")
    assert f.severity == "error" and f.args["concept"] == "card"
    assert (f.args["a"], f.args["b"]) == ("1", "2")


def test_number_with_the_same_noun_is_not_a_finding(tmp_path):
    rep = pair(tmp_path, "Compre duas cartas e posicione 2 guerreiros.",
               "Roba 2 cartas y coloca dos guerreros.")
    assert rep.findings == []


# --- quantifier, modality, timing -----------------------------------------------------------

def test_any_card_against_matching_card(tmp_path):
    rep = pair(tmp_path, "Gaste qualquer carta para batalhar.",
               "Gasta una carta correspondiente para batallar.")
    (f,) = codes(rep, "T124")
    assert f.severity == "warning" and f.detail == "quantifier:card:any→matching"
    assert "qualquer" in f.message("pt") and "correspondiente" in f.message("es")


def test_may_against_must_is_an_error(tmp_path):
    rep = pair(tmp_path, "No Anoitecer, você pode criar.", "Al anochecer, debes fabricar.")
    (f,) = codes(rep, "T125")
    assert f.severity == "error" and f.detail == "modality:craft:may→must"


def test_may_in_both_is_not_a_finding(tmp_path):
    rep = pair(tmp_path, "Você pode criar uma vez.", "Puedes fabricar una vez.")
    assert rep.findings == []


def test_end_of_battle_against_start_of_battle(tmp_path):
    rep = pair(tmp_path, "Remova os guerreiros no fim da batalha.",
               "Retira los guerreros al inicio de la batalla.")
    (f,) = codes(rep, "T126")
    assert f.detail == "timing:battle:end→start"


def test_a_modal_only_one_text_uses_is_a_note(tmp_path):
    rep = pair(tmp_path, "Você deve mover o guerreiro.", "Mueve el guerrero.")
    assert loud(rep) == []
    (f,) = codes(rep, "T127")
    assert f.severity == "info" and f.detail == "modality:must 1≠0"


def test_a_deleted_sentence_is_a_note(tmp_path):
    rep = pair(tmp_path, "Mova um guerreiro. Depois compre uma carta.", "Mueve un guerrero.")
    assert any(f.detail.startswith("sentences:2≠1") for f in codes(rep, "T127"))


def test_summary_is_compared_both_ways_for_swaps(tmp_path):
    """A summary may leave things out, but one that says 'may' where the Law says 'must' is
    rewording the rule: a warning (not an error: a summary is not a translation)."""
    law = {"8.1": "Você deve criar no Anoitecer."}
    summary = {"8.1": {"número": "L1", "texto": "Você pode criar."}}
    rep = run_checks(write_catalogue(tmp_path, law, summary=summary, glossary=GLOSSARY))
    (f,) = codes(rep, "T125")
    assert f.severity == "warning" and f.document == "resumo"


# --- the command: names, notes, --falhar-em, baseline ---------------------------------------

@pytest.fixture
def changed(tmp_path):
    return write_catalogue(tmp_path / "r", {"1.1": "Você deve mover o guerreiro. Compre 1 carta."},
                           {"1.1": "Mueve el guerrero. Roba 1 carta."}, glossary=GLOSSARY)


def test_notes_are_collapsed_unless_asked(changed, capsys):
    assert main(["conferir-texto", str(changed)]) == 0
    out = capsys.readouterr().out
    assert "T127" not in out.split("== resumo ==")[0] and "1 nota oculta (mostre com --notas)" in out
    assert main(["revisar-texto", str(changed), "--notas", "--idioma", "es"]) == 0
    out = capsys.readouterr().out
    assert "T127" in out and "notas ocultas" not in out and "nota oculta" not in out


def test_fail_on_warning_and_a_baseline(tmp_path, capsys):
    root = write_catalogue(tmp_path / "r", {"1.1": "Gaste qualquer carta."},
                           {"1.1": "Gasta una carta correspondiente."}, glossary=GLOSSARY)
    assert main(["conferir-texto", root]) == 0                               # a warning only
    assert main(["conferir-texto", root, "--falhar-em", "aviso"]) == 1
    assert main(["check-text", root, "--fail-on", "warning"]) == 1
    base = tmp_path / "base.json"
    assert main(["conferir-texto", root, "--gravar-linha-de-base", str(base)]) == 0
    assert "T124" in base.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["conferir-texto", root, "--falhar-em", "aviso", "--linha-de-base", str(base), "--json"]) == 0
    (f,) = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["code"] == "T124"]
    assert f["new"] is False
    # a new difference fails even with the baseline, and is marked new
    write_catalogue(tmp_path / "r", {"1.1": "Gaste qualquer carta. Você pode criar."},
                    {"1.1": "Gasta una carta correspondiente. Debes fabricar."}, glossary=GLOSSARY)
    assert main(["conferir-texto", root, "--linha-de-base", str(base)]) == 1
    out = capsys.readouterr().out
    assert "T125 (novo)" in out and "T124 (novo)" not in out


def test_a_bad_baseline_is_reported_not_a_traceback(tmp_path, changed, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    assert main(["conferir-texto", str(changed), "--linha-de-base", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "T030" in err and "Traceback" not in err
    assert main(["conferir-texto", str(changed), "--linha-de-base", str(tmp_path / "none.json")]) == 1


def test_bundled_ruleset_name_and_spanish_names(tmp_path, capsys):
    """`cobertura root` finds the bundled ruleset like `jogar root` does."""
    assert main(["cobertura", "root", "--json", "--idioma", "es", "--pruebas", str(tmp_path)]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["totals"]["paragraphs"] > 500 and not d["diagnostics"]


def test_coverage_says_when_it_finds_no_tests(tmp_path, capsys):
    """A ruleset outside any project (as an installed copy is) has no tests folder: coverage
    says so instead of reporting every paragraph untested in silence."""
    import shutil
    from textkit import MINI
    shutil.copytree(MINI, tmp_path / "mini")
    assert main(["cobertura", str(tmp_path / "mini")]) == 0
    assert "T031" in capsys.readouterr().err


def test_renumbering_is_one_structural_note(tmp_path):
    law = {"3.1": "Compre 1 carta.", "3.2": "Mova 2 guerreiros.", "4.1": "Ataque."}
    es = {"3.1": {"número": "4.1", "texto": "Roba 1 carta."},
          "3.2": {"número": "4.2", "texto": "Mueve 2 guerreros."},
          "4.1": {"número": "4.1b", "texto": "Ataca."}}
    rep = run_checks(write_catalogue(tmp_path, law, es, glossary=GLOSSARY))
    (f,) = codes(rep, "T103")
    assert f.severity == "info" and f.detail == "renumbered:4=3,4.1b=4.1"
    same = run_checks(write_catalogue(tmp_path / "b", law, {"3.1": "Roba 1 carta."}, glossary=GLOSSARY))
    assert not codes(same, "T103")


# --- a limit of how often (T192) --------------------------------------------------------------

AID = "Ajude, em um mesmo turno, uma facção o número de vezes mostrado na trilha."


def test_a_per_turn_limit_left_out_is_a_warning_both_ways(tmp_path):
    (f,) = codes(pair(tmp_path, AID, "Ayuda a una facción el número de veces indicado en el registro."),
                 "T192")
    assert f.severity == "warning" and f.args["have"] == "lei" and f.args["limit"] == "em um mesmo turno"
    (f,) = codes(pair(tmp_path / "b", "Ajude uma facção o número de vezes mostrado na trilha.",
                      "Una vez por turno, ayuda a una facción el número de veces indicado."), "T192")
    assert f.args["have"] == "regras-es"


@pytest.mark.parametrize("es", [
    "Ayuda, en un mismo turno, a una facción el número de veces indicado en el registro.",
    "Cada turno, ayuda a una facción el número de veces indicado en el registro.",   # other words
])
def test_the_same_limit_said_otherwise_is_not_a_finding(tmp_path, es):
    assert not codes(pair(tmp_path, AID, es), "T192")


def test_a_reference_restating_the_rule_without_its_limit_warns_a_summary_notes(tmp_path):
    bare = "Ajude uma facção o número de vezes mostrado na trilha."
    rep = run_checks(write_catalogue(tmp_path, {"9.1": AID}, ref={"9.1": {"número": "9.1", "texto": bare}},
                                     summary={"9.1": bare}, glossary=GLOSSARY))
    assert [(f.document, f.severity) for f in codes(rep, "T192")] == [("referencia", "warning"),
                                                                      ("resumo", "info")]
