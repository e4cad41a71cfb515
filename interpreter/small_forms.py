"""N8 and N18: small generic forms that the game definition reads from the data.

* typed counters (`tipo: naipe`, `tipo: facção`): a counter that holds an enumeration value or a
  faction. The state keeps every counter an integer (copies, journal, encodings stay as they
  are): a typed counter keeps 0 for "no value" and i + 1 for the i-th value of its type;
  `decode`/`encode` turn that into the value and back (rulesdsl/compiler/ reads,
  interpreter/verbs/ `defina`).
* `tabela:` on a derived value: the base looked up in rows of ranges ("0", "1-2", "4+").
* `removível_em: [ações]` on a piece: removable only while one of those actions is performed.
* `zonas_públicas: [mão]` on a faction: its player zones that everybody sees.
"""
from __future__ import annotations

import copy
import re

from ..errors import suggest, format_message
from ..ytypes import pos_of
from ..lexicon import get as _lexicon


def _lang(x, g):
    return getattr(x, "_lang", None) or g.lang


class TypedValueError(Exception):
    """A value a typed counter cannot hold, or a base value no row of a table takes: an error of
    the ruleset met during play (never silent)."""

    def __init__(self, code, lang, **args):
        self.code = code
        super().__init__(f"{code}: " + format_message(code, lang, args))


# ---------------------------------------------------------------------------------------------
# typed counters

def counter_types(g, d) -> dict:
    """{counter id: tuple of the values it may hold} for the counters with a `tipo:` other than
    `número`. Checks the declarations (M111–M113) and stores each typed counter's `inicial:`
    encoded, so the state is built as for any counter."""
    out = {}
    g.faction_counters_typed = set()      # the counters that hold a faction
    facs = tuple(str(f) for f in (d.get("factions") or {}))
    items = [(cid, c, cid, g.counters) for cid, c in g.counters.items()]
    for fid, cs in g.faction_counters.items():
        items += [(f"{fid}.{cid}", c, cid, cs) for cid, c in cs.items()]
    for key, c, cid, table in items:
        if not isinstance(c, dict):
            continue
        if c.get("type") is None:
            _number_initial(g, c, key)
            continue
        t = str(c["type"])
        lang = _lang(c, g)
        lex = _lexicon(lang)
        # `número`/`facção` in the file's language (or in another one: a translated file keeps
        # the values of free-text keys as written)
        neutral = lex.value_of(t)
        if neutral is None:
            from ..lexicon import available
            neutral = next((n for n in (_lexicon(x).value_of(t) for x in available()) if n), None)
        if neutral == "number":
            _number_initial(g, c, key)
            continue
        if neutral == "faction":
            vals = facs
            g.faction_counters_typed.add(key)
        elif t in g.enums:
            vals = tuple(g.enums[t])
        else:
            known = [lex.spell_value("number"), lex.spell_value("faction")] + sorted(g.enums)
            g.diags.add("M111", pos_of(c, "type"), lang, value=t, known=", ".join(known),
                        hint=suggest(t, known))
            continue
        for k in ("min", "max", "per_faction"):
            if c.get(k) is not None:
                g.diags.add("M112", pos_of(c, k), lang, name=cid, kind=t, key=lex.spell_key(k))
        init = c.get("initial")
        code = 0
        if init is not None:
            if str(init) in vals:
                code = vals.index(str(init)) + 1
            else:
                g.diags.add("M113", pos_of(c, "initial"), lang, name=cid, kind=t, value=init,
                            known=", ".join(vals))
        nc = copy.copy(c)
        nc["initial"] = code
        table[cid] = nc
        out[key] = vals
    return out


def _number_initial(g, c, key):
    """A number counter's `inicial:` is a whole number (the schema lets a text through for the
    typed counters): anything else is the shape error M011, at the value."""
    init = c.get("initial")
    if init is None or (isinstance(init, int) and not isinstance(init, bool)):
        return
    from ..model import _type_word
    lang = _lang(c, g)
    lex = _lexicon(lang)
    parts = (["factions", key.split(".", 1)[0]] if "." in key else []) + \
        ["counters", key.split(".", 1)[-1], "initial"]
    where = ".".join(lex.spell_key(p) if p in ("factions", "counters", "initial") else p for p in parts)
    g.diags.add("M011", pos_of(c, "initial"), lang, where=where, expected=_type_word("integer", lang))


def typed_values(g, cid):
    """The values the counter `cid` holds (a tuple), or None for a plain number counter."""
    ct = g.counter_types
    if not ct:
        return None
    return ct.get(cid)


def typed_of_key(g, key):
    """The values a counter of the state holds ('proscrito', 'lagartos:lagartos.odiado',
    'malandro:ajuda@marqueses'): a tuple for a typed counter, else None."""
    ct = g.counter_types
    if not ct:
        return None
    k = str(key)
    owner = None
    if ":" in k:
        owner, k = k.split(":", 1)
    k = k.split("@", 1)[0]
    vals = ct.get(k)
    if vals is None and owner is not None:
        vals = ct.get(f"{owner}.{k.split('.')[-1]}")
    return vals


def decode(vals, v):
    return vals[v - 1] if isinstance(v, int) and 0 < v <= len(vals) else None


def encode(g, cid, vals, v, lang=None):
    if v is None:
        return 0
    try:
        return vals.index(v) + 1
    except ValueError:
        raise TypedValueError("M113", lang or g.lang, name=cid, kind="?", value=v,
                              known=", ".join(vals)) from None


# ---------------------------------------------------------------------------------------------
# tables of ranges

_ROW = re.compile(r"^\s*(-?\d+)\s*(?:(\+)|[-–]\s*(-?\d+))?\s*$")


def table_rows(g, did, dv):
    """[(low, high, value)] sorted, from `tabela:`; M114 for a key that is no range, M115 for
    rows that overlap or leave a gap."""
    table = dv.get("table")
    lang = _lang(dv, g)
    rows = []
    for k, v in table.items():
        m = _ROW.match(str(k))
        pos = table.key_pos.get(k) if hasattr(table, "key_pos") else None
        if m is None or (m.group(3) is not None and int(m.group(3)) < int(m.group(1))):
            g.diags.add("M114", pos or pos_of(dv, "table"), lang, key=k)
            continue
        lo = int(m.group(1))
        hi = float("inf") if m.group(2) else int(m.group(3) if m.group(3) is not None else lo)
        rows.append((lo, hi, v, str(k), pos))
    rows.sort(key=lambda r: r[0])
    for a, b in zip(rows, rows[1:]):
        if b[0] != a[1] + 1:
            g.diags.add("M115", b[4] or pos_of(dv, "table"), lang, a=a[3], b=b[3])
    return [(lo, hi, v) for lo, hi, v, _, _ in rows]


def table_lookup(g, did, dv, base):
    """The derived value's base, looked up in its table. A base value no row takes is an error
    of the ruleset (M117), raised in play."""
    rows = table_rows(g, did, dv)
    lang = _lang(dv, g)

    def lookup(ctx):
        x = base(ctx) if base is not None else 0
        for lo, hi, v in rows:
            if lo <= x <= hi:
                return v
        raise TypedValueError("M117", lang, name=did, value=x)
    return lookup


# ---------------------------------------------------------------------------------------------
# pieces and zones

def removable_in(g, pid, p, c):
    acts = p.get("removable_in") if isinstance(p, dict) else None
    if not acts:
        return
    pk = g.piece_kinds[pid]
    if not pk.removable:
        lang = _lang(p, g)
        g.diags.add("M118", pos_of(p, "removable_in"), lang, name=pid,
                    key=_lexicon(lang).spell_key("removable_in"))
        return
    ids = set()
    for a in acts:
        ids.add(str(a))
        if pk.owner is not None:
            ids.add(f"{pk.owner}.{a}")      # an action of the piece's own faction
    pk.removable_in = frozenset(ids)


def can_remove(pk, acts) -> bool:
    """May a rule remove a piece of kind `pk` now? `removível: não`: never; `removível_em:`:
    only while one of its actions is performed (`acts`, the actions in progress)."""
    if not pk.removable:
        return False
    r = pk.removable_in
    return r is None or not r.isdisjoint(acts)


def removal_forbidden(ctx, sp, kind, by) -> bool:
    """A prohibition of `remoção` (es `retirada`) forbids `by` to remove this piece from space
    sp (a hireling's pieces no enemy removes, Root E.2.2): the piece stays as a piece
    `removível: não` does. Rulesets with no such prohibition, and games without the faction
    whose prohibition it is, pay one look-up (proof_cuts)."""
    if not _cuts.prohibits_removal(ctx.g, ctx.s):
        return False
    return _hooks.prohibited(ctx, "removal", sp, kind, by)


def public_zones(g, d) -> dict:
    """{faction: frozenset of its player zones everybody sees} (`zonas_públicas:`)."""
    out = {}
    for fid, f in (d.get("factions") or {}).items():
        zs = f.get("public_zones") if isinstance(f, dict) else None
        if not zs:
            continue
        ok = set()
        for i, z in enumerate(zs):
            if str(z) not in g.player_zones:
                g.diags.add("M119", pos_of(zs, i), _lang(f, g), value=z)
                continue
            ok.add(str(z))
        out[str(fid)] = frozenset(ok)
    return out


# Below the definitions (removal_forbidden, a hot path, read it at each call): hooks reads
# modules that read this one.
from . import hooks as _hooks  # noqa: E402
from . import proof_cuts as _cuts  # noqa: E402
