"""Loading a scenario file: `load_scenarios(path)` -> [Scenario], or RulesError with every
problem found (positioned, in the file's language). The keys a file may use (neutral names;
their spellings come from the lexicons), the ruleset it names (loaded once per run), and the
parts of a scenario: the run (factions, seed, map, deck, setup, hirelings, options, draws),
the position (Setup), the steps and their expectations."""
from __future__ import annotations

import os
from collections import Counter

from .. import lexicon as lexmod
from ..errors import Diagnostics, Pos, RulesError, fold, suggest
from ..loader import YDict, YList, detect_lang, load_file
from .model import Expect, Scenario, Setup, Step, _m, _words
from .reader import _Reader
from .vocab import Vocab, vocab_of

# ---------------------------------------------------------------------------------------------
# keys (neutral names; spellings come from the lexicons)

# `setup`: one of the game's `preparações:` (Law A); `players`: seats whose factions are chosen
# `landmarks`: the landmarks chosen for the setup's A.5 step (a number, or names)
# `hirelings`: hirelings in play (App. E, interpreter/hirelings.py), each with its controller
# `with_options`: the ruleset options the game is made with (rulesdsl/options.py)
RUN_KEYS = {"ruleset", "factions", "seed", "map", "deck", "setup", "players", "landmarks", "hirelings",
            "draws", "with_options"}
SETUP_KEYS = {"position", "hands", "supply", "counters", "scores", "zones", "active", "phase", "round",
              "attributes"}
STEP_KEYS = {"choices", "dice", "expect", "description", "note", "law"}
SCENARIO_KEYS = RUN_KEYS | SETUP_KEYS | STEP_KEYS | {"name", "scenario", "steps"}
FILE_KEYS = SCENARIO_KEYS | {"language", "scenarios"}
EXPECT_KEYS = {"legal", "illegal", "next_decision", "pieces", "supply", "counters", "scores", "hands",
               "zones", "winner", "game_over", "active", "phase", "round", "attributes"}
NEXT_KEYS = {"player", "decision", "options", "law"}
DECISION_KINDS = ("menu", "choose", "count", "may", "branch", "hits", "remove", "card", "activate",
                  "repeat", "order", "status")

_GDEFS: dict = {}           # absolute ruleset path -> GameDef (shared by every file of a run)


def _ruleset(path_value, file_path, reader: _Reader, pos):
    from ..environment import Environment, resolve_ruleset
    base = os.path.dirname(os.path.abspath(file_path))
    cand = os.path.join(base, str(path_value))
    path = cand if os.path.exists(cand) else resolve_ruleset(str(path_value))
    if not os.path.exists(path):
        reader.err("S025", getattr(path_value, "pos", None) or pos, path=path_value)
        return None
    key = os.path.abspath(path)
    if key in _GDEFS:
        gdef = _GDEFS[key]
        if isinstance(gdef, list):          # it failed to load earlier in this file
            reader.err("S004", getattr(path_value, "pos", None) or pos, path=path_value, n=len(gdef))
            return None
        return gdef
    env = Environment(None)
    try:
        gdef = env.load(path)
    except RulesError as exc:
        errs = [d for d in exc.diagnostics if d.severity == "error"]
        reader.err("S004", getattr(path_value, "pos", None) or pos, path=path_value, n=len(errs))
        reader.diags.extend(errs)
        _GDEFS[key] = errs
        return None
    _GDEFS[key] = gdef
    return gdef


def load_scenarios(path: str, lang: str | None = None) -> list[Scenario]:
    """Read a scenario file. Raises RulesError with every problem found (positioned)."""
    for k in [k for k, v in _GDEFS.items() if isinstance(v, list)]:
        del _GDEFS[k]
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError):   # load_file below reports it, placed
        text = ""
    flang = detect_lang(text, lang or "pt")
    diags = Diagnostics(flang)
    if flang not in lexmod.available():
        diags.add("M002", Pos(path, 1, 1), "pt", name=flang, langs=", ".join(lexmod.available()))
        raise RulesError(diags.items)
    data = load_file(path, diags, flang)
    if diags.has_errors():
        raise RulesError(diags.items)
    rd = _Reader(path, diags, flang)
    if not isinstance(data, YDict):
        rd.err("S001", getattr(data, "pos", None) or Pos(path, 1, 1))
        raise RulesError(diags.items)
    top = rd.keys(data, FILE_KEYS, os.path.basename(path))
    single = "scenarios" not in top
    if "scenarios" in top:
        items, ipos = top["scenarios"]
        if not isinstance(items, YList) or not items:
            rd.err("S021", ipos)
            raise RulesError(diags.items)
        raw = [(x, items.item_pos[i]) for i, x in enumerate(items)]
        defaults = {k: v for k, v in top.items() if k not in ("scenarios", "language")}
    else:
        raw = [(data, data.pos)]
        defaults = {}
    out: list[Scenario] = []
    names: dict = {}
    for i, (item, ipos) in enumerate(raw):
        if not isinstance(item, YDict):
            rd.err("S014", ipos, where=f"{_m('SW.scenario', flang)} {i + 1}", expected=_m("SW.a_map", flang))
            continue
        if single:
            own = {kk: vv for kk, vv in top.items() if kk != "language"}
        else:
            own = rd.keys(item, SCENARIO_KEYS, f"{_m('SW.scenario', flang)} {i + 1}")
        merged = dict(defaults)
        merged.update(own)
        sc = _scenario(rd, merged, item, ipos, i)
        if sc is None:
            continue
        key = fold(sc.name)
        if key in names:
            rd.err("S027", ipos, name=sc.name, first=names[key].line)
            continue
        names[key] = ipos
        out.append(sc)
    if diags.has_errors():
        seen, unique = set(), []
        for d in diags.items:
            k = (d.code, d.pos, d.message())
            if k not in seen:
                seen.add(k)
                unique.append(d)
        diags.items[:] = unique
        here = [d for d in diags.items if d.pos is None or d.pos.file == path]
        other = [d for d in diags.items if d not in here]
        here.sort(key=lambda d: (d.pos.line, d.pos.col) if d.pos else (0, 0))
        raise RulesError(here + other)
    return out


def _scenario(rd: _Reader, k: dict, item, ipos, index) -> Scenario | None:
    lang = rd.lang
    nerr = len(rd.diags.errors)
    name_v = k.get("name", (None, None))[0]
    name = " ".join(str(name_v).split()) if name_v is not None else f"{_m('SW.scenario', lang)} {index + 1}"
    if "ruleset" not in k:
        rd.err("S003", ipos)
        return None
    gdef = _ruleset(k["ruleset"][0], rd.path, rd, k["ruleset"][1])
    if gdef is None:
        return None
    vocab = vocab_of(gdef, lang)
    # the run: factions, seed, map, deck
    seated = list(gdef.factions)
    if "factions" in k:
        v, p = k["factions"]
        texts = rd.text_list(v, p) if not (isinstance(v, str) and "," in v) else \
            [(x.strip(), p) for x in str(v).split(",")]
        seated = []
        for t, tp in texts:
            f = rd.faction(vocab, t, tp)
            if f is not None:
                seated.append(f)
        if not seated:
            seated = list(gdef.factions)      # already an error; avoid a cascade of others
    # `capangas: {patrulha: rapinas, dinastia: nada}` (or a list): hirelings in play, each with
    # its controller; their pieces and counters are written as a seated faction's
    # `capangas: sim` (es `secuaces: sí`): the setup's own deal (A.6), as `--capangas` does
    hired, ctls = [], {}
    if "hirelings" in k and _is_yes(k["hirelings"][0]):
        hired = "deal"
    elif "hirelings" in k:
        v, p = k["hirelings"]
        items = list(v.items()) if isinstance(v, dict) else [(x, None) for x in (v if isinstance(v, list) else [v])]
        for hn, cn in items:
            h = rd.faction(vocab, hn, p)
            if h is None:
                continue
            hired.append(h)
            if cn is not None and fold(str(cn)) not in {fold(w) for w in _words("SV.none")}:
                ctls[h] = rd.faction(vocab, cn, p, seated)
    seated_run = seated
    # dealt hirelings: any of them may be in play, their pieces may be named
    seated = seated + (hired if isinstance(hired, list) else list(getattr(gdef, "hirelings", None) or ()))
    seed = 0
    if "seed" in k:
        seed = rd.int_of(k["seed"][0], k["seed"][1]) or 0

    def named(key, table, word):
        """`mapa:` / `baralho:`: a name in either language or an id of `table`; S018 if none."""
        if key not in k:
            return None
        v, p = k[key]
        hits = vocab.find(key, v) or ([str(v)] if str(v) in table else [])
        if not hits:
            rd.err("S018", getattr(v, "pos", None) or p, hint=suggest(str(v), vocab.spellings(key)),
                   what=_m(word, lang), name=v)
            return None
        return hits[0]
    map_id = named("map", gdef.maps, "SW.map")
    deck_id = named("deck", gdef.decks, "SW.deck")
    setup_id, players = _setup_choice(rd, k, gdef, lang)
    m = gdef.maps.get(map_id or gdef.default_map or next(iter(gdef.maps), None))
    law = []
    if "law" in k:
        v = k["law"][0]
        law = [str(x) for x in v] if isinstance(v, list) else [str(v)] if v is not None else []
    desc = str(k["description"][0]) if "description" in k else ""
    sc = Scenario(name, rd.path, ipos, lang, gdef, seated_run, seed, map_id, deck_id, law, desc, vocab=vocab)
    sc.setup_id, sc.players = setup_id, players
    if "landmarks" in k:
        sc.landmarks = _landmarks_choice(rd, k["landmarks"], gdef)
    sc.hirelings, sc.controllers = hired, ctls
    if "draws" in k:
        sc.draws = _draws(rd, k["draws"], vocab)
    if "with_options" in k:
        sc.options = _options_choice(rd, k["with_options"], gdef)
    if players is not None and any(x in k for x in SETUP_KEYS):
        # a position names factions' pieces and zones: the seats have none yet
        rd.err("S031", k["players"][1])
    # the position
    if any(x in k for x in ("position", "hands", "supply", "counters", "scores", "zones", "round", "attributes")):
        sc.setup = _setup(rd, k, vocab, m, seated, deck_id)
    active = phase = None
    if "active" in k:
        active = rd.faction(vocab, k["active"][0], k["active"][1], seated)
    if "phase" in k:
        phase = rd.phase(vocab, k["phase"][0], k["phase"][1])
    if active is not None or phase is not None:
        sc.start = (active or (seated[0] if seated else None),
                    phase or (gdef.turn_phases[0] if gdef.turn_phases else None))
    # steps
    if any(x in k for x in ("choices", "dice", "expect")):
        sc.steps.append(_step(rd, k, vocab, m, seated, ipos))
    if "steps" in k:
        v, p = k["steps"]
        if not isinstance(v, YList):
            rd.err("S014", p, where=rd.kn("steps"), expected=_m("SW.a_list", lang))
        else:
            for j, st in enumerate(v):
                if not isinstance(st, YDict):
                    rd.err("S014", v.item_pos[j], where=f"{rd.kn('steps')} {j + 1}", expected=_m("SW.a_map", lang))
                    continue
                sk = rd.keys(st, STEP_KEYS, f"{name} / {j + 1}")
                sc.steps.append(_step(rd, sk, vocab, m, seated, v.item_pos[j]))
    if len(rd.diags.errors) > nerr:
        return None
    return sc


def _box(g, kind, seated) -> int:
    """How many pieces of a kind the box has in a game of these factions: the base count plus
    the expansions a seated faction brings (`expansões:`, as the engine counts them)."""
    facs = g.rs.data.get("factions") or {}
    exp = set()
    for f in seated:
        e = (facs.get(f) or {}).get("expansions")
        if isinstance(e, list):
            exp.update(str(x) for x in e)
    pk = g.piece_kinds[kind]
    extra = pk.attrs.get("expansions") if exp else None
    return pk.count + (sum(int(extra.get(e) or 0) for e in exp) if isinstance(extra, dict) else 0)


def _setup(rd: _Reader, k: dict, vocab: Vocab, m, seated, deck_id) -> Setup:
    g = vocab.g
    st = Setup()
    used: Counter = Counter()
    first_pos: dict = {}
    if "position" in k:
        v, p = k["position"]
        for sp, counts in rd.board(vocab, v, p, m, seated, rd.kn("position")).items():
            # (kind, status bits) or ("face", back kind, face kind) -> n
            st.board[sp] = {key: n for key, (n, _) in counts.items() if n}
            for key, (n, pp) in counts.items():
                kind = key[2] if len(key) == 3 else key[0]
                used[kind] += n
                first_pos.setdefault(kind, pp)
    card_specs = {}
    if "zones" in k:
        v, p = k["zones"]
        cards, pieces = rd.zones(vocab, v, p, seated, rd.kn("zones"))
        card_specs.update(cards)
        for key, counts in pieces.items():
            # (kind, status bits) -> n: the pieces start with those states
            st.piece_zones[key] = {kb: n for kb, (n, _) in counts.items()}
            for (kind, _bits), (n, pp) in counts.items():
                used[kind] += n
                first_pos.setdefault(kind, pp)
    if "hands" in k:
        v, p = k["hands"]
        if not isinstance(v, YDict):
            rd.err("S014", p, where=rd.kn("hands"), expected=_m("SW.a_map", rd.lang))
        elif g.hand_zone is None:
            rd.err("S012", p, name=str(p))
        else:
            for fk, x in v.items():
                f = rd.faction(vocab, fk, v.key_pos.get(fk), seated)
                if f is not None:
                    card_specs[f"{f}:{g.hand_zone}"] = (rd.card_spec(vocab, x, v.key_pos.get(fk)), v.key_pos.get(fk))
    for key, ((how, val), kp) in card_specs.items():
        if how == "count":
            st.hand_counts[key] = val
        else:
            st.cards[key] = list(val)
    # enough copies of each named card?
    available: Counter = Counter()
    from ..interpreter.decks import in_play
    for did, _piles in in_play(g, deck_id or g.default_deck or next(iter(g.decks), None)):
        for cid in g.decks.get(did, []) if did else []:
            available[cid] += g.cards[cid].copies
    for cid, cd in g.cards.items():
        if cd.owner in seated:
            available[cid] += cd.copies
    wanted: Counter = Counter(c for lst in st.cards.values() for c in lst)
    for cid, n in wanted.items():
        if n > available[cid]:
            kp = next(kp for key, ((how, val), kp) in card_specs.items() if how == "cards" and cid in val)
            rd.err("S016", kp, card=vocab.name("card", cid), copies=available[cid], n=n)
    if "supply" in k:
        v, p = k["supply"]
        for kind, (n, pp) in (rd.piece_counts(vocab, v, p, seated, rd.kn("supply")) or {}).items():
            st.supply[kind] = n
            if n + used[kind] > _box(g, kind, seated):
                rd.err("S015", pp, piece=vocab.piece_name(kind), box=_box(g, kind, seated),
                       n=n + used[kind])
    for kind, n in used.items():
        if kind in st.supply:
            continue
        if n > _box(g, kind, seated):
            rd.err("S015", first_pos.get(kind), piece=vocab.piece_name(kind),
                   box=_box(g, kind, seated), n=n)
    if "counters" in k:
        v, p = k["counters"]
        for key, (n, _) in rd.counters(vocab, v, p, seated, rd.kn("counters")).items():
            st.counters[key] = n
    if "scores" in k and g.score:
        v, p = k["scores"]
        for key, (n, _) in rd.counters(vocab, v, p, seated, rd.kn("scores"), only=g.score).items():
            st.counters[key] = n
    if "attributes" in k:
        # the map as changes left it (a landmark's suits, a suit marker dealt face down)
        v, p = k["attributes"]
        for sp, attrs in rd.attributes(vocab, v, p, m, rd.kn("attributes")).items():
            st.attrs[sp] = {aid: val for aid, (val, _) in attrs.items()}
    if "round" in k:
        st.round = rd.int_of(k["round"][0], k["round"][1], vocab)
    return st


def _choice_names(rd: _Reader, k: dict, key: str, vocab: Vocab) -> list:
    """The (text, position) of each choice a list under `key` names; one the game does not
    know is reported (S022) with the nearest names, and kept so the step still reads."""
    v, p = k[key]
    out = []
    for t, tp in rd.text_list(v, p, rd.kn(key)):
        if not vocab.known(t):
            rd.err("S022", tp, hint=suggest(str(t), vocab.candidates()), name=t)
        out.append((t, tp))
    return out


def _step(rd: _Reader, k: dict, vocab: Vocab, m, seated, pos) -> Step:
    g = vocab.g
    step = Step(pos=pos)
    if "choices" in k:
        step.choices.extend(_choice_names(rd, k, "choices", vocab))
    if "dice" in k:
        v, p = k["dice"]
        faces = sorted({f for fs in g.dice.values() for f in fs}, key=str)
        # faces that are values of an enumeration (the suits of a mob die) by their names
        named = {fold(x): f for f in faces if isinstance(f, str)
                 for x in [f] + [w for ws in g.rs.things.get("enumval", {})[f].names.values() for w in ws]
                 if f in g.rs.things.get("enumval", {})}
        for t, tp in rd.text_list(v, p, rd.kn("dice")):
            if isinstance(t, str) and fold(t) in named:
                step.dice.append((named[fold(t)], tp))
                continue
            n = rd.int_of(t, tp, vocab)
            if n is None:
                continue
            if n not in faces:
                rd.err("S019", tp, value=n, faces=", ".join(str(f) for f in faces))
                continue
            step.dice.append((n, tp))
    if "expect" in k:
        v, p = k["expect"]
        if not isinstance(v, YDict):
            rd.err("S014", p, where=rd.kn("expect"), expected=_m("SW.a_map", rd.lang))
        else:
            step.expect = _expect(rd, rd.keys(v, EXPECT_KEYS, rd.kn("expect")), vocab, m, seated)
    return step


def _expect(rd: _Reader, k: dict, vocab: Vocab, m, seated) -> Expect:
    g = vocab.g
    ex = Expect()
    none_words = {fold(w) for w in _words("SV.none")}
    if "legal" in k:
        ex.legal.extend(_choice_names(rd, k, "legal", vocab))
    if "illegal" in k:
        v, p = k["illegal"]
        if isinstance(v, YDict):
            items = [(t, v.key_pos.get(t), None if x is None else str(x)) for t, x in v.items()]
        else:
            items = [(t, tp, None) for t, tp in rd.text_list(v, p, rd.kn("illegal"))]
        for t, tp, law in items:
            if not vocab.known(t):
                rd.err("S022", tp, hint=suggest(str(t), vocab.candidates()), name=t)
            ex.illegal.append((t, tp, law))
    if "next_decision" in k:
        v, p = k["next_decision"]
        if isinstance(v, str) and fold(v) in none_words or v is None:
            ex.next_decision = ("none", getattr(v, "pos", None) or p)
        elif isinstance(v, YDict):
            nk = rd.keys(v, NEXT_KEYS, rd.kn("next_decision"))
            nd = {"pos": p}
            if "player" in nk:
                nd["player"] = (rd.faction(vocab, nk["player"][0], nk["player"][1]), nk["player"][1])
            if "decision" in nk:
                dv, dp = nk["decision"]
                kind = _decision_kind(dv)
                if kind is None:
                    # the kinds as the file's language names them (the docs' list), then the ids
                    names = [_m("SV.kind." + x, rd.lang).split(",")[0].strip() for x in DECISION_KINDS]
                    rd.err("S020", getattr(dv, "pos", None) or dp, name=dv, kinds=", ".join(names),
                           hint=suggest(str(dv), names + list(DECISION_KINDS)))
                nd["decision"] = (kind, dp)
            if "options" in nk:
                ov, op = nk["options"]
                opts = rd.text_list(ov, op, rd.kn("options"))
                for t, tp in opts:
                    if not vocab.known(t):
                        rd.err("S022", tp, hint=suggest(str(t), vocab.candidates()), name=t)
                nd["options"] = (opts, op)
            if "law" in nk:
                nd["law"] = (str(nk["law"][0]), nk["law"][1])
            ex.next_decision = nd
        else:
            rd.err("S014", p, where=rd.kn("next_decision"), expected=_m("SW.a_map", rd.lang))
    if "pieces" in k:
        v, p = k["pieces"]
        ex.pieces = rd.board(vocab, v, p, m, seated, rd.kn("pieces"), expect=True)
    if "supply" in k:
        v, p = k["supply"]
        ex.supply = rd.piece_counts(vocab, v, p, seated, rd.kn("supply")) or {}
    if "counters" in k:
        v, p = k["counters"]
        ex.counters.update(rd.counters(vocab, v, p, seated, rd.kn("counters")))
    if "scores" in k and g.score:
        v, p = k["scores"]
        ex.counters.update(rd.counters(vocab, v, p, seated, rd.kn("scores"), only=g.score))
    if "attributes" in k:
        v, p = k["attributes"]
        ex.attrs = rd.attributes(vocab, v, p, m, rd.kn("attributes"))
    if "hands" in k:
        v, p = k["hands"]
        if isinstance(v, YDict) and g.hand_zone:
            for fk, x in v.items():
                f = rd.faction(vocab, fk, v.key_pos.get(fk), seated)
                if f is not None:
                    ex.cards[f"{f}:{g.hand_zone}"] = (rd.card_spec(vocab, x, v.key_pos.get(fk)), v.key_pos.get(fk))
        else:
            rd.err("S014", p, where=rd.kn("hands"), expected=_m("SW.a_map", rd.lang))
    if "zones" in k:
        v, p = k["zones"]
        cards, pieces = rd.zones(vocab, v, p, seated, rd.kn("zones"), expect=True)
        ex.cards.update(cards)
        ex.zone_pieces.update(pieces)
    if "winner" in k:
        v, p = k["winner"]
        ex.winner_pos = getattr(v, "pos", None) or p
        if isinstance(v, YList):
            # several winners: a shared victory (a coalition, `junte-se`)
            ex.winner = [rd.faction(vocab, x, xp, seated) for x, xp in rd.text_list(v, p)]
        elif v is None or fold(str(v)) in none_words:
            ex.winner = None
        else:
            ex.winner = rd.faction(vocab, v, p, seated)
    if "game_over" in k:
        v, p = k["game_over"]
        ex.game_over = (rd.bool_of(v, p), getattr(v, "pos", None) or p)
    if "active" in k:
        v, p = k["active"]
        ex.active = (rd.faction(vocab, v, p, seated), getattr(v, "pos", None) or p)
    if "phase" in k:
        v, p = k["phase"]
        ex.phase = (rd.phase(vocab, v, p), getattr(v, "pos", None) or p)
    if "round" in k:
        v, p = k["round"]
        ex.round = (rd.int_of(v, p, vocab), getattr(v, "pos", None) or p)
    return ex


def _decision_kind(text) -> str | None:
    f = fold(str(text))
    if f in DECISION_KINDS:
        return f
    for kind in DECISION_KINDS:
        if f in {fold(w) for w in _words("SV.kind." + kind)}:
            return kind
    return None


def _setup_choice(rd, k, gdef, lang):
    """`preparação:` (one of the game's setups, by id or name in any language: S030) and
    `jogadores:` (a number of seats whose factions are chosen in setup: S032 without a choice)."""
    setup_id = players = None
    setups = {sid: st for sid, st in (getattr(gdef, "setups", None) or {}).items() if sid}
    if "setup" in k:
        v, p = k["setup"]
        from ..interpreter.seating import setup_names
        names = setup_names(gdef)
        setup_id = names.get(fold(str(v)))
        if setup_id is None:
            rd.err("S030", getattr(v, "pos", None) or p, hint=suggest(str(v), list(setups)), name=v,
                   known=", ".join(setups) or "-")
    if "players" in k:
        v, p = k["players"]
        players = rd.int_of(v, p)
        st = setups.get(setup_id) if setup_id else None
        fc = st.faction_choice if st is not None else gdef.faction_choice
        if players is not None and fc is None:
            rd.err("S032", getattr(v, "pos", None) or p)
            players = None
    return setup_id, players


def _is_yes(v) -> bool:
    """`sim` / `sí` (or YAML's true) written as a whole value."""
    if isinstance(v, bool):
        return v
    return isinstance(v, str) and fold(v) in {fold(w) for w in _words("SV.yes")}


def _landmarks_choice(rd, kv, gdef):
    """`marcos:` a number (drawn among all), names or ids of landmarks (E782), or
    `{N: [names]}` (N drawn among those: the cards the players kept, A.5.1)."""
    from ..interpreter.landmarks import landmark_names
    v, p = kv
    if isinstance(v, int) or (isinstance(v, str) and v.isdigit()):
        return int(v)
    if isinstance(v, dict) and len(v) == 1 and str(next(iter(v))).isdigit():
        n = next(iter(v))
        return (int(n), _landmarks_choice(rd, (v[n], v.key_pos.get(n) if isinstance(v, YDict) else p), gdef))
    names = landmark_names(gdef)
    out = []
    for x in (v if isinstance(v, list) else [v]):
        lid = names.get(fold(str(x)))
        if lid is None:
            rd.err("E782", getattr(x, "pos", None) or p, hint=suggest(str(x), list(names)), name=x,
                   known=", ".join(getattr(gdef, "landmarks", {})) or "-")
        else:
            out.append(lid)
    return out


def _options_choice(rd, kv, gdef):
    """`com_opções: {alianças: sim}`: the ruleset options, by id or name (E810, E811)."""
    from ..options import OptionError, resolve
    v, p = kv
    if not isinstance(v, dict):
        rd.err("E810", p, name=str(v), known=", ".join(getattr(gdef, "options", {})) or "-")
        return None
    out = {}
    for name, val in v.items():
        try:
            resolve(gdef, {name: val})
        except OptionError as exc:
            rd.err(exc.code, getattr(name, "pos", None) or p, hint=exc.kw.get("hint"),
                   **{k: x for k, x in exc.kw.items() if k != "hint"})
            continue
        out[str(name)] = val
    return out


def _draws(rd, item, vocab) -> list:
    """`sorteios:` (ES `sorteos:`): names of what the game's random picks give, in order
    (a faction revealed, a clearing or card drawn at random): [(ids it may be, text, pos)]."""
    v, p = item
    out = []
    for t, tp in rd.text_list(v, p, rd.kn("draws")):
        ids = {i for kind in Vocab.KINDS_FOR_OPTIONS for i in vocab.find(kind, t)}
        # a hireling's card (dealt, turned to a side: A.6.1-A.6.2) is named by either side
        hs = getattr(vocab.g, "hirelings", None) or {}
        ids |= {hs[i].card for i in ids if i in hs}
        if not ids:
            rd.err("S022", tp, hint=suggest(str(t), vocab.candidates()), name=t)
            continue
        out.append((ids, t, tp))
    return out
