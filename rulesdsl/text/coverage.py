"""Which data implements each paragraph of the Law, and which scenarios and tests exercise it.

Read straight from the files (no interpreter needed):

  * rule blocks: any YAML mapping under the ruleset (outside its text folder) holding a key
    `lei` (PT) / `ley` (ES) — a paragraph number or a list of them;
  * scenarios: the same key in YAML files under the test folders;
  * pytest tests: `@pytest.mark.law("6.5.4")`, or a docstring/comment saying `Lei 6.5.4`,
    `Ley 6.5.4` or `§6.5.4` (several numbers may follow: `Lei 6.5.4, 6.5.5 e 6.5.6`).

Comparing the numbers of each rule block with the text of the paragraphs it cites
(T160–T163) is data_check.py's job, on the `Scan` made here.
"""
from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass, field

from .. import lexicon as lexmod
from ..errors import Diagnostics, Pos, fold
from ..loader import YDict, YList, YStr, detect_lang, load_text
from .catalogue import Catalogue, chapter_of, find_text_folder, raw_scalar

SKIP_DIRS = {".git", "__pycache__", ".pytest_cache", ".hypothesis", ".venv", "node_modules"}

# neutral keys whose numbers are identifiers, places or bookkeeping, not quantities of the
# rule (a file's own spellings are turned into these through its lexicon)
IGNORED_KEYS = {
    "id", "name", "seed", "note", "source", "single_source", "ref_en", "same_as", "alt_name",
    "total", "computed", "copies", "per_value", "spaces", "edges", "map", "position", "step",
    "setup_letter", "description", "file", "paragraph", "number", "code",
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
    parent: int | None = None      # the container it sits in (siblings citing the same § count)


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
        # a rulebook keyed by its section titles (no digits: "COMBATE: REVELAR") cites one title
        pattern = r"\S.*\S|\S" if raw.strip() and not re.search(r"\d", raw) else r"[^\s,;§()]+"
        for m in re.finditer(pattern, raw):
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


def _blocks(node, text: str, path: str, lang: str, kind: str, out: list, name: str = "",
            parent=None):
    if isinstance(node, YDict):
        law_k = next((k for k in node if _is_law_key(k)), None)
        if law_k is not None:
            keys, poss = _cited_keys(node[law_k], node, law_k, text)
            nm = ""
            for k in node:
                if fold(str(k)) in ("nome", "nombre", "name", "id", "cenario", "escenario", "titulo"):
                    nm = _name(node[k], lang)
                    if nm:
                        break
            c = Citation(kind, keys, node.key_pos.get(law_k) or node.pos, poss, nm or name, node, lang)
            c.parent = id(parent) if parent is not None else None
            out.append(c)
        for k, v in node.items():
            _blocks(v, text, path, lang, kind, out, name, node)
    elif isinstance(node, YList):
        for v in node:
            _blocks(v, text, path, lang, kind, out, name, node)


def _name(v, lang: str) -> str:
    """A readable name: `{pt: serraria, es: aserradero}` → 'serraria'; `[erguer, erga]` → 'erguer'."""
    if isinstance(v, dict):
        v = v.get(lang, next(iter(v.values()), "")) if v else ""
    if isinstance(v, list):
        v = v[0] if v else ""
    if isinstance(v, (dict, list)):
        return ""
    return "" if v is None else str(v)


def scan_yaml(path: str, kind: str, diags: Diagnostics, out: list, ruleset: str | None = None) -> None:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        diags.add("E005", None, diags.lang, path=path, reason=str(exc))
        return
    lang = detect_lang(text, diags.lang)
    if kind == "scenario":
        # a test folder holds scenarios of other games too: read the file quietly first
        quiet = Diagnostics(diags.lang)
        data = load_text(text, path, quiet, lang)
        if data is None or not _is_scenario_file(data) \
                or not _plays(_scenario_ruleset(data, path), ruleset or ""):
            return
        diags.extend(quiet)
    else:
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
            if m.group(0).startswith("§") and not _law_section_sign(line, m):
                continue
            for n in NUM_IN_CITE_RE.finditer(m.group(1)):
                found.append((n.group(0).rstrip("."), m.start(1) + n.start()))
        if found:
            keys = [k for k, _ in found]
            poss = [Pos(path, i, c + 1, len(k)) for k, c in found]
            out.append(Citation("test", keys, poss[0], poss, owner(i)))


_OTHER_DOC_RE = re.compile(r"(?:\.\w{1,5}|\bissue\s+\d+|\bR\d[\w.]*|\bseção|\bsección|\bsection)\s*\(?$", re.I)


def _law_section_sign(line: str, m) -> bool:
    """'§6.5.4' cites the Law; '§3' alone, 'root-components.md §3.1' or 'issue 2 §1' do not."""
    if "." not in m.group(1):
        return False
    return not _OTHER_DOC_RE.search(line[:m.start()].rstrip())


_RULESET_KEYS = {"regras", "reglas", "ruleset", "conjunto", "conjunto_de_regras", "jogo", "juego"}


def _is_scenario_file(data) -> bool:
    """A file of scenarios has a list of them (`cenários:` / `escenarios:`, any lexicon's
    spelling); other YAML in a test folder (a lexicon, a tiny game) cites nothing."""
    return isinstance(data, YDict) and any(lexmod.means_key(k, "scenarios") for k in data)


def _scenario_ruleset(data, path: str) -> str | None:
    """The ruleset a scenario file says it plays (`regras: ../games/x/jogo.yaml`), if any."""
    if not isinstance(data, YDict):
        return None
    for k, v in data.items():
        if fold(str(k)) in _RULESET_KEYS and isinstance(v, str) and v.strip():
            return os.path.normpath(os.path.join(os.path.dirname(path), v.strip()))
    return None


def _plays(target: str | None, ruleset: str) -> bool:
    if target is None:
        return True
    rs = os.path.abspath(ruleset)
    t = os.path.abspath(target)
    if t == rs or t.startswith(rs + os.sep):
        return True
    if not os.path.exists(target):      # a name: "root"
        return os.path.basename(target.rstrip("/")) == os.path.basename(rs)
    return False


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
            scan_yaml(path, "scenario", diags, s.scenarios, ruleset)
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


_TEXT_CACHE: dict[str, tuple] = {}


def _file_text(path: str) -> str:
    try:
        stamp = os.stat(path).st_mtime_ns
    except OSError:
        return ""
    hit = _TEXT_CACHE.get(path)
    if hit is None or hit[0] != stamp:
        try:
            with open(path, encoding="utf-8") as fh:
                hit = (stamp, fh.read())
        except (OSError, UnicodeDecodeError):
            hit = (stamp, "")
        _TEXT_CACHE[path] = hit
    return hit[1]


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
