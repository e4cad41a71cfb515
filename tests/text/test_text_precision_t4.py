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


CRAFT = "Os Ribeirinhos criam durante o Dia, comprometendo cartas. "
CRAFT_ES = "La Gente del Río fabrica de día comprometiendo cartas."


def test_a_negation_in_an_aside_of_its_own_is_a_reminder_a_translation_may_leave_out(tmp_path):
    # 11.2.1: «(*Eles não possuem peças artesanais*)» restates what the rule implies
    rep = pair(tmp_path, CRAFT + "(*Eles não possuem peças artesanais*).", CRAFT_ES)
    assert not warnings(rep, "T120") and codes(rep, "T180")


def test_an_aside_that_restricts_or_forbids_is_still_a_finding(tmp_path):
    # 6.5: «(e que não seja parte de outra ação)» narrows the sentence it sits in
    rep = pair(tmp_path / "a", "Receba uma carta por guerreiro (e que não seja parte de outra batalha).",
               "Recibe una carta por guerrero.")
    assert [f.detail for f in warnings(rep, "T120")] == ["negation:1≠0"]
    # 10.5: «(*... Elas não poderão ser usadas ...*)» forbids, in a sentence of its own
    rep = pair(tmp_path / "b", CRAFT + "(*Revele as cartas. Elas não poderão ser usadas para outra batalha*).",
               CRAFT_ES)
    assert [f.detail for f in warnings(rep, "T120")] == ["negation:1≠0"]
