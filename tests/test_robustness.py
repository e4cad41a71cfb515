"""Never a traceback, never a hang (issue 21): each class of bad input the fuzzer found is an
error at `file:line:col` (exit status 1), never an exception of Python, within bounded time.

Each case takes the small game tests/games/conquista, changes it the way a mutation did, and
asserts the load ends in diagnostics (`RulesError`) — each one placed in a file — or loads."""
import os
import re

import pytest

from rulesdsl.environment import Environment
from rulesdsl.errors import Diagnostics, RulesError
from rulesdsl.loader import load_text

HERE = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.join(HERE, "games", "conquista", "jogo.yaml")


def _text():
    with open(GAME, encoding="utf-8") as fh:
        return fh.read()


def _load(tmp_path, text, extra=None):
    folder = tmp_path / "jogo"
    folder.mkdir()
    (folder / "jogo.yaml").write_text(text, encoding="utf-8")
    if extra is not None:
        (folder / "extra.yaml").write_text(extra, encoding="utf-8")
    try:
        Environment().load(str(folder))
    except RulesError as exc:
        errors = [d for d in exc.diagnostics if d.severity == "error"]
        assert errors
        for d in errors:
            assert d.pos is not None and d.pos.line >= 1, (d.code, d.message())
        return errors
    return []


def _sub(old, new, count=1):
    text = _text()
    assert old in text, old
    return text.replace(old, new, count)


SHAPES = {
    "null section": ("fases:\n  manhã: {nome: {pt: manhã, es: mañana}}\n  tarde: {nome: {pt: tarde, es: tarde}}\n",
                     "fases: null\n"),
    "null enumeration": ("  terreno:\n    nome: {pt: terreno, es: terreno}\n    valores:",
                         "  terreno: null\n  outro:\n    nome: {pt: terreno, es: terreno}\n    valores:"),
    "null space kind": ("  vale:\n    nome: {pt: vale, es: valle}", "  vale: ~\n  vale2:\n    nome: {pt: vale, es: valle}"),
    "null map": ("  quadrado:\n", "  quadrado: null\n  outro:\n"),
    "space as false": ("      norte: {tipo: vale", "      norte: false\n      norte2: {tipo: vale"),
    "space as list": ("      norte: {tipo: vale", "      norte: [a, b]\n      norte2: {tipo: vale"),
    "attribute declaration true": ("      casas: {tipo: número, nome: {pt: casas, es: casas}}", "      casas: true"),
    "enum value as string": ("      rio: {nome: {pt: ribeira, es: ribera}}", "      rio: ribeira"),
    "counter named by empty string": ("  pontos: {nome: {pt: ponto, es: punto}, inicial: 0, mínimo: 0}",
                                      "  pontos: {nome: {pt: ponto, es: punto}, inicial: 0, mínimo: 0}\n  '': {nome: {pt: x, es: x}}"),
    "edge with one end": ("[[norte, leste],", "[[norte],"),
    "edge as a string": ("[[norte, leste],", "[norte,"),
    "card attributes as a list": ("terreno: colina, cópias: 4}", "terreno: [colina, rio], cópias: 4}"),
    "deck cards as a map": ("    cartas:\n", "    cartas: {a: 1}\n    x:\n"),
    "unknown tag on a card attribute": ("terreno: colina, cópias: 4}", "terreno: !foo colina, cópias: 4}"),
    "python tag": ("terreno: colina, cópias: 4}", "terreno: !!python/object:os.system colina, cópias: 4}"),
    "duplicated top-level line": ("fases:\n", "fases:\nfases:\n"),
    "recursive anchor": ("  limite_de_rodadas: 12", "  limite_de_rodadas: &r [*r]"),
    "huge round limit": ("  limite_de_rodadas: 12", "  limite_de_rodadas: 99999999999999999999999"),
    "huge copies": ("terreno: colina, cópias: 4}", "terreno: colina, cópias: 10000000000000}"),
    "turn as null": ("  turno: [manhã, tarde]", "  turno: null"),
    "turn item as map": ("  turno: [manhã, tarde]", "  turno: [manhã, {a: 1}]"),
    "names as a number": ("nome: {pt: ponto, es: punto}", "nome: 3"),
    "action as a list": ("  marchar:\n", "  marchar: [a]\n  marchar2:\n"),
    "effect as a map": ("    requer: houver soldados seus", "    requer: {a: b}"),
}


@pytest.mark.parametrize("case", sorted(SHAPES))
def test_shapes_are_checked_before_use(tmp_path, case):
    old, new = SHAPES[case]
    _load(tmp_path, _sub(old, new))


@pytest.mark.parametrize("extra", ["", "# só um comentário\n", "idioma: pt\nfases: null\n", "[]\n", "x\n"])
def test_a_second_file_empty_or_odd(tmp_path, extra):
    _load(tmp_path, _text(), extra)


MARCHAR = ("    efeito: |\n      escolha um vale O com soldados seus\n      escolha um vale D adjacente a O\n"
           "      leve qualquer número de soldados seus de O para D\n")

EXPRESSIONS = {
    # effect of `marchar` -> the error it gets, at the place of the fault
    "role": ("C034", "role"),
    "adicione": ("C034", "adicione"),
    "revele": ("C034", "revele"),
    "posicione 3 em Norte": ("C035", "3"),
    "seja N igual a 3; posicione N em Norte": ("C035", "N"),
    "manhã": ("C036", "manhã"),
    "marchar": ("C037", "marchar"),
    "seja A igual a " + "(" * 120 + "1" + ")" * 120: ("P009", "("),
    "10000000000000 vezes: role 1 dado R": ("C038", "10000000000000"),
    # a phrase the verb never reads would be ignored in play
    "role 1 dado R por Norte": ("C039", "Norte"),
    # a zone of something that is not a player would be read as your own zone
    "descarte 1 carta da mão de Norte": ("C040", "Norte"),
}


@pytest.mark.parametrize("effect", sorted(EXPRESSIONS))
def test_effects_that_would_fail_in_play_are_errors(tmp_path, effect):
    code, at = EXPRESSIONS[effect]
    errors = _load(tmp_path, _sub(MARCHAR, "    efeito: '" + effect + "'\n"))
    assert [d.code for d in errors] == [code]
    line = _sub(MARCHAR, "    efeito: '" + effect + "'\n").splitlines()[errors[0].pos.line - 1]
    assert line[errors[0].pos.col - 1:].startswith(at)


def test_an_action_offering_itself_in_its_menu_is_warned(tmp_path):
    with open(os.path.join(HERE, "games", "cansaco", "jogo.yaml"), encoding="utf-8") as fh:
        text = fh.read()
    text = text.replace("    preparação:\n      - posicione 1 bandeira",
                        "    ações:\n      andar: {nome: {pt: andar, es: andar}, efeito: 'realize até 2 ações'}\n"
                        "    preparação:\n      - posicione 1 bandeira", 1)
    folder = tmp_path / "jogo"
    folder.mkdir()
    (folder / "jogo.yaml").write_text(text, encoding="utf-8")
    env = Environment()
    env.load(str(folder))
    assert "M071" in [d.code for d in env.diagnostics]


@pytest.mark.parametrize("old,new,code", [
    ("limite_de_rodadas: 12", "limite_de_rodadas: 99999999999999", "M072"),
    ("terreno: colina, cópias: 4}", "terreno: colina, cópias: 10000000}", "M072"),
    ("[[norte, leste],", "[[norte],", "M073"),
    ("    nome: {pt: vale, es: valle}", '    nome: "\\u2028"', "M074"),
    ("  pontos: {nome: {pt: ponto, es: punto}", "  pontos: {nome: {pt: ' ', es: punto}", "M074"),
])
def test_numbers_and_edges_in_data_are_bounded(tmp_path, old, new, code):
    errors = _load(tmp_path, _sub(old, new))
    # (a name taken away leaves the expressions that used it with an unknown word too)
    assert errors[0].code == code and len(errors) <= 3
    assert errors[0].message().startswith(("em '", "o nome de"))


def test_deep_parentheses_are_a_positioned_error(tmp_path):
    errors = _load(tmp_path, _sub("    requer: houver soldados seus",
                                  "    requer: " + "(" * 60 + "houver soldados seus" + ")" * 60))
    assert [d.code for d in errors] == ["P009"]


def _diags(text):
    d = Diagnostics()
    load_text(text, "x.yaml", d)
    return d.items


def test_alias_bomb_is_refused():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    assert [d.code for d in _diags("\n".join(lines) + "\n")] == ["E016"]


def test_recursive_anchor_is_refused():
    assert [d.code for d in _diags("a: &r [x, *r]\n")] == ["E016"]


@pytest.mark.parametrize("text", ["a: " + "[" * 3000 + "]" * 3000, "a: " + "{a: " * 3000 + "}" * 3000,
                                  "a:\n" + "".join(" " * (i + 1) + "a:\n" for i in range(1000))])
def test_deep_nesting_is_refused(text):
    assert [d.code for d in _diags(text)] == ["E015"]


@pytest.mark.parametrize("ch,line,col", [("\x01", 2, 5), ("\x0c", 2, 5), ("\x00", 2, 5)])
def test_control_character_is_placed(ch, line, col):
    [d] = _diags("a: 1\nb: x" + ch + "y\n")
    assert (d.code, d.pos.line, d.pos.col) == ("E017", line, col)


def test_line_separator_counts_as_a_line():
    [d] = _diags("a: 1\u2028b: 2\nc: [x\n")
    assert d.pos.line == 3


def test_error_at_the_end_points_at_the_last_line():
    text = "a: 1\nb: 'aberto\n\n\n"
    [d] = _diags(text)
    assert (d.pos.line, d.pos.col) == (2, len("b: 'aberto") + 1)
    src = {"x.yaml": text}
    assert "^" in d.render(sources=src)


# ---------------------------------------------------------------------------------------------
# the command line

from rulesdsl import cli  # noqa: E402


def test_an_unexpected_exception_is_an_internal_error_with_its_own_status(monkeypatch, capsys):
    def boom(args):
        raise ZeroDivisionError("x")
    monkeypatch.setattr(cli, "cmd_validate", boom, raising=False)
    parser = cli.build_parser("pt")
    monkeypatch.setattr(cli, "build_parser", lambda lang: parser)
    for action in parser._subparsers._group_actions[0].choices.values():
        action.set_defaults(func=boom)
    code = cli.main(["validar", GAME])
    err = capsys.readouterr().err
    assert code == cli.EXIT_INTERNAL == 70
    assert "CLI007" in err and "ZeroDivisionError" in err and GAME in err and "Traceback" not in err


def test_an_internal_error_names_the_ruleset_and_keeps_the_warnings(monkeypatch, capsys):
    import rulesdsl.model as model

    def broken(path, diags):
        diags.add("M040", None, "pt", severity="warning", name="x")
        raise AttributeError("a bug")
    monkeypatch.setattr(model, "load_ruleset", broken)
    folder = os.path.dirname(GAME)
    assert cli.main(["validar", folder]) == cli.EXIT_INTERNAL
    err = capsys.readouterr().err
    assert "M040" in err and "CLI007" in err and folder in err and "AttributeError: a bug" in err


def test_a_null_byte_in_an_argument_is_named(capsys):
    assert cli.main(["validar", "a\x00b"]) == 1
    assert "CLI021" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["cenario"], ["traduzir", "--para", "es"]])
def test_a_binary_file_is_a_placed_error(tmp_path, capsys, command):
    bad = tmp_path / "bin.yaml"
    bad.write_bytes(b"\xda\xff\x00abc\x80")
    code = cli.main(command[:1] + [str(bad)] + command[1:])
    out, err = capsys.readouterr()
    assert code == 1
    assert f"{bad}:1:1" in err and "E004" in err and "E004" not in out


def test_outputs_follow_the_umask_and_refuse_a_symlink(tmp_path, capsys):
    old = os.umask(0o022)
    try:
        out = tmp_path / "saida.yaml"
        assert cli.main(["traduzir", GAME, "--para", "es", "--saida", str(out)]) == 0
        assert out.stat().st_mode & 0o777 == 0o644
        target = tmp_path / "alvo.yaml"
        target.write_text("fica\n", encoding="utf-8")
        link = tmp_path / "ligacao.yaml"
        link.symlink_to(target)
        assert cli.main(["traduzir", GAME, "--para", "es", "--saida", str(link)]) == 1
        assert "CLI022" in capsys.readouterr().err
        assert link.is_symlink() and target.read_text(encoding="utf-8") == "fica\n"
        assert not [p for p in os.listdir(tmp_path) if p.startswith(".rulesdsl-")]
    finally:
        os.umask(old)


# ---------------------------------------------------------------------------------------------
# "did you mean": linear, not quadratic, in the number of unknown words

def test_suggestions_are_bounded_per_candidate_list(monkeypatch):
    from rulesdsl import errors
    monkeypatch.setattr(errors, "_COMPARISONS", 5)
    cands = ["serraria", "oficina", "recrutador", "soldado"]
    assert errors.suggest("serrria", cands) == "serraria"        # 4 compared
    assert errors.suggest("oficna", cands) is None                # budget spent: no suggestion
    assert errors.suggest("Clareira", ["clareira", "mata"]) == "clareira"   # another list


def test_the_fuzz_plan_depends_only_on_the_seed():
    from rulesdsl import fuzz
    assert fuzz.plan(50, 3) == fuzz.plan(50, 3) != fuzz.plan(50, 4)


# --- the runtime half: a game that would spin or nest without end stops with a clear error ---

LOOP_HOOKS = ("    gatilhos:\n      - quando: {evento: posicionamento, peças: soldado, espaço: C}\n"
              "        efeito: remova 1 soldado de C\n"
              "      - quando: {evento: remoção, peças: soldado, espaço: C}\n"
              "        efeito: posicione 1 soldado em C\n")
HUGE_REPEAT = ("        - compre 1 carta\n  vermelhos",
               "        - seja N igual a 1000000 * 1000000\n        - N vezes: compre 1 carta\n  vermelhos")


def _game_dir(tmp_path, text):
    folder = tmp_path / "jogo"
    folder.mkdir()
    (folder / "jogo.yaml").write_text(text, encoding="utf-8")
    return str(folder)


def test_a_chain_of_triggers_that_comes_back_is_warned(tmp_path):
    folder = _game_dir(tmp_path, _sub("  vermelhos:\n", LOOP_HOOKS + "  vermelhos:\n"))
    env = Environment()
    env.load(folder)
    (d,) = [x for x in env.diagnostics if x.code == "M075"]
    assert d.severity == "warning"
    assert "posicionamento → remoção → posicionamento" in d.message()


def test_triggers_that_nest_without_end_stop_the_game(tmp_path, capsys):
    from rulesdsl.cli import main
    folder = _game_dir(tmp_path, _sub("  vermelhos:\n", LOOP_HOOKS + "  vermelhos:\n"))
    assert main(["jogar", folder, "--faccoes", "azuis,vermelhos", "--seed", "3", "--silencioso"]) == 1
    err = capsys.readouterr().err
    assert "CLI023" in err and "semente 3" in err and "5.000" in err


def test_a_computed_huge_repeat_is_refused_in_play(tmp_path, capsys):
    from rulesdsl.cli import main
    folder = _game_dir(tmp_path, _sub(*HUGE_REPEAT))
    assert main(["jogar", folder, "--faccoes", "azuis,vermelhos", "--seed", "1", "--silencioso",
                 "--idioma", "es", "--max-decisoes", "500"]) == 1
    err = capsys.readouterr().err
    assert "CLI023" in err and "semilla 1" in err and "1.000.000.000.000" in err


def test_rules_that_run_on_without_a_decision_stop_at_the_bound(tmp_path, monkeypatch):
    """A game whose turns ask nothing runs to its round limit in one go; with the bound of
    steps between two decisions set below that, it stops with RulesLoop instead."""
    from rulesdsl.interpreter import machine
    from rulesdsl.interpreter.engine import Game
    from rulesdsl.interpreter.runtime import RulesLoop
    text = (_text().replace("  limite_de_rodadas: 12\n", "  limite_de_rodadas: 50\n")
            .replace("        - realize até 2 ações entre marchar, atacar, recrutar\n", "        - perca 1 ponto\n"))
    gdef = Environment().load(_game_dir(tmp_path, text))
    Game(gdef, ["azuis", "vermelhos"], 1)        # plays to the round limit, no decision asked
    monkeypatch.setattr(machine, "MAX_STEPS", 60)
    with pytest.raises(RulesLoop) as exc:
        Game(gdef, ["azuis", "vermelhos"], 1)
    assert exc.value.why == "steps" and exc.value.n == 60


def test_a_rules_loop_in_a_simulation_is_an_error_of_that_game(tmp_path):
    from rulesdsl.interpreter.simulate import simulate
    report = simulate(_game_dir(tmp_path, _sub(*HUGE_REPEAT)), ["azuis", "vermelhos"], games=2, seed=1,
                      workers=1, progress=False)
    assert len(report["errors"]) == 2
    assert all("RulesLoop" in e["error"] for e in report["errors"])


def test_a_folder_without_a_game_is_an_error(tmp_path, capsys):
    from rulesdsl.cli import main
    folder = tmp_path / "vazio"
    folder.mkdir()
    (folder / "x.yaml").write_text("idioma: pt\nfases:\n  a: {nome: {pt: a, es: a}}\n", encoding="utf-8")
    assert main(["validar", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "M076" in err and "x.yaml:1:1" in err and "'jogo'" in err


@pytest.mark.parametrize("command", [["validar"], ["traduzir", "--para", "es"]])
def test_a_scenario_file_given_as_rules_is_named_once(command, capsys):
    from rulesdsl.cli import main
    path = os.path.join(HERE, "cenarios", "conquista.yaml")
    assert main(command[:1] + [path] + command[1:]) == 1
    err = capsys.readouterr().err
    assert err.count("M077") == 1 and "rulesdsl cenario" in err and "M010" not in err


def test_control_characters_are_shown_as_pictures_under_the_caret(tmp_path, capsys):
    from rulesdsl.cli import main
    folder = tmp_path / "jogo"
    folder.mkdir()
    (folder / "jogo.yaml").write_text("idioma: pt\njogo:\n  id: x\x1b[31m\n", encoding="utf-8")
    assert main(["validar", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "x\u241b[31m" in err
    line, caret = [ln for ln in err.splitlines() if ln.startswith(" 3 |") or ln.startswith("   |")][:2]
    assert caret.index("^") == line.index("\u241b")
