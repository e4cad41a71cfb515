"""Stages 4–5 — the language-neutral model of a ruleset, and its validation.

  load     every *.yaml of a ruleset folder (each declares `idioma: pt|es`), safely, with positions
  keys     each key is turned into its neutral name by walking the JSON Schema
           (grammar/schema/ruleset.schema.json): fixed keys through the file's lexicon, id maps
           kept as written, data-declared attributes through the ruleset's own names
  schema   JSON Schema (Draft 2020-12) on the neutral model, errors placed back in the files
  names    every named thing, with its spellings in every language → the tokenizers
  parse    every effect expression, in its file's language → nodes

The result, `Ruleset`, holds neutral dicts (`.data`) merged from all files, indexes of the
named things (`.things`), and the parsed expressions; the compiler (rulesdsl/compiler/)
turns it into something the interpreter runs.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field

from . import lexicon as lexmod
from .errors import Diagnostics, Pos, RulesError, fold, suggest
from .ytypes import YDict, YList, YStr, detect_lang, pos_of
# the parser and the tokenizer (and Lark) are imported where they are used: a ruleset read
# from the compiled-ruleset cache (rulesdsl/cache.py) needs neither
# the schema (where it is, walking it, pruning what it rejects) and the parsing of expression
# texts live in modules of their own; their names stay importable from here
from .model_schema import (schema, _resolve, _object_branch, _prune, _locate,  # noqa: F401
                           _alt_types, _type_word)
from .model_texts import parse_expression, _ParsedTexts  # noqa: F401

DOC_KEYS = {"note", "source", "single_source", "ref_en", "law", "text"}
EXPR_KEYS = {"effect", "condition", "requires", "base", "add", "set", "tie_break",
             "adjacency_if",     # an edge kind's condition (maps)
             "weight", "counts_for"}     # rule modifiers (interpreter/rule.py)


# ---------------------------------------------------------------------------------------------

@dataclass
class Thing:
    """A named thing of the ruleset."""
    kind: str
    id: str
    names: dict  # lang -> [spellings]
    pos: Pos | None = None
    data: dict | None = None
    owner: str | None = None  # faction id for faction things


@dataclass
class SourceFile:
    path: str
    lang: str
    raw: object          # YDict as loaded
    neutral: object = None
    layer: int = 0       # 0: the deepest base of an overlay chain; the overlay itself is last


@dataclass
class Expression:
    """An effect expression: where it is, its language, its text and its tree."""
    text: YStr
    lang: str
    path: tuple
    tree: object = None
    owner: str | None = None   # faction whose rule it is (None: the game's)
    law: object = None


class Ruleset:
    def __init__(self, root: str):
        self.root = root
        self.files: list[SourceFile] = []
        self.data: dict = {}
        self.things: dict[str, dict[str, Thing]] = {}
        self.expressions: list[Expression] = []
        self.lang = "pt"
        self.hash = ""
        self.unread: list[str] = []   # the text of files that could not be read (YAML errors)

    # helpers used by the compiler and tools -----------------------------------------------
    def thing(self, kind: str, ident: str) -> Thing | None:
        return self.things.get(kind, {}).get(ident)

    path_kind = None    # the first edge kind that holds pieces (N18): names its path spaces

    def name(self, kind: str, ident: str, lang: str) -> str:
        t = self.thing(kind, ident)
        if t is None:
            if kind == "space" and self.path_kind is not None and "~" in str(ident):
                # a path space (interpreter/board.py path_id): "caminho entre A e B"
                a, _, b = str(ident).partition("~")
                from .errors import format_message
                return format_message("GM.w.path", lang, {
                    "kind": self.name("edgekind", self.path_kind, lang),
                    "a": self.name("space", a, lang), "b": self.name("space", b, lang)})
            return str(ident)
        sp = t.names.get(lang) or t.names.get(self.lang) or next(iter(t.names.values()), None)
        return sp[0] if sp else str(ident).replace("_", " ")

    def names_table(self, lang: str) -> dict:
        out: dict = {}
        for kind, items in self.things.items():
            for ident, t in items.items():
                sp = t.names.get(lang)
                if not sp:
                    sp = [str(ident).replace("_", " ")]
                k = kind
                if kind == "derived" and isinstance(t.data, dict) and not t.data.get("param"):
                    k = "derived_value"   # no parameter: used as a value, not "X de Y"
                out.setdefault(k, {})[ident] = sp
        return out


# ---------------------------------------------------------------------------------------------

class Builder:
    def __init__(self, diags: Diagnostics):
        self.diags = diags
        self.rs: Ruleset | None = None
        self.attr_names: dict[str, dict[str, str]] = {}  # lang -> folded spelling -> attr id

    # stage: load ----------------------------------------------------------------------------
    def load(self, root: str) -> Ruleset:
        from . import overlay
        rs = self.rs = Ruleset(root)
        h = hashlib.sha256()
        # an overlay (`base: root`) brings its bases' files first (rulesdsl/overlay.py)
        overlay.gather(self, root, h)
        rs.hash = h.hexdigest()[:16]
        # the ruleset speaks its own files' language (an overlay's, not its base's)
        top = max((f.layer for f in rs.files), default=0)
        langs = [f.lang for f in rs.files if f.layer == top]
        if langs:
            rs.lang = max(set(langs), key=langs.count)
        # attribute names first: they are keys elsewhere
        for f in rs.files:
            f.neutral = self._neutralize(f.raw, schema(), f, collect_only=True)
        self._collect_attribute_names()
        for f in rs.files:
            f.neutral = self._neutralize(f.raw, schema(), f)
            self._validate_schema(f)
        from .checks_vocab import check as check_vocabulary, check_names
        check_names(rs, self.diags, schema())
        overlay.merge(self)          # each layer's files as `_merge` does, then layer on layer
        if "game" not in rs.data and rs.files and not self.diags.errors:
            # files that load but declare no game (an empty file, a file of another tool)
            f = rs.files[0]
            self.diags.add("M076", Pos(f.path, 1, 1), f.lang, key=lexmod.get(f.lang).spell_key("game"))
        self._copy_factions()
        self._collect_things()
        check_vocabulary(rs, self.diags, schema())
        from .nouns import check as check_nouns
        check_nouns(rs, self.diags)
        self._parse_expressions()
        return rs

    def _load_folder(self, root: str, h, layer: int = 0, label: str = "") -> list:
        """The files of one folder (one layer of an overlay chain), loaded with positions."""
        rs = self.rs
        paths = _ruleset_files(root)
        if not paths:
            self.diags.add("M001", None, path=root)
            raise RulesError(self.diags.items)
        files = []
        for p in paths:
            with open(p, "rb") as fh:
                content = fh.read()
            lang = detect_lang(content.decode("utf-8", "replace"))
            if lang not in lexmod.available():
                h.update((label + os.path.relpath(p, root)).encode() + b"\0" + content + b"\0")
                self.diags.add("M002", Pos(p, 1, 1), "pt", name=lang, langs=", ".join(lexmod.available()))
                rs.unread.append(content.decode("utf-8", "replace"))
                continue
            data = load_file(p, self.diags, lang)
            # the ruleset's hash (saved games, logs) covers what the game plays, not how its map
            # is drawn: a file's data without the maps' `posições:`; raw bytes if it did not load
            h.update((label + os.path.relpath(p, root)).encode() + b"\0"
                     + _hash_bytes(data, lang, content) + b"\0")
            if data is None or not isinstance(data, YDict):
                if data is not None:
                    self.diags.add("M003", getattr(data, "pos", Pos(p, 1, 1)), lang)
                # what it declares is unknown to the rest: rulesdsl/cascades.py keeps the
                # other files' "unknown name" errors about it from piling up
                rs.unread.append(content.decode("utf-8", "replace"))
                continue
            if _looks_like_scenarios(data):
                # a scenario file handed to `validar` (or left in a ruleset's folder): one
                # clear error instead of an unknown-key error for each of its sections
                self.diags.add("M077", data.pos or Pos(p, 1, 1), lang, path=p)
                rs.unread.append(content.decode("utf-8", "replace"))
                continue
            files.append(SourceFile(p, lang, data, layer=layer))
        rs.files.extend(files)
        return files

    # stage: keys ----------------------------------------------------------------------------
    def _neutralize(self, value, node, f: SourceFile, collect_only=False):
        node = _resolve(node) if isinstance(node, dict) else {}
        lex = lexmod.get(f.lang)
        if isinstance(value, YDict) and "oneOf" in node and len(value) == 1:
            joined = _rejoin_colon(value, lex)
            if joined is not None:
                return joined
        if isinstance(value, YList):
            items = node.get("items", {}) if node.get("type") == "array" else {}
            if "oneOf" in node:
                items = {}
            out = YList([self._neutralize(v, items, f, collect_only) for v in value])
            out.pos, out.item_pos = value.pos, value.item_pos
            return out
        if not isinstance(value, YDict):
            return value
        node = _object_branch(node)
        out = YDict()
        out.pos = value.pos
        props = node.get("properties", {})
        is_ids = node.get("x-ids")
        attrs = node.get("x-attributes")
        for k, v in value.items():
            kpos = value.key_pos.get(k)
            if is_ids:
                nk, child = k, node.get("additionalProperties", {})
            elif not props and not attrs:
                # a free-form object (a name in several languages, a card text): keep its keys
                nk, child = k, {}
            else:
                nk = lex.key_of(k) if isinstance(k, str) else None
                if nk in props:
                    child = props[nk]
                elif attrs and isinstance(k, str) and fold(k) in self.attr_names.get(f.lang, {}):
                    nk, child = self.attr_names[f.lang][fold(k)], {}
                elif node.get("x-open") or (isinstance(k, str) and k.startswith("ref_")):
                    # free keys here (a map's own data), and `ref_*` source references
                    nk, child = ("?" + str(k)), {}
                else:
                    if not collect_only:
                        cands = [lex.spell_key(p) for p in props]
                        if attrs:
                            cands += list(self.attr_spellings.get(f.lang, []))
                        hint = suggest(str(k), cands)
                        # an error: nothing reads a key the model does not know, so a misspelt
                        # `gatilhos:` would switch every trigger of a faction off
                        self.diags.add("M010", kpos, f.lang, key=k, hint=hint)
                    nk, child = ("?" + str(k)), {}
            out[nk] = self._neutralize(v, child, f, collect_only)
            out.key_pos[nk] = kpos
            out.val_pos[nk] = value.val_pos.get(k)
        return out

    def _collect_attribute_names(self):
        self.attr_names = {}
        self.attr_spellings = {}
        decls = []
        for f in self.rs.files:
            # this runs before the schema check: a section of the wrong shape is skipped here
            # and reported there
            n = f.neutral if isinstance(f.neutral, dict) else {}
            for ident, a in _as_map(n.get("card_attributes")).items():
                decls.append((str(ident), a, f.lang))
            for sk in _as_map(n.get("space_kinds")).values():
                if isinstance(sk, dict):
                    for ident, a in _as_map(sk.get("attributes")).items():
                        decls.append((str(ident), a, f.lang))
        for ident, a, flang in decls:
            names = _names(a.get("name") if isinstance(a, dict) else None, flang)
            for lang in lexmod.available():
                tbl = self.attr_names.setdefault(lang, {})
                sps = self.attr_spellings.setdefault(lang, [])
                # the id itself is always a valid key
                tbl.setdefault(fold(ident), ident)
                for s in names.get(lang, []):
                    for form in {s, s.replace(" ", "_")}:
                        tbl.setdefault(fold(form), ident)
                        sps.append(form)

    # stage: schema --------------------------------------------------------------------------
    def _validate_schema(self, f: SourceFile):
        """Report every shape error, then take the wrong values out of the model: the later
        stages (names, expressions, compilation) run on what is left, so one run reports the
        errors of every stage without tripping over a shape they do not expect."""
        import jsonschema     # here, not at the top: a cached load never validates
        v = jsonschema.Draft202012Validator(schema())
        errors = sorted(v.iter_errors(f.neutral), key=lambda e: list(map(str, e.path)))
        self._report_schema(f, errors)
        _prune(f.neutral, errors)

    def _report_schema(self, f: SourceFile, errors):
        for err in errors:
            container, key = _locate(f.neutral, list(err.path))
            pos = pos_of(container, key) if key is not None else getattr(container, "pos", None)
            lex = lexmod.get(f.lang)
            where = ".".join(lex.spell_key(str(p)) if isinstance(p, str) else str(p) for p in err.path)
            expected = err.validator_value if err.validator == "type" else err.validator
            if err.validator in ("oneOf", "anyOf"):
                # none of the shapes fits: say which shapes would
                expected = list(dict.fromkeys(_alt_types(err.validator_value)))
            if err.validator in ("type", "oneOf", "anyOf") and expected:
                self.diags.add("M011", pos, f.lang, where=where or "/", expected=_type_word(expected, f.lang))
            elif err.validator == "required":
                missing = [lex.spell_key(m) for m in err.validator_value if m not in (err.instance or {})]
                self.diags.add("M012", pos, f.lang, where=where or "/", key=", ".join(missing))
            elif err.validator in ("minimum", "maximum"):
                self.diags.add("M072", pos, f.lang, where=where or "/", value=err.instance,
                               limit=err.validator_value)
            elif err.validator in ("minItems", "maxItems"):
                self.diags.add("M073", pos, f.lang, where=where or "/", n=err.validator_value)
            else:
                self.diags.add("M013", pos, f.lang, where=where or "/", problem=err.message)

    # merge ----------------------------------------------------------------------------------
    def _merge(self, files=None):
        from .overlay import OVERLAY_KEYS
        rs = self.rs
        first_pos: dict = {}
        for f in (rs.files if files is None else files):
            for sect, val in f.neutral.items():
                if sect in ("language",) or sect in OVERLAY_KEYS or sect.startswith("?"):
                    continue
                kpos = f.neutral.key_pos.get(sect)
                if isinstance(val, YDict) and sect != "game":
                    tgt = rs.data.setdefault(sect, YDict())
                    for k, v in val.items():
                        if k in tgt:
                            self.diags.add("M020", val.key_pos.get(k), f.lang, key=k,
                                           related=first_pos.get((sect, k)))
                            continue
                        tgt[k] = v
                        tgt.key_pos[k] = val.key_pos.get(k)
                        first_pos[(sect, k)] = val.key_pos.get(k)
                        _tag_lang(v, f.lang)
                elif isinstance(val, YList):
                    tgt = rs.data.setdefault(sect, YList())
                    for i, v in enumerate(val):
                        tgt.append(v)
                        tgt.item_pos.append(val.item_pos[i] if i < len(val.item_pos) else None)
                        _tag_lang(v, f.lang)
                else:
                    if sect in rs.data:
                        self.diags.add("M020", kpos, f.lang, key=sect, related=first_pos.get((sect,)))
                        continue
                    rs.data[sect] = val
                    first_pos[(sect,)] = kpos
                    _tag_lang(val, f.lang)

    def _copy_factions(self):
        """`cópia_de: F`: a faction with F's rules, pieces, zones and counters of its own (a
        second copy of a faction in one game). Its own keys (name, letter) win; F's cards are
        not copied: they stay F's (shared decks go in global zones)."""
        facs = self.rs.data.get("factions") or {}
        for fid, fac in list(facs.items()):
            src_id = fac.get("copy_of") if isinstance(fac, dict) else None
            if src_id is None:
                continue
            src = facs.get(str(src_id))
            if not isinstance(src, YDict) or src.get("copy_of") is not None:
                self.diags.add("M022", pos_of(fac, "copy_of"), getattr(fac, "_lang", self.rs.lang),
                               name=str(src_id))
                continue
            out = YDict()
            out.pos = fac.pos
            for k, v in src.items():
                if k in ("cards",):
                    continue
                out[k] = v
                out.key_pos[k] = src.key_pos.get(k)
                out.val_pos[k] = src.val_pos.get(k)
            for k, v in fac.items():
                out[k] = v
                out.key_pos[k] = fac.key_pos.get(k)
                out.val_pos[k] = fac.val_pos.get(k)
            try:
                out._lang = getattr(src, "_lang", self.rs.lang)
            except AttributeError:
                pass
            facs[fid] = out

    # names ----------------------------------------------------------------------------------
    def _add(self, kind, ident, spec, lang, pos, data=None, owner=None):
        rs = self.rs
        names = _names(spec, lang)
        for lg in list(names):
            blank = [s for s in names[lg] if not s.split()]
            if blank:
                # an empty name (or only spaces, a U+2028...) names nothing: no phrase matches it
                self.diags.add("M074", pos, lang, key=str(ident))
                names[lg] = [s for s in names[lg] if s.split()]
        for lg in lexmod.available():
            if not names.get(lg):
                fallback = str(ident).split(".")[-1].replace("_", " ")
                if not fallback.split():
                    self.diags.add("M074", pos, lang, key=repr(str(ident)))
                    fallback = "?"
                names[lg] = [fallback]
        t = Thing(kind, ident, names, pos, data, owner)
        bucket = rs.things.setdefault(kind, {})
        if ident in bucket and kind not in ("enumval", "attr", "space"):
            self.diags.add("M021", pos, lang, key=ident, related=bucket[ident].pos)
            return bucket[ident]
        if ident in bucket:
            # the same value or attribute declared twice (two enumerations share "raposa"),
            # or a space id that every map has ("c1"; a game plays on one map):
            # keep one thing, with every spelling
            old = bucket[ident]
            for lg, sp in names.items():
                old.names[lg] = list(dict.fromkeys(old.names.get(lg, []) + sp))
            return old
        bucket[ident] = t
        return t

    def _collect_things(self):
        d = self.rs.data
        L = lambda v: getattr(v, "_lang", self.rs.lang)
        for eid, e in (d.get("enums") or {}).items():
            self._add("enum", eid, e.get("name"), L(e), d["enums"].key_pos.get(eid), e)
            for vid, v in (e.get("values") or {}).items():
                self._add("enumval", vid, v.get("name"), L(e), e["values"].key_pos.get(vid), v)
                for ak in v:
                    if ak not in ("name", "wild") and ak not in DOC_KEYS and not ak.startswith("?"):
                        self._add("attr", ak, None, L(e), None, {"type": "?"})
        # ruleset options (rulesdsl/options.py); the values of a choice read like enum values
        for oid, o in (d.get("options") or {}).items():
            if isinstance(o, dict):
                self._add("option", oid, o.get("name"), L(o), d["options"].key_pos.get(oid), o)
                for vid, v in (o.get("values") or {}).items():
                    self._add("enumval", vid, v.get("name") if isinstance(v, dict) else None, L(o),
                              o["values"].key_pos.get(vid), v if isinstance(v, dict) else {})
        for sid, s in (d.get("space_kinds") or {}).items():
            self._add("spacekind", sid, s.get("name"), L(s), d["space_kinds"].key_pos.get(sid), s)
            for aid, a in (s.get("attributes") or {}).items():
                self._add("attr", aid, a.get("name"), L(s), s["attributes"].key_pos.get(aid), a)
        for aid, a in (d.get("card_attributes") or {}).items():
            self._add("attr", aid, a.get("name"), L(a), d["card_attributes"].key_pos.get(aid), a)
        for sect, kind in (("edge_kinds", "edgekind"), ("piece_categories", "category"),
                           ("tags", "tag"), ("zones", "zone"), ("player_zones", "zone"),
                           ("counters", "counter"), ("phases", "phase"), ("dice", "die"),
                           ("piece_sets", "pieceset"), ("maps", "map"), ("decks", "deck"),
                           ("neutral_pieces", "piece"), ("actions", "action"),
                           ("derived", "derived")):
            for ident, v in (d.get(sect) or {}).items():
                self._add(kind, ident, v.get("name") if isinstance(v, dict) else None, L(v),
                          d[sect].key_pos.get(ident), v)
                if kind == "counter" and isinstance(v, dict) and _truthy(v.get("per_faction")):
                    # one value per other faction, as on a faction's counter ("estima de D")
                    self._add("counter_attr", ident, v.get("name"), L(v), d[sect].key_pos.get(ident), v)
        for mid, m in (d.get("maps") or {}).items():
            for sid, s in (m.get("spaces") or {}).items():
                self._add("space", sid, s.get("name"), L(m), m["spaces"].key_pos.get(sid), s)
        # piece statuses: the status reads as an adjective ("itens exauridos"), its verbs put
        # it on and take it off ("exaura 1 bota", "reanime 2 itens")
        for sid, st in (d.get("piece_statuses") or {}).items():
            pos = d["piece_statuses"].key_pos.get(sid)
            self._add("status", sid, st.get("name"), L(st), pos, st)
            for key, kind in (("set_verb", "status_set"), ("clear_verb", "status_clear")):
                if st.get(key) is not None:
                    self._add(kind, sid, st.get(key), L(st), pos, st)
        for did, deck in (d.get("decks") or {}).items():
            for c in deck.get("cards") or []:
                if isinstance(c, dict) and c.get("id"):
                    self._add("card", str(c["id"]), c.get("name"), L(deck), pos_of(c, "id"), c)
                    self._card_actions(c, L(deck))
        for fid, fac in (d.get("factions") or {}).items():
            lang = L(fac)
            self._add("faction", fid, fac.get("name"), lang, d["factions"].key_pos.get(fid), fac)
            for pid, p in (fac.get("pieces") or {}).items():
                self._add("piece", f"{fid}.{pid}", p.get("name") or pid, lang,
                          fac["pieces"].key_pos.get(pid), p, owner=fid)
                for tid, tv in (p.get("tracks") or {}).items():
                    # a track reads like an attribute of its piece: "custo de serraria"
                    self._add("attr", tid, tv.get("name") if isinstance(tv, dict) else None, lang,
                              p["tracks"].key_pos.get(tid), {"type": "número"})
            for zid, z in (fac.get("zones") or {}).items():
                self._add("zone", f"{fid}.{zid}", z.get("name") or zid, lang, fac["zones"].key_pos.get(zid), z, fid)
            for sid, sp in (fac.get("spaces") or {}).items():
                # a space the faction brings to the map (N10): named like a map's space
                self._add("space", sid, sp.get("name"), lang, fac["spaces"].key_pos.get(sid), sp)
            for cid, c in (fac.get("counters") or {}).items():
                self._add("counter", f"{fid}.{cid}", c.get("name") or cid, lang,
                          fac["counters"].key_pos.get(cid), c, fid)
                if isinstance(c, dict) and _truthy(c.get("per_faction")):
                    # one value per other faction: read like an attribute ("relação de D")
                    self._add("counter_attr", f"{fid}.{cid}", c.get("name") or cid, lang,
                              fac["counters"].key_pos.get(cid), c, fid)
            for aid, a in (fac.get("actions") or {}).items():
                self._add("action", f"{fid}.{aid}", a.get("name") or aid, lang,
                          fac["actions"].key_pos.get(aid), a, fid)
            for did_, dv in (fac.get("derived") or {}).items():
                self._add("derived", f"{fid}.{did_}", dv.get("name") or did_, lang,
                          fac["derived"].key_pos.get(did_), dv, fid)
            for c in fac.get("cards") or []:
                if isinstance(c, dict) and c.get("id"):
                    self._add("card", str(c["id"]), c.get("name"), lang, pos_of(c, "id"), c, fid)
                    self._card_actions(c, lang)
        # the declared steps of actions (`etapas:`, the battle's 4.3.x): named in effects
        # ("etapa emboscada") and in hook patterns (`etapa: emboscada`)
        specs = list((d.get("actions") or {}).items())
        for fac in (d.get("factions") or {}).values():
            specs += list((fac.get("actions") or {}).items())
        for aid, a in specs:
            steps = a.get("steps") if isinstance(a, dict) else None
            for sid, sv in (steps or {}).items():
                self._add("step", str(sid), sv.get("name") if isinstance(sv, dict) else None, L(a),
                          steps.key_pos.get(sid) if hasattr(steps, "key_pos") else None, sv)
        # the parameters of actions: a parameter whose name names nothing else of the ruleset
        # is a word of its own in calls ("ação (nome_do_parâmetro: X)"); its id is its spelling
        named = {ident for items in self.rs.things.values() for ident in items}
        specs = list((d.get("actions") or {}).items())
        for fac in (d.get("factions") or {}).values():
            specs += list((fac.get("actions") or {}).items())
        specs += [(aid, a) for c in _all_cards(d) for aid, a in (c.get("actions") or {}).items()]
        for aid, a in specs:
            params = a.get("params") if isinstance(a, dict) else None
            for k in (params or {}):
                if str(k) not in named:
                    named.add(str(k))
                    self._add("param", str(k), None, L(a), params.key_pos.get(k)
                              if hasattr(params, "key_pos") else None, {})

    def _card_actions(self, c, lang):
        """A card's own actions (`ações:` on the card) are actions of the ruleset, by their ids."""
        acts = c.get("actions")
        for aid, a in (acts.items() if isinstance(acts, dict) else ()):
            self._add("action", str(aid), a.get("name") if isinstance(a, dict) else None, lang,
                      acts.key_pos.get(aid) if hasattr(acts, "key_pos") else None, a)

    # parse ----------------------------------------------------------------------------------
    def tokenizer(self, lang: str) -> Tokenizer:
        cache = self.__dict__.setdefault("_toks", {})
        if lang not in cache:
            lex = lexmod.get(lang)
            names = self.rs.names_table(lang)
            # derived values with a parameter read like attributes ("governante de C")
            from .tokenizer import Tokenizer, build_table
            table = build_table(lex, names)
            cache[lang] = Tokenizer(lex, table)
            for phrase, (k1, ids1), (k2, ids2) in table.clashes:
                t = self.rs.thing(k2, ids2[0]) or self.rs.thing(k1, ids1[0])
                self.diags.add("M030", t.pos if t else None, lang, severity="warning",
                               name=phrase, first=f"{k1}:{ids1[0]}", second=f"{k2}:{ids2[0]}")
        return cache[lang]

    def _parse_expressions(self):
        rs = self.rs
        seen = _ParsedTexts()
        for path, text, owner, law in _expressions(rs.data):
            lang = getattr(text, "_lang", None) or rs.lang
            e = Expression(text, lang, path, owner=owner, law=law)
            last = path[-1]
            start = "expr_start" if (isinstance(last, str) and last not in BLOCK_KEYS) or path[-2:-1] == ("ranking",) else "start"
            e.tree = seen.parse(text, lang, self.tokenizer(lang), self.diags, start)
            rs.expressions.append(e)


BLOCK_KEYS = {"effect"}


def _rejoin_colon(d: YDict, lex):
    """`- para cada clareira C: receba 1 PV` in a YAML list reads as a one-key mapping; a rule
    list wants the sentence back. The raw text between the key and the value is exactly
    'key: value', so positions inside the rebuilt string stay exact."""
    (k, v), = d.items()
    if not isinstance(k, YStr) or not isinstance(v, YStr) or lex.key_of(k) is not None:
        return None
    if " " not in k.strip():
        return None
    src = k.source
    if src is None or v.source is not src:
        return None
    text = src.text[k.start:v.end]
    out = YStr(text.replace("\n", "\n"))
    out.pos, out.source, out.start, out.end, out._map = k.pos, src, k.start, v.end, None
    return out


def _tag_lang(v, lang):
    """Remember the language a value was written in (expressions are parsed in it)."""
    stack = [v]
    while stack:
        x = stack.pop()
        if isinstance(x, YStr):
            x._lang = lang
        elif isinstance(x, YDict):
            try:
                x._lang = lang
            except AttributeError:
                pass
            stack.extend(x.values())
        elif isinstance(x, YList):
            stack.extend(x)


def _expressions(data):
    """(path, text, owner faction, law) for every expression-valued field of the model."""
    out = []

    def walk(v, path, owner, law):
        if isinstance(v, YDict):
            law = v.get("law", law)
            for k, x in v.items():
                if k in EXPR_KEYS and isinstance(x, str) and not isinstance(v.get("?" + k), str):
                    if _is_expr_context(path, k):
                        out.append((path + (k,), x, owner, law))
                        continue
                walk(x, path + (k,), owner, law)
        elif isinstance(v, YList):
            # lists of rules, and the ranking's list of values (interpreter/ending.py)
            rule_list = bool(path) and (path[-1] in ("setup", "final_scoring", "ranking", "on_choose", "after_factions")
                                        or (len(path) >= 2 and path[-2] in ("turn", "setups")))
            for i, x in enumerate(v):
                if rule_list and isinstance(x, str):
                    out.append((path + (i,), x, owner, law))
                else:
                    walk(x, path + (i,), owner, law)

    for sect, v in data.items():
        if sect == "factions":
            for fid, fac in v.items():
                walk(fac, ("factions", fid), fid, None)
        elif sect == "game":
            walk(v, ("game",), None, None)
        else:
            walk(v, (sect,), None, None)
    return out


def _all_cards(d):
    """Every card of the data: the decks' and the factions' (dicts with an id)."""
    out = [c for deck in (d.get("decks") or {}).values() for c in (deck.get("cards") or [])]
    out += [c for fac in (d.get("factions") or {}).values() for c in (fac.get("cards") or [])]
    return [c for c in out if isinstance(c, dict) and c.get("id")]


def _is_expr_context(path, key):
    if key == "base" and "derived" not in path:
        return False
    return True


def _names(spec, lang) -> dict:
    """`nome:` in any of its three shapes → {lang: [spellings]}."""
    if spec is None:
        return {}
    if isinstance(spec, str):
        return {lang: [str(spec)]}
    if isinstance(spec, list):
        return {lang: [str(s) for s in spec]}
    if isinstance(spec, dict):
        out = {}
        for k, v in spec.items():
            if isinstance(v, list):
                out[str(k)] = [str(s) for s in v]
            elif v is not None:
                out[str(k)] = [str(v)]
        return out
    return {}


_SCENARIO_KEYS = {"cenarios", "escenarios", "scenarios"}
_RULES_KEYS = {"regras", "reglas", "rules"}


def _looks_like_scenarios(data) -> bool:
    """A scenario file: it names its rules and lists scenarios (docs/cenarios.md)."""
    keys = {fold(k) for k in data if isinstance(k, str)}
    return bool(keys & _SCENARIO_KEYS) and bool(keys & _RULES_KEYS)


def refuse_scenario_file(path: str) -> None:
    """Raise RulesError (M077) when `path` is a scenario file: for commands that take one
    ruleset file (`traduzir`), which would otherwise load every file beside it."""
    with open(path, "rb") as fh:
        lang = detect_lang(fh.read().decode("utf-8", "replace"))
    if lang not in lexmod.available():
        return
    diags = Diagnostics()
    data = load_file(path, diags, lang)
    if isinstance(data, YDict) and _looks_like_scenarios(data):
        diags.add("M077", data.pos or Pos(path, 1, 1), lang, path=path)
        raise RulesError(diags.items)


def _ruleset_files(root: str) -> list[str]:
    if os.path.isfile(root):
        return [root]
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in ("texto", "texts", "__pycache__")
                             and not d.startswith("."))
        for n in sorted(filenames):
            if n.endswith((".yaml", ".yml")):
                out.append(os.path.join(dirpath, n))
    return out


def load_ruleset(root: str, diags: Diagnostics | None = None) -> Ruleset:
    diags = Diagnostics() if diags is None else diags
    b = Builder(diags)
    rs = b.load(root)
    rs.builder = b
    return rs


def _as_map(v) -> dict:
    """`v` if it is a mapping, else an empty one (a wrong shape the schema check reports)."""
    return v if isinstance(v, dict) else {}


def _played_bytes(data, lang: str) -> bytes:
    """A file's data as canonical JSON, without the drawing-only positions of its maps (any key
    spelled as the lexicon's `positions` inside an entry of `maps`)."""
    lex = lexmod.get(lang)
    maps_keys = set(lex.keys.get("maps", ())) | {"maps"}
    pos_keys = set(lex.keys.get("positions", ())) | {"positions"}

    def plain(v, drop=frozenset()):
        if isinstance(v, dict):
            return [[str(k), plain(x)] for k, x in v.items() if str(k) not in drop]
        if isinstance(v, list):
            return [plain(x) for x in v]
        return v

    out = []
    for k, v in data.items():
        if str(k) in maps_keys and isinstance(v, dict):
            v = [[str(mk), plain(m, pos_keys) if isinstance(m, dict) else plain(m)] for mk, m in v.items()]
        else:
            v = plain(v)
        out.append([str(k), v])
    return json.dumps(out, ensure_ascii=False, default=repr, separators=(",", ":")).encode()


def _hash_bytes(data, lang: str, content: bytes) -> bytes:
    if not isinstance(data, YDict):
        return content
    try:
        return _played_bytes(data, lang)
    except (RecursionError, ValueError, TypeError):
        return content          # a shape the validator reports; the raw bytes still key it


def _truthy(v) -> bool:
    if isinstance(v, bool):
        return v
    return v is not None and fold(str(v)) in ("sim", "si", "true", "yes", "verdadeiro", "verdadero")


def load_file(path, diags, lang=None):
    """rulesdsl.loader.load_file, imported on first use: a model read from the cache needs no
    YAML parser."""
    from .loader import load_file as _load_file
    return _load_file(path, diags, lang)
