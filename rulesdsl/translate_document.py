"""One ruleset file translated: its text edited in place, span by span (fixed keys, attribute
keys, the values read by their spelling, and every effect expression), nothing re-serialized."""
from __future__ import annotations

import os
import re

from . import lexicon as lexmod
from .errors import Diagnostics, RulesError, fold
from .loader import YDict, YList, YStr, load_text, _align
from .model import (BLOCK_KEYS, SourceFile, _expressions, _object_branch, _rejoin_colon, _resolve,
                    parse_expression, schema)
from .printer import NameIndex, PrintError, canonical_key, to_text
from .tokenizer import pluralize
from .translate_neutral import EVENT_KEYS, _allowed_values, _piece_resolver
from .translate_respell import TranslateError, WordRespeller, _apply_local, declared_genders


class _FileTranslator(WordRespeller):
    def __init__(self, rs, text, path, from_lang, to_lang, notes):
        self.rs = rs
        self.builder = getattr(rs, "builder", None)
        if self.builder is None:
            raise ValueError("the ruleset must come from model.load_ruleset")
        self.text = text
        self.path = path
        self.src, self.dst = from_lang, to_lang
        self.slex, self.dlex = lexmod.get(from_lang), lexmod.get(to_lang)
        self.genders = declared_genders(rs, to_lang, self.dlex.genders)
        self.notes = notes
        self.edits: list[tuple[int, int, str]] = []
        self.sidx = _index(rs, from_lang)
        self.didx = _index(rs, to_lang)
        self.piece_names = _piece_resolver(rs)

    def run(self) -> str:
        loaded = self.loaded_file()
        if loaded is not None:
            raw, neutral = loaded.raw, loaded.neutral
        else:
            diags = Diagnostics(self.src)
            raw = load_text(self.text, self.path, diags, self.src)
            if diags.has_errors() or raw is None:
                raise RulesError(diags.items)
            if not isinstance(raw, YDict):
                return self.text
            f = SourceFile(self.path, self.src, raw)
            neutral = self.builder._neutralize(raw, schema(), f, collect_only=True)
        self.walk(raw, schema(), ())
        for path, expr, owner, _law in _expressions(neutral):
            self.expression(path, expr, owner)
        return self.apply()

    def loaded_file(self):
        """The ruleset's own copy of this file, when it was loaded from this very text: its
        YAML need not be read again, nor its expressions parsed again."""
        want = os.path.abspath(self.path)
        for f in self.rs.files:
            if os.path.abspath(f.path) == want and isinstance(f.raw, YDict):
                src = next((v.source for v in _strings(f.raw)), None)
                if src is not None and src.text == self.text and f.neutral is not None:
                    self.trees = {(e.text.start, e.text.end): e.tree for e in self.rs.expressions
                                  if getattr(getattr(e.text, "source", None), "path", None) == f.path}
                    return f
        return None

    trees: dict = {}

    # edits ------------------------------------------------------------------------------------
    def replace(self, start: int, end: int, new: str) -> None:
        if self.text[start:end] != new:
            self.edits.append((start, end, new))

    def apply(self) -> str:
        out = []
        pos = 0
        for start, end, new in sorted(self.edits):
            if start < pos:
                raise TranslateError(f"{self.path}: overlapping edits at offset {start}")
            out.append(self.text[pos:start])
            out.append(new)
            pos = end
        out.append(self.text[pos:])
        return "".join(out)

    # keys and values --------------------------------------------------------------------------
    def walk(self, value, node, path):
        """Mirror of model.Builder._neutralize: which keys are fixed, ids, attributes."""
        node = _resolve(node) if isinstance(node, dict) else {}
        if isinstance(value, YDict) and "oneOf" in node and len(value) == 1:
            if _rejoin_colon(value, self.slex) is not None:
                return  # a rule written as "para cada X: ..." — an expression
        if isinstance(value, YList):
            items = node.get("items", {}) if node.get("type") == "array" else {}
            if "oneOf" in node:
                items = {}
            for i, v in enumerate(value):
                self.walk(v, items, path + (i,))
            return
        if not isinstance(value, YDict):
            return
        node = _object_branch(node)
        props = node.get("properties", {})
        is_ids = node.get("x-ids")
        attrs = node.get("x-attributes")
        attr_names = self.builder.attr_names.get(self.src, {})
        for k, v in value.items():
            if is_ids:
                nk, child = k, node.get("additionalProperties", {})
            elif not props and not attrs:
                nk, child = k, {}
            else:
                nk = self.slex.key_of(k) if isinstance(k, str) else None
                if nk in props:
                    child = props[nk]
                    self.key(k, self.key_spelling(k, nk))
                    if nk == "language" and isinstance(v, YStr):
                        self.scalar(v, self.dst)
                    else:
                        self.value(v, nk, child, path + (nk,))
                elif attrs and isinstance(k, str) and fold(k) in attr_names:
                    nk, child = attr_names[fold(k)], {}
                    self.key(k, self.attr_key(nk))
                else:
                    nk, child = "?" + str(k), {}
            self.walk(v, child, path + (nk,))

    def key_spelling(self, k, nk: str) -> str:
        """The preferred target spelling; a source key written in its n-th spelling (`fontes`
        beside `fonte`, `por_naipe`) keeps the n-th target spelling, so siblings stay apart."""
        src = self.slex.keys.get(nk) or []
        dst = self.dlex.keys.get(nk) or []
        i = next((j for j, sp in enumerate(src) if fold(sp) == fold(str(k))), 0)
        if 0 < i < len(dst):
            return dst[i]
        return self.dlex.spell_key(nk)

    def key(self, k, new: str) -> None:
        if not isinstance(k, YStr) or getattr(k, "source", None) is None:
            return
        if str(k) == new:
            return
        self.replace(k.start, k.end, new)

    def attr_key(self, ident: str) -> str:
        t = self.rs.thing("attr", ident)
        names = (t.names.get(self.dst) if t else None) or [ident]
        return names[0].replace(" ", "_")

    def value(self, v, nk, raw_node, path):
        if path in (("replaces",), ("removes",)):
            return self.overlay_paths(v)
        if isinstance(v, YList):
            # a list of closed values (`ignora_proibições: [movimento]`): the schema's x-values
            node = _resolve(raw_node) if isinstance(raw_node, dict) else {}
            arrays = [node] + [_resolve(a) for a in node.get("oneOf", [])]
            items = next((a.get("items") for a in arrays if a.get("type") == "array"), None)
            allowed = _resolve(items).get("x-values") if isinstance(items, dict) else None
            if allowed:
                for s in v:
                    n = self.slex.value_of(s) if isinstance(s, YStr) else None
                    if n in allowed:
                        self.scalar(s, self.dlex.spell_value(n))
                return
        in_event = len(path) >= 2 and path[-2] in EVENT_KEYS
        allowed = _allowed_values(nk, raw_node, in_event)
        if allowed is not None and isinstance(v, YStr):
            n = self.slex.value_of(v)
            if n is not None and (allowed == "*" or n in allowed):
                self.scalar(v, self.dlex.spell_value(n))
            return
        if in_event and nk == "pieces":
            for s in (v if isinstance(v, YList) else [v]):
                if isinstance(s, YStr):
                    self.scalar(s, self.piece_name(s))

    def overlay_paths(self, v) -> None:
        """An overlay's `substituir:` / `remover:` paths ("jogo.pontos_para_vencer"): the keys
        in them take their target spelling, ids stay (rulesdsl/overlay.py)."""
        attr_names = self.builder.attr_names.get(self.src, {})
        for s in (v if isinstance(v, YList) else [v]):
            if not isinstance(s, YStr):
                continue
            segs = []
            for seg in str(s).split("."):
                nk = self.slex.key_of(seg)
                if nk is not None and nk in self.dlex.keys:
                    seg = self.key_spelling(seg, nk)
                elif fold(seg) in attr_names:
                    seg = self.attr_key(attr_names[fold(seg)])
                segs.append(seg)
            self.scalar(s, ".".join(segs))

    def piece_name(self, s: YStr) -> str:
        """An event's piece or category name in the target language. The engine reads there a
        name, a name + 's', or an id; the plural is kept when the target plural is name + 's'."""
        want = self.piece_names(str(s), self.src)
        if not want:
            return str(s)
        plural = fold(str(s)) not in {fold(x) for x in _all_names(self.rs, self.src)}
        cands = []
        table = self.rs.names_table(self.dst)
        for kind in ("category", "piece"):
            for ident, sps in table.get(kind, {}).items():
                for sp in sps:
                    words = sp.split()
                    pl = pluralize(words[0], self.dlex.plural or []) if words else []
                    if plural and len(words) == 1 and pl and fold(pl[0]) == fold(sp) + "s":
                        cands.append(pl[0])
                    cands.append(sp)
                cands.append(ident)
        for c in cands:
            if self.piece_names(c, self.dst) == want:
                return c
        return str(s)

    def scalar(self, v: YStr, new: str) -> None:
        """Replace a one-line scalar's value, keeping its quoting style."""
        src = getattr(v, "source", None)
        if src is None:
            return
        raw = self.text[v.start:v.end]
        if raw[:1] in ("'", '"'):
            q = raw[0]
            inner = new.replace("'", "''") if q == "'" else new.replace("\\", "\\\\").replace('"', '\\"')
            self.replace(v.start, v.end, q + inner + q)
        elif raw[:1] in ("|", ">"):
            return
        else:
            self.replace(v.start, v.end, _plain_or_quoted(new))

    # expressions ------------------------------------------------------------------------------
    def expression(self, path, expr: YStr, owner) -> None:
        last = path[-1]
        start = "expr_start" if (isinstance(last, str) and last not in BLOCK_KEYS) or path[-2:-1] == ("ranking",) else "start"
        value = str(expr)
        stok = self.builder.tokenizer(self.src)
        tree = self.trees.get((expr.start, expr.end))
        if tree is None:
            diags = Diagnostics(self.src)
            tree = parse_expression(value, self.src, stok, diags, start)
            if tree is None:
                raise RulesError(diags.items)
        want = canonical_key(tree, owner)
        try:
            vedits = self.respell(value, stok, owner)
        except (TranslateError, PrintError):
            vedits = None
        if vedits is not None:
            new = _apply_local(value, vedits)
            if self.same_tree(new, start, want, owner):
                self.to_raw(expr, vedits)
                return
        # word by word did not give the same tree: print it anew from the tree
        try:
            new = to_text(tree, self.dst, self.rs.names_table(self.dst), owner)
        except PrintError as exc:
            raise TranslateError(f"{expr.pos}: {exc}") from exc
        if not self.same_tree(new, start, want, owner):
            raise TranslateError(f"{expr.pos}: the expression cannot be said in '{self.dst}' "
                                 f"with this ruleset's names: {value!r}")
        if self.notes is not None:
            self.notes.append(f"{expr.pos}: {self.dst}: rewritten from its tree")
        self.whole(expr, new)

    def same_tree(self, text, start, want, owner) -> bool:
        d = Diagnostics(self.dst)
        t2 = parse_expression(text, self.dst, self.builder.tokenizer(self.dst), d, start)
        return t2 is not None and not d.has_errors() and canonical_key(t2, owner) == want

    def to_raw(self, expr: YStr, vedits) -> None:
        value = str(expr)
        amap = _align(value, self.text, expr.start, expr.end)
        quote = self.text[expr.start:expr.start + 1]
        for a, b, new in vedits:
            if b <= a:
                continue
            ra, rb = amap[a], amap[b - 1] + 1
            if quote == "'":
                new = new.replace("'", "''")
            elif quote == '"':
                new = new.replace("\\", "\\\\").replace('"', '\\"')
            self.replace(ra, rb, new)

    def whole(self, expr: YStr, new: str) -> None:
        """Replace a whole expression scalar with new text (block style kept for blocks)."""
        raw = self.text[expr.start:expr.end]
        if raw[:1] in ("|", ">"):
            header_end = self.text.index("\n", expr.start) + 1
            header = self.text[expr.start:header_end].split("#")[0].rstrip()
            body = self.text[header_end:expr.end]
            indent = None
            for line in body.split("\n"):
                if line.strip():
                    indent = line[:len(line) - len(line.lstrip(" "))]
                    break
            indent = indent if indent is not None else "  "
            ind_hdr = "|" + ("-" if header.endswith("-") else "")
            lines = [indent + ln if ln else "" for ln in new.split("\n")]
            tail = "\n" if body.endswith("\n") else ""
            self.replace(expr.start, expr.end, ind_hdr + "\n" + "\n".join(lines) + tail)
            return
        if "\n" in new:
            raise TranslateError(f"{expr.pos}: a one-line expression became several lines")
        if raw[:1] in ("'", '"'):
            q = raw[0]
            inner = new.replace("'", "''") if q == "'" else new.replace("\\", "\\\\").replace('"', '\\"')
            self.replace(expr.start, expr.end, q + inner + q)
        else:
            self.replace(expr.start, expr.end, _plain_or_quoted(new))


def _strings(v):
    """The YStr values of a loaded document, depth first."""
    stack = [v]
    while stack:
        x = stack.pop()
        if isinstance(x, YStr):
            yield x
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)


def _index(rs, lang) -> NameIndex:
    cache = rs.__dict__.setdefault("_name_index", {})
    if lang not in cache:
        cache[lang] = NameIndex(lang, rs.names_table(lang))
    return cache[lang]


def _all_names(rs, lang):
    for kind in ("piece", "category"):
        for ident, sps in rs.names_table(lang).get(kind, {}).items():
            yield from sps


_PLAIN_SAFE = re.compile(r"^[^\s\-?:,\[\]{}#&*!|>'\"%@`][^#]*$")


def _plain_or_quoted(s: str) -> str:
    if (_PLAIN_SAFE.match(s) and ": " not in s and not s.endswith(":") and " #" not in s
            and s.strip() == s and s.lower() not in ("true", "false", "null", "~")
            and not re.match(r"^[-+]?[0-9.]", s)):
        return s
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
