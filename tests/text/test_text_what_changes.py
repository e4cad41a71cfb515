"""check-text, third round (issue 18): what a negation negates, where a rule sends things, a
rule limited to a phase, and the wordings the measure on Root found to be no change at all.
Each case caught and not caught; the sentences are ours, modelled on the paragraphs of
docs/medidas-do-verificador.md where the measure found them."""
import pytest
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


# every case is one paragraph of one catalogue, checked once (cheap): a Law text and its
# Spanish rendering; tests read the findings of their own paragraphs
CASES = {
    # what a negation negates
    "1.1": ("Se não existirem mais cartas no baralho, embaralhe o monte de descarte.",
            "Si el mazo se agota, baraja la pila de descartes para formar otro mazo de cartas."),
    "1.2": ("Você não pode mover guerreiros para a clareira.", "Puedes mover guerreros al claro."),
    "1.3": ("Quando descartar cartas de naipes que não sejam pássaro, trate as cartas de pássaro como raposa.",
            "Cuando tengas que descartar cartas de palos zorro, trata las cartas de pájaro como zorro."),
    "1.4": ("Quando descartar cartas de naipes que não sejam pássaro, trate as cartas como raposa.",
            "Cuando tengas que descartar cartas, trata las cartas como zorro."),
    "1.5": ("O guerreiro é colocado com os acólitos, e não no suprimento.",
            "El guerrero se pone con los acólitos en vez de en la reserva."),
    "1.6": ("O guerreiro é colocado com os acólitos, e não no suprimento.",
            "El guerrero se pone con los acólitos."),
    "1.7": ("Posicione 3 guerreiros *(não precisam ser todos na mesma clareira)*.", "Pon 3 guerreros."),
    "1.8": ("Posicione 3 guerreiros *(não podem ficar na mesma clareira)*.", "Pon 3 guerreros."),
    # where a rule sends things
    "2.1": ("Remova itens da mochila, devolvendo-os para a caixa do jogo.",
            "Retira artículos de la Mochila, y los devuelve a su reserva."),
    "2.2": ("Remova itens da mochila, devolvendo-os para a caixa do jogo.",
            "Retira artículos de la Mochila, y los devuelve a la caja."),
    "2.3": ("Remova os guerreiros da clareira. Finalmente, posicione 1 guerreiro na seção de Oficiais.",
            "Retira los guerreros del claro."),
    "2.4": ("Remova os guerreiros da clareira. Finalmente, posicione 1 guerreiro na seção de Oficiais.",
            "Retira los guerreros del claro. Pon 1 guerrero en el recuadro de oficiales."),
    "2.5": ("Se o guerreiro for removido, ele volta para a caixa do jogo.",
            "Si el guerrero es eliminado, no se puede poner en el claro otra vez."),
    # a rule limited to a phase
    "3.1": ("Sempre que você mover, você pode mover guerreiros Aliados com você.",
            "Por la Mañana, cuando mueve, puede mover los guerreros Aliados con él."),
    "3.2": ("Durante o Dia, você pode mover guerreiros Aliados.",
            "Por la Mañana, puede mover los guerreros Aliados."),
    "3.3": ("Mova 2 guerreiros e siga para o Anoitecer.", "Mueve 2 guerreros."),
    # wordings that change nothing
    "4.1": ("Posicione os guerreiros restantes na trilha.",
            "Pone sus guerreros en todos los espacios excepto el de la izquierda."),
    "4.2": ("Posicione os guerreiros na trilha.",
            "Pone sus guerreros en todos los espacios excepto el de la izquierda."),
    "4.3": ('Ponha o marcador no valor "0". Escolha Marqueses, Rapinas, Aliança e Malandro. '
            "Posicione-os na clareira ou nas adjacentes.",
            'Pon el marcador en la casilla "o". Elige Marquesa, Águila, Alianza o Vagabundo. '
            "Ponlos entre el claro y los adyacentes."),
    "4.4": ("Você pode mover ou batalhar.", "Puede mover y batallar."),
    "4.5": ("No início de uma batalha, você pode tratar os guerreiros como seus.",
            "Cuando comienza una batalla, puede tratar a los guerreros como suyos."),
    "4.6": ("Ao final de uma batalha, você pode tratar os guerreiros como seus.",
            "Cuando comienza una batalla, puede tratar a los guerreros como suyos."),
    "4.7": ("Posicione as 5 serrarias, 5 oficinas e 5 recrutadores restantes.",
            "Pone el resto de sus construcciones."),
    "4.8": ("Cada conspiração custa 1 acólito a menos.",
            "Cada conspiración cuesta 1 acólito menos, a un mínimo de cero."),
    "4.9": ("Posicione 5 serrarias e 5 oficinas.", "Pone sus construcciones."),
    "4.10": ("O atacante escolhe quem usa primeiro (1.1).", "El atacante elige el orden."),
    "4.11": ("O primeiro jogador escolhe.", "El jugador elige."),
    "5.1": ("Cada jogador compra 3 cartas.", None),
    "5.2": ("Cada jogador compra 3 cartas.", None),
}
SUMMARY = {"5.1": "Há dois passos: cada jogador compra 3 cartas.", "5.2": "Cada jogador compra 2 cartas."}


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = write_catalogue(tmp_path_factory.mktemp("what"), {k: pt for k, (pt, _) in CASES.items()},
                           {k: es for k, (_, es) in CASES.items() if es is not None},
                           summary=SUMMARY, glossary=GLOSSARY)
    return run_checks(root)


def at(report, key, code=None, doc="regras-es"):
    return [f for f in codes(report, code, doc) if f.paragraph == key]


def loud(report, key, code=None, doc="regras-es"):
    return [(f.code, f.severity) for f in at(report, key, code, doc) if f.severity != "info"]


# --- what a negation negates (T120 / T180) ---------------------------------------------------

def test_negation_said_positively_is_a_note(report):
    """«Se não existirem mais cartas no baralho» = «Si el mazo se agota» (Law 2.1): the
    negated word is no concept, and the Spanish names the cards and the deck too."""
    assert loud(report, "1.1", "T120") == [] and at(report, "1.1", "T180")
    # a negated action the other text states plainly is what a reader plays differently
    assert ("T120", "error") in loud(report, "1.2")


def test_negated_classification_is_a_note(report):
    """«cartas de naipes que não sejam pássaro» = «cartas de zorro» (Law 2.1.1.I) — unless
    the other text lacks what it classifies."""
    assert loud(report, "1.3", "T120") == []
    assert loud(report, "1.4", "T120")


def test_instead_of_answers_a_negation(report):
    """«e não no suprimento» = «en vez de en la reserva» (Law 10.2.3)."""
    assert loud(report, "1.5", "T120") == []
    assert ("T120", "error") in loud(report, "1.6")


def test_a_necessity_denied_is_a_permission(report):
    """«(não precisam ser todas na mesma clareira)» restricts nothing (Law 6.3.4)."""
    assert not at(report, "1.7", "T120")
    assert loud(report, "1.8", "T120")


# --- where a rule sends things (T181) --------------------------------------------------------

def test_destination_swapped(report):
    """«devolvendo-os para a caixa do jogo» against «los devuelve a su reserva» (Law 9.6.4)."""
    (f,) = at(report, "2.1", "T181")
    assert f.severity == "warning" and f.detail == "destination:game_box→supply"
    assert not at(report, "2.2", "T181")


def test_destination_left_out_with_its_sentence(report):
    """«Finalmente, posicione 1 guerreiro na seção de Oficiais.» has no counterpart (8.4.1.III)."""
    assert [f.detail for f in at(report, "2.3", "T181")] == ["destination:box@a"]
    assert not at(report, "2.4", "T181")


def test_no_destination_where_the_move_is_denied(report):
    """«no se puede poner en el mapa otra vez» sends nothing anywhere."""
    assert not at(report, "2.5", "T181")


# --- a rule limited to a phase in one text (T182) --------------------------------------------

def test_rule_limited_to_a_phase_in_one_text(report):
    """«Por la Mañana, cuando mueve ...» against «Sempre que você se mover» (9.2.9.II.b); both
    limiting it, or the phase only the next step («siga para o Anoitecer»), is nothing."""
    (f,) = at(report, "3.1", "T182")
    assert f.severity == "warning" and f.detail == "phase:daylight@b"
    assert not at(report, "3.2", "T182") and not at(report, "3.3", "T182")


def test_phase_mark_must_be_yes_or_no(tmp_path):
    gl = dict(GLOSSARY, daylight={"pt": {"preferido": "Dia"}, "es": {"preferido": "Mañana"}, "fase": "talvez"})
    cat, diags = load(write_catalogue(tmp_path, {"1.1": "Texto."}, glossary=gl))
    assert [d.code for d in diags] == ["T004"]


# --- wordings that change nothing ------------------------------------------------------------

def test_summary_wording_is_a_note_but_a_counted_change_warns(report):
    assert loud(report, "5.1", doc="resumo") == [] and at(report, "5.1", "T113", "resumo")
    assert ("T114", "warning") in loud(report, "5.2", doc="resumo")


def test_remaining_is_all_but_some(report):
    """«os ninhos restantes» = «todos sus espacios excepto el de la izquierda» (7.3.5)."""
    assert loud(report, "4.1", "T121") == []
    assert loud(report, "4.2", "T121")


def test_or_and_that_choose_nothing(report):
    """A zero typed «o» in quotes, the last joint of a list, «entre X y Y» (5.1.2, P, 6.3.4)."""
    assert loud(report, "4.3") == []
    assert loud(report, "4.4", "T123")


def test_quoted_moment_and_when_it_begins(report):
    """«cuando comienza una batalla» is «no início de uma batalha» (9.2.9.II.c)."""
    assert not at(report, "4.5", "T126")
    assert at(report, "4.6", "T126")


def test_restated_numbers_of_a_list_and_a_zero_floor(report):
    assert loud(report, "4.7", "T113") == [] and loud(report, "4.8", "T113") == []
    assert loud(report, "4.9", "T113")


def test_ordinal_adverb_is_weak(report):
    assert not at(report, "4.10", "T112")
    assert at(report, "4.11", "T112")
