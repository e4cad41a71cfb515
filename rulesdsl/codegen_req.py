"""Generated requirement parts (issue 11, step 3): shapes of a `requer:` whose answer a
specialised function finds with less work than the closures, from the compiled parts alone.

* **Supply first, first witness.** `suprimento de (S onde P) > 0` (or `>= 1`) is, compiled as
  written, the sum of the supplies of every kind of S that passes the filters P: every filter
  asked for every kind, even a kind with no piece left, before one comparison. The supplies
  are never negative, so the sum is positive exactly when one kind has a piece left and passes
  P: the generated function asks the supply (a dictionary read) first and the filters
  (counts, connected spaces...) only for a kind with pieces left, and stops at the first such
  kind. The filters are pure (they bind the kind's variable while they look and put it back:
  PieceSel.filter_kinds), so the answer and the caller's variables are the same; the memo
  tables the filters fill are those the same action's `escolha` reads (its own
  `suprimento de T > 0 e ...` asks the filters of the same kinds, those with pieces left).

Generic: nothing here names an action, a faction or a piece; a shape is found from the
compiled selection (PieceSel: its kinds, owner, filters on kinds).

RULESDSL_CHECK_REQ=1 (or codegen_req.CHECK_REQ = True, read at each call) makes every generated
part also compute the answer as the closures do (the sum of every kind's supply after its
filters), on every call, and raise RequirementMismatch on a difference
(tests/test_codegen_req.py plays seeded games so).
"""
from __future__ import annotations

import os

# read at every call (a test switches it on for a ruleset already compiled)
CHECK_REQ = bool(os.environ.get("RULESDSL_CHECK_REQ"))
CHECKED = [0]          # generated parts compared with the closures so far (check mode)


class RequirementMismatch(AssertionError):
    """A generated requirement part answered otherwise than the closures it stands for."""


def supply_of(fn, sel, supply_count, g):
    """Mark `fn` (the sum of the supplies of the kinds `sel` lists) so that a comparison with
    0 can be generated as supply_positive (codegen.cmp)."""
    # the filters that read the whole list of kinds at once (`on_list`: "entre item de T")
    # answer for a list, not per kind: left as written
    if sel.kind_preds and not sel._whole:
        fn._cg_supply = (sel, supply_count, g)
    return fn


def positive_supply(op, fa, fb):
    """A generated `suprimento de (S onde P) > 0` / `>= 1`, or None for any other shape."""
    info = getattr(fa, "_cg_supply", None)
    if info is None:
        return None
    lit = getattr(fb, "_cg", None)
    if lit is None or (op, lit[0]) not in ((">", "0"), (">=", "1")):
        return None
    sel, supply_count, g = info
    owner_kinds = sel.owner_kinds
    filter_kinds = sel.filter_kinds

    def gen(ctx):
        if CHECK_REQ:
            return _checked(ctx)
        s = ctx.s
        for k in owner_kinds(ctx):
            # the cheapest test first: a kind with no piece left adds nothing to the sum
            if supply_count(g, s, k) > 0 and filter_kinds(ctx, (k,)):
                return True
        return False

    def _checked(ctx):
        s = ctx.s
        a = False
        for k in owner_kinds(ctx):
            if supply_count(g, s, k) > 0 and filter_kinds(ctx, (k,)):
                a = True
                break
        b = (fa(ctx) or 0) > 0
        CHECKED[0] += 1
        if a != b:
            raise RequirementMismatch(
                f"supply of {sel.kinds!r} (me={ctx.me}): generated {a}, closures {b}")
        return a
    return gen
