"""Translate a ruleset file into another language, keeping its layout and comments.

    translate_file("rulesets/root/jogo.yaml", "es") -> str
    translate_text(text, path, "es", ruleset=None) -> str
    translate_ruleset("rulesets/root", "es") -> {relative path: text}

The original text is edited in place, span by span; nothing is re-serialized:

  * every fixed YAML key -> its preferred spelling in the target lexicon (`jogo:` -> `juego:`;
    a key written in its n-th spelling, like `fontes` beside `fonte`, takes the n-th one);
  * every attribute key the ruleset declares -> the attribute's target name (`naipe:` -> `palo:`);
  * `idioma: pt` -> `idioma: es`;
  * the enumerated values the engine reads by their spelling (yes/no fields, event names, an
    event's owner/by, a zone's content, a counter's scope, an attribute's type) and the piece
    names of an event pattern -> their target spellings;
  * every effect expression -> its tokens re-spelled: keywords and verbs by the target
    lexicon (the preferred spelling, or the one with the same marks: plural, feminine,
    infinitive), the ruleset's names by their first target name in the same form (singular or
    plural), number words by the target's; digits, variables, punctuation and comments inside
    the expression unchanged; noise words (articles) dropped.

Names (`nome:`), ids and free text (notes, sources) are left alone. Every translated expression
is parsed again in the target language and must give the same tree (names shared by several
factions compare as the compiler resolves them, see `printer.canonical_key`); when the word by
word translation does not, the expression is printed anew from its tree (`printer.to_text`).

A file's names come from its whole ruleset, loaded from the file's folder when a file there
declares the game (`jogo:`), else from the nearest folder above that does (see
`find_ruleset_root`); or pass `ruleset=`. A `texto/` catalogue is not part of a ruleset and is
never translated.
"""
from __future__ import annotations

import os
import re

from . import lexicon as lexmod
from .errors import Diagnostics, RulesError, fold
from .loader import YDict, YList, YStr, detect_lang, load_text, _align
from .model import (BLOCK_KEYS, SourceFile, _expressions, _object_branch, _rejoin_colon, _resolve,
                    _ruleset_files, load_ruleset, parse_expression, schema)
from .nouns import gender_in
from .printer import (OPTIONAL_TO_AFTER, NameIndex, PrintError, canonical_key, features,
                      neutral_word, optional_to, pick, source_marks, to_text)
from .tokenizer import WORD_RE, pluralize


class TranslateError(Exception):
    """An expression that cannot be said in the target language with this ruleset's names."""


# neutral key -> the neutral values the engine reads there by their spelling
VALUE_POSITIONS = {
    "content": {"cards", "pieces"},
    "scope": {"player", "global"},
    "type": {"number", "boolean", "space", "piece", "text"},
    "default": {"true", "false"},
    "value": {"ruler"},          # a modifier of who rules (`valor: governante`); else a derived value's id
}
EVENT_KEYS = ("when", "instead_of")
EVENT_REL = {"mine", "enemy", "any"}
GENERATED_BY = "tools/translate_ruleset.py"


def declared_genders(rs, lang: str, lexicon_genders: dict) -> dict:
    """The lexicon's genders plus, keyed ('declared', kind, ids), the gender each named thing
    of the ruleset declares in `lang` (`gênero:` / `género:`): what agreement looks up."""
    from .nouns import declared_by_spelling, declared_gender
    out = dict(lexicon_genders)
    out.update(declared_by_spelling(rs, lang) if hasattr(rs, "things") else {})
    for kind, items in (getattr(rs, "things", None) or {}).items():
        for ident, t in items.items():
            g = declared_gender(t, lang)
            if g is not None:
                out[("declared", kind, (ident,))] = g
    return out


# the kinds of ruleset names that are nouns (their words agree with them)
_NOUN_KINDS = ("piece", "category", "spacekind", "zone", "counter", "card", "deck", "die")

# words that agree in gender with the noun after them / before them
PRENOMINAL = ("ONE", "ALL", "ANY", "EACH", "ANOTHER", "YOUR")
POSTNOMINAL = ("RULED", "ENEMY", "ADJACENT", "MATCHING", "CONNECTED", "RANDOM", "WEIGHTED", "YOUR")


# ---------------------------------------------------------------------------------------------
# public API

def find_ruleset_root(path: str) -> str:
    """The ruleset folder of a file: its own folder if a file there declares the game
    (`jogo:`/`juego:`) or a base (`base:`, an overlay), else up while the parent folder holds *.yaml files (at most 3 levels)."""
    d = os.path.dirname(os.path.abspath(path))
    start = d
    for _ in range(3):
        if _declares_game(d):
            return d
        parent = os.path.dirname(d)
        if parent == d or not _has_yaml(parent):
            break
        d = parent
    return d if _declares_game(d) else start


def _has_yaml(d: str) -> bool:
    try:
        return any(n.endswith((".yaml", ".yml")) and os.path.isfile(os.path.join(d, n))
                   for n in os.listdir(d))
    except OSError:
        return False


def _declares_game(d: str) -> bool:
    words = {"game", "base"}          # an overlay's folder declares its base, not a game
    for lang in lexmod.available():
        words.update(lexmod.get(lang).keys.get("game", []))
        words.update(lexmod.get(lang).keys.get("base", []))
    rx = re.compile(r"^(?:%s)\s*:" % "|".join(re.escape(w) for w in words), re.M)
    try:
        names = [n for n in os.listdir(d) if n.endswith((".yaml", ".yml"))]
    except OSError:
        return False
    for n in names:
        try:
            with open(os.path.join(d, n), encoding="utf-8") as fh:
                if rx.search(fh.read()):
                    return True
        except (OSError, UnicodeDecodeError):
            continue
    return False


def translate_file(path: str, to_lang: str, ruleset=None, notes: list | None = None) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except UnicodeDecodeError:   # a binary file: the loader's own placed error
        from .errors import Diagnostics, Pos, RulesError
        d = Diagnostics()
        d.add("E004", Pos(path, 1, 1))
        raise RulesError(d.items) from None
    return translate_text(text, path, to_lang, ruleset, notes)


def translate_text(text: str, path: str, to_lang: str, ruleset=None, notes: list | None = None) -> str:
    """`text` (the content of the ruleset file `path`) rewritten in `to_lang`.

    `notes`, if given, receives a line for each expression that had to be printed anew
    (its inner comments are then lost)."""
    lexmod.get(to_lang)  # KeyError for an unknown language
    from_lang = detect_lang(text)
    if from_lang == to_lang:
        return text
    rs = ruleset if ruleset is not None else _load(find_ruleset_root(path))
    return _FileTranslator(rs, text, path, from_lang, to_lang, notes).run()


def translate_ruleset(root: str, to_lang: str, header: bool = True, notes: list | None = None,
                      out: str | None = None) -> dict:
    """Every ruleset file of `root` (not its `texto/` catalogue) in `to_lang`:
    {path relative to root: text}. With `header`, each text starts with a comment saying it is
    generated and how to regenerate it (into the folder `out`)."""
    rs = _load(root)
    result = {}
    # where the translation reads the Law from: the same for every file (read once)
    texts = _texts_to_point_at(root) if out is not None else None
    for p in _ruleset_files(root):
        rel = os.path.relpath(p, root)
        body = translate_file(p, to_lang, rs, notes)
        if texts is not None:
            body = _point_at_texts(body, texts, out, to_lang)
        if header:
            body = generated_header(root, rel, to_lang, out) + body
        result[rel] = body
    return result


def _texts_to_point_at(root: str) -> str | None:
    """The source's text catalogue a translation of `root` must name, or None (it has none,
    or `root` is an overlay that reads its base's catalogue through `base:` already)."""
    from .text.catalogue import find_text_folder
    from .overlay import base_of
    src = find_text_folder(root)
    if src is None:
        return None
    base = base_of(root)
    if base is not None and src == find_text_folder(base if os.path.isdir(base) else os.path.dirname(base)):
        return None
    return src


def _point_at_texts(body: str, src: str, out: str, to_lang: str) -> str:
    """The translated game declaration names the source's text catalogue `src`
    (`carpeta_de_textos: ../root/texto`): the generated ruleset has none of its own, and its
    players' `?` and the text tools read the Law from there."""
    lex = lexmod.get(to_lang)
    key = lex.spell_key("text_folder")
    lines = body.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"^([^\s#][^:]*):\s*(#.*)?$", line)
        if m and lex.key_of(m.group(1).strip()) == "game":
            rel = os.path.relpath(os.path.abspath(src), os.path.abspath(out)).replace(os.sep, "/")
            lines.insert(i + 1, f"  {key}: {rel}")
            return "\n".join(lines)
    return body


def regenerate_command(root: str, to_lang: str, out: str | None) -> str:
    dest = _display_path(out) if out else "DEST"
    return f"python {GENERATED_BY} {_display_path(root)} --to {to_lang} --out {dest}"


def generated_header(root: str, rel: str, to_lang: str, out: str | None = None) -> str:
    """The first line of a generated file: where it comes from, how to make it again."""
    cmd = regenerate_command(root, to_lang, out)
    whence = f"{_display_path(root)}/{rel}".replace(os.sep, "/")
    if to_lang == "pt":
        return f"# GERADO a partir de {whence} por `{cmd}`: não edite à mão.\n"
    if to_lang == "es":
        return f"# GENERADO a partir de {whence} con `{cmd}`: no lo edites a mano.\n"
    return f"# GENERATED from {whence} by `{cmd}`: do not edit by hand.\n"


def _display_path(root: str) -> str:
    """A ruleset folder as the repository names it (rulesets/root), whatever the cwd."""
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    full = os.path.abspath(root)
    if os.path.commonpath([repo, full]) == repo:
        return os.path.relpath(full, repo).replace(os.sep, "/")
    return os.path.basename(full.rstrip(os.sep))


def _load(root: str):
    diags = Diagnostics()
    rs = load_ruleset(root, diags)
    # an unknown key (M010, an error for `validar`) is carried over as written: translating
    # needs only what the model knows
    if any(d.severity == "error" and d.code != "M010" for d in diags):
        raise RulesError(diags.items)
    return rs


# ---------------------------------------------------------------------------------------------
# neutral data, for comparing a ruleset with its translation

def neutral_data(rs) -> dict:
    """The ruleset's data as plain values, language removed: YDict -> dict, YList -> list;
    expressions -> their canonical tree keys; the enumerated values of VALUE_POSITIONS (in the
    spelling of their file's language) -> their neutral names; event piece names -> piece kinds."""
    exprs = {e.path: ("expr", canonical_key(e.tree, e.owner)) for e in rs.expressions}
    pieces = _piece_resolver(rs)

    def conv(v, path, parent_key, node, in_event=False):
        if path in exprs:
            return exprs[path]
        raw_node = node
        node = _resolve(node) if isinstance(node, dict) else {}
        if isinstance(v, YDict) or isinstance(v, dict):
            obj = _object_branch(node) if node else {}
            props = obj.get("properties", {})
            addl = obj.get("additionalProperties", {}) if obj.get("x-ids") else None
            out = {}
            event = bool(path) and path[-1] in EVENT_KEYS   # the keys of an event pattern
            for k, x in v.items():
                child = props.get(k, addl if addl is not None else {})
                out[str(k)] = conv(x, path + (k,), k, child, event)
            return out
        if isinstance(v, (YList, list)):
            items = node.get("items", {}) if node.get("type") == "array" and "oneOf" not in node else {}
            if "oneOf" in node:
                # a list of closed values among other shapes (`ignora_proibições: [movimento]`)
                arr = [_resolve(a) for a in node["oneOf"] if _resolve(a).get("type") == "array"]
                items = arr[0].get("items", {}) if arr and "x-values" in _resolve(arr[0].get("items", {})) else {}
            return [conv(x, path + (i,), parent_key, items, in_event) for i, x in enumerate(v)]
        if isinstance(v, str):
            lang = getattr(v, "_lang", None) or rs.lang
            lex = lexmod.get(lang)
            allowed = _allowed_values(parent_key, raw_node, in_event)
            if allowed is not None:
                n = lex.value_of(v)
                if n is not None and (allowed == "*" or n in allowed):
                    return ("value", n)
            if in_event and parent_key == "pieces":
                return ("pieces", pieces(str(v), lang))
        return v

    return {k: conv(v, (k,), k, schema()["properties"].get(k, {})) for k, v in rs.data.items()}


def _allowed_values(key, raw_node, in_event):
    if isinstance(raw_node, dict) and str(raw_node.get("$ref", "")).endswith("/boolish"):
        return {"true", "false"}
    if isinstance(raw_node, dict) and "x-values" in _resolve(raw_node):
        return set(_resolve(raw_node)["x-values"])     # the schema's closed values
    if in_event and key == "event":
        return "*"
    if in_event and key in ("owner", "by", "attacker", "defender"):
        return EVENT_REL
    return VALUE_POSITIONS.get(key)


def _piece_resolver(rs):
    """name in a language -> sorted piece kinds, as the engine reads an event's `peças:`."""
    def resolve(name, lang):
        table = rs.names_table(lang)
        f = fold(name)
        out = set()
        for kind in ("piece", "category"):
            for ident, sps in table.get(kind, {}).items():
                forms = {fold(s) for s in sps} | {fold(s) + "s" for s in sps} | {fold(ident)}
                if f in forms:
                    if kind == "category":
                        for pid, t in rs.things.get("piece", {}).items():
                            if isinstance(t.data, dict) and str(t.data.get("category")) == ident:
                                out.add(pid)
                        out.add("category:" + ident)
                    else:
                        out.add(ident)
        return tuple(sorted(out))
    return resolve


# ---------------------------------------------------------------------------------------------
# one file

_PREPOSITIONS = {"BY", "TO", "OF", "IN", "WITH", "WITHOUT", "AMONG", "EXCEPT", "FOR"}


class _FileTranslator:
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

    def respell(self, value: str, stok, owner) -> list[tuple[int, int, str]]:
        diags = Diagnostics(self.src)
        toks = [t for t in stok.tokenize(value, diags, lambda o, n=1: None)
                if t.type not in ("_NL", "INDENT", "DEDENT")]
        if diags.has_errors():
            raise TranslateError("tokenize")
        spans = [(t.start_pos, t.end_pos) for t in toks]
        new: dict[int, str] = {}
        # nouns first: the words around them agree with them
        for i, t in enumerate(toks):
            txt = getattr(t, "text", "") or ""
            if not txt:
                continue  # digits, variables, symbols
            if t.type == "NUMBER":
                new[i] = self.number(int(t.value))
            elif isinstance(t.value, tuple) and len(t.value) == 2 and t.value[0] != "builtin":
                # a ruleset name (a noun, value, attribute, or a verb a status declares)
                new[i] = self.name(t, txt, owner)
            elif t.type == "NOUN":
                new[i] = pick(self.dlex.words[neutral_word(t)], source_marks(txt))
        for i, t in enumerate(toks):
            if t.type == "VALUE" and i in new and isinstance(t.value, tuple) and t.value[0] == "status":
                # a piece status after its noun agrees with the target noun ("piezas retenidas")
                new[i] = self.status_name(t, toks, new, i, getattr(t, "text", "") or "") or new[i]
        edits = []
        for i, t in enumerate(toks):
            txt = getattr(t, "text", "") or ""
            if not txt:
                continue
            prev = toks[i - 1] if i else None
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if i not in new:
                neutral = neutral_word(t)
                cands = self.dlex.words.get(neutral)
                if not cands:
                    raise TranslateError(f"no '{self.dst}' word for {neutral}")
                word = self.keyword(t, txt, cands, prev, nxt,
                                    self.agreement(toks, new, i, self.genders))
                if txt[:1].isupper() and word[:1].islower():
                    word = word[:1].upper() + word[1:]
                if word == "" and t.type == "TO":
                    a = t.start_pos
                    while a > 0 and value[a - 1] == " ":
                        a -= 1
                    edits.append((a, t.end_pos, ""))
                    continue
                if t.type in OPTIONAL_TO_AFTER and nxt is not None and nxt.type != "TO":
                    to = optional_to(self.dlex)
                    if to:
                        word = word + " " + to
                new[i] = word
            edits.append((t.start_pos, t.end_pos, new[i]))
        edits.extend(_noise_deletions(value, spans))
        return edits

    @staticmethod
    def agreement(toks, new, i, genders=None, after=False) -> dict:
        """The gender of the target noun a word goes with: the next noun for the words that
        stand before theirs ("una carta"), the previous one for those after ("piezas enemigas")."""
        t = toks[i]
        noun = None

        def is_noun(tok):
            # a built-in noun, or a ruleset name used as one ("guerreiros seus")
            v = tok.value
            return tok.type == "NOUN" or (isinstance(v, tuple) and len(v) == 2 and v[0] != "builtin"
                                          and v[0] in _NOUN_KINDS)
        # a possessive goes with the noun right after it ("tu mano"), else with the one before
        # ("guerreros tuyos")
        before = t.type != "YOUR" or (i + 1 < len(toks) and is_noun(toks[i + 1]))
        if t.type in PRENOMINAL and before:
            for j in range(i + 1, min(len(toks), i + 3)):
                if is_noun(toks[j]):
                    noun = j
                    break
        elif t.type in POSTNOMINAL or after:
            for j in range(i - 1, -1, -1):
                if is_noun(toks[j]):
                    noun = j
                    break
                if toks[j].type in ("_NL", "COLON", "SEMI", "VERB", "CHOOSE"):
                    break
        if noun is None or noun not in new:
            return {}
        words = new[noun].split()
        if words and genders:
            # a gender the ruleset declares for the thing (`gênero:`), else the lexicon's
            # (listed words and endings: "construcciones" is feminine by "-ción")
            v = toks[noun].value
            g = genders.get(("declared", v[0], tuple(v[1]))) \
                if isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], (tuple, list)) else None
            g = g or gender_in(genders, words[0])
            if g in ("fem", "masc"):
                return {g: True}
        f = features(words[0]) if words else {}
        return {k: True for k in ("fem", "masc") if f.get(k)} or {"fem": False, "masc": False}

    def keyword(self, t, txt, cands, prev, nxt, agree) -> str:
        if prev is not None and prev.type in _PREPOSITIONS and t.type in self.dlex.object_forms:
            return self.dlex.object_forms[t.type]
        if t.type == "YOUR":
            # before its noun the short possessive ("tu mano"), after it the long one
            # ("soldados tuyos")
            before = nxt is not None and nxt.type == "NOUN"
            want = source_marks(txt, ignore_gender=True)
            if not before:
                known = {k: v for k, v in agree.items() if v}
                # a target noun whose gender its ending does not show ("base"): the source's
                # possessive shows it ("suas" → "tuyas")
                agree = known or {k: True for k, v in source_marks(txt).items()
                                  if k in ("fem", "masc") and v}
                want.update(agree)
                if agree.get("masc"):
                    # masculine possessives show no mark of their own ("seus"): leave out the
                    # feminine ones rather than fall back to the first spelling ("suas")
                    cands = [c for c in cands if not features(c)["fem"]] or cands
            best = pick(cands, want)
            score = features(best)
            same = [c for c in cands if features(c)["plural"] == score["plural"]] or cands
            if before:
                return min(same, key=len)
            if prev is not None and prev.type in ("NOUN", "VAR"):
                top = [c for c in same if all(features(c)[k] for k, v in agree.items() if v)] or same
                return max(top, key=len)
            return best
        if t.type == "TO" and prev is not None and prev.type in OPTIONAL_TO_AFTER:
            return optional_to(self.dlex) or ""
        want = source_marks(txt)
        # a target noun whose ending does not show its gender ("un base"): keep the source's
        agree = {k: v for k, v in agree.items() if v}
        if agree:
            want.pop("fem", None)
            want.pop("masc", None)
            if t.type in PRENOMINAL and agree.get("masc"):
                # a masculine article-like word is the unmarked one ("un claro", not "uno")
                cands = [c for c in cands if not features(c)["fem"]] or cands
            else:
                want.update({k: v for k, v in agree.items() if v})
        return pick(cands, want)

    def number(self, n: int) -> str:
        for w, v in self.dlex.numbers.items():
            if v == n:
                return w
        return str(n)

    def name(self, tok, txt: str, owner) -> str:
        kind, ids = tok.value
        plural = self.sidx.is_plural(txt)
        readings = [(tok.type, tok.value)]
        alt = getattr(tok, "alt", None)
        if alt:
            readings.append(tuple(alt))
        for terminal, (k, i) in readings:
            try:
                new = self.didx.spell(terminal, k, i, plural, owner)
            except PrintError:
                continue
            return _word_part(new)
        raise TranslateError(f"no '{self.dst}' name for {kind} {'/'.join(ids)}")

    def status_name(self, tok, toks, new, i, txt: str) -> str | None:
        """A piece status's spelling in the target language in the number of the source word
        and the gender of the target noun before it (else the source word's gender)."""
        cands = self.didx.spellings.get(("VALUE", (tok.value[0], tuple(tok.value[1]))))
        if not cands:
            return None
        texts = [c[2] for c in sorted(cands, key=lambda c: (c[0], c[1]))]
        agree = {k: v for k, v in self.agreement(toks, new, i, self.genders, after=True).items() if v}
        if not agree:
            agree = {k: True for k, v in source_marks(txt).items() if k in ("fem", "masc") and v}
        want = {"plural": features(txt)["plural"]}
        if agree.get("fem"):
            return _word_part(pick(texts, dict(want, fem=True)))
        return _word_part(pick([c for c in texts if not features(c)["fem"]] or texts, want))

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


def _word_part(spelling: str) -> str:
    """'¡Emboscada!' -> 'Emboscada': the words only (punctuation around stays as written)."""
    ms = list(WORD_RE.finditer(spelling))
    if not ms:
        return spelling
    return spelling[ms[0].start():ms[-1].end()]


def _noise_deletions(value: str, spans) -> list[tuple[int, int, str]]:
    """Words outside every token and outside comments are noise: delete each with a space."""
    out = []
    offset = 0
    for line in value.split("\n"):
        code = line.split("#", 1)[0]
        for m in WORD_RE.finditer(code):
            a, b = offset + m.start(), offset + m.end()
            if any(s <= a and b <= e for s, e in spans):
                continue
            j = b
            while j < offset + len(code) and value[j] == " ":
                j += 1
            if j > b:
                out.append((a, j, ""))
            else:
                i = a
                while i > offset and value[i - 1] == " ":
                    i -= 1
                out.append((i, b, ""))
        offset += len(line) + 1
    return out


def _apply_local(value: str, edits) -> str:
    out, pos = [], 0
    for a, b, new in sorted(edits):
        if a < pos:
            raise TranslateError("overlapping edits")
        out.append(value[pos:a])
        out.append(new)
        pos = b
    out.append(value[pos:])
    return "".join(out)




_PLAIN_SAFE = re.compile(r"^[^\s\-?:,\[\]{}#&*!|>'\"%@`][^#]*$")


def _plain_or_quoted(s: str) -> str:
    if (_PLAIN_SAFE.match(s) and ": " not in s and not s.endswith(":") and " #" not in s
            and s.strip() == s and s.lower() not in ("true", "false", "null", "~")
            and not re.match(r"^[-+]?[0-9.]", s)):
        return s
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------------------------------------
# a whole folder (`rulesdsl traduzir PASTA --para es --saida OUTRA`)

def translate_folder(src: str, to_lang: str, out: str, notes: list | None = None) -> dict:
    """Every ruleset file of the folder `src` in `to_lang`, as {path under `out`: text}, all
    computed before anything is written (a failure raises, and no file changes). The folder
    may be an overlay: its names come from its base too, and a `base:` given as a relative
    path is rewritten to name the same base from `out`. A text catalogue is not translated:
    the translation points at the source's (`carpeta_de_textos:`)."""
    files = translate_ruleset(src, to_lang, header=False, notes=notes, out=out)
    return {os.path.join(out, rel): _rebase(text, src, out) for rel, text in files.items()}


def _rebase(text: str, src: str, out: str) -> str:
    """`base: ../x` written for `src` → the path to the same folder from `out`."""
    from .overlay import resolve_base
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"^(\S[^:#]*):(\s*)([^#\s][^#]*?)(\s*(#.*)?)$", line)
        if not m or not any(lexmod.get(lg).key_of(m.group(1).strip()) == "base"
                            for lg in lexmod.available()):
            continue
        value = m.group(3).strip().strip("'\"")
        here = os.path.normpath(os.path.join(os.path.abspath(src), value))
        if not os.path.exists(here) or resolve_base(value, os.path.abspath(src)) != here:
            continue       # a bundled name ("root") reads the same from anywhere
        rel = os.path.relpath(here, os.path.abspath(out)).replace(os.sep, "/")
        lines[i] = f"{m.group(1)}:{m.group(2)}{rel}{m.group(4)}"
    return "\n".join(lines)


def write_folder(files: dict, out: str) -> None:
    """Write {path: text} under `out`: every text first goes to a temporary file beside its
    target, then all are renamed into place, so an error while writing leaves no half file."""
    from . import safeio
    staged = []
    try:
        for path, text in sorted(files.items()):
            folder = os.path.dirname(os.path.abspath(path))
            os.makedirs(folder, exist_ok=True)
            fd, tmp = safeio.temp_beside(path)
            staged.append((tmp, path))
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
    except BaseException:
        for tmp, _ in staged:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        raise
    for tmp, path in staged:
        safeio.replace(tmp, path)
