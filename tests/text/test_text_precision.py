"""check-text on the real documents: the false alarms and the misses found by reading them
(docs/medidas-do-verificador.md), each fixed at its cause and shown here caught and not caught.
The sentences are ours, modelled on the paragraphs where the measure found them."""
from textkit import BASE_GLOSSARY, codes, run_checks, write_catalogue

GLOSSARY = {
    **BASE_GLOSSARY,
    "suit": {"pt": {"preferido": "naipe", "variantes": ["naipes"]},
             "es": {"preferido": "palo", "variantes": ["palos"]}},
    "move": {"pt": {"preferido": "movimento", "variantes": ["movimentos"]},
             "es": {"preferido": "movimiento", "variantes": ["movimientos"]}},
}


def pair(tmp_path, pt, es, **kw):
    return run_checks(write_catalogue(tmp_path, {"1.1": pt}, {"1.1": es}, glossary=GLOSSARY, **kw))


def loud(rep):
    return [(f.code, f.severity) for f in rep.findings if f.severity != "info"]


# --- restrictions worded another way (T120) --------------------------------------------------

def test_negation_with_exception_against_only(tmp_path):
    """«não podem ser removidas a menos que» and «sólo pueden ser retiradas por» are one
    restriction each (Law 2.2.4 against the Spanish rules)."""
    rep = pair(tmp_path, "As ruínas não podem ser removidas a menos que explicitado.",
               "Las ruinas sólo pueden ser retiradas por la acción de explorar.")
    assert loud(rep) == []
    # ... but dropping the restriction is still caught
    rep = pair(tmp_path / "b", "As ruínas não podem ser removidas a menos que explicitado.",
               "Las ruinas pueden ser retiradas por la acción de explorar.")
    assert ("T120", "error") in loud(rep)


def test_stop_doing_is_a_negation(tmp_path):
    """«Você não irá mais receber PVs» = «Dejas de anotar puntos» (Law 3.3.1)."""
    rep = pair(tmp_path, "Você não irá mais receber cartas.", "Dejas de recibir cartas.")
    assert not codes(rep, "T120")
    rep = pair(tmp_path / "b", "Você não irá mais receber cartas.", "Recibes cartas.")
    assert codes(rep, "T120")


def test_negated_attribute_is_a_state_not_a_restriction(tmp_path):
    """«clareira neutra» / «claro no afín», «bônus revelado» / «bono no tapado» (Law 8.6.1.IV,
    10.6.3): the Spanish names a state with «no», the Law with a positive word."""
    rep = pair(tmp_path, "Remova um guerreiro de uma clareira neutra e compre 1 carta por bônus revelado.",
               "Retira un guerrero de un claro no afín y roba 1 carta por bono no tapado.")
    assert not codes(rep, "T120")
    # a negated verb is still a negation
    rep = pair(tmp_path / "b", "Remova um guerreiro de uma clareira neutra.",
               "No retires un guerrero de un claro no afín.")
    assert codes(rep, "T120")


def test_glued_negation_is_an_exception(tmp_path):
    """«no-Vagabundo» excludes a name as «exceto o Malandro» or «além dos Malandros» does."""
    rep = pair(tmp_path, "Pegue um marcador para cada facção além dos Malandros.",
               "Coge una ficha por cada facción no-Vagabundo.")
    assert loud(rep) == []
    rep = pair(tmp_path / "b", "Pegue um marcador para cada facção além dos Malandros.",
               "Coge una ficha por cada facción.")
    assert codes(rep, "T121")


def test_a_difference_only_in_an_aside_is_a_warning(tmp_path):
    """A negation only in a parenthesised reminder (Law 6.5, 11.4.2) asks for a reading;
    one in the rule itself is an error."""
    rep = pair(tmp_path, "Posicione 3 guerreiros (*que não sejam parte de outra batalha*).",
               "Pon 3 guerreros.")
    (f,) = codes(rep, "T120")
    assert f.severity == "warning"
    rep = pair(tmp_path / "b", "Você não pode posicionar 3 guerreiros.", "Pon 3 guerreros.")
    (f,) = codes(rep, "T120")
    assert f.severity == "error"


def test_a_heading_against_an_introduction_is_not_compared(tmp_path):
    """The Spanish chapter «REGLAS DE ORO» is a title only; the Law's has an introduction."""
    root = write_catalogue(tmp_path, {"1": {"título": "Regras de Ouro",
                                            "texto": "Não é preciso ler este capítulo."}},
                           {"1": {"título": "REGLAS DE ORO", "texto": ""}}, glossary=GLOSSARY)
    assert loud(run_checks(root)) == []


def test_inclusion_flipped_is_an_error(tmp_path):
    """«incluindo pássaros» against «sin incluir los pájaros» reverses the rule (Law 8.2.6)."""
    rep = pair(tmp_path, "Mostre as cartas correspondentes (incluindo de pássaro).",
               "Muestra las cartas apropiadas (sin incluir los pájaros).")
    (f,) = codes(rep, "T122")
    assert f.severity == "error"
    # an inclusion only dropped is a warning; «incluso una carta» is an inclusion
    rep = pair(tmp_path / "b", "Descarte as cartas (incluindo as de domínio).",
               "Descarta las cartas (incluso una carta de dominación).")
    assert not codes(rep, "T122")
    rep = pair(tmp_path / "c", "Descarte as cartas (incluindo as de domínio).", "Descarta las cartas.")
    (f,) = codes(rep, "T122")
    assert f.severity == "warning"


# --- misses found by reading (T124, T126) ---------------------------------------------------

def test_a_bound_against_the_bare_number(tmp_path):
    """«Realize até 2 movimentos» against «Hace dos movimientos» (Law 6.5.2)."""
    rep = pair(tmp_path, "Realize até 2 movimentos.", "Hace dos movimientos.")
    (f,) = codes(rep, "T124")
    assert f.severity == "warning" and f.detail == "quantifier:bound:up_to:2:1≠0"
    assert "até 2" in f.message("pt") and "hasta 2" in f.message("es")
    rep = pair(tmp_path / "b", "Realize até 2 movimentos.", "Haz hasta dos movimientos.")
    assert not codes(rep, "T124")


def test_matching_with_suit_bears_on_the_card(tmp_path):
    """«uma carta com naipe correspondente à clareira» against «cualquier carta» (Law 6.2.3)."""
    rep = pair(tmp_path, "Gaste uma carta com naipe correspondente à clareira da batalha.",
               "Gasta cualquier carta para la batalla.")
    (f,) = codes(rep, "T124")
    assert f.detail == "quantifier:card:matching→any"
    rep = pair(tmp_path / "b", "Gaste uma carta com naipe correspondente à clareira da batalha.",
               "Gasta una carta que se corresponda con el claro de la batalla.")
    assert not codes(rep, "T124")


def test_a_moment_only_one_text_gives(tmp_path):
    """«se tornará Hostil ao final da batalha» against «se vuelve Hostil» at once (Law
    9.2.9.II.d); both naming the end, or neither, is no finding."""
    rep = pair(tmp_path, "Descarte 2 cartas ao final da batalha.", "Descarta 2 cartas en la batalla.")
    (f,) = codes(rep, "T126")
    assert f.severity == "warning" and f.detail == "timing:battle:end@a"
    rep = pair(tmp_path / "b", "Descarte 2 cartas ao final da batalha.", "Descarta 2 cartas al final de la batalla.")
    assert not codes(rep, "T126")
    rep = pair(tmp_path / "c", "Descarte 2 cartas depois da batalha.", "Descarta 2 cartas en la batalla.")
    assert not codes(rep, "T126")     # «depois» is said or left out as style


# --- text against data (T160) ---------------------------------------------------------------

LIST_LAW = {"B.4.3": "56 guerreiros (20 das Centenas, 15 dos Guardiões, 12 das Patrulhas), "
                     "1 Senhor da Guerra, 1 peão.",
            "6.3.1": "Forme um suprimento de 25 guerreiros e 8 madeiras."}


def test_a_list_of_components_does_not_contradict_one_count(tmp_path):
    data = "idioma: pt\npeças:\n  guerreiro: {quantidade: 6, lei: B.4.3}\n"
    rep = run_checks(write_catalogue(tmp_path, LIST_LAW, data={"capangas/c.yaml": data}), True)
    assert not codes(rep, "T160") and codes(rep, "T163")
    # one count against a paragraph that says one count is still a conflict
    data = "idioma: pt\npeças:\n  guerreiro: {quantidade: 20, lei: 6.3.1}\n"
    rep = run_checks(write_catalogue(tmp_path / "b", LIST_LAW, data={"faccoes/m.yaml": data}), True)
    assert codes(rep, "T160")


def test_a_comment_naming_a_source_file_is_the_numbers_source(tmp_path):
    data = "idioma: pt\nfacção:\n  lei: 6.3.1\n  alcance: 9    # root-components.md (VRA)\n"
    rep = run_checks(write_catalogue(tmp_path, LIST_LAW, data={"faccoes/m.yaml": data}), True)
    assert not codes(rep, "T160")
    data = "idioma: pt\nfacção:\n  lei: 6.3.1\n  alcance: 9    # conferir\n"
    rep = run_checks(write_catalogue(tmp_path / "b", LIST_LAW, data={"faccoes/m.yaml": data}), True)
    assert codes(rep, "T160")


# --- a number said only in one text (T113) ---------------------------------------------------

def test_a_total_said_again_is_a_note(tmp_path):
    """«Posicione as 5 serrarias restantes» against «Pon el resto de tus aserraderos», and
    «(*4 locais no total*)»: a total the reader knows, said again (Law 6.3.5, 5.1.4)."""
    rep = pair(tmp_path, "Posicione as 5 serrarias restantes (*4 locais no total*).",
               "Pon el resto de tus aserraderos.")
    assert [f.severity for f in codes(rep, "T113")] == ["info", "info"]
    # a number that states the rule is a warning
    rep = pair(tmp_path / "b", "Numa partida com 2 jogadores, remova 4 cartas.", "Retira cartas.")
    assert {f.severity for f in codes(rep, "T113")} == {"warning"}


def test_negations_over_merged_paragraphs_are_a_note(tmp_path):
    """Four Law paragraphs rendered by one (Law 1.5 against the Spanish «PIEZAS»): the counts
    span texts that do not say the same things (on Root 2 of 3 such warnings were false)."""
    root = write_catalogue(tmp_path, {"1.5": "Peças.", "1.5.1": "Não use peças substitutas.",
                                      "1.5.2": "Posicione o que puder."},
                           {"1.5": {"texto": "Las piezas están limitadas.",
                                    "alineado": ["1.5", "1.5.1", "1.5.2"]}}, glossary=GLOSSARY)
    (f,) = codes(run_checks(root), "T120")
    assert f.severity == "info"


def test_or_in_a_title_is_not_a_choice(tmp_path):
    """«Removendo Construções ou Marcadores.» names the paragraph (Law 3.2.1); the rule's own
    «ou» turned «e» is still caught."""
    law = {"1.1": {"título": "Removendo Construções ou Marcadores.",
                   "texto": "Sempre que remover uma construção ou um marcador, receba 1 PV."}}
    rep = run_checks(write_catalogue(tmp_path, law, {"1.1": {"título": "Fichas.",
        "texto": "Cuando retiras una construcción o una ficha, anota 1 punto y roba."}}, glossary=GLOSSARY))
    assert not codes(rep, "T123")
    rep = run_checks(write_catalogue(tmp_path / "b", law, {"1.1": {"título": "Fichas.",
        "texto": "Cuando retiras una construcción y una ficha, anota 1 punto."}}, glossary=GLOSSARY))
    assert codes(rep, "T123")
