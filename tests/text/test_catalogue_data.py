"""Completeness and consistency of the Root text catalogue data (rulesets/root/texto/).

The tests that compare the data with the seed documents re-scan the seeds and are skipped
when ../shared (the seed folder, beside the repository) is not there; the others only read the
data and the lexicons.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from rulesdsl.errors import Diagnostics
from rulesdsl.loader import load_file

REPO = Path(__file__).resolve().parents[2]
TEXTO = REPO / "rulesets" / "root" / "texto"
SEEDS = REPO.parent / "shared" / "seeds"
LAW_SEED = SEEDS / "000_f49da3ca5aaf3f93.txt"
ES_SEED = SEEDS / "001_563471b9699026f0.txt"
SUMMARY_SEED = SEEDS / "003_75cc9365aeed2c00.txt"
REF_SEED = SEEDS / "004_171082ec18620490.txt"

needs_seeds = pytest.mark.skipif(not LAW_SEED.is_file(), reason="seed documents (../shared) not available")

FILES = {
    "documentos.yaml": "pt", "lei.pt.yaml": "pt", "regras.es.yaml": "es",
    "referencia.pt.yaml": "pt", "resumo.pt.yaml": "pt", "glossario.yaml": "pt", "aceitos.yaml": "pt",
}
PARAGRAPH_FILES = {"lei.pt.yaml": "lei", "regras.es.yaml": "regras-es",
                   "referencia.pt.yaml": "referencia", "resumo.pt.yaml": "resumo"}

NUMBERED = re.compile(r"^(?:\d+|[A-G])\.\d+\.\d+(?:\.[IVX]+(?:\.[a-z])?)?$")


# --- helpers ------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def lexicon_keys(lang: str) -> dict[str, str]:
    with open(REPO / "grammar" / "lexicon" / f"{lang}.yaml", encoding="utf-8") as fh:
        return {k: v[0] for k, v in yaml.safe_load(fh)["keys"].items()}


def K(lang: str, concept: str) -> str:
    return lexicon_keys(lang)[concept]


@lru_cache(maxsize=None)
def load(name: str):
    diags = Diagnostics()
    data = load_file(str(TEXTO / name), diags)
    assert not diags.items, [f"{d.code} {d.pos} {d.args}" for d in diags.items]
    return data


def paragraphs(name: str) -> dict:
    lang = FILES[name]
    return load(name)[K(lang, "paragraphs")]


def fold(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", s.lower()) if unicodedata.category(c) != "Mn")


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def norm_hyphen(s: str) -> str:
    return re.sub(r"-\s+", "-", norm(s))


def unbold(s: str) -> str:
    """Drop markdown bold markers; a marker glued to the next word counts as a space."""
    return norm(re.sub(r"\*\*(?=\w)", " ", s).replace("**", ""))


def corpus(name: str) -> str:
    lang = FILES[name]
    t, x = K(lang, "title"), K(lang, "text")
    return " ".join(f"{v.get(t) or ''} {v[x]}" for v in paragraphs(name).values())


def base_key(key: str) -> str:
    return key.split("+")[0]


ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9}


def order_key(key: str) -> tuple:
    out = []
    for part in key.split("."):
        if part.isdigit():
            out.append((0, int(part)))
        elif part in ROMAN:
            out.append((1, ROMAN[part]))
        elif len(part) == 1 and part.isupper():
            out.append((0, 100 + ord(part)))  # appendices come after chapter 15
        else:
            out.append((2, part))
    return tuple(out)


# --- all files ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(FILES))
def test_file_loads_cleanly_and_declares_its_language(name):
    data = load(name)
    lang = FILES[name]
    assert data[K(lang, "language")] == lang


@pytest.mark.parametrize("name", sorted(PARAGRAPH_FILES))
def test_paragraph_files_use_lexicon_keys_and_strings(name):
    lang = FILES[name]
    data = load(name)
    assert data[K(lang, "document")] == PARAGRAPH_FILES[name]
    allowed = {K(lang, c) for c in ("title", "text", "note", "known_typo")}
    if name != "lei.pt.yaml":
        allowed |= {K(lang, "number"), K(lang, "aligned")}
    for key, entry in data[K(lang, "paragraphs")].items():
        assert isinstance(key, str) and key
        assert set(entry) <= allowed, (key, set(entry) - allowed)
        assert isinstance(entry[K(lang, "text")], str), key
        for field in ("title", "note", "known_typo", "number"):
            if K(lang, field) in entry:
                assert isinstance(entry[K(lang, field)], str) and entry[K(lang, field)], (key, field)
        if K(lang, "aligned") in entry:
            assert all(isinstance(a, str) for a in entry[K(lang, "aligned")]), key


def test_documents():
    docs = load("documentos.yaml")[K("pt", "documents")]
    assert set(docs) == {"lei", "regras-es", "referencia", "resumo"}
    roles = {d[K("pt", "role")] for d in docs.values()}
    assert roles == {"fonte", "tradução", "referência", "resumo"}
    for doc_id, d in docs.items():
        for field in ("language", "title", "edition", "source", "role"):
            assert isinstance(d[K("pt", field)], str) and d[K("pt", field)], (doc_id, field)
        if SEEDS.is_dir():
            assert (SEEDS.parent / d[K("pt", "source")]).is_file(), doc_id
    for name, doc_id in PARAGRAPH_FILES.items():
        assert docs[doc_id][K("pt", "language")] == FILES[name]


def test_accepted_differences_are_well_formed():
    data = load("aceitos.yaml")
    items = data[K("pt", "accepted")]
    assert isinstance(items, list)
    docs = load("documentos.yaml")[K("pt", "documents")]
    files = {v: k for k, v in PARAGRAPH_FILES.items()}
    for item in items:
        for field in ("code", "reason", "text"):
            assert isinstance(item[K("pt", field)], str) and item[K("pt", field)]
        doc = item[K("pt", "document")]
        assert doc in docs
        assert item["parágrafo"] in paragraphs(files[doc])


# --- the Law ------------------------------------------------------------------------------------
def test_law_has_every_numbered_paragraph():
    keys = [k for k in paragraphs("lei.pt.yaml") if NUMBERED.match(k)]
    xyz = [k for k in keys if k.count(".") == 2]
    roman = [k for k in keys if re.search(r"\.[IVX]+$", k)]
    letter = [k for k in keys if re.search(r"\.[a-z]$", k)]
    assert (len(keys), len(xyz), len(roman), len(letter)) == (483, 383, 82, 18)


def test_law_has_intros_and_reading_guide():
    law = paragraphs("lei.pt.yaml")
    for key in ["P", "P1", "P2", "P3", "P4", "P.fim", "RC", "RC.4.1", "RC.4.2", "RC.4.3", "RC.5.1"]:
        assert key in law
    for ch in [str(n) for n in range(1, 16)] + list("ABCDEFG"):
        assert ch in law, ch
    # sections whose heading is followed by a paragraph keep it under the section key
    assert law["6.4"][K("pt", "text")] == "Posicione uma madeira em cada serraria presente no tabuleiro."
    assert law["6.4"][K("pt", "title")] == "AMANHECER"
    assert law["6.5.4"] == {K("pt", "title"): "Erguer.", K("pt", "text"): "Posicione uma construção."}
    assert law["5.1.5"][K("pt", "text")].endswith(": 2 , 2 , 1 , 1 , 2 , 2 , 2 .")
    assert K("pt", "known_typo") in law["5.1.5"]


def test_law_is_in_document_order():
    keys = list(paragraphs("lei.pt.yaml"))
    body = [k for k in keys if not k.startswith(("P", "RC"))]
    assert body == sorted(body, key=order_key)
    assert keys[:6] == ["P", "P1", "P2", "P3", "P4", "P.fim"]
    assert keys[-5:] == ["RC", "RC.4.1", "RC.4.2", "RC.4.3", "RC.5.1"]


def _law_seed_lines() -> list[str]:
    return LAW_SEED.read_text(encoding="utf-8").split("\n")


@needs_seeds
def test_law_numbering_matches_a_rescan_of_the_seed():
    found, rule, roman = [], None, None
    for line in _law_seed_lines():
        m = re.match(r"^\s*(?:-\s+)?((?:\d+|[A-G])\.\d+\.\d+)\s", line)
        if m:
            rule, roman = m.group(1), None
            found.append(rule)
            continue
        m = re.match(r"^\s*(?:-\s+)?([IVX]+|[a-z])\s+\*\*", line)
        if m and rule:
            if m.group(1)[0] in "IVX" and len(m.group(1)) <= 4 and m.group(1) in ROMAN:
                roman = f"{rule}.{m.group(1)}"
                found.append(roman)
            else:
                found.append(f"{roman}.{m.group(1)}")
    keys = [k for k in paragraphs("lei.pt.yaml") if NUMBERED.match(k)]
    assert found == keys


@needs_seeds
def test_law_text_is_verbatim():
    seed = norm(LAW_SEED.read_text(encoding="utf-8"))
    seed_plain = seed.replace("**", "")
    t, x = K("pt", "title"), K("pt", "text")
    for key, entry in paragraphs("lei.pt.yaml").items():
        assert norm(entry[x]) in seed, key
        if t in entry:
            assert norm(entry[t]) in seed_plain, key


@needs_seeds
def test_every_line_of_the_law_seed_is_in_the_catalogue():
    text = unbold(corpus("lei.pt.yaml"))
    region = "skip"
    for line in _law_seed_lines():
        s = line.strip()
        if not s:
            continue
        if s.startswith("# Lendo a Lei"):
            region = "body"
        elif s == "# ÍNDICE":
            region = "index"
        elif s == "## Referências Chave":
            region = "body"
        if region == "skip" or s in ("# APÊNDICES", "# ÍNDICE"):
            continue
        if region == "index" and not re.match(r"^-\s+G\.1\.\d+", s):
            continue  # the index, the dedication and the credits are not rule text
        s = re.sub(r"^#+\s*", "", s)
        s = re.sub(r"^-\s+", "", s)
        s = re.sub(r"^(?:(?:\d+|[A-G])(?:\.\d+)*\.?|[IVX]+|[a-z])\s+(?=\*\*|\S)", "", s) if re.match(
            r"^(?:(?:\d+|[A-G])(?:\.\d+)*\.?\s|[IVX]+\s+\*\*|[a-z]\s+\*\*)", s) else s
        s = re.sub(r"^P\d\.\s+", "", unbold(s))
        assert s in text, line


# --- the other documents ------------------------------------------------------------------------
def _check_alignment(name: str, prefix: str):
    lang = FILES[name]
    law = paragraphs("lei.pt.yaml")
    al = K(lang, "aligned")
    for key, entry in paragraphs(name).items():
        assert entry[K(lang, "number")], key
        if key.startswith(prefix):
            assert al not in entry, key
            continue
        base = base_key(key)
        assert base in law, key
        if "+" in key:
            assert al in entry, key
        if al in entry:
            assert entry[al][0] == base, key
            assert len(set(entry[al])) == len(entry[al]), key
            for a in entry[al]:
                assert a in law, (key, a)


def test_es_alignment_is_consistent():
    _check_alignment("regras.es.yaml", "ES:")


def test_reference_alignment_is_consistent_and_complete():
    _check_alignment("referencia.pt.yaml", "F:")
    ref = paragraphs("referencia.pt.yaml")
    law = [k for k in paragraphs("lei.pt.yaml") if re.match(r"^[6-9]\.", k)]
    assert [k for k in ref if not k.startswith("F:")] == law


def test_summary_alignment_is_consistent():
    _check_alignment("resumo.pt.yaml", "R:")


def test_es_numbers_and_known_moves():
    es = paragraphs("regras.es.yaml")
    n = K("es", "number")
    # chapters 3 and 4 are swapped, and actions moved
    assert es["4.2.1"][n] == "3.2.1" and es["3.2.1"][n] == "4.2.1"
    assert es["6.5.2"][n] == "6.5.1" and es["6.5.3"][n] == "6.5.4"
    assert es["9.5.3"][n] == "9.5.6" and es["10.5.4"][n] == "10.5.1"
    assert es["9.7"][n] == "9.8" and es["D.1"][n] == "9.7.1"
    assert es["11.6.2"][n] == "10.6.2" and K("es", "known_typo") in es["11.6.2"]
    assert es["11"][n] == "II"


@needs_seeds
def test_every_numbered_es_paragraph_is_present():
    printed = []
    for line in ES_SEED.read_text(encoding="utf-8").split("\n"):
        m = re.match(r"^\s*(?:-\s+)?(\d+\.\d+(?:\.\d+)?)\s", line)
        if m:
            printed.append(m.group(1))
    numbers = sorted(v[K("es", "number")] for v in paragraphs("regras.es.yaml").values())
    for num in printed:
        assert num in numbers, num
    assert sorted(n for n in numbers if re.match(r"^\d+\.\d+", n) and "." in n and not re.search(r"[IVXa-d]$", n)) \
        == sorted(printed)


@needs_seeds
def test_every_line_of_the_es_seed_is_in_the_catalogue():
    text = norm_hyphen(unbold(corpus("regras.es.yaml")))
    for line in ES_SEED.read_text(encoding="utf-8").split("\n"):
        s = line.strip()
        if not s:
            continue
        s = re.sub(r"^-\s+", "", s)
        s = re.sub(r"^(?:\d+\.\d+(?:\.\d+)?|\d+\.|[IVX]+\.|[a-d]\.)\s+", "", s)
        assert norm_hyphen(unbold(s)) in text, line


@needs_seeds
def test_every_line_of_the_reference_is_in_the_catalogue():
    text = norm(corpus("referencia.pt.yaml"))
    for line in REF_SEED.read_text(encoding="utf-8").split("\n"):
        s = line.strip()
        if not s or re.match(r"^(\d+\.\d+\.\d+|[IVX]+|[a-d])$", s):
            continue
        s = re.sub(r"^\d+\.\d+\s+", "", s)
        assert norm(s) in text, line


@needs_seeds
def test_every_line_of_the_summary_is_in_the_catalogue():
    by_line = {v[K("pt", "number")]: v for v in paragraphs("resumo.pt.yaml").values()}
    for i, line in enumerate(SUMMARY_SEED.read_text(encoding="utf-8").split("\n"), start=1):
        s = line.strip()
        if not s:
            continue
        s = re.sub(r"^-\s+", "", s)
        entry = by_line[f"L{i}"]
        assert s in (entry.get(K("pt", "title")), entry[K("pt", "text")]), i
    assert len(by_line) == len(paragraphs("resumo.pt.yaml"))


# --- glossary -----------------------------------------------------------------------------------
REQUIRED_CONCEPTS = [
    "birdsong", "daylight", "evening", "bird", "fox", "rabbit", "mouse", "suit", "activate", "win",
    "warrior", "building", "token", "pawn", "item", "clearing", "path", "river", "forest",
    "craft", "move", "battle", "recruit", "build", "hit", "ambush", "dominance", "victory_points",
    "marquise", "eyrie", "alliance", "vagabond", "lizard_cult", "riverfolk", "underground_duchy",
    "corvid_conspiracy", "lord_of_the_hundreds", "keepers_in_iron",
    "boot", "sword", "crossbow", "hammer", "torch", "tea", "coin", "bag",
    "keep", "roost", "sympathy", "supporter", "quest", "garden", "outcast", "funds", "trade_post",
    "burrow", "plot", "warlord", "relic", "hireling", "landmark",
]


def _has(term: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(fold(term)) + r"(?!\w)", text) is not None


def test_glossary_shape_and_size():
    gl = load("glossario.yaml")[K("pt", "glossary")]
    assert len(gl) >= 150
    for cid in REQUIRED_CONCEPTS:
        assert cid in gl, cid
    pref, var = K("pt", "preferred"), K("pt", "variants")
    for cid, c in gl.items():
        assert re.match(r"^[a-z][a-z0-9_]*$", cid), cid
        assert set(c) <= {"pt", "es", K("pt", "note"), K("pt", "phase")}, cid
        for lang in ("pt", "es"):
            entry = c[lang]
            assert set(entry) == {pref, var}, (cid, lang)
            assert isinstance(entry[pref], str) and entry[pref], (cid, lang)
            assert isinstance(entry[var], list) and all(isinstance(v, str) and v for v in entry[var])
            forms = [fold(entry[pref])] + [fold(v) for v in entry[var]]
            assert len(forms) == len(set(forms)), (cid, lang, "variant repeats another form")


def test_glossary_terms_are_attested_in_the_documents():
    gl = load("glossario.yaml")[K("pt", "glossary")]
    pt_text = fold(" ".join(corpus(n) for n in ("lei.pt.yaml", "referencia.pt.yaml", "resumo.pt.yaml")))
    es_text = fold(corpus("regras.es.yaml"))
    pref, var, note = K("pt", "preferred"), K("pt", "variants"), K("pt", "note")
    for cid, c in gl.items():
        if "nome nosso" in (c.get(note) or "") or "nomes nossos" in (c.get(note) or ""):
            continue    # a name of ours for a thing the seeds never name (a hireling card, R3)
        pt_forms = [c["pt"][pref]] + c["pt"][var]
        assert any(_has(f, pt_text) for f in pt_forms), (cid, "pt")
        if "sem termo no documento-semente" in (c.get(note) or ""):
            continue
        es_forms = [c["es"][pref]] + c["es"][var]
        assert any(_has(f, es_text) for f in es_forms), (cid, "es")
