"""Silences turned into errors (issue 10, "nothing wrong is silent"): an action argument that
is a built-in word of the language (M121). The 'onde' after "sem PEÇAS" read as the space's
condition is a scenario (tests/cenarios/estradas.yaml, acampar)."""
import os

from minigames import edited_errors

HERE = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.join(HERE, "games", "estradas", "jogo.yaml")


ACTION = """  contar:
    nome: {pt: [contar, conte as estradas], es: [contar, cuenta las carreteras]}
    efeito: receba (número de estradas sem peças) pontos"""


def test_an_argument_named_like_a_built_in_word_is_an_error(tmp_path):
    # `parâmetros: {carta: N}`: "carta" is the language's word for cards, so "(carta: 2)" never
    # reaches the parameter, which used to stay unbound without a word
    errs, text = edited_errors(tmp_path, GAME, ACTION, ACTION.replace("  contar:\n", "  contar:\n    parâmetros: {carta: N}\n")
                       + "\n  chamar:\n    nome: {pt: chamar, es: llamar}\n    efeito: \"contar (carta: 2)\"")
    assert [d.code for d in errs] == ["M121"]
    line = text[:text.index("contar (carta: 2)")].count("\n") + 1
    assert errs[0].pos.line == line
    assert "carta" in errs[0].message("pt") and "N" not in errs[0].message("pt").split("(")[0]


def test_an_argument_of_a_declared_parameter_loads(tmp_path):
    errs, _ = edited_errors(tmp_path, GAME, ACTION, ACTION.replace("  contar:\n", "  contar:\n    parâmetros: {bonus: N}\n")
                    + "\n  chamar:\n    nome: {pt: chamar, es: llamar}\n    efeito: \"contar (bonus: 2)\"")
    assert errs == []


def test_narration_does_not_pluralise_a_name_that_is_already_plural():
    # a counter named in the plural ("botes", 11.2.7.II) read "2 boteses" in the narration
    from rulesdsl.interpreter.describe import _plural
    assert [_plural(w, "pt") for w in ("tramas", "botes", "mercenários", "trama", "farol", "país")] == \
        ["tramas", "botes", "mercenários", "tramas", "faróis", "países"]
    assert [_plural(w, "es") for w in ("botes", "mercenarios", "peaje")] == ["botes", "mercenarios", "peajes"]
