"""Stage 1: safe YAML loading with positions (issue 2 §3)."""
from rulesdsl.errors import Diagnostics
from rulesdsl.loader import load_text


def load(text):
    d = Diagnostics()
    return load_text(text, "t.yaml", d), d


def test_no_and_si_stay_strings():
    v, d = load("a: no\nb: sí\nc: true\n")
    assert v == {"a": "no", "b": "sí", "c": True} and not d.has_errors()


def test_duplicate_key_names_both_lines():
    v, d = load("a: 1\nb: 2\na: 3\n")
    (e,) = d.errors
    assert e.code == "E003" and e.pos.line == 3 and e.related.line == 1


def test_unsafe_tag_is_an_error_not_an_object():
    v, d = load("x: !!python/object/apply:os.system ['true']\n")
    (e,) = d.errors
    assert e.code == "E002" and e.pos.line == 1 and e.pos.col == 4


def test_caret_inside_block_scalar():
    text = "efeito: |\n  posicione 1 guerreiro\n  em cada clareira\n"
    v, d = load(text)
    s = v["efeito"]
    p = s.at(s.index("cada"))
    assert (p.line, p.col) == (3, 6)
