"""GameDef's actions and derived values: declared, offered, compiled.

Actions are declared before any rule is compiled (`declare_actions`), so that a rule, a menu
or a derived value may name one; the windows that offer actions outside their owner's menus
(`disponível:`) and the steps an action declares (`etapas:`) are indexed then. Derived values
come next (`read_derived`; their modifiers are hooks, gamedef_hooks.py), and last the actions'
own requirements and effects (`compile_actions`), which may name both.
"""
from __future__ import annotations

from ..compiler import ANY
from ..compiler.memo import bind as _memo_bind
from ..lexicon import get as _lexicon
from ..ytypes import pos_of
from . import small_forms as _small
from .gamedef import Action, Derived, _bool


def declare_actions(g, d) -> list:
    """Every action (global, per faction, on a card) as an Action, in the menus of its owner;
    then the windows and the steps. -> the specs (id, owner, data, path) in the data's order."""
    specs = []
    for aid, a in (d.get("actions") or {}).items():
        specs.append((aid, None, a, ("actions", aid)))
    for fid, fac in (d.get("factions") or {}).items():
        for aid, a in (fac.get("actions") or {}).items():
            specs.append((f"{fid}.{aid}", fid, a, ("factions", fid, "actions", aid)))
    card_of = {}
    for cpath, c in g._all_cards(d):
        for aid, a in (c.get("actions") or {}).items():
            specs.append((str(aid), None, a, cpath + ("actions", aid)))
            card_of[str(aid)] = str(c["id"])
    for aid, owner, a, path in specs:
        params = {str(k): str(v) for k, v in (a.get("params") or {}).items()}
        lim = a.get("limit_per_turn")
        lim_by = None
        if isinstance(lim, dict):
            lim, lim_by = lim.get("count"), lim.get("by")
            if lim_by is not None and str(lim_by) not in params:
                from ..errors import suggest
                lang = getattr(a, "_lang", None) or g.lang
                g.diags.add("M094", pos_of(a["limit_per_turn"], "by"), lang, value=str(lim_by),
                            known=", ".join(params) or "-", hint=suggest(str(lim_by), list(params), 0.5))
                lim_by = None
        act = Action(g, aid, owner, a.get("law"), _bool(a.get("free")), lim, params, a.get("name"))
        act.limit_by = None if lim_by is None else str(lim_by)
        act.card = card_of.get(aid)
        g.actions[aid] = act
        if owner is not None:
            f = g.factions[owner]
            f.actions.append(aid)
            if _bool(a.get("menu"), True):      # `no_menu: não` keeps it out of menus
                f.menu.append(aid)
    _windows(g, d, specs)
    # an action's declared steps (`etapas:`, N4): the step verb raises an event with the
    # action's roles (`papéis:`); the hooks of a step share the variables of its `contexto:`
    g.steps, g.step_context = {}, {}
    for aid, owner, a, path in specs:
        for sid in (a.get("steps") or {}):
            roles = {str(k): str(v) for k, v in (a.get("roles") or {}).items()}
            ctxv = tuple(str(v) for v in (a.get("context") or ()))
            g.steps[str(sid)] = (aid, roles, ctxv)
            g.step_context[str(sid)] = ctxv
    return specs


def _windows(g, d, specs):
    """Action windows (`disponível:`): the actions every action menu of a phase offers
    besides its own list, indexed by phase once (a menu asks on every decision), and the
    window actions each faction does not take (`ações_proibidas:`)."""
    g.in_play_zones = tuple(z for z, zd in g.player_zones.items()
                            if isinstance(zd, dict) and _bool(zd.get("in_play")))
    by_phase: dict = {}
    draw_marks: set = set()
    for aid, owner, a, path in specs:
        w = a.get("available")
        if not isinstance(w, dict):
            continue
        act = g.actions[aid]
        lang = getattr(a, "_lang", None) or g.lang
        kpos = a.key_pos.get("available") if hasattr(a, "key_pos") else None
        who = w.get("who")
        who = _lexicon(lang).value_of(who) or str(who) if who is not None else None
        if owner is not None and owner in g.hirelings and who == "controller":
            # a hireling's action, offered in its controller's menus (E.2.4, hirelings.py)
            phases = [str(p) for p in (w.get("phases") or [])
                      if str(p) in (g.rs.things.get("phase") or dict.fromkeys(g.turn_phases))]
            act.window = (tuple(phases), who)
            act.hireling = owner
            g.reached.add(aid)
            for ph in phases:
                g.hireling_windows.setdefault(ph, []).append(aid)
            continue
        if owner is not None:
            # a faction's own action is in its own menus: a window would offer it to nobody else
            g.diags.add("M092", kpos, lang, name=g.rs.name("action", aid, lang))
            continue
        who = w.get("who")
        who = _lexicon(lang).value_of(who) or str(who) if who is not None else (
            "card_owner" if act.card is not None else "any_player")
        if who == "card_owner" and act.card is None:
            g.diags.add("M091", pos_of(w, "who"), lang, name=g.rs.name("action", aid, lang))
            continue
        if act.card is not None and not g.in_play_zones:
            g.diags.add("M093", kpos, lang, name=g.rs.name("action", aid, lang))
            continue
        # a phase the vocabulary check did not know is reported there (M043)
        known = g.rs.things.get("phase") or dict.fromkeys(g.turn_phases)
        phases = [str(p) for p in (w.get("phases") or []) if str(p) in known]
        act.card_any = act.card is not None and who == "any_player"
        act.window = (tuple(phases), who)
        g.reached.add(aid)
        anytime = _bool(w.get("anytime"))
        for ph in phases:
            by_phase.setdefault(ph, []).append(aid)
            if anytime or _bool(w.get("at_phase_start")):
                g.window_starts.setdefault(ph, []).append(aid)
            if anytime:
                g.window_steps.setdefault(ph, []).append(aid)
        if w.get("until_draw") is not None:
            # "antes de comprar no Anoitecer": the window closes in that phase at the turn's
            # own draw (verbs/cards.py marks it); a phase outside the window is an error
            ud = str(w.get("until_draw"))
            if ud not in phases:
                if ud in known:
                    g.diags.add("M185", pos_of(w, "until_draw"), lang,
                                name=g.rs.name("action", aid, lang),
                                phase=g.rs.name("phase", ud, lang))
            else:
                act.until_draw = ud
                draw_marks.add(ud)
    # in the data's order: the rules' actions, then the cards' (specs lists them so)
    g.windows = {ph: tuple(ids) for ph, ids in by_phase.items()}
    g.window_starts = {ph: tuple(ids) for ph, ids in g.window_starts.items()}
    g.window_steps = {ph: tuple(ids) for ph, ids in g.window_steps.items()}
    g.draw_marks = frozenset(draw_marks)
    for fid, fac in (d.get("factions") or {}).items():
        barred = fac.get("barred_actions") or {}
        g.factions[fid].barred = frozenset(g.action_for([str(k)], fid) for k in barred)
    g._menu_ids = {}
    _payment_sources(g, d)


def _payment_sources(g, d):
    """`paga_com: peça` (N7): the factions whose activated pieces pay with their own value
    of the space attribute (a garden's printed suit), not the space's."""
    by_piece = set()
    attr = g.space_enum_attr
    for fid, fac in (d.get("factions") or {}).items():
        v = fac.get("pays_with")
        if v is None:
            continue
        lang = getattr(fac, "_lang", None) or g.lang
        if (_lexicon(lang).value_of(str(v)) or str(v)) != "piece":
            continue
        if not any(p.owner == fid and attr is not None and p.attrs.get(attr) is not None
                   for p in g.piece_kinds.values()):
            g.diags.add("M134", pos_of(fac, "pays_with"), lang, faction=fid, attr=str(attr))
            continue
        by_piece.add(fid)
    g.pays_with_piece = frozenset(by_piece)


def read_derived(g, d) -> None:
    """The derived values (global, then each faction's); their bodies may name actions."""
    for did, dv in (d.get("derived") or {}).items():
        _derived(g, did, None, dv, ("derived", did))
    for fid, fac in (d.get("factions") or {}).items():
        for did, dv in (fac.get("derived") or {}).items():
            _derived(g, f"{fid}.{did}", fid, dv, ("factions", fid, "derived", did))


def _derived(g, did, owner, dv, path):
    param = dv.get("param")
    dd = Derived(g, did, owner, str(param) if param else None, ANY)
    dd.context = [str(v) for v in (dv.get("context") or [])]
    cc = g._cc(owner, dv.get("law"), getattr(dv, "_lang", None))
    if param:
        cc.vars[str(param)] = ANY
    for v in dd.context:
        cc.vars[v] = ANY
    dd.base = g._expr(path + ("base",), owner, cc)
    if dv.get("table") is not None:
        # N8: the base looked up in a table of ranges (`tabela:`)
        dd.base = _small.table_lookup(g, did, dv, dd.base)
    _memo_bind(dd, "base")          # a memo switched off: `eval` calls the bare base
    e = g._exprs.get(path + ("base",))
    if e is not None and e.tree is not None:
        dd.trees.append(e.tree)
    raw = dv.get("base")
    if e is None and dv.get("table") is None and type(raw) in (int, float):
        dd.const_base = (raw,)      # `base: 1`: a number, no expression (derived_spec.py)
    g.derived[did] = dd


def compile_actions(g, specs, block, expr, exprs) -> None:
    """Each action's requirement (`requer:`), effect, crafted card (`cria:`) and the
    variables its steps' hooks share."""
    for aid, owner, a, path in specs:
        act = g.actions[aid]
        cc = g._cc(owner, a.get("law"), getattr(a, "_lang", None))
        for var in act.params.values():
            cc.vars[var] = ANY
        if "requires" in a:
            act.requires = expr(path + ("requires",), owner, cc)
            _memo_bind(act, "requires")     # a memo switched off: `enabled` calls the bare test
            e = exprs.get(path + ("requires",))
            act.req_tree = None if e is None else e.tree     # menu_index.required_kinds
        act.run = block(path + ("effect",), owner, a.get("law"), cc) or _noop
        # (declare_actions set the rest): nothing but a requirement to ask, most actions
        act.only_req = act.hireling is None and act.until_draw is None and act.card is None \
            and act.limit is None
        if a.get("crafts") is not None:
            # `cria: K` (N7): the card crafted is the one K holds when the action ends
            var = str(a["crafts"])
            if act.run is not _noop and var not in cc.vars:
                g.diags.add("M133", pos_of(a, "crafts"), getattr(a, "_lang", None) or g.lang,
                            value=var)
            else:
                act.crafts = var
        if a.get("steps"):
            # the hooks of its steps know the shared variables with the types the effect gave
            # (an effect that did not compile gives none: its hooks are not compiled, the
            # error already said where)
            types = {v: cc.vars.get(v, ANY) for v in (str(x) for x in (a.get("context") or ()))}
            for sid in a["steps"]:
                g.step_context[str(sid)] = types if act.run is not _noop else None


def _noop(ctx):
    return None
