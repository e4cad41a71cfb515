"""Write grammar/schema/ruleset.schema.json: the JSON Schema (Draft 2020-12) of the neutral model.

The schema is written here as Python data because several fragments repeat; the JSON file is
the artifact the loader reads. Run `python tools/gen_schema.py` after editing. Keys are the
language-neutral names; grammar/lexicon/<lang>.yaml spells them in each language.

Two extensions guide the key translation (rulesdsl/model.py):
  x-ids: true         the object's keys are ids chosen by the author (kept as written)
  x-attributes: KIND  keys not in `properties` are attributes declared by the ruleset
                      (`card_attributes`, a space kind's `attributes`), spelled by their names
"""
import json
import os

S = {"type": "string"}
INT = {"type": "integer"}
NUM = {"type": "number"}
BOOLISH = {"$ref": "#/$defs/boolish"}
EXPR = {"$ref": "#/$defs/expr"}
LAW = {"$ref": "#/$defs/law"}
NAME = {"$ref": "#/$defs/name"}
# documentation keys, accepted on every object: notes, sources, flags about the data itself
ANNOT = {"note": {}, "source": {}, "single_source": BOOLISH, "ref_en": {}, "law": LAW,
         "same_as": {}, "alt_name": {}, "total": {}, "computed": BOOLISH}


def obj(props=None, required=(), ids=None, attrs=None, extra=True):
    o = {"type": "object", "properties": dict(ANNOT, **(props or {}))}
    if required:
        o["required"] = list(required)
    if ids is not None:
        o = {"type": "object", "x-ids": True, "additionalProperties": ids}
    elif attrs:
        o["x-attributes"] = attrs
    elif not extra:
        o["additionalProperties"] = False
    return o


def idmap(item):
    return {"type": "object", "x-ids": True, "additionalProperties": item}


RULE = {"oneOf": [EXPR, obj({"effect": EXPR, "name": NAME, "id": S, "condition": EXPR,
                              "text": {}, "optional": BOOLISH, "phase": S})]}
RULES = {"type": "array", "items": RULE}
EVENT = obj({"event": S, "pieces": {}, "owner": S, "by": S, "space": S, "count": S, "tag": S,
             "cause": S, "card": S, "faction": S, "phase": S, "from": S, "to": S})
HOOK_TRIGGER = obj({"when": EVENT, "condition": EXPR, "effect": EXPR, "optional": BOOLISH,
                    "name": NAME, "id": S}, required=["when", "effect"])
HOOK_REPLACE = obj({"instead_of": EVENT, "condition": EXPR, "effect": EXPR, "name": NAME, "id": S},
                   required=["instead_of", "effect"])
HOOK_PROHIBIT = obj({"when": EVENT, "condition": EXPR, "name": NAME, "id": S}, required=["when"])
HOOK_MODIFY = obj({"value": S, "condition": EXPR, "add": EXPR, "set": EXPR, "tie_break": EXPR,
                   "name": NAME, "id": S}, required=["value"])
ACTION = obj({"name": NAME, "effect": EXPR, "params": idmap(S), "limit_per_turn": INT,
              "requires": EXPR, "free": BOOLISH, "menu": BOOLISH, "text": {},
              # the action's effect is not stopped by `proibições:` (yes, or a list of events)
              "ignores_prohibitions": {"oneOf": [BOOLISH, {"type": "array", "items": S}]}},
             required=["effect"])
ATTRIBUTE = obj({"type": S, "name": NAME, "default": {}, "values": {}, "category": S})
ZONE = obj({"name": NAME, "content": S, "hidden": BOOLISH, "category": S, "ordered": BOOLISH,
            "refill_from": S,
            # a limit checked by the invariants once the owner's `limit_phase` is over (hand limit)
            "limit": INT, "limit_phase": S,
            # how many cards the zone takes (an integer, or {count, condition}: only while the
            # condition holds for the zone's owner); a card that would enter it full is discarded
            "capacity": {"oneOf": [INT, obj({"count": INT, "condition": EXPR})]}})
COUNTER = obj({"name": NAME, "scope": S, "initial": INT, "min": INT, "max": INT, "per_faction": BOOLISH})
CARD = obj({"id": S, "name": NAME, "copies": INT, "text": {}, "effect": EXPR, "zone": S,
            "tags": {"type": "array", "items": S}}, required=["id"], attrs="card")
PIECE = obj({"name": NAME, "category": S, "count": INT, "occupies": S, "removable": BOOLISH,
             "tags": {"type": "array", "items": S}, "tracks": idmap({"oneOf": [{"type": "array"}, obj({"name": NAME, "values": {"type": "array"}})]}),
             "expansions": {}, "per_value": {},
             # pieces of these categories (or kinds) in the same space are face down (hidden)
             "covers": {"oneOf": [S, {"type": "array", "items": S}]}}, attrs="piece")   # + declared attributes (a printed suit)

schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://rulesdsl.example/ruleset.schema.json",
    "title": "rulesdsl ruleset file (language-neutral keys)",
    "type": "object",
    "$defs": {
        "boolish": {"type": ["boolean", "string"]},
        "expr": {"type": ["string", "number"]},
        "law": {"type": ["string", "number", "array"]},
        "name": {"type": ["string", "array", "object"]},
    },
    "properties": {
        "language": S,
        # overlays (rulesdsl/overlay.py): the ruleset this folder extends, and the paths of the
        # base's entries it replaces or removes
        "base": S, "replaces": {"type": "array", "items": S}, "removes": {"type": "array", "items": S},
        "game": obj({"id": S, "name": NAME, "players": obj({"min": INT, "max": INT}),
                     "round_limit": INT, "score": S, "victory_score": INT,
                     "turn": {"type": "array", "items": S}, "setup": RULES, "map": S,
                     # a list inside the order: those factions set up in a random order
                     "deck": S, "setup_order": {"type": "array", "items": {"oneOf": [S, {"type": "array", "items": S}]}},
                     "law_document": S,
                     # where the text catalogue lives when not in this folder (a generated
                     # translation points at its source's `texto/`)
                     "text_folder": S,
                     # {number of players: least total `reach` of the seated factions} (a warning)
                     "min_reach": idmap(INT)}),
        "enums": idmap(obj({"name": NAME, "values": idmap(obj({"name": NAME, "wild": BOOLISH},
                                                            attrs="enumval"))})),
        "space_kinds": idmap(obj({"name": NAME, "attributes": idmap(ATTRIBUTE)})),
        "edge_kinds": idmap(obj({"name": NAME, "adjacency": BOOLISH})),
        "piece_categories": idmap(obj({"name": NAME, "faction_owned": BOOLISH, "rules": BOOLISH,
                                       "occupies": S, "hit_order": INT, "removable": BOOLISH})),
        "neutral_pieces": idmap(PIECE),
        "piece_sets": idmap(obj({"name": NAME, "items": idmap(INT)})),
        "card_attributes": idmap(ATTRIBUTE),
        "tags": idmap(obj({"name": NAME})),
        "zones": idmap(ZONE),
        "player_zones": idmap(ZONE),
        "counters": idmap(COUNTER),
        "phases": idmap(obj({"name": NAME})),
        "dice": idmap(obj({"name": NAME, "faces": {"type": "array", "items": INT}})),
        "maps": idmap(obj({"name": NAME, "spaces": idmap(obj({"type": S, "name": NAME}, attrs="space")),
                           "edges": idmap({"type": "array", "items": {"type": "array"}})},
                          attrs="map") | {"x-open": True}),
        "decks": idmap(obj({"name": NAME, "cards": {"type": "array", "items": CARD}, "per_value": {},
                            "setup": {}})),
        "factions": idmap(obj({
            "name": NAME, "setup_letter": S, "reach": INT, "copy_of": S,
            # expansions whose pieces join the box when this faction is seated (9.7)
            "expansions": {"type": "array", "items": S},
            "pieces": idmap(PIECE), "zones": idmap(ZONE), "counters": idmap(COUNTER),
            "cards": {"type": "array", "items": CARD},
            "setup": RULES, "turn": idmap(RULES), "actions": idmap(ACTION),
            "triggers": {"type": "array", "items": HOOK_TRIGGER},
            "replacements": {"type": "array", "items": HOOK_REPLACE},
            "modifiers": {"type": "array", "items": HOOK_MODIFY},
            "prohibitions": {"type": "array", "items": HOOK_PROHIBIT},
            "derived": idmap(obj({"name": NAME, "param": S, "base": EXPR,
                                  "context": {"type": "array", "items": S}})),
        })),
        "actions": idmap(ACTION),
        "derived": idmap(obj({"name": NAME, "param": S, "base": EXPR,
                              "context": {"type": "array", "items": S}})),
        "triggers": {"type": "array", "items": HOOK_TRIGGER},
        "replacements": {"type": "array", "items": HOOK_REPLACE},
        "modifiers": {"type": "array", "items": HOOK_MODIFY},
        "prohibitions": {"type": "array", "items": HOOK_PROHIBIT},
        "victory": {"type": "array", "items": obj({"condition": EXPR, "when": S, "name": NAME})},
        "turn_rules": idmap(RULES),
        "piece_statuses": idmap(obj({"name": NAME, "set_verb": NAME, "clear_verb": NAME})),
    },
}

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(os.path.dirname(here), "grammar", "schema", "ruleset.schema.json")
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(schema, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    print(out)
