"""`text confirm`: records the source hash in the translation file, editing only that line."""
import difflib
import os

from rulesdsl.text import catalogue as catmod
from rulesdsl.text.cli import main

from textkit import codes, load, run_checks, write_catalogue


def _read(path):
    with open(path, encoding="utf-8", newline="") as fh:
        return fh.read()


def _changed_lines(before, after):
    return [l for l in difflib.ndiff(before.splitlines(), after.splitlines()) if l[:1] in "+-"]


def test_confirm_round_trip_on_the_fixture(mini, capsys):
    es = os.path.join(mini, "texto", "regras.es.yaml")
    law = os.path.join(mini, "texto", "lei.pt.yaml")
    # 6.3.1 is confirmed; change the Law and it becomes stale
    with open(law, encoding="utf-8") as fh:
        text = fh.read()
    with open(law, "w", encoding="utf-8") as fh:
        fh.write(text.replace("25 guerreiros", "20 guerreiros"))
    assert [f.paragraph for f in codes(run_checks(mini), "T150")] == ["6.3.1"]
    before = _read(es)
    assert main(["text", "confirm", "6.3.1", "--lang", "es", str(mini)]) == 0
    after = _read(es)
    cat, _ = load(mini)
    digest = catmod.text_hash([cat.law.paragraphs["6.3.1"]])
    changed = _changed_lines(before, after)
    assert len(changed) == 2 and changed[1] == f'+     confirmado: "{digest}"'
    assert not codes(run_checks(mini), "T150")
    assert "6.3.1" in capsys.readouterr().out
    # confirming again changes nothing
    assert main(["text", "confirm", "6.3.1", "--lang", "es", str(mini)]) == 0
    assert _read(es) == after


def test_confirm_adds_the_key_to_block_and_flow_mappings(mini):
    es = os.path.join(mini, "texto", "regras.es.yaml")
    before = _read(es)
    assert main(["text", "confirm", "6.3.3", "--lang", "es", str(mini)]) == 0
    assert main(["text", "confirm", "6.5.4", "--lang", "es", str(mini)]) == 0
    after = _read(es)
    diff = _changed_lines(before, after)
    added = [l for l in diff if l.startswith("+")]
    assert len(added) == 2
    # block mapping: a new line after the paragraph's last key, at its indentation
    assert added[0].startswith('+     confirmado: "')
    lines = after.splitlines()
    i = lines.index(added[0][2:])
    assert lines[i - 1].lstrip().startswith("texto:") and lines[i - 4].strip() == '"6.3.3":'
    # flow mapping: inside the braces, same line
    assert added[1].startswith('+   "6.5.4": {número: "5.5.4"') and added[1].endswith('"}')
    # comments and everything else untouched
    assert after.startswith("# Traducción de prueba")
    report = run_checks(mini)
    assert not codes(report, "T150")
    cat, diags = load(mini)
    assert not diags.has_errors()
    assert cat.documents["regras-es"].paragraphs["6.5.4"].confirmed is not None


def test_confirm_one_law_paragraph_rendered_by_two(mini, capsys):
    es = os.path.join(mini, "texto", "regras.es.yaml")
    assert main(["text", "confirm", "1.1", "--lang", "es", str(mini)]) == 0
    out = capsys.readouterr().out
    assert "1.1+1" in out
    cat, _ = load(mini)
    ps = cat.documents["regras-es"].paragraphs
    assert ps["1.1"].confirmed == ps["1.1+1"].confirmed


def test_failed_confirm_changes_no_file(mini, capsys):
    files = {n: _read(os.path.join(mini, "texto", n)) for n in os.listdir(os.path.join(mini, "texto"))}
    assert main(["text", "confirm", "6.5.9", "--lang", "es", str(mini)]) == 1
    err = capsys.readouterr().err
    assert "6.5.9" in err and "'6.5.4'" in err and "Traceback" not in err       # a suggestion
    assert main(["text", "confirm", "2.1", "--lang", "es", str(mini)]) == 1       # not translated
    assert main(["text", "confirm", "6.3.1", "--lang", "fr", str(mini)]) == 1     # no such language
    assert main(["text", "confirm", "6.3.1", "--lang", "es", str(mini / "nope")]) == 1
    assert main(["text", "confirm", "6.3.1", "--lang", "es", "--doc", "lei", str(mini)]) == 1
    for n, text in files.items():
        assert _read(os.path.join(mini, "texto", n)) == text
    assert not [n for n in os.listdir(os.path.join(mini, "texto")) if n.startswith(".confirm")]


def test_confirm_refuses_an_edit_it_cannot_make_safely(tmp_path, capsys):
    root = write_catalogue(tmp_path, {"1.1": "A."}, {"1.1": "Uno."})
    path = os.path.join(root, "texto", "regras.es.yaml")
    with open(path, "w", encoding="utf-8") as fh:       # a paragraph written as a bare string
        fh.write('idioma: es\ndocumento: regras-es\npárrafos:\n  "1.1": "Uno."\n')
    before = _read(path)
    assert main(["text", "confirm", "1.1", "--lang", "es", str(root)]) == 1
    assert "T025" in capsys.readouterr().err
    assert _read(path) == before


def test_confirm_keeps_crlf_and_quotes(tmp_path):
    root = write_catalogue(tmp_path, {"1.1": "A."}, {"1.1": {"texto": "Uno.", "confirmado": "0" * 64}})
    path = os.path.join(root, "texto", "regras.es.yaml")
    text = _read(path).replace('confirmado: \'', "confirmado: '").replace("\n", "\r\n")
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)
    assert main(["text", "confirm", "1.1", "--lang", "es", str(root)]) == 0
    after = _read(path)
    assert after.count("\r\n") == text.count("\r\n") and "\n" not in after.replace("\r\n", "")
    assert "0" * 64 not in after


def test_confirm_speaks_the_reader_s_language_and_takes_a_bundled_name(mini, capsys, monkeypatch):
    """`--lang es` names the translation confirmed, not the reader: the messages follow
    `--idioma`, else the locale; `root` is the bundled ruleset, as in every command."""
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", "pt_BR.UTF-8")
    assert main(["text", "confirm", "6.5.9", "--lang", "es", str(mini)]) == 1
    assert "parágrafo desconhecido 6.5.9" in capsys.readouterr().err
    assert main(["text", "confirm", "6.5.9", "--lang", "es", "--idioma", "es", str(mini)]) == 1
    assert "párrafo desconocido 6.5.9" in capsys.readouterr().err
    # the bundled Root: a paragraph it lacks is refused by its own Law (nothing is written)
    assert main(["texto", "confirmar", "99.1", "--traducao", "es", "root"]) == 1
    err = capsys.readouterr().err
    assert "parágrafo desconhecido 99.1 em 'lei'" in err and "'15.1'" in err
