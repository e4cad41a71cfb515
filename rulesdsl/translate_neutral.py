"""A ruleset's data with its language removed, for comparing a ruleset with its translation;
and which enumerated values are read by their spelling (what a translation must respell)."""
from __future__ import annotations

from . import lexicon as lexmod
from .errors import fold
from .loader import YDict, YList
from .model import _object_branch, _resolve, schema
from .printer import canonical_key


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
