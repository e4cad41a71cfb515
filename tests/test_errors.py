"""Bad input (issue 2 §4): every problem has a code, a place `file:line:col`, a caret under
the place, a message in the file's own language (PT file -> PT, ES file -> ES), a suggestion
where one helps; all problems of a file come out in one run; never a traceback."""
import os
import subprocess
import sys

import pytest

import rulesdsl
from rulesdsl.errors import RulesError

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

PT = """\
idioma: pt
jogo:
  id: mini
  nome: {pt: Mini, es: Mini}
  jogadores: {mínimo: 2, máximo: 2}
  turno: [dia]
fases:
  dia: {nome: {pt: dia, es: día}}
tipos_de_espaço:
  clareira: {nome: {pt: clareira, es: claro}}
categorias_de_peça:
  construcao: {nome: {pt: construção, es: construcción}, governa: sim}
mapas:
  m:
    nome: {pt: m, es: m}
    espaços:
      a: {tipo: clareira, nome: {pt: Alta, es: Alta}}
facções:
  gatos:
    nome: {pt: Gatos, es: Gatos}
    peças:
      serraria: {nome: {pt: serraria, es: aserradero}, categoria: construcao, quantidade: 3}
    turno:
      dia:
        - efeito: |
            posicione 1 serraria em Alta
"""

ES = """\
idioma: es
juego:
  id: mini
  nombre: {pt: Mini, es: Mini}
  jugadores: {mínimo: 2, máximo: 2}
  turno: [dia]
fases:
  dia: {nombre: {pt: dia, es: día}}
tipos_de_espacio:
  clareira: {nombre: {pt: clareira, es: claro}}
categorías_de_pieza:
  construcao: {nombre: {pt: construção, es: construcción}, gobierna: sí}
mapas:
  m:
    nombre: {pt: m, es: m}
    espacios:
      a: {tipo: clareira, nombre: {pt: Alta, es: Alta}}
facciones:
  gatos:
    nombre: {pt: Gatos, es: Gatos}
    piezas:
      serraria: {nombre: {pt: serraria, es: aserradero}, categoría: construcao, cantidad: 3}
    turno:
      dia:
        - efecto: |
            coloca 1 aserradero en Alta
"""

BASE = {"pt": PT, "es": ES}
EFFECT = {"pt": "posicione 1 serraria em Alta", "es": "coloca 1 aserradero en Alta"}
EFFECT_LINE = 26  # the line of the effect in both files


def diagnose(tmp_path, text, name="jogo.yaml"):
    folder = tmp_path / "regras"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    env = rulesdsl.Environment()
    try:
        env.load(str(folder))
        return list(env.diagnostics.items), folder
    except RulesError as exc:
        return exc.diagnostics, folder


def edit(lang, old, new):
    text = BASE[lang]
    assert old in text, old
    return text.replace(old, new, 1)


def one_in_effect(tmp_path, lang, body, code, at, words):
    """The effect line replaced by `body` gives exactly one diagnostic, `code`, with the caret
    under the words `at`."""
    diags, _ = diagnose(tmp_path, edit(lang, EFFECT[lang], body))
    (d,) = diags
    return check(d, code, EFFECT_LINE, 12 + body.index(at) + 1, lang, words, caret=at)


def check(d, code, line, col, lang, words, caret=None, severity="error"):
    """One diagnostic: its code, place, caret, language and words."""
    assert d.code == code, d.render()
    assert d.severity == severity
    assert (d.pos.line, d.pos.col) == (line, col), d.render()
    assert d.lang == lang
    rendered = d.render()
    assert rendered.startswith(f"{d.pos.file}:{line}:{col}: ")
    assert (("erro " if lang == "pt" else "error ") if severity == "error" else "aviso ") + code in rendered
    src_line, caret_line = rendered.splitlines()[1:3]
    assert src_line.startswith(f" {line} | ")
    gutter = len(f" {line} | ")
    marks = caret_line[gutter:]
    assert marks.index("^") == col - 1, rendered
    if caret is not None:
        assert marks.strip() == "^" * len(caret), rendered
        assert src_line[gutter + col - 1:].startswith(caret), rendered
    for w in words:
        assert w in d.message(), d.message()
    return rendered


def test_the_valid_files_load(tmp_path):
    for lang in ("pt", "es"):
        diags, _ = diagnose(tmp_path / lang, BASE[lang])
        assert not diags, [d.render() for d in diags]


# --------------------------------------------------------------------------------------------
# YAML

@pytest.mark.parametrize("lang,words", [("pt", ["lista '[' não foi fechada"]),
                                        ("es", ["lista '[' no se cerró"])])
def test_yaml_syntax_error(tmp_path, lang, words):
    diags, _ = diagnose(tmp_path, edit(lang, "turno: [dia]", "turno: [dia"))
    (d,) = diags
    # the scanner notices the unclosed list where the next key starts
    check(d, "E008", 7, 6, lang, words)


@pytest.mark.parametrize("lang,words", [("pt", ["etiqueta YAML não permitida"]),
                                        ("es", ["etiqueta YAML no permitida"])])
def test_unsafe_tag_is_refused(tmp_path, lang, words):
    diags, _ = diagnose(tmp_path, edit(lang, "  id: mini", "  id: !!python/object/apply:os.system ['true']"))
    d = next(x for x in diags if x.code == "E002")
    check(d, "E002", 3, 7, lang, words + ["python/object"])


@pytest.mark.parametrize("lang,words", [("pt", ["chave duplicada 'id'", "linha 3"]),
                                        ("es", ["clave duplicada 'id'", "línea 3"])])
def test_duplicate_key_names_both_lines(tmp_path, lang, words):
    diags, _ = diagnose(tmp_path, edit(lang, "  turno: [dia]", "  turno: [dia]\n  id: outro"))
    (d,) = diags
    rendered = check(d, "E003", 7, 3, lang, words, caret="id")
    assert d.related.line == 3
    assert (":3:3" in rendered) and (("veja também" if lang == "pt" else "véase también") in rendered)


@pytest.mark.parametrize("lang,words", [("pt", ["tipo errado", "lista", "jogo.turno"]),
                                        ("es", ["tipo incorrecto", "lista", "juego.turno"])])
def test_number_where_a_list_is_expected(tmp_path, lang, words):
    diags, _ = diagnose(tmp_path, edit(lang, "  turno: [dia]", "  turno: 5"))
    (d,) = diags
    check(d, "M011", 6, 10, lang, words, caret="5")


@pytest.mark.parametrize("lang,key,wrong,words", [
    ("pt", "jogadores", "jogadroes", ["chave desconhecida 'jogadroes'"]),
    ("es", "jugadores", "jugadroes", ["clave desconocida 'jugadroes'"]),
])
def test_unknown_key_is_an_error_with_a_suggestion(tmp_path, lang, key, wrong, words):
    hint = key
    diags, _ = diagnose(tmp_path, edit(lang, f"  {key}:", f"  {wrong}:"))
    (d,) = diags
    # an error: nothing reads an unknown key, so what it says would be lost without a word
    rendered = check(d, "M010", 5, 3, lang, words, caret=wrong)
    assert d.hint == hint
    assert (f"você quis dizer '{hint}'" if lang == "pt" else f"quería decir '{hint}'") in rendered


# --------------------------------------------------------------------------------------------
# expressions

@pytest.mark.parametrize("lang,wrong,hint,words", [
    ("pt", "serrria", "serraria", ["palavra desconhecida 'serrria'"]),
    ("es", "aserradro", "aserradero", ["palabra desconocida 'aserradro'"]),
])
def test_unknown_word_with_suggestion(tmp_path, lang, wrong, hint, words):
    right = "serraria" if lang == "pt" else "aserradero"
    diags, _ = diagnose(tmp_path, edit(lang, EFFECT[lang], EFFECT[lang].replace(right, wrong)))
    (d,) = diags
    col = 12 + EFFECT[lang].index(right) + 1
    rendered = check(d, "P002", EFFECT_LINE, col, lang, words, caret=wrong)
    assert d.hint == hint and hint in rendered


@pytest.mark.parametrize("lang,body,bad,words", [
    ("pt", "se houver serraria:\n              posicione 1 serraria em em Alta", "em",
     ["'em' não era esperado aqui", "esperava-se"]),
    ("es", "si haya aserradero:\n              coloca 1 aserradero en en Alta", "en",
     ["'en' no se esperaba aquí", "se esperaba"]),
])
def test_syntax_error_caret_inside_a_block(tmp_path, lang, body, bad, words):
    diags, _ = diagnose(tmp_path, edit(lang, EFFECT[lang], body))
    (d,) = diags
    second = body.splitlines()[1]
    col = second.index(f" {bad} {bad} ") + len(bad) + 3
    check(d, "P003", EFFECT_LINE + 1, col, lang, words, caret=bad)


@pytest.mark.parametrize("lang,words", [
    ("pt", ["variável 'X' não foi definida", "escolha ... X"]),
    ("es", ["la variable 'X' no está definida", "elige ... X"]),
])
def test_undefined_variable(tmp_path, lang, words):
    place = "Alta"
    diags, _ = diagnose(tmp_path, edit(lang, EFFECT[lang], EFFECT[lang].replace(place, "X")))
    (d,) = diags
    col = 12 + EFFECT[lang].index(place) + 1
    check(d, "C001", EFFECT_LINE, col, lang, words, caret="X")


@pytest.mark.parametrize("lang,body,words", [
    ("pt", "escolha um jogador D adjacente a Alta", ["filtro", "não se aplica aqui"]),
    ("es", "elige un jugador D adyacente a Alta", ["el filtro", "no se aplica aquí"]),
])
def test_a_filter_that_does_not_fit_its_noun(tmp_path, lang, body, words):
    diags, _ = diagnose(tmp_path, edit(lang, EFFECT[lang], body))
    (d,) = diags
    at = body.index("adjacente" if lang == "pt" else "adyacente")
    check(d, "C009", EFFECT_LINE, 12 + at + 1, lang, words, caret=body[at:])


@pytest.mark.parametrize("lang,word", [("pt", "adjacente"), ("es", "adyacente")])
def test_the_filter_is_named_in_the_files_language(tmp_path, lang, word):
    body = {"pt": "escolha um jogador D adjacente a Alta", "es": "elige un jugador D adyacente a Alta"}[lang]
    (d,), _ = diagnose(tmp_path, edit(lang, EFFECT[lang], body))
    assert f"'{word}'" in d.message()


# a filter written after an `onde (CONDIÇÃO)`: `correspondente a X` and `é X` go on with the
# condition (they compare it, always true or always false) instead of filtering the noun
@pytest.mark.parametrize("lang,body,swallowed,words", [
    ("pt", "escolha uma clareira C onde (houver serraria em C) correspondente a Alta",
     "correspondente a Alta", ["'correspondente a Alta' foi lido como parte da condição de 'onde'",
                               "não como filtro de 'clareira C'", "antes de 'onde'", "com 'e'"]),
    ("pt", "escolha uma clareira C onde (não houver serraria em C) é Alta", "é Alta",
     ["'é Alta' foi lido como parte da condição de 'onde'"]),
    ("pt", "escolha uma clareira C onde (houver serraria em C) e (houver serraria) não é Alta",
     "não é Alta", ["'não é Alta'", "'clareira C'"]),
    ("es", "elige un claro C donde (haya aserradero en C) correspondiente a Alta",
     "correspondiente a Alta", ["'correspondiente a Alta' se leyó como parte de la condición de 'donde'",
                                "no como filtro de 'claro C'", "antes de 'donde'", "con 'y'"]),
    ("es", "elige un claro C donde (no haya aserradero en C) es Alta", "es Alta",
     ["'es Alta' se leyó como parte de la condición de 'donde'"]),
])
def test_a_filter_after_a_where_condition_is_not_swallowed(tmp_path, lang, body, swallowed, words):
    one_in_effect(tmp_path, lang, body, "C028", swallowed, words)


@pytest.mark.parametrize("lang,body", [
    ("pt", "escolha uma clareira C correspondente a Alta onde (houver serraria em C)"),
    ("pt", "escolha uma clareira C onde (houver serraria em C) e C corresponde a Alta"),
    ("pt", "escolha uma clareira C onde (houver serraria em C) e C é Alta"),
    ("pt", "escolha uma clareira C onde (houver serraria em C) exceto Alta"),
    ("pt", "escolha uma clareira C onde houver serraria em C e (houver serraria) é (houver serraria)"),
    ("es", "elige un claro C correspondiente a Alta donde (haya aserradero en C)"),
    ("es", "elige un claro C donde (haya aserradero en C) y C es Alta"),
    # counts compared the right way, and `é` filters that compare elements with their like
    ("pt", "se número de serrarias em Alta = 0: posicione 1 serraria em Alta"),
    ("pt", "se número de serrarias em Alta != 0: posicione 1 serraria em Alta"),
    ("pt", "se (número de serrarias em Alta) é 0: posicione 1 serraria em Alta"),
    ("pt", "se 0 é número de serrarias em Alta: posicione 1 serraria em Alta"),
    ("pt", "escolha uma clareira C é Alta"),
    ("pt", "escolha uma clareira C onde C é Alta e número de serrarias em C = 0"),
    ("pt", "escolha um jogador D onde D é você"),
    ("es", "si número de aserraderos en Alta = 0: coloca 1 aserradero en Alta"),
    ("es", "si (número de aserraderos en Alta) es 0: coloca 1 aserradero en Alta"),
    ("es", "elige un claro C es Alta"),
    # `é X` with a space, `X é Y` with two of a kind, a player ruling, `seja` naming a value
    ("pt", "escolha um jogador D onde D não é você e você governa Alta"),
    ("pt", "se não houver serraria em Alta e você não governa Alta: posicione 1 serraria em Alta"),
    ("pt", "seja X igual a 2\n            posicione X serrarias em Alta"),
    ("es", "elige un jugador D donde D es tú y D gobierna Alta"),
    ("es", "sea X igual a 2\n            coloca X aserraderos en Alta"),
])
def test_the_right_ways_to_write_it(tmp_path, lang, body):
    diags, _ = diagnose(tmp_path, edit(lang, EFFECT[lang], body))
    assert not diags, [d.render() for d in diags]


@pytest.mark.parametrize("lang,body,swallowed,words", [
    ("pt", "escolha uma clareira C onde (houver serraria em C) não governada por você",
     "não governada", ["'não governada' não é um filtro aqui", "'não' continua a condição",
                       "antes de 'onde'"]),
    ("es", "elige un claro C donde (haya aserradero en C) no gobernado por ti",
     "no gobernado", ["'no gobernado' no es un filtro aquí", "'no' sigue la condición",
                      "antes de 'donde'"]),
])
def test_a_negated_filter_after_a_where_condition(tmp_path, lang, body, swallowed, words):
    one_in_effect(tmp_path, lang, body, "P006", swallowed, words)


# `número de serrarias em Alta é 0`: after a noun, `é 0` is a filter of that noun (the sawmills
# that "are 0"), never true; the count is 0 and the condition silently wrong (C029, the `^` under
# the `é`, the comparison the designer meant as a suggestion)
@pytest.mark.parametrize("lang,body,at,caret,words,hint", [
    ("pt", "se número de serrarias em Alta é 0: posicione 1 serraria em Alta", "é 0", "é",
     ["'é 0' foi lido como filtro de 'serrarias', não como comparação", "nunca é verdade",
      "use '='", "'número de ... = 0'"], "número de serrarias em Alta = 0"),
    ("pt", "se número de serrarias em Alta for 2 + 1: posicione 1 serraria em Alta", "for 2", "for",
     ["'for 2' foi lido como filtro de 'serrarias'"], "número de serrarias em Alta = 2 + 1"),
    ("pt", "se número de clareiras com serrarias são (1): posicione 1 serraria em Alta", "são", "são",
     ["'são (1)' foi lido como filtro de 'serrarias'"], "número de clareiras com serrarias = (1)"),
    ("pt", "se número de serrarias em Alta corresponde a 0: posicione 1 serraria em Alta",
     "corresponde a 0", "corresponde", ["'corresponde a 0' foi lido como filtro de 'serrarias'"],
     "número de serrarias em Alta = 0"),
    ("pt", "se houver serraria em Alta é 1: posicione 1 serraria em Alta", "é 1", "é",
     ["'é 1' foi lido como filtro de 'serraria'", "'houver' é falso"], None),
    ("pt", "escolha uma clareira C é 1", "é 1", "é", ["'é 1' foi lido como filtro de 'clareira C'"], None),
    ("pt", "se número de jogadores é 2: posicione 1 serraria em Alta", "é 2", "é",
     ["'é 2' foi lido como filtro de 'jogadores'"], "número de jogadores = 2"),
    ("es", "si número de aserraderos en Alta es 0: coloca 1 aserradero en Alta", "es 0", "es",
     ["'es 0' se leyó como filtro de 'aserraderos', no como comparación", "nunca es cierto",
      "usa '='", "'número de ... = 0'"], "número de aserraderos en Alta = 0"),
    ("es", "si número de aserraderos en Alta son 1 + 1: coloca 1 aserradero en Alta", "son 1", "son",
     ["'son 1' se leyó como filtro de 'aserraderos'"], "número de aserraderos en Alta = 1 + 1"),
])
def test_a_count_compared_with_is_is_an_error(tmp_path, lang, body, at, caret, words, hint):
    diags, _ = diagnose(tmp_path, edit(lang, EFFECT[lang], body))
    (d,) = diags
    rendered = check(d, "C029", EFFECT_LINE, 12 + body.index(at) + 1, lang, words, caret=caret)
    assert d.hint == hint
    if hint:
        assert f"'{hint}'" in rendered.splitlines()[-1]


# `não é`, `é maior que`, `é igual a` after a noun are not comparisons either: a syntax error
# that says which operator compares a count (P007, the `^` under all the words)
@pytest.mark.parametrize("lang,body,said,words", [
    ("pt", "se número de serrarias em Alta não é 0: posicione 1 serraria em Alta", "não é",
     ["'não é' não compara aqui", "depois de um substantivo", "use '!='", "'número de ... != 0'"]),
    ("pt", "se número de serrarias em Alta é maior que 1: posicione 1 serraria em Alta", "é maior que",
     ["'é maior que' não compara aqui", "use '>'", "'número de ... > 1'"]),
    ("pt", "se número de serrarias em Alta for igual a 1: posicione 1 serraria em Alta", "for igual a",
     ["use '='", "'número de ... = 1'"]),
    ("es", "si número de aserraderos en Alta no es 0: coloca 1 aserradero en Alta", "no es",
     ["'no es' no compara aquí", "después de un sustantivo", "usa '!='", "'número de ... != 0'"]),
    ("es", "si número de aserraderos en Alta es menor que 2: coloca 1 aserradero en Alta",
     "es menor que", ["usa '<'", "'número de ... < 2'"]),
])
def test_a_count_compared_with_is_not_or_is_greater(tmp_path, lang, body, said, words):
    one_in_effect(tmp_path, lang, body, "P007", said, words)


# `sea`/`seja` in the middle of a condition is the word of "sea X igual a ...", not a
# comparison: a syntax error that says to use `=` (P008, the `^` under the words)
@pytest.mark.parametrize("lang,body,said,words", [
    ("es", "si número de aserraderos en Alta sea 0: coloca 1 aserradero en Alta", "sea",
     ["'sea' no compara", "'sea X igual a ...'", "usa '='", "'... = 0'"]),
    ("es", "si número de aserraderos en Alta no sea 0: coloca 1 aserradero en Alta", "no sea",
     ["usa '!='", "'... != 0'"]),
    ("es", "elige un claro C donde C sea Alta", "sea", ["'... = Alta'"]),
    ("pt", "se número de serrarias em Alta seja 0: posicione 1 serraria em Alta", "seja",
     ["'seja' não compara", "'seja X igual a ...'", "use '='", "'... = 0'"]),
])
def test_let_written_as_a_comparison(tmp_path, lang, body, said, words):
    one_in_effect(tmp_path, lang, body, "P008", said, words)


# `é X` on spaces (on pieces: their place) with a player, a terrain, a suit...: never equal, so
# nothing is selected (C031, the `^` under the filter, the filter meant as the suggestion);
# `X é Y` with two kinds of value never equal (C033); `X governa Y` with no player as X (C032)
@pytest.mark.parametrize("lang,body,code,at,words,hint", [
    ("pt", "escolha uma clareira C é você", "C031", "é você",
     ["'é você' foi lido como filtro de 'clareira C'", "compara cada espaço com um jogador",
      "nunca são iguais"], "governada por você"),
    ("pt", "se houver serraria é você: posicione 1 serraria em Alta", "C031", "é você",
     ["'serraria'", "o lugar de cada peça (um espaço) com um jogador"], "de você"),
    ("es", "elige un claro C es Gatos", "C031", "es Gatos",
     ["'es Gatos' se leyó como filtro de 'claro C'", "cada espacio con un jugador",
      "nunca son iguales"], "gobernado por Gatos"),
    ("pt", "escolha um jogador D onde D é Alta", "C033", "D é Alta",
     ["'D é Alta' compara um jogador com um espaço", "sempre falsa"], None),
    ("es", "elige un jugador D donde D no es Alta", "C033", "D no es Alta",
     ["'D no es Alta' compara un jugador con un espacio", "siempre verdadera"], None),
    ("pt", "se número de serrarias governa Alta: posicione 1 serraria em Alta", "C032",
     "número de serrarias", ["'número de serrarias' não é um jogador", "com um número",
                             "'número de ESPAÇOS governados por D'"], "você governa Alta"),
    ("es", "si número de aserraderos gobierna Alta: coloca 1 aserradero en Alta", "C032",
     "número de aserraderos", ["'número de aserraderos' no es un jugador", "con un número"],
     "tú gobiernas Alta"),
])
def test_values_that_are_never_equal(tmp_path, lang, body, code, at, words, hint):
    rendered = one_in_effect(tmp_path, lang, body, code, at, words)
    assert (rendered.splitlines()[-1].split("'")[1] if hint else None) == hint, rendered


def test_yaml_error_text_is_in_the_files_language(tmp_path):
    (d,), _ = diagnose(tmp_path, edit("pt", "turno: [dia]", "turno: [dia"))
    assert "expected" not in d.message()


# --------------------------------------------------------------------------------------------
# several problems at once; the command line

MANY = {
    "pt": [("  jogadores:", "  jogadroes:"), ("  turno: [dia]", "  turno: 5"),
           ("posicione 1 serraria em Alta", "posicione 1 serrria em Alta\n            posicione 2 serarias em Alta")],
    "es": [("  jugadores:", "  jugadroes:"), ("  turno: [dia]", "  turno: 5"),
           ("coloca 1 aserradero en Alta", "coloca 1 aserradro en Alta\n            coloca 2 aserradros en Alta")],
}


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_all_problems_of_a_file_in_one_run(tmp_path, lang):
    text = BASE[lang]
    for old, new in MANY[lang]:
        text = text.replace(old, new)
    diags, _ = diagnose(tmp_path, text)
    assert [(d.code, d.pos.line) for d in diags] == [
        ("M010", 5), ("M011", 6), ("P002", EFFECT_LINE), ("P002", EFFECT_LINE + 1)]
    assert all(d.lang == lang for d in diags)


def test_problems_of_several_files_in_one_run(tmp_path):
    folder = tmp_path / "regras"
    folder.mkdir()
    (folder / "a.yaml").write_text(edit("pt", "turno: [dia]", "turno: 5"), encoding="utf-8")
    (folder / "b.yaml").write_text("idioma: es\nfases: [\n", encoding="utf-8")
    with pytest.raises(RulesError) as exc:
        rulesdsl.Environment().load(str(folder))
    got = {(os.path.basename(d.pos.file), d.code, d.lang) for d in exc.value.diagnostics}
    assert ("a.yaml", "M011", "pt") in got and ("b.yaml", "E001", "es") in got


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "rulesdsl", *args], capture_output=True,
                          text=True, cwd=REPO, timeout=120)


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_command_line_validar(tmp_path, lang):
    text = BASE[lang]
    for old, new in MANY[lang]:
        text = text.replace(old, new)
    _, folder = diagnose(tmp_path, text)
    r = _cli("validar", str(folder))
    out = r.stdout + r.stderr
    assert r.returncode == 1
    assert "Traceback" not in out
    assert f"jogo.yaml:{EFFECT_LINE}:" in out and "P002" in out and "^^^" in out
    assert ("palavra desconhecida" if lang == "pt" else "palabra desconocida") in out


def test_command_line_unsafe_yaml_has_no_traceback(tmp_path):
    flag = tmp_path / "pwned"
    _, folder = diagnose(tmp_path, edit("pt", "  id: mini", f"  id: !!python/object/apply:os.system ['touch {flag}']"))
    r = _cli("validar", str(folder / "jogo.yaml"))
    out = r.stdout + r.stderr
    assert r.returncode == 1 and "Traceback" not in out and "E002" in out
    assert not flag.exists()


def test_unknown_file_language_is_a_diagnostic_not_a_traceback(tmp_path, capsys):
    from rulesdsl.cli import main
    (tmp_path / "jogo.yaml").write_text("idioma: fr\njeu: {nom: x}\n", encoding="utf-8")
    code = main(["validar", str(tmp_path)])
    out, err = capsys.readouterr()
    text = out + err
    assert code == 1 and "M002" in text and "idioma 'fr' desconhecido" in text and "jogo.yaml:1:1" in text
    assert "Traceback" not in text
    scen = tmp_path / "c.yaml"
    scen.write_text("idioma: fr\nregras: root\ncenários: []\n", encoding="utf-8")
    code = main(["cenario", str(scen)])
    out, err = capsys.readouterr()
    assert code == 1 and "M002" in out + err and "Traceback" not in out + err


# `número de pontos seus = 0`: a counter (or a die, hits, extra actions) is a quantity, not a set
# of things; counting it gave 0 and `houver` was false, silently (C030, on the noun)
CONQUISTA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "conquista")


@pytest.mark.parametrize("lang,cond,noun,words", [
    ("pt", "número de pontos seus = 0", "pontos", ["'pontos' é uma quantidade", "daria sempre 0",
                                                   "'pontos de você'"]),
    ("pt", "houver dados", "dados", ["'dados' é uma quantidade", "'houver' seria sempre falso"]),
    ("es", "número de puntos tuyos = 0", "puntos", ["'puntos' es una cantidad", "daría siempre 0",
                                                    "'puntos de ti'"]),
])
def test_counting_a_quantity_is_an_error(tmp_path, lang, cond, noun, words):
    path = os.path.join(CONQUISTA_DIR, "jogo.yaml")
    if lang == "pt":
        src, req = open(path, encoding="utf-8").read(), "requer: houver soldados seus"
    else:
        from rulesdsl.translate import translate_file
        src, req = translate_file(path, "es"), "requiere: haya soldados tuyos"
    assert src.count(req) == 1, src[:400]
    text = src.replace(req, req.split(":")[0] + ": " + cond)
    diags, _ = diagnose(tmp_path, text)
    errs = [d for d in diags if d.severity == "error"]
    assert [d.code for d in errs] == ["C030"], [d.render() for d in errs]
    rendered = errs[0].render()
    line = text.splitlines().index(next(ln for ln in text.splitlines() if cond in ln)) + 1
    assert errs[0].pos.line == line and errs[0].lang == lang
    col = text.splitlines()[line - 1].index(noun) + 1
    assert errs[0].pos.col == col, rendered
    for w in words:
        assert w in rendered, rendered
