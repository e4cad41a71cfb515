"""Reading the values of one scenario file (_Reader): keys spelled through the lexicons,
names of the ruleset (factions, spaces, pieces with their states, cards, zones, counters) and
the mappings that hold them (a board, a zone's content, counters), each mistake a positioned
diagnostic (S0xx) with a suggestion. load.py puts what it reads together into a Scenario."""
from __future__ import annotations

from .. import lexicon as lexmod
from ..errors import Diagnostics, fold, suggest
from ..loader import YDict, YList, YStr
from .model import EMPTY, _m, _words


class _Reader:
    """Reads one scenario file into Scenarios, gathering positioned diagnostics."""

    def __init__(self, path: str, diags: Diagnostics, lang: str):
        self.path = path
        self.diags = diags
        self.lang = lang
        self.lex = lexmod.get(lang)

    # generic -----------------------------------------------------------------------------------
    def kn(self, neutral: str) -> str:
        """A key as this file's language spells it ("mãos", "manos")."""
        return self.lex.spell_key(neutral)

    def err(self, code, pos, hint=None, **kw):
        self.diags.add(code, pos, self.lang, hint=hint, **kw)

    def keys(self, d, allowed: set, where: str) -> dict:
        """neutral key -> (value, key pos); unknown keys are errors with a suggestion."""
        out = {}
        if not isinstance(d, dict):
            return out
        for k, v in d.items():
            neutral = self.lex.key_of(str(k))
            if neutral not in allowed:
                for other in lexmod.available():
                    n2 = lexmod.get(other).key_of(str(k))
                    if n2 in allowed:
                        neutral = n2
                        break
            if neutral == "scenario":
                neutral = "name"
            if neutral not in allowed and not (neutral == "name" and "name" in allowed):
                spellings = [s for n in allowed for s in (self.lex.keys.get(n) or [n])]
                self.err("S002", d.key_pos.get(k) if isinstance(d, YDict) else None,
                         hint=suggest(str(k), spellings), key=str(k), where=where)
                continue
            kp = d.key_pos.get(k) if isinstance(d, YDict) else None
            if neutral in out:
                first = out[neutral][1]
                self.err("S028", kp, key=str(k), first=first.line if first else "?")
                continue
            out[neutral] = (v, kp)
        return out

    def expect_type(self, v, types, pos, where, expected):
        if isinstance(v, types) and not isinstance(v, bool) or (bool in types and isinstance(v, bool)):
            return True
        self.err("S014", getattr(v, "pos", None) or pos, where=where, expected=_m(expected, self.lang))
        return False

    def int_of(self, v, pos, vocab=None):
        if isinstance(v, bool):
            self.err("S013", getattr(v, "pos", None) or pos, value=v)
            return None
        if isinstance(v, int):
            return v
        n = vocab.number(v) if vocab is not None and v is not None else None
        if n is None and isinstance(v, str) and v.strip().lstrip("-").isdigit():
            n = int(v.strip())
        if n is None:
            self.err("S013", getattr(v, "pos", None) or pos, value=v)
        return n

    def bool_of(self, v, pos):
        if isinstance(v, bool):
            return v
        if v is not None:
            val = self.lex.value_of(str(v))
            if val in ("true", "false"):
                return val == "true"
            f = fold(str(v))
            if f in {fold(w) for w in _words("SV.yes")}:
                return True
            if f in ("nao", "no", "false"):
                return False
        self.err("S026", getattr(v, "pos", None) or pos, value=v)
        return None

    def text_list(self, v, pos, where="..."):
        """A list of scalars (or one scalar): [(value, pos)]."""
        if v is None:
            return []
        if isinstance(v, YList):
            out = []
            for i, x in enumerate(v):
                if isinstance(x, (YDict, YList)):
                    self.err("S014", v.item_pos[i], where=where, expected=_m("SW.a_text", self.lang))
                    continue
                out.append((x, v.item_pos[i]))
            return out
        if isinstance(v, (YDict,)):
            self.err("S014", v.pos, where=where, expected=_m("SW.a_list", self.lang))
            return []
        return [(v, getattr(v, "pos", None) or pos)]

    # names ---------------------------------------------------------------------------------------
    def faction(self, vocab, text, pos, seated=None):
        f = vocab.faction(text)
        p = getattr(text, "pos", None) or pos
        if f is None:
            self.err("S005", p, hint=suggest(str(text), vocab.spellings("faction"), 0.6), name=text)
            return None
        if seated is not None and f not in seated:
            self.err("S017", p, faction=vocab.name("faction", f),
                     factions=", ".join(vocab.name("faction", x) for x in seated))
            return None
        return f

    def space(self, vocab, text, pos, m, extra=()):
        """A space of the map `m`, or one of `extra` (the spaces the seated factions bring)."""
        hits = [h for h in vocab.find("space", text) if m is None or h in m.attrs or h in extra]
        if not hits and m is not None and (str(text) in m.attrs or str(text) in extra):
            hits = [str(text)]
        if not hits and m is not None:
            # a path that holds pieces, by its name ("estrada entre Norte e Leste", N18)
            p = vocab.path_index().get(fold(" ".join(str(text).split())))
            hits = [p] if p is not None else []
        if not hits:
            names = [vocab.name("space", s) for s in (list(m.space_ids) + list(m.paths) + list(extra) if m else [])]
            self.err("S006", getattr(text, "pos", None) or pos, hint=suggest(str(text), names, 0.6), name=text)
            return None
        return hits[0]

    def piece(self, vocab, text, pos, faction=None, seated=None):
        hits, owner = vocab.pieces(text, faction)
        p = getattr(text, "pos", None) or pos
        if not hits:
            self.err("S007", p, hint=suggest(str(text), vocab.all_piece_phrases()), name=text)
            return None
        if len(hits) > 1 and seated is not None:
            # only the factions of this game can own it ("peão" with one of two copies seated)
            here = [k for k in hits if vocab.piece_owner.get(k) in seated or vocab.piece_owner.get(k) is None]
            hits = here or hits
        if len(hits) > 1:
            self.err("S008", p, name=text, options=", ".join(vocab.piece_name(k) for k in hits))
            return None
        k = hits[0]
        o = vocab.piece_owner.get(k)
        if seated is not None and o is not None and o not in seated:
            self.err("S017", p, faction=vocab.name("faction", o),
                     factions=", ".join(vocab.name("faction", x) for x in seated))
            return None
        return k

    def card(self, vocab, text, pos):
        hits = vocab.find("card", text)
        if not hits and str(text) in vocab.g.cards:
            hits = [str(text)]
        if not hits:
            self.err("S009", getattr(text, "pos", None) or pos,
                     hint=suggest(str(text), vocab.spellings("card")), name=text)
            return None
        return hits[0]

    def counter(self, vocab, text, pos):
        hits = vocab.find("counter", text)
        if not hits:
            self.err("S010", getattr(text, "pos", None) or pos,
                     hint=suggest(str(text), vocab.spellings("counter")), name=text)
            return None
        return hits[0]

    def phase(self, vocab, text, pos):
        g = vocab.g
        hits = [h for h in vocab.find("phase", text) if h in g.turn_phases]
        if not hits and str(text) in g.turn_phases:
            hits = [str(text)]
        if not hits:
            names = [vocab.name("phase", p) for p in g.turn_phases]
            self.err("S011", getattr(text, "pos", None) or pos, hint=suggest(str(text), names),
                     name=text, phases=", ".join(names))
            return None
        return hits[0]

    def zone(self, vocab, text, pos):
        hits = vocab.find("zone", text)
        if not hits:
            self.err("S012", getattr(text, "pos", None) or pos,
                     hint=suggest(str(text), vocab.spellings("zone")), name=text)
            return None
        return hits[0]

    # piece mappings --------------------------------------------------------------------------------
    def stated_piece(self, vocab, text, pos, faction, seated, states):
        """A piece phrase, maybe with piece states after the name ("PEÇA ESTADO"):
        -> kind (states=False) or (kind, status bits) (states=True); None when wrong."""
        phrase, bits, ids = vocab.states(text)
        if ids and not vocab.pieces(text, faction)[0]:
            if not states:
                self.err("S029", getattr(text, "pos", None) or pos, name=text,
                         states=", ".join(vocab.name("status", i) for i in ids))
                return None
            kind = self.piece(vocab, phrase, getattr(text, "pos", None) or pos, faction, seated)
            return None if kind is None else (kind, bits)
        kind = self.piece(vocab, text, pos, faction, seated)
        if kind is None:
            return None
        return (kind, 0) if states else kind

    def piece_counts(self, vocab, v, pos, seated, where, faction=None, states=False) -> dict | None:
        """{piece phrase: n} | {faction: {piece: n}} | "3 soldados dos azuis, forte" -> {kind: (n, pos)}.
        With `states` (a zone of pieces), a phrase may name piece states after the piece
        ("PEÇA ESTADO") and the keys are (kind, status bits)."""
        out: dict = {}
        if v is None:
            return out
        if isinstance(v, YDict):
            for k, x in v.items():
                kp = v.key_pos.get(k)
                if isinstance(x, YDict) and states:
                    # "FICHA: {FACE: n}": pieces lying on their back, and which faces (`verso:`)
                    backs = [b for b in vocab.pieces(k, faction)[0] if b in vocab.g.faces]
                    if len(backs) == 1:
                        back = backs[0]
                        sub = self.piece_counts(vocab, x, kp, seated, where,
                                                vocab.g.piece_kinds[back].owner, False)
                        for face, (n, fp) in (sub or {}).items():
                            if face not in vocab.g.faces[back]:
                                self.err("S013", fp, value=face)
                                continue
                            out[("face", back, face)] = (n, fp)
                        continue
                if isinstance(x, YDict) and faction is None:
                    f = self.faction(vocab, k, kp, seated)
                    if f is not None:
                        sub = self.piece_counts(vocab, x, kp, seated, where, f, states)
                        for kk, nn in (sub or {}).items():
                            out[kk] = nn
                    continue
                kind = self.stated_piece(vocab, k, kp, faction, seated, states)
                n = self.int_of(x, v.val_pos.get(k), vocab)
                if kind is not None and n is not None:
                    if n < 0:
                        self.err("S013", v.val_pos.get(k), value=x)
                        continue
                    out[kind] = (out.get(kind, (0, None))[0] + n, v.val_pos.get(k) or kp)
            return out
        items = []
        if isinstance(v, YList):
            items = [(x, v.item_pos[i]) for i, x in enumerate(v)]
        elif isinstance(v, str):
            off = 0
            for part in str(v).split(","):
                start = off + (len(part) - len(part.lstrip()))
                p = v.at(start, max(1, len(part.strip()))) if isinstance(v, YStr) else pos
                items.append((part.strip(), p))
                off += len(part) + 1
        else:
            self.err("S014", pos, where=where, expected=_m("SW.a_map", self.lang))
            return None
        for x, p in items:
            if not x:
                continue
            words = str(x).split()
            n = vocab.number(words[0]) if len(words) > 1 else None
            phrase = " ".join(words[1:]) if n is not None else str(x)
            kind = self.stated_piece(vocab, phrase, p, faction, seated, states)
            if kind is not None:
                out[kind] = (out.get(kind, (0, None))[0] + (1 if n is None else n), p)
        return out

    # card lists --------------------------------------------------------------------------------------
    def card_spec(self, vocab, v, pos):
        """[names] | {name: n} | n -> ("cards", [ids]) | ("count", n)."""
        if isinstance(v, int) and not isinstance(v, bool):
            return ("count", v)
        ids = []
        if isinstance(v, YDict):
            for k, x in v.items():
                c = self.card(vocab, k, v.key_pos.get(k))
                n = self.int_of(x, v.val_pos.get(k), vocab)
                if c is not None and n is not None:
                    ids.extend([c] * n)
            return ("cards", ids)
        if v is None:
            return ("cards", [])
        if isinstance(v, str) and vocab.number(v) is not None:
            return ("count", vocab.number(v))
        for x, p in self.text_list(v, pos):
            c = self.card(vocab, x, p)
            if c is not None:
                ids.append(c)
        return ("cards", ids)

    # zones and counters (faction-keyed or thing-keyed) ---------------------------------------------
    def zone_key(self, vocab, zid, faction, pos, seated):
        g = vocab.g
        if zid in g.global_zones:
            return zid
        if "." in zid:
            # a faction's own zone, named with its owner in the ruleset ("rapinas.lider")
            owner, local = zid.split(".", 1)
            if faction is not None and faction != owner and faction in seated \
                    and local in g.faction_zones.get(faction, {}):
                return f"{faction}.{local}"     # the same zone of a copy of that faction
            if owner in g.faction_zones and local in g.faction_zones[owner]:
                if owner not in seated or (faction is not None and faction != owner):
                    self.err("S017", pos, faction=vocab.name("faction", owner),
                             factions=", ".join(vocab.name("faction", x) for x in seated))
                    return None
                return zid
        if faction is None:
            owners = [f for f in seated if zid in g.faction_zones.get(f, {})]
            if zid in g.player_zones or len(owners) != 1:
                self.err("S024", pos, zone=vocab.name("zone", zid))
                return None
            faction = owners[0]
        if zid in g.player_zones:
            return f"{faction}:{zid}"
        return f"{faction}.{zid}"

    def is_piece_zone(self, g, zid):
        zd = g.global_zones.get(zid) or g.player_zones.get(zid)
        if zd is None and "." in zid:
            owner, local = zid.split(".", 1)
            zd = g.faction_zones.get(owner, {}).get(local)
        if zd is None:
            for zs in g.faction_zones.values():
                if zid in zs:
                    zd = zs[zid]
        return fold(str((zd or {}).get("content", "cards"))) in ("pecas", "piezas", "pieces")

    def zones(self, vocab, v, pos, seated, where, expect=False):
        """{zone: content} | {faction: {zone: content}} -> (cards {key: spec}, pieces {key: {kind: (n,pos)}})."""
        cards, pieces = {}, {}
        if not isinstance(v, YDict):
            if v is not None:
                self.err("S014", pos, where=where, expected=_m("SW.a_map", self.lang))
            return cards, pieces

        def one(zname, content, kpos, faction):
            zid = self.zone(vocab, zname, kpos)
            if zid is None:
                return
            key = self.zone_key(vocab, zid, faction, kpos, seated)
            if key is None:
                return
            if self.is_piece_zone(vocab.g, zid):
                if not isinstance(content, (YDict, YList, str)) and content is not None:
                    self.err("S023", kpos, zone=vocab.name("zone", zid))
                    return
                if expect and (content is None or (isinstance(content, (YDict, YList)) and not content)):
                    pieces[key] = EMPTY        # `oficiais: {}`: no pieces at all
                    return
                pieces[key] = self.piece_counts(vocab, content, kpos, seated, where, states=True) or {}
            else:
                cards[key] = (self.card_spec(vocab, content, kpos), kpos)

        for k, x in v.items():
            kp = v.key_pos.get(k)
            f = vocab.faction(k)
            if f is not None and isinstance(x, YDict):
                if f not in seated:
                    self.faction(vocab, k, kp, seated)
                    continue
                for zk, zx in x.items():
                    one(zk, zx, x.key_pos.get(zk), f)
                continue
            owned = None if vocab.find("zone", k) else self.zone_of(vocab, k)
            if owned is not None:
                # "ZONA de FACÇÃO": a zone named with its owner, like a piece
                zname, f = owned
                if f not in seated:
                    self.faction(vocab, vocab.name("faction", f), kp, seated)
                    continue
                one(zname, x, kp, f)
            else:
                one(k, x, kp, None)
        return cards, pieces

    def zone_of(self, vocab, text):
        """"ZONA de FACÇÃO" -> (zone phrase, faction) or None."""
        words = " ".join(fold(str(text)).split()).split(" ")
        for i in range(1, len(words) - 1):
            if words[i] in vocab.of_words:
                left = " ".join(words[:i])
                f = vocab.faction(" ".join(words[i + 1:]))
                if f is not None and vocab.find("zone", left):
                    return left, f
        return None

    def attributes(self, vocab, v, pos, m, where) -> dict:
        """A space's map attributes in a position (`atributos: {clareira 5: {naipe: [raposa,
        coelho]}}`): what a map change made (a landmark's suits, a dealt suit marker) written
        into the scenario. -> {space: {attr id: (value, pos)}}; a value of an enumeration is
        its id (several: a list), a number an int, a yes/no a bool."""
        g = vocab.g
        out: dict = {}
        if not isinstance(v, YDict):
            if v is not None:
                self.err("S014", pos, where=where, expected=_m("SW.a_map", self.lang))
            return out
        kinds = (g.rs.data.get("space_kinds") or {}).values()
        space_attrs = sorted({a for attrs in (m.attrs.values() if m is not None else ()) for a in attrs}
                             | {a for sk in kinds for a in (sk.get("attributes") or {})})
        for sk, x in v.items():
            kp = v.key_pos.get(sk)
            sp = self.space(vocab, sk, kp, m)
            if sp is None:
                continue
            if not isinstance(x, YDict):
                self.err("S014", kp, where=str(sk), expected=_m("SW.a_map", self.lang))
                continue
            for ak, av in x.items():
                ap = x.key_pos.get(ak)
                hits = [h for h in vocab.find("attr", ak) if h in space_attrs] \
                    or ([str(ak)] if str(ak) in space_attrs else [])
                if not hits:
                    names = [vocab.name("attr", a) for a in space_attrs]
                    self.err("S036", ap, hint=suggest(str(ak), names), name=ak,
                             known=", ".join(names))
                    continue
                aid = hits[0]
                val = self._attr_value(vocab, aid, av, x.val_pos.get(ak) or ap, m)
                if val is not None:
                    out.setdefault(sp, {})[aid] = (val, ap)
        return out

    def _attr_value(self, vocab, aid, v, pos, m):
        g = vocab.g
        t = g.attr_types.get(aid, "")
        if t in g.enums:
            vals = g.enums[t]
            items = list(v) if isinstance(v, YList) else [v]
            got = []
            for it in items:
                ip = getattr(it, "pos", None) or pos
                hits = [h for h in vocab.find("enumval", it) if h in vals] \
                    or ([str(it)] if str(it) in vals else [])
                if not hits:
                    names = [vocab.name("enumval", x) for x in vals]
                    self.err("S037", ip, hint=suggest(str(it), names), value=it,
                             attr=vocab.name("attr", aid), known=", ".join(names))
                    return None
                got.append(hits[0])
            return got[0] if len(got) == 1 else got
        if t in ("número", "numero", "number"):
            return self.int_of(v, pos, vocab)
        if t in ("booleano", "boolean"):
            return self.bool_of(v, pos)
        if t in ("espaço", "espacio", "space"):
            return self.space(vocab, v, pos, m)
        if isinstance(v, (YList, YDict)):
            self.err("S014", pos, where=vocab.name("attr", aid), expected=_m("SW.a_text", self.lang))
            return None
        return v

    def counter_value(self, vocab, cid, v, pos, faction=None):
        """A counter's value in a position: a whole number; for a typed counter (N8, `tipo:`)
        a value of its type by name (a faction, an enumeration value; empty: no value), kept
        as the state keeps it (interpreter/small_forms.py). Another value: S035. `faction`:
        whose counter it is, for a faction's own typed counter (`fid.cid`)."""
        from ..interpreter import small_forms as _small
        vals = _small.typed_values(vocab.g, cid) if cid is not None else None
        if vals is None and cid is not None and faction is not None:
            vals = _small.typed_values(vocab.g, f"{faction}.{str(cid).split('.')[-1]}")
        if vals is None:
            return self.int_of(v, pos, vocab)
        if v is None:
            return 0
        if not isinstance(v, (bool, int, float)):
            t = str(v)
            if fold(t) in {fold(w) for w in _words("SV.none")}:
                return 0                    # "nada": no value
            hits = [h for h in vocab.find("faction", t) + vocab.find("enumval", t) if h in vals]
            f = vocab.faction(t)
            if f in vals:
                hits.insert(0, f)
            if not hits and t in vals:
                hits = [t]
            if hits:
                return vals.index(hits[0]) + 1
        names = [vocab.name("faction" if x in vocab.g.factions else "enumval", x) for x in vals]
        self.err("S035", getattr(v, "pos", None) or pos, value=v, counter=vocab.name("counter", cid),
                 known=", ".join(names), hint=suggest(str(v), names))
        return None

    def counters(self, vocab, v, pos, seated, where, only=None) -> dict:
        """{faction: {counter: n}} | {counter: {faction: n}} | {counter: n} (global)
        | with `only` (the score counter): {faction: n}.  -> {key: (n, pos)}"""
        g = vocab.g
        out = {}
        if not isinstance(v, YDict):
            if v is not None:
                self.err("S014", pos, where=where, expected=_m("SW.a_map", self.lang))
            return out

        def key_of(cid, f):
            if cid in g.counters:
                return g.counter_key(cid, f)
            return f"{f}:{cid}"

        for k, x in v.items():
            kp = v.key_pos.get(k)
            if only is not None:
                f = self.faction(vocab, k, kp, seated)
                n = self.int_of(x, v.val_pos.get(k), vocab)
                if f is not None and n is not None:
                    out[key_of(only, f)] = (n, v.val_pos.get(k))
                continue
            f = vocab.faction(k)
            if f is not None:
                if f not in seated:
                    self.faction(vocab, k, kp, seated)
                    continue
                if not isinstance(x, YDict):
                    self.err("S014", kp, where=str(k), expected=_m("SW.a_map", self.lang))
                    continue
                for ck, cx in x.items():
                    cid = self.counter(vocab, ck, x.key_pos.get(ck))
                    if cid is not None and g.per_faction(cid) and isinstance(cx, YDict):
                        # a counter with one value per other faction (`por_facção`):
                        # {FACÇÃO: {CONTADOR: {OUTRA_FACÇÃO: 3}}}
                        for ok, ox in cx.items():
                            other = self.faction(vocab, ok, cx.key_pos.get(ok), seated)
                            n = self.int_of(ox, cx.val_pos.get(ok), vocab)
                            if other is not None and n is not None:
                                out[g.pair_key(cid, f, other)] = (n, cx.val_pos.get(ok))
                        continue
                    n = self.counter_value(vocab, cid, cx, x.val_pos.get(ck), f)
                    if cid is not None and n is not None:
                        out[key_of(cid, f)] = (n, x.val_pos.get(ck))
                continue
            cid = self.counter(vocab, k, kp)
            if cid is None:
                continue
            if isinstance(x, YDict):
                for fk, fx in x.items():
                    ff = self.faction(vocab, fk, x.key_pos.get(fk), seated)
                    n = self.counter_value(vocab, cid, fx, x.val_pos.get(fk), ff)
                    if ff is not None and n is not None:
                        out[key_of(cid, ff)] = (n, x.val_pos.get(fk))
            else:
                n = self.counter_value(vocab, cid, x, v.val_pos.get(k))
                if n is not None:
                    out[cid if cid in g.counters else key_of(cid, seated[0])] = (n, v.val_pos.get(k))
        return out

    def board(self, vocab, v, pos, m, seated, where, expect=False) -> dict:
        """{space: pieces} -> {space: {kind: (n, pos)} | EMPTY}."""
        out = {}
        if v is None:
            return out
        if not isinstance(v, YDict):
            self.err("S014", pos, where=where, expected=_m("SW.a_map", self.lang))
            return out
        for k, x in v.items():
            kp = v.key_pos.get(k)
            sp = self.space(vocab, k, kp, m, _faction_spaces(vocab, seated))
            if sp is None:
                continue
            if expect and (x is None or (isinstance(x, (YDict, YList)) and not x)):
                out[sp] = EMPTY
                continue
            # "PEÇA ESTADO" (statuses on the map) and "VERSO: {FACE: n}" (face-down pieces)
            counts = self.piece_counts(vocab, x, v.val_pos.get(k) or kp, seated, str(k), states=True)
            if counts is not None:
                cur = out.setdefault(sp, {})
                for kind, (n, p) in counts.items():
                    cur[kind] = (n, p)
        return out


def _faction_spaces(vocab, seated) -> list:
    """The spaces the seated factions bring to the map (N10)."""
    g = getattr(vocab, "g", None)
    fs = getattr(g, "faction_spaces", None) or {}
    return [sp for f in (seated or ()) for sp in fs.get(f, ())]
