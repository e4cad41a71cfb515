#!/usr/bin/env python3
"""One-shot extraction: the PT faction reference §6–9 (seed 004) -> rulesets/root/texto/referencia.pt.yaml.

Usage:  python tools/extract_ref.py [SEED] [OUT]

The reference uses the Law's own numbering for §6–9 (one field per line: number, title,
text; sub-items are a bare "I"/"a" line), so every entry is keyed by the same Law number and
`número` repeats it. A paragraph whose number does not exist in the Law would be keyed
"F:<number>" (none does). Text is kept as in the seed; only the line structure is removed.
"""
from __future__ import annotations

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _catalogo_yaml as cy  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_SEED = os.path.join(REPO, "..", "shared", "seeds", "004_171082ec18620490.txt")
DEFAULT_OUT = os.path.join(REPO, "rulesets", "root", "texto", "referencia.pt.yaml")

ITEM_WORDS = re.compile(r"\b(hammer|sword|tea|coin|sack|boot|crossbow|torch)\b")
ANNOTATIONS = {
    "7.2.2": {"erro_conhecido": "palavra \"lizard\" solta no fim do texto (ícone de facção convertido em texto)"},
    "8.3.1": {"erro_conhecido": "erro de digitação \"suprimen to\" (suprimento)"},
    "9.2.5.I": {"erro_conhecido": "pontuação duplicada \"correspondentes..\""},
    "9.2.7": {"erro_conhecido": "referência cruzada errada: diz 4.3.3, causar danos é 4.3.4"},
}
ITENS = "itens escritos em inglês no lugar dos ícones"

SECTION_RE = re.compile(r"^(\d+\.\d+)\s+(\S.*)$")
NUMBER_RE = re.compile(r"^(\d+\.\d+\.\d+)$")
SUB_RE = re.compile(r"^([IVX]+|[a-d])$")


def extract(seed_path: str, law_keys: set[str] | None) -> dict:
    with open(seed_path, encoding="utf-8") as fh:
        lines = [ln.strip() for ln in fh.read().split("\n")]
    entries: list[dict] = []
    rule = roman = None
    want_title = False
    for s in lines:
        if not s:
            continue
        m = SECTION_RE.match(s)
        if m:
            entries.append({"key": m.group(1), "título": m.group(2), "texto": []})
            rule = roman = None
            continue
        m = NUMBER_RE.match(s)
        if m:
            entries.append({"key": m.group(1), "título": None, "texto": []})
            rule, roman, want_title = m.group(1), None, True
            continue
        m = SUB_RE.match(s)
        if m and rule:
            if m.group(1)[0] in "IVX":
                key = f"{rule}.{m.group(1)}"
                roman = key
            else:
                key = f"{roman}.{m.group(1)}"
            entries.append({"key": key, "título": None, "texto": []})
            want_title = True
            continue
        if want_title:
            entries[-1]["título"] = s
            want_title = False
            continue
        entries[-1]["texto"].append(s)

    out: dict[str, dict] = {}
    for e in entries:
        key = e["key"]
        if law_keys is not None and key not in law_keys:
            key = "F:" + key
        if key in out:
            raise SystemExit(f"duplicate {key}")
        d = {"número": e["key"]}
        if e["título"] is not None:
            d["título"] = e["título"]
        d["texto"] = "\n\n".join(e["texto"])
        d.update(ANNOTATIONS.get(e["key"], {}))
        if ITEM_WORDS.search(d["texto"]):
            d["nota"] = ITENS
        out[key] = d
    return out


HEADER = """\
# Referência das facções 6–9 (PT) — catálogo de textos, referência.
# Gerado por tools/extract_ref.py a partir de seeds/004_171082ec18620490.txt; formato em
# docs/catalogo-de-textos.md. Mesma numeração da Lei; `número` = número no documento.
"""


def main(argv: list[str]) -> None:
    seed, out = cy.seed_and_out(argv, DEFAULT_SEED, DEFAULT_OUT)
    law_keys = cy.law_keys_beside(out)
    data = extract(seed, law_keys)
    cy.write(out, HEADER, {"idioma": "pt", "documento": "referencia", "parágrafos": data})
    cy.report_alignment(out, data, "F:")


if __name__ == "__main__":
    main(sys.argv)
