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


GLOSSARY_POST = {**BASE_GLOSSARY,
                 "trade_post": {"pt": {"preferido": "entreposto", "variantes": ["entrepostos"]},
                                "es": {"preferido": "punto de venta", "variantes": ["puntos de venta"]}},
                 "game_box": {"pt": {"preferido": "caixa do jogo", "variantes": []},
                              "es": {"preferido": "caja", "variantes": []}}}
LEAVES_PT = "Sempre que um entreposto é removido, descarte uma carta e retorne o entreposto para a caixa do jogo."


def post(tmp_path, pt, es):
    return run_checks(write_catalogue(tmp_path, {"9.1": pt}, es={"9.1": {"número": "9.1", "texto": es}},
                                      glossary=GLOSSARY_POST))


def test_a_piece_that_leaves_the_game_in_the_law_only_is_a_warning(tmp_path):
    # 11.2.5.I: the reader of the ES puts the trade post back and may build it again
    rep = post(tmp_path, LEAVES_PT, "Cuando se retira un punto de venta, descarta una carta.")
    assert [f.detail for f in warnings(rep, "T181")] == ["leaves:trade_post@a"]
    # G.1.28 / G.1.16: «são removidos permanentemente» against a return to the supply
    rep = post(tmp_path / "b", "Remova a carta. (*Entrepostos são removidos permanentemente*).",
               "Retira la carta. Si eliminan un punto de venta, lo devuelves a tu reserva.")
    assert [f.detail for f in warnings(rep, "T181")] == ["leaves:trade_post@a"]


def test_leaving_the_game_said_otherwise_or_a_default_destination_left_out_is_not(tmp_path):
    for i, es in enumerate([
            # 6.2.2: «no se puede poner otra vez» is the same rule
            "Cuando se retira un punto de venta, descarta una carta; no se puede poner en el mapa otra vez.",
            "Cuando se retira un punto de venta, descarta una carta y devuelve el punto de venta a la caja."]):
        assert not warnings(post(tmp_path / str(i), LEAVES_PT, es), "T181"), es
    # a destination that is no leaving («para o suprimento») left out: the default, not a finding
    rep = post(tmp_path / "s", LEAVES_PT.replace("para a caixa do jogo", "para o seu suprimento"),
               "Cuando se retira un punto de venta, descarta una carta.")
    assert not warnings(rep, "T181")


PLACE_PT = "Posicione o entreposto correspondente e 1 guerreiro na clareira escolhida."


def test_the_laws_matching_piece_placed_as_any_piece_is_a_warning(tmp_path):
    # 11.5.6.III: «o entreposto correspondente» ↔ «un punto de venta»: any trade post
    rep = post(tmp_path, PLACE_PT, "Pone un punto de venta y un guerrero en el claro elegido.")
    assert [f.detail for f in warnings(rep, "T124")] == ["quantifier:trade_post:matching→indefinite"]


def test_the_matching_piece_named_as_precisely_otherwise_is_not(tmp_path):
    for i, es in enumerate([
            "Pone el punto de venta correspondiente y un guerrero en el claro elegido.",
            "Pone su punto de venta y un guerrero en el claro elegido.",          # «su»: the one
            "Pone un punto de venta del palo que coincida y un guerrero en el claro elegido."]):
        assert not warnings(post(tmp_path / str(i), PLACE_PT, es), "T124"), es
    # the translation spelling out a matching the Law leaves to context (8.4.2.II.a)
    rep = post(tmp_path / "r", "Posicione um entreposto e 1 guerreiro na clareira escolhida.",
               "Pone el punto de venta correspondiente y un guerrero en el claro elegido.")
    assert not warnings(rep, "T124")


def test_cannot_come_back_answers_leaves_the_game(tmp_path):
    # 6.2.2: «ela retorna para a caixa do jogo» = «no se puede poner en el mapa otra vez»
    pt = "Se o entreposto é removido, ele retorna para a caixa do jogo."
    rep = post(tmp_path, pt, "Si el punto de venta es eliminado, no se puede poner en el mapa otra vez.")
    assert not warnings(rep, "T120") and codes(rep, "T180")
    # a negation that is no «never again» still counts
    rep = post(tmp_path / "b", pt, "Si el punto de venta es eliminado, no se puede poner en el mapa.")
    assert [f.detail for f in warnings(rep, "T120")] == ["negation:0≠1"]
