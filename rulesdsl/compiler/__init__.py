"""Stage 6 — compile: nodes → closures the interpreter runs; semantic errors with positions.

Expressions become `f(ctx) -> value`; statements become functions `run(ctx)` that finish at
once (None) or return a frame that waits for a `Decision` (interpreter/machine.py). Noun phrases become selection objects whose element type is known at
compile time (space, piece, card, faction, enumval, ...), which is how a loose phrase like
"2 madeiras de C" or "carta de pássaro" gets its meaning: each filter is resolved by the type
of its operand. Verbs come from the closed registry in interpreter/verbs/.

The compiler is a package, one module a job:
  context        the compile context, the compile error, the element types
  sels           selection objects (compiled noun phrases) and the filter loop they share
  memo           memo tables of costly expressions and the state they read
  filter_checks  filters that can never match, caught at compile time
  expressions    expressions and the built-in functions
  selections     the noun-phrase dispatcher, quantifiers, numbers, shared predicates
  spaces, pieces, cards   the selections of each element type
  statements     statements, choices, control flow, menus
Expressions, selections and statements call each other, so some modules import their callees
below their own definitions. This module re-exports every name: `from rulesdsl.compiler import X`.
"""
from __future__ import annotations

from .context import (  # noqa: F401
    ANY, BOOL, CARD, CC, COUNTER, CompileError,
    ENUMVAL, FACTION, LIST, NUMBER, PIECE, SPACE,
    ZONE, _has_value)
from .sels import (  # noqa: F401
    CardSel, CoverSpaceSel, ListSel, MAX_LITERAL, PieceSel, Sel,
    Simple, SpaceSel, _MATCH_FN, _flat, _passing, _put_back)
from .memo import (  # noqa: F401
    CHECK_MEMO, MEMO_MIN_HITS, MEMO_TRIAL, _BUILTIN_READS, _CALL_READS, _FILTER_READS,
    _NAME_READS, _NOUN_READS, _PLAIN, _check_memo, _derived_state_reads, _key_fn,
    _memo_fn, _rule_reads, memo_key_fn, memoized, state_reads)
from .filter_checks import (  # noqa: F401
    _FILTER_WORDS, _NEVER_A_SPACE, _TYPED, _compare_kinds, _enum_of, _filter_word,
    _kinds_named, _never_equal, _never_equal_filter, _noun_words, _number_filter, _swallowed_filter,
    _type_words)
from .expressions import (  # noqa: F401
    _COSTLY_FILTERS, _SEAT_STEP, _costly, _no_count_of_simple, _track_value, compile_attr,
    compile_call, compile_can_place, compile_expr, compile_name_value, count_fn, exists_fn,
    free_vars, pick_owned)
from .selections import (  # noqa: F401
    _bind, _typed_counter_read, compile_generic_preds, compile_number_sel, compile_quant, compile_sel,
    owner_expr, quant_count)
from .spaces import (  # noqa: F401
    _compiled_sels, _occupied_fn, _where_candidates, compile_space_sel, space_pred)
from .pieces import (  # noqa: F401
    _chain_where, _kind_pred, compile_piece_sel)
from .cards import (  # noqa: F401
    _card_in, _hoist_zone_filters, compile_card_sel, compile_faction_sel)
from .statements import (  # noqa: F401
    _PP_TERMINALS, _ReadArgs, _THING_VERBS, _check_unread_args, _check_verb_object, _tickets,
    compile_block, compile_branch, compile_choose, compile_control, compile_foreach, compile_if,
    compile_maybe, compile_menu, compile_perform, compile_repeat, compile_stmt, compile_try,
    explain_rejection)
from . import memo  # noqa: F401  (memo.CHECK_MEMO is read at run time: set it there)
