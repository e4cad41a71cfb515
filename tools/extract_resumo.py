#!/usr/bin/env python3
"""One-shot extraction: the informal PT summary (seed 003) -> rulesets/root/texto/resumo.pt.yaml.

Usage:  python tools/extract_resumo.py [SEED] [OUT]

The summary has no numbers: each non-empty line is one paragraph, its "own number" is its line
number in the seed ("L17"). ALIGN below gives, for every line, the Law paragraph it speaks
about (decided by reading both texts) or None for lines with no Law counterpart (keyed
"R:L<n>"). Short lines that work as headings ("MARQUESES", "Fases:") become entries with
`título` and an empty `texto`. Text is kept as in the seed; the markdown list marker "- " is
dropped.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _catalogo_yaml as cy  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_SEED = os.path.join(REPO, "..", "shared", "seeds", "003_75cc9365aeed2c00.txt")
DEFAULT_OUT = os.path.join(REPO, "rulesets", "root", "texto", "resumo.pt.yaml")

HEADINGS = {3, 5, 13, 31, 41, 59, 69, 89, 97, 117, 125, 153, 159, 181, 189}

# line -> (Law key, [Law paragraphs covered] or None); None = no counterpart
ALIGN: dict[int, tuple[str, list[str] | None] | None] = {
    3: None, 5: None,
    7: ("5.1.3", None),
    9: ("5.1.3", ["5.1.3"]),
    11: ("5.1.7", None),
    13: ("1.4", None),
    15: ("1.4.1", None),
    17: ("4.2.1", ["4.2.1", "4.2"]),
    19: ("4.3.1", ["4.3.1", "4.3.1.I", "2.1.1"]),
    21: ("4.3.4", None),
    23: ("4.3.2", None),
    25: ("3.2.1", None),
    27: ("3.3.1", None),
    29: ("3.3.3", None),
    31: ("6", None),
    33: ("6.3.2", None),
    35: ("6.3.3", None),
    37: ("6.3.4", ["6.3.4", "6.3.5"]),
    39: ("6.2.3", None),
    41: None,
    43: ("6.4", None),
    45: ("6.5", ["6.5", "6.2.1"]),
    47: ("6.5", ["6.5"]),
    49: ("6.5.1", None),
    50: ("6.5.2", None),
    51: ("6.5.3", None),
    52: ("6.5.4", ["6.5.4", "6.5.4.II"]),
    53: ("6.5.5", None),
    55: ("6.6", None),
    57: ("6.2.2", None),
    59: ("7", None),
    61: ("7.3.3", ["7.3.3", "7.3.4"]),
    63: ("7.3.2", None),
    65: ("7.2.2", None),
    67: ("7.2.3", ["7.2.3", "7.8.1"]),
    69: None,
    71: ("7.4", ["7.4", "7.4.1", "7.4.2", "7.4.3"]),
    73: ("7.5", ["7.5", "7.5.1", "7.5.2"]),
    75: ("7.5.2.I", None),
    77: ("7.5.2.II", None),
    79: ("7.5.2.III", None),
    81: ("7.5.2.IV", None),
    83: ("7.5.2", ["7.5.2"]),
    85: ("7.6", ["7.6", "7.6.1", "7.6.2"]),
    87: ("7.7", ["7.7", "7.7.4"]),
    89: ("8", None),
    91: ("8.3", ["8.3", "8.3.2", "8.3.3", "8.3.4"]),
    93: ("8.2.2", None),
    95: ("8.2.6", None),
    97: None,
    99: ("8.4.1", ["8.4.1", "8.4.1.I", "8.4.1.II", "8.4.1.III"]),
    101: ("8.4.2", None),
    103: ("8.5", None),
    105: ("8.5.1", None),
    107: ("8.5.2", None),
    109: ("8.5.3", None),
    111: ("8.2.3.I", None),
    113: ("8.2.4", None),
    115: ("8.6", ["8.6", "8.6.1", "8.6.2"]),
    117: ("10", None),
    119: ("10.3.2", ["10.3.2", "10.3.4"]),
    121: ("10.2.4", None),
    123: ("10.2.2", None),
    125: None,
    127: ("10.4.3", None),
    129: ("10.4.3.I", None),
    131: ("10.4.3.II", None),
    133: ("10.4.3.III", None),
    135: ("10.4.3", ["10.4.3"]),
    137: ("10.4.3", ["10.4.3"]),
    139: ("10.5", None),
    141: ("10.5.1", None),
    143: ("10.5.2", None),
    145: ("10.5.3", None),
    147: ("10.5.4", None),
    149: ("10.6", ["10.6", "10.6.1", "10.6.2", "10.6.3"]),
    151: ("10.2.5", None),
    153: ("11", None),
    155: ("11.2.2", ["11.2.2", "11.2.3"]),
    157: ("11.3.2", ["11.3.2", "11.3.4"]),
    159: None,
    161: ("11.2.6", ["11.2.6", "11.2.6.I", "11.2.7"]),
    163: ("11.4.3", None),
    165: ("11.5", None),
    167: ("11.5.1", None),
    169: ("11.5.2", None),
    171: ("11.5.3", None),
    173: ("11.5.4", None),
    175: ("11.5.5", None),
    177: ("11.5.6", ["11.5.6", "11.5.6.II", "11.2.5.I"]),
    179: ("11.6", ["11.6", "11.6.1", "11.6.2"]),
    181: ("9", None),
    183: ("9.3.1", ["9.3.1", "9.3.4", "9.3.5"]),
    185: ("9.3.2", ["9.3.2", "9.3.3"]),
    187: ("9.2.3", ["9.2.3", "9.2.2"]),
    189: None,
    191: ("9.4.1", None),
    193: ("9.4.2", None),
    195: ("9.5", None),
    197: ("9.5.1", None),
    199: ("9.5.2", ["9.5.2", "9.2.4", "9.2.6", "9.2.7"]),
    201: ("9.5.3", None),
    203: ("9.5.4", ["9.5.4", "9.2.9.I"]),
    205: ("9.5.6", ["9.5.6", "9.2.9.III"]),
    207: ("9.5.8", ["9.5.8", "9.5.7"]),
    209: ("9.5.5", None),
    211: ("9.6", None),
    213: ("9.6.1", None),
    215: ("9.6.2", ["9.6.2", "9.6.3"]),
    217: ("9.6.4", None),
}

EDICAO = "regra de edição anterior: cantos iniciais fixos; a Lei atual deixa escolher o canto"
ANNOTATIONS: dict[int, dict[str, str]] = {
    3: {"nota": "título do documento"},
    9: {"nota": "diverge da Lei: cada jogador compra 3 cartas (5.1.3)"},
    19: {"erro_conhecido": "erro de digitação \"PASSÁROS\" (PÁSSAROS)"},
    35: {"nota": EDICAO},
    63: {"nota": EDICAO},
    119: {"nota": EDICAO},
    129: {"erro_conhecido": "erro de digitação \"párea\" (pária)"},
    131: {"erro_conhecido": "erro de digitação \"párea\" (pária)"},
    133: {"erro_conhecido": "erro de digitação \"párea\" (pária)"},
    143: {"erro_conhecido": "erro de digitação \"párea\" (pária)"},
    205: {"erro_conhecido": "erro de digitação \"exauri\" (exaure); \"tile de pista\" não nomeia o item (a Lei usa a besta)"},
    207: {"erro_conhecido": "erro de digitação \"exauri\" (exaure)"},
}


def extract(seed_path: str, law_keys: set[str] | None) -> dict:
    with open(seed_path, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    out: dict[str, dict] = {}
    seen_lines = set()
    for i, raw in enumerate(lines, start=1):
        s = raw.strip()
        if not s:
            continue
        if i not in ALIGN:
            raise SystemExit(f"line {i} has no alignment decision: {s!r}")
        seen_lines.add(i)
        s = s[2:] if s.startswith("- ") else s
        a = ALIGN[i]
        if a is None:
            key, aligned = f"R:L{i}", None
        else:
            key, aligned = a
        base, n = key, 0
        while key in out:
            n += 1
            key = f"{base}+{n}"
        if n and aligned is None:
            aligned = [base]
        if law_keys is not None and a is not None:
            bad = [k for k in [base] + (aligned or []) if k not in law_keys]
            if bad:
                raise SystemExit(f"line {i}: no such Law paragraph {bad}")
        d: dict = {"número": f"L{i}"}
        if i in HEADINGS:
            d["título"] = s
            d["texto"] = ""
        else:
            d["texto"] = s
        if aligned:
            d["alinhado"] = aligned
        d.update(ANNOTATIONS.get(i, {}))
        out[key] = d
    missing = set(ALIGN) - seen_lines
    if missing:
        raise SystemExit(f"alignment for empty/unknown lines: {sorted(missing)}")
    return out


HEADER = """\
# Resumo informal de Root (PT) — catálogo de textos, resumo.
# Gerado por tools/extract_resumo.py a partir de seeds/003_75cc9365aeed2c00.txt; formato em
# docs/catalogo-de-textos.md. Chaves = números da Lei; `número` = linha no documento ("L17");
# "R:L<n>" = linha sem equivalente na Lei.
"""


def main(argv: list[str]) -> None:
    seed, out = cy.seed_and_out(argv, DEFAULT_SEED, DEFAULT_OUT)
    law_keys = cy.law_keys_beside(out)
    data = extract(seed, law_keys)
    cy.write(out, HEADER, {"idioma": "pt", "documento": "resumo", "parágrafos": data})
    cy.report_alignment(out, data, "R:")


if __name__ == "__main__":
    main(sys.argv)
