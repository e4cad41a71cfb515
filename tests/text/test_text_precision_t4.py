"""False alarms cut by tradutor4 (issue 18): each a position, the finding it no longer gives,
and the real one it still gives."""
from textkit import BASE_GLOSSARY, codes, run_checks, write_catalogue

LOST = "ícones de itens removidos na conversão do documento"


def pair(tmp_path, pt, es, known=None):
    law = {"9.1": {"texto": pt, **({"erro_conhecido": known} if known else {})}}
    return run_checks(write_catalogue(tmp_path, law, es={"9.1": {"número": "9.1", "texto": es}},
                                      glossary=BASE_GLOSSARY))


def warnings(rep, code):
    return [f for f in codes(rep, code) if f.severity in ("error", "warning")]


def test_a_number_whose_icon_was_lost_is_not_a_number_the_translation_lacks(tmp_path):
    # D.3.2: «Exaura 1 [tocha] para reparar» lost its icon; «Repara tres artículos» lacks nothing
    rep = pair(tmp_path, "Exaura 1  para reparar 3 itens.", "Repara tres artículos.", known=LOST)
    assert not warnings(rep, "T113") and [f.severity for f in codes(rep, "T113")] == ["info"]


def test_a_number_with_its_noun_is_still_a_warning_even_where_icons_were_lost(tmp_path):
    rep = pair(tmp_path / "a", "Exaura 1 carta para reparar 3 itens.", "Repara tres artículos.", known=LOST)
    assert [f.detail for f in warnings(rep, "T113")] == ["cardinal:1≠—"]
    # and without a known loss of icons, a bare number is the translation's omission
    rep = pair(tmp_path / "b", "Exaura 1 para reparar 3 itens.", "Repara tres artículos.")
    assert [f.detail for f in warnings(rep, "T113")] == ["cardinal:1≠—"]
