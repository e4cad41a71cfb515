"""Why the engine does not make a record's change: the rule it applies there (replay.py asks it
for every correction and for a stop).

The replay stops matching a line at the position the search reached furthest (its pending
decision). For the record's first change still open there, this names:

* what the engine says of the change's place, when the pending decision is a choice of spaces
  that leaves it out (Game.explain: the filter's own words and Law paragraph);
* the actions of the line's faction that make that kind of change (why_index.py: read from the
  effects' verbs, never from a name), and for each why it is not taken there: offered at this
  decision (and, one decision on, whether the place is refused and by which rule), its per-turn
  limit reached, its requirement failing (the Law paragraph and the words of the first part
  that fails), no actions left, tried and undone this turn, or enabled but not offered by the
  pending decision;
* the pending decision itself (whose, what kind, its Law paragraph).

The game is never changed: requirements are read (they bind nothing: RULESDSL_CHECK_MEMO
checks that), and a probe of an offered action plays on a copy, without chance."""
from __future__ import annotations

from ..errors import format_message, source_line
from . import why_index as _idx

MAX_ACTIONS = 3       # the actions named per change
MAX_WORDS = 110       # the characters of a requirement quoted


def _m(code, lang, **kw):
    return format_message(code, lang, kw)


def explain(rp, game, atom):
    """{"text", "law", "filter", "laws", "actions", "decision"} for the open change `atom` at
    the position `game`, or None when there is nothing to say."""
    if atom is None:
        return None
    lang = rp.lang
    place_ex = _place_explain(game, atom, lang)
    try:
        why = _actions_explain(rp, game, atom, lang)
    except Exception as exc:  # noqa: BLE001 - explaining is best effort: the replay goes on,
        # but a failed explanation says so instead of leaving the correction silent
        why = {"text": _m("RLR.why_failed", lang, error=type(exc).__name__), "laws": [],
               "actions": [], "decision": None}
    if place_ex is None and why is None:
        return None
    out = dict(place_ex or {})
    texts = [place_ex["text"]] if place_ex else []
    laws = [str(place_ex["law"])] if place_ex and place_ex.get("law") and not isinstance(place_ex["law"], list) else \
        [str(x) for x in (place_ex or {}).get("law") or ()] if place_ex and isinstance(place_ex.get("law"), list) else []
    if why is not None:
        texts.append(why["text"])
        laws += [lw for lw in why["laws"] if lw not in laws]
        out["actions"] = why["actions"]
        out["decision"] = why["decision"]
    out["text"] = "; ".join(texts)
    out.setdefault("law", laws[0] if laws else None)
    out.setdefault("filter", None)
    out["laws"] = laws
    return out


def _place_explain(game, atom, lang):
    """The engine's own words on the change's place at a choice of spaces (as before)."""
    if atom.place is None or isinstance(atom.place, tuple):
        return None
    if not any(o in game.m.attrs for o in game.legal_ids()):
        return None       # the decision is not about spaces: nothing to explain there
    try:
        return game.explain(atom.place, lang)
    except Exception:  # noqa: BLE001 - explaining is best effort
        return None


def _what(atom):
    """The change's kind as why_index names it: space, pv, zone, pz, it, ctr."""
    p = atom.place
    if isinstance(p, str):
        return "space"
    if isinstance(p, tuple) and p and p[0] in ("pv", "zone", "pz", "it", "ctr"):
        return p[0]
    return None


def _actor(rp, atom):
    try:
        _, t, _ = rp.actions[atom.action]
        return rp.mp.faction(t.faction)
    except Exception:  # noqa: BLE001 - a line without a known faction
        return None


def _change_text(rp, atom, what, lang):
    g = rp.g
    kinds = sorted(atom.kinds or ())
    piece = ", ".join(_name(g, "piece", k, lang) for k in kinds[:3]) or "-"
    if what == "space":
        key = "put" if atom.sign > 0 else "take"
        return _m("RLR.why_change_" + key, lang, n=atom.n, piece=piece, place=_name(g, "space", atom.place, lang))
    if what == "pv":
        return _m("RLR.why_change_pv", lang, n=atom.sign * atom.n, who=_name(g, "faction", atom.place[1], lang))
    if what == "zone":
        key = "draw" if atom.sign > 0 else "spend"
        return _m("RLR.why_change_" + key, lang, n=atom.n, zone=_zone_name(g, atom.place[1], lang))
    if what == "pz":
        key = "board_in" if atom.sign > 0 else "board_out"
        return _m("RLR.why_change_" + key, lang, n=atom.n, piece=piece)
    if what == "it":
        return _m("RLR.why_change_item", lang, piece=piece)
    return _m("RLR.why_change_marker", lang)


def _actions_explain(rp, game, atom, lang):
    what = _what(atom)
    actor = _actor(rp, atom)
    if what is None or actor is None or actor not in game.g.factions:
        return None
    g = game.g
    d = game.pending
    fac = g.factions[actor]
    pool = list(dict.fromkeys(list(fac.actions) + [a for a, x in g.actions.items()
                                                   if x.owner is None and x.hireling is None]))
    try:
        from ..interpreter.menu_index import never_enabled
        dead = never_enabled(g, game.s, game.m)
    except Exception:  # noqa: BLE001
        dead = frozenset()
    offered = set(game.legal_ids()) if d is not None and d.kind == "menu" and d.player == actor else set()
    found = [(aid, exact) for aid, exact in _idx.makers(g, pool, what, atom.sign, frozenset(atom.kinds or ()))
             if aid not in dead]
    # the exact makers (their verb names the change's kinds); else the others, offered first
    exact = [a for a, e in found if e]
    # without one, those whose verbs may make it: offered here or the faction's own first
    # (everyone's window actions, a service of a faction not seated, only when nothing else)
    mine = set(fac.actions) | _idx.reach(g, actor)
    near = [a for a, _ in found if a in offered or a in mine]
    chosen = exact or sorted(near, key=lambda a: (a not in offered, a not in fac.actions)) or [a for a, _ in found]
    rows = [(aid, _status(rp, game, actor, aid, atom, offered, lang)) for aid in chosen[:MAX_ACTIONS + 2]]
    # everyone's actions (a service, a card's) neither offered here nor in the faction's own
    # menus say little beside the others (a service of a faction not seated, say)
    keep = [(aid, st) for aid, st in rows if g.actions[aid].owner is not None or aid in offered or aid in mine]
    rows = (keep or rows)[:MAX_ACTIONS]
    parts, laws, acts = [], [], []
    for aid, (code, law, extra) in rows:
        act = g.actions[aid]
        law = law or act.law
        law_s = _law_text(law)
        if law_s:
            laws.extend(x for x in law_s.split(", ") if x not in laws)
        name = _name(g, "action", aid, lang)
        parts.append(_m("RLR.why_act." + code, lang, action=name, law=law_s or "?", **extra))
        acts.append({"action": aid, "why": code, "law": law_s, **extra})
    who = _name(g, "faction", actor, lang)
    change = _change_text(rp, atom, what, lang)
    if parts:
        text = _m("RLR.why_actions", lang, change=change, who=who, actions="; ".join(parts))
    else:
        text = _m("RLR.why_no_action", lang, change=change, who=who)
    short = _shortage(game, atom, what, lang)
    if short:
        text += "; " + short
    dec = None
    if d is not None:
        player = _name(g, "faction", d.player, lang) if isinstance(d.player, str) else str(d.player)
        dlaw = _law_text(d.law)
        dec = {"player": d.player, "kind": str(d.kind), "law": dlaw}
        text += _m("RLR.why_decision", lang, player=player, kind=_kind(d.kind, lang), law=dlaw or "?")
        if not parts and dlaw:
            laws.extend(x for x in dlaw.split(", ") if x not in laws)
    return {"text": text, "laws": laws, "actions": acts, "decision": dec}


def _shortage(game, atom, what, lang):
    """What the position lacks for the change, whatever the action: the supply has fewer of
    the pieces than the record puts, the place fewer than it takes."""
    if what != "space" or not atom.kinds:
        return None
    s = game.s
    g = game.g
    kinds = sorted(atom.kinds)
    piece = ", ".join(_name(g, "piece", k, lang) for k in kinds[:3])
    if atom.sign > 0:
        have = sum(s.supply.get(k, 0) for k in kinds)
        if have < atom.n:
            return _m("RLR.why_short_supply", lang, n=have, piece=piece)
        return None
    have = sum(s.count(atom.place, k) for k in kinds)
    if have < atom.n:
        return _m("RLR.why_short_place", lang, n=have, piece=piece, place=_name(g, "space", atom.place, lang))
    return None


def _status(rp, game, actor, aid, atom, offered, lang):
    """(code of RLR.why_act.*, law, extra args) for action `aid` of `actor` at this position."""
    from ..interpreter.runtime import Ctx
    g = game.g
    act = g.actions[aid]
    s = game.s
    d = game.pending
    if aid in offered:
        return _probe(game, aid, atom, lang)
    if act.limit is not None and act.limit_by is None and s.marks.get(("limit", actor, aid), 0) >= act.limit:
        return "limit", act.law, {}
    if d is not None and d.kind == "menu" and d.player == actor:
        left = d.prompt[1] if d.prompt and len(d.prompt) > 1 else None
        if isinstance(left, int) and left <= 0 and not act.free:
            return "budget", d.law, {}
    if act.requires is not None and not act.params:
        # (a requirement that reads the action's parameters holds or fails per value: the
        # menu's, not known here)
        ctx = Ctx(g, game.m, s, actor, {}, game)
        try:
            ok = act.enabled(ctx)
        except Exception:  # noqa: BLE001 - a requirement that needs the menu's parameters
            ok = None
        if ok is False:
            words = _failing_words(g, act, ctx)
            if words:
                return "requires_words", act.law, {"words": words}
            return "requires", act.law, {}
    for e in reversed(getattr(game, "log", None) or ()):
        if e.get("t") == "turn":
            break
        if e.get("t") == "action_undone" and e.get("action") == aid and e.get("faction") == actor:
            return "failed", act.law, {}
    if s.active != actor:
        return "not_turn", act.law, {}
    if act.requires is not None and act.params:
        return "not_offered", act.law, {}      # its requirement not judged: not "possible"
    return "not_here", act.law, {}


def _probe(game, aid, atom, lang, budget=30):
    """An action offered at the pending menu, taken on copies (its player's decisions within
    it, each option tried, the change's place and piece kinds first, a few levels deep):
    whether it makes the change, or else which choice of spaces refuses the change's place
    and by which rule."""
    place = atom.place if isinstance(atom.place, str) else None
    if place is None or not atom.kinds:
        return "offered", None, {}
    me = game.pending.player
    kinds = set(atom.kinds)
    verbs = _idx.VERBS.get(("space", 1 if atom.sign > 0 else -1), set())
    base = _count(game, place, kinds)
    refused = None
    complete = False
    try:
        first = game.clone()
        first.apply(game.legal_ids().index(aid))
        level = [first]
        for _ in range(5):
            nxt = []
            for g2 in level:
                if (_count(g2, place, kinds) - base) * atom.sign > 0:
                    return "offered_place", None, {"place": _name(game.g, "space", place, lang)}
                d2 = g2.pending
                if d2 is None or d2.player != me or d2.kind == "menu":
                    continue       # the action is over (or another player decides)
                ids = g2.legal_ids()
                if place not in ids and any(o in g2.m.attrs for o in ids):
                    # a choice of spaces that leaves the place out: its rule, the choices of
                    # this kind of change first; a move's origin never refuses a put, nor its
                    # destination a take
                    pr = d2.prompt or ()
                    wrong_end = "from" if atom.sign > 0 else "to"
                    rank = 0 if len(pr) > 3 and pr[3] in verbs else 1
                    if len(pr) > 2 and pr[2] == wrong_end:
                        rank = None
                    if rank is not None and (refused is None or rank < refused[0]):
                        r = g2.explain(place, lang)
                        if r:
                            refused = (rank, r)
                order = sorted(range(len(ids)), key=lambda i: (ids[i] != place, ids[i] not in kinds))
                for i in order:
                    if budget <= 0:
                        break
                    budget -= 1
                    g3 = g2.clone()
                    g3.apply(i)
                    nxt.append(g3)
            level = nxt
        complete = not level
    except Exception:  # noqa: BLE001 - a probe that fails says nothing
        pass
    if refused:
        return "offered_refused", refused[1].get("law"), {"text": refused[1].get("text")}
    if complete and budget > 0:
        return "offered_elsewhere", None, {}       # every choice tried: none makes it
    return "offered", None, {}


def _count(game, place, kinds):
    return sum(game.s.count(place, k) for k in kinds)


def _failing_words(g, act, ctx):
    """The words of the first part of a requirement (its top-level `e`) that does not hold,
    or of the whole requirement when it has one part; None when it cannot say."""
    tree = getattr(act, "req_tree", None)
    if tree is None:
        return None
    for fn, node in _parts(g, act, tree):
        try:
            ok = bool(fn(ctx)) if fn is not None else None
        except Exception:  # noqa: BLE001
            ok = None
        if ok is False:
            return _words(node)
    return None


def _parts(g, act, tree):
    """[(compiled part or None, node)] of a requirement, kept per action."""
    memo = g.__dict__.setdefault("_rootlog_why_parts", {})
    got = memo.get(act.id)
    if got is not None:
        return got
    from .. import nodes as N
    items = list(tree.items) if type(tree) is N.Logic and tree.op == "and" else [tree]
    out = []
    if len(items) == 1:
        out = [(act.requires, items[0])]
    else:
        from ..compiler import ANY, CC, compile_expr
        from ..errors import Diagnostics
        for node in items:
            try:
                cc = CC(g, Diagnostics(), g.lang, act.owner, act.law)
                for var in act.params.values():
                    cc.vars[var] = ANY
                fn, _ = compile_expr(cc, node)
                if cc.diags.has_errors():
                    fn = None
            except Exception:  # noqa: BLE001 - a part that does not compile alone
                fn = None
            out.append((fn, node))
    memo[act.id] = out
    return out


def _words(node):
    pos = getattr(node, "pos", None)
    if pos is None:
        return None
    line = source_line(pos) or ""
    w = line[pos.col - 1:pos.col - 1 + pos.length].strip()
    if not w:
        return None
    return w if len(w) <= MAX_WORDS else w[:MAX_WORDS].rstrip() + "…"


def _zone_name(g, zone, lang):
    """`alianca:mao` -> "mão de Aliança"; `alianca.apoiadores` -> its name (else the id)."""
    owner, sep, z = str(zone).partition(":")
    if sep:
        return _m("RLR.why_zone_of", lang, zone=_name(g, "zone", z, lang), who=_name(g, "faction", owner, lang))
    return _name(g, "zone", zone, lang)


def _law_text(law):
    if law is None:
        return None
    if isinstance(law, (list, tuple)):
        return ", ".join(str(x) for x in law) or None
    return str(law)


def _kind(kind, lang):
    key = "SV.kind." + str(kind)
    from ..errors import messages
    if key not in messages():
        return str(kind)
    from ..scenario.options import kind_label
    return kind_label(kind, lang)


def _name(g, kind, ident, lang):
    try:
        return g.rs.name(kind, ident, lang)
    except Exception:  # noqa: BLE001 - a name is a courtesy
        return str(ident)
