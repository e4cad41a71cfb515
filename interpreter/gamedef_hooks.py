"""GameDef's hooks: triggers, replacements, modifiers and prohibitions, compiled.

A hook is declared apart from the rules it reacts to: `quando:`/`em_vez_de:` names an event
and the fields it binds (typed variables of its condition and effect), `valor:` the derived
value a modifier changes. `compile_hooks` reads them from the game, the decks' cards (active
while the card lies in a play area, interpreter/card_scope.py) and each faction, in that order
(the order replacements of equal priority and triggers run in).
"""
from __future__ import annotations

from ..compiler import SPACE, NUMBER, ANY, FACTION, CARD, PIECE
from ..compiler.memo import bind as _memo_bind
from ..lexicon import get as _lexicon
from ..ytypes import pos_of
from .. import nodes as N
from . import rule as _rule
from . import hirelings as _hirelings
from .gamedef import Hook, _bool


def compile_hooks(g, d) -> None:
    for kind, sect in (("trigger", "triggers"), ("replacement", "replacements"),
                       ("modifier", "modifiers"), ("prohibition", "prohibitions")):
        for i, h in enumerate(d.get(sect) or []):
            _hook(g, kind, None, h, (sect, i))
        # a card's own hooks (N5): active while the card lies in a play area, with the
        # area's owner as 'você' (interpreter/card_scope.py)
        if kind in ("trigger", "replacement", "modifier"):
            for did, deck in (d.get("decks") or {}).items():
                _card_hooks(g, kind, sect, None, deck.get("cards"), ("decks", did, "cards"))
        for fid, fac in (d.get("factions") or {}).items():
            for i, h in enumerate(fac.get(sect) or []):
                _hook(g, kind, fid, h, ("factions", fid, sect, i))
            # ... and those of a faction's own cards (the moods of the Hundreds, Law 14.7):
            # read with the faction's names, active while the card lies in a play area
            if kind in ("trigger", "replacement", "modifier"):
                _card_hooks(g, kind, sect, fid, fac.get("cards"), ("factions", fid, "cards"))
    g.__dict__.pop("_piece_forms", None)      # only the compilation asks it



def _card_hooks(g, kind, sect, owner, cards, path) -> None:
    """The hooks of a list of cards (a deck's, or a faction's own), each tied to its card."""
    for ci, c in enumerate(cards or []):
        if not isinstance(c, dict):
            continue
        for i, h in enumerate(c.get(sect) or []):
            hk = _hook(g, kind, owner, h, path + (ci, sect, i), card=str(c["id"]))
            if hk is not None:
                hk.card = str(c["id"])

def _hook(g, kind, owner, h, path, card=None):
    hk = Hook(kind, owner, h.get("law"))
    hk.card = card
    cc = g._cc(owner, h.get("law"), getattr(h, "_lang", None))
    ev = h.get("when") or h.get("instead_of")
    if ev is not None:
        lex = _lexicon(getattr(h, "_lang", None) or g.lang)
        hk.event = lex.value_of(ev.get("event")) or str(ev.get("event"))
        hk.tag = str(ev["tag"]) if ev.get("tag") is not None else None
        hk.phase = g.phase_ref(ev.get("phase"), ev, "phase", getattr(h, "_lang", None))
        if "pieces" in ev:
            hk.pieces = _piece_names(g, ev.get("pieces"), cc, owner)
        hk.owner_rel = _rel(ev.get("owner"))
        hk.by_rel = _rel(ev.get("by"))
        hk.cause = ev.get("cause")
        hk.not_cause = ev.get("not_cause")
        if ev.get("turn_rule") is not None:
            # `do_turno: sim`: only the event the turn's own rules make (the Evening draw),
            # not one of a triggered effect or an action (`não`: only those)
            hk.turn_rule = _bool(ev.get("turn_rule"))
        if ev.get("action") is not None:
            # `ação realizada` with `ação: A`: matched as the cause (the event's only action)
            hk.cause = str(ev["action"])
        if ev.get("step") is not None:
            hk.step = str(ev["step"])
            # the hooks of a step read and write the variables its action shares with them
            if hk.step in g.step_context and g.step_context[hk.step] is None:
                return None
            ctxv = g.step_context.get(hk.step) or {}
            for var in ctxv:
                cc.vars[var] = ctxv[var] if isinstance(ctxv, dict) else ANY
        for role in ("attacker", "defender"):
            if ev.get(role) is not None:
                rel = _rel(ev.get(role))
                if rel is not None:
                    hk.roles = dict(hk.roles or {}, **{role: rel})
                else:
                    hk.binds[role] = str(ev[role])
                    cc.vars[str(ev[role])] = FACTION
        for field, t in (("space", SPACE), ("count", NUMBER), ("card", CARD), ("faction", FACTION),
                         ("from", SPACE), ("to", SPACE), ("piece", PIECE), ("path", SPACE),
                         ("chooser", FACTION)):
            if field in ev:
                var = str(ev[field])
                hk.binds[field] = var
                cc.vars[var] = t
        if "owner" in ev and ev.get("owner") and _rel(ev.get("owner")) is None:
            # "dono: F": binds the owner of the pieces (any owner)
            hk.binds["owner"] = str(ev["owner"])
            cc.vars[str(ev["owner"])] = FACTION
        if "by" in ev and ev.get("by") and _rel(ev.get("by")) is None:
            hk.binds["by"] = str(ev["by"])
            cc.vars[str(ev["by"])] = FACTION
    if kind == "modifier":
        if _rule.is_ruler_value(h, g.lang):
            # `valor: governante`: who rules a space (interpreter/rule.py)
            if h.get("hireling_only") is not None:
                lang = getattr(h, "_lang", None) or g.lang
                g.diags.add("M221", pos_of(h, "hireling_only"), lang,
                            key=_lexicon(lang).spell_key("hireling_only"))
            _rule.add_modifier(g, owner, h, path, cc, card=card)
            return
        _rule.check_not_rule(g, owner, h, getattr(h, "_lang", None) or g.lang)
        dd0 = g.derived_for((str(h.get("value")),), owner)
        if dd0 is not None:
            if dd0.param:
                cc.vars[dd0.param] = ANY
            for v in dd0.context:
                cc.vars[v] = ANY
    if "condition" in h:
        hk.condition = g._expr(path + ("condition",), owner, cc)
        e = g._exprs.get(path + ("condition",))
        hk.cond_tree = e.tree if e is not None else None
    if "path" in hk.binds:
        # `caminho: P` (N18): only a move along a path that holds pieces; the condition
        # carries the test, so the hooks that do not ask pay nothing
        pvar, cond = hk.binds["path"], hk.condition
        hk.condition = ((lambda c: c.env.get(pvar) is not None) if cond is None else
                        (lambda c: c.env.get(pvar) is not None and cond(c)))
    if kind == "modifier":
        hk.value = str(h.get("value"))
        if h.get("hireling_only") is not None:
            hk.hireling_only = _hirelings.hireling_only(g, owner, h, card)
        if "add" in h:
            hk.add = g._expr(path + ("add",), owner, cc)
        if "set" in h:
            hk.set = g._expr(path + ("set",), owner, cc)
        for part in ("condition", "add", "set"):
            _memo_bind(hk, part)        # a memo switched off: the modifier calls the bare part
        dd = g.derived_for((hk.value,), owner)
        if dd is None:
            from ..errors import suggest
            g.diags.add("C003", pos_of(h, "value"), getattr(h, "_lang", None) or g.lang,
                        name=hk.value, hint=suggest(hk.value, [x.split(".")[-1] for x in g.derived], 0.5))
            return
        dd.mods.append(hk)
        if card is not None:
            dd.card_mods = True
        for part in ("condition", "add", "set"):
            e = g._exprs.get(path + (part,))
            if e is not None and e.tree is not None:
                dd.trees.append(e.tree)
        return
    _memo_bind(hk, "condition")         # a memo switched off: the hook calls the bare test
    hk.optional = _bool(h.get("optional"))
    if kind == "replacement" and not _replacement_dest(g, hk, h):
        return None
    if h.get("priority") is not None:
        hk.priority = int(h.get("priority"))
    hk.run = g._block(path + ("effect",), owner, h.get("law"), cc)
    e = g._exprs.get(path + ("effect",))
    hk.tree = e.tree if e is not None else None
    hk.interactive = hk.optional or _interactive(hk.tree)
    if kind == "trigger":
        g.triggers.setdefault(hk.event, []).append(hk)
    elif kind == "replacement":
        lst = g.replacements.setdefault(hk.event, [])
        lst.append(hk)
        # the declared order: higher `prioridade:` first, then the order of declaration
        lst.sort(key=lambda x: -x.priority)
    else:
        g.prohibitions.append(hk)
    return hk


def _replacement_dest(g, hk, h) -> bool:
    """A replacement says what happens instead: an effect, or for a removal only where
    the pieces go (`destino:`, a piece zone; N9). False when it cannot be honoured."""
    lang = getattr(h, "_lang", None) or g.lang
    dest = h.get("destination")
    if dest is None and h.get("effect") is None:
        g.diags.add("M130", pos_of(h, "instead_of"), lang)
        return False
    if (hk.event == "removal") != (dest is not None) or (dest is not None and h.get("effect") is not None):
        lex = _lexicon(lang)
        g.diags.add("M131", pos_of(h, "destination" if dest is not None else "instead_of"), lang,
                    what=lex.spell_value(hk.event) or hk.event)
        return False
    if dest is not None:
        zones = [z for sc in (g.player_zones, g.global_zones) for z, zd in sc.items()
                 if str(zd.get("content", "cards")) in ("peças", "piezas", "pieces")]
        # a faction's hook may also send them to a piece zone of that faction (10.2.3)
        own = [z for z, zd in g.faction_zones.get(hk.owner, {}).items()
               if str((zd or {}).get("content", "cards")) in ("peças", "piezas", "pieces")]
        if str(dest) in own and str(dest) not in zones:
            hk.dest = f"{hk.owner}.{dest}"
            return True
        zones += own
        if str(dest) not in zones:
            from ..errors import suggest
            g.diags.add("M132", pos_of(h, "destination"), lang, value=str(dest),
                        known=", ".join(zones) or "-", hint=suggest(str(dest), zones, 0.5))
            return False
        hk.dest = str(dest)
    return True


def _piece_names(g, spec, cc, owner):
    """Hook patterns name pieces by kind or category: return the set of kind ids."""
    from ..errors import fold
    names = spec if isinstance(spec, list) else [spec]
    out = set()
    table = None
    index = _piece_forms(g, cc.lang)
    for nm in names:
        hits = index.get(fold(str(nm)))
        if hits:
            for kind, ident in hits:
                if kind == "category":
                    out.update(g.category_kinds(ident))
                else:
                    out.add(ident)
        else:
            from ..errors import suggest
            table = table or g.rs.names_table(cc.lang)
            cands = [sp for kind in ("piece", "category") for sps in table.get(kind, {}).values()
                     for sp in sps]
            g.diags.add("C014", getattr(nm, "pos", None), cc.lang, name=str(nm),
                        hint=suggest(str(nm), cands, 0.5))
    return out


def _piece_forms(g, lang) -> dict:
    """Folded spelling -> [(kind, id)] of every piece kind and category in `lang`: each
    spelling, its id, and the plural of its first word. Built once per GameDef and language
    (41 hooks name pieces in Root; each used to fold every form of every piece again)."""
    memo = g.__dict__.setdefault("_piece_forms", {})
    index = memo.get(lang)
    if index is not None:
        return index
    from ..errors import fold
    from ..lexicon import pluralize
    table = g.rs.names_table(lang)
    lex = _lexicon(lang)
    index = {}
    for kind in ("piece", "category"):
        for ident, sps in table.get(kind, {}).items():
            forms = {fold(s) for s in sps} | {fold(ident)}
            for sp in sps:
                ws = sp.split()
                for pl in pluralize(ws[0], lex.plural):
                    forms.add(fold(" ".join([pl] + ws[1:])))
            for f in forms:
                index.setdefault(f, []).append((kind, ident))
    memo[lang] = index
    return index


def _interactive(tree) -> bool:
    """Does an effect ask anyone anything (a choice, an option, a menu, hits to allocate)?"""
    if tree is None:
        return False
    for n in tree.walk():
        if isinstance(n, (N.Choose, N.ChooseBranch, N.Maybe, N.ActionMenu, N.Perform)):
            return True
        if isinstance(n, N.Verb) and (n.optional or n.verb in ("deal_hits", "remove", "discard", "spend")):
            return True
        if isinstance(n, N.Repeat) and n.upto:
            return True
    return False


def _rel(v):
    if v is None:
        return None
    from ..errors import fold
    f = fold(str(v))
    if f in ("voce", "tu", "ti", "seu", "sua", "tuyo", "tuya", "mine"):
        return "mine"
    if f in ("inimigo", "inimiga", "enemigo", "enemiga", "enemy"):
        return "enemy"
    if f in ("qualquer", "cualquiera", "any"):
        return "any"
    return None
