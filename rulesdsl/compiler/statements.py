"""Statements → `run(ctx)` functions that finish at once or return a frame waiting for a
`Decision`: blocks, verbs, choices, conditions, loops, `tente`, menus and `realize`.
"""
from __future__ import annotations

from .. import nodes as N
from .. import codegen_stmt as _cgs
from ..interpreter import flow, chance
from ..interpreter.machine import begin  # statements return frames (machine.py)
from ..interpreter.runtime import Decision, Failure, EndPhase, EndTurn, StopAction, PASS
from ..interpreter import board as _bd
from .context import CC, CompileError, NUMBER, SPACE
from .sels import CardSel, PieceSel, Simple, SpaceSel, _put_back
from .expressions import compile_expr, pick_owned
from .selections import compile_sel

# =============================================================================================
# statements

def compile_block(cc: CC, block: N.Block, inline=False):
    """`inline`: the block of a `se` or `para cada`, which writes it in place (codegen_stmt.py);
    any other block runs on its own, as one generated function."""
    from .roles import mark_roles
    mark_roles(block)       # what each choice is for: the origin of a move... (the prompt)
    runs = [compile_stmt(cc, s) for s in block.stmts]
    runs = [r for r in runs if r is not None]
    if len(runs) == 1:
        return runs[0] if inline else _cgs.standalone_fn(runs[0])
    return _cgs.block(runs, flow.block(runs), standalone=not inline)


# verbs whose object is a thing (a piece, a card, an item): a number there ("posicione 3 em
# Sul", "seja N igual a 3; posicione N em Sul") names nothing and would fail in play
_THING_VERBS = {"place", "remove", "move", "discard", "give", "take", "resolve", "join", "reveal"}


def _check_verb_object(cc: CC, node) -> None:
    if node.verb not in _THING_VERBS:
        return
    objs = list(node.obj.items) if isinstance(node.obj, N.ListOf) else [node.obj]
    for o in objs:
        if isinstance(o, N.Num) or (isinstance(o, N.Var) and cc.vars.get(o.name) == NUMBER):
            from .. import lexicon as _lex
            cc.err("C035", o, verb=_lex.get(cc.lang).spell_word("VERB:" + str(node.verb)),
                   what=getattr(o, "name", None) or getattr(o, "value", ""))


class _ReadArgs(dict):
    """A verb's prepositional phrases ("em C", "para D", "por E"), noting which ones the verb's
    compiler read: one it never reads would be ignored in play, so it is an error (C039)."""
    __slots__ = ("read",)

    def __init__(self, items):
        super().__init__(items)
        self.read = set()

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        self.read.add(key)
        return super().__contains__(key)


_PP_TERMINALS = {"to": "TO", "in": "IN", "by": "BY"}


def _check_unread_args(cc: CC, node) -> None:
    from .. import lexicon as _lex
    args = node.args
    node.args = dict(args)
    for key in args:
        if key in args.read:
            continue
        base = key.rstrip("+")
        lex = _lex.get(cc.lang)
        word = lex.spell_word(_PP_TERMINALS.get(base, base))
        val = args[key]
        at = val[0] if isinstance(val, list) and val else val
        cc.err("C039", at if hasattr(at, "pos") else node, word=word,
               verb=lex.spell_word("VERB:" + str(node.verb)), repeated=key.endswith("+"))


def compile_stmt(cc: CC, node):
    from ..interpreter import verbs
    t = type(node)
    try:
        if t is N.Block:
            return compile_block(cc, node)
        if t is N.Verb:
            handler = verbs.REGISTRY.get(node.verb)
            if handler is None:
                cc.err("C011", node, verb=node.verb)
            _check_verb_object(cc, node)
            args = node.args
            node.args = _ReadArgs(args) if args else args
            try:
                compiled = handler.compile(cc, node)
                if args:
                    _check_unread_args(cc, node)
                if node.optional and not handler.may and compiled is not None:
                    # "você pode posicionar ...": the player is asked first (a verb that is a
                    # cost the player may decline reads `optional` itself)
                    # "J pode comprar 1 carta": J is asked, not who runs the rule
                    who = compile_expr(cc, node.who)[0] if getattr(node, "who", None) is not None else None
                    return _may_verb(compiled, node.verb, cc.law, who)
                return compiled
            except (IndexError, KeyError, TypeError, ValueError, AttributeError):
                # a verb's compiler reads the parts it needs ("role" with no dice, "posicione 3
                # em X" with no piece): the grammar lets them be left out, so say what is missing
                from .. import lexicon as _lex
                cc.err("C034", node, verb=_lex.get(cc.lang).spell_word("VERB:" + str(node.verb)))
        if t is N.Choose:
            return compile_choose(cc, node)
        if t is N.If:
            return compile_if(cc, node)
        if t is N.ForEach:
            return compile_foreach(cc, node)
        if t is N.Repeat:
            return compile_repeat(cc, node)
        if t is N.Let:
            f, ty = compile_expr(cc, node.value)
            cc.vars[node.name] = ty
            name = node.name

            def let(ctx):
                ctx.env[name] = f(ctx)
            return _cgs.let(name, f, let)
        if t is N.Perform:
            return compile_perform(cc, node)
        if t is N.ActionMenu:
            return compile_menu(cc, node)
        if t is N.ChooseBranch:
            return compile_branch(cc, node)
        if t is N.Try:
            return compile_try(cc, node)
        if t is N.Control:
            return compile_control(cc, node)
        if t is N.Maybe:
            return compile_maybe(cc, node)
    except CompileError:
        return None
    cc.diags.add("C002", node.pos, cc.lang, what=t.__name__)
    return None


def _tickets(ctx, xs, weight, var) -> list:
    """A weighted draw's tickets: each element of `xs` as many times as its weight (a whole
    number, read with `var` bound to the element; 0 or less: left out). With every weight 1
    the tickets are `xs` itself, and the draw is the plain uniform one."""
    out = []
    env = ctx.env
    saved = env.get(var) if var else None
    for x in xs:
        if var:
            env[var] = x
        n = int(weight(ctx) or 0)
        if n > 0:
            out.extend([x] * n)
    if var:
        _put_back(env, var, saved)
    return out


def compile_choose(cc: CC, node: N.Choose):
    sel = compile_sel(cc, node.sel, role="choose")
    var = node.sel.var
    who = None if node.who is None else compile_expr(cc, node.who)[0]
    optional = node.optional
    secret = getattr(node, "secret", False)
    law = cc.law
    if isinstance(sel, Simple):
        cc.err("C010", node.sel)
    q = sel.quant
    items = sel.items
    if getattr(sel, "random", False):
        # "escolha uma clareira C aleatória", "escolha uma carta K aleatória da sua mão" (12.2.3):
        # the game draws it, nobody chooses
        weight = getattr(sel, "weight", None)
        if weight is None:
            def items(ctx, all_items=sel.items):
                xs = all_items(ctx)
                return [chance.choice(ctx.engine, ctx.s.rng, xs)] if xs else []
        else:
            # "... aleatória ponderada por (N)": each element holds N tickets (N read with the
            # variable bound to it; 0 or less: none) and one ticket is drawn
            def items(ctx, all_items=sel.items, weight=weight, var=var):
                tickets = _tickets(ctx, all_items(ctx), weight, var)
                return [chance.choice(ctx.engine, ctx.s.rng, tickets)] if tickets else []
    role = node.__dict__.get("role")
    if role is not None and role[0] in ("from", "in") and sel.etype != "space":
        role = ("obj", role[1])     # only a place is an origin or a place; a card is what is used
    prompt = ("choose", sel.etype) if role is None else ("choose", sel.etype) + tuple(role)

    if q is not None and q[0] in ("n", "upto") and q[1] is not None:
        nf = q[1]
        upto = q[0] == "upto"

        many_k = (items, optional, upto, prompt, law, var) + ((True,) if secret else ())

        def choose_many(ctx):
            return begin(flow.ChooseMany(many_k, ctx, nf(ctx), who(ctx) if who else ctx.me))
        if q[0] == "n":
            # the common case "escolha uma clareira C": one element, bound to C
            one = _choose_one_fn(items, who, optional, var, prompt, law, sel, secret, as_list=True)

            def choose_one(ctx):
                if nf(ctx) != 1:
                    return choose_many(ctx)
                return one(ctx)
            return choose_one
        return choose_many
    return _choose_one_fn(items, who, optional, var, prompt, law, sel, secret, as_list=False)


def _choose_one_fn(items, who, optional, var, prompt, law, sel, secret, as_list):
    """One element chosen and bound to `var`; `as_list`: the phrase had a number ("escolha 1
    clareira C"), so the answer is also kept as a list of one for the statements that read it."""
    def choose_one(ctx):
        player = who(ctx) if who else ctx.me
        opts = items(ctx)
        if not opts:
            if optional:
                # nothing to choose: an optional choice is simply not made
                if as_list:
                    ctx.env["__chosen"] = []
                ctx.env["__passed"] = True
                if var:
                    ctx.env[var] = None
                return
            raise Failure("no_option", law)
        v = flow.ask(ctx, player, "choose", opts, optional, prompt, law, (sel, ctx), secret)
        if type(v) is Decision:
            return (flow.ChooseOne(ctx, v, var, as_list), v)
        flow.bind_one(ctx, v, var, as_list)
    return choose_one


def explain_rejection(sel, ctx, value):
    """Why `value` is not among the options of a choice: the first filter it fails.
    -> {"filter": Filter node or None, "kind": bool} or None when it is in fact allowed."""
    nodes = getattr(sel, "pred_nodes", None)
    if isinstance(sel, SpaceSel):
        m = _bd.spaces_view(ctx)
        base = m.by_kind.get(sel.kind, ()) if sel.kind else m.space_ids
        if value not in base and not (sel.apart and value in (m.apart_by_kind or {}).get(sel.kind, ())):
            return {"filter": None, "wrong_kind": True}
        var = sel.var
        env = ctx.env
        saved = env.get(var) if var else None
        try:
            if var:
                env[var] = value
            for i, p in enumerate(sel.preds):
                if not p(ctx, value):
                    return {"filter": nodes[i] if nodes and i < len(nodes) else None, "wrong_kind": False}
        finally:
            if var:
                if saved is None:
                    env.pop(var, None)
                else:
                    env[var] = saved
        return None
    if value in sel.items(ctx):
        return None
    return {"filter": None, "wrong_kind": False}


def _may_verb(inner, verb_id, law, who=None):
    if who is None:
        def run(ctx):
            return begin(flow.MayDo(inner, verb_id, law, ctx))
        return run

    def run_who(ctx):
        return begin(flow.MayDo(inner, verb_id, law, ctx, who(ctx)))
    return run_who


def compile_maybe(cc: CC, node: N.Maybe):
    """`você pode X: Y` — offer X (when it can be done); if it is done, then Y."""
    act = compile_stmt(cc, node.action)
    then = compile_block(cc, node.then)
    if act is None:
        raise CompileError("maybe")
    law = cc.law

    def run(ctx):
        # the action is optional itself: it asks (or passes) and raises Failure if it
        # cannot be done; declining raises Failure("declined") in spend/discard verbs
        return begin(flow.Maybe(act, then, ctx))
    return run


def compile_if(cc: CC, node: N.If):
    cond, _ = compile_expr(cc, node.cond)
    then = compile_block(cc, node.then, inline=True)
    els = compile_block(cc, node.else_, inline=True) if node.else_ is not None else None

    def run(ctx):
        if cond(ctx):
            return then(ctx)
        elif els is not None:
            return els(ctx)
    return _cgs.if_(cond, then, els, run)


def compile_foreach(cc: CC, node: N.ForEach):
    sel = compile_sel(cc, node.sel, role="foreach")
    var = node.sel.var
    body = compile_block(cc, node.body, inline=not node.any_order)
    if isinstance(sel, PieceSel):
        def elems(ctx):
            out = []
            for sp, _, n in sel.locations(ctx):
                out.extend([sp] * n)
            return out
        if var:
            cc.vars[var] = SPACE
    else:
        elems = sel.items

    if node.any_order:
        law = cc.law
        etype = SPACE if isinstance(sel, PieceSel) else sel.etype

        any_k = (body, var, etype, law)

        def run_any(ctx):
            return begin(flow.ForEachAnyOrder(any_k, ctx, list(elems(ctx))))
        return run_any
    return _cgs.foreach(elems, body, var, flow.foreach(elems, body, var))


def compile_repeat(cc: CC, node: N.Repeat):
    nf, _ = compile_expr(cc, node.count)
    body = compile_block(cc, node.body)
    upto = node.upto
    law = cc.law

    k = (body, upto, law)

    def run(ctx):
        return begin(flow.Repeat(k, ctx, nf(ctx)))
    return run


def compile_try(cc: CC, node: N.Try):
    body = compile_block(cc, node.body)
    fail = compile_block(cc, node.on_fail) if node.on_fail else None

    def run(ctx):
        return begin(flow.Try(body, fail, ctx))
    return run


def compile_control(cc: CC, node: N.Control):
    what = node.what
    law = cc.law

    def run(ctx):
        if what == "fail":
            raise Failure("explicit", law)
        if what == "end_phase":
            raise EndPhase()
        if what == "end_turn":
            raise EndTurn()
        if what == "stop":
            raise StopAction()
    return run


def compile_branch(cc: CC, node: N.ChooseBranch):
    blocks = [compile_block(cc, b) for b in node.branches]
    # the alternatives' own words, for the narration and the human's menu (describe.py
    # prints branch i in the reader's language): the prompt carries their index here
    registry = cc.g.__dict__.setdefault("branch_nodes", [])
    bid = len(registry)
    registry.append((node, cc.owner))
    optional = node.optional
    secret = getattr(node, "secret", False)
    law = cc.law
    # `opção se X:` — an option offered only while its condition holds
    guards = [None if gd is None else compile_expr(cc, gd)[0] for gd in (node.guards or [])]

    def run(ctx):
        idx = list(range(len(blocks)))
        if guards:
            idx = [i for i in idx if i >= len(guards) or guards[i] is None or guards[i](ctx)]
            if not idx:
                if optional:
                    return
                raise Failure("no_option", law)
        v = flow.ask(ctx, ctx.me, "branch", idx, optional, ("branch", bid), law, secret=secret)
        if type(v) is Decision:
            return flow.Branch(blocks, ctx, v)
        if v is PASS:
            return None
        return blocks[v](ctx)
    return run


def compile_perform(cc: CC, node: N.Perform):
    g = cc.g
    aid = g.action_for(node.action.ids, cc.owner)
    if aid is None:
        cc.err("C012", node.action, name=node.action.text)
    if node.action.kind != "action":
        # "manhã" alone as an effect: a phase (or another named thing) is not something to do
        from ..errors import messages, format_message
        kind = ("W.kind." + node.action.kind) if ("W.kind." + node.action.kind) in messages() else None
        cc.err("C036", node.action, name=node.action.text,
               kind=format_message(kind, cc.lang, {}) if kind else node.action.kind)
    g.reached.add(aid)
    act0 = g.actions.get(aid) if aid is not None else None
    if act0 is not None:
        for k, v in node.args.items():
            if k not in act0.params:
                # "(carta: K)" with `parâmetros: {carta: KE}`: a built-in word of the language
                # is never the parameter's name, and the parameter would stay unbound
                from .. import lexicon as _lex
                word = (_lex.get(cc.lang).words.get("NOUN:" + k) or [k])[0]
                cc.err("M121", getattr(v, "pos", None) and v or node, action=node.action.text,
                       name=word, known=", ".join(act0.params) or "-")
    args = {}
    for k, v in node.args.items():
        if isinstance(v, N.Sel) and v.noun.kind == "piece" and v.quant is None and not v.filters \
                and v.var is None:
            # "(item: bolsa)": a piece kind given by name, not a count of pieces
            kind = pick_owned(cc, v.noun.ids)
            args[k] = (lambda ctx, kind=kind: kind)
            continue
        args[k] = compile_expr(cc, v)[0]
    optional = node.optional
    # "X AÇÃO (...)": another player performs the action, as its 'você'
    who = compile_expr(cc, node.who)[0] if getattr(node, "who", None) is not None else None

    def run(ctx):
        act = g.actions[aid]
        values = {k: f(ctx) for k, f in args.items()}     # 'você' in the arguments: who asks
        if who is not None:
            ctx = ctx.child(me=who(ctx), env=ctx.env)
        if optional:
            if not act.enabled(ctx, values):
                return None
            v = flow.ask(ctx, ctx.me, "may", [act.id], True, ("may_action", act.id), act.law)
            if v is PASS:
                return None
            # an optional action that cannot be completed is undone, as in a menu
            return begin(flow.Perform(act, ctx, values, True, v if type(v) is Decision else None))
        return act.perform(ctx, values)
    return run


def compile_menu(cc: CC, node: N.ActionMenu):
    g = cc.g
    budget = compile_expr(cc, node.budget)[0] if node.budget is not None else None
    listed = None
    if node.actions is not None:
        listed = []
        items = node.actions.items if isinstance(node.actions, N.ListOf) else [node.actions]
        for it in items:
            if not isinstance(it, N.Name) or it.kind != "action":
                cc.err("C012", it, name=getattr(it, "text", "?"))
            listed.append(g.action_for(it.ids, cc.owner))
        g.reached.update(listed)
    else:
        g.reached.add(("menu", cc.owner))
    owner = cc.owner
    law = cc.law
    # "tantas ações quanto X": X is read before every step; menu[0] then holds what the
    # actions done (-1 each) and extra actions (+N, VERB:gain) add to it
    live = budget if node.live else None
    # "realize 1 ação": no ending the menu while the budget lasts and an action can be done
    exact = node.exact

    def run(ctx):
        ids = listed if listed is not None else g.menu_actions(owner)
        s = ctx.s
        # action windows: the phase's actions offered at every menu of its player's turn; and
        # without the actions that cannot be enabled in this game (interpreter/menu_index.py)
        ids = g.menu_ids(ids, s.phase if g.windows and ctx.me == s.active else None, ctx.me, s, ctx.m)
        if s.hired and ctx.me == s.active:
            # the actions of the hirelings in play, for their controller (interpreter/hirelings.py)
            hw = g.hireling_windows.get(s.phase)
            if hw:
                ids = tuple(ids) + tuple(a for a in hw if g.actions[a].hireling in s.hired)
        menu = [0 if live is not None else (budget(ctx) if budget is not None else None)]
        ctx.menus.append(menu)
        return begin(flow.Menu((g, ids, live, law, exact), ctx, menu))
    # a rule that opens with a menu offers the phase's window actions itself (turns.py)
    run.opens_menu = True
    return run
