"""Scenarios (moved into a package; split into modules in the next commit)."""
from .load import (_GDEFS, _position_fn, load_scenarios, match_option, new_game,  # noqa: F401
                   run_files, run_scenario)
