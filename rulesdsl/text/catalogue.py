"""The text catalogue of a ruleset: every paragraph of the Law, under its number, in each language.

A ruleset keeps its texts in `<ruleset>/texto/`:

  documentos.yaml   the documents: id → {idioma, título, edição, fonte, papel}
  <doc>.<lang>.yaml one file per document: `documento: <id>` and its paragraphs, keyed by the
                    Law paragraph they render ("6.5.4"); a paragraph with no Law counterpart is
                    keyed with a prefix ("ES:2.9", "F:3"); a second paragraph for one Law
                    paragraph is "6.5.4+1"; `número` is the paragraph's own number,
                    `alinhado`/`alineado` lists the Law paragraphs it renders when not just one
  glossario.yaml    approved terms per concept and language
  aceitos.yaml      acknowledged differences

Keys are spelt in the file's language (`idioma:`), through grammar/lexicon/<lang>.yaml, and
matched without case or accents. Problems are `Diagnostic`s with codes T0xx in the file's
language; `load()` gathers them all and the caller decides whether it can go on.
"""
from __future__ import annotations

import os
import re

from .. import lexicon as lexmod
from ..errors import Diagnostics, Pos, fold, suggest
from ..loader import YDict, YList, YStr, detect_lang, load_text
# the model lives in model.py (and `text confirm`'s edit in confirm_edit.py); these names are
# the catalogue's too
from .model import (Acceptance, Catalogue, Concept, Document, Paragraph, Term,  # noqa: F401
                    chapter_of, hash_matches, normalize_text, text_hash)

TEXT_DIR_NAMES = ("texto", "text", "textos")
DOCS_FILE = ("documentos",)
GLOSSARY_FILE = ("glossario", "glosario")
ACCEPTED_FILE = ("aceitos", "aceptados")

# the document roles, spelled in every language's lexicon (`values: role_*`)
ROLE_NAMES = ("source", "translation", "reference", "summary")


def _role_spellings() -> dict:
    out = {r: [r] for r in ROLE_NAMES}
    for lang in lexmod.available():
        lex = lexmod.get(lang)
        for r in ROLE_NAMES:
            out[r].extend(lex.values.get("role_" + r, []))
    return out


ROLES = _role_spellings()
_ROLE_INDEX = {fold(s): r for r, spellings in ROLES.items() for s in spellings}

HASH_RE = re.compile(r"^[0-9a-fA-F]{8,64}$")
PARA_KEY_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.]*$")
# a rulebook without paragraph numbers is keyed by its section titles ("COMBATE: REVELAR",
# Scythe's: docs/dados-scythe.md)
TITLE_KEY_RE = re.compile(r"^[^\W\d_][\w .,:()/&'-]*$")


# ---------------------------------------------------------------------------------------------
# key spelling

class _Keys:
    """Neutral key of a spelling in one file's language (from the lexicon)."""

    def __init__(self, lang: str):
        self.lang = lang
        try:
            self.lex = lexmod.get(lang)
        except (KeyError, Exception):
            self.lex = None

    def of(self, spelling) -> str | None:
        s = str(spelling)
        if self.lex is not None:
            return self.lex.key_of(s)
        return None

    def spell(self, neutral: str) -> str:
        if self.lex is not None and neutral in self.lex.keys:
            return self.lex.spell_key(neutral)
        return neutral

    def spellings(self, neutrals) -> list[str]:
        return [self.spell(n) for n in neutrals]


def raw_scalar(file_text: str, pos: Pos | None) -> str | None:
    """The text of a one-line scalar as written (so `6.10` stays '6.10', not 6.1)."""
    if pos is None or not file_text:
        return None
    lines = file_text.splitlines()
    if not (1 <= pos.line <= len(lines)):
        return None
    line = lines[pos.line - 1]
    raw = line[pos.col - 1: pos.col - 1 + pos.length].strip()
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "'\"":
        raw = raw[1:-1]
    return raw


def scalar_text(value, file_text: str, pos: Pos | None) -> str:
    """A scalar as a string; numbers are read back from the source as written."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value).lower()
    raw = raw_scalar(file_text, pos)
    return raw if raw else str(value)


# ---------------------------------------------------------------------------------------------
# loading

class _Loader:
    def __init__(self, root: str, diags: Diagnostics):
        self.root = root
        self.diags = diags

    def add(self, _code: str, _pos: Pos | None, _lang: str, **kw):
        return self.diags.add(_code, _pos, _lang, **kw)

    def read(self, path: str):
        try:
            with open(path, encoding="utf-8", newline="") as fh:
                text = fh.read()
        except UnicodeDecodeError:
            self.add("E004", Pos(path, 1, 1), self.diags.lang)
            return None, "", self.diags.lang
        except OSError as exc:
            self.add("E005", None, self.diags.lang, path=path, reason=exc.strerror or str(exc))
            return None, "", self.diags.lang
        lang = detect_lang(text, self.diags.lang)
        data = load_text(text, path, self.diags, lang)
        if data is not None and not isinstance(data, YDict):
            self.add("T004", getattr(data, "pos", Pos(path, 1, 1)), lang,
                     key="", expected=_kind_word("mapping", lang))
            data = None
        return data, text, lang

    def check_lang(self, lang: str, data: YDict, keys: _Keys, path: str) -> bool:
        if lang not in lexmod.available():
            kpos = None
            for k in data:
                if keys.of(k) == "language" or fold(str(k)) == "idioma":
                    kpos = pos_of_value(data, k)
            self.add("T008", kpos or Pos(path, 1, 1), "pt", language=lang,
                     hint=suggest(lang, lexmod.available(), 0.3),
                     langs=", ".join(lexmod.available()))
            return False
        return True

    def fields(self, node: YDict, keys: _Keys, allowed: set[str], lang: str,
               required: tuple = ()) -> dict:
        """Neutral key → (value, key spelling); unknown keys and missing ones are reported."""
        out = {}
        for k in node:
            neutral = keys.of(k)
            if neutral is None or neutral not in allowed:
                hint = suggest(str(k), keys.spellings(sorted(allowed)), 0.6)
                self.add("T003", node.key_pos.get(k), lang, key=str(k),
                         allowed=", ".join(keys.spellings(sorted(allowed))), hint=hint)
                continue
            if neutral in out:
                self.add("E003", node.key_pos.get(k), lang, key=str(k),
                         first=node.key_pos[out[neutral][1]].line,
                         related=node.key_pos[out[neutral][1]])
                continue
            out[neutral] = (node[k], k)
        for r in required:
            if r not in out:
                self.add("T002", node.pos, lang, key=keys.spell(r))
        return out


def pos_of_value(node: YDict, key) -> Pos | None:
    v = node.get(key)
    if isinstance(v, (YStr, YDict, YList)):
        return v.pos
    return node.val_pos.get(key) or node.key_pos.get(key)


def _section(top, key, kind, word, data, ld, keys, lang):
    """A top-level section of a catalogue file, or None: absent, or not a mapping/list (T004,
    reported here)."""
    v = top.get(key, (None,))[0]
    if v is None:
        return None
    if not isinstance(v, kind):
        ld.add("T004", getattr(v, "pos", data.pos), lang, key=keys.spell(key),
               expected=_kind_word(word, lang))
        return None
    return v


# `fase: sim` / `fase: sí` (and true/false)
_YES = {"sim", "si", "true", "yes"}
_NO = {"nao", "no", "false"}


def _kind_word(kind: str, lang: str) -> str:
    from ..errors import format_message
    return format_message("TW." + kind, lang, {})


def find_text_folder(root: str, _seen: frozenset = frozenset()) -> str | None:
    for name in TEXT_DIR_NAMES:
        cand = os.path.join(root, name)
        if os.path.isdir(cand):
            return cand
    found = _declared_text_folder(root)
    if found is None:
        # an overlay without a catalogue of its own reads its base's (rulesdsl/overlay.py)
        from ..overlay import base_of
        base = base_of(root)
        if base is not None and os.path.abspath(base) not in _seen | {os.path.abspath(root)}:
            return find_text_folder(base if os.path.isdir(base) else os.path.dirname(base),
                                    _seen | {os.path.abspath(root)})
    return found


def _declared_text_folder(root: str) -> str | None:
    """`pasta_de_textos:` / `carpeta_de_textos:` in the game declaration: a folder elsewhere,
    relative to the ruleset (a generated translation points at its source's catalogue)."""
    try:
        names = sorted(n for n in os.listdir(root) if n.endswith((".yaml", ".yml")))
    except OSError:
        return None
    for name in names:
        path = os.path.join(root, name)
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError):
            continue
        data = load_text(text, path, Diagnostics(), detect_lang(text))
        if not isinstance(data, dict):
            continue
        for k, v in data.items():
            if isinstance(v, dict) and lexmod.means_key(k, "game"):
                for kk, vv in v.items():
                    if isinstance(vv, str) and lexmod.means_key(kk, "text_folder"):
                        cand = os.path.normpath(os.path.join(root, vv))
                        return cand if os.path.isdir(cand) else None
    return None


def _base(name: str) -> str:
    return fold(name.split(".")[0])


def load(root: str, diags: Diagnostics) -> Catalogue | None:
    """Read the catalogue of the ruleset at `root`. None when there is nothing to read."""
    if not os.path.isdir(root):
        diags.add("T001", None, diags.lang, path=root)
        return None
    folder = find_text_folder(root)
    if folder is None:
        diags.add("T011", None, diags.lang, path=root, folder=TEXT_DIR_NAMES[0])
        return None
    ld = _Loader(root, diags)
    cat = Catalogue(root=root, folder=folder, lang=diags.lang)
    names = sorted(n for n in os.listdir(folder) if n.endswith((".yaml", ".yml")))
    docs_file = next((n for n in names if _base(n) in DOCS_FILE), None)
    gloss_file = next((n for n in names if _base(n) in GLOSSARY_FILE), None)
    acc_file = next((n for n in names if _base(n) in ACCEPTED_FILE), None)
    if docs_file is None:
        diags.add("T012", None, diags.lang, path=folder, file="documentos.yaml")
        return None
    _load_documents(ld, cat, os.path.join(folder, docs_file))
    for n in names:
        if n in (docs_file, gloss_file, acc_file):
            continue
        _load_paragraphs(ld, cat, os.path.join(folder, n))
    for d in cat.documents.values():
        if d.path is None and d.declared_pos is not None:
            diags.add("T006", d.declared_pos, cat.lang, doc=d.id, severity="warning")
    law = cat.law
    if law is None:
        diags.add("T013", None, cat.lang, path=os.path.join(folder, docs_file))
    else:
        _resolve_alignment(ld, cat)
    if gloss_file:
        _load_glossary(ld, cat, os.path.join(folder, gloss_file))
    if acc_file:
        cat.accepted_path = os.path.join(folder, acc_file)
        _load_accepted(ld, cat, cat.accepted_path)
    return cat


def _load_documents(ld: _Loader, cat: Catalogue, path: str) -> None:
    data, text, lang = ld.read(path)
    if data is None:
        return
    cat.lang = lang
    keys = _Keys(lang)
    if not ld.check_lang(lang, data, keys, path):
        return
    top = ld.fields(data, keys, {"language", "documents"}, lang, required=("language", "documents"))
    docs = _section(top, "documents", YDict, "mapping", data, ld, keys, lang)
    if docs is None:
        return
    allowed = {"language", "title", "edition", "source", "role", "file", "scope", "note", "url"}
    for did, entry in docs.items():
        did_s = scalar_text(did, text, docs.key_pos.get(did))
        kpos = docs.key_pos.get(did)
        if not isinstance(entry, YDict):
            ld.add("T004", pos_of_value(docs, did), lang, key=did_s, expected=_kind_word("mapping", lang))
            continue
        f = ld.fields(entry, keys, allowed, lang, required=("language", "role"))
        dlang = str(f.get("language", ("",))[0] or "")
        if dlang and dlang not in lexmod.available():
            ld.add("T008", pos_of_value(entry, f["language"][1]), lang, language=dlang,
                   hint=suggest(dlang, lexmod.available(), 0.3), langs=", ".join(lexmod.available()))
        role_raw = f.get("role", (None,))[0]
        role = _ROLE_INDEX.get(fold(str(role_raw))) if role_raw is not None else None
        if role_raw is not None and role is None:
            ld.add("T009", pos_of_value(entry, f["role"][1]), lang, role=str(role_raw),
                   roles=", ".join(sorted({ROLES[r][0] for r in ROLES})),
                   hint=suggest(str(role_raw), [s for v in ROLES.values() for s in v], 0.5))
        scope = None
        if "scope" in f:
            sv = f["scope"][0]
            items = sv if isinstance(sv, list) else [sv]
            scope = [scalar_text(x, text, (sv.item_pos[i] if isinstance(sv, YList) else pos_of_value(entry, f["scope"][1])))
                     for i, x in enumerate(items)]
            scope = [chapter_of(s) for s in scope]
        doc = Document(
            id=did_s, lang=dlang or lang, role=role or "translation",
            title=str(f.get("title", ("",))[0] or ""), edition=str(f.get("edition", ("",))[0] or ""),
            source=str(f.get("source", ("",))[0] or ""), declared_pos=kpos, scope=scope)
        if "file" in f:
            doc.path = os.path.join(cat.folder, str(f["file"][0]))
            doc.path = None if not os.path.exists(doc.path) else doc.path
        cat.documents[did_s] = doc
    sources = [d for d in cat.documents.values() if d.role == "source"]
    for extra in sources[1:]:
        ld.add("T014", extra.declared_pos, lang, doc=extra.id, first=sources[0].id)
        extra.role = "translation"


def _load_paragraphs(ld: _Loader, cat: Catalogue, path: str) -> None:
    data, text, lang = ld.read(path)
    if data is None:
        return
    keys = _Keys(lang)
    if not ld.check_lang(lang, data, keys, path):
        return
    top = ld.fields(data, keys, {"language", "document", "paragraphs", "note"}, lang,
                    required=("language", "document", "paragraphs"))
    if "document" not in top:
        return
    did_v, did_k = top["document"]
    did = scalar_text(did_v, text, data.val_pos.get(did_k))
    doc = cat.documents.get(did)
    if doc is None:
        ld.add("T005", pos_of_value(data, did_k), lang, doc=did,
               hint=suggest(did, list(cat.documents), 0.5), docs=", ".join(cat.documents))
        return
    if doc.path is not None and os.path.abspath(doc.path) != os.path.abspath(path) and doc.paragraphs:
        ld.add("T007", pos_of_value(data, did_k), lang, doc=did, other=doc.path)
        return
    doc.path = path
    doc.file_text = text
    if doc.lang != lang:
        ld.add("T015", pos_of_value(data, top["language"][1]) if "language" in top else data.pos,
               lang, doc=did, declared=doc.lang, language=lang)
    doc.keys_spelling = {n: keys.spell(n) for n in ("confirmed", "aligned", "number", "title", "text")}
    paras = _section(top, "paragraphs", YDict, "mapping", data, ld, keys, lang)
    if paras is None:
        return
    allowed = {"title", "text", "number", "confirmed", "aligned", "note", "known_typo"}
    for k, entry in paras.items():
        kpos = paras.key_pos.get(k)
        key = scalar_text(k, text, kpos)
        if not PARA_KEY_RE.match(key.replace(":", "").replace("+", "")) and not TITLE_KEY_RE.match(key):
            ld.add("T016", kpos, lang, key=key)
            continue
        if isinstance(entry, YStr):
            p = Paragraph(key=key, number=key, title="", text=str(entry), doc=doc, pos=kpos, text_node=entry)
            doc.paragraphs[key] = p
            continue
        if not isinstance(entry, YDict):
            ld.add("T004", pos_of_value(paras, k), lang, key=key, expected=_kind_word("mapping", lang))
            continue
        f = ld.fields(entry, keys, allowed, lang)
        for name in ("title", "text", "note", "known_typo", "number"):
            # a text given as a list or a mapping would be shown as Python's repr of it
            if name in f and f[name][0] is not None and not isinstance(f[name][0], (str, int, float)):
                ld.add("T004", pos_of_value(entry, f[name][1]), lang, key=keys.spell(name),
                       expected=_kind_word("text", lang))
                del f[name]
        number = key
        if "number" in f:
            number = scalar_text(f["number"][0], text, entry.val_pos.get(f["number"][1]))
        p = Paragraph(key=key, number=number, doc=doc, pos=kpos, node=entry,
                      title=_as_text(f.get("title", (None,))[0]),
                      text=_as_text(f.get("text", (None,))[0]),
                      note=_as_text(f.get("note", (None,))[0]),
                      known_typo=_as_text(f.get("known_typo", (None,))[0]))
        p.title_node = f.get("title", (None,))[0]
        p.text_node = f.get("text", (None,))[0]
        if "confirmed" in f:
            cv, ck = f["confirmed"]
            p.confirmed = None if cv is None else str(cv)
            p.confirmed_pos = pos_of_value(entry, ck)
            if p.confirmed is not None and not HASH_RE.match(p.confirmed.removeprefix("sha256:")):
                ld.add("T017", p.confirmed_pos, lang, value=p.confirmed)
                p.confirmed = None
        if "aligned" in f:
            av, ak = f["aligned"]
            if isinstance(av, YList):
                p.aligned = [scalar_text(x, text, av.item_pos[i]) for i, x in enumerate(av)]
                p._aligned_pos = list(av.item_pos)
            else:
                p.aligned = [scalar_text(av, text, entry.val_pos.get(ak))]
                p._aligned_pos = [pos_of_value(entry, ak)]
            p._explicit = True
        doc.paragraphs[key] = p


def _as_text(v) -> str:
    if v is None:
        return ""
    return normalize_text(v) if isinstance(v, str) else str(v)


_PLUS_RE = re.compile(r"^(.+)\+\d+$")
_PREFIX_RE = re.compile(r"^[A-Za-z]{1,6}:.+$")


def _resolve_alignment(ld: _Loader, cat: Catalogue) -> None:
    law = cat.law
    law_keys = law.paragraphs
    for p in law.paragraphs.values():
        p.aligned = [p.key]
    for doc in cat.others():
        if not doc.file_text and doc.path is None:
            continue
        lang = doc.lang
        for p in doc.paragraphs.values():
            if getattr(p, "_explicit", False):
                good = []
                for i, a in enumerate(p.aligned):
                    if a in law_keys:
                        good.append(a)
                    else:
                        ld.add("T010", p._aligned_pos[i], lang, key=a, doc=law.id,
                               hint=nearest_key(a, list(law_keys)))
                p.aligned = good
                continue
            if p.key in law_keys:
                p.aligned = [p.key]
                continue
            m = _PLUS_RE.match(p.key)
            if m and m.group(1) in law_keys:
                p.aligned = [m.group(1)]
                continue
            if _PREFIX_RE.match(p.key):
                p.aligned = []
                continue
            base = m.group(1) if m else p.key
            ld.add("T010", p.pos, lang, key=base, doc=law.id, hint=nearest_key(base, list(law_keys)))
            p.aligned = []


def nearest_key(key: str, keys: list[str]) -> str | None:
    """The existing paragraph number closest to `key` ('6.5.9' → '6.5.4' or '6.5.8')."""
    if not keys:
        return None
    key = str(key)
    parts = key.split(".")
    # the deepest existing paragraph under the longest common prefix, nearest in its last part
    for depth in range(len(parts) - 1, -1, -1):
        prefix = ".".join(parts[:depth])
        sibs = [k for k in keys if k.count(".") == key.count(".") and
                (k.startswith(prefix + ".") if prefix else True)]
        if sibs:
            def dist(k):
                last = k.split(".")[depth] if depth < len(k.split(".")) else ""
                want = parts[depth]
                if last.isdigit() and want.isdigit():
                    return (abs(int(last) - int(want)), k)
                return (0 if last == want else 1000, k)
            return min(sibs, key=dist)
    return suggest(key, keys, 0.5)


def _load_glossary(ld: _Loader, cat: Catalogue, path: str) -> None:
    data, text, lang = ld.read(path)
    if data is None:
        return
    keys = _Keys(lang)
    if not ld.check_lang(lang, data, keys, path):
        return
    top = ld.fields(data, keys, {"language", "glossary"}, lang, required=("glossary",))
    g = _section(top, "glossary", YDict, "mapping", data, ld, keys, lang)
    if g is None:
        return
    langs = set(lexmod.available())
    for cid, entry in g.items():
        cid_s = scalar_text(cid, text, g.key_pos.get(cid))
        if not isinstance(entry, YDict):
            ld.add("T004", pos_of_value(g, cid), lang, key=cid_s, expected=_kind_word("mapping", lang))
            continue
        concept = Concept(cid_s, {}, pos=g.key_pos.get(cid))
        for k, v in entry.items():
            if str(k) in langs:
                if isinstance(v, str):
                    concept.terms[str(k)] = Term(str(v))
                    continue
                if not isinstance(v, YDict):
                    ld.add("T004", pos_of_value(entry, k), lang, key=str(k), expected=_kind_word("mapping", lang))
                    continue
                f = ld.fields(v, keys, {"preferred", "variants", "forms", "avoid", "note"}, lang,
                              required=("preferred",))
                if "preferred" not in f:
                    continue
                concept.terms[str(k)] = Term(
                    str(f["preferred"][0]),
                    variants=_str_list(f.get("variants", (None,))[0]),
                    forms=_str_list(f.get("forms", (None,))[0]),
                    avoid=_str_list(f.get("avoid", (None,))[0]))
            elif keys.of(k) == "note":
                concept.note = str(v or "")
            elif keys.of(k) == "phase":
                yes = fold(str(v)) in _YES
                if not yes and fold(str(v)) not in _NO:
                    ld.add("T004", pos_of_value(entry, k), lang, key=str(k),
                           expected=_kind_word("yes_no", lang))
                concept.phase = yes
            elif keys.of(k) == "forms":
                continue
            else:
                own = [keys.spell("note"), keys.spell("phase")]
                hint = suggest(str(k), sorted(langs) + own, 0.5)
                ld.add("T003", entry.key_pos.get(k), lang, key=str(k),
                       allowed=", ".join(sorted(langs) + own), hint=hint)
        cat.concepts[cid_s] = concept


def _str_list(v) -> list[str]:
    if v is None:
        return []
    if isinstance(v, list):
        return [str(x) for x in v if x is not None]
    return [str(v)]


def _load_accepted(ld: _Loader, cat: Catalogue, path: str) -> None:
    data, text, lang = ld.read(path)
    if data is None:
        return
    keys = _Keys(lang)
    if not ld.check_lang(lang, data, keys, path):
        return
    top = ld.fields(data, keys, {"language", "accepted"}, lang)
    acc = _section(top, "accepted", YList, "list", data, ld, keys, lang)
    if acc is None:
        return
    from .checks import CODES
    law = cat.law
    for i, item in enumerate(acc):
        ipos = acc.item_pos[i]
        if not isinstance(item, YDict):
            ld.add("T004", ipos, lang, key="-", expected=_kind_word("mapping", lang))
            continue
        f = ld.fields(item, keys, {"code", "paragraph", "document", "reason", "text"}, lang,
                      required=("code", "paragraph", "document", "reason"))
        if not {"code", "paragraph", "document", "reason"} <= set(f):
            continue
        code = str(f["code"][0])
        para = scalar_text(f["paragraph"][0], text, item.val_pos.get(f["paragraph"][1]))
        did = scalar_text(f["document"][0], text, item.val_pos.get(f["document"][1]))
        ok = True
        if code not in CODES:
            ld.add("T018", pos_of_value(item, f["code"][1]), lang, fcode=code,
                   hint=suggest(code, list(CODES), 0.5))
            ok = False
        if did not in cat.documents:
            ld.add("T005", pos_of_value(item, f["document"][1]), lang, doc=did,
                   hint=suggest(did, list(cat.documents), 0.5), docs=", ".join(cat.documents))
            ok = False
        elif law is not None and para not in law.paragraphs and para not in cat.documents[did].paragraphs:
            ld.add("T019", pos_of_value(item, f["paragraph"][1]), lang, key=para,
                   hint=nearest_key(para, list(law.paragraphs)))
            ok = False
        if not str(f["reason"][0] or "").strip():
            ld.add("T020", pos_of_value(item, f["reason"][1]), lang)
            ok = False
        if ok:
            cat.accepted.append(Acceptance(code, para, did, str(f["reason"][0]),
                                           str(f.get("text", ("",))[0] or ""), ipos))
