"""Overlays (rulesdsl/overlay.py): a ruleset folder with `base:` extends another one.

Most cases lay small overlays over tests/games/conquista (fast to load); the homebrew faction of
examples/erizos (a Spanish overlay on Root) is exercised by tests/test_tutorial.py; `traduzir`
translates a whole folder, or writes nothing.
"""
from __future__ import annotations

import io
import os
import textwrap

import pytest

from rulesdsl import Environment
from rulesdsl.cli import main
from rulesdsl.errors import Diagnostics, RulesError
from rulesdsl.model import load_ruleset

TESTS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TESTS)
CONQUISTA = os.path.join(TESTS, "games", "conquista", "jogo.yaml")
ERIZOS = os.path.join(REPO, "examples", "erizos")


def write(folder, name, text):
    path = os.path.join(str(folder), name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(textwrap.dedent(text).lstrip("\n").replace("@CONQUISTA@", CONQUISTA))
    return path


def load(folder):
    diags = Diagnostics()
    try:
        rs = load_ruleset(str(folder), diags)
    except RulesError:
        rs = None
    return rs, diags


def errors(diags, code=None):
    return [d for d in diags.items if d.severity == "error" and (code is None or d.code == code)]


HOUSE = """
    idioma: es
    base: @CONQUISTA@
    reemplazar: [juego.puntos_para_ganar, facciones.vermelhos.turno.tarde]
    quitar: [mazos.ordens.cartas.ordem_livre]
    juego:
      puntos_para_ganar: 7
    mazos:
      ordens:
        cartas:
          - {id: orden_nueva, nombre: {es: orden nueva, pt: ordem nova}, terreno: colina, copias: 2}
    facciones:
      vermelhos:
        turno:
          tarde:
            - por cada valle V gobernado por ti: recibe 2 puntos
      verdes:
        nombre: {es: Verdes, pt: Verdes}
        piezas:
          soldado: {nombre: {es: soldado, pt: soldado}, categoría: soldado, cantidad: 8}
        preparación:
          - coloca 3 soldados en Este
        turno:
          manhã:
            - realiza hasta 2 acciones entre marchar, atacar
          tarde:
            - por cada valle V gobernado por ti: recibe 1 punto
"""


# ---------------------------------------------------------------------------------------------
# what an overlay adds, replaces and removes

def test_overlay_adds_replaces_and_removes(tmp_path):
    write(tmp_path, "juego.yaml", HOUSE)
    rs, diags = load(tmp_path)
    assert not errors(diags), [d.render() for d in diags.items]
    d = rs.data
    assert d["game"]["victory_score"] == 7                          # replaced
    assert d["game"]["turn"] == ["manhã", "tarde"]                  # kept from the base
    cards = [c["id"] for c in d["decks"]["ordens"]["cards"]]
    assert cards == ["ordem_colina", "ordem_rio", "orden_nueva"]    # removed one, added one
    assert list(d["factions"]) == ["azuis", "vermelhos", "verdes"]  # added a faction
    assert [str(x) for x in d["factions"]["vermelhos"]["turn"]["tarde"]] == [
        "por cada valle V gobernado por ti: recibe 2 puntos"]       # a house rule
    assert d["factions"]["vermelhos"]["turn"]["manhã"]              # the rest of the turn stays
    assert rs.lang == "es"                                          # the overlay's own language
    # what the overlay defines keeps the overlay's positions
    assert rs.thing("faction", "verdes").pos.file == str(tmp_path / "juego.yaml")


def test_overlay_plays_its_house_rules(tmp_path):
    write(tmp_path, "juego.yaml", HOUSE)
    env = Environment()
    gd = env.load(str(tmp_path))
    game = env.new_game(gd, ["verdes", "vermelhos"], seed=3)
    while not game.is_terminal():
        game.apply(game.legal_actions()[0])
    assert max(game.s.counters.get(f"{f}.pontos", 0) for f in ("verdes", "vermelhos")) >= 0
    assert gd.rs.data["game"]["victory_score"] == 7


def test_redefining_a_base_entry_without_saying_so_is_an_error(tmp_path):
    path = write(tmp_path, "jogo.yaml", """
        idioma: pt
        base: @CONQUISTA@
        jogo:
          pontos_para_vencer: 3
        facções:
          azuis:
            peças:
              soldado: {nome: soldado, categoria: soldado, quantidade: 12}
        baralhos:
          ordens:
            cartas:
              - {id: ordem_rio, terreno: rio}
    """)
    rs, diags = load(tmp_path)
    errs = errors(diags, "O001")
    assert [(e.pos.file, e.pos.line, e.pos.col) for e in errs] == [
        (path, 4, 3), (path, 8, 7), (path, 12, 14)]
    # each names the base's definition and the line that would make the change explicit
    assert all(e.related and e.related.file == CONQUISTA for e in errs)
    msg = errs[1].message()
    assert "facções.azuis.peças.soldado" in msg and "substituir:" in msg and "remover:" in msg


def test_same_id_twice_inside_one_layer_is_still_M020(tmp_path):
    write(tmp_path, "jogo.yaml", """
        idioma: pt
        base: @CONQUISTA@
        facções:
          verdes: {nome: Verdes}
    """)
    write(tmp_path, "outra.yaml", """
        idioma: pt
        facções:
          verdes: {nome: Verdes}
    """)
    _rs, diags = load(tmp_path)
    assert [e.code for e in errors(diags)] == ["M020"]


def test_paths_that_name_nothing_of_the_base(tmp_path):
    path = write(tmp_path, "jogo.yaml", """
        idioma: pt
        base: @CONQUISTA@
        substituir: [jogo.pontos_para_vencerr, facções.azuis.nome]
        remover: [facções.vermelho]
    """)
    _rs, diags = load(tmp_path)
    got = {(e.code, e.pos.line, e.pos.col, e.hint) for e in errors(diags)}
    assert got == {("O003", 3, 14, "pontos_para_vencer"),      # misspelt key, with a suggestion
                   ("O005", 3, 40, None),                      # replaced, but no new value given
                   ("O003", 4, 11, "vermelhos")}               # misspelt id
    assert all(e.pos.file == path for e in errors(diags))


def test_a_missing_base_and_a_cycle_are_errors_at_the_base_key(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    pa = write(a, "jogo.yaml", "idioma: pt\nbase: ../b\n")
    pb = write(b, "jogo.yaml", "idioma: pt\nbase: ../a\n")
    _rs, diags = load(a)
    (err,) = errors(diags)
    assert err.code == "O004" and err.pos.file == pb and (err.pos.line, err.pos.col) == (2, 7)
    assert "a → b → a" in err.message() or "b → a" in err.message()
    write(a, "jogo.yaml", "idioma: es\nbase: roott\n")
    _rs, diags = load(a)
    (err,) = errors(diags)
    assert err.code == "O002" and err.pos.file == pa and err.hint == "root"
    assert "no encontrada" in err.message()                   # in the file's language


def test_directives_need_a_base(tmp_path):
    write(tmp_path, "jogo.yaml", """
        idioma: pt
        substituir: [jogo.mapa]
        jogo: {id: x}
    """)
    _rs, diags = load(tmp_path)
    assert "O007" in [e.code for e in errors(diags)]


def test_an_overlay_of_an_overlay(tmp_path):
    write(tmp_path / "casa", "juego.yaml", HOUSE)
    write(tmp_path / "mais", "jogo.yaml", """
        idioma: pt
        base: ../casa
        substituir: [jogo.pontos_para_vencer]
        remover: [facções.azuis]
        jogo:
          pontos_para_vencer: 9
    """)
    rs, diags = load(tmp_path / "mais")
    assert not errors(diags), [d.render() for d in diags.items]
    assert rs.data["game"]["victory_score"] == 9
    assert list(rs.data["factions"]) == ["vermelhos", "verdes"]
    assert rs.lang == "pt"


def test_a_bad_rule_of_the_overlay_is_reported_in_the_overlay(tmp_path):
    path = write(tmp_path, "jogo.yaml", """
        idioma: pt
        base: @CONQUISTA@
        facções:
          verdes:
            nome: Verdes
            peças:
              soldado: {nome: soldado, categoria: soldado, quantidade: 8}
            preparação:
              - posicione 3 soldadoz em Leste
    """)
    env = Environment()
    with pytest.raises(RulesError) as exc:
        env.load(str(tmp_path))
    errs = [d for d in exc.value.diagnostics if d.severity == "error"]
    assert errs and all(d.pos.file == path for d in errs)
    assert errs[0].pos.line == 9


def test_the_hash_covers_every_layer(tmp_path):
    base = tmp_path / "base"
    write(base, "jogo.yaml", open(CONQUISTA, encoding="utf-8").read())
    write(tmp_path / "top", "jogo.yaml", "idioma: pt\nbase: ../base\nfacções:\n  verdes: {nome: Verdes}\n")
    h1 = load(tmp_path / "top")[0].hash
    assert h1 != load(base)[0].hash
    write(base, "jogo.yaml", open(CONQUISTA, encoding="utf-8").read().replace(
        "pontos_para_vencer: 5", "pontos_para_vencer: 6"))
    assert load(tmp_path / "top")[0].hash != h1


def test_an_overlay_reads_its_bases_text_catalogue():
    from rulesdsl.text.catalogue import find_text_folder
    assert os.path.samefile(find_text_folder(ERIZOS), os.path.join(REPO, "rulesets", "root", "texto"))


# ---------------------------------------------------------------------------------------------
# the homebrew faction (examples/erizos) is validated, played, simulated and tested with its
# scenarios by tests/test_tutorial.py, which runs the Spanish tutorial that builds it

def run(argv):
    import contextlib
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------------------------------------
# traduzir: a whole folder, or nothing

def test_translate_a_folder(tmp_path):
    src = tmp_path / "casa"
    write(src, "juego.yaml", HOUSE.replace("@CONQUISTA@", "../conquista/jogo.yaml"))
    write(tmp_path / "conquista", "jogo.yaml", open(CONQUISTA, encoding="utf-8").read())
    out = tmp_path / "saida" / "pt"
    code, stdout, err = run(["traduzir", str(src), "--para", "pt", "--saida", str(out)])
    assert code == 0, err
    text = (out / "juego.yaml").read_text(encoding="utf-8")
    assert text.startswith("idioma: pt\nbase: ../../conquista/jogo.yaml\n")   # the same base
    assert "substituir: [jogo.pontos_para_vencer, facções.vermelhos.turno.tarde]" in text
    assert "para cada vale V governado por você: receba 2 pontos" in text
    rs, diags = load(out)
    assert not errors(diags), [d.render() for d in diags.items]
    assert rs.data["game"]["victory_score"] == 7


def test_translate_a_folder_needs_an_output_and_a_failure_writes_nothing(tmp_path):
    src = tmp_path / "casa"
    write(src, "juego.yaml", HOUSE)
    code, _out, err = run(["traducir", str(src), "--para", "pt"])
    assert code == 1 and "CLI050" in err
    code, _out, err = run(["traducir", str(src), "--para", "pt", "--salida", str(src / "pt")])
    assert code == 1 and "CLI051" in err
    # a rule that does not parse: the command fails, and no file is written
    write(src, "facciones/malas.yaml", """
        idioma: es
        facciones:
          grises:
            preparación:
              - coloca 3 soldadoz en Este
    """)
    out = tmp_path / "saida"
    code, _out, err = run(["traducir", str(src), "--para", "pt", "--salida", str(out)])
    assert code == 1 and "Traceback" not in err
    assert not out.exists()
    out.mkdir()
    (out / "juego.yaml").write_text("antes\n", encoding="utf-8")
    code, _out, err = run(["traducir", str(src), "--para", "pt", "--salida", str(out)])
    assert code == 1
    assert sorted(os.listdir(out)) == ["juego.yaml"]
    assert (out / "juego.yaml").read_text(encoding="utf-8") == "antes\n"


def test_translate_one_file_of_an_overlay_reads_names_from_its_base():
    from rulesdsl.translate import translate_file
    text = translate_file(os.path.join(REPO, "examples", "erizos", "facciones", "erizos.yaml"), "pt")
    assert "efeito: posicione 1 ouriço em cada clareira com farol" in text
    assert "realize" in text or "faça" in text
