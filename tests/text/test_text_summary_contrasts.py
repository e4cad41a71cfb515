"""A summary that SAYS something else than the Law is a warning (T193–T196); one that only
leaves something out is not. Each kind: caught both ways, and an equivalent rewording not.

The contrasts are the ruleset's data (texto/contrastes/*.yaml), written here per catalogue."""
from __future__ import annotations

import copy
import os

import pytest
from textkit import BASE_GLOSSARY, codes, load, run_checks, write_catalogue

from rulesdsl.text import contrasts as cmod


def _t(pt, es):
    pt, es = (pt if isinstance(pt, list) else [pt]), (es if isinstance(es, list) else [es])
    return {"pt": {"preferido": pt[0], "variantes": pt[1:]}, "es": {"preferido": es[0], "variantes": es[1:]}}


GLOSSARY = copy.deepcopy(BASE_GLOSSARY)
GLOSSARY.update({
    "discard": _t(["descartar", "descarta", "descarte"], ["descartar", "descarta"]),
    "spend": _t(["gastar", "gaste", "gasta"], ["gastar", "gasta"]),
    "reveal": _t(["revelar", "revele", "revela", "revelada"], ["revelar", "revela", "revelada"]),
    "exhaust": _t(["exaurir", "exaura", "exauridos"], ["agotar", "agotados"]),
    "damage": _t(["danificar", "danificados"], ["dañar", "dañados"]),
    "item": _t(["item", "itens"], ["objeto", "objetos"]),
    "forest": _t(["floresta"], ["bosque"]),
    "funds": _t(["Fundos", "fundo"], ["fondos"]),
    "payments_box": _t(["Pagamentos", "seção de Pagamentos"], ["pagos"]),
    "suit": _t(["naipe", "naipes"], ["palo", "palos"]),
    "craft": _t(["criar", "cria"], ["fabricar", "fabrica"]),
    "craft_cost": _t(["custo"], ["coste"]),
    "roost": _t(["ninho", "ninhos"], ["nido", "nidos"]),
    "random": _t(["aleatória", "aleatoriamente"], ["al azar"]),
    "vagabond": _t(["Malandro"], ["Vagabundo"]),
    "take": _t(["pegar", "pega"], ["coger", "coge"]),
    "trade_post": _t(["entreposto"], ["puesto comercial"]),
    "remove": _t(["removido", "remova"], ["retirado", "retira"]),
    "bird": _t(["pássaro"], ["pájaro"]),
    "wild": _t(["curinga", "curingas", "coringas"], ["comodín", "comodines"]),
    "ritual": _t(["ritual", "rituais"], ["ritual", "rituales"]),
    "lizard_cult": _t(["Cultistas", "Lagartos"], ["Culto"]),
})
CONTRASTS = """idioma: pt
contrastes:
  - par: [[discard, spend], reveal]
  - par: [exhaust, damage]
  - par: [payments_box, funds]
  - par: [craft_cost, card]
    de: suit
    contexto: craft
qualificadores: [random]
casos: [battle]
"""
CRAFT = "Para criar uma carta, ative peças cujos naipes correspondam aos naipes listados no custo."


def _run(tmp_path, law: dict, summary=None, es=None, contrasts=CONTRASTS):
    root = write_catalogue(tmp_path, law, es=es, summary=summary, glossary=GLOSSARY)
    folder = os.path.join(root, "texto", "contrastes")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "contrastes.yaml"), "w", encoding="utf-8") as fh:
        fh.write(contrasts)
    return run_checks(root)


def _found(rep, code, doc="resumo"):
    return [f for f in codes(rep, code, doc) if f.severity == "warning"]


# -- T193: a verb of consequence, a state, a place: one of a pair where the other says the other

@pytest.mark.parametrize("law,other", [
    ("Revele uma carta de pássaro e posicione um guerreiro.",
     "Descarte uma carta de pássaro e posicione um guerreiro."),
    ("Se você está na floresta, repare os itens danificados.",
     "Se você está na floresta, repare os itens exauridos."),
    ("Posicione 3 guerreiros na seção de Pagamentos.",
     "Comece com três guerreiros no espaço dos Fundos."),
])
def test_a_summary_saying_the_other_of_a_pair_warns_both_ways(tmp_path, law, other):
    rep = _run(tmp_path / "a", {"1.1": law}, summary={"1.1": other})
    assert len(_found(rep, "T193")) == 1
    back = _run(tmp_path / "b", {"1.1": other}, summary={"1.1": law})
    assert len(_found(back, "T193")) == 1


def test_the_same_act_said_otherwise_is_not_a_contrast(tmp_path):
    rep = _run(tmp_path, {"1.1": "Revele uma carta de pássaro e posicione um guerreiro.",
                          "1.2": "Posicione 3 guerreiros na seção de Pagamentos."},
               summary={"1.1": "Você revela uma carta de pássaro para colocar um guerreiro.",
                        "1.2": "Começa com três guerreiros em Pagamentos."})
    assert not [f for f in rep.findings if f.code in ("T193", "T194", "T195", "T196")]


def test_a_pair_about_different_things_is_no_contrast(tmp_path):
    """"sem precisar exaurir" (a move) against "o Malandro danificado": not the same thing."""
    rep = _run(tmp_path, {"1.1": "Mova-se para a floresta sem precisar exaurir."},
               summary={"1.1": "Usada para ir à floresta, quando o Malandro está muito danificado."})
    assert not _found(rep, "T193")


def test_a_spanish_translation_swapping_the_verb_is_caught(tmp_path):
    rep = _run(tmp_path, {"1.1": "Revele uma carta de pássaro e posicione um guerreiro."},
               es={"1.1": "Descarta una carta de pájaro y coloca un guerrero."})
    assert [f.detail for f in codes(rep, "T193", "regras-es")] == ["contrast:reveal→discard+spend"]


# -- T193 with `de`: the card's suit against the cost's suits, and the Law's general rule

def test_the_cards_suit_for_the_costs_suits_warns(tmp_path):
    rep = _run(tmp_path, {"4.1": CRAFT,
                          "7.5": "Criar. Você pode ativar ninhos para criar cartas da sua mão.",
                          "11.5.3": "Coloque os guerreiros nos espaços dos naipes listados no custo para criar."},
               summary={"7.5": "Podem criar com os ninhos: o naipe da carta tem que ser o da clareira.",
                        "11.5.3": "Para criar, coloque o guerreiro no espaço do naipe da carta criada."})
    got = {f.paragraph: f.detail for f in _found(rep, "T193")}
    # 7.5 says neither: judged against what the Law says wherever it speaks of crafting
    assert got == {"7.5": "contrast:craft_cost→card@suit:general",
                   "11.5.3": "contrast:craft_cost→card@suit"}


def test_the_costs_suits_said_otherwise_are_not_a_contrast(tmp_path):
    rep = _run(tmp_path, {"4.1": CRAFT, "7.5": "Criar. Você pode ativar ninhos para criar cartas da sua mão."},
               summary={"7.5": "Criam com os ninhos, pagando os naipes do custo da carta."})
    assert not _found(rep, "T193")


# -- T194: a qualifier that changes the act

def test_a_random_card_against_a_card_warns_both_ways(tmp_path):
    law = "Sempre que um jardim for removido, os Cultistas devem descartar uma carta aleatória."
    said = "Quando um jardim é destruído, você tem que descartar uma carta."
    rep = _run(tmp_path / "a", {"1.1": law}, summary={"1.1": said})
    assert [f.detail for f in _found(rep, "T194")] == ["qualifier:random@a:card+discard"]
    back = _run(tmp_path / "b", {"1.1": said}, summary={"1.1": law})
    assert [f.detail for f in _found(back, "T194")] == ["qualifier:random@b:card+discard"]


def test_random_said_otherwise_or_about_another_act_is_not_a_finding(tmp_path):
    rep = _run(tmp_path, {"1.1": "Os Cultistas devem descartar uma carta aleatória.",
                          "1.2": "Se um jogador deve pegar uma carta aleatória da mão, embaralhe-as."},
               summary={"1.1": "Você descarta aleatoriamente uma carta.",
                        "1.2": "As cartas da sua mão ficam abertas na mesa."})
    assert not _found(rep, "T194")


# -- T195: may ↔ must across the sentence

def test_may_take_against_must_take_with_the_subject_between_warns(tmp_path):
    rep = _run(tmp_path, {"1.1": "Depois, você pode pegar um item daquele jogador."},
               summary={"1.1": "Em troca, obrigatoriamente o Malandro pega um item da facção."})
    assert [f.detail for f in _found(rep, "T195")] == ["modal:item:may→must"]


def test_the_cost_of_an_optional_action_is_not_a_modal_swap(tmp_path):
    rep = _run(tmp_path, {"1.1": "Depois, você pode pegar um item daquele jogador.",
                          "1.2": "Para realizar esta ação você deve revelar uma carta de pássaro."},
               summary={"1.1": "Depois, o Malandro pode pegar um item da facção.",
                        "1.2": "Os Lagartos podem revelar uma carta de pássaro para isso."})
    assert not _found(rep, "T195")


# -- T196: a rule narrowed to a case

def test_a_summary_narrowing_a_rule_to_a_battle_warns(tmp_path):
    rep = _run(tmp_path, {"1.1": "Sempre que um entreposto é removido, remova metade dos Fundos."},
               summary={"1.1": "Em uma batalha, quando um entreposto é removido, você perde metade dos Fundos."})
    assert [f.detail for f in _found(rep, "T196")] == ["case:battle@b"]


def test_a_battle_left_out_is_an_omission_in_a_summary_and_a_warning_in_a_translation(tmp_path):
    law = {"1.1": "Em uma batalha, cada guerreiro removido dá 1 ponto."}
    rep = _run(tmp_path / "a", law, summary={"1.1": "Cada guerreiro removido dá 1 ponto."},
               es={"1.1": "Cada guerrero retirado da 1 punto."})
    assert not _found(rep, "T196")
    assert [f.detail for f in _found(rep, "T196", "regras-es")] == ["case:battle@a"]
    same = _run(tmp_path / "b", {"1.1": "Remova os guerreiros da clareira da batalha."},
                summary={"1.1": "Na batalha, remova os guerreiros."})
    assert not _found(same, "T196")


def test_a_prohibition_limited_to_something_else_warns_even_in_a_summary(tmp_path):
    law = {"1.1": "Cartas de pássaro não são curingas para os rituais dos Cultistas."}
    rep = _run(tmp_path, law,
               summary={"1.1": "As cartas de pássaro não servem como coringas para os Lagartos."},
               es={"1.1": "Las cartas de pájaro no son comodines para el Culto."})
    assert [f.detail for f in _found(rep, "T196")] == ["scope:ritual→lizard_cult"]
    assert [f.detail for f in _found(rep, "T196", "regras-es")] == ["scope:ritual→lizard_cult"]


def test_the_same_limit_or_none_at_all_is_no_scope_finding(tmp_path):
    law = {"1.1": "Cartas de pássaro não são curingas para os rituais dos Cultistas."}
    rep = _run(tmp_path, law, summary={"1.1": "Nos rituais, as cartas de pássaro não são curingas para os Lagartos."},
               es={"1.1": "Las cartas de pájaro no son comodines para los rituales del Culto."})
    assert not [f for f in rep.findings if f.code == "T196"]


# -- the table is data: its mistakes are reported with their place

def test_an_unknown_concept_in_the_contrasts_is_an_error_with_its_line(tmp_path):
    root = write_catalogue(tmp_path, {"1.1": "Revele uma carta."}, summary={"1.1": "Descarte uma carta."},
                           glossary=GLOSSARY)
    folder = os.path.join(root, "texto", "contrastes")
    os.makedirs(folder)
    with open(os.path.join(folder, "contrastes.yaml"), "w", encoding="utf-8") as fh:
        fh.write("idioma: pt\ncontrastes:\n  - par: [discard, revael]\n  - pares: [item]\n")
    cat, diags = load(root)
    cmod.attach(cat, diags)
    errs = [(d.code, d.pos.line, d.hint) for d in diags if d.severity == "error"]
    # the misspelt concept (with the nearest one), the unknown key, the pair it lacks
    assert errs == [("T003", 3, "reveal"), ("T003", 4, "par"), ("T002", 4, None)]
    assert cat.contrasts.pairs == []


def test_check_text_stops_on_a_broken_contrasts_table_with_file_line_and_hint(tmp_path, capsys):
    from rulesdsl.cli import main
    root = write_catalogue(tmp_path, {"1.1": "Revele uma carta."}, summary={"1.1": "Descarte uma carta."},
                           glossary=GLOSSARY)
    folder = os.path.join(root, "texto", "contrastes")
    os.makedirs(folder)
    path = os.path.join(folder, "contrastes.yaml")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("idioma: pt\ncasos: [batalhas]\n")
    assert main(["check-text", root, "--lang", "es"]) == 1
    err = capsys.readouterr().err
    assert "contrastes.yaml:2:" in err and "batalhas" in err and "battle" in err
