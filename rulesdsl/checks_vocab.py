"""Stage 4b — the vocabulary: every value that names something is checked against the model.

The schema (tools/gen_schema.py) marks the strings that are not free text:
  x-values   one of a closed set of neutral values, spelled in the file's language
             (`conteúdo: cartas`, `escopo: global`, `evento: remoção`, `sim`/`não`)   → M044
  x-ref      the id of a declared thing (`categoria: construcao`, `zona: descarte`)  → M043
  x-key-ref  the keys of a map are such ids (a faction's `turno:` keys are phases)   → M043 / M042
  x-var      a variable (`espaço: C`)                                                → M048
  x-rel      `você`/`inimigo`/`qualquer`, or a variable (`dono: F`)                  → M048
and, beyond what a schema can say: which fields each event carries (M045), which events a
prohibition or a replacement can act on (M046), and that a piece's track has one value per
piece (M047).

Every one of these used to pass silently and switch a rule off (a phase key misspelt, an
event that never happens, a category that changes battle and scoring). A phase written by its
name (in any language) instead of its id is accepted and rewritten to the id here, so the
stages after this one only see ids.
"""
from __future__ import annotations

from . import lexicon as lexmod
from .errors import Diagnostics, fold, suggest
from .loader import YDict, YList, pos_of
from .tokenizer import VAR_RE

# what each event carries (interpreter/verbs/ and interpreter/engine.py make the events):
# the fields of an event pattern (`quando:`/`em_vez_de:`) that can match or bind something
_PIECE_EVENT = {"pieces", "owner", "by", "cause", "space", "count"}
EVENT_FIELDS = {
    "placement": _PIECE_EVENT,
    "removal": _PIECE_EVENT,
    "removal_prevented": _PIECE_EVENT,
    "movement": _PIECE_EVENT | {"from", "to", "path"},
    "hits": {"owner", "by", "cause", "space", "count", "chooser"},
    "discard": {"card", "by", "owner", "tag", "cause"},
    "counter": {"by", "owner", "count"},
    "phase_start": {"phase", "by", "owner"},
    "phase_end": {"phase", "by", "owner"},
    "turn_start": {"by", "owner"},
    "turn_end": {"by", "owner"},
    "flip": _PIECE_EVENT | {"from"},
    "action_done": {"by", "owner", "action"},
    "draw": {"by", "owner", "count", "phase", "cause", "turn_rule"},
    "step": {"step", "attacker", "defender", "by", "owner"},
    # a card revealed (`revele`) or a piece turned face up from its back (`vire`)
    "reveal": _PIECE_EVENT | {"from", "card"},
    # an action declared `cria: K` done: the card crafted (its item: `item de K`)
    "craft": {"card", "by", "owner", "cause"},
    # a hireling's controller set (interpreter/hirelings.py): `por` the controller, `dono` the hireling
    "control": {"by", "owner"},
}
# `exceto_causa: A`: the event matches unless action A caused it (wherever `causa:` is known)
for _fields in EVENT_FIELDS.values():
    if "cause" in _fields:
        _fields.add("not_cause")
# the events a verb asks the prohibitions about, and those it lets a replacement take over
PROHIBITION_EVENTS = {"placement": {"pieces", "owner", "by", "space"},
                      "movement": {"pieces", "owner", "by", "space", "from", "to"},
                      # pieces no rule of `por` may remove (E.2.2, the Protector)
                      "removal": {"pieces", "owner", "by", "space"}}
REPLACEMENT_EVENTS = {"hits": EVENT_FIELDS["hits"], "discard": EVENT_FIELDS["discard"],
                      "draw": EVENT_FIELDS["draw"],
                      # only with `destino:` (where the removed pieces go), not `efeito:`
                      "removal": EVENT_FIELDS["removal"]}
EVENT_SECTIONS = {"triggers": EVENT_FIELDS, "replacements": REPLACEMENT_EVENTS,
                  "prohibitions": PROHIBITION_EVENTS}
_DOC_KEYS = {"law", "note", "source", "single_source", "ref_en", "same_as", "alt_name", "total",
             "computed"}
# x-ref kinds → the kinds of things (Ruleset.things) that answer them
_REF_KINDS = {"phase": ("phase",), "category": ("category",), "zone": ("zone",),
              "counter": ("counter",), "map": ("map",), "deck": ("deck",),
              "faction": ("faction",), "action": ("action",), "tag": ("tag",),
              "attr": ("attr",), "piece_or_category": ("piece", "category"), "piece": ("piece",),
              "space": ("space",), "edgekind": ("edgekind",), "step": ("step",),     # maps (start pieces, edge)
              "piece_category_or_tag": ("piece", "category", "tag")}


class VocabularyCheck:
    def __init__(self, rs, diags: Diagnostics, schema: dict):
        self.rs = rs
        self.diags = diags
        self.schema = schema

    names_only = False

    # entry --------------------------------------------------------------------------------------
    def names(self):
        """Before the names are collected: the languages of `nome: {pt: ..., es: ...}`."""
        self.names_only = True
        for f in self.rs.files:
            if isinstance(f.neutral, YDict):
                self.walk(f.neutral, self.schema, f.lang, ())
        self.names_only = False

    def name_languages(self, value: YDict, lang):
        """A language misspelt (`se:` for `es:`) would leave that name unseen: an error; when
        the intended language is plain, the name is read as that language's (no second error
        for every word that uses it)."""
        langs = lexmod.available()
        for k in list(value):
            if str(k) in langs:
                continue
            hint = suggest(str(k), langs, 0.3)
            self.diags.add("M050", value.key_pos.get(k), lang, value=str(k),
                           known=", ".join(langs), hint=hint)
            if hint and hint not in value:
                _rename_keys(value, lambda x, k=k, h=hint: h if x == str(k) else x)

    def run(self):
        for f in self.rs.files:
            if isinstance(f.neutral, YDict):
                self.walk(f.neutral, self.schema, f.lang, ())
        self.events()
        self.tracks()
        self.expansions()
        self.sides()

    def _resolve(self, node):
        while isinstance(node, dict) and "$ref" in node:
            node = self.schema["$defs"][node["$ref"].split("/")[-1]]
        return node if isinstance(node, dict) else {}

    def _branch(self, node, value):
        """For a oneOf, the alternative that fits the value's shape."""
        node = self._resolve(node)
        if "oneOf" not in node:
            return node
        want = "object" if isinstance(value, dict) else "array" if isinstance(value, list) else None
        for alt in node["oneOf"]:
            alt = self._resolve(alt)
            t = alt.get("type")
            ts = t if isinstance(t, list) else [t]
            if want in ts or (want is None and not {"object", "array"} & set(ts)):
                return alt
        return {}

    # the schema walk ------------------------------------------------------------------------------
    def walk(self, value, node, lang, path):
        raw = self._resolve(node)
        if raw.get("x-lang-keys") and isinstance(value, YDict):
            if self.names_only:
                self.name_languages(value, lang)
            return
        node = self._branch(node, value)
        if isinstance(value, YDict):
            props = node.get("properties", {})
            if node.get("x-key-ref") and not self.names_only:
                self.key_refs(value, node["x-key-ref"], lang)
            for k, v in list(value.items()):
                if node.get("x-ids"):
                    child = node.get("additionalProperties", {})
                elif k in props:
                    child = props[k]
                else:
                    continue
                if isinstance(v, (YDict, YList)):
                    self.walk(v, child, lang, path + (k,))
                elif not self.names_only:
                    self.scalar(v, self._branch(child, v), lang, value, k)
        elif isinstance(value, YList):
            t = node.get("type")
            items = node.get("items", {}) if t == "array" or (isinstance(t, list) and "array" in t) else {}
            for i, v in enumerate(value):
                if isinstance(v, (YDict, YList)):
                    self.walk(v, items, lang, path + (i,))
                elif not self.names_only:
                    self.scalar(v, self._branch(items, v), lang, value, i)

    def scalar(self, v, node, lang, container, key):
        if v is None or not node:
            return
        lex = lexmod.get(lang)
        pos = pos_of(container, key)
        if "x-values" in node:
            allowed = node["x-values"]
            if isinstance(v, bool) and "true" in allowed:
                return
            if isinstance(v, int) and not isinstance(v, bool) and "integer" in (node.get("type") or ()):
                return          # a number, or one of the values (`quantidade: por_jogador`)
            n = lex.value_of(v)
            if n in allowed or fold(str(v)) in {fold(a) for a in allowed}:
                return
            known = [s for a in allowed for s in (lex.values.get(a) or [a])[:1]]
            spellings = [s for a in allowed for s in (lex.values.get(a) or [a])]
            self.diags.add("M044", pos, lang, value=str(v), known=", ".join(known),
                           hint=suggest(str(v), spellings, 0.5))
        elif node.get("x-attr-type"):
            self.attr_type(str(v), lang, pos)
        elif node.get("x-ref") == "phase":
            pid = self.phase_id(str(v))
            if pid is None:
                self.ref(str(v), "phase", lang, pos)
            elif pid != v:
                container[key] = _restring(v, pid)     # a phase by its name: its id
        elif "x-ref" in node:
            self.ref(str(v), node["x-ref"], lang, pos)
        elif node.get("x-var"):
            self.var(v, lang, pos)
        elif node.get("x-rel"):
            if lex.value_of(v) in ("mine", "enemy", "any"):
                return
            self.var(v, lang, pos, rel=True)

    _SIMPLE_TYPES = ("number", "boolean", "space", "piece", "text")

    def attr_type(self, v, lang, pos):
        """An attribute's type: a plain type the engine reads (a number, a yes/no, a space...),
        an enumeration, a zone, or a list of an enumeration's values or of tags."""
        lex = lexmod.get(lang)
        enums = set(self.rs.things.get("enum", {}))
        tags = set(self.rs.things.get("tag", {}))
        if lex.value_of(v) in self._SIMPLE_TYPES or v in enums or lex.key_of(v) == "zone":
            return
        words = v.split()
        if len(words) >= 2 and (words[-1] in enums or words[-1] in tags or
                                lex.key_of(words[-1]) in ("tag", "zone", "space", "piece", "card")):
            return          # "lista de naipe_de_custo", "lista de marca" (of tags)
        known = [lex.spell_value(t) for t in self._SIMPLE_TYPES] + [lex.spell_key("zone")] + sorted(enums)
        self.diags.add("M044", pos, lang, value=v, known=", ".join(known), hint=suggest(v, known, 0.5))

    def var(self, v, lang, pos, rel=False):
        if isinstance(v, str) and VAR_RE.match(v):
            return
        lex = lexmod.get(lang)
        rels = [lex.spell_value(x) for x in ("mine", "enemy", "any")] if rel else []
        self.diags.add("M048" if rel else "M049", pos, lang, value=str(v), rels=", ".join(rels),
                       hint=suggest(str(v), [s for x in ("mine", "enemy", "any")
                                             for s in lex.values.get(x, [])], 0.5) if rel else None)

    # references to declared things ---------------------------------------------------------------
    def _ids(self, kind):
        out = set()
        for k in _REF_KINDS.get(kind, (kind,)):
            for ident in self.rs.things.get(k, {}):
                out.add(ident)
                out.add(ident.split(".")[-1])     # a faction's own zone/action by its short id
        return out

    def ref(self, v, kind, lang, pos):
        ids = self._ids(kind)
        if v in ids:
            return
        if kind == "phase" and not self.rs.things.get("phase"):
            return     # no `fases:` section: the game's `turno:` list is the phases
        self.diags.add("M043", pos, lang, value=v, kind=_kind_word(kind, lang),
                       known=_known(ids), hint=suggest(v, ids, 0.5))

    def phase_id(self, name):
        """A phase's id from its id or any of its names in any language (None: no such phase)."""
        phases = self.rs.things.get("phase", {})
        if name in phases:
            return name
        for pid, t in phases.items():
            if any(fold(name) == fold(x) for sps in t.names.values() for x in sps):
                return pid
        return None

    def key_refs(self, d: YDict, kind, lang):
        if kind == "phase":
            if not self.rs.things.get("phase"):
                return
            renamed, seen = False, {}
            for k in list(d):
                pid = self.phase_id(str(k))
                if pid is not None and pid in seen:
                    # the same phase twice (by its id and by a name): one would hide the other
                    self.diags.add("M021", d.key_pos.get(k), lang, key=str(k),
                                   related=d.key_pos.get(seen[pid]))
                    del d[k]
                    continue
                if pid is not None:
                    seen[pid] = k
                if pid is None:
                    phases = self.rs.things["phase"]
                    cands = list(phases) + [x for t in phases.values() for sps in t.names.values()
                                            for x in sps]
                    self.diags.add("M042", d.key_pos.get(k), lang, name=str(k),
                                   known=", ".join(self.rs.name("phase", p, lang) for p in phases),
                                   hint=suggest(str(k), cands, 0.5))
                elif pid != k:
                    renamed = True
            if renamed:
                _rename_keys(d, self.phase_id)
            return
        ids = self._ids(kind)
        for k in d:
            if str(k) not in ids:
                self.ref(str(k), kind, lang, d.key_pos.get(k))

    # events ---------------------------------------------------------------------------------------
    def events(self):
        """Each hook's event pattern: fields its event carries, events its section acts on."""
        d = self.rs.data
        hooks = []
        for sect in EVENT_SECTIONS:
            hooks += [(sect, h) for h in (d.get(sect) or [])]
            for fac in (d.get("factions") or {}).values():
                if isinstance(fac, dict):
                    hooks += [(sect, h) for h in (fac.get(sect) or [])]
            for deck in (d.get("decks") or {}).values():
                for c in (deck.get("cards") or []) if isinstance(deck, dict) else ():
                    if isinstance(c, dict):
                        hooks += [(sect, h) for h in (c.get(sect) or [])]
        for sect, h in hooks:
            if not isinstance(h, YDict):
                continue
            for key in ("when", "instead_of"):
                ev = h.get(key)
                if isinstance(ev, YDict):
                    self.event(sect, ev, getattr(h, "_lang", None) or self.rs.lang)

    def event(self, sect, ev: YDict, lang):
        lex = lexmod.get(lang)
        name = ev.get("event")
        n = lex.value_of(name) if name is not None else None
        if n is None and name is not None and str(name) in EVENT_FIELDS:
            n = str(name)
        if n is None:
            return            # unknown or missing: reported by the schema walk (M044, M012)
        table = EVENT_SECTIONS[sect]
        if n not in table:
            self.diags.add("M046", pos_of(ev, "event"), lang, value=str(name),
                           section=lex.spell_key(sect),
                           known=", ".join(lex.spell_value(e) for e in table))
            return
        fields = table[n]
        for k in ev:
            if k == "event" or k in _DOC_KEYS or str(k).startswith("?") or k in fields:
                continue
            self.diags.add("M045", ev.key_pos.get(k), lang, field=lex.spell_key(k),
                           value=str(name), known=", ".join(lex.spell_key(x) for x in sorted(fields)))

    # tracks ---------------------------------------------------------------------------------------
    def tracks(self):
        """A track has one slot per piece: the next piece placed uncovers the next value. A track
        one value longer or shorter scores wrong on every turn."""
        d = self.rs.data
        owners = [(None, d.get("neutral_pieces"))]
        owners += [(fid, f.get("pieces")) for fid, f in (d.get("factions") or {}).items()
                   if isinstance(f, dict)]
        for _, pieces in owners:
            if not isinstance(pieces, YDict):
                continue
            for pid, p in pieces.items():
                if not isinstance(p, YDict) or not isinstance(p.get("tracks"), YDict):
                    continue
                count = p.get("count")
                if not isinstance(count, int) or isinstance(count, bool):
                    continue
                lang = getattr(p, "_lang", None) or self.rs.lang
                for tid, tv in p["tracks"].items():
                    vals = tv.get("values") if isinstance(tv, YDict) else tv
                    if isinstance(vals, list) and len(vals) != count:
                        where = tv if isinstance(tv, YDict) and "values" in tv else p["tracks"]
                        key = "values" if where is tv else tid
                        self.diags.add("M047", pos_of(where, key), lang, track=str(tid),
                                       n=len(vals), count=count,
                                       piece=self.rs.name("piece", _piece_id(self.rs, pid), lang))


    def sides(self):
        """Pieces with two sides (`verso:`): the back is a piece of the same owner with no pieces
        of its own (`quantidade`) and no back of its own; a back shared by several faces must
        say who sees which face lies under it (`quem_vê:`), and only a back may say it."""
        d = self.rs.data
        groups = [(None, d.get("neutral_pieces"))]
        groups += [(fid, f.get("pieces")) for fid, f in (d.get("factions") or {}).items()
                   if isinstance(f, dict)]
        decl = {}                       # (owner, id) -> piece dict
        for owner, pieces in groups:
            if isinstance(pieces, YDict):
                for pid, p in pieces.items():
                    if isinstance(p, YDict):
                        decl[(owner, str(pid))] = p
        faces: dict = {}                # (owner, back id) -> [face ids]
        done = set()                    # (code, place): a copied faction repeats its pieces' places

        def add(code, pos, lang, **kw):
            key = (code, getattr(pos, "file", None), getattr(pos, "line", None), getattr(pos, "col", None))
            if key not in done:
                done.add(key)
                self.diags.add(code, pos, lang, **kw)
        for (owner, pid), p in decl.items():
            b = p.get("back")
            if b is None:
                continue
            lang = getattr(p, "_lang", None) or self.rs.lang
            b = str(b)
            name = self.rs.name("piece", _piece_id(self.rs, pid), lang)
            if (owner, b) not in decl:
                if any(k[1] == b for k in decl):
                    # a piece of another owner (an unknown name is M043, from the schema)
                    add("M080", pos_of(p, "back"), lang, piece=name, back=b)
                continue
            faces.setdefault((owner, b), []).append(pid)
            bp = decl[(owner, b)]
            count = bp.get("count")
            if (isinstance(count, int) and not isinstance(count, bool) and count) or bp.get("back") is not None:
                add("M081", pos_of(bp, "count" if bp.get("back") is None else "back"), lang,
                               piece=name, back=self.rs.name("piece", _piece_id(self.rs, b), lang))
        for (owner, pid), p in decl.items():
            lang = getattr(p, "_lang", None) or self.rs.lang
            name = self.rs.name("piece", _piece_id(self.rs, pid), lang)
            seen = p.get("seen_by")
            fs = faces.get((owner, pid))
            if seen is not None and not fs:
                add("M082", pos_of(p, "seen_by"), lang, piece=name)
            elif seen is not None and owner is None and lexmod.get(lang).value_of(seen) == "owner":
                add("M083", pos_of(p, "seen_by"), lang, piece=name)
            elif seen is None and fs and len(fs) > 1:
                add("M084", pos_of(decl[(owner, fs[1])], "back"), lang, piece=name,
                               faces=", ".join(self.rs.name("piece", _piece_id(self.rs, f), lang) for f in fs))

    def expansions(self):
        """A faction's `expansões:` name boxes whose pieces join the game (9.7): each one must
        be a box some piece counts extra units in, or nothing would join."""
        d = self.rs.data
        boxes = set()
        pieces = [d.get("neutral_pieces")] + [f.get("pieces") for f in (d.get("factions") or {}).values()
                                              if isinstance(f, dict)]
        for group in pieces:
            for p in (group or {}).values():
                if isinstance(p, dict) and isinstance(p.get("expansions"), dict):
                    boxes.update(str(k) for k in p["expansions"])
        for fac in (d.get("factions") or {}).values():
            exp = fac.get("expansions") if isinstance(fac, dict) else None
            if not isinstance(exp, YList):
                continue
            lang = getattr(fac, "_lang", None) or self.rs.lang
            for i, e in enumerate(exp):
                if str(e) not in boxes:
                    self.diags.add("M043", pos_of(exp, i), lang, value=str(e),
                                   kind=_kind_word("expansion", lang), known=_known(boxes),
                                   hint=suggest(str(e), boxes, 0.5))


def _restring(old, text):
    """`text` in place of the YAML string `old`, at its position."""
    from .loader import YStr
    out = YStr(text)
    out.pos = getattr(old, "pos", None)
    out.source, out.start, out.end, out._map = None, 0, 0, None
    if hasattr(old, "_lang"):
        out._lang = old._lang
    return out


def _piece_id(rs, pid):
    for ident in rs.things.get("piece", {}):
        if ident == pid or ident.endswith("." + str(pid)):
            return ident
    return pid


def _rename_keys(d: YDict, new_key):
    items = list(d.items())
    kpos, vpos = dict(d.key_pos), dict(d.val_pos)
    d.clear()
    d.key_pos.clear()
    d.val_pos.clear()
    for k, v in items:
        nk = new_key(str(k)) or k
        d[nk] = v
        d.key_pos[nk] = kpos.get(k)
        d.val_pos[nk] = vpos.get(k)


def _known(ids) -> str:
    shown = sorted(i for i in ids if "." not in i)
    return ", ".join(shown[:12]) + (", ..." if len(shown) > 12 else "")


def _kind_word(kind: str, lang: str) -> str:
    from .errors import format_message
    return format_message("W.kind." + kind, lang, {})


def check_names(rs, diags: Diagnostics, schema: dict) -> None:
    VocabularyCheck(rs, diags, schema).names()


def check(rs, diags: Diagnostics, schema: dict) -> None:
    VocabularyCheck(rs, diags, schema).run()
