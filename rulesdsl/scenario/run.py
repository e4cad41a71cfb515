"""Running a scenario: `run_scenario(sc)` -> Result. The choices are played one by one on the
scenario's game (an illegal choice, a crash or a broken invariant is a failure), then each
step's expectations are checked against the state (`_check`)."""
from __future__ import annotations

import os
import traceback
from collections import Counter

from ..errors import fold
from .model import EMPTY, Expect, Result, Scenario, _m
from .options import _law_text, _options, _reason, kind_label, match_option, why_illegal
from .position import new_game


def run_scenario(sc: Scenario) -> Result:
    from ..interpreter import invariants
    res = Result(sc)
    lang = sc.lang
    try:
        game, box, dice = new_game(sc)
    except Exception as exc:  # noqa: BLE001 - the engine failing is a scenario failure
        res.fail(sc.pos, _m("SR.crash", lang, when=_m("SR.when_start", lang), error=_exc(exc)))
        return res
    for v in invariants.check(game, box=box, lang=lang):
        res.fail(sc.pos, _m("SR.invariant", lang, when=_m("SR.when_start", lang), what=v))
    if res.failures:
        return res
    for n, step in enumerate(sc.steps, 1):
        if not (n == 1 and getattr(dice, "preloaded", False)):
            dice.queue.extend(step.dice)
        for text, pos in step.choices:
            if game.is_terminal():
                res.fail(pos, _m("SR.choice_over", lang, choice=text))
                return res
            i = match_option(game, sc.vocab, text)
            if i is None:
                d = game.pending
                why, law = why_illegal(game, sc.vocab, text)
                res.fail(pos, _m("SR.choice_illegal", lang, choice=text, player=_fac(sc, d.player),
                                 kind=kind_label(d.kind, lang), options=_options(game, sc.vocab))
                         + "; " + _reason(lang, why, law))
                return res
            try:
                game.apply(i)
            except Exception as exc:  # noqa: BLE001
                res.fail(pos, _m("SR.crash", lang, when=_m("SR.when_choice", lang, choice=text, step=n),
                                 error=_exc(exc)))
                return res
            res.choices_done += 1
            for v in invariants.check(game, box=box, lang=lang):
                res.fail(pos, _m("SR.invariant", lang, when=_m("SR.when_choice", lang, choice=text, step=n),
                                 what=v))
            if res.failures:
                return res
        failure = getattr(game.s, "failure", None)
        if failure is not None:
            res.fail(step.pos, _m("SR.stuck", lang, why=getattr(failure, "why", failure)))
        for v, p, faces in dice.misfits:
            res.fail(p, _m("SR.dice_face", lang, value=v, faces=", ".join(map(str, faces))))
        dice.misfits.clear()
        if dice.queue:
            res.fail(dice.queue[0][1], _m("SR.dice_left", lang, dice=", ".join(str(v) for v, _ in dice.queue)))
            dice.queue.clear()
        left = getattr(dice, "draws_left", None)
        if left and n == len(sc.steps):
            res.fail(left[0][2], _m("SR.draws_left", lang, draws=", ".join(str(t) for _, t, _ in left)))
        if step.expect is not None:
            _check(game, sc, step.expect, res)
        if res.failures:
            return res
    return res


def _exc(exc) -> str:
    tb = traceback.extract_tb(exc.__traceback__)
    where = f" [{os.path.basename(tb[-1].filename)}:{tb[-1].lineno}]" if tb else ""
    return f"{type(exc).__name__}: {exc}{where}"


def _fac(sc, f):
    if f is None:
        return _m("SW.nobody", sc.lang)
    return sc.vocab.name("faction", f)


# expectations --------------------------------------------------------------------------------------

def _check(game, sc: Scenario, ex: Expect, res: Result):
    lang, vocab, s = sc.lang, sc.vocab, game.s
    g = game.g
    d = game.pending
    for text, pos in ex.legal:
        if d is None:
            res.fail(pos, _m("SR.no_decision", lang))
            break
        if match_option(game, vocab, text) is None:
            why, law = why_illegal(game, vocab, text)
            msg = _m("SR.legal", lang, option=text, player=_fac(sc, d.player), kind=kind_label(d.kind, lang),
                     options=_options(game, vocab))
            res.fail(pos, msg + "; " + _reason(lang, why, law))
    for text, pos, law in ex.illegal:
        if d is None:
            res.fail(pos, _m("SR.no_decision", lang))
            break
        if match_option(game, vocab, text) is not None:
            res.fail(pos, _m("SR.illegal", lang, option=text, player=_fac(sc, d.player), kind=kind_label(d.kind, lang)))
            continue
        why, got = why_illegal(game, vocab, text)
        res.notes.append(f"{text}: {_reason(lang, why, got)}")
        if law is not None and _law_text(got) is not None and fold(law) not in fold(_law_text(got)):
            res.fail(pos, _m("SR.illegal_reason", lang, option=text, expected=law, got=_law_text(got)))
    nd = ex.next_decision
    if nd is not None:
        if isinstance(nd, tuple):
            if d is not None:
                res.fail(nd[1], _m("SR.decision_expected_none", lang, player=_fac(sc, d.player), kind=kind_label(d.kind, lang)))
        elif d is None:
            res.fail(nd["pos"], _m("SR.no_decision", lang))
        else:
            if "player" in nd and nd["player"][0] != d.player:
                res.fail(nd["player"][1], _m("SR.player", lang, expected=_fac(sc, nd["player"][0]),
                                             got=_fac(sc, d.player)))
            if "decision" in nd and nd["decision"][0] != d.kind:
                res.fail(nd["decision"][1], _m("SR.kind", lang, expected=kind_label(nd["decision"][0], lang),
                                               got=kind_label(d.kind, lang)))
            if "options" in nd:
                texts, op = nd["options"]
                hit = set()
                ok = True
                for t, tp in texts:
                    i = match_option(game, vocab, t)
                    if i is None:
                        ok = False
                    else:
                        hit.add(i)
                if not ok or len(hit) != len(d.options):
                    res.fail(op, _m("SR.options", lang, expected=", ".join(str(t) for t, _ in texts),
                                    got=_options(game, vocab)))
            if "law" in nd:
                want, lp = nd["law"]
                got = _law_text(d.law)
                if got is None or fold(want) not in fold(got):
                    res.fail(lp, _m("SR.law", lang, expected=want, got=got or "-"))
    for sp, spec in ex.pieces.items():
        here = s.board.get(sp, {})
        if spec is EMPTY:
            for kind, n in sorted(here.items()):
                if n:
                    res.fail(None, _m("SR.pieces", lang, space=vocab.name("space", sp),
                                      piece=vocab.piece_name(kind), expected=0, got=n))
            continue
        for key, (n, pos) in spec.items():
            if len(key) == 3:
                # which faces lie under the pieces on their back
                _, back, kind = key
                got = s.identities(sp, back).get(kind, 0) if back in g.hidden_backs else here.get(back, 0)
                label = f"{vocab.piece_name(back)}: {vocab.piece_name(kind)}"
            else:
                # a piece named without states counts them all; "PEÇA ESTADO" those with exactly that state
                kind, bits = key
                got = s.zone_split(sp, kind).get(bits, 0) if bits else here.get(kind, 0)
                label = vocab.piece_state_name(kind, bits)
            if got != n:
                res.fail(pos, _m("SR.pieces", lang, space=vocab.name("space", sp),
                                 piece=label, expected=n, got=got))
    for kind, (n, pos) in ex.supply.items():
        got = s.supply.get(kind, 0)
        if got != n:
            res.fail(pos, _m("SR.supply", lang, piece=vocab.piece_name(kind), expected=n, got=got))
    for key, kinds in ex.zone_pieces.items():
        here = s.piece_zones.get(key, {})
        if kinds is EMPTY:
            for kind in sorted(here):
                for bits, got in sorted(s.zone_split(key, kind).items()):
                    res.fail(None, _m("SR.zone_pieces", lang, zone=_zone_label(vocab, key),
                                      piece=vocab.piece_state_name(kind, bits), expected=0, got=got))
            continue
        for (kind, bits), (n, pos) in kinds.items():
            # a piece named without states counts the pieces that have none; "PEÇA ESTADO"
            # those with exactly that state
            got = s.zone_split(key, kind).get(bits, 0)
            if got != n:
                res.fail(pos, _m("SR.zone_pieces", lang, zone=_zone_label(vocab, key),
                                 piece=vocab.piece_state_name(kind, bits), expected=n, got=got))
    if ex.attrs:
        from ..interpreter import board as _board
        for sp, attrs in ex.attrs.items():
            for aid, (want, pos) in attrs.items():
                got = _board.attr(game.ctx, sp, aid)
                norm = lambda x: frozenset(x) if isinstance(x, (list, tuple)) else x
                if norm(got) != norm(want):
                    res.fail(pos, _m("SR.attr", lang, space=vocab.name("space", sp),
                                     attr=vocab.name("attr", aid), expected=_attr_text(vocab, want),
                                     got=_attr_text(vocab, got)))
    for key, (n, pos) in ex.counters.items():
        got = s.counters.get(key, 0)
        if got != n:
            f, cid = (key.split(":", 1) + [""])[:2] if ":" in key else (None, key)
            other = None
            if "@" in cid:                      # a per-faction counter: "relação@marqueses"
                cid, other = cid.split("@", 1)
            names = vocab.display.get("counter", {})
            if cid not in names and f is not None and f"{f}.{cid}" in names:
                cid = f"{f}.{cid}"
            if cid not in names:
                cid = next((c for c in names if c.split(".")[-1] == cid.split(".")[-1]), cid)
            label = vocab.name("counter", cid)
            if other is not None:
                label = f"{label} ({_fac(sc, other)})"
            from ..interpreter import small_forms as _small
            vals = _small.typed_of_key(g, key)
            if vals is not None:
                # a typed counter (N8): its values by name, "nada" for no value
                def shown(x):
                    v = _small.decode(vals, x)
                    return "-" if v is None else vocab.name("faction" if v in g.factions else "enumval", v)
                n, got = shown(n), shown(got)
            res.fail(pos, _m("SR.counter", lang, counter=label,
                             faction=_fac(sc, f), expected=n, got=got))
    for key, ((how, val), pos) in ex.cards.items():
        here = [s.card_defs[c] for c in s.zones.get(key, [])]
        names = ", ".join(vocab.name("card", c) for c in here)
        if how == "count":
            if len(here) != val:
                res.fail(pos, _m("SR.cards_count", lang, zone=_zone_label(vocab, key), expected=val,
                                 got=len(here), cards=names))
        elif Counter(here) != Counter(val):
            res.fail(pos, _m("SR.cards", lang, zone=_zone_label(vocab, key),
                             expected=", ".join(vocab.name("card", c) for c in val), got=names))
    if ex.winner is not False:
        got = game.winners()
        want = [] if ex.winner is None else list(ex.winner) if isinstance(ex.winner, list) else [ex.winner]
        if sorted(got) != sorted(want):
            res.fail(ex.winner_pos, _m("SR.winner", lang, expected=", ".join(_fac(sc, f) for f in want) or _fac(sc, None),
                                       got=", ".join(_fac(sc, f) for f in got) or _fac(sc, None)))
    if ex.game_over is not None:
        want, pos = ex.game_over
        if want is not None and game.is_terminal() != want:
            yn = lambda b: _m("SW.yes" if b else "SW.no", lang)  # noqa: E731
            res.fail(pos, _m("SR.game_over", lang, expected=yn(want), got=yn(game.is_terminal())))
    if ex.active is not None and ex.active[0] != s.active:
        res.fail(ex.active[1], _m("SR.active", lang, expected=_fac(sc, ex.active[0]), got=_fac(sc, s.active)))
    if ex.phase is not None and ex.phase[0] != s.phase:
        res.fail(ex.phase[1], _m("SR.phase", lang, expected=vocab.name("phase", ex.phase[0]),
                                 got=vocab.name("phase", s.phase)))
    if ex.round is not None and ex.round[0] != s.round:
        res.fail(ex.round[1], _m("SR.round", lang, expected=ex.round[0], got=s.round))


def _zone_label(vocab, key):
    if ":" in key:
        f, z = key.split(":", 1)
        return f"{vocab.name('zone', z)} ({vocab.name('faction', f)})"
    if "." in key:
        f, z = key.split(".", 1)
        return f"{vocab.name('zone', z)} ({vocab.name('faction', f)})"
    return vocab.name("zone", key)


def _attr_text(vocab, v):
    """A map attribute's value as the scenario's language names it."""
    vals = list(v) if isinstance(v, (list, tuple)) else [v]
    return ", ".join(vocab.name("enumval", x) if isinstance(x, str) else str(x) for x in vals) or "-"
