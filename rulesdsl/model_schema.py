"""The JSON Schema of a ruleset (grammar/schema/ruleset.schema.json), as the model reads it.

Where the schema file is (the repository's, else the installed package's), walking it to the
node of a value (`$ref`, the object branch of a `oneOf`), and what the loader does with the
values it rejects: `_prune` takes them out of the model, so that every later stage runs on the
rest and one run reports the errors of all; `_alt_types`/`_type_word` say, in the user's
language, which type was expected (M011). rulesdsl/model.py imports these names from here.
"""
from __future__ import annotations

import json
from functools import lru_cache

from .grammar_files import grammar_file
from .ytypes import YDict, YList, pos_of


def _schema_path() -> str:
    return grammar_file("schema", "ruleset.schema.json")


@lru_cache(maxsize=1)
def schema() -> dict:
    with open(_schema_path(), encoding="utf-8") as fh:
        return json.load(fh)


def _resolve(node: dict) -> dict:
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"].split("/")[-1]
        node = schema()["$defs"][ref]
    return node


def _object_branch(node):
    """For a oneOf of (string | object), the object branch."""
    node = _resolve(node)
    if "oneOf" in node:
        for alt in node["oneOf"]:
            alt = _resolve(alt)
            if alt.get("type") == "object":
                return alt
    return node



def _prune(root, errors):
    """Take the values the schema rejected out of the model, the deepest first. A declared
    thing (an entry of an id map: a phase, a piece) stays declared, emptied, so what names it
    elsewhere raises no second error; a list item (a card without `id`) goes."""
    todo = []
    for e in errors:
        path = list(e.path)
        if not path:
            continue
        in_ids = _resolve(_schema_at(path[:-1])).get("x-ids")
        if e.validator == "required" and in_ids:
            continue           # a declared thing missing a key: still declared
        required = _object_branch(_schema_at(path[:-1])).get("required", [])
        if path[-1] in required and len(path) >= 2 and isinstance(path[-2], int):
            # a list item (a hook, a card) loses a key it cannot do without: the item goes
            path = path[:-1]
            in_ids = False
        todo.append((path, in_ids))
    for path, in_ids in sorted(todo, key=lambda t: (-len(t[0]), [str(x) for x in t[0]])):
        container, key = _locate(root, path)
        if isinstance(container, dict) and key in container:
            if in_ids:
                empty = YDict()
                empty.pos = pos_of(container, key)
                container[key] = empty
            else:
                del container[key]
        elif isinstance(container, list) and isinstance(key, int) and 0 <= key < len(container):
            container[key] = _PRUNED  # keep the other items' indexes (and positions)
    _drop_nones(root)


def _schema_at(path):
    """The schema node of the value at `path` of a neutral file."""
    node = schema()
    for p in path:
        node = _resolve(node)
        if isinstance(p, int):
            node = node.get("items", {}) if node.get("type") == "array" else {}
        else:
            node = _object_branch(node)
            if node.get("x-ids"):
                node = node.get("additionalProperties", {})
            else:
                node = node.get("properties", {}).get(p, {})
    return node


_PRUNED = object()


def _drop_nones(v):
    """Items pruned from a list are marked; take them out with their positions."""
    if isinstance(v, YDict):
        for x in v.values():
            _drop_nones(x)
    elif isinstance(v, YList):
        keep = [i for i, x in enumerate(v) if x is not _PRUNED]
        if len(keep) != len(v):
            items, pos = list(v), list(v.item_pos)
            v[:] = [items[i] for i in keep]
            v.item_pos[:] = [pos[i] for i in keep if i < len(pos)]
        for x in v:
            _drop_nones(x)


def _locate(root, path):
    cur, key = root, None
    for p in path:
        if key is not None:
            try:
                cur = cur[key]
            except (KeyError, IndexError, TypeError):
                return cur, None
        key = p
    return cur, key


def _alt_types(alts):
    out = []
    for a in alts:
        a = _resolve(a)
        t = a.get("type")
        if t is None and "oneOf" in a:
            out += _alt_types(a["oneOf"])
        elif isinstance(t, list):
            out += t
        elif t:
            out.append(t)
    return out


def _type_word(expected, lang):
    if isinstance(expected, list):
        return " | ".join(_type_word(e, lang) for e in expected)
    words = {"pt": {"string": "texto", "integer": "número inteiro", "number": "número",
                    "object": "mapa", "array": "lista", "boolean": "sim/não"},
             "es": {"string": "texto", "integer": "número entero", "number": "número",
                    "object": "mapa", "array": "lista", "boolean": "sí/no"}}
    return words.get(lang, words["pt"]).get(expected, expected)
