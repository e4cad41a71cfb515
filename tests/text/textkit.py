"""Helpers for the translator's workbench tests: small catalogues written on the fly.

(A plain module, imported as `textkit`: pytest puts this folder on sys.path.)"""
from __future__ import annotations

import os
import shutil

import yaml

from rulesdsl.errors import Diagnostics
from rulesdsl.text import catalogue as catmod
from rulesdsl.text import checks as checkmod
from rulesdsl.text import coverage as covmod

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")
MINI = os.path.join(FIXTURES, "mini")
MINI_TESTS = os.path.join(FIXTURES, "mini_tests")

DOCS = {
    "lei": {"idioma": "pt", "título": "Lei", "edição": "1", "fonte": "t", "papel": "fonte"},
    "regras-es": {"idioma": "es", "título": "Reglas", "edição": "1", "fonte": "t", "papel": "tradução"},
    "referencia": {"idioma": "pt", "título": "Ref", "edição": "1", "fonte": "t", "papel": "referência"},
    "resumo": {"idioma": "pt", "título": "Resumo", "edição": "1", "fonte": "t", "papel": "resumo"},
}


# the glossary entries most test catalogues need (a test adds its own words to a copy)
BASE_GLOSSARY = {
    "card": {"pt": {"preferido": "carta", "variantes": ["cartas"]},
             "es": {"preferido": "carta", "variantes": ["cartas"]}},
    "warrior": {"pt": {"preferido": "guerreiro", "variantes": ["guerreiros"]},
                "es": {"preferido": "guerrero", "variantes": ["guerreros"]}},
    "battle": {"pt": {"preferido": "batalha", "variantes": ["batalhas"]},
               "es": {"preferido": "batalla", "variantes": ["batallas"]}},
}


def _dump(path, data):
    with open(path, "w", encoding="utf-8") as fh:
        yaml.safe_dump(data, fh, allow_unicode=True, sort_keys=False, width=1000)


def _paras(d: dict, number_key: str) -> dict:
    out = {}
    for k, v in d.items():
        if isinstance(v, str):
            v = {"texto": v}
        out[k] = dict(v)
    return out


def write_catalogue(root, law: dict, es: dict | None = None, ref: dict | None = None,
                    summary: dict | None = None, glossary: dict | None = None,
                    accepted: list | None = None, data: dict | None = None) -> str:
    """A ruleset folder with a text catalogue; paragraph values are a text or a mapping."""
    root = str(root)
    t = os.path.join(root, "texto")
    os.makedirs(t, exist_ok=True)
    docs = {"lei": DOCS["lei"]}
    _dump(os.path.join(t, "lei.pt.yaml"),
          {"idioma": "pt", "documento": "lei", "parágrafos": _paras(law, "número")})
    if es is not None:
        docs["regras-es"] = DOCS["regras-es"]
        _dump(os.path.join(t, "regras.es.yaml"),
              {"idioma": "es", "documento": "regras-es", "párrafos": _paras(es, "número")})
    if ref is not None:
        docs["referencia"] = DOCS["referencia"]
        _dump(os.path.join(t, "referencia.pt.yaml"),
              {"idioma": "pt", "documento": "referencia", "parágrafos": _paras(ref, "número")})
    if summary is not None:
        docs["resumo"] = DOCS["resumo"]
        _dump(os.path.join(t, "resumo.pt.yaml"),
              {"idioma": "pt", "documento": "resumo", "parágrafos": _paras(summary, "número")})
    _dump(os.path.join(t, "documentos.yaml"), {"idioma": "pt", "documentos": docs})
    if glossary is not None:
        _dump(os.path.join(t, "glossario.yaml"), {"idioma": "pt", "glossário": glossary})
    if accepted is not None:
        _dump(os.path.join(t, "aceitos.yaml"), {"idioma": "pt", "diferenças_aceitas": accepted})
    for name, content in (data or {}).items():
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(content)
    return root


def load(root):
    diags = Diagnostics()
    cat = catmod.load(str(root), diags)
    return cat, diags


def run_checks(root, with_data=False):
    cat, diags = load(root)
    assert not diags.has_errors(), [d.render() for d in diags]
    scan = covmod.scan(str(root), [], diags) if with_data else None
    assert not diags.has_errors(), [d.render() for d in diags]
    return checkmod.run(cat, "pt", scan)


def codes(report, code=None, doc=None):
    out = [f for f in report.findings if (code is None or f.code == code)
           and (doc is None or f.document == doc)]
    return out


