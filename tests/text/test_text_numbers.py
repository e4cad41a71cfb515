"""Number extraction in PT and ES (rulesdsl.text.numbers)."""
from fractions import Fraction

import pytest

from rulesdsl.text.numbers import extract, xrefs


def card(text, lang, strong=True):
    return [n.value for n in extract(text, lang)
            if n.kind == "cardinal" and (n.strong if strong else True)]


@pytest.mark.parametrize("text,lang,want", [
    ("Forme um suprimento de 25 guerreiros e 8 madeiras.", "pt", [25, 8]),
    ("três clareiras", "pt", [3]),
    ("tres claros", "es", [3]),
    ("tres clareiras", "pt", [3]),           # accents ignored
    ("duas cartas", "pt", [2]),
    ("dos cartas", "es", [2]),
    ("vinte e cinco guerreiros", "pt", [25]),
    ("veinticinco guerreros", "es", [25]),
    ("treinta y cinco", "es", [35]),
    ("a metade, arredondada para cima", "pt", [Fraction(1, 2)]),
    ("la mitad", "es", [Fraction(1, 2)]),
    ("½ e 1/2", "pt", [Fraction(1, 2), Fraction(1, 2)]),
    ("o dobro de cartas", "pt", [2]),
    ("el doble", "es", [2]),
    ("uma vez por turno", "pt", [1]),
    ("una vez por turno", "es", [1]),
    ("duas vezes por turno", "pt", [2]),
    ("zero guerreiros", "pt", [0]),
])
def test_numbers_in_words_and_digits(text, lang, want):
    assert card(text, lang) == want


@pytest.mark.parametrize("text,lang", [
    ("uma vez que você tenha movido", "pt"),   # "since": not a number
    ("una vez que hayas movido", "es"),
    ("coloque um guerreiro", "pt"),            # an article: only a weak 1
    ("pon un guerrero", "es"),
    ("veja 6.5.4 e o capítulo 6", "pt"),        # paragraph numbers are references
    ("ver 3.2.1 y la sección 4", "es"),
    ("na preparação (5)", "pt"),
    ("carta-12, P1, c_3, #4", "pt"),            # identifiers
    ("1º Passo: Receba guerreiros", "pt"),      # step labels
    ("Paso 3: Coger cartas", "es"),
])
def test_not_quantities(text, lang):
    assert card(text, lang) == []


def test_weak_article_is_kept_as_weak():
    nums = extract("coloque um guerreiro", "pt")
    assert [(n.value, n.strong) for n in nums] == [(1, False)]


def test_ordinals():
    ords = [n.value for n in extract("o primeiro jogador e o segundo turno; el tercer jugador", "pt")
            if n.kind == "ordinal"]
    assert ords == [1, 2]
    assert [n.value for n in extract("el tercer jugador, la última carta", "es") if n.kind == "ordinal"] == [3, "last"]
    # "segundo" is "according to" unless a determiner comes first
    assert [n for n in extract("segundo a regra", "pt") if n.kind == "ordinal"] == []


def test_xrefs_find_paragraph_numbers():
    got = [x.number for x in xrefs("Veja 6.5.4, o item 6.5.4.I, A.1 e G.1.35 (capítulo 6).", "pt")]
    assert got == ["6.5.4", "6.5.4.I", "A.1", "G.1.35", "6"]


def test_changed_number_changes_the_values():
    assert card("Forme um suprimento de 25 guerreiros.", "pt") != card("Forma un suministro de 20 guerreros.", "es")
    assert card("Forme um suprimento de 25 guerreiros.", "pt") == card("Forma un suministro de veinticinco guerreros.", "es")
