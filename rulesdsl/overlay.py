"""Overlays: a ruleset folder that extends another one.

A folder whose game file says `base: root` (PT and ES spell it `base:`) is an *overlay*: it is
played as its base plus its own files. `base:` names a ruleset shipped with rulesdsl ("root")
or a folder (or single file) relative to the overlay's folder; a base may itself be an overlay.

How the layers combine (deepest base first, the overlay last):

  * inside one layer, files merge as always: two files defining the same id are error M020;
  * an overlay ADDS freely: a new faction, map, deck, action, phase...; new keys inside an
    entry of the base (a new action of a base faction, a new card in a base deck, matched by
    the card's `id`); new items of the top-level lists (`gatilhos:`, `vitória:`...);
  * an overlay CHANGES an entry of its base only when it says so, at the top of a file:
        substituir: [jogo.pontos_para_vencer, facções.marqueses.ações.construir]   (PT)
        reemplazar: [juego.puntos_para_ganar]                                       (ES)
    each path (keys as the file writes them, ids as written, a list item by its `id`) must
    exist in the base, and the overlay must give the new value at the same path; that value
    replaces the base's whole;
  * an overlay REMOVES an entry of its base with `remover:` (PT) / `quitar:` (ES), a list of
    the same kind of paths (`facções.malandro`, `baralhos.base.cartas.emboscada_de_rato`);
  * anything else the overlay defines that its base already has is error O001, which names
    the base's definition and the `substituir:` line that would make the change explicit.

So an accidental clash never silently wins, and every change to the base is listed where a
reader sees it. What the overlay adds or changes is validated and compiled like the rest, with
positions in the overlay's files; the ruleset hash (saved games) covers every layer's files.
"""
from __future__ import annotations

import os
import re

from . import lexicon as lexmod
from .errors import Pos, RulesError, suggest
from .loader import YDict, YList, YStr, load_file, detect_lang, pos_of

# the neutral top-level keys of an overlay's own declarations (not merged as data)
OVERLAY_KEYS = ("base", "replaces", "removes")
# top-level sections that are lists of rules: an overlay's items are appended
_APPEND_SECTIONS = ("triggers", "replacements", "modifiers", "prohibitions", "victory")


# ---------------------------------------------------------------------------------------------
# finding the layers

def _folder(path: str) -> str:
    return os.path.dirname(os.path.abspath(path)) if os.path.isfile(path) else os.path.abspath(path)


def _declared_base(files) -> list:
    """[(value, position, language)] of the `base:` keys of a layer's files (one is right)."""
    found = []
    for f in files:
        lex = lexmod.get(f.lang)
        for k, v in f.raw.items():
            if isinstance(k, str) and lex.key_of(k) == "base":
                found.append((v, f.raw.key_pos.get(k) or pos_of(f.raw, k), f.lang))
    return found


def resolve_base(value, folder: str) -> str | None:
    """The folder (or file) a `base:` value names, or None."""
    from .environment import resolve_ruleset
    if not isinstance(value, str) or not value.strip():
        return None
    cand = os.path.normpath(os.path.join(folder, str(value)))
    if os.path.exists(cand):
        return cand
    got = resolve_ruleset(str(value))
    return got if os.path.exists(got) else None


_TOP_KEY = re.compile(r"^([^\s#:\-][^:\n]*):", re.M)


def base_of(path: str) -> str | None:
    """The base ruleset of `path` if it is an overlay (a cheap read of its files' top keys);
    for the tools that look at a folder without loading it (text catalogue, caches)."""
    from .model import _ruleset_files
    from .errors import Diagnostics
    for p in _ruleset_files(path) if os.path.exists(path) else []:
        try:
            with open(p, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError):
            continue
        if "base" not in text:
            continue
        lang = detect_lang(text)
        if lang not in lexmod.available():
            continue
        # only a file with a top-level key meaning `base` is parsed (most files say "base"
        # somewhere else: parsing them all made every command-line call ~1 s slower)
        lex = lexmod.get(lang)
        if not any(lex.key_of(m.group(1).strip().strip("'\"")) == "base"
                   for m in _TOP_KEY.finditer(text)):
            continue
        from .loader import load_text
        data = load_text(text, p, Diagnostics(lang), lang)
        if not isinstance(data, dict):
            continue
        for k, v in data.items():
            if isinstance(k, str) and lexmod.get(lang).key_of(k) == "base":
                return resolve_base(v, _folder(path))
    return None


def chain(path: str) -> list[str]:
    """`path` and its bases, the overlay first (stops at a cycle or a missing base)."""
    out, seen = [path], {os.path.abspath(path)}
    while True:
        b = base_of(out[-1])
        if b is None or os.path.abspath(b) in seen:
            return out
        seen.add(os.path.abspath(b))
        out.append(b)


def gather(builder, root: str, h) -> None:
    """Load the files of `root` and of every base under it into `builder.rs.files`, each
    tagged with its layer (0 = the deepest base). A missing base or a cycle is an error at the
    `base:` that causes it."""
    rs = builder.rs
    layers = []                                   # overlay first
    seen = {os.path.abspath(root): None}
    folder, label = root, ""
    while True:
        files = builder._load_folder(folder, h, 0, label)
        layers.append(files)
        decls = _declared_base(files)
        if not decls:
            break
        value, pos, lang = decls[0]
        for dup in decls[1:]:
            builder.diags.add("O006", dup[1], dup[2], related=pos)
        target = resolve_base(value, _folder(folder))
        if target is None:
            from .environment import bundled_rulesets
            builder.diags.add("O002", getattr(value, "pos", None) or pos, lang, name=str(value),
                              hint=suggest(str(value), bundled_rulesets()))
            rs.overlay_broken = True
            break
        key = os.path.abspath(target)
        if key in seen:
            names = [os.path.basename(p.rstrip(os.sep)) for p in list(seen)] + [os.path.basename(key)]
            builder.diags.add("O004", getattr(value, "pos", None) or pos, lang, chain=" → ".join(names))
            rs.overlay_broken = True
            break
        seen[key] = pos
        folder, label = target, label + "<base>/"
    n = len(layers)
    for depth, files in enumerate(layers):
        for f in files:
            f.layer = n - 1 - depth
    rs.files.sort(key=lambda f: f.layer)          # stable: each folder keeps its file order
    if builder.diags.has_errors() and not rs.files:
        raise RulesError(builder.diags.items)


# ---------------------------------------------------------------------------------------------
# merging the layers

def merge(builder) -> None:
    """Merge each layer's files (`Builder._merge`), then each layer onto the ones below it."""
    rs = builder.rs
    layers = sorted({f.layer for f in rs.files})
    if getattr(rs, "overlay_broken", False):
        # the base is missing or loops: check the overlay's own files only (no noise about
        # paths that a base it does not have lacks)
        top = layers[-1] if layers else 0
        rs.files = [f for f in rs.files if f.layer == top]
        builder._merge()
        return
    if len(layers) <= 1:
        for f in rs.files:
            _no_directives_without_base(builder, f)
        builder._merge()
        return
    merged = None
    for layer in layers:
        files = [f for f in rs.files if f.layer == layer]
        rs.data = {}
        builder._merge(files)
        if merged is None:
            merged = rs.data
        else:
            _Layer(builder.diags, files).apply(merged, rs.data)
    rs.data = merged


def _no_directives_without_base(builder, f) -> None:
    for key in ("replaces", "removes"):
        if key in f.neutral:
            builder.diags.add("O007", f.neutral.key_pos.get(key), f.lang,
                              key=lexmod.get(f.lang).spell_key(key))


class _Layer:
    def __init__(self, diags, files):
        self.diags = diags
        self.files = files
        self.replaced: set = set()      # neutral paths the overlay replaces (skipped when merging)

    # paths ------------------------------------------------------------------------------------
    def directives(self, key):
        for f in self.files:
            items = f.neutral.get(key) if isinstance(f.neutral, YDict) else None
            if isinstance(items, str):
                items = [items]
            for i, item in enumerate(items or []):
                ipos = getattr(item, "pos", None)
                if ipos is None and isinstance(items, YList) and i < len(items.item_pos):
                    ipos = items.item_pos[i]
                yield str(item), ipos or f.neutral.key_pos.get(key), f.lang

    def resolve(self, data, text, pos, lang, where):
        """[(container, step)] along `text` ("facções.marqueses.ações.construir") in `data`,
        or None after an error O003 (`where` is "base" or "overlay": which data was read)."""
        lex = lexmod.get(lang)
        node, steps = data, []
        segs = [s for s in text.split(".")]
        for i, seg in enumerate(segs):
            seg = seg.strip()
            step = None
            if isinstance(node, dict):
                if seg in node:
                    step = seg
                elif lex.key_of(seg) in node:
                    step = lex.key_of(seg)
                cands = [lex.spell_key(k) if isinstance(k, str) else str(k) for k in node]
            elif isinstance(node, list):
                for j, item in enumerate(node):
                    if isinstance(item, dict) and str(item.get("id")) == seg:
                        step = j
                cands = [str(x.get("id")) for x in node if isinstance(x, dict) and x.get("id")]
            else:
                cands = []
            if step is None:
                code = "O003" if where == "base" else "O005"
                self.diags.add(code, pos, lang, path=text, name=seg,
                               hint=suggest(seg, cands) if cands else None)
                return None
            steps.append((node, step))
            node = node[step]
        return steps

    @staticmethod
    def neutral_path(steps) -> tuple:
        out = []
        for container, step in steps:
            if isinstance(step, int):
                out.append(("id", str(container[step].get("id"))))
            else:
                out.append(step)
        return tuple(out)

    # apply ------------------------------------------------------------------------------------
    def apply(self, base: dict, top: dict) -> None:
        for text, pos, lang in self.directives("removes"):
            steps = self.resolve(base, text, pos, lang, "base")
            if steps:
                container, step = steps[-1]
                del container[step]
                if isinstance(container, YDict):
                    container.key_pos.pop(step, None)
                    container.val_pos.pop(step, None)
                elif isinstance(container, YList) and step < len(container.item_pos):
                    del container.item_pos[step]
        for text, pos, lang in self.directives("replaces"):
            steps = self.resolve(base, text, pos, lang, "base")
            if not steps:
                continue
            new = self.resolve(top, text, pos, lang, "overlay")
            if not new:
                continue
            container, step = steps[-1]
            tc, ts = new[-1]
            container[step] = tc[ts]
            if isinstance(container, YDict) and isinstance(tc, YDict):
                container.key_pos[step] = tc.key_pos.get(ts)
                container.val_pos[step] = tc.val_pos.get(ts)
            elif isinstance(container, YList) and isinstance(tc, YList) and ts < len(tc.item_pos):
                container.item_pos[step] = tc.item_pos[ts]
            self.replaced.add(self.neutral_path(new))
        for sect, val in top.items():
            if sect not in base:
                base[sect] = val
            else:
                for c in self.merge(base, top, sect, (sect,))[0]:
                    self.conflict(*c)

    def merge(self, bparent, tparent, key, path):
        """Merge `tparent[key]` into `bparent[key]`: ([conflicts], "leaf" | "entry" | None).
        A map whose every key clashes is one conflict (an entry defined again), not many."""
        if path in self.replaced:
            return [], None
        b, t = bparent[key], tparent[key]
        tpos = tparent.key_pos.get(key) if isinstance(tparent, YDict) else getattr(t, "pos", None)
        bpos = bparent.key_pos.get(key) if isinstance(bparent, YDict) else getattr(b, "pos", None)
        whole = [(path, tpos, bpos, t)]
        if isinstance(b, YDict) and isinstance(t, YDict):
            # a map all of whose values clash is an entry defined again: one conflict there
            # (not at the maps that hold it)
            found, full = [], bool(t)
            for k, v in t.items():
                if k not in b:
                    b[k] = v
                    b.key_pos[k] = t.key_pos.get(k)
                    b.val_pos[k] = t.val_pos.get(k)
                    full = False
                else:
                    sub, kind = self.merge(b, t, k, path + (k,))
                    found += sub
                    full = full and kind == "leaf"
            return (whole, "entry") if full and len(path) > 1 else (found, None)
        if isinstance(b, YList) and isinstance(t, YList) and self.mergeable_list(path, b, t):
            found = []
            ids = {str(x.get("id")): i for i, x in enumerate(b) if isinstance(x, dict) and x.get("id")}
            for i, item in enumerate(t):
                ident = str(item.get("id")) if isinstance(item, dict) and item.get("id") else None
                if ident is not None and path + (("id", ident),) in self.replaced:
                    continue
                ipos = t.item_pos[i] if i < len(t.item_pos) else None
                if ident is not None and ident in ids:
                    found.append((path + (ident,), pos_of(item, "id") or ipos,
                                  pos_of(b[ids[ident]], "id"), item))
                    continue
                b.append(item)
                b.item_pos.append(ipos)
            return found, None
        return whole, "leaf"

    @staticmethod
    def mergeable_list(path, b, t) -> bool:
        """Top-level rule lists append; a list of things with ids (cards) merges by id."""
        if len(path) == 1 and path[0] in _APPEND_SECTIONS:
            return True
        return bool(t) and all(isinstance(x, dict) and x.get("id") for x in list(b) + list(t))

    def conflict(self, path, pos, base_pos, value):
        lang = getattr(value, "_lang", None) or (self.files[0].lang if self.files else "pt")
        lex = lexmod.get(lang)
        shown = ".".join(lex.spell_key(p) if isinstance(p, str) and i == 0 or
                         (isinstance(p, str) and _is_fixed_key(path[:i], p)) else str(p)
                         for i, p in enumerate(path))
        self.diags.add("O001", pos, lang, path=shown, related=base_pos,
                       replaces=lex.spell_key("replaces"), removes=lex.spell_key("removes"))


def _is_fixed_key(prefix, key) -> bool:
    """Is `key` (under the neutral `prefix`) a fixed key of the schema, not an id? Ids sit right
    under an id-map: one level under a top-level section, or under a faction's sub-maps."""
    if len(prefix) == 1:
        return prefix[0] == "game"
    if len(prefix) == 2 and prefix[0] != "game":
        return True          # an entry's own keys: facções.marqueses.<ações>
    return len(prefix) % 2 == 0
