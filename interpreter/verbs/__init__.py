"""The closed registry of primitive verbs. One handler each; docs generated from here.

A handler's `compile(cc, node)` returns a generator function `run(ctx)`. Handlers honour the
golden rules generically: "as many as possible" (Law 1.5.4: do what you can, unless inside an
all-or-nothing block, where falling short is a failure), the owner of the hits chooses what
is removed, triggers fire after the whole verb (1.1.3).

One module a family of verbs; importing this package imports them all, which fills `REGISTRY`
in source order (the order of the generated reference).
"""
from __future__ import annotations

from .registry import (  # noqa: F401
    REGISTRY, VerbDef, _actor, _card_fn, _fire_all, _hide_again,
    _objs, _one_obj, _one_piece_sel, _pp, _short, _status_names,
    _unit_option, verb)
from .sides import (  # noqa: F401
    _put_back_side, _which_face, leave_back_side)
from .placing import (  # noqa: F401
    _KindValue, _place_step, c_place)
from .removing import (  # noqa: F401
    _removal, _remove_step, c_remove, c_return)
from .moving import (  # noqa: F401
    _move_forbidden, _move_step, c_move)
from .hits import (  # noqa: F401
    _hits_step, c_deal_hits)
from .cards import (  # noqa: F401
    _deck_src, _discard_cards, _discard_step, _draw_one, _make_discard,
    _overflow, _put_card, _refill, _room, _take_step, _zone,
    c_add, c_draw, c_give, c_shuffle, c_take)
from .counters import (  # noqa: F401
    _counter_def, _counter_verb, _set_value, c_roll, c_win)
from .covering import (  # noqa: F401
    _activate_step, _cover_search, _free_places, _pay_value, c_activate, c_freeze,
    c_resolve, c_step, can_cover)
from .secrets import (  # noqa: F401
    _has_secrets, _reveal_secrets, c_reveal)
from .status import (  # noqa: F401
    Simple_fn, _set_space_attr, _status_step, _status_verb, _units_in, c_deal,
    c_set)
from .edges import (  # noqa: F401
    _edge_verb, c_join)
from .faces import (  # noqa: F401
    _flip_one, _flip_step, c_flip)
from .exchange import (  # noqa: F401
    _place_of_sel, _replace_step, _swap_step, _verb_word, c_replace, c_swap)
from .seats import c_first_player  # noqa: F401,E402
