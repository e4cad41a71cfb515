"""Write grammar/schema/ruleset.schema.json: the JSON Schema (Draft 2020-12) of the neutral model.

The schema is written here as Python data because several fragments repeat; the JSON file is
the artifact the loader reads. Run `python tools/gen_schema.py` after editing. Keys are the
language-neutral names; grammar/lexicon/<lang>.yaml spells them in each language.

Extensions guide the key translation and the vocabulary checks (rulesdsl/model.py,
rulesdsl/checks_vocab.py):
  x-ids: true         the object's keys are ids chosen by the author (kept as written)
  x-attributes: KIND  keys not in `properties` are attributes declared by the ruleset
                      (`card_attributes`, a space kind's `attributes`), spelled by their names
  x-values: [...]     the string is one of these neutral values, spelled by the file's lexicon
                      (`values:`); anything else is an error (M044)
  x-ref: KIND         the string is the id of a declared thing of that kind (M043)
  x-key-ref: KIND     the keys of this id map are ids of declared things of that kind (M043);
                      for phases, a phase's name in any language is read as its id
  x-var: true         the string is a variable (one capital letter and up to 3 more: F, C, AT)
  x-rel: true         `você`/`inimigo`/`qualquer` (their spellings), or a variable

Besides the neutral schema, one schema per language (ruleset.pt.schema.json, ...) spells every
key and value in that language, for editors with a YAML language server (docs/linguagem.md §7).
"""
import json
import os
import sys

S = {"type": "string"}
# every integer of a ruleset is a count, a score or a limit: bounded, so a typo like 10^12
# copies or pieces cannot make a game allocate without end (issue 21)
INT = {"type": "integer", "minimum": -1000000, "maximum": 1000000}
NUM = {"type": "number"}
BOOLISH = {"$ref": "#/$defs/boolish"}
EXPR = {"$ref": "#/$defs/expr"}
EFFECT = {"$ref": "#/$defs/effect"}   # an effect is words: a number there would do nothing
LAW = {"$ref": "#/$defs/law"}
NAME = {"$ref": "#/$defs/name"}


def ref(kind):
    return {"type": "string", "x-ref": kind}


def values(*names):
    return {"type": "string", "x-values": list(names)}


VAR = {"type": "string", "x-var": True}
REL = {"type": "string", "x-rel": True}
# the events the engine makes happen (interpreter/verbs/, interpreter/engine.py)
EVENTS = ["placement", "removal", "removal_prevented", "movement", "hits", "discard", "counter",
          "phase_start", "phase_end", "turn_start", "turn_end", "flip", "action_done", "draw", "step",
          "reveal", "craft", "control"]
EVENT_NAME = values(*EVENTS)
# documentation keys, accepted on every object: notes, sources, flags about the data itself
ANNOT = {"note": {}, "source": {}, "single_source": BOOLISH, "ref_en": {}, "law": LAW,
         "same_as": {}, "alt_name": {}, "total": {}, "computed": BOOLISH,
         # a named thing's gender and plural, when its name's ending does not show them
         "gender": {"type": ["string", "object"]}, "plural": {"type": ["string", "object"]}}


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


RULE = {"oneOf": [EFFECT, obj({"effect": EFFECT, "name": NAME, "id": S, "condition": EXPR,
                              "text": {}, "optional": BOOLISH, "phase": S})]}
RULES = {"type": "array", "items": RULE}
# which of these fields each event carries: rulesdsl/checks_vocab.py (EVENT_FIELDS)
EVENT = obj({"event": EVENT_NAME, "pieces": {"oneOf": [S, {"type": "array", "items": S}]},
             "owner": REL, "by": REL, "space": VAR, "count": VAR, "tag": ref("tag"),
             "cause": ref("action"), "not_cause": ref("action"), "card": VAR, "phase": S, "from": VAR, "to": VAR,
             # `movimento`: the path moved along, when its edge kind holds pieces (N18)
             "path": VAR,
             # `danos`: who chooses the pieces the hits remove (the owner or the verb's `por E`)
             "chooser": VAR,
             # `action_done`: the action performed (interpreter/gamedef.py, Action.perform)
             "action": ref("action"),
             # a declared step of an action (`passos:`) and its roles (N4)
             "step": ref("step"), "attacker": REL, "defender": REL,
             # N9: made by the turn's own rules (the Evening draw), not a trigger or an action
             "turn_rule": BOOLISH},
            required=["event"])
HOOK_TRIGGER = obj({"when": EVENT, "condition": EXPR, "effect": EFFECT, "optional": BOOLISH,
                    "name": NAME, "id": S}, required=["when", "effect"])
HOOK_REPLACE = obj({"instead_of": EVENT, "condition": EXPR, "effect": EFFECT, "name": NAME, "id": S,
                    # several match one event: the higher first, then the declared order
                    "priority": INT,
                    # N9: a removal's pieces go to this piece zone of 'você' instead of the supply
                    "destination": ref("zone")},
                   required=["instead_of"])
HOOK_PROHIBIT = obj({"when": EVENT, "condition": EXPR, "name": NAME, "id": S}, required=["when"])
# `valor: governante` (who rules a space, interpreter/rule.py) also reads: `peças:` (ids of
# pieces or categories) with `peso:` (their weight; `nível:` their tier) or `contam_para:` (the
# faction they count for), and `espaço: C` (the space being ruled, for the expressions)
PIECE_IDS = {"oneOf": [ref("piece_or_category"), {"type": "array", "items": ref("piece_or_category")}]}
HOOK_MODIFY = obj({"value": S, "condition": EXPR, "add": EXPR, "set": EXPR, "tie_break": EXPR,
                   "pieces": PIECE_IDS, "weight": EXPR, "tier": {"type": "integer", "minimum": 1, "maximum": 100},
                   "counts_for": EXPR, "space": VAR,
                   # App. E: a hireling's modifier that holds only for the hireling itself
                   "hireling_only": BOOLISH,
                   "name": NAME, "id": S}, required=["value"])
# `governo:`: which pieces count for rule, with what weight (a list: 1 each), in tiers
# (one shape for both, not a oneOf: a wrong weight is reported at the weight itself)
RULE_WEIGHTS = {"type": ["array", "object"], "items": ref("piece_or_category"), "x-ids": True,
                "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 1000},
                "x-key-ref": "piece_or_category"}
RULE = obj({"pieces": RULE_WEIGHTS,
            "tiers": {"type": "array", "minItems": 1, "items": obj({"pieces": RULE_WEIGHTS}, required=["pieces"])}})
ACTION = obj({"name": NAME, "effect": EFFECT, "params": idmap(VAR),
              # a number, or {count, by: a parameter}: that many times per turn for each value
              # of the parameter (once per suit, per clearing, per card)
              "limit_per_turn": {"oneOf": [INT, obj({"count": INT, "by": S}, required=["count", "by"])]},
              "requires": EXPR, "free": BOOLISH, "menu": BOOLISH, "text": {},
              # the action's effect is not stopped by `proibições:` (yes, or a list of events)
              "ignores_prohibitions": {"oneOf": [BOOLISH, {"type": "array", "items": EVENT_NAME}]},
              # an action window: offered in every action menu of these phases of the chooser's
              # own turn, to any player or to the owners of the card it is declared on
              "available": obj({"phases": {"type": "array", "items": ref("phase"), "minItems": 1},
                                "who": values("any_player", "card_owner", "controller"),
                                # also at the start of each of those phases of the chooser's turn,
                                # before its rules (a player's turn with no menu in a phase)
                                "at_phase_start": BOOLISH,
                                # also between the steps of those phases' turn rules (never inside
                                # an action, Root 1.4.2), and at their start
                                "anytime": BOOLISH,
                                # the window closes in this phase once the turn's own rules draw
                                "until_draw": ref("phase")},
                               required=["phases"]),
              # N4: declared steps raising events, the roles they carry, the variables their
              # hooks share with the action
              "steps": idmap(obj({"name": NAME})),
              "roles": obj({"attacker": VAR, "defender": VAR}),
              "context": {"type": "array", "items": VAR},
              # N7: the action crafts the card in this variable (event `criação` once it is done)
              "crafts": VAR},
             required=["effect"])
# an attribute's type: número, booleano, espaço, peça, texto, zona, an enumeration's id, or
# "lista de X" (X an enumeration or a tag) — checked by rulesdsl/checks_vocab.py (M044)
ATTRIBUTE = obj({"type": {"type": "string", "x-attr-type": True}, "name": NAME, "default": {}, "values": {}, "category": S,
                 # a space with no value for it matches every value (else: none) — maps
                 "wild_if_absent": BOOLISH})
ZONE = obj({"name": NAME, "content": values("cards", "pieces"), "hidden": BOOLISH,
            "category": ref("category"), "ordered": BOOLISH, "refill_from": ref("zone"),
            # a limit checked by the invariants once the owner's `limit_phase` is over (hand limit)
            "limit": INT, "limit_phase": S,
            # the cards here are in play: their actions are their owner's (interpreter/card_scope.py)
            "in_play": BOOLISH,
            # how many cards the zone takes (an integer, or {count, condition}: only while the
            # condition holds for the zone's owner); a card that would enter it full is discarded
            "capacity": {"oneOf": [INT, obj({"count": INT, "condition": EXPR})]}})
COUNTER = obj({"name": NAME, "scope": values("player", "global"), "initial": INT, "min": INT, "max": INT, "per_faction": BOOLISH,
               # a hidden counter (N13): its value is seen only by its owner until revealed
               "hidden": BOOLISH})
CARD = obj({"id": S, "name": NAME, "copies": INT, "text": {}, "effect": EFFECT, "zone": ref("zone"),
            "tags": {"type": "array", "items": ref("tag")},
            # the card's own actions: its owner's while it lies in a zone `in_play` (N5)
            "actions": idmap(ACTION),
            # the card's own hooks: active while it lies in a play area, 'você' = its owner (N5)
            "triggers": {"type": "array", "items": HOOK_TRIGGER},
            "replacements": {"type": "array", "items": HOOK_REPLACE},
            # ... and its own modifiers (of a derived value, or of who rules: `valor: governante`)
            "modifiers": {"type": "array", "items": HOOK_MODIFY},
            # adjacency its owner has while it lies in play (N2): edges of these kinds, and
            # edges between the spaces holding the owner's pieces of these kinds, categories
            # or tags
            "adjacencies": obj({"edges": {"type": "array", "items": ref("edgekind"), "minItems": 1},
                                "between_spaces_with": {"oneOf": [
                                    ref("piece_category_or_tag"),
                                    {"type": "array", "items": ref("piece_category_or_tag")}]}})},
           required=["id"], attrs="card")
# a piece's tracks: one value per piece (`count`), checked by rulesdsl/checks_vocab.py
PIECE = obj({"name": NAME, "category": ref("category"), "count": INT, "occupies": ref("attr"),
             "removable": BOOLISH,
             "tags": {"type": "array", "items": ref("tag")}, "tracks": idmap({"oneOf": [{"type": "array"}, obj({"name": NAME, "values": {"type": "array"}})]}),
             "expansions": {}, "per_value": {},
             # pieces of these categories (or kinds) in the same space are face down (hidden)
             "covers": {"oneOf": [ref("piece_or_category"),
                                  {"type": "array", "items": ref("piece_or_category")}]},
             # the piece's other side (a piece kind); on that back kind: who sees which face
             # lies under a face-down piece (interpreter/gamedef_tables.py `read_sides`)
             "back": ref("piece"), "seen_by": values("owner", "nobody")}, attrs="piece")   # + declared attributes (a printed suit)

DERIVED = obj({"name": NAME, "param": VAR, "base": EXPR, "context": {"type": "array", "items": VAR}})

# --- N8 / N18 (small generic forms) -----------------------------------------------------------
# a counter that holds an enumeration value or a faction (`tipo: naipe`, `tipo: facção`)
COUNTER["properties"]["type"] = S
COUNTER["properties"]["initial"] = {"oneOf": [INT, S]}     # a typed counter's first value
# a derived value looked up in a table of ranges of its base: {"0": 1, "1-2": 2, "4+": 4}
DERIVED["properties"]["table"] = {"type": "object", "x-ids": True, "additionalProperties": INT}
# a piece removable only while one of these actions is being performed (Law 14.2.2)
PIECE["properties"]["removable_in"] = {"type": "array", "items": ref("action"), "minItems": 1}


# the faction choice (N12, interpreter/seating.py), with the draft of Law A.8.1: the factions
# offered are revealed by chance, group by group
FACTION_CHOICE = obj({"law": LAW, "order": values("reverse", "forward"),
                      "pool": {"type": "array", "items": ref("faction")},
                      "dealt": BOOLISH, "on_choose": RULES,
                      "reveal_factions": {"type": "array", "items": obj({
                          "law": LAW, "groups": {"type": "array", "items": S},
                          "count": {"type": ["integer", "string"], "x-values": ["per_player"]}},
                          required=["groups", "count"])},
                      "removed_with_players": idmap({"type": "array", "items": S}),
                      "lock_last": obj({"law": LAW, "group": S, "until": S},
                                       required=["group", "until"])})
# A.5: the landmarks step of a setup: how many may be chosen (A.5.1) and who places them
# (from the last seat backwards: `reverse`, A.5.3)
LANDMARK_STEP = obj({"law": LAW, "counts": {"type": "array", "items": INT, "minItems": 1},
                     "order": values("reverse", "forward")}, required=["counts"])
# A.6 (interpreter/hirelings.py): how many hireling cards are dealt, and how many of them
# are turned to their demoted side by number of players
HIRELING_DEAL = obj({"law": LAW, "count": INT, "demoted": idmap(INT),
                     # A.6.3: each seat in turn (from the last: `reverse`) chooses which of the
                     # hirelings not yet set up it sets up
                     "set_up_by": obj({"law": LAW, "order": values("reverse", "forward")})},
                    required=["count"])

schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://rulesdsl.example/ruleset.schema.json",
    "title": "rulesdsl ruleset file (language-neutral keys)",
    "type": "object",
    "$defs": {
        "boolish": {"type": ["boolean", "string"], "x-values": ["true", "false"]},
        "expr": {"type": ["string", "number"]},
        "effect": {"type": "string"},
        "law": {"type": ["string", "number", "array"]},
        # a name, its spellings, or {language: name(s)}: the languages are checked (M050)
        "name": {"type": ["string", "array", "object"], "x-lang-keys": True},
    },
    "properties": {
        "language": S,
        # overlays (rulesdsl/overlay.py): the ruleset this folder extends, and the paths of the
        # base's entries it replaces or removes
        "base": S, "replaces": {"type": "array", "items": S}, "removes": {"type": "array", "items": S},
        "game": obj({"id": S, "name": NAME, "players": obj({"min": INT, "max": INT}),
                     "round_limit": INT, "score": ref("counter"), "victory_score": INT,
                     "turn": {"type": "array", "items": ref("phase")}, "setup": RULES,
                     "map": ref("map"),
                     # a list inside the order: those factions set up in a random order
                     "deck": ref("deck"),
                     "setup_order": {"type": "array", "items": {"oneOf": [
                         ref("faction"), {"type": "array", "items": ref("faction")}]}},
                     "law_document": S,
                     # where each piece began its current move, kept while it lasts (a turn):
                     # `mande de volta` sends pieces there (interpreter/state.py, verbs/moving.py)
                     "move_origins": obj({"lasts": values("turn")}, required=["lasts"]),
                     # seats (N12, interpreter/seating.py): the turn order drawn at the start, and
                     # the factions chosen (or dealt) during setup, each set up at once
                     "turn_order": values("random", "random_first"),
                     "faction_choice": FACTION_CHOICE,
                     # rules run after the factions set up (Scythe: who starts)
                     "after_factions": RULES,
                     # other setups (Law A), chosen when the game is made (Game(setup=...),
                     # `--preparacao`): each replaces the game's setup rules, turn order and
                     # faction choice, and may add rules run after the factions set up
                     "setups": idmap(obj({"name": NAME, "law": LAW, "setup": RULES,
                                          "turn_order": values("random", "random_first"),
                                          "faction_choice": FACTION_CHOICE,
                                          "after_factions": RULES,
                                          # A.5: landmarks (`landmarks:` below), when the game
                                          # is made with some (Game(landmarks=...), `--marcos`)
                                          "landmarks": LANDMARK_STEP,
                                          # A.6: hireling cards dealt, demoted by player count
                                          # (interpreter/hirelings.py)
                                          "hirelings": HIRELING_DEAL,
                                          # a yes/no option under which the factions set up
                                          # as in the game's own setup (interpreter/setup_limits.py)
                                          "standard_factions_with": S})),
                     # at most `max` of `factions` set up by their own setup rules; else the
                     # game is refused, naming `setup` (interpreter/setup_limits.py)
                     "faction_limits": {"type": "array", "items": obj({
                         "law": LAW, "factions": {"type": "array", "items": ref("faction")},
                         "max": INT, "setup": S}, required=["factions", "max"])},
                     # where the text catalogue lives when not in this folder (a generated
                     # translation points at its source's `texto/`)
                     "text_folder": S,
                     # {number of players: least total `reach` of the seated factions} (a warning)
                     "min_reach": idmap(INT),
                     # hirelings (App. E, interpreter/hirelings.py): the counter (`tipo: facção`)
                     # that names each hireling's controller
                     "hirelings": obj({"law": LAW, "controller": ref("counter")},
                                      required=["controller"])}),
        "enums": idmap(obj({"name": NAME, "values": idmap(obj({"name": NAME, "wild": BOOLISH},
                                                            attrs="enumval"))})),
        "space_kinds": idmap(obj({"name": NAME, "attributes": idmap(ATTRIBUTE)})),
        # `adjacency_if`: a condition (for the acting faction) under which the kind is adjacency
        "edge_kinds": idmap(obj({"name": NAME, "adjacency": BOOLISH, "adjacency_if": EXPR,
                                 # edges the pieces make: the space joined to every space holding
                                 # a piece of that kind or category (N10, interpreter/board.py)
                                 "joins": obj({"space": ref("space"),
                                               "to_spaces_with": ref("piece_or_category")},
                                              required=["space", "to_spaces_with"]),
                                 # N18: every edge of this kind is a space that holds pieces
                                 # ("o caminho entre C e D"; interpreter/board.py)
                                 "pieces": BOOLISH})),
        "piece_categories": idmap(obj({"name": NAME, "faction_owned": BOOLISH, "rules": BOOLISH,
                                       "occupies": ref("attr"), "hit_order": INT,
                                       "removable": BOOLISH})),
        "neutral_pieces": idmap(PIECE),
        # landmarks (Law F; interpreter/landmarks.py): a neutral piece and the rules that place
        # it (run by a seat during the setup's `landmarks:` step, A.5.3)
        "landmarks": idmap(obj({"name": NAME, "piece": ref("piece"), "setup": RULES,
                                # numbers of players this landmark is not used with
                                "removed_with_players": {"type": "array", "items": INT}},
                               required=["piece"])),
        "piece_sets": idmap(obj({"name": NAME, "items": idmap(INT) | {"x-key-ref": "piece"}})),
        "card_attributes": idmap(ATTRIBUTE),
        "tags": idmap(obj({"name": NAME})),
        "zones": idmap(ZONE),
        "player_zones": idmap(ZONE),
        "counters": idmap(COUNTER),
        "phases": idmap(obj({"name": NAME})),
        # a face is a number, or a value of an enumeration (a suit: the Hundreds' mob die, 14.4.1)
        "dice": idmap(obj({"name": NAME, "faces": {"type": "array", "items": {"oneOf": [INT, S]}}})),
        # MAPS (helper "maps"): every key of a map is known; an unknown one gets M010
        "maps": idmap(obj({"name": NAME, "spaces": idmap(obj({"type": S, "name": NAME}, attrs="space")),
                           "edges": idmap({"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2}}),
                           # informative: the setup rules test the spaces (A.1)
                           "printed_suits": BOOLISH, "default_map": BOOLISH,
                           "ruins": {"type": "array", "items": ref("space")},
                           # pieces the map puts on a space at the start (C.2.1, C.3.1), or
                           # on the edges of a kind (markers that are the edges themselves)
                           "start_pieces": idmap(obj({"space": ref("space"), "edges": ref("edgekind"),
                                                      "count": INT})) | {"x-key-ref": "piece"},
                           # its spaces carry the boolean attribute named (G.1.3)
                           "map_edge": obj({"attribute": ref("attr"),
                                            "spaces": {"type": "array", "items": ref("space")}}),
                           # drawing coordinates, not rules
                           # (x, y), y grows downwards; M195/M196 in gamedef_maps.py
                           "positions": obj({"values": idmap({"type": "array", "items": NUM,
                                                              "minItems": 2, "maxItems": 2})
                                                       | {"x-key-ref": "space"}}),
                           # grid coordinates, read by rules: straight lines (N17, board.py);
                           # hex: axial (q, r); square: (column, row)
                           "coordinates": obj({"grid": values("hex", "square"),
                                               "values": idmap({"type": "array", "items": INT,
                                                                "minItems": 2, "maxItems": 2})
                                               | {"x-key-ref": "space"}},
                                              required=["grid", "values"])})),
        "decks": idmap(obj({"name": NAME, "cards": {"type": "array", "items": CARD}, "per_value": {},
                            "setup": {}, "draw_pile": ref("zone"), "discard_pile": ref("zone"),
                            "hand": ref("zone"), "reshuffle": BOOLISH, "published": BOOLISH})),
        "factions": idmap(obj({
            "name": NAME, "setup_letter": S, "reach": INT, "copy_of": S,
            # a group the faction belongs to (A.8.1: militant, insurgent), read by the
            # faction choice's `reveal_factions` and `lock_last`
            "group": S,
            # A.8.1.III: revealed in a draft with a random card of one of its zones, which it
            # takes into `to` if chosen
            "revealed_with": obj({"law": LAW, "zone": ref("zone"), "to": ref("zone")},
                                 required=["zone", "to"]),
            # expansions whose pieces join the box when this faction is seated (9.7)
            "expansions": {"type": "array", "items": S},
            "pieces": idmap(PIECE), "zones": idmap(ZONE), "counters": idmap(COUNTER),
            "cards": {"type": "array", "items": CARD},
            # spaces the faction brings to the map when seated (N10, interpreter/board.py)
            "spaces": idmap(obj({"type": ref("spacekind"), "name": NAME, "in_selections": BOOLISH},
                                attrs="space")),
            "setup": RULES, "turn": idmap(RULES) | {"x-key-ref": "phase"}, "actions": idmap(ACTION),
            # its setup rules in one of the game's `setups` (a faction setup card, Law A.8.2)
            "setups": idmap(RULES),
            "triggers": {"type": "array", "items": HOOK_TRIGGER},
            "replacements": {"type": "array", "items": HOOK_REPLACE},
            "modifiers": {"type": "array", "items": HOOK_MODIFY},
            "prohibitions": {"type": "array", "items": HOOK_PROHIBIT},
            "derived": idmap(DERIVED),
            # actions with a window (`available`) this faction does not take (9.2.8)
            "barred_actions": idmap(obj({})) | {"x-key-ref": "action"},
            # the faction's player zones that everybody sees, hidden or not (Law 11.2.3)
            "public_zones": {"type": "array", "items": ref("zone")},
            # N7: what pays when this faction activates pieces (`ative`, crafting): the space's
            # value (default) or the piece's own value of that attribute (gardens by suit)
            "pays_with": values("space", "piece"),
            # a hireling (App. E): a faction without a seat, one side of a hireling card;
            # `excludes`: the faction that cannot be played while it is in play (A.6.5)
            "hireling": obj({"law": LAW, "card": S, "side": values("promoted", "demoted"),
                             "excludes": ref("faction")}, required=["card", "side"]),
            # its simple bot (`heuristico`): weights of menu actions and of spaces offered
            # (interpreter/priorities.py)
            "priorities": {"type": "array", "items": obj({"action": S, "space": VAR, "condition": EXPR,
                                                          "weight": {"type": ["number", "string"]}},
                                                         extra=False)},
        })),
        "actions": idmap(ACTION),
        "derived": idmap(DERIVED),
        "triggers": {"type": "array", "items": HOOK_TRIGGER},
        "replacements": {"type": "array", "items": HOOK_REPLACE},
        "modifiers": {"type": "array", "items": HOOK_MODIFY},
        "prohibitions": {"type": "array", "items": HOOK_PROHIBIT},
        # ruleset options chosen at game creation (rulesdsl/options.py): yes/no or one of values
        "options": idmap(obj({"name": NAME, "type": values("boolean", "choice"),
                              "values": idmap(obj({"name": NAME})),
                              "default": {"type": ["string", "boolean", "integer"]}})),
        "victory": {"type": "array", "items": obj({"condition": EXPR, "when": S, "name": NAME})},
        # the end of the game by a condition, final scoring and a ranking (interpreter/ending.py)
        "end_of_game": obj({"condition": EXPR, "final_scoring": RULES,
                            "ranking": {"type": "array", "items": EXPR}}),
        "piece_statuses": idmap(obj({"name": NAME, "set_verb": NAME, "clear_verb": NAME,
                                     "lasts": values("turn")})),
        # who rules a space (interpreter/rule.py)
        "rule": RULE,
    },
}


# ---------------------------------------------------------------------------------------------
# one schema per language: the same shape, with every key and value spelled by the lexicon

def _spellings(lex, neutral):
    return lex.keys.get(neutral) or [neutral]


def localize(node, lex):
    """The neutral schema `node` with keys and values spelled in `lex`'s language. Objects
    whose keys are all known (not id maps, not declared attributes, not free) are closed
    (`additionalProperties: false`), so an editor flags a misspelt key as the validator does."""
    if isinstance(node, list):
        return [localize(x, lex) for x in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for k, v in node.items():
        if k == "properties":
            props = {}
            for nk, sub in v.items():
                for sp in _spellings(lex, nk):
                    props[sp] = localize(sub, lex)
            out[k] = props
        elif k == "required":
            out[k] = [_spellings(lex, r)[0] for r in v if len(_spellings(lex, r)) == 1]
            alts = [r for r in v if len(_spellings(lex, r)) > 1]
            if alts:
                out.setdefault("allOf", []).extend(
                    {"anyOf": [{"required": [sp]} for sp in _spellings(lex, r)]} for r in alts)
            if not out[k]:
                del out[k]
        elif k == "x-values":
            out[k] = v
            enum = [sp for n in v for sp in (lex.values.get(n) or [n])]
            if v == ["true", "false"]:
                enum = [True, False] + enum
            if "integer" in (node.get("type") or ()):
                # a number or one of the values: the values as a string pattern
                out["anyOf"] = [{"type": "integer"}, {"enum": enum}]
                continue
            out["enum"] = enum
        else:
            out[k] = localize(v, lex)
    if "oneOf" in node and {"$ref": "#/$defs/effect"} in node["oneOf"]:
        # a rule written `- para cada X: efeito` is read by YAML as a one-key mapping; the
        # loader joins it back into the sentence (rulesdsl/model.py: _rejoin_colon)
        out["oneOf"] = out["oneOf"] + [{"type": "object", "minProperties": 1, "maxProperties": 1,
                                        "propertyNames": {"pattern": " "},
                                        "additionalProperties": {"type": "string"}}]
    if out.get("type") == "object" and "properties" in out and not any(
            out.get(x) for x in ("x-ids", "x-attributes", "x-open")) and "additionalProperties" not in out:
        out["additionalProperties"] = False
        out["patternProperties"] = {"^ref_": {}}
    return out


def localized_schema(lang):
    from rulesdsl import lexicon
    lex = lexicon.get(lang)
    out = localize(schema, lex)
    out["$id"] = f"https://rulesdsl.example/ruleset.{lang}.schema.json"
    out["title"] = f"rulesdsl ruleset file ({lex.name})"
    lang_key = _spellings(lex, "language")[0]
    out["properties"][lang_key] = {"const": lang}
    out["required"] = [lang_key]
    return out


def outputs():
    """{file name: schema} for every schema this tool writes."""
    from rulesdsl import lexicon
    out = {"ruleset.schema.json": schema}
    for lang in ("pt", "es"):
        if lang in lexicon.available():
            out[f"ruleset.{lang}.schema.json"] = localized_schema(lang)
    return out


def dumps(obj):
    return json.dumps(obj, indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.dirname(here))
    folder = os.path.join(os.path.dirname(here), "grammar", "schema")
    for name, sch in outputs().items():
        out = os.path.join(folder, name)
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(dumps(sch))
        print(out)
