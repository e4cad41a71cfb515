"""check-text, third round (issue 18): what a negation negates, where a rule sends things, a
rule limited to a phase, and the wordings the measure on Root found to be no change at all.
Each case caught and not caught; the sentences are ours, modelled on the paragraphs of
docs/medidas-do-verificador.md where the measure found them."""
from textkit import BASE_GLOSSARY, codes, load, run_checks, write_catalogue

GLOSSARY = {
    **BASE_GLOSSARY,
    "deck": {"pt": {"preferido": "baralho"}, "es": {"preferido": "mazo"}},
    "discard_pile": {"pt": {"preferido": "monte de descarte"}, "es": {"preferido": "pila de descartes"}},
    "move": {"pt": {"preferido": "mover", "variantes": ["mova"]},
             "es": {"preferido": "mover", "variantes": ["mueve"]}},
    "supply": {"pt": {"preferido": "suprimento"}, "es": {"preferido": "reserva"}},
    "acolyte": {"pt": {"preferido": "acólito", "variantes": ["acólitos"]},
                "es": {"preferido": "acólito", "variantes": ["acólitos"]}},
    "suit": {"pt": {"preferido": "naipe", "variantes": ["naipes"]},
             "es": {"preferido": "palo", "variantes": ["palos"]}},
    "bird": {"pt": {"preferido": "pássaro"}, "es": {"preferido": "pájaro"}},
    "fox": {"pt": {"preferido": "raposa"}, "es": {"preferido": "zorro"}},
    "discard": {"pt": {"preferido": "descartar"}, "es": {"preferido": "descartar"}},
    "item": {"pt": {"preferido": "item", "variantes": ["itens"]},
             "es": {"preferido": "artículo", "variantes": ["artículos"]}},
    "satchel": {"pt": {"preferido": "mochila"}, "es": {"preferido": "Mochila"}},
    "track": {"pt": {"preferido": "trilha"}, "es": {"preferido": "registro"}},
    "game_box": {"pt": {"preferido": "caixa do jogo"}, "es": {"preferido": "caja"}},
    "officer": {"pt": {"preferido": "oficial", "variantes": ["Oficiais"]},
                "es": {"preferido": "oficial", "variantes": ["oficiales"]}},
    "box": {"pt": {"preferido": "seção"}, "es": {"preferido": "recuadro"}},
    "clearing": {"pt": {"preferido": "clareira"}, "es": {"preferido": "claro"}},
    "allied": {"pt": {"preferido": "Aliada", "variantes": ["Aliados"]},
               "es": {"preferido": "Aliada", "variantes": ["Aliados"]}},
    "daylight": {"pt": {"preferido": "Dia"}, "es": {"preferido": "Mañana"}, "fase": "sim"},
    "evening": {"pt": {"preferido": "Anoitecer"}, "es": {"preferido": "Tarde"}, "fase": "sim"},
}


def pair(tmp_path, pt, es, **kw):
    return run_checks(write_catalogue(tmp_path, {"1.1": pt}, {"1.1": es}, glossary=GLOSSARY, **kw))


def loud(rep, code=None):
    return [(f.code, f.severity) for f in rep.findings
            if f.severity != "info" and (code is None or f.code == code)]


# --- what a negation negates (T120 / T180) ---------------------------------------------------

def test_negation_said_positively_is_a_note(tmp_path):
    """«Se não existirem mais cartas no baralho» = «Si el mazo se agota» (Law 2.1): the
    negated word is no concept, and the Spanish names the cards and the deck too."""
    rep = pair(tmp_path, "Se não existirem mais cartas no baralho, embaralhe o monte de descarte.",
               "Si el mazo se agota, baraja la pila de descartes para formar otro mazo de cartas.")
    assert loud(rep, "T120") == [] and codes(rep, "T180")
    # a negated action the other text states plainly is what a reader plays differently
    rep = pair(tmp_path / "b", "Você não pode mover guerreiros para a clareira.",
               "Puedes mover guerreros al claro.")
    assert ("T120", "error") in loud(rep)


def test_negated_classification_is_a_note(tmp_path):
    """«cartas de naipes que não sejam pássaro» = «cartas de zorro» (Law 2.1.1.I)."""
    rep = pair(tmp_path, "Quando descartar cartas de naipes que não sejam pássaro, trate as cartas de pássaro como raposa.",
               "Cuando tengas que descartar cartas de palos zorro, trata las cartas de pájaro como zorro.")
    assert loud(rep, "T120") == []
    # ... unless the other text lacks what it classifies
    rep = pair(tmp_path / "b", "Quando descartar cartas de naipes que não sejam pássaro, trate as cartas como raposa.",
               "Cuando tengas que descartar cartas, trata las cartas como zorro.")
    assert loud(rep, "T120")


def test_instead_of_answers_a_negation(tmp_path):
    """«e não no suprimento» = «en vez de en la reserva» (Law 10.2.3)."""
    rep = pair(tmp_path, "O guerreiro é colocado com os acólitos, e não no suprimento.",
               "El guerrero se pone con los acólitos en vez de en la reserva.")
    assert loud(rep, "T120") == []
    rep = pair(tmp_path / "b", "O guerreiro é colocado com os acólitos, e não no suprimento.",
               "El guerrero se pone con los acólitos.")
    assert ("T120", "error") in loud(rep)


def test_a_necessity_denied_is_a_permission(tmp_path):
    """«(não precisam ser todas na mesma clareira)» restricts nothing (Law 6.3.4)."""
    rep = pair(tmp_path, "Posicione 3 guerreiros *(não precisam ser todos na mesma clareira)*.",
               "Pon 3 guerreros.")
    assert not codes(rep, "T120")
    rep = pair(tmp_path / "b", "Posicione 3 guerreiros *(não podem ficar na mesma clareira)*.",
               "Pon 3 guerreros.")
    assert loud(rep, "T120")


# --- where a rule sends things (T181) --------------------------------------------------------

def test_destination_swapped(tmp_path):
    """«devolvendo-os para a caixa do jogo» against «los devuelve a su reserva» (Law 9.6.4)."""
    rep = pair(tmp_path, "Remova itens da mochila, devolvendo-os para a caixa do jogo.",
               "Retira artículos de la Mochila, y los devuelve a su reserva.")
    (f,) = codes(rep, "T181")
    assert f.severity == "warning" and f.detail == "destination:game_box→supply"
    rep = pair(tmp_path / "b", "Remova itens da mochila, devolvendo-os para a caixa do jogo.",
               "Retira artículos de la Mochila, y los devuelve a la caja.")
    assert not codes(rep, "T181")


def test_destination_left_out_with_its_sentence(tmp_path):
    """«Finalmente, posicione 1 guerreiro na seção de Oficiais.» has no counterpart (8.4.1.III)."""
    rep = pair(tmp_path, "Remova os guerreiros da clareira. Finalmente, posicione 1 guerreiro na seção de Oficiais.",
               "Retira los guerreros del claro.")
    assert [f.detail for f in codes(rep, "T181")] == ["destination:box@a"]
    rep = pair(tmp_path / "b", "Remova os guerreiros da clareira. Finalmente, posicione 1 guerreiro na seção de Oficiais.",
               "Retira los guerreros del claro. Pon 1 guerrero en el recuadro de oficiales.")
    assert not codes(rep, "T181")


def test_no_destination_where_the_move_is_denied(tmp_path):
    """«no se puede poner en el mapa otra vez» sends nothing anywhere."""
    rep = pair(tmp_path, "Se o guerreiro for removido, ele volta para a caixa do jogo.",
               "Si el guerrero es eliminado, no se puede poner en el claro otra vez.")
    assert not codes(rep, "T181")


# --- a rule limited to a phase in one text (T182) --------------------------------------------

def test_rule_limited_to_a_phase_in_one_text(tmp_path):
    """«Por la Mañana, cuando mueve ...» against «Sempre que você se mover» (9.2.9.II.b)."""
    rep = pair(tmp_path, "Sempre que você mover, você pode mover guerreiros Aliados com você.",
               "Por la Mañana, cuando mueve, puede mover los guerreros Aliados con él.")
    (f,) = codes(rep, "T182")
    assert f.severity == "warning" and f.detail == "phase:daylight@b"
    # both limit it, or the phase is only the next step ("termine o Dia"): nothing
    rep = pair(tmp_path / "b", "Durante o Dia, você pode mover guerreiros Aliados.",
               "Por la Mañana, puede mover los guerreros Aliados.")
    assert not codes(rep, "T182")
    rep = pair(tmp_path / "c", "Mova 2 guerreiros e siga para o Anoitecer.", "Mueve 2 guerreros.")
    assert not codes(rep, "T182")


def test_phase_mark_must_be_yes_or_no(tmp_path):
    gl = dict(GLOSSARY, daylight={"pt": {"preferido": "Dia"}, "es": {"preferido": "Mañana"}, "fase": "talvez"})
    cat, diags = load(write_catalogue(tmp_path, {"1.1": "Texto."}, glossary=gl))
    assert [d.code for d in diags] == ["T004"]


# --- wordings that change nothing ------------------------------------------------------------

def test_summary_wording_is_a_note_but_a_counted_change_warns(tmp_path):
    law = {"1.1": "Cada jogador compra 3 cartas."}
    rep = run_checks(write_catalogue(tmp_path, law, summary={"1.1": "Há dois passos: cada jogador compra 3 cartas."},
                                     glossary=GLOSSARY))
    assert loud(rep) == [] and codes(rep, "T113")
    rep = run_checks(write_catalogue(tmp_path / "b", law, summary={"1.1": "Cada jogador compra 2 cartas."},
                                     glossary=GLOSSARY))
    assert ("T114", "warning") in loud(rep)


def test_remaining_is_all_but_some(tmp_path):
    """«os ninhos restantes» = «todos sus espacios excepto el de la izquierda» (7.3.5)."""
    rep = pair(tmp_path, "Posicione os guerreiros restantes na trilha.",
               "Pone sus guerreros en todos los espacios excepto el de la izquierda.")
    assert loud(rep, "T121") == []
    rep = pair(tmp_path / "b", "Posicione os guerreiros na trilha.",
               "Pone sus guerreros en todos los espacios excepto el de la izquierda.")
    assert loud(rep, "T121")


def test_or_and_that_choose_nothing(tmp_path):
    """A zero typed «o» in quotes, the last joint of a list, «entre X y Y» (5.1.2, P, 6.3.4)."""
    rep = pair(tmp_path, 'Ponha o marcador no valor "0". Escolha Marqueses, Rapinas, Aliança e Malandro. '
                         "Posicione-os na clareira ou nas adjacentes.",
               'Pon el marcador en la casilla "o". Elige Marquesa, Águila, Alianza o Vagabundo. '
               "Ponlos entre el claro y los adyacentes.")
    assert loud(rep) == []
    rep = pair(tmp_path / "b", "Você pode mover ou batalhar.", "Puede mover y batallar.")
    assert loud(rep, "T123")


def test_quoted_moment_and_when_it_begins(tmp_path):
    """«Qualquer coisa que diga “no início”» mentions the phrase (1.4); «cuando comienza una
    batalla» is «no início de uma batalha» (9.2.9.II.c) — but «comienza una batalla» alone is
    the action."""
    rep = pair(tmp_path, "No início de uma batalha, você pode tratar os guerreiros como seus.",
               "Cuando comienza una batalla, puede tratar a los guerreros como suyos.")
    assert not codes(rep, "T126")
    rep = pair(tmp_path / "b", "Ao final de uma batalha, você pode tratar os guerreiros como seus.",
               "Cuando comienza una batalla, puede tratar a los guerreros como suyos.")
    assert codes(rep, "T126")


def test_restated_numbers_of_a_list_and_a_zero_floor(tmp_path):
    rep = pair(tmp_path, "Posicione as 5 serrarias, 5 oficinas e 5 recrutadores restantes.",
               "Pone el resto de sus construcciones.")
    assert loud(rep, "T113") == []
    rep = pair(tmp_path / "b", "Cada conspiração custa 1 acólito a menos.",
               "Cada conspiración cuesta 1 acólito menos, a un mínimo de cero.")
    assert loud(rep, "T113") == []
    rep = pair(tmp_path / "c", "Posicione 5 serrarias e 5 oficinas.", "Pone sus construcciones.")
    assert loud(rep, "T113")


def test_ordinal_adverb_is_weak(tmp_path):
    rep = pair(tmp_path, "O atacante escolhe quem usa primeiro (1.1).", "El atacante elige el orden.")
    assert not codes(rep, "T112")
    rep = pair(tmp_path / "b", "O primeiro jogador escolhe.", "El jugador elige.")
    assert codes(rep, "T112")
