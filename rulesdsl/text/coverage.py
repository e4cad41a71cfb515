"""Which data implements each paragraph of the Law, and which scenarios and tests exercise it.

Read straight from the files (no interpreter needed):

  * rule blocks: any YAML mapping under the ruleset (outside its text folder) holding a key
    `lei` (PT) / `ley` (ES) — a paragraph number or a list of them;
  * scenarios: the same key in YAML files under the test folders;
  * pytest tests: `@pytest.mark.law("6.5.4")`, or a docstring/comment saying `Lei 6.5.4`,
    `Ley 6.5.4` or `§6.5.4` (several numbers may follow: `Lei 6.5.4, 6.5.5 e 6.5.6`).

`data_findings()` compares the numbers of each rule block with the text of the paragraphs it
cites (T160/T161) and reports citations of paragraphs that do not exist (T162).
"""
from __future__ import annotations

import ast
import os
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from .. import lexicon as lexmod
from ..errors import Diagnostics, Pos, fold
from ..loader import YDict, YList, YStr, detect_lang, load_text
from . import numbers as nummod
from .catalogue import Catalogue, chapter_of, find_text_folder, nearest_key, raw_scalar

SKIP_DIRS = {".git", "__pycache__", ".pytest_cache", ".hypothesis", ".venv", "node_modules"}

# keys whose numbers are identifiers or places, not quantities of the rule
IGNORED_KEYS = {
    "id", "ids", "nome", "nombre", "name", "chave", "clave", "key", "seed", "semente", "semilla",
    "versao", "version", "ordem", "orden", "order", "indice", "index", "posicao", "posicion",
    "position", "x", "y", "linha", "coluna", "fila", "columna", "cor", "color", "imagem",
    "imagen", "arquivo", "archivo", "adjacentes", "adyacentes", "adjacencias", "vizinhas",
    "vecinos", "conexoes", "conexiones", "caminhos", "caminos", "rios", "rio", "numero", "numeros",
    "codigo", "code", "passo", "paso", "step", "prioridade", "prioridad", "pagina", "mapa",
    "clareira", "clareiras", "claro", "claros", "ruinas", "cantos", "esquinas", "canto", "esquina",
}
# data numbers too common to mean anything on their own
TRIVIAL = {0, 1}

CITE_RE = re.compile(
    r"(?:\bLeis?\b|\bLey(?:es)?\b|§)\s*((?:[A-Z]\.)?\d+(?:\.\d+)*(?:\.[IVXL]+)?"
    r"(?:\s*(?:,|e|y|and|/|§)\s*(?:§\s*)?(?:[A-Z]\.)?\d+(?:\.\d+)*(?:\.[IVXL]+)?)*)")
NUM_IN_CITE_RE = re.compile(r"(?:[A-Z]\.)?\d+(?:\.\d+)*(?:\.[IVXL]+)?")
MARK_RE = re.compile(r"law\(\s*((?:['\"][^'\"]+['\"]\s*,?\s*)+)\)")


@dataclass
class Citation:
    kind: str                  # "data" | "scenario" | "test"
    keys: list[str]            # paragraph numbers as written
    pos: Pos
    key_pos: list[Pos] = field(default_factory=list)
    name: str = ""             # test function, scenario name
    block: YDict | None = None
    lang: str = "pt"


@dataclass
class Scan:
    data: list[Citation] = field(default_factory=list)
    scenarios: list[Citation] = field(default_factory=list)
    tests: list[Citation] = field(default_factory=list)
    files: int = 0


def _is_law_key(k) -> bool:
    if not isinstance(k, str):
        return False
    f = fold(k)
    if f in ("lei", "ley"):
        return True
    for lang in lexmod.available():
        try:
            if lexmod.get(lang).key_of(k) == "law":
                return True
        except Exception:
            continue
    return False


def _walk_files(root: str, exts: tuple, skip: list[str]):
    skip_abs = [os.path.abspath(s) for s in skip if s]
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")
                             and os.path.abspath(os.path.join(dirpath, d)) not in skip_abs)
        for fn in sorted(filenames):
            if fn.endswith(exts):
                yield os.path.join(dirpath, fn)


def _cited_keys(value, parent, key, text: str) -> tuple[list[str], list[Pos]]:
    """The paragraph numbers of a `lei:` value (a number, a list, "6.5.4, 6.5.5")."""
    out, poss = [], []
    if isinstance(value, YList):
        items = [(v, value.item_pos[i]) for i, v in enumerate(value)]
    else:
        items = [(value, parent.val_pos.get(key))]
    for v, p in items:
        if v is None or isinstance(v, (YDict, YList, bool)):
            continue
        raw = str(v) if isinstance(v, str) else (raw_scalar(text, p) or str(v))
        for m in re.finditer(r"[^\s,;§()]+", raw):
            num = m.group(0).rstrip(".")
            if not num or num.lower() in ("e", "y", "and"):
                continue
            out.append(num)
            if isinstance(v, YStr):
                poss.append(v.at(m.start(), len(num)))
            elif p is not None:
                poss.append(Pos(p.file, p.line, p.col + m.start(), len(num)))
            else:
                poss.append(None)
    return out, poss


def _blocks(node, text: str, path: str, lang: str, kind: str, out: list, name: str = ""):
    if isinstance(node, YDict):
        law_k = next((k for k in node if _is_law_key(k)), None)
        if law_k is not None:
            keys, poss = _cited_keys(node[law_k], node, law_k, text)
            nm = ""
            for k in node:
                if fold(str(k)) in ("nome", "nombre", "name", "id", "cenario", "escenario", "titulo"):
                    nm = str(node[k])
                    break
            out.append(Citation(kind, keys, node.key_pos.get(law_k) or node.pos, poss,
                                nm or name, node, lang))
        for k, v in node.items():
            _blocks(v, text, path, lang, kind, out, name)
    elif isinstance(node, YList):
        for v in node:
            _blocks(v, text, path, lang, kind, out, name)


def scan_yaml(path: str, kind: str, diags: Diagnostics, out: list) -> None:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        diags.add("E005", None, diags.lang, path=path, reason=str(exc))
        return
    lang = detect_lang(text, diags.lang)
    data = load_text(text, path, diags, lang)
    if data is None:
        return
    _blocks(data, text, path, lang, kind, out)


def scan_python(path: str, out: list) -> None:
    try:
        with open(path, encoding="utf-8") as fh:
            src = fh.read()
    except (OSError, UnicodeDecodeError):
        return
    funcs = []
    try:
        tree = ast.parse(src)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
                funcs.append((start, node.end_lineno or node.lineno, node.name))
    except SyntaxError:
        pass

    def owner(line):
        best = None
        for a, b, n in funcs:
            if a <= line <= b and (best is None or a >= best[0]):
                best = (a, b, n)
        return best[2] if best else ""

    lines = src.splitlines()
    for i, line in enumerate(lines, 1):
        found = []
        for m in MARK_RE.finditer(line):
            for q in re.finditer(r"['\"]([^'\"]+)['\"]", m.group(1)):
                found.append((q.group(1), m.start(1) + q.start(1) + 1))
        for m in CITE_RE.finditer(line):
            for n in NUM_IN_CITE_RE.finditer(m.group(1)):
                found.append((n.group(0).rstrip("."), m.start(1) + n.start()))
        if found:
            keys = [k for k, _ in found]
            poss = [Pos(path, i, c + 1, len(k)) for k, c in found]
            out.append(Citation("test", keys, poss[0], poss, owner(i)))


def scan(ruleset: str, test_dirs: list[str], diags: Diagnostics) -> Scan:
    s = Scan()
    text_dir = find_text_folder(ruleset)
    for path in _walk_files(ruleset, (".yaml", ".yml"), [text_dir] if text_dir else []):
        s.files += 1
        scan_yaml(path, "data", diags, s.data)
    for d in test_dirs:
        if not os.path.isdir(d):
            continue
        skip = [os.path.join(d, "text")] if os.path.basename(os.path.abspath(d)) == "tests" else []
        for path in _walk_files(d, (".yaml", ".yml"), skip + [ruleset]):
            scan_yaml(path, "scenario", diags, s.scenarios)
        for path in _walk_files(d, (".py",), skip):
            scan_python(path, s.tests)
    return s


def default_test_dirs(ruleset: str) -> list[str]:
    """The `tests/` folder of the project that holds the ruleset (nearest pyproject.toml)."""
    d = os.path.abspath(ruleset)
    while True:
        if os.path.exists(os.path.join(d, "pyproject.toml")):
            t = os.path.join(d, "tests")
            return [t] if os.path.isdir(t) else []
        parent = os.path.dirname(d)
        if parent == d:
            return []
        d = parent


# ---------------------------------------------------------------------------------------------
# the coverage table

@dataclass
class Entry:
    key: str
    title: str
    chapter: str
    empty: bool
    data: list[Citation] = field(default_factory=list)
    scenarios: list[Citation] = field(default_factory=list)
    tests: list[Citation] = field(default_factory=list)

    @property
    def implemented(self) -> bool:
        return bool(self.data)

    @property
    def exercised(self) -> bool:
        return bool(self.scenarios or self.tests)


@dataclass
class Coverage:
    entries: dict[str, Entry]
    unknown: list[tuple[Citation, str, Pos | None]]      # citations of missing paragraphs
    chapters: dict[str, dict]

    def neither(self) -> list[Entry]:
        return [e for e in self.entries.values() if not e.empty and not e.implemented and not e.exercised]

    def totals(self) -> dict:
        es = [e for e in self.entries.values() if not e.empty]
        return {"paragraphs": len(es), "implemented": sum(e.implemented for e in es),
                "exercised": sum(e.exercised for e in es),
                "neither": sum(1 for e in es if not e.implemented and not e.exercised)}


def resolve(key: str, law_keys) -> str | None:
    k = key.strip().lstrip("§").strip()
    if k in law_keys:
        return k
    return None


def build(cat: Catalogue, s: Scan) -> Coverage:
    law = cat.law
    entries = {k: Entry(k, p.title, chapter_of(k), not p.text.strip())
               for k, p in law.paragraphs.items()}
    unknown = []
    for kind, cites in (("data", s.data), ("scenarios", s.scenarios), ("tests", s.tests)):
        for c in cites:
            for i, k in enumerate(c.keys):
                r = resolve(k, entries)
                if r is None:
                    unknown.append((c, k, c.key_pos[i] if i < len(c.key_pos) else c.pos))
                    continue
                lst = getattr(entries[r], kind)
                if c not in lst:
                    lst.append(c)
    chapters: dict[str, dict] = {}
    for e in entries.values():
        if e.empty:
            continue
        t = chapters.setdefault(e.chapter, {"paragraphs": 0, "implemented": 0, "exercised": 0, "neither": 0})
        t["paragraphs"] += 1
        t["implemented"] += e.implemented
        t["exercised"] += e.exercised
        t["neither"] += (not e.implemented and not e.exercised)
    return Coverage(entries, unknown, chapters)


# ---------------------------------------------------------------------------------------------
# text against data

@dataclass
class DataNum:
    value: object
    pos: Pos | None
    surface: str


def block_numbers(block: YDict, lang: str, text: str) -> list[DataNum]:
    """The quantities a rule block states (its nested blocks citing other paragraphs excluded)."""
    out: list[DataNum] = []

    def visit(node, key):
        if isinstance(node, YDict):
            if node is not block and any(_is_law_key(k) for k in node):
                return
            for k, v in node.items():
                if _is_law_key(k):
                    continue
                kf = fold(str(k))
                if kf in IGNORED_KEYS or kf.endswith(("_id", "-id")):
                    continue
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    out.append(DataNum(_num(v), node.val_pos.get(k), raw_scalar(text, node.val_pos.get(k)) or str(v)))
                else:
                    visit(v, kf)
        elif isinstance(node, YList):
            for i, v in enumerate(node):
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    out.append(DataNum(_num(v), node.item_pos[i], str(v)))
                else:
                    visit(v, key)
        elif isinstance(node, YStr):
            s = str(node)
            if re.fullmatch(r"\s*\d+(?:/\d+)?\s*", s):
                out.append(DataNum(nummod.extract(s, lang)[0].value if nummod.extract(s, lang) else int(s),
                                   node.pos, s.strip()))
                return
            if not re.search(r"\s", s.strip()):
                return   # an identifier ("carta-12", "clareira_3")
            for n in nummod.extract(s, lang):
                if n.strong:
                    out.append(DataNum(n.value, node.at(n.start, n.end - n.start), n.surface))
    visit(block, None)
    return out


def _num(v):
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, float):
        from fractions import Fraction
        return Fraction(v).limit_denominator(100)
    return v


def _paragraph_numbers(cat: Catalogue, key: str, descendants: bool) -> tuple[set, list]:
    law = cat.law
    vals: set = set()
    strong_nums = []
    for k, p in law.paragraphs.items():
        if k == key or (descendants and k.startswith(key + ".")):
            for txt in (p.full, p.known_typo, p.note):
                for n in nummod.extract(txt, law.lang):
                    vals.add(n.value)
            if k == key:
                strong_nums = [n for n in nummod.extract(p.full, law.lang)
                               if n.kind == "cardinal" and n.strong]
    return vals, strong_nums


def data_findings(cat: Catalogue, s: Scan) -> list:
    from .checks import Finding, excerpt
    law = cat.law
    out = []
    by_key: dict[str, list[Citation]] = defaultdict(list)
    for c in s.data:
        for i, k in enumerate(c.keys):
            r = resolve(k, law.paragraphs)
            if r is None:
                pos = c.key_pos[i] if i < len(c.key_pos) and c.key_pos[i] else c.pos
                hint = nearest_key(k, list(law.paragraphs))
                out.append(Finding("T162", k, _rel(pos.file), {"para": k, "file": _rel(pos.file),
                                                               "line": pos.line, "hint": hint or "—"},
                                   {}, f"cite:{k}:{_rel(pos.file)}", pos))
                continue
            by_key[r].append(c)
    for key, cites in by_key.items():
        p = law.paragraphs[key]
        allowed, strong = _paragraph_numbers(cat, key, True)
        union: set = set()
        for c in cites:
            text = _file_text(c.pos.file)
            nums = block_numbers(c.block, c.lang, text)
            for other in c.keys:
                r = resolve(other, law.paragraphs)
                if r and r != key:
                    allowed |= _paragraph_numbers(cat, r, True)[0]
            for dn in nums:
                union.add(dn.value)
            for dn in nums:
                if dn.value in TRIVIAL or dn.value in allowed:
                    continue
                file = _rel(c.pos.file)
                out.append(Finding("T160", key, file,
                                   {"para": key, "value": nummod.show(dn.value), "file": file,
                                    "line": dn.pos.line if dn.pos else c.pos.line},
                                   {law.id: excerpt(p.full), file: dn.surface},
                                   f"data:{nummod.show(dn.value)}", dn.pos or c.pos))
        seen = set()
        for n in strong:
            if n.value in union or n.value in seen:
                continue
            seen.add(n.value)
            c = cites[0]
            file = _rel(c.pos.file)
            out.append(Finding("T161", key, file,
                               {"para": key, "value": nummod.show(n.value), "file": file,
                                "line": c.pos.line},
                               {law.id: excerpt(p.full, n.start, n.end)},
                               f"text:{nummod.show(n.value)}", c.pos))
    return out


_TEXT_CACHE: dict[str, str] = {}


def _file_text(path: str) -> str:
    if path not in _TEXT_CACHE:
        try:
            with open(path, encoding="utf-8") as fh:
                _TEXT_CACHE[path] = fh.read()
        except OSError:
            _TEXT_CACHE[path] = ""
    return _TEXT_CACHE[path]


def _rel(path: str) -> str:
    try:
        r = os.path.relpath(path)
        return path if r.startswith("..") else r
    except ValueError:
        return path


def as_dict(cat: Catalogue, cov: Coverage, lang: str) -> dict:
    def cite(c: Citation):
        return {"file": _rel(c.pos.file), "line": c.pos.line, "name": c.name}
    return {
        "totals": cov.totals(),
        "chapters": cov.chapters,
        "paragraphs": [
            {"paragraph": e.key, "title": e.title, "chapter": e.chapter, "heading": e.empty,
             "data": [cite(c) for c in e.data], "scenarios": [cite(c) for c in e.scenarios],
             "tests": [cite(c) for c in e.tests]}
            for e in cov.entries.values()],
        "neither": [e.key for e in cov.neither()],
        "unknown": [{"paragraph": k, "file": _rel(p.file) if p else None,
                     "line": p.line if p else None, "kind": c.kind} for c, k, p in cov.unknown],
    }
