"""check-text: a term swapped for its contrary (T193, rulesdsl/text/contrasts.py).

The glossary says which concepts are contraries (`contrário: [reveal]` on `discard`); a text
that names one where the other text names the other, about the same thing, is a warning, in a
summary too. An equivalent rewording, or a remark on another matter, is not a finding."""
import pytest

from textkit import BASE_GLOSSARY, codes, load, run_checks, write_catalogue

GLOSSARY = {
    **BASE_GLOSSARY,
    "discard": {"pt": {"preferido": "descartar", "variantes": ["descarta", "descarte"]},
                "es": {"preferido": "descartar", "variantes": ["descarta"]},
                "contrário": ["reveal"]},
    "reveal": {"pt": {"preferido": "revelar", "variantes": ["revela", "revele", "revelada"]},
               "es": {"preferido": "revelar", "variantes": ["revela", "revelada"]}},
    "bird": {"pt": {"preferido": "pássaro", "variantes": []},
             "es": {"preferido": "pájaro", "variantes": []}},
    "vagabond": {"pt": {"preferido": "Malandro", "variantes": []},
                 "es": {"preferido": "Vagabundo", "variantes": []}},
}
LAW = "Para sacrificar, revele uma carta de pássaro e posicione um guerreiro."


def test_a_summary_that_discards_what_the_law_reveals_warns(tmp_path):
    rep = run_checks(write_catalogue(tmp_path, {"10.5.4": LAW},
                                     summary={"10.5.4": "Sacrifício: descarte uma carta de pássaro e ganhe um guerreiro."},
                                     glossary=GLOSSARY))
    (f,) = codes(rep, "T193")
    assert (f.document, f.severity) == ("resumo", "warning")
    assert (f.args["said"], f.args["other"]) == ("revele", "descarte")


def test_a_translation_is_compared_both_ways(tmp_path):
    rep = run_checks(write_catalogue(tmp_path, {"1.1": "Descarte uma carta de pássaro."},
                                     {"1.1": "Revela una carta de pájaro."}, glossary=GLOSSARY))
    (f,) = codes(rep, "T193")
    assert f.document == "regras-es" and f.args["said"] == "Descarte"


@pytest.mark.parametrize("summary", [
    "Sacrifício: revele uma carta de pássaro e ganhe um guerreiro.",           # the same word
    "Sacrifício: revele e depois descarte uma carta de pássaro.",               # names both
    "Sacrifício: mostre uma carta de pássaro.",                                 # names neither
])
def test_the_same_term_or_no_clean_swap_is_not_a_finding(tmp_path, summary):
    rep = run_checks(write_catalogue(tmp_path, {"10.5.4": LAW}, summary={"10.5.4": summary},
                                     glossary=GLOSSARY))
    assert not codes(rep, "T193")


def test_a_contrary_said_of_another_matter_is_not_a_finding(tmp_path):
    """'sem precisar revelar' about moving and 'o Malandro descarta' about something else
    share no concept near the terms: two remarks, not one rule changed."""
    rep = run_checks(write_catalogue(
        tmp_path, {"9.4.2": "Mova-se para a floresta sem precisar revelar nada."},
        summary={"9.4.2": "Útil quando o Malandro descarta tudo no fim."}, glossary=GLOSSARY))
    assert not codes(rep, "T193")


def test_a_contrary_that_is_not_a_concept_is_an_error_with_a_suggestion(tmp_path):
    g = {**GLOSSARY, "discard": {**GLOSSARY["discard"], "contrário": ["reveall"]}}
    cat, diags = load(write_catalogue(tmp_path, {"1.1": "A."}, glossary=g))
    (d,) = [x for x in diags.items if x.code == "T032"]
    assert d.hint == "reveal" and "'reveall' não é um conceito do glossário" in d.render()
    assert d.pos.file.endswith("glossario.yaml")
