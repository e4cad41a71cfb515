"""Loading the text catalogue: the model, and every kind of bad input as a positioned diagnostic."""
import os

from textkit import MINI, load, write_catalogue


def test_mini_catalogue_model():
    cat, diags = load(MINI)
    assert not diags.has_errors(), [d.render() for d in diags]
    assert cat.law.id == "lei" and cat.law.lang == "pt"
    assert [d.id for d in cat.others()] == ["regras-es", "referencia", "resumo"]
    es = cat.documents["regras-es"]
    assert es.role == "translation" and es.lang == "es"
    assert es.paragraphs["6.3.1"].number == "5.3.1"
    assert es.paragraphs["1.1+1"].aligned == ["1.1"]          # second paragraph for one Law §
    assert es.paragraphs["ES:5.9"].aligned == []               # no Law counterpart
    assert es.paragraphs["6.5.4"].title == "Construir."        # flow mapping
    assert cat.documents["resumo"].paragraphs["R:2"].aligned == ["6.5.4"]
    assert cat.law.paragraphs["6.3.3"].text.endswith("diagonalmente oposta.")
    assert cat.concepts["torre"].terms["es"].avoid == ["Torre de Vigilancia"]
    assert cat.accepted[0].code == "T113"


def _only(diags, code):
    got = [d for d in diags if d.code == code]
    assert got, [d.render() for d in diags]
    return got[0]


def test_malformed_yaml_has_file_line_col(tmp_path):
    root = write_catalogue(tmp_path, {"1.1": "Texto."})
    with open(os.path.join(root, "texto", "lei.pt.yaml"), "a", encoding="utf-8") as fh:
        fh.write('  "1.2": texto: "dois pontos"\n  "1.3": "C."\n')
    cat, diags = load(root)
    (d,) = [d for d in diags.errors if d.pos and d.pos.file.endswith("lei.pt.yaml")]
    assert d.code.startswith("E0") and d.pos.line == 6
    assert " 6 | " in d.render() and "^" in d.render()


def test_duplicate_paragraph(tmp_path):
    root = write_catalogue(tmp_path, {"1.1": "A."})
    with open(os.path.join(root, "texto", "lei.pt.yaml"), "a", encoding="utf-8") as fh:
        fh.write('  "1.1":\n    texto: "B."\n')
    cat, diags = load(root)
    d = _only(diags, "E003")
    assert d.related is not None


def test_unknown_key_with_suggestion_in_the_files_language(tmp_path):
    root = write_catalogue(tmp_path, {"1.1": "A."}, {"1.1": {"txto": "A.", "título": "T"}})
    cat, diags = load(root)
    d = _only(diags, "T003")
    assert d.lang == "es" and d.hint == "texto"
    assert "clave desconocida 'txto'" in d.render() and "¿quería decir 'texto'?" in d.render()
    assert d.pos.file.endswith("regras.es.yaml") and d.pos.line == 5


def test_translation_key_that_is_not_a_law_paragraph(tmp_path):
    root = write_catalogue(tmp_path, {"6.5.4": "A.", "6.5.5": "B."}, {"6.5.9": "C."})
    cat, diags = load(root)
    d = _only(diags, "T010")
    assert d.hint == "6.5.5" and d.pos.line == 4


def test_aligned_to_unknown_paragraph(tmp_path):
    root = write_catalogue(tmp_path, {"6.5.4": "A."}, {"6.5.4": {"texto": "B.", "alineado": ["6.5.4", "6.5.3"]}})
    cat, diags = load(root)
    assert _only(diags, "T010").hint == "6.5.4"


def test_unknown_document_role_and_language(tmp_path):
    root = write_catalogue(tmp_path, {"1.1": "A."})
    path = os.path.join(root, "texto", "documentos.yaml")
    with open(path, "a", encoding="utf-8") as fh:
        fh.write("  extra: {idioma: fr, papel: tradusão}\n")
    cat, diags = load(root)
    assert _only(diags, "T008").args["language"] == "fr"
    assert _only(diags, "T009").hint == "tradução"


def test_paragraph_file_for_unknown_document(tmp_path):
    root = write_catalogue(tmp_path, {"1.1": "A."})
    with open(os.path.join(root, "texto", "outro.pt.yaml"), "w", encoding="utf-8") as fh:
        fh.write("idioma: pt\ndocumento: lie\nparágrafos: {}\n")
    cat, diags = load(root)
    d = _only(diags, "T005")
    assert d.hint == "lei" and (d.pos.line, d.pos.col) == (2, 12)


def test_bad_confirmation_hash(tmp_path):
    root = write_catalogue(tmp_path, {"1.1": "A."}, {"1.1": {"texto": "A.", "confirmado": "ontem"}})
    cat, diags = load(root)
    assert _only(diags, "T017").pos.line == 6


def test_unsafe_yaml_tag(tmp_path):
    root = write_catalogue(tmp_path, {"1.1": "A."})
    with open(os.path.join(root, "texto", "lei.pt.yaml"), "a", encoding="utf-8") as fh:
        fh.write('  "1.2": !!python/object/apply:os.system ["true"]\n')
    cat, diags = load(root)
    assert _only(diags, "E002")


def test_missing_ruleset_and_missing_text_folder(tmp_path):
    cat, diags = load(tmp_path / "nope")
    assert cat is None and _only(diags, "T001")
    cat, diags = load(tmp_path)
    assert cat is None and _only(diags, "T011")


def test_acceptance_entries_are_validated(tmp_path):
    acc = [{"código": "T999", "parágrafo": "1.1", "documento": "regras-es", "motivo": "x", "texto": "y"},
           {"código": "T110", "parágrafo": "1.9", "documento": "regras-es", "motivo": "x", "texto": "y"},
           {"código": "T110", "parágrafo": "1.1", "documento": "regras-es", "motivo": "", "texto": "y"}]
    root = write_catalogue(tmp_path, {"1.1": "A."}, {"1.1": "A."}, accepted=acc)
    cat, diags = load(root)
    assert {d.code for d in diags} == {"T018", "T019", "T020"}
    assert cat.accepted == []


def test_real_catalogue_loads_cleanly():
    root = os.path.join(os.path.dirname(__file__), "..", "..", "rulesets", "root")
    cat, diags = load(root)
    assert not diags.has_errors(), [d.render() for d in diags][:5]
    assert cat.law is not None and len(cat.law.paragraphs) > 100
