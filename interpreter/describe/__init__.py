"""Localized labels for a game in progress: decisions, their options, and logged events.

    describe_decision(game, decision, lang)        -> "Azuis, escolha uma ação (restam 2)"
    describe_option(game, decision, option, lang)  -> "marchar", "soldado (Azuis) em Norte"
    describe_event(game, event, lang)              -> "Azuis posiciona 3 soldados em Norte"

Names come from the ruleset (`gdef.rs.name(kind, id, lang)`), sentences from the message
templates of `grammar/messages/game.yaml` (codes `GM.*`). Nothing here knows a game: an id is
looked up among the kinds of named things the ruleset declares.

`EventLog` turns a game's `log` (and the decisions taken) into JSON Lines records, one per
event, each with a `texto` field in the chosen language; the bytes depend only on the game's
parameters and choices (sorted keys, no clock).

The package, one job per module (each imports only those above it):
    names      names of things in one language; `_m`
    decisions  what a player is asked and a label for each option
    laws       the titles of Law paragraphs (abilities, victories)
    events     one line per event; the victory, scores and result
    table      the table as one player sees it (`describe_table`)
    log        JSON Lines records (EventLog, dumps)
"""
from .decisions import (_enum_tags, _etype, _prompt_key, card_label, describe_decision, describe_option,
                        describe_prompt, space_label)
from .events import describe_event, describe_result, describe_scores
from .laws import laws
from .log import EventLog, dumps
from .names import (_m, _plural, card_name, counter_value_name, faction_name, game_name, name, piece_name,
                    secret_choice, thing_name, zone_name)
from .table import _with_statuses, describe_table

# what other modules use (rulesdsl/view, interpreter/agents.py, observation.py, table_help.py,
# rulesdsl/cli, the tests), private names included
__all__ = ["EventLog", "_enum_tags", "_etype", "_m", "_plural", "_prompt_key", "_with_statuses", "card_label",
           "card_name", "counter_value_name", "describe_decision", "describe_event", "describe_option",
           "describe_prompt", "describe_result", "describe_scores", "describe_table", "dumps", "faction_name",
           "game_name", "laws", "name", "piece_name", "secret_choice", "space_label", "thing_name", "zone_name"]
