"""Adding a language is adding one lexicon file: a Catalan translation is read and checked."""
import os

import pytest

from rulesdsl import lexicon as lexmod
from rulesdsl.text import numbers as nummod

from textkit import codes, run_checks, write_catalogue

CA = """\
name: Català
keys:
  language: [idioma]
  document: [document]
  paragraphs: [paràgrafs]
  title: [títol]
  text: [text]
  number: [número]
  confirmed: [confirmat]
  aligned: [alineat]
  note: [nota]
text:
  numbers: {dos: 2, tres: 3, vint-i-cinc: 25, meitat: 1/2}
  weak_numbers: {un: 1, una: 1}
  negation: ["no", mai, cap, sense]
  exception: [excepte, llevat]
  or: [o]
  and: [i]
  label_words: [pas]
  condition_markers: {if: [si], when: [quan]}
"""


@pytest.fixture
def catalan(tmp_path, monkeypatch):
    d = tmp_path / "lex"
    d.mkdir()
    (d / "ca.yaml").write_text(CA, encoding="utf-8")
    monkeypatch.setattr(lexmod, "_EXTRA_DIRS", [str(d)])

    def clear():
        lexmod.get.cache_clear()
        lexmod.available.cache_clear()
        nummod._extra.cache_clear()
        nummod._phrases.cache_clear()
    clear()
    yield
    monkeypatch.undo()
    clear()


def test_catalan_translation(tmp_path, catalan):
    root = write_catalogue(tmp_path / "r", {"1.1": "Forme um suprimento de 25 guerreiros. Não mova."})
    t = os.path.join(root, "texto")
    with open(os.path.join(t, "documentos.yaml"), "a", encoding="utf-8") as fh:
        fh.write("  regles-ca: {idioma: ca, título: Regles, papel: tradução}\n")
    with open(os.path.join(t, "regles.ca.yaml"), "w", encoding="utf-8") as fh:
        fh.write('idioma: ca\ndocument: regles-ca\nparàgrafs:\n'
                 '  "1.1": {número: "1.1", text: "Pas 1. Forma una reserva de vint-i-cinc guerrers. Mou."}\n')
    rep = run_checks(root)
    assert [f.code for f in codes(rep, doc="regles-ca")] == ["T120"]      # the "não" is lost
    assert not codes(rep, "T110") and not codes(rep, "T113")              # 25 = vint-i-cinc


def test_catalan_condition_markers(tmp_path, catalan):
    """The lexicon's `condition_markers` make a Catalan «si» a condition: one the Law does not
    have is the warning T190."""
    root = write_catalogue(tmp_path / "r", {"1.1": "Compre 2 cartas."})
    t = os.path.join(root, "texto")
    with open(os.path.join(t, "documentos.yaml"), "a", encoding="utf-8") as fh:
        fh.write("  regles-ca: {idioma: ca, título: Regles, papel: tradução}\n")
    with open(os.path.join(t, "regles.ca.yaml"), "w", encoding="utf-8") as fh:
        fh.write('idioma: ca\ndocument: regles-ca\nparàgrafs:\n'
                 '  "1.1": {text: "Roba 2 cartes. Si no en queden, barreja la pila."}\n')
    (f,) = codes(run_checks(root), "T190", "regles-ca")
    assert f.detail.startswith("condition:b:si") and f.severity == "warning"
