"""What the game commands read first: the ruleset (loaded once per process while its files
do not change, `_load`), the user's language for it, and the names given on the command line
(factions, map, deck, setup, landmarks, options, agents), each checked with a message and a
suggestion in the user's language."""
from __future__ import annotations

import os

from ..errors import fold, format_message, suggest
from .messages import LANGS, CliError


def _spellings(gdef, kind: str, ident: str, lang: str | None = None) -> list[str]:
    """The id and the names of a thing, in every language (only `lang`'s names if given)."""
    t = gdef.rs.thing(kind, ident)
    out = [ident, ident.replace("_", " ")]
    if t is not None:
        for lg, sp in t.names.items():
            if lang is None or lg == lang:
                out.extend(str(x) for x in (sp if isinstance(sp, (list, tuple)) else [sp]))
    return out


def _suggest_name(gdef, kind: str, ids, spelling: str, lang: str) -> str | None:
    """A close name, in the language of the messages first ("azul" → 'Azuis' in PT, not
    'Azules'), then in any language."""
    return suggest(spelling, [s for i in ids for s in _spellings(gdef, kind, i, lang)], cutoff=0.5) \
        or suggest(spelling, [s for i in ids for s in _spellings(gdef, kind, i)], cutoff=0.5)


def match_name(gdef, kind: str, ids, spelling: str) -> str | None:
    """The id whose id or name (any language) equals `spelling`, ignoring case and accents;
    failing that, the only one with a name that begins with those whole words ("marquesa" for
    "Marquesa de Gato")."""
    key = fold(spelling.strip())
    for ident in ids:
        if key in {fold(s) for s in _spellings(gdef, kind, ident)}:
            return ident
    if not key:
        return None
    starts = [ident for ident in ids
              if any(fold(s).startswith(key + " ") for s in _spellings(gdef, kind, ident))]
    return starts[0] if len(starts) == 1 else None


def resolve_factions(gdef, spec: str | None, lang: str, setup_id=None, seats_ok=False):
    """The factions named (`--faccoes a,b`), or, with `seats_ok` and a number (`--faccoes 4`),
    that many seats whose factions are drafted during the setup (Law A.8: the setup must have
    a faction choice, CLI072); with `seats_ok` and none given, the game's minimum of players
    when its setup chooses the factions (or deals them), else CLI017."""
    ids = list(gdef.factions)
    if not ids:
        raise CliError("CLI002", path=gdef.rs.root)
    if spec is None:
        st = (getattr(gdef, "setups", None) or {}).get(setup_id)
        if not seats_ok or (st.faction_choice if st is not None else gdef.faction_choice) is None:
            raise CliError("CLI017")
        spec = str(gdef.players.get("min") or 2)
    if seats_ok and str(spec).strip().isdigit():
        n = int(str(spec).strip())
        lo, hi = gdef.players.get("min"), gdef.players.get("max")
        if (lo is not None and n < int(lo)) or (hi is not None and n > int(hi)):
            raise CliError("CLI015", min=lo if lo is not None else 1, max=hi if hi is not None else len(ids), n=n)
        st = (getattr(gdef, "setups", None) or {}).get(setup_id)
        if (st.faction_choice if st is not None else gdef.faction_choice) is None:
            raise CliError("CLI072", n=n)
        return n
    names = [x.strip() for x in str(spec).split(",") if x.strip()]
    if not names:
        raise CliError("CLI017")
    out = []
    for nm in names:
        f = match_name(gdef, "faction", ids, nm)
        if f is None:
            known = ", ".join(f"{gdef.rs.name('faction', i, lang)} ({i})" for i in ids)
            raise CliError("CLI001", hint=_suggest_name(gdef, "faction", ids, nm, lang), name=nm, known=known)
        if f in out:
            raise CliError("CLI003", name=nm)
        out.append(f)
    lo, hi = gdef.players.get("min"), gdef.players.get("max")
    if (lo is not None and len(out) < int(lo)) or (hi is not None and len(out) > int(hi)):
        raise CliError("CLI015", min=lo if lo is not None else 1, max=hi if hi is not None else len(ids), n=len(out))
    return out


def _resolve_named(gdef, kind: str, ids: list, spec: str | None, lang: str, code: str) -> str | None:
    """An option naming one of `ids` (of `kind`) by id or by a name in any language; `code`
    (with the known names and a suggestion) when it names none."""
    if not spec:
        return None
    m = match_name(gdef, kind, ids, spec)
    if m is None:
        known = ", ".join(f"{gdef.rs.name(kind, i, lang)} ({i})" for i in ids)
        raise CliError(code, hint=_suggest_name(gdef, kind, ids, spec, lang), name=spec, known=known)
    return m


def resolve_map(gdef, spec: str | None, lang: str) -> str | None:
    return _resolve_named(gdef, "map", list(gdef.maps), spec, lang, "CLI004")


def resolve_setup(gdef, spec: str | None, lang: str) -> str | None:
    """`--preparacao`: one of the game's `preparações:` (Law A: `avancada`), by id or by a name
    in any language."""
    if not spec:
        return None
    from ..errors import fold
    from ..interpreter.seating import setup_names
    raw = (gdef.rs.data.get("game") or {}).get("setups") or {}
    names = setup_names(gdef)
    sid = names.get(fold(spec))
    if sid is None:
        known = ", ".join(raw) or "-"
        raise CliError("CLI053", hint=suggest(spec, list(names)), name=spec, known=known)
    return sid


def resolve_landmarks(gdef, spec: str | None, lang: str, setup_id):
    """`--marcos`: the landmarks the players chose (Law A.5.1): N (drawn among all), A,B (those,
    by id or name in any language), or N:A,B (N drawn among those). CLI070: unreadable;
    CLI071: the game refuses them (E780-E784, the message says why)."""
    if not spec:
        return None
    from ..errors import fold
    from ..interpreter.landmarks import landmark_names, resolve, LandmarkError
    text = str(spec).strip()
    n, _, rest = text.partition(":") if ":" in text else (None, None, text)
    if n is None and text.isdigit():
        n, rest = text, ""
    if n is not None and not str(n).strip().isdigit():
        raise CliError("CLI070", value=text)
    names = landmark_names(gdef)
    ids = []
    for x in [y.strip() for y in rest.split(",") if y.strip()]:
        lid = names.get(fold(x))
        if lid is None:
            raise CliError("CLI071", hint=suggest(x, list(names)), message=format_message(
                "E782", lang, {"name": x, "known": ", ".join(getattr(gdef, "landmarks", {})) or "-"}))
        ids.append(lid)
    pick = (int(n), ids) if n is not None and ids else int(n) if n is not None else ids
    if not pick and pick != 0:
        raise CliError("CLI070", value=text)
    setups = getattr(gdef, "setups", None) or {}
    st = setups.get(setup_id) or setups.get(None)
    try:
        # the choice itself (the game checks it again with its number of players: E783)
        resolve(gdef, st.landmarks if st is not None else None, pick, 0)
    except LandmarkError as exc:
        raise CliError("CLI071", message=format_message(exc.code, lang, exc.kw)) from None
    return pick


def resolve_options(gdef, specs, lang: str):
    """`--opcao ID=VALOR` (repeated): the ruleset options chosen (rulesdsl/options.py), by id
    or name in any language. CLI130: unreadable; CLI131: an unknown option or a bad value
    (E810/E811, with a suggestion)."""
    if not specs:
        return None
    from ..options import OptionError, parse_specs, resolve
    try:
        given = parse_specs(specs)
    except ValueError as exc:
        raise CliError("CLI130", value=str(exc)) from None
    try:
        resolve(gdef, given)
    except OptionError as exc:
        raise CliError("CLI131", hint=exc.kw.get("hint"),
                       message=format_message(exc.code, lang, exc.kw)) from None
    return given


def resolve_deck(gdef, spec: str | None, lang: str) -> str | None:
    """`--baralho`: the deck played instead of the game's own (Law A.2: Exiles and Partisans)."""
    return _resolve_named(gdef, "deck", list(gdef.decks), spec, lang, "CLI024")


_LOADED: dict = {}


def _signature(path: str):
    """What a loaded ruleset depends on: its files, their sizes and modification times."""
    from ..overlay import chain
    if os.path.isfile(path):
        st = os.stat(path)
        return ((path, st.st_mtime_ns, st.st_size),)
    out = []
    for layer in chain(path)[1:]:            # an overlay depends on its bases' files too
        out.extend(_signature(layer))
    for folder, dirs, files in os.walk(path):
        dirs.sort()
        for n in sorted(files):
            if n.endswith((".yaml", ".yml")):
                f = os.path.join(folder, n)
                st = os.stat(f)
                out.append((f, st.st_mtime_ns, st.st_size))
    return tuple(out)


def _load(path: str, lang: str | None, cache: bool | None = None):
    """Load a ruleset (errors raise RulesError, shown by main). Within one process a ruleset
    whose files did not change is not compiled twice (tests call main() many times); between
    runs, the compiled-ruleset cache (rulesdsl/cache.py) keeps its validated model."""
    from ..environment import Environment, resolve_ruleset
    real = os.path.abspath(resolve_ruleset(path))
    try:
        key = (real, lang, _signature(real))
    except OSError:
        key = None
    if key is not None and key in _LOADED:
        return _LOADED[key]
    gdef = Environment(lang, cache=cache).load(path)
    if key is not None:
        _LOADED.clear()
        _LOADED[key] = gdef
    return gdef


def _game_lang(args, gdef) -> str:
    """The user's language; if the user said nothing, the ruleset's; else Portuguese."""
    if getattr(args, "user_lang", None) in LANGS:
        return args.user_lang
    return gdef.lang if gdef.lang in LANGS else args.cli_lang


def _agents(spec, factions, seed, lang, **kw):
    from ..interpreter.agents import AgentSpecError, make_agents
    try:
        return make_agents(spec, factions, seed, lang, **kw)
    except AgentSpecError as exc:
        a = dict(exc.args_)
        hint = a.pop("hint", None)
        raise CliError(exc.code, hint=hint, **a) from None


def _cache_wanted(args) -> bool:
    """`jogar` and `simular` use the compiled-ruleset cache unless --sem-cache/--sin-cache or
    RULESDSL_CACHE=0 (docs/cli.md)."""
    from ..cache import enabled_by_env
    return not getattr(args, "no_cache", False) and enabled_by_env(default=True)


def _game_args(args):
    """What `jogar` and `simular` both read first: the ruleset, the language of the messages,
    the factions and the map (each checked, with a message in that language)."""
    gdef = _load(args.ruleset, args.user_lang, _cache_wanted(args))
    lang = args.cli_lang = _game_lang(args, gdef)
    args.deck_id = resolve_deck(gdef, args.deck, lang)
    args.setup_id = resolve_setup(gdef, getattr(args, "setup", None), lang)
    args.landmarks_pick = resolve_landmarks(gdef, getattr(args, "landmarks", None), lang, args.setup_id)
    if getattr(args, "hirelings", False) and args.setup_id not in (getattr(gdef, "hireling_deals", None) or {}):
        # CLI120: `--capangas` (A.6) with a setup that deals no hirelings (the game's E800)
        raise CliError("CLI120", message=format_message("E800", lang, {}))
    args.options_chosen = resolve_options(gdef, getattr(args, "rule_options", None), lang)
    # `jogar --faccoes 4`: four seats that draft their factions (A.8); `simular` names them
    # (`simular --faccoes 4` too: each game drafts its own, and its record names them per seat)
    factions = resolve_factions(gdef, args.factions, lang, args.setup_id, seats_ok=True)
    if isinstance(factions, list) and getattr(gdef, "faction_limits", ()):
        # CLI160: more factions of a limit than the setup allows (Root 5: corners; E820/E821)
        from ..interpreter.setup_limits import refusal
        from ..options import resolve
        why = refusal(gdef, args.setup_id, resolve(gdef, args.options_chosen), factions, lang)
        if why is not None:
            raise CliError("CLI160", message=why.split(": ", 1)[1])
    return gdef, lang, factions, resolve_map(gdef, args.map, lang)


def _lazy(module: str, missing_code: str):
    import importlib
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            raise CliError(missing_code) from None
        raise
