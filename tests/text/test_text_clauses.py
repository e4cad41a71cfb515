"""check-text: a condition one text states and the other leaves out (T190, issue 18).

A position (the Law's paragraph and its Spanish rendering), a check, a result: a whole
condition left out, or added, is a warning; the same condition said another way is nothing.
The sentences are ours, modelled on the paragraphs where the measure on Root found the misses
(docs/medidas-do-verificador.md: 3.1, 7.3.2, 7.4.3)."""
import pytest
from textkit import BASE_GLOSSARY, codes, run_checks, write_catalogue

from rulesdsl.text.clauses import clauses

GLOSSARY = {
    **BASE_GLOSSARY,
    "faction": {"pt": {"preferido": "facção"}, "es": {"preferido": "facción"}},
    "victory_points": {"pt": {"preferido": "pontos de vitória"}, "es": {"preferido": "puntos de victoria"}},
    "player": {"pt": {"preferido": "jogador", "variantes": ["jogadores"]},
               "es": {"preferido": "jugador", "variantes": ["jugadores"]}},
    "piece": {"pt": {"preferido": "peça", "variantes": ["peças"]},
              "es": {"preferido": "pieza", "variantes": ["piezas"]}},
    "roost": {"pt": {"preferido": "ninho", "variantes": ["ninhos"]},
              "es": {"preferido": "rama", "variantes": ["ramas"]}},
    "marquise": {"pt": {"preferido": "Marqueses"}, "es": {"preferido": "Marquesa"}},
    "clearing": {"pt": {"preferido": "clareira", "variantes": ["clareiras"]},
                 "es": {"preferido": "claro", "variantes": ["claros"]}},
    "dice": {"pt": {"preferido": "dados"}, "es": {"preferido": "dados"}},
    "birdsong": {"pt": {"preferido": "Amanhecer"}, "es": {"preferido": "Amanecer"}, "fase": "sim"},
    "map": {"pt": {"preferido": "mapa"}, "es": {"preferido": "mapa"}},
    "suit": {"pt": {"preferido": "naipe"}, "es": {"preferido": "palo"}},
    "outcast": {"pt": {"preferido": "Pária"}, "es": {"preferido": "Nación Marginada"}},
    "garden": {"pt": {"preferido": "jardim", "variantes": ["jardins"]},
               "es": {"preferido": "jardín", "variantes": ["jardines"]}},
    "base": {"pt": {"preferido": "base"}, "es": {"preferido": "base"}},
}

CASES = {
    # left out: a whole sentence with its condition (3.1)
    "1.1": ("O primeiro jogador a conseguir 30 pontos de vitória vence imediatamente. Caso mais "
            "de um jogador consiga 30 pontos de vitória ao mesmo tempo, vence o jogador da rodada.",
            "El primer jugador en llegar a 30 puntos de victoria gana inmediatamente."),
    "1.2": ("O primeiro jogador a conseguir 30 pontos de vitória vence imediatamente. Caso mais "
            "de um jogador consiga 30 pontos de vitória ao mesmo tempo, vence o jogador da rodada.",
            "El primer jugador en llegar a 30 puntos de victoria gana inmediatamente. Si varios "
            "jugadores llegan a 30 puntos de victoria a la vez, gana el jugador del turno."),
    # left out: a clause inside the sentence (7.4.3)
    "2.1": ("Se você não possui nenhum ninho no mapa, posicione 3 guerreiros na clareira com menos "
            "guerreiros e onde todas essas peças possam ser posicionadas.",
            "Si no tiene ramas en el mapa, pone tres guerreros en un claro con menos guerreros."),
    "2.2": ("Se você não possui nenhum ninho no mapa, posicione 3 guerreiros na clareira com menos "
            "guerreiros e onde todas essas peças possam ser posicionadas.",
            "Si no tiene ramas en el mapa, pone tres guerreros en un claro con menos guerreros "
            "donde todas esas piezas puedan ponerse."),
    # added by the translation (7.3.2, the other direction)
    "3.1": ("Posicione 6 guerreiros em uma clareira de canto e, se possível, oposta à sua.",
            "Pone seis guerreros en el claro opuesto. Si la Marquesa no está jugando, pone esas "
            "piezas en el claro que prefiera."),
    # the same condition in other words
    "4.1": ("Caso ambos os dados mostrem o mesmo resultado, os dois causam o mesmo dano.",
            "Si las tiradas son iguales, los dos causan el mismo daño."),
    "4.2": ("Você vence caso, no Amanhecer, você governe 3 clareiras.",
            "Ganas si gobiernas tres claros al comienzo de tu Amanecer."),
    "4.3": ("Elas governam uma clareira a partir do momento que estejam empatadas nela.",
            "Gobiernan un claro cuando están empatadas allí."),
    "4.4": ("Guerreiros recebidos são colocados no mapa.",
            "Cuando los gana, los guerreros se ponen en el mapa."),
    "4.5": ("Posicione 6 guerreiros em uma clareira, se possível.",
            "Pone seis guerreros en un claro, si es posible."),
    "4.6": ("Se você prefere regras formais, leia este livro. Cada jogador compra 3 cartas.",
            "Cada jugador coge tres cartas."),
    "4.7": ("Atribua uma facção a cada jogador.",
            "Asigna una facción a cada jugador, y recomendamos incluir dos de ellas."),
    "4.8": ("Atribua uma facção a cada jogador.",
            "Asigna una facción a cada jugador, y debes incluir dos de ellas."),
    "5.1": ("Cada jogador compra 3 cartas. Se jogarem 2 jogadores, remova 4 cartas.", None),
    # a restrictive relative («cujo naipe ...») left out (10.6.2), or said as «que se corresponda»
    "7.1": ("Você pode criar ativando jardins cujo naipe corresponda ao naipe Pária.",
            "Puede fabricar usando jardines."),
    "7.2": ("Escolha uma clareira cujo naipe corresponda a uma base.",
            "Elige un claro que se corresponda con una base."),
    # an obligation one text adds (5.1.1 of the Spanish rules)
    "6.1": ("Atribua uma facção a cada jogador.",
            "Asigna una facción a cada jugador. Cada partida debe incluir la Marquesa o las ramas."),
    "6.2": ("Atribua uma facção a cada jogador. Cada partida deve incluir os Marqueses ou os ninhos.",
            "Asigna una facción a cada jugador. Cada partida debe incluir la Marquesa o las ramas."),
    "6.3": ("Atribua uma facção a cada jogador.",
            "Asigna una facción a cada jugador. (*Cada partida debe incluir la Marquesa o las ramas*)."),
    "6.4": ("Atribua uma facção a cada jogador. Os Marqueses compram cartas.",
            "Asigna una facción a cada jugador. La Marquesa debe robar cartas."),
}
SUMMARY = {"5.1": "Cada jogador compra 3 cartas."}
REFERENCE = {"5.1": "Cada jogador compra 3 cartas. Se jogarem 2 jogadores, remova 4 cartas. "
                    "Quando o mapa estiver vazio, compre 1 carta."}


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = write_catalogue(tmp_path_factory.mktemp("clauses"),
                           {k: pt for k, (pt, _) in CASES.items()},
                           {k: es for k, (_, es) in CASES.items() if es is not None},
                           ref=REFERENCE, summary=SUMMARY, glossary=GLOSSARY)
    return run_checks(root)


def at(report, key, doc="regras-es"):
    return [f for f in codes(report, "T190", doc) if f.paragraph == key]


def test_a_sentence_with_its_condition_left_out(report):
    """3.1: the tie at 30 points is gone from the translation; said, it is nothing."""
    (f,) = at(report, "1.1")
    assert f.severity == "warning" and f.detail == "condition:a:caso+player+victory_points+30"
    assert "Caso mais de um jogador" in f.args["clause"]
    assert not at(report, "1.2")


def test_a_clause_left_out_of_a_kept_sentence(report):
    """7.4.3: «e onde todas essas peças possam ser posicionadas» has no counterpart."""
    (f,) = at(report, "2.1")
    assert f.detail == "condition:a:onde+piece"
    assert not at(report, "2.2")


def test_a_condition_the_translation_adds(report):
    """7.3.2: «Si la Marquesa no está jugando» — a condition on something the Law never
    names; «se possível» is no answer to it."""
    (f,) = at(report, "3.1")
    assert f.detail == "condition:b:si+marquise" and f.args["have"] == "regras-es"


@pytest.mark.parametrize("key", ["4.1", "4.2", "4.3", "4.4", "4.5", "4.6"])
def test_the_same_condition_in_other_words_is_no_finding(report, key):
    """«Caso ambos os dados mostrem o mesmo resultado» = «Si las tiradas son iguales»; «caso,
    no Amanhecer, você governe» = «si gobiernas ... al comienzo de tu Amanecer»; «a partir do
    momento que» = «cuando»; «Cuando los gana» = «recebidos»; «se possível» = «si es posible»;
    «Se você prefere regras formais» is the reader's taste, no condition (the Law's preface)."""
    assert at(report, key) == []


def test_a_number_in_advice_is_a_note(report):
    """«recomendamos incluir dos de ellas» (5.1.1) advises; «debes incluir dos» is a rule."""
    loud = [(f.code, f.severity) for f in codes(report, "T113", "regras-es") if f.paragraph == "4.7"]
    assert loud == [("T113", "info")]
    assert [(f.code, f.severity) for f in codes(report, "T113", "regras-es")
            if f.paragraph == "4.8"] == [("T113", "warning")]


def test_summary_leaving_out_a_condition_is_a_note_a_reference_adding_one_warns(report):
    assert [f.severity for f in at(report, "5.1", "resumo")] == ["info"]
    (f,) = at(report, "5.1", "referencia")
    assert f.severity == "warning" and f.detail == "condition:b:quando+map"


def test_a_restrictive_relative_left_out(report):
    """«jardins cujo naipe corresponda ao naipe Pária» against «usando jardines» (10.6.2): any
    garden crafts in the translation; «que se corresponda» says the same limit (8.4.1.I)."""
    (f,) = at(report, "7.1")
    assert f.detail == "condition:a:cujo+outcast+suit"
    assert not at(report, "7.2")


def test_an_obligation_one_text_adds(report):
    """«Cada partida debe incluir la Marquesa o las ramas» (5.1.1 of the Spanish rules): a
    duty the Law's reader does not have, about things the Law never names there (T191)."""
    (f,) = [f for f in codes(report, "T191", "regras-es") if f.paragraph == "6.1"]
    assert f.severity == "warning" and f.detail == "obligation:b:marquise+roost"
    # said in both; an aside; the same things named, the duty worded another way: nothing
    assert not [f for f in codes(report, "T191") if f.paragraph in ("6.2", "6.3", "6.4")]


def test_a_pronoun_is_no_condition():
    """pt «se» after a verb or a pronoun («você se mover») is no «if»; a word in quotes is
    mentioned, not used."""
    assert clauses("Sempre que você se mover, mova-se duas vezes.", "pt", {})[0].marker == "sempre que"
    assert len(clauses("Sempre que você se mover, mova-se duas vezes.", "pt", {})) == 1
    assert clauses('Qualquer coisa que diga "quando" acontece antes.', "pt", {}) == []
