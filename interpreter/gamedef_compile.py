"""GameDef, stage 2: every rule compiled, in the order in which one may name another.

Options first (a rule may ask one), then the actions (declared before anything compiles,
so rules can name them), derived values, the actions' bodies, the adjacency the game decides,
hooks, setup and turn rules, card effects, victory and the end of the game, seating and the
landmarks; then the checks over the whole ruleset, the zones' capacities and the reach.
Each expression is compiled through `block`/`expr` (kept on the GameDef as `_block`/`_expr`
for the modules that compile parts of their own: rule.py, priorities.py, landmarks.py...).
"""
from __future__ import annotations

from ..compiler import CompileError, compile_block, compile_expr
from .ending import compile_ending
from .proofs import _get as _get_path      # (one reader of a path in the data)
from . import gamedef_actions as _actions
from . import gamedef_checks as _checks
from . import gamedef_hooks as _hooks
from . import gamedef_maps as _maps
from . import gamedef_zones as _zones


def compile_all(g) -> None:
    rs = g.rs
    d = rs.data
    # the tables the compiled rules fill
    g.actions = {}
    g.derived = {}
    g.triggers = {}
    g.replacements = {}
    g.prohibitions = []
    g.tie_breakers = []
    g.setup_rules = []
    g.ending = None
    g.reached = set()       # actions some rule or menu can perform
    g.windows = {}          # phase -> actions every menu of it offers (`disponível`)
    g.window_starts = {}    # phase -> window actions also offered as it starts
    g.window_steps = {}     # phase -> window actions also offered between its steps
    g.draw_marks = frozenset()  # phases whose turn draw closes a window
    g.in_play_zones = ()    # player zones whose cards are in play (`em_jogo`)
    exprs = {e.path: e for e in rs.expressions}
    g._exprs = exprs

    def block(path, owner, law=None, cc=None):
        e = exprs.get(path)
        if e is None or e.tree is None:
            return None
        cc = cc or g._cc(owner, law if law is not None else e.law, e.lang)
        cc.law = law if law is not None else e.law
        cc.lang = e.lang
        try:
            return compile_block(cc, e.tree)
        except CompileError:
            return None

    def expr(path, owner, cc=None):
        e = exprs.get(path)
        if e is None:
            raw = _get_path(d, path)
            if isinstance(raw, (int, float)) and not isinstance(raw, bool):
                return lambda ctx, v=raw: v
            return None
        if e.tree is None:
            return None
        cc = cc or g._cc(owner, e.law, e.lang)
        try:
            return compile_expr(cc, e.tree)[0]
        except CompileError:
            return None

    g._block, g._expr = block, expr
    from ..options import compile_options
    g.options = compile_options(g, d)        # ruleset options (rulesdsl/options.py)
    # actions (global and per faction) — declared first so rules can name them
    specs = _actions.declare_actions(g, d)
    # derived values (their bodies may name actions)
    _actions.read_derived(g, d)
    _actions.compile_actions(g, specs, block, expr, exprs)
    _maps.compile_adjacency(g, d, expr, exprs)
    _hooks.compile_hooks(g, d)
    _compile_rules(g, d, block)
    _compile_card_effects(g, d, block)
    g.victory = []
    for i, v in enumerate(d.get("victory") or []):
        f = expr(("victory", i, "condition"), None)
        if isinstance(v, dict) and v.get("when") is not None:
            when = g.phase_ref(v.get("when"), v, "when")
            if when != v.get("when"):
                v = dict(v)
                v["when"] = when
        if f:
            g.victory.append((f, v))
    g.ending = compile_ending(d, block, expr)
    from .ending import watch as _end_watch
    _end_watch(g)             # what the end condition reads: checked as it changes
    # seats apart from factions (seating.py): a drawn turn order, factions chosen in setup
    from .seating import compile_seating
    g.turn_order, g.faction_choice = compile_seating(g, d, block)
    from .seating import compile_setups
    g.setups = compile_setups(g, d, block)
    from .setup_limits import compile_limits
    g.faction_limits = compile_limits(g, d)       # setup_limits.py (Root 5: corners)
    from .landmarks import compile_landmarks, check_landmarks
    g.landmarks = compile_landmarks(g, d, block)       # Law F, A.5
    check_landmarks(g, d)
    if getattr(g, "_run_checks", True):    # warnings only: nothing of the GameDef comes from them
        _checks.check_setups(g, d)
        _checks.check_reachable(g, d)
        _checks.check_self_triggers(g, d)
    _zones.read_caps(g, expr)
    # 5.2-style reach: `alcance:` per faction, `alcance_mínimo:` {players: total} in the game
    g.reach = {fid: f.get("reach") for fid, f in (d.get("factions") or {}).items()
               if f.get("reach") is not None}
    g.min_reach = {int(k): int(v) for k, v in (g.game.get("min_reach") or {}).items()
                   if str(k).strip().isdigit()}


def _compile_rules(g, d, block) -> None:
    """The game's setup rules, and each faction's setup (for the game's setup and for each
    of its other setups, `preparações:`) and turn rules."""
    for i, r in enumerate((d.get("game") or {}).get("setup") or []):
        run = block(("game", "setup", i) if isinstance(r, str) else ("game", "setup", i, "effect"), None)
        if run:
            g.setup_rules.append(run)
    for fid, fac in (d.get("factions") or {}).items():
        f = g.factions[fid]
        f.setup_letter = fac.get("setup_letter")
        # the rules of one list share their variables, in order ("escolha ... C" in 6.3.2,
        # "oposta de C" in 6.3.3): one compile context per list
        cc = g._cc(fid, None, getattr(fac, "_lang", None))
        for i, r in enumerate(fac.get("setup") or []):
            p = ("factions", fid, "setup", i) if isinstance(r, str) else ("factions", fid, "setup", i, "effect")
            run = block(p, fid, cc=cc)
            if run:
                f.setup.append(run)
        # its setup in one of the game's other setups (`preparações:`; the setup card of Law A.8.2)
        for sid, rules in (fac.get("setups") or {}).items():
            cc = g._cc(fid, None, getattr(fac, "_lang", None))
            runs = []
            for i, r in enumerate(rules or []):
                p = ("factions", fid, "setups", sid, i) if isinstance(r, str) else \
                    ("factions", fid, "setups", sid, i, "effect")
                run = block(p, fid, cc=cc)
                if run:
                    runs.append(run)
            f.setups[str(sid)] = runs
        cc = g._cc(fid, None, getattr(fac, "_lang", None))
        for ph, rules in (fac.get("turn") or {}).items():
            runs = []
            for i, r in enumerate(rules or []):
                p = ("factions", fid, "turn", ph, i) if isinstance(r, str) else ("factions", fid, "turn", ph, i, "effect")
                run = block(p, fid, cc=cc)
                if run:
                    runs.append(run)
            f.turn[str(ph)] = runs


def _compile_card_effects(g, d, block) -> None:
    """The effect of each card that has one (the decks', then the factions' own)."""
    for did, deck in (d.get("decks") or {}).items():
        for i, c in enumerate(deck.get("cards") or []):
            if isinstance(c, dict) and "effect" in c:
                g.cards[str(c["id"])].effect = block(("decks", did, "cards", i, "effect"), None)
    for fid, fac in (d.get("factions") or {}).items():
        for i, c in enumerate(fac.get("cards") or []):
            if isinstance(c, dict) and "effect" in c:
                g.cards[str(c["id"])].effect = block(("factions", fid, "cards", i, "effect"), fid)
