#!/usr/bin/env python3
"""One-shot extraction: the ES Root rules (seed 001, older edition) -> rulesets/root/texto/regras.es.yaml.

Usage:  python tools/extract_es.py [SEED] [OUT]

Every paragraph of the ES document becomes one entry, in the ES document's own order, keyed by
the number of the PT Law paragraph it corresponds to (ALIGN below, decided by reading both
texts; glossary.md §2 and seed-catalogue.md §2.2 list where chapters and actions moved). The
ES document's own number is kept in `número`. Paragraphs with no counterpart in the Law are
keyed "ES:<own number>". Unnumbered paragraphs use their line number in the seed ("L3").

Normalisations (nothing else is changed; typos are marked with `errata:`):
  * list markers "- " and the paragraph number are dropped; `**` around titles are dropped;
  * a title printed without bold ("1.3.2 Cartas. Los jugadores...") is split off the same way:
    título = the text up to the first ". ";
  * a paragraph broken over several lines or by a page break is joined with one space; a
    word hyphenated across a page break ("fac-" / "- ción") is joined without a space and
    keeps its hyphen ("fac-ción"); a stray "- " at the start of a continuation is dropped;
  * separate paragraphs of an unnumbered block (the introduction, the key reference) are
    joined with a blank line ("\\n\\n").
"""
from __future__ import annotations

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _catalogo_yaml as cy  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_SEED = os.path.join(REPO, "..", "shared", "seeds", "001_563471b9699026f0.txt")
DEFAULT_OUT = os.path.join(REPO, "rulesets", "root", "texto", "regras.es.yaml")

# --- alignment: ES own id -> (Law key, Law paragraphs covered) --------------------------------
# Own ids are the printed numbers; a number printed twice gets "#2" on its second occurrence;
# unnumbered paragraphs are "L<line>". Ids not listed here map to the same Law number, except
# that chapters 3 and 4 are swapped (see law_key()).
ALIGN: dict[str, tuple[str, list[str] | None]] = {
    "L3": ("ES:L3", None),
    "L5": ("P", None),
    "1.4": ("1.4", ["1.4", "1.4.1"]),
    "2.1.2": ("2.1", ["2.1"]),
    "2.1.3": ("2.1", ["2.1", "G.1.7", "G.1.11"]),
    "2.1.4": ("2.1.2", None),
    "2.1.5": ("2.1.3", None),
    "2.5": ("1.5", ["1.5", "1.5.1", "1.5.2", "1.5.4"]),
    "2.5.1": ("G.1.26", ["G.1.26", "G.1.28"]),
    "2.5.2": ("G.1.26", ["G.1.26", "G.1.28"]),
    "2.5.3": ("G.1.26", ["G.1.26", "G.1.28"]),
    "2.5.4": ("G.1.22", ["G.1.22", "G.1.12", "9.2.2"]),
    "2.5.5": ("G.1.16", ["G.1.16", "G.1.28", "4.1.2"]),
    "2.6": ("G.1.2", None),
    "2.7": ("2.5", None),
    "3.3.1": ("4.3.1", ["4.3.1", "4.3.1.II"]),
    "3.3.2.II": ("4.3.3", ["4.3.3", "4.3.3.I"]),
    "3.3.2.III": ("4.3.3.II", None),
    "3.3.3": ("4.3.4", None),
    "5.1.2": ("5.1.1", ["5.1.1"]),
    "5.1.5": ("5.1.2", None),
    "5.1.6": ("5.1.7", None),
    "6.5.1": ("6.5.2", None),
    "6.5.2": ("6.5.1", None),
    "6.5.3": ("6.5.4", None),
    "6.5.3.I": ("6.5.4.I", None),
    "6.5.3.II": ("6.5.4.II", ["6.5.4.II", "6.5.4.I"]),
    "6.5.3.III": ("6.5.4.III", None),
    "6.5.4": ("6.5.3", None),
    "8.5.1": ("8.5.2", None),
    "8.5.2": ("8.5.3", None),
    "8.5.3": ("8.5.1", None),
    "9.2.9.III": ("9.2.9.III", ["9.2.9.III", "9.2.9.III.c"]),
    "9.2.9.III.c": ("9.2.9.III.d", None),
    "9.3.4": ("5.1.5", None),
    "9.3.5": ("9.3.4", None),
    "9.3.6": ("9.3.5", None),
    "9.3.7": ("9.3.6", None),
    "9.5.2": ("9.5.7", None),
    "9.5.3": ("9.5.8", None),
    "9.5.4": ("9.5.2", None),
    "9.5.5": ("9.5.6", None),
    "9.5.6": ("9.5.3", None),
    "9.5.7": ("9.5.9", None),
    "9.5.8": ("9.5.4", None),
    "9.5.9": ("9.5.5", None),
    "9.7": ("D", None),
    "9.7.1": ("D.1", ["D.1", "D.1.1"]),
    "9.7.1.I": ("D.1.2", None),
    "9.7.2": ("D.2", ["D.2", "D.2.1"]),
    "9.7.2.I": ("D.2.2", None),
    "9.7.3": ("D.3", ["D.3", "D.3.1"]),
    "9.7.3.I": ("D.3.2", None),
    "9.8": ("9.7", None),
    "9.8.1": ("9.7.1", ["9.7.1", "9.7.3"]),
    "9.8.2": ("9.7.1", ["9.7.1"]),
    "9.8.3": ("9.7.2", None),
    "10.5.1": ("10.5.4", None),
    "10.5.2": ("10.5.1", None),
    "10.5.3": ("10.5.2", None),
    "10.5.4": ("10.5.3", None),
    "II": ("11", None),
    "11.2.7.III": ("11.2.7.III", ["11.2.7.III", "11.2.7.III.a"]),
    "11.2.7.III.a": ("11.2.7.III.b", None),
    "11.3.3": ("11.3.4", None),
    "11.3.4": ("11.3.5", None),
    "10.6.2#2": ("11.6.2", None),
}
# Key reference blocks (unnumbered, own id = line) are mapped by the section they cite.
RC_MAP = {"3.1": "RC.4.1", "3.2": "RC.4.2", "3.3": "RC.4.3", "5.1": "RC.5.1"}

# --- annotations (Spanish: this is the ES file) ------------------------------------------------
INGLES = "términos en inglés dejados en el texto"
ANNOTATIONS: dict[str, dict[str, str]] = {
    "L3": {"nota": "línea de créditos del documento; sin equivalente en la Ley"},
    "L5": {"nota": "introducción \"USAR ESTE MANUAL\", sin número en el documento"},
    "1.2": {"nota": "título partido por un salto de página (\"PRIVA-\" / \"DA\")"},
    "1.4": {"nota": "la sección no tiene reglas numeradas; su texto corresponde a la regla 1.4.1 de la Ley"},
    "2.1.2": {"errata": "\"Marzo Común\" (Mazo Común)"},
    "2.5.2": {"nota": "palabra cortada por un salto de página (\"fac-\" / \"ción\"); unida sin espacio"},
    "2.5.5": {"nota": "edición anterior: el artículo eliminado vuelve a la reserva común; en la Ley actual los ítems se retiran permanentemente (G.1.28)"},
    "3.1.2": {"nota": INGLES + " (\"Crafted Items\")"},
    "3.3.2.II": {"errata": "\"EX-TRAS\": guion de partición dentro de la palabra"},
    "5.1.5": {"errata": "\"o\" en lugar del cero"},
    "7": {"errata": "\"AGUILA\" sin tilde (Águila)"},
    "7.1": {"errata": "frase incompleta: falta el verbo antes de \"restaurar\""},
    "7.5.2.I": {"errata": "falta el marcador \"I.\" en el documento"},
    "7.8.1": {"errata": "referencia cruzada errónea: dice 7.3.2, Desdén por el Comercio es 7.2.3"},
    "8.4.1.I": {"errata": "\"afin\" sin tilde (afín)"},
    "9.2.6": {"errata": "referencia cruzada errónea: dice 3.2.2.I, Máximo de Impactos es 3.3.2.I"},
    "9.2.9.I.a": {"nota": "palabra cortada por un salto de página (\"es-\" / \"pacio\"); unida sin espacio"},
    "9.2.9.III.b": {"errata": "falta el marcador \"b.\" en el documento"},
    "9.3.4": {"nota": "edición anterior: la reserva de artículos se forma en la preparación del Vagabundo; en la Ley es el paso 5.1.5 de la preparación general"},
    "9.5.8": {"nota": INGLES + " (\"Crafted Items\")"},
    "9.8.3": {"nota": "la línea siguiente del documento (\"Las dos secciones finales...\") va con el capítulo 10"},
    "10": {"nota": "el texto es la línea que precede al título del capítulo en el documento; " + INGLES + " (\"Riverfolk\")"},
    "10.3.3": {"nota": INGLES + " (\"outcast\", \"Outcast Nation\")"},
    "10.4.1": {"nota": INGLES + " (\"outcast\", \"Outcast\", \"Hated\")"},
    "10.5.1": {"errata": "\"Acolitos\" sin tilde (Acólitos)"},
    "II": {"errata": "capítulo numerado \"II.\" en lugar de \"11.\""},
    "11.1": {"nota": "\"bases comerciales\" y \"puntos de venta\" nombran la misma pieza"},
    "11.2.2": {"nota": "palabra cortada por un salto de página (\"inde-\" / \"pendientemente\"); unida sin espacio"},
    "11.2.4": {"nota": INGLES + " (\"Funds\")"},
    "11.2.6.I": {"nota": INGLES + " (\"Payments\")"},
    "11.2.6.III": {"nota": INGLES + " (\"Payments\")"},
    "11.2.7.II": {"errata": "secuencia de escape literal \"r\\u00edos\" (ríos)"},
    "11.3": {"errata": "\"FAC-CIÓN\": guion de partición dentro de la palabra"},
    "11.3.3": {"nota": INGLES + " (\"Payments\")"},
    "11.4.1": {"nota": INGLES + " (\"Payments\")"},
    "11.4.3": {"nota": INGLES + " (\"Funds\")"},
    "11.5": {"nota": INGLES + " (\"Committed\")"},
    "11.5.3": {"nota": INGLES + " (\"Committed\")"},
    "11.5.3.I": {"nota": INGLES + " (\"Payments\")"},
    "11.5.6.I": {"errata": "falta el marcador \"I.\" en el documento"},
    "10.6.2#2": {"errata": "regla numerada 10.6.2 en lugar de 11.6.2"},
}
RC_NOTES = {"RC": {"nota": "resumen \"REFERENCIAS CLAVES\" al final del documento, sin número"},
            "RC.5.1": {"errata": "\"o\" en lugar del cero"}}

# Sub-items printed without their marker: text prefix -> marker.
MISSING_MARKER = {
    "Reclutar. Pone un guerrero en cualquier claro con una rama": "I",
    "Entrar en Claros Hostiles.": "b",
    "Elegir Claro. Elige cualquier claro sin un punto de venta": "I",
}

CHAPTER_RE = re.compile(r"^(\d+|II)\.\s+(\S.*)$")
SECTION_RE = re.compile(r"^(\d+\.\d+)\s+(\S.*)$")
RULE_RE = re.compile(r"^\s*(?:-\s+)?(\d+\.\d+\.\d+)\s+(.*)$")
ROMAN_RE = re.compile(r"^\s*-?\s*([IVX]+)\.\s+(.*)$")
LETTER_RE = re.compile(r"^\s*-?\s*([a-d])\.\s+(.*)$")
RC_RE = re.compile(r"^([A-ZÁÉÍÓÚÑ ]+) \((\d\.\d)\)$")


def split_title(rest: str) -> tuple[str | None, str]:
    m = re.match(r"^\*\*(.+?)\*\*(.*)$", rest)
    if m:
        title, after = m.group(1).strip(), m.group(2)
        if after.startswith("."):
            title += "."
            after = after[1:]
        return title, after.strip()
    m = re.match(r"^(.{1,90}?\.)(?:\s+(.*))?$", rest)
    if m:
        return m.group(1), (m.group(2) or "").strip()
    return None, rest.strip()


def law_key(own: str) -> tuple[str, list[str] | None]:
    if own in ALIGN:
        return ALIGN[own]
    m = re.match(r"^([34])(\..*)?$", own)
    if m:  # ES chapter 3 = Law 4 (key actions), ES chapter 4 = Law 3 (victory)
        return ("4" if m.group(1) == "3" else "3") + (m.group(2) or ""), None
    return own, None


class Para:
    def __init__(self, own: str, number: str, title: str | None, text: str, kind: str):
        self.own, self.number, self.title, self.kind = own, number, title, kind
        self.parts: list[str] = [text] if text else []
        self.title_open = False  # heading title continues on the next block

    def add(self, s: str) -> None:
        if self.title_open:
            self.title = self.title + s if self.title.endswith("-") else self.title + " " + s
            self.title_open = False
            return
        s = re.sub(r"^-\s+(?=\S)", "", s) if self.parts else s
        if not self.parts:
            self.parts.append(s)
        elif self.kind == "block":
            self.parts.append("\n\n" + s)
        elif self.parts[-1].endswith("-"):
            self.parts.append(s)
        else:
            self.parts.append(" " + s)

    def add_line(self, s: str) -> None:  # next line of the same block
        self.parts.append(" " + s) if self.parts else self.parts.append(s)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def parse(seed_path: str) -> list[Para]:
    with open(seed_path, encoding="utf-8") as fh:
        lines = [ln.rstrip() for ln in fh.read().split("\n")]
    paras: list[Para] = []
    seen: dict[str, int] = {}
    rule = roman = None
    cur: Para | None = None
    in_rc = False
    pending: list[str] = []
    prev_blank = True

    def own_id(n: str) -> str:
        seen[n] = seen.get(n, 0) + 1
        return n if seen[n] == 1 else f"{n}#{seen[n]}"

    def new(own, number, title, text, kind):
        p = Para(own, number, title, text, kind)
        paras.append(p)
        return p

    for i, raw in enumerate(lines, start=1):
        if not raw.strip():
            prev_blank = True
            continue
        blank_before, prev_blank = prev_blank, False
        s = raw.strip()
        body = re.sub(r"^-\s+", "", s)

        if s == "REFERENCIAS CLAVES":
            in_rc = True
            cur = new("RC", f"L{i}", s, "", "block")
            continue
        if in_rc:
            m = RC_RE.match(s)
            if m:
                cur = new("RC:" + m.group(2), f"L{i}", s, "", "block")
                continue
            cur.add(s)
            continue
        if i == 3 or s == "USAR ESTE MANUAL":
            cur = new(f"L{i}", f"L{i}", s if s == "USAR ESTE MANUAL" else None,
                      "" if s == "USAR ESTE MANUAL" else s, "block")
            continue
        if body.startswith("Las dos secciones finales"):
            pending.append(body)
            cur = None
            continue
        m = RULE_RE.match(raw)
        if m:
            title, text = split_title(m.group(2))
            own = own_id(m.group(1))
            cur = new(own, m.group(1), title, text, "rule")
            rule, roman = own, None
            continue
        if not raw.startswith((" ", "-")):
            m = CHAPTER_RE.match(s)
            if m and not s.startswith("**"):
                cur = new(own_id(m.group(1)), m.group(1), m.group(2), "", "head")
                for p in pending:
                    cur.add(p)
                pending = []
                rule = roman = None
                continue
            m = SECTION_RE.match(s)
            if m:
                cur = new(own_id(m.group(1)), m.group(1), m.group(2), "", "head")
                cur.title_open = m.group(2).endswith(("-", " DE"))
                rule = roman = None
                continue
        prefix = next((p for p in MISSING_MARKER if body.startswith(p)), None)
        if prefix:
            mark = MISSING_MARKER[prefix]
            parent = rule if mark.isupper() else roman
            title, text = split_title(body)
            own = own_id(f"{parent}.{mark}")
            cur = new(own, "", title, text, "rule")
            if mark.isupper():
                roman = own
            continue
        m = ROMAN_RE.match(raw)
        if m and rule:
            title, text = split_title(m.group(2))
            own = own_id(f"{rule}.{m.group(1)}")
            cur = new(own, own, title, text, "rule")
            roman = own
            continue
        m = LETTER_RE.match(raw)
        if m and roman:
            title, text = split_title(m.group(2))
            own = own_id(f"{roman}.{m.group(1)}")
            cur = new(own, own, title, text, "rule")
            continue
        if cur is None:
            raise SystemExit(f"line {i}: text outside any paragraph: {s!r}")
        if blank_before or cur.title_open:
            cur.add(s)
        else:
            cur.add_line(s)
    if pending:
        raise SystemExit(f"dangling lines {pending}")
    return paras


def build(paras: list[Para], law_keys: set[str] | None) -> dict:
    out: dict[str, dict] = {}
    for p in paras:
        if p.own.startswith("RC"):
            key, aligned = ("RC" if p.own == "RC" else RC_MAP[p.own.split(":")[1]]), None
            notes = RC_NOTES.get(key, {})
        else:
            key, aligned = law_key(p.own)
            notes = ANNOTATIONS.get(p.own, {})
        base = key
        n = 0
        while key in out:
            n += 1
            key = f"{base}+{n}"
        if n and aligned is None:
            aligned = [base]
        if law_keys is not None and not base.startswith("ES:"):
            missing = [k for k in [base] + (aligned or []) if k not in law_keys]
            if missing:
                raise SystemExit(f"{p.own}: no such Law paragraph {missing}")
        d: dict = {"número": p.number or p.own}
        if not p.number:  # sub-item printed without its marker
            d["número"] = p.own
        if p.title is not None:
            d["título"] = p.title
        d["texto"] = p.text
        if aligned:
            d["alineado"] = aligned
        d.update(notes)
        out[key] = d
    used = {p.own for p in paras}
    unknown = (set(ANNOTATIONS) | set(ALIGN)) - used
    if unknown:
        raise SystemExit(f"alignment/annotations for unknown ES ids: {sorted(unknown)}")
    return out


HEADER = """\
# Reglas de Root (ES, edición anterior) — catálogo de textos, traducción.
# Generado por tools/extract_es.py a partir de seeds/001_563471b9699026f0.txt; formato en
# docs/catalogo-de-textos.md. Claves = números de la Ley (PT); `número` = número propio del
# documento ES; "ES:..." = párrafo sin equivalente en la Ley.
"""


def main(argv: list[str]) -> None:
    seed, out = cy.seed_and_out(argv, DEFAULT_SEED, DEFAULT_OUT)
    law_keys = cy.law_keys_beside(out)
    paras = parse(seed)
    data = build(paras, law_keys)
    cy.write(out, HEADER, {"idioma": "es", "documento": "regras-es", "párrafos": data})
    cy.report_alignment(out, data, "ES:")


if __name__ == "__main__":
    main(sys.argv)
