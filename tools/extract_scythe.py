"""One-shot: the Scythe rulebook seed (PT) -> rulesets/scythe/texto/livro.pt.yaml.

The rulebook has no paragraph numbers: a paragraph's key is its section title as the seed writes
it ("# COMBATE" -> "COMBATE"), and a subsection's key is the section title, ": ", and its own
title ("## REVELAR" under "# COMBATE" -> "COMBATE: REVELAR"; a "###" title under a "##" is keyed
by the "#" title too). A title the seed repeats (a section continued on the next page) is one
paragraph: its texts are joined. These are the keys the ruleset's `lei:` cites (docs/dados-scythe.md).

    python tools/extract_scythe.py ../shared/seeds/002_ae90a49134f45792.txt rulesets/scythe/texto
"""
from __future__ import annotations

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _catalogo_yaml import dump  # noqa: E402

HEAD = re.compile(r"^(#{1,3})\s+(.*?)\s*$")


def paragraphs(text: str) -> dict:
    out: dict = {}
    top = None
    key = None
    for line in text.splitlines():
        m = HEAD.match(line)
        if m:
            level, title = len(m.group(1)), m.group(2).strip().rstrip(":").strip()
            if level == 1:
                top = title
                key = title
            else:
                key = f"{top}: {title}" if top else title
            out.setdefault(key, {"título": title, "texto": []})
            continue
        if key is not None and line.strip() and line.strip().lower() != "continuação":
            out[key]["texto"].append(line.strip())
    return {k: {"título": v["título"], "texto": "\n\n".join(v["texto"])} for k, v in out.items()}


def main(argv):
    seed, folder = argv[1], argv[2]
    with open(seed, encoding="utf-8") as fh:
        paras = paragraphs(fh.read())
    os.makedirs(folder, exist_ok=True)
    head = ["# Scythe — livro de regras (PT): catálogo de textos, documento-fonte.",
            "# Gerado por tools/extract_scythe.py a partir de seeds/" + os.path.basename(seed) + ";",
            "# chaves: os títulos das seções (docs/dados-scythe.md)."]
    body = dump({"idioma": "pt", "documento": "livro", "parágrafos": paras})
    with open(os.path.join(folder, "livro.pt.yaml"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(head + body) + "\n")
    print(len(paras), "paragraphs")


if __name__ == "__main__":
    main(sys.argv)
