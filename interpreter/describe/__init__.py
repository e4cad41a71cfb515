"""Localized labels for a game (moved into a package; split into modules in the next commit)."""
from .names import *  # noqa: F401,F403
from .names import (_enum_tags, _etype, _m, _plural, _prompt_key, _with_statuses)  # noqa: F401
