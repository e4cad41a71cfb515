"""The options of a pending decision in the scenario's words: which option a text names
(`match_option`, `option_forms`), how an option is written back (`option_label`,
`kind_label`), and why an option is absent (`why_illegal`, with the Law it cites)."""
from __future__ import annotations

from ..errors import fold
from .model import _m, _words, _words_lang
from .vocab import Vocab


def _card_decision(d) -> bool:
    if d.kind == "card":
        return True
    pr = d.prompt or ()
    return len(pr) > 1 and pr[1] == "card"


def _number_decision(d) -> bool:
    pr = d.prompt or ()
    return d.kind in ("count", "branch", "repeat") or (len(pr) > 1 and pr[1] == "number") \
        or (pr and pr[0] == "how_many")


def option_forms(game, vocab: Vocab, d, value) -> set[str]:
    """Folded spellings that name one option of a decision."""
    from ..interpreter.runtime import PASS, DONE
    from ..interpreter.engine import option_id
    out = {fold(option_id(value))}
    if value is PASS:
        out |= {fold(w) for w in _words("SV.pass")}
        return out
    if value is DONE:
        out |= {fold(w) for w in _words("SV.done")}
        return out
    if value is True:
        out |= {fold(w) for w in _words("SV.yes")}
        return out
    if isinstance(value, bool):
        return out
    if isinstance(value, int):
        out |= {w for w, n in vocab.numbers.items() if n == value}
        if not _number_decision(d) and _card_decision(d) and 0 <= value < len(game.s.card_defs):
            cid = game.s.card_defs[value]
            out.add(fold(cid))
            for sp in vocab.table.get("card", {}).get(cid, []):
                out |= vocab.forms(sp)
        return out
    if isinstance(value, str):
        out.add(fold(value.replace("_", " ")))
        if "~" in value and vocab.g.path_kinds:
            out |= {t for t, p in vocab.path_index().items() if p == value}      # N18
        if "." in value:
            out.add(fold(value.split(".", 1)[1]))
        table = vocab.table
        for kind in Vocab.KINDS_FOR_OPTIONS:
            for sp in table.get(kind, {}).get(value, []):
                out |= vocab.forms(sp)
        if value in vocab.g.piece_kinds:
            out.add(fold(vocab.piece_name(value)))
            owner = vocab.piece_owner.get(value)
            if owner is not None:
                for sp in table.get("piece", {}).get(value, []):
                    for form in vocab.forms(sp):
                        for ow in vocab.of_words:
                            for fs in table.get("faction", {}).get(owner, []):
                                out.add(f"{form} {ow} {fold(fs)}")
    return out


def _stated_unit(game, vocab, d, value, t) -> bool:
    """Pieces of a zone told apart by their states, (zone, kind, state...): also named as
    "PEÇA ESTADO" or "ZONA: PEÇA ESTADO" (the piece with exactly those states)."""
    g = vocab.g
    if len(value) < 2 or not isinstance(value[1], str) or value[1] not in g.piece_kinds \
            or not all(isinstance(x, str) and x in g.statuses for x in value[2:]):
        return False
    place = None
    if ":" in t:
        place, t = (x.strip() for x in t.rsplit(":", 1))
    phrase, _bits, ids = vocab.states(t)
    if set(ids) != set(value[2:]):
        return False
    if fold(phrase) not in option_forms(game, vocab, d, value[1]):
        return False
    return place is None or place in option_forms(game, vocab, d, value[0])


def _matches(game, vocab, d, value, text) -> bool:
    t = " ".join(fold(str(text)).split())
    if isinstance(value, tuple):
        from ..interpreter.engine import option_id
        if t == fold(option_id(value)):
            return True
        if _stated_unit(game, vocab, d, value, t):
            return True
        parts = [p.strip() for p in t.split(":")]
        if len(parts) != len(value):
            return False
        return all(_matches(game, vocab, d, v, p) for v, p in zip(value, parts))
    return t in option_forms(game, vocab, d, value)


def match_option(game, vocab: Vocab, text) -> int | None:
    """Index of the pending decision's option that `text` names (an id or a localized name)."""
    d = game.pending
    if d is None:
        return None
    for i, o in enumerate(d.options):
        if _matches(game, vocab, d, o, text):
            return i
    return None


def option_label(game, vocab: Vocab, d, value) -> str:
    from ..interpreter.runtime import PASS, DONE
    lang = vocab.lang
    if value is PASS:
        return _words_lang("SV.pass", lang)
    if value is DONE:
        return _words_lang("SV.done", lang)
    if value is True:
        return _words_lang("SV.yes", lang)
    if isinstance(value, tuple):
        return ": ".join(option_label(game, vocab, d, v) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        if not _number_decision(d) and _card_decision(d) and 0 <= value < len(game.s.card_defs):
            return vocab.name("card", game.s.card_defs[value])
        return str(value)
    if isinstance(value, str):
        if value in vocab.g.piece_kinds:
            return vocab.piece_name(value)
        for kind in Vocab.KINDS_FOR_OPTIONS:
            if value in vocab.display.get(kind, {}):
                return vocab.display[kind][value]
        if "~" in value and vocab.g.path_kinds:
            return vocab.name("space", value)          # a path space (N18)
    return str(value)


def kind_label(kind, lang) -> str:
    """A decision kind in the report's language ("escolha", "elección")."""
    from ..errors import messages
    if ("SV.kind." + str(kind)) not in messages():
        return str(kind)
    return _words_lang("SV.kind." + str(kind), lang)


def _options(game, vocab) -> str:
    d = game.pending
    if d is None:
        return "-"
    return ", ".join(option_label(game, vocab, d, o) for o in d.options)


def why_illegal(game, vocab: Vocab, text):
    """(reason, law) for an option absent from the pending decision. `reason` is a code of
    SR.why.* (an action of a menu whose per-turn limit is reached, whose requirement fails,
    with no actions left, or tried and undone this turn) or, for a choice, the engine's own
    explanation (`Game.explain`: the words of the rule the option fails); else not_listed."""
    from ..interpreter.runtime import Ctx
    d = game.pending
    if d is None:
        return None
    g = vocab.g
    if d.kind == "menu":
        ids = vocab.find("action", text) or ([str(text)] if str(text) in g.actions else [])
        if ids:
            aid = g.action_for(ids, d.player) or ids[0]
            act = g.actions.get(aid)
            if act is not None:
                if act.owner not in (None, d.player):
                    return ("not_listed", d.law)
                if act.limit is not None and game.s.marks.get(("limit", d.player, aid), 0) >= act.limit:
                    return ("limit", act.law)
                left = d.prompt[1] if d.prompt and len(d.prompt) > 1 else None
                if isinstance(left, int) and left <= 0 and not act.free:
                    return ("budget", d.law)
                if act.requires is not None:
                    ctx = Ctx(g, game.m, game.s, d.player, {}, game)
                    try:
                        ok = act.enabled(ctx)
                    except Exception:  # noqa: BLE001
                        ok = True
                    if not ok:
                        return ("requires", act.law)
                for e in reversed(game.log):
                    if e.get("t") == "turn":
                        break
                    if e.get("t") == "action_undone" and e.get("action") == aid and e.get("faction") == d.player:
                        return ("failed", act.law)
    explain = getattr(game, "explain", None)
    if explain is not None:
        cands = []
        for kind in Vocab.KINDS_FOR_OPTIONS:
            cands.extend(vocab.find(kind, text))
        cands.extend(vocab.pieces(text)[0])
        cands.append(str(text))
        for ident in dict.fromkeys(cands):
            try:
                r = explain(ident, vocab.lang)
            except Exception:  # noqa: BLE001 - an explanation is a courtesy
                r = None
            if r:
                return (("text", r.get("text")), r.get("law"))
    return ("not_listed", d.law)


def _law_text(law) -> str | None:
    if law is None:
        return None
    if isinstance(law, (list, tuple)):
        return ", ".join(str(x) for x in law) or None
    return str(law)


def _reason(lang, why, law):
    if isinstance(why, tuple):          # the engine's own sentence, which cites the law
        return _m("SR.reason", lang, why=why[1])
    w = _m("SR.why." + why, lang)
    lt = _law_text(law)
    return _m("SR.reason_law", lang, why=w, law=lt) if lt else _m("SR.reason", lang, why=w)
