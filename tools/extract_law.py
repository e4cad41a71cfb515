#!/usr/bin/env python3
"""One-shot extraction: the PT Law of Root (seed 000) -> rulesets/root/texto/lei.pt.yaml.

Usage:  python tools/extract_law.py [SEED] [OUT]
        (defaults: ../shared/seeds/000_f49da3ca5aaf3f93.txt, rulesets/root/texto/lei.pt.yaml)

Not needed at run time: the YAML it writes is the data. It is kept so that the data can be
regenerated and so that every decision taken while extracting is visible (ANNOTATIONS below).

What it does (see docs/catalogo-de-textos.md for the format):
  * every numbered paragraph `x.y.z`, Roman sub-item `x.y.z.I`, letter sub-item `x.y.z.I.a`,
    appendix paragraph `A.5.1`, glossary entry `G.1.35` becomes one entry, in document order;
  * chapter (`6`, `A`) and section (`6.4`, `A.1`) headings become entries too; their `texto` is
    the unnumbered introduction under the heading, or "" when the heading has no body;
  * the reading guide becomes `P` (introduction), `P1`..`P4` (question = título, answer = texto)
    and `P.fim` (closing paragraph); the "Referências Chave" cheat sheet becomes `RC` and
    `RC.4.1`, `RC.4.2`, `RC.4.3`, `RC.5.1` (keyed by the section each block summarises);
  * the italic lines "*As duas seções a seguir ...*" that stand before chapters 10, 12 and 14
    become the `texto` of that chapter's entry;
  * skipped (not rule text): the document title, the table of contents, the heading
    "APÊNDICES", the index, the dedication and the credits.

Text is kept as the seed has it. Only these normalisations are made:
  * the markdown list marker "- " and indentation before a paragraph number are dropped;
  * the `**` around a paragraph title are dropped (título), the title keeps its final "."
    and a following icon in parentheses ("Cruel (☠).");
  * white space at line ends is dropped;
  * a paragraph cut by a page break (a blank line in mid-sentence) is joined with one space;
    blocks that are real separate paragraphs are joined with a blank line ("\\n\\n"); lines
    of one block (the 5.2 table) are joined with "\\n".
"""
from __future__ import annotations

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _catalogo_yaml as cy  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_SEED = os.path.join(REPO, "..", "shared", "seeds", "000_f49da3ca5aaf3f93.txt")
DEFAULT_OUT = os.path.join(REPO, "rulesets", "root", "texto", "lei.pt.yaml")

# --- annotations decided by reading the text -------------------------------------------------
# erro_conhecido: a defect of the seed (typo, stripped icon, wrong cross-reference, English
# leftover). nota: anything else worth knowing when comparing with other documents.
QUEBRA = "parágrafo partido por quebra de página no documento; as partes foram unidas com um espaço"
ICONES = "ícones de itens removidos na conversão do documento"
ANNOTATIONS: dict[str, dict[str, str]] = {
    "P": {"nota": "guia de leitura (\"Lendo a Lei\"), sem número no documento"},
    "P.fim": {"nota": "parágrafo final do guia de leitura, sem número no documento"},
    "1.2.1": {"nota": "o emoji no fim é um ícone de facção convertido; não identifica a facção"},
    "1.5.4": {"erro_conhecido": "referência cruzada errada: diz G.1.26 e G.1.27; Remova é G.1.28"},
    "2": {"nota": "o sumário chama o capítulo de \"Termos Chave e Conceitos\""},
    "3.1": {"nota": "\"rodada\" está no sentido de turno"},
    "5.1.5": {"erro_conhecido": ICONES},
    "5.2": {"nota": "texto seguido das duas tabelas do documento, linhas separadas por \\n e colunas por \\t"},
    "6.5.3": {"nota": "\"rodada\" está no sentido de turno"},
    "9.2.1": {"erro_conhecido": ICONES},
    "9.2.4": {"erro_conhecido": ICONES + "; referência cruzada errada: diz 4.3.2.III, Indefeso é 4.3.3.II"},
    "9.2.5": {"erro_conhecido": ICONES},
    "9.2.5.I": {"erro_conhecido": ICONES},
    "9.2.5.II": {"erro_conhecido": ICONES},
    "9.2.6": {"erro_conhecido": ICONES},
    "9.2.7": {"erro_conhecido": "referência cruzada errada: diz 4.3.3, causar danos é 4.3.4"},
    "9.2.9.II.c": {"erro_conhecido": ICONES},
    "9.2.9.III.b": {"erro_conhecido": ICONES},
    "9.3.4": {"erro_conhecido": "erro de digitação \"Povoie\" (Povoe); " + ICONES},
    "9.3.5": {"erro_conhecido": ICONES},
    "9.4.1": {"erro_conhecido": ICONES},
    "9.4.2": {"erro_conhecido": ICONES + "; erro de digitação \"Corvóidea\" (Corvídea)"},
    "9.5": {"erro_conhecido": ICONES},
    "9.5.1": {"erro_conhecido": ICONES},
    "9.5.2": {"erro_conhecido": ICONES},
    "9.5.3": {"erro_conhecido": ICONES},
    "9.5.6": {"erro_conhecido": ICONES},
    "9.5.7": {"erro_conhecido": ICONES},
    "9.5.8": {"erro_conhecido": ICONES},
    "9.5.9": {"erro_conhecido": ICONES},
    "9.6.2": {"erro_conhecido": ICONES},
    "9.6.4": {"erro_conhecido": ICONES},
    "9.7.3": {"erro_conhecido": ICONES + "; referência cruzada errada: diz 15.4.1, Arrase é 14.4.1"},
    "10": {"nota": "o texto é a linha em itálico que precede o título do capítulo no documento"},
    "11.2.7.III": {"nota": "\"Hospitais de Campanha dos Marquês\": em 6.2.3 a habilidade chama-se Hospitais de Batalha"},
    "11.5.6": {"nota": "\"com Garantia\": o pt-BR oficial diz \"com Guarnição\""},
    "12": {"nota": "o texto é a linha em itálico que precede o título do capítulo no documento"},
    "12.3.4": {"nota": "\"Cidades\" são as cidadelas de 12.2.1"},
    "12.5.3.I": {"erro_conhecido": "erro de digitação \"lordé\" (lorde)"},
    "13.2.2.I": {"erro_conhecido": "erro de digitação \"icone\" (ícone)"},
    "13.4.2": {"erro_conhecido": "erro de digitação \"inchiando\" (incluindo)"},
    "14": {"nota": "o texto é a linha em itálico que precede o título do capítulo no documento"},
    "14.1": {"nota": "\"Noite\" é o Anoitecer"},
    "14.2.4": {"erro_conhecido": ICONES},
    "14.3": {"nota": "falta o passo de formar o suprimento (guerreiros, Senhor da Guerra, fortes)"},
    "14.7.4": {"nota": "o documento não mostra o item de cada humor; só este diz \"sem item\""},
    "15.2.4": {"nota": "\"guerreiro Guardiã\": concordância irregular do documento"},
    "15.3": {"nota": "falta o passo de formar o suprimento de guerreiros"},
    "15.4.1": {"nota": "\"guerreiro Guardiã\": concordância irregular do documento"},
    "15.4.2": {"nota": "\"guerreiro Guardiã\": concordância irregular do documento"},
    "A.9": {"nota": "título em maiúsculas e minúsculas misturadas no documento"},
    "B.1.4": {"nota": "\"Trabalhos do Malandro\" são as cartas de tarefa"},
    "B.1.5": {"erro_conhecido": "erro de digitação \"Rapiñas\" (Rapinas)"},
    "B.2.2": {"nota": "\"Entrepósitos Comerciais\" são os entrepostos comerciais"},
    "B.3.2": {"nota": "\"Cidades\" são as cidadelas de 12.2.1"},
    "D.1.1": {"erro_conhecido": ICONES},
    "D.1.2": {"erro_conhecido": ICONES},
    "D.2.1": {"erro_conhecido": ICONES},
    "D.2.2": {"erro_conhecido": ICONES + "; frase em inglês deixada no texto"},
    "D.3.1": {"erro_conhecido": ICONES},
    "D.3.2": {"erro_conhecido": ICONES},
    "D.4.1": {"erro_conhecido": ICONES},
    "D.4.2": {"erro_conhecido": ICONES},
    "D.5.1": {"erro_conhecido": ICONES},
    "D.5.2": {"erro_conhecido": ICONES},
    "D.6.1": {"erro_conhecido": ICONES},
    "D.6.2": {"erro_conhecido": ICONES + "; frase em inglês deixada no texto"},
    "D.7.1": {"erro_conhecido": ICONES},
    "D.7.2": {"erro_conhecido": "erro de digitação \"quanto fizer\" (quando fizer)"},
    "D.8.1": {"erro_conhecido": ICONES},
    "D.8.2": {"erro_conhecido": ICONES},
    "D.9.1": {"erro_conhecido": ICONES},
    "D.9.2": {"erro_conhecido": ICONES},
    "G.1.16": {"erro_conhecido": "ícones de itens trocados por símbolos genéricos (☒, ☑, ☐)"},
    "G.1.17": {"erro_conhecido": "referência cruzada errada: diz 2.3.3, Locais é 2.2.3"},
    "G.1.32": {"nota": "\"Diminuição\" está no sentido de abreviação"},
    "RC": {"nota": "resumo \"Referências Chave\" no fim do documento, sem número"},
    "RC.4.1": {"erro_conhecido": ICONES},
}

NUM_RE = re.compile(r"^\s*(?:-\s+)?((?:\d+|[A-G])\.\d+\.\d+)\s+(.*)$")
ROMAN_RE = re.compile(r"^\s*(?:-\s+)?([IVX]+)\s+(\*\*.*)$")
LETTER_RE = re.compile(r"^\s*(?:-\s+)?([a-z])\s+(\*\*.*)$")
CHAPTER_RE = re.compile(r"^#{1,3}\s+(\d+|[A-G])\.\s+(.+)$")
SECTION_RE = re.compile(r"^#{1,3}\s+((?:\d+|[A-G])\.\d+)\s+(.+)$")
QUESTION_RE = re.compile(r"^#{1,3}\s+\*\*(P\d)\.\s+(.+?)\*\*\s*$")
RC_BLOCK_RE = re.compile(r"^###\s+(.+\((\d+\.\d+)\))\s*$")
INTERSTITIAL_RE = re.compile(r"^\*As duas seções a seguir")


def split_title(rest: str) -> tuple[str | None, str]:
    """`**Title.** text` -> ("Title.", "text"); keeps "(☠)." after a title."""
    m = re.match(r"^\*\*(.+?)\*\*(.*)$", rest)
    if not m:
        return None, rest.strip()
    title, after = m.group(1).strip(), m.group(2)
    if after.startswith("."):
        title += "."
        after = after[1:]
    else:
        p = re.match(r"^\s*(\([^)]*\))\.(.*)$", after)
        if p:
            title += " " + p.group(1) + "."
            after = p.group(2)
    return title, after.strip()


def _terminal(s: str) -> bool:
    t = s.rstrip().rstrip("*").rstrip()
    return bool(t) and t[-1] in ".:!?)" or bool(re.search(r"[\U0001F000-\U0001FFFF\u2600-\u27BF]\ufe0f?$", s.rstrip()))


def join_blocks(blocks: list[str]) -> str:
    out = ""
    for b in blocks:
        if not out:
            out = b
            continue
        nxt = b.lstrip("*")
        if "\t" in b or "\t" in out.rsplit("\n\n", 1)[-1]:
            out += "\n\n" + b
        elif not _terminal(out) or (nxt[:1].islower()):
            out += " " + b
        else:
            out += "\n\n" + b
    return out


class Entry:
    def __init__(self, key: str, title: str | None, first: str | None):
        self.key = key
        self.title = title
        self.blocks: list[list[str]] = [[first]] if first else []

    def add_line(self, line: str, new_block: bool) -> None:
        if new_block or not self.blocks:
            self.blocks.append([line])
        else:
            self.blocks[-1].append(line)

    def text(self) -> str:
        return join_blocks(["\n".join(b) for b in self.blocks])

    def space_joins(self) -> int:
        return max(0, len(self.blocks) - 1 - self.text().count("\n\n"))


def extract(seed_path: str) -> dict:
    with open(seed_path, encoding="utf-8") as fh:
        lines = [ln.rstrip() for ln in fh.read().split("\n")]

    entries: list[Entry] = []
    mode = "skip"          # skip | body | index | credits
    roman_parent = None    # last x.y.z key
    letter_parent = None   # last x.y.z.ROMAN key
    pending: list[str] = []  # interstitial lines waiting for the next chapter
    blank = True

    def new(key, title, first):
        e = Entry(key, title, first)
        entries.append(e)
        return e

    cur: Entry | None = None
    for raw in lines:
        line = raw
        if not line.strip():
            blank = True
            continue
        was_blank, blank = blank, False
        s = line.strip()

        if s.startswith("# Lendo a Lei"):
            mode = "body"
            cur = new("P", "Lendo a Lei", None)
            continue
        if mode == "skip":
            continue
        if s == "# ÍNDICE":
            mode = "index"
            continue
        if s == "## CRÉDITOS":
            mode = "credits"
            continue
        if s == "## Referências Chave":
            mode = "body"
            cur = new("RC", "Referências Chave", None)
            continue
        if s == "# APÊNDICES":
            cur = None
            continue
        if mode == "credits":
            continue

        m = QUESTION_RE.match(s)
        if m:
            cur = new(m.group(1), m.group(2).strip(), None)
            continue
        m = RC_BLOCK_RE.match(s)
        if m and any(e.key == "RC" for e in entries):
            cur = new("RC." + m.group(2), m.group(1).strip(), None)
            continue
        m = CHAPTER_RE.match(s)
        if m and mode != "index":
            cur = new(m.group(1), m.group(2).strip(), None)
            for p in pending:
                cur.add_line(p, True)
            pending = []
            roman_parent = letter_parent = None
            continue
        m = SECTION_RE.match(s)
        if m and mode != "index":
            cur = new(m.group(1), m.group(2).strip(), None)
            roman_parent = letter_parent = None
            continue
        m = NUM_RE.match(line)
        if m:
            title, text = split_title(m.group(2))
            cur = new(m.group(1), title, text)
            roman_parent, letter_parent = m.group(1), None
            continue
        m = ROMAN_RE.match(line)
        if m and roman_parent:
            key = f"{roman_parent}.{m.group(1)}"
            title, text = split_title(m.group(2))
            cur = new(key, title, text)
            letter_parent = key
            continue
        m = LETTER_RE.match(line)
        if m and letter_parent:
            title, text = split_title(m.group(2))
            cur = new(f"{letter_parent}.{m.group(1)}", title, text)
            continue
        if mode == "index":
            continue  # index entries and the dedication
        if s.startswith("#"):
            raise SystemExit(f"unexpected heading: {s!r}")
        if INTERSTITIAL_RE.match(s):
            pending.append(s)
            cur = None
            continue
        if s.startswith("Caso você possua outras questões"):
            cur = new("P.fim", None, s)
            continue
        if cur is None:
            raise SystemExit(f"text outside any entry: {s!r}")
        cur.add_line(s, was_blank)

    if pending:
        raise SystemExit(f"dangling interstitial lines: {pending}")

    paragraphs: dict[str, dict] = {}
    for e in entries:
        if e.key in paragraphs:
            raise SystemExit(f"duplicate key {e.key}")
        d: dict = {}
        if e.title is not None:
            d["título"] = e.title
        d["texto"] = e.text()
        for k, v in ANNOTATIONS.get(e.key, {}).items():
            d[k] = v
        if e.space_joins():
            d["nota"] = (d["nota"] + "; " if "nota" in d else "") + QUEBRA
        paragraphs[e.key] = d
    unknown = set(ANNOTATIONS) - set(paragraphs)
    if unknown:
        raise SystemExit(f"annotations for unknown keys: {sorted(unknown)}")
    return paragraphs


HEADER = """\
# As Leis de Root (PT) — catálogo de textos, documento-fonte.
# Gerado por tools/extract_law.py a partir de seeds/000_f49da3ca5aaf3f93.txt; formato em
# docs/catalogo-de-textos.md. Texto como no documento (ver as normalizações no script).
"""


def main(argv: list[str]) -> None:
    seed, out = cy.seed_and_out(argv, DEFAULT_SEED, DEFAULT_OUT)
    paragraphs = extract(seed)
    cy.write(out, HEADER, {"idioma": "pt", "documento": "lei", "parágrafos": paragraphs})
    n = sum(1 for k in paragraphs if re.match(r"^(?:\d+|[A-G])\.\d+\.\d+", k))
    print(f"{out}: {len(paragraphs)} entries, {n} numbered paragraphs")


if __name__ == "__main__":
    main(sys.argv)
