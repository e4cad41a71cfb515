"""A designer's mistakes (issue 8): each one is an error (or a warning) at `file:line:col`, in
the file's language, with a suggestion where one helps — never silently ignored.

Every case starts from a small game that validates cleanly (PT and ES), changes one line the
way a designer would get it wrong, and asserts the code, the place, the language of the message
and the suggestion. Before these checks each of these passed "ok (0 erros)" and the rule it
was part of never ran (or ran wrong).
"""
import os
import subprocess
import sys

import pytest

import rulesdsl
from rulesdsl.errors import RulesError, format_message

from minigames import load

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

PT = """\
idioma: pt
jogo:
  id: mini
  nome: {pt: Mini, es: Mini}
  jogadores: {mínimo: 2, máximo: 2}
  turno: [amanhecer, dia]
  pontuação: pv
fases:
  amanhecer: {nome: {pt: Amanhecer, es: Alba}}
  dia: {nome: {pt: Dia, es: Mañana}}
contadores:
  pv: {nome: {pt: PV, es: PV}, inicial: 0, escopo: jogador}
zonas:
  descarte: {nome: {pt: descarte, es: descarte}, conteúdo: cartas}
tipos_de_espaço:
  clareira: {nome: {pt: clareira, es: claro}}
categorias_de_peça:
  construcao: {nome: {pt: construção, es: construcción}, governa: sim}
  guerreiro: {nome: {pt: guerreiro, es: guerrero}, governa: sim}
mapas:
  m:
    nome: {pt: m, es: m}
    espaços:
      a: {tipo: clareira, nome: {pt: Alta, es: Alta}}
facções:
  gatos:
    nome: {pt: Gatos, es: Gatos}
    peças:
      serraria:
        nome: {pt: serraria, es: aserradero}
        categoria: construcao
        quantidade: 3
        trilhas:
          pv: [0, 1, 2]
      soldado: {nome: {pt: soldado, es: soldado}, categoria: guerreiro, quantidade: 5}
    turno:
      dia:
        - efeito: |
            posicione 1 serraria em Alta
        - realize até 1 ações entre marcha
    ações:
      marcha:
        nome: {pt: marcha, es: marcha}
        ignora_proibições: [movimento]
        efeito: posicione 1 soldado em Alta
    gatilhos:
      - quando: {evento: posicionamento, peças: serraria, espaço: C}
        efeito: receba 1 PV
    proibições:
      - quando: {evento: movimento, peças: soldado, por: inimigo}
"""

ES = """\
idioma: es
juego:
  id: mini
  nombre: {pt: Mini, es: Mini}
  jugadores: {mínimo: 2, máximo: 2}
  turno: [amanhecer, dia]
  puntuación: pv
fases:
  amanhecer: {nombre: {pt: Amanhecer, es: Alba}}
  dia: {nombre: {pt: Dia, es: Mañana}}
contadores:
  pv: {nombre: {pt: PV, es: PV}, inicial: 0, ámbito: jugador}
zonas:
  descarte: {nombre: {pt: descarte, es: descarte}, contenido: cartas}
tipos_de_espacio:
  clareira: {nombre: {pt: clareira, es: claro}}
categorías_de_pieza:
  construcao: {nombre: {pt: construção, es: construcción}, gobierna: sí}
  guerreiro: {nombre: {pt: guerreiro, es: guerrero}, gobierna: sí}
mapas:
  m:
    nombre: {pt: m, es: m}
    espacios:
      a: {tipo: clareira, nombre: {pt: Alta, es: Alta}}
facciones:
  gatos:
    nombre: {pt: Gatos, es: Gatos}
    piezas:
      serraria:
        nombre: {pt: serraria, es: aserradero}
        categoría: construcao
        cantidad: 3
        registros:
          pv: [0, 1, 2]
      soldado: {nombre: {pt: soldado, es: soldado}, categoría: guerreiro, cantidad: 5}
    turno:
      dia:
        - efecto: |
            coloca 1 aserradero en Alta
        - realiza hasta 1 acciones entre marcha
    acciones:
      marcha:
        nombre: {pt: marcha, es: marcha}
        ignora_prohibiciones: [movimiento]
        efecto: coloca 1 soldado en Alta
    disparadores:
      - cuando: {evento: colocación, piezas: aserradero, espacio: C}
        efecto: gana 1 PV
    prohibiciones:
      - cuando: {evento: movimiento, piezas: soldado, por: enemigo}
"""

BASE = {"pt": PT, "es": ES}
OTHER = {"pt": "es", "es": "pt"}


def edit(lang, old, new, text=None):
    text = BASE[lang] if text is None else text
    assert text.count(old) == 1, old
    return text.replace(old, new)


def place(text, needle, nth=0):
    """(line, col) of `needle` in `text` (1-based), its nth occurrence."""
    i = -1
    for _ in range(nth + 1):
        i = text.index(needle, i + 1)
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    return line, col


def only(diags, code, severity="error"):
    """The one diagnostic of the run, with this code: nothing else (no cascades)."""
    assert [d.code for d in diags] == [code], "\n".join(d.render() for d in diags)
    (d,) = diags
    assert d.severity == severity
    return d


def check(d, lang, text, needle, hint=None, nth=0, within=None):
    """Place (of `needle`, inside the unique `within` when given), caret, language of the
    message, suggestion."""
    if within is not None:
        i = text.index(within) + within.index(needle)
        line, col = text.count("\n", 0, i) + 1, i - (text.rfind("\n", 0, i) + 1) + 1
    else:
        line, col = place(text, needle, nth)
    assert (d.pos.line, d.pos.col) == (line, col), d.render()
    assert d.pos.file.endswith("jogo.yaml")
    assert d.lang == lang
    msg = d.message()
    assert msg == format_message(d.code, lang, d.args)
    assert msg != format_message(d.code, OTHER[lang], d.args), "a message text for each language"
    rendered = d.render()
    assert rendered.startswith(f"{d.pos.file}:{line}:{col}: ")
    caret_line = rendered.splitlines()[2]
    assert caret_line.index("^") - caret_line.index("|") - 2 == col - 1
    if hint is not None:
        assert d.hint == hint
        assert (f"você quis dizer '{hint}'" if lang == "pt" else f"quería decir '{hint}'") in rendered
    return d


def test_the_base_games_validate_cleanly(tmp_path):
    for lang in ("pt", "es"):
        (tmp_path / lang).mkdir()
        diags, gd = load(tmp_path / lang, BASE[lang])
        assert diags == [], "\n".join(d.render() for d in diags)
        assert len(gd.factions["gatos"].turn["dia"]) == 2


# --------------------------------------------------------------------------------------------
# phases: a faction's `turno:` keys


@pytest.mark.parametrize("lang,key", [("pt", "Dia"), ("pt", "Mañana"), ("es", "Mañana"),
                                      ("es", "mañana"), ("es", "Dia")])
def test_a_phase_written_by_its_name_in_any_language_is_that_phase(tmp_path, lang, key):
    diags, gd = load(tmp_path, edit(lang, "      dia:\n", f"      {key}:\n"))
    assert diags == [], "\n".join(d.render() for d in diags)
    # the rule is the phase's: it runs in that phase
    assert len(gd.factions["gatos"].turn["dia"]) == 2
    assert list(gd.factions["gatos"].turn) == ["dia"]


@pytest.mark.parametrize("lang,key,hint", [("pt", "dai", "dia"), ("pt", "amanhcer", "amanhecer"),
                                           ("es", "mañna", "Mañana"), ("es", "albaa", "Alba")])
def test_a_misspelt_phase_key_is_an_error_with_a_suggestion(tmp_path, lang, key, hint):
    text = edit(lang, "      dia:\n", f"      {key}:\n")
    diags, _ = load(tmp_path, text)
    check(only(diags, "M042"), lang, text, f"{key}:", hint)


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_the_same_phase_twice_by_id_and_name_is_an_error(tmp_path, lang):
    eff = "posicione 1 serraria em Alta" if lang == "pt" else "coloca 1 aserradero en Alta"
    actions = "    ações:" if lang == "pt" else "    acciones:"
    text = edit(lang, actions, f"      Dia: [{eff}]\n{actions}")
    diags, _ = load(tmp_path, text)
    d = check(only(diags, "M021"), lang, text, "Dia:")
    assert d.related.line == place(text, "      dia:")[0]


@pytest.mark.parametrize("lang,hint", [("pt", "dia"), ("es", "dia")])
def test_a_misspelt_phase_in_the_turn_order_is_an_error(tmp_path, lang, hint):
    text = edit(lang, "  turno: [amanhecer, dia]", "  turno: [amanhecer, dai]")
    diags, _ = load(tmp_path, text)
    check(only(diags, "M043"), lang, text, "dai]", hint)


# --------------------------------------------------------------------------------------------
# events and their fields


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "evento: posicionamento", "evento: posicionamnto", "posicionamento"),
    ("pt", "evento: posicionamento", "evento: colocación", None),
    ("es", "evento: colocación", "evento: mueve", None),
    ("es", "evento: colocación", "evento: movimento", "movimiento"),
])
def test_an_unknown_event_is_an_error(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    d = check(only(diags, "M044"), lang, text, new.split(": ")[1], hint)
    assert ("remoção" if lang == "pt" else "retirada") in d.message()   # the events it knows


@pytest.mark.parametrize("lang,old,new,field", [
    ("pt", "espaço: C}", "espaço: C, carta: K}", "carta"),
    ("pt", "espaço: C}", "espaço: C, fase: dia}", "fase"),
    ("es", "espacio: C}", "espacio: C, carta: K}", "carta"),
    ("es", "espacio: C}", "espacio: C, de: O}", "de"),
])
def test_a_field_the_event_does_not_carry_is_an_error(tmp_path, lang, old, new, field):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    d = check(only(diags, "M045"), lang, text, f"{field}:")
    assert ("espaço" if lang == "pt" else "espacio") in d.message()    # the fields it carries


@pytest.mark.parametrize("lang,old,new", [
    ("pt", "evento: movimento, peças: soldado", "evento: virada, peças: soldado"),
    ("es", "evento: movimiento, piezas: soldado", "evento: volteo, piezas: soldado"),
])
def test_a_prohibition_on_an_event_no_verb_asks_about_is_an_error(tmp_path, lang, old, new):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    check(only(diags, "M046"), lang, text, new.split(",")[0].split(": ")[1])


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "espaço: C}", "espaço: clareira}", None),
    ("pt", "por: inimigo}", "por: inimgo}", "inimigo"),
    ("es", "por: enemigo}", "por: enemgo}", "enemigo"),
])
def test_an_event_field_that_is_no_variable_is_an_error(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    d = diags[0] if diags else None
    assert d is not None and d.code in ("M048", "M049")
    check(only(diags, d.code), lang, text, new.split(": ")[1][:-1], hint, within=new)


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "ignora_proibições: [movimento]", "ignora_proibições: [xyzzy]", None),
    ("es", "ignora_prohibiciones: [movimiento]", "ignora_prohibiciones: [movimento]", "movimiento"),
])
def test_ignored_prohibitions_name_events(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    check(only(diags, "M044"), lang, text, new.split("[")[1][:-1], hint)


# --------------------------------------------------------------------------------------------
# categories, closed values, references, tracks


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "categoria: construcao", "categoria: contrucao", "construcao"),
    ("pt", "categoria: construcao", "categoria: muralha", None),
    ("es", "categoría: construcao", "categoría: construccion", "construcao"),
])
def test_an_unknown_piece_category_is_an_error(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    bad = new.split(": ")[-1].split("}")[0]
    check(only(diags, "M043"), lang, text, bad, hint, within=new)


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "conteúdo: cartas", "conteúdo: carta", "cartas"),
    ("pt", "escopo: jogador", "escopo: jogadores", "jogador"),
    ("pt", "governa: sim}\n  guerreiro", "governa: talvez}\n  guerreiro", None),
    ("es", "contenido: cartas", "contenido: carta", "cartas"),
    ("es", "ámbito: jugador", "ámbito: jogador", "jugador"),
])
def test_a_closed_value_must_be_one_of_its_values(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    bad = new.split(": ")[1].split("}")[0]
    check(only(diags, "M044"), lang, text, bad, hint, within=new)


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "pontuação: pv", "pontuação: pvs", "pv"),
    ("es", "puntuación: pv", "puntuación: pb", "pv"),
    ("pt", "categoria: guerreiro, quantidade: 5}", "categoria: guerreiro, quantidade: 5, cobre: serrarias}",
     "serraria"),
    ("es", "gobierna: sí}\n  guerreiro", "gobierna: sí, ocupa: lugares}\n  guerreiro", None),
    ("pt", "conteúdo: cartas}", "conteúdo: cartas, reabastece_de: descartes}", "descarte"),
])
def test_a_reference_to_nothing_declared_is_an_error(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    bad = new.split(": ")[-1].split("}")[0]
    check(only(diags, "M043"), lang, text, bad, hint, within=new)


@pytest.mark.parametrize("lang,key", [("pt", "trilhas"), ("es", "registros")])
@pytest.mark.parametrize("values", ["[0, 1, 2, 3]", "[0, 1]"])
def test_a_track_has_one_value_per_piece(tmp_path, lang, key, values):
    text = edit(lang, f"{key}:\n          pv: [0, 1, 2]", f"{key}:\n          pv: {values}")
    diags, _ = load(tmp_path, text)
    d = check(only(diags, "M047"), lang, text, values)
    assert d.args["count"] == 3 and d.args["n"] == values.count(",") + 1


# --------------------------------------------------------------------------------------------
# wrong types in every section: one error, at the value, and nothing after it trips on it

WRONG_TYPES = [
    ("  jogadores: {mínimo: 2, máximo: 2}", "  jogadores: {mínimo: dois, máximo: 2}", "dois"),
    ("  turno: [amanhecer, dia]", "  turno: amanhecer", "amanhecer\n"),
    ("fases:\n  amanhecer: {nome: {pt: Amanhecer, es: Alba}}",
     "fases:\n  amanhecer: 7", "7"),
    ("inicial: 0", "inicial: zero", "zero"),
    ("        quantidade: 3", "        quantidade: três", "três"),
    ("          pv: [0, 1, 2]", "          pv: 3", "3\n"),
    ("    gatilhos:\n", "    gatilhos: 4\n    gatilhos_x:\n", "4"),
    ("conteúdo: cartas}", "conteúdo: [cartas]}", "[cartas]"),
    ("      a: {tipo: clareira,", "      a: {tipo: [clareira],", "[clareira]"),
]


@pytest.mark.parametrize("old,new,needle", WRONG_TYPES)
def test_a_wrong_type_is_one_error_at_the_value(tmp_path, old, new, needle):
    text = edit("pt", old, new)
    if "gatilhos_x" in new:
        # the trigger list now hangs under an unknown key: both are reported
        diags, _ = load(tmp_path, text)
        assert sorted(d.code for d in diags) == ["M010", "M011"]
        d = next(d for d in diags if d.code == "M011")
    else:
        diags, _ = load(tmp_path, text)
        d = only(diags, "M011")
    check(d, "pt", text, needle.rstrip("\n"), within=new)


@pytest.mark.parametrize("lang,old,new", [
    ("es", "      soldado: {nombre", "      soldado: 5\n      x: {nombre"),
    ("es", "inicial: 0", "inicial: [0]"),
])
def test_a_wrong_type_in_spanish_is_reported_in_spanish(tmp_path, lang, old, new):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    d = [d for d in diags if d.code == "M011"][0]
    assert d.lang == "es" and "tipo incorrecto" in d.message()


# --------------------------------------------------------------------------------------------
# unknown keys, verbs and pieces


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "    gatilhos:\n", "    gatilos:\n", "gatilhos"),
    ("es", "    disparadores:\n", "    disparadore:\n", "disparadores"),
    ("es", "    disparadores:\n", "    gatilhos:\n", None),
])
def test_an_unknown_key_is_an_error(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    check(only(diags, "M010"), lang, text, new.strip().rstrip(":"), hint)


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "posicione 1 serraria", "posicone 1 serraria", "posicione"),
    ("pt", "posicione 1 serraria", "posicione 1 serrarria", "serraria"),
    ("es", "coloca 1 aserradero", "coloka 1 aserradero", "coloca"),
    ("es", "coloca 1 aserradero", "coloca 1 aserradro", "aserradero"),
])
def test_unknown_verbs_and_pieces_have_suggestions(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    bad = next(w for w, o in zip(new.split(), old.split()) if w != o)
    check(only(diags, "P002"), lang, text, bad, hint)


# --------------------------------------------------------------------------------------------
# every stage runs as far as it can


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_parse_and_compile_errors_come_out_together(tmp_path, lang):
    """A word the parser does not know (P002) no longer hides an undefined variable (C001)
    in another rule, nor does a type error (M011) elsewhere."""
    if lang == "pt":
        text = edit(lang, "posicione 1 serraria em Alta", "posicione 1 serrarria em Alta")
        text = edit(lang, "efeito: receba 1 PV", "efeito: posicione 1 soldado em X", text)
        text = edit(lang, "inicial: 0", "inicial: zero", text)
    else:
        text = edit(lang, "coloca 1 aserradero en Alta", "coloca 1 aserradro en Alta")
        text = edit(lang, "efecto: gana 1 PV", "efecto: coloca 1 soldado en X", text)
        text = edit(lang, "inicial: 0", "inicial: cero", text)
    diags, _ = load(tmp_path, text)
    assert sorted(d.code for d in diags) == ["C001", "M011", "P002"], \
        "\n".join(d.render() for d in diags)
    assert all(d.lang == lang for d in diags)


def test_text_catalogue_text_given_as_a_list_is_an_error(tmp_path):
    import shutil
    from rulesdsl.errors import Diagnostics
    from rulesdsl.text import catalogue
    src = os.path.join(HERE, "text", "fixtures", "mini")
    root = tmp_path / "mini"
    shutil.copytree(src, root)
    law = root / "texto" / "lei.pt.yaml"
    text = law.read_text(encoding="utf-8")
    old = '    texto: "Este capítulo resolve dúvidas técnicas."'
    text = text.replace(old, "    texto: [Este capítulo, resolve dúvidas]")
    law.write_text(text, encoding="utf-8")
    diags = Diagnostics("pt")
    cat = catalogue.load(str(root), diags)
    bad = [d for d in diags if d.code == "T004"]
    assert len(bad) == 1 and bad[0].pos.line == place(text, "[Este")[0]
    assert "texto" in bad[0].message()
    assert "[" not in cat.law.by_number()["1"].text      # no Python repr of a list


BROKEN = {
    "a.yaml": "idioma: pt\nfases: [\n",                                       # YAML syntax
    "b.yaml": "idioma: es\ncontadores:\n  pv: {nombre: PV, inicial: cero}\n",  # a wrong type
    "c.yaml": ("idioma: pt\nações:\n  x:\n    efeito: posicone 1 soldado em Alta\n"   # parse
               "  y:\n    efeito: posicione 1 soldado em Z\n"),                        # compile
    "d.yaml": "idioma: pt\ngatilhos:\n  - quando: {evento: mueve}\n    efeito: pare\n",  # event
}


def test_a_ruleset_with_several_broken_files_reports_every_error_in_one_run(tmp_path):
    folder = tmp_path / "regras"
    folder.mkdir()
    (folder / "jogo.yaml").write_text(PT, encoding="utf-8")
    for name, text in BROKEN.items():
        (folder / name).write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": REPO}
    r = subprocess.run([sys.executable, "-m", "rulesdsl", "validar", str(folder), "--json"],
                       capture_output=True, text=True, env=env, cwd=REPO, timeout=120)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr + r.stdout
    import json
    out = json.loads(r.stdout)
    got = {(os.path.basename(d["file"]), d["code"]) for d in out["results"][0]["diagnostics"]}
    assert {("a.yaml", "E001"), ("b.yaml", "M011"), ("c.yaml", "P002"), ("c.yaml", "C001"),
            ("d.yaml", "M044")} <= got, got
    r = subprocess.run([sys.executable, "-m", "rulesdsl", "validar", str(folder)],
                       capture_output=True, text=True, env=env, cwd=REPO, timeout=120)
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    for name in BROKEN:
        assert name in r.stderr


# --------------------------------------------------------------------------------------------
# the JSON Schemas an editor reads: fresh, and right about the shipped rulesets


def _gen_schema():
    sys.path.insert(0, os.path.join(REPO, "tools"))
    import gen_schema
    return gen_schema


def test_checked_in_schemas_are_fresh():
    gen = _gen_schema()
    stale = []
    for name, sch in gen.outputs().items():
        path = os.path.join(REPO, "grammar", "schema", name)
        with open(path, encoding="utf-8") as fh:
            if fh.read() != gen.dumps(sch):
                stale.append(name)
    assert not stale, ("grammar/schema is stale (tools/gen_schema.py or a lexicon changed): "
                       "regenerate it with\n    python tools/gen_schema.py\nfiles: " + ", ".join(stale))
    assert {"ruleset.pt.schema.json", "ruleset.es.schema.json"} <= set(gen.outputs())


def _editor_errors(lang, text):
    """What an editor's YAML language server would flag (plain YAML, the language's schema)."""
    import json
    import jsonschema
    import yaml
    with open(os.path.join(REPO, "grammar", "schema", f"ruleset.{lang}.schema.json"), encoding="utf-8") as fh:
        sch = json.load(fh)
    return list(jsonschema.Draft202012Validator(sch).iter_errors(yaml.safe_load(text)))


@pytest.mark.parametrize("lang,folders", [("pt", ["rulesets/root", "tests/games", "rulesets/scythe"]),
                                          ("es", ["rulesets/root-es", "examples/erizos", "rulesets/scythe-es"])])
def test_language_schemas_accept_the_shipped_rulesets(lang, folders):
    import glob
    n = 0
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(REPO, folder, "**", "*.yaml"), recursive=True)):
            if f"{os.sep}texto{os.sep}" in path:
                continue
            with open(path, encoding="utf-8") as fh:
                errs = _editor_errors(lang, fh.read())
            assert not errs, (path, [(list(e.path), e.message[:120]) for e in errs[:3]])
            n += 1
    assert n >= 3


@pytest.mark.parametrize("lang,old,new", [
    ("pt", "    gatilhos:\n", "    gatilos:\n"),
    ("pt", "evento: posicionamento", "evento: posicionamnto"),
    ("pt", "conteúdo: cartas", "conteúdo: carta"),
    ("es", "    disparadores:\n", "    gatilhos:\n"),
    ("es", "evento: colocación", "evento: mueve"),
])
def test_language_schemas_flag_misspelt_keys_and_values(lang, old, new):
    assert not _editor_errors(lang, BASE[lang])
    assert _editor_errors(lang, edit(lang, old, new))


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "nome: {pt: serraria, es: aserradero}", "nome: {pt: serraria, se: aserradero}", "es"),
    ("es", "nombre: {pt: serraria, es: aserradero}", "nombre: {pt: serraria, esp: aserradero}", "es"),
])
def test_a_name_in_a_misspelt_language_is_an_error(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    bad = new.split(", ")[1].split(":")[0] + ":"
    check(only(diags, "M050"), lang, text, bad, hint, within=new)   # the name still works


@pytest.mark.parametrize("lang,key", [("pt", "expansões"), ("es", "expansiones")])
def test_a_faction_expansion_no_piece_counts_is_an_error(tmp_path, lang, key):
    name = "    nome: {pt: Gatos, es: Gatos}\n" if lang == "pt" else "    nombre: {pt: Gatos, es: Gatos}\n"
    text = edit(lang, name, name + f"    {key}: [ribeirinha]\n")
    diags, _ = load(tmp_path, text)
    check(only(diags, "M043"), lang, text, "ribeirinha")


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "peças: serraria, espaço: C}", "peças: serarias, espaço: C}", "serraria"),
    ("es", "piezas: aserradero, espacio: C}", "piezas: aserraderos_, espacio: C}", "aserradero"),
])
def test_an_unknown_piece_in_an_event_has_a_suggestion(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    bad = new.split(": ")[1].split(",")[0]
    check(only(diags, "C014"), lang, text, bad, hint, within=new)


# one more section each, appended to the game with one value of the wrong type
SECTIONS = {
    "pt": [
        ("dados:\n  d6: {faces: {um: 1}}\n", "{um: 1}"),   # a face that is a word: M135
        ("vitória: {condição: x}\n", "{condição: x}"),
        ("baralhos:\n  b: {cartas: {a: 1}}\n", "{a: 1}"),
        ("valores_derivados:\n  x: {base: 1, parâmetro: [X]}\n", "[X]"),
        ("modificadores:\n  - {valor: [x], soma: 1}\n", "[x]"),
        ("enumerações:\n  naipe: {valores: [a, b]}\n", "[a, b]"),
        ("tipos_de_ligação:\n  caminho: {adjacência: [sim]}\n", "[sim]"),
        ("zonas_de_jogador:\n  mao: {limite: muitos}\n", "muitos"),
        ("conjuntos_de_peças:\n  s: {itens: {serraria: duas}}\n", "duas"),
        ("atributos_de_carta:\n  custo: {nome: custo, tipo: [número]}\n", "[número]"),
        ("estados_de_peça:\n  exaurido: [x]\n", "[x]"),
    ],
    "es": [
        ("dados:\n  d6: {caras: {uno: 1}}\n", "{uno: 1}"),
        ("victoria: {condición: x}\n", "{condición: x}"),
        ("mazos:\n  b: {cartas: {a: 1}}\n", "{a: 1}"),
        ("valores_derivados:\n  x: {base: 1, parámetro: [X]}\n", "[X]"),
        ("zonas_de_jugador:\n  mano: {límite: muchas}\n", "muchas"),
        ("estados_de_pieza:\n  agotado: [x]\n", "[x]"),
    ],
}


@pytest.mark.parametrize("lang,section,needle", [(lg, s, n) for lg, xs in SECTIONS.items() for s, n in xs])
def test_a_wrong_type_in_any_section_is_one_error_in_the_files_language(tmp_path, lang, section, needle):
    text = BASE[lang] + section
    diags, _ = load(tmp_path, text)
    d = only(diags, "M011")
    check(d, lang, text, needle, within=section)
    assert ("tipo errado" if lang == "pt" else "tipo incorrecto") in d.message()


@pytest.mark.parametrize("lang,old,new,hint", [
    ("pt", "  clareira: {nome: {pt: clareira, es: claro}}",
     "  clareira: {nome: {pt: clareira, es: claro}, atributos: {casas: {tipo: numro}}}", "número"),
    ("es", "  clareira: {nombre: {pt: clareira, es: claro}}",
     "  clareira: {nombre: {pt: clareira, es: claro}, atributos: {casas: {tipo: boleano}}}", "booleano"),
])
def test_an_attribute_of_an_unknown_type_is_an_error(tmp_path, lang, old, new, hint):
    text = edit(lang, old, new)
    diags, _ = load(tmp_path, text)
    bad = new.split("tipo: ")[1].split("}")[0]
    check(only(diags, "M044"), lang, text, bad, hint, within=new)


def test_a_file_that_does_not_load_brings_no_cascade_of_unknown_names(tmp_path):
    """The names an unreadable file declares are not reported again at each use elsewhere;
    a misspelling of something else still is."""
    folder = tmp_path / "regras"
    folder.mkdir()
    text = edit("pt", "        efeito: posicione 1 soldado em Alta",
                "        efeito: |\n          posicione 1 ruína em Alta\n          posicone 1 soldado em Alta")
    (folder / "jogo.yaml").write_text(text, encoding="utf-8")
    (folder / "neutras.yaml").write_text(
        "idioma: pt\npeças_neutras:\n  ruina: {nome: {pt: ruína, es: ruina}, quantidade: 4\n", encoding="utf-8")
    with pytest.raises(RulesError) as exc:
        rulesdsl.Environment().load(str(folder))
    got = [(os.path.basename(d.pos.file), d.code, d.args.get("word")) for d in exc.value.diagnostics]
    assert got == [("neutras.yaml", "E009", None), ("jogo.yaml", "P002", "posicone")], got


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_the_turn_order_may_name_phases_by_their_names(tmp_path, lang):
    diags, gd = load(tmp_path, edit(lang, "  turno: [amanhecer, dia]", "  turno: [Alba, Mañana]"))
    assert diags == [], "\n".join(d.render() for d in diags)
    assert gd.turn_phases == ["amanhecer", "dia"]


@pytest.mark.parametrize("lang,section,bad,hint", [
    ("pt", "conjuntos_de_peças:\n  s: {itens: {serrarias: 2}}\n", "serrarias", "serraria"),
    ("es", "conjuntos_de_piezas:\n  s: {artículos: {soldados: 2}}\n", "soldados", "soldado"),
])
def test_a_piece_set_names_pieces(tmp_path, lang, section, bad, hint):
    text = BASE[lang] + section
    diags, _ = load(tmp_path, text)
    check(only(diags, "M043"), lang, text, bad, hint, within=section)
