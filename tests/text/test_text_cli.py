"""The commands: output formats, languages, exit status, and bad input without tracebacks."""
import argparse
import json
import os
import subprocess
import sys

from rulesdsl.text.cli import main, register

from textkit import MINI, MINI_TESTS, write_catalogue


def test_register_adds_the_three_commands():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    register(sub, "es")
    for argv in (["check-text", "r"], ["coverage", "r", "--json"], ["text", "confirm", "6.5.4", "r", "--lang", "es"]):
        args = parser.parse_args(argv)
        assert callable(args.func)


def test_check_text_clean_fixture_exits_0(capsys):
    assert main(["check-text", MINI]) == 0
    out = capsys.readouterr().out
    assert "T100" in out and "== resumo ==" in out


def test_check_text_json(capsys):
    assert main(["check-text", MINI, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["by_code"]["T100"] == 2
    assert data["summary"]["silenced"] == 1
    f = data["findings"][0]
    assert {"code", "severity", "paragraph", "document", "message", "excerpts", "fingerprint"} <= set(f)


def test_errors_give_exit_1_and_messages_follow_lang(tmp_path, capsys):
    root = write_catalogue(tmp_path, {"1.1": "Compre 3 cartas."}, {"1.1": "Roba 4 cartas."})
    assert main(["check-text", str(root), "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert "§1.1" in out and "error T110" in out and "números distintos" in out
    assert "«Roba 4 cartas.»" in out
    assert main(["check-text", str(root)]) == 1
    assert "números diferentes" in capsys.readouterr().out


def test_warnings_alone_exit_0(tmp_path, capsys):
    root = write_catalogue(tmp_path, {"1.1": "Posicione 4 guerreiros numa clareira."}, {"1.1": "Pon guerreros en un claro."})
    assert main(["check-text", str(root)]) == 0
    assert "aviso T113" in capsys.readouterr().out


def test_bad_input_is_a_diagnostic_not_a_traceback(tmp_path, capsys):
    assert main(["check-text", str(tmp_path / "nope")]) == 1
    assert "T001" in capsys.readouterr().err
    root = write_catalogue(tmp_path, {"1.1": "A."}, {"1.1": {"txto": "A."}})
    for cmd in (["check-text", str(root)], ["coverage", str(root)], ["check-text", str(root), "--json"]):
        assert main(cmd) == 1
        err = capsys.readouterr().err
        assert "regras.es.yaml:5:5: error T003" in err and "¿quería decir 'texto'?" in err
        assert " 5 |     txto:" in err and "^^^^" in err and "Traceback" not in err


def test_unknown_language_option(capsys):
    assert main(["check-text", MINI, "--lang", "fr"]) == 1
    assert "T008" in capsys.readouterr().err


def test_html_is_written(tmp_path, capsys):
    out = tmp_path / "html"
    assert main(["check-text", MINI, "--html", str(out)]) == 0
    page = (out / "check-text.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "http://" not in page and "https://" not in page
    assert main(["coverage", MINI, "--tests", MINI_TESTS, "--html", str(out)]) == 0
    page = (out / "coverage.html").read_text(encoding="utf-8")
    assert '"key": "6.3.1"' in page and "faccoes/marqueses.yaml" in page


def test_module_entry_point():
    r = subprocess.run([sys.executable, "-m", "rulesdsl.text", "check-text", MINI, "--json"],
                       capture_output=True, text=True, cwd=os.path.dirname(MINI))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["summary"]["by_severity"]["error"] == 0


def test_a_command_typed_in_spanish_answers_in_spanish(capsys, monkeypatch):
    """`revisar-texto` is Spanish, `conferir-texto` Portuguese: the report speaks the language
    the command was typed in (no --idioma, no locale)."""
    from rulesdsl.cli import main as rulesdsl_main
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert rulesdsl_main(["revisar-texto", MINI, "--sin-datos"]) == 0
    es = capsys.readouterr().out
    assert rulesdsl_main(["conferir-texto", MINI, "--sem-dados"]) == 0
    pt = capsys.readouterr().out
    assert es != pt and "notas ocultas" in pt and "muéstrelas" in es
