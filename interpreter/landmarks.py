"""Landmarks (Law F) and their setup step (Law A.5), from data.

A landmark is a neutral piece plus the rules that place it (`marcos:` / `lugares_míticos:`):

    marcos:
      torre:
        nome: {pt: A Torre, es: La Torre}
        lei: "F"
        peça: torre                   # a neutral piece (category `marco`: F.1)
        fora_com_jogadores: [2]       # not used with these numbers of players
        preparação:                   # run by the seat that places it (A.5.3): `você`
          - escolha uma clareira C onde houver ruína em C e não houver marco em C
          - posicione a torre em C

What the landmark does on the map is ordinary rules of the same file (triggers, actions,
derived values) that ask for its piece ("houver torre em C"): without the piece on the map
they never apply.

A setup of the game (`preparações:`) that offers landmarks has a step

    marcos: {lei: "A.5", quantidades: [1, 2], ordem: inversa}

and the game is made with the landmarks chosen by the players (A.5.1):
`Game(g, 4, setup="avancada", landmarks=2)` (two drawn among all), `landmarks=["torre",
"balsa"]` (those), or `landmarks=(1, ["torre", "balsa"])` (one drawn among those). The step
runs after the setup's own rules (map, ruins, items, cards): the landmarks are revealed by
chance among those chosen (A.5.2), then the last seat places the first, the second-to-last the
second (A.5.3), each running the landmark's `preparação:` as `você`. The landmark pieces the
map placed (the Lake's Ferry, the Mountain's Tower: C.2.1, C.3.1) go back to the supply first:
with landmarks chosen, "you may ignore or replace" them (A.5); kept, they could leave a landmark
drawn nowhere to go (the Mountain's river clearings all touch the Tower's), and a drawn one is
placed by its own card.
"""
from __future__ import annotations

from . import chance


class Landmark:
    __slots__ = ("id", "law", "piece", "rules", "without")

    def __init__(self, lid, law, piece, rules, without):
        self.id = lid
        self.law = law
        self.piece = piece
        self.rules = rules          # [fn(ctx)], run with `você` = the placing seat
        self.without = without      # numbers of players the landmark is not used with


class LandmarkStep:
    """A setup's `marcos:` step (A.5): the numbers of landmarks allowed, who places them."""
    __slots__ = ("law", "counts", "reverse")

    def __init__(self, law, counts, reverse):
        self.law = law
        self.counts = counts
        self.reverse = reverse


def compile_landmarks(gdef, d, block) -> dict:
    out = {}
    for lid, v in (d.get("landmarks") or {}).items():
        if not isinstance(v, dict):
            continue
        # one compile context per list: its rules share their variables ("escolha ... C")
        cc = gdef._cc(None, v.get("law"), getattr(v, "_lang", None))
        runs = []
        for i, r in enumerate(v.get("setup") or []):
            p = ("landmarks", lid, "setup", i) if isinstance(r, str) else ("landmarks", lid, "setup", i, "effect")
            run = block(p, None, cc=cc)
            if run:
                runs.append(run)
        without = frozenset(int(x) for x in (v.get("removed_with_players") or []) if str(x).isdigit())
        out[str(lid)] = Landmark(str(lid), v.get("law"), str(v.get("piece")), tuple(runs), without)
    return out


def compile_step(gdef, src):
    """The LandmarkStep of a setup's `marcos:`, or None."""
    st = src.get("landmarks") if isinstance(src, dict) else None
    if not isinstance(st, dict):
        return None
    from ..lexicon import get as lexicon
    order = st.get("order")
    order = lexicon(gdef.lang).value_of(order) or str(order) if order is not None else "reverse"
    counts = tuple(int(x) for x in (st.get("counts") or ()) if str(x).isdigit())
    return LandmarkStep(st.get("law"), counts, order != "forward")


class LandmarkError(ValueError):
    """The landmarks asked for cannot be used in this game (engine.RulesetError wraps it)."""

    def __init__(self, code, **kw):
        super().__init__(code)
        self.code = code
        self.kw = kw


def resolve(gdef, step, spec, players: int):
    """(count, pool) from what the game was made with: a number, a list of ids, or
    (number, list). Errors: E780 the setup has no landmarks step; E781 a count the step does
    not allow; E782 an unknown landmark; E783 a landmark not used with this many players;
    E784 fewer landmarks chosen than the count."""
    if spec is None:
        return None
    if step is None:
        raise LandmarkError("E780")
    lms = gdef.landmarks
    if isinstance(spec, int) and not isinstance(spec, bool):
        n, pool = spec, [k for k, v in lms.items() if players not in v.without]
    elif isinstance(spec, (tuple, list)) and len(spec) == 2 and isinstance(spec[0], int) \
            and isinstance(spec[1], (tuple, list)):
        n, pool = spec[0], list(spec[1])
    else:
        pool = list(spec)
        n = len(pool)
    for x in pool:
        if x not in lms:
            raise LandmarkError("E782", name=str(x), known=", ".join(lms) or "-")
        if players in lms[x].without:
            raise LandmarkError("E783", name=str(x), n=players)
    if n not in step.counts:
        raise LandmarkError("E781", n=n, counts=", ".join(str(c) for c in step.counts))
    if len(pool) < n:
        raise LandmarkError("E784", n=n, given=len(pool))
    return n, tuple(dict.fromkeys(pool))


def reveal(game) -> tuple:
    """A.5.2: the landmarks revealed, drawn by chance among those chosen."""
    set_aside_map_landmarks(game)
    n, pool = game.landmark_pick
    got = tuple(chance.sample(game, game.s.rng, list(pool), n, "landmark_reveal"))
    game.log_event("landmarks_revealed", None, landmarks=list(got), law=game.setup_def.landmarks.law)
    return got


def placer(game, k: int):
    """A.5.3: the seat that places the k-th landmark (the last seat, then the one before)."""
    seats = list(game.s.seats)
    if game.setup_def.landmarks.reverse:
        seats.reverse()
    return seats[k % len(seats)]


def set_aside_map_landmarks(game) -> None:
    """A.5: with landmarks chosen, the landmark pieces the map placed are ignored (or replaced,
    when drawn: their card places them again): back to the supply."""
    s = game.s
    kinds = {lm.piece: lm.id for lm in game.g.landmarks.values()}
    for sp, pcs in list(s.board.items()):
        for kind in [k for k in pcs if k in kinds]:
            s.take(sp, kind, pcs[kind])
            game.log_event("landmark_replaced", None, landmark=kinds[kind], space=sp,
                           law=game.setup_def.landmarks.law)


def check_landmarks(gdef, d) -> None:
    """M160: a setup offers landmarks (`marcos:`) but the ruleset declares none; M161: a
    landmark without `preparação:` rules (nothing would ever place it); M162: a setup allows
    more landmarks than there are."""
    from ..ytypes import pos_of
    game = d.get("game") or {}
    lms = d.get("landmarks") or {}
    for sid, v in (game.get("setups") or {}).items():
        st = v.get("landmarks") if isinstance(v, dict) else None
        if not isinstance(st, dict):
            continue
        lang = getattr(v, "_lang", None) or gdef.lang
        if not lms:
            gdef.diags.add("M160", pos_of(v, "landmarks"), lang, setup=str(sid))
            continue
        big = [int(x) for x in st.get("counts") or () if str(x).isdigit() and int(x) > len(lms)]
        if big:
            gdef.diags.add("M162", pos_of(st, "counts"), lang, n=big[0], have=len(lms))
    for lid, v in lms.items():
        if isinstance(v, dict) and not v.get("setup"):
            gdef.diags.add("M161", pos_of(lms, lid), getattr(v, "_lang", None) or gdef.lang, landmark=str(lid))


def landmark_names(gdef) -> dict:
    """{folded id or name in any language (the landmark's or its piece's): landmark id}, for
    the command line (`--marcos`) and the scenarios (`marcos:`)."""
    from ..errors import fold
    raw = gdef.rs.data.get("landmarks") or {}
    out = {}
    for lid, v in raw.items():
        lm = gdef.landmarks.get(str(lid))
        for nm in ((v.get("name") if isinstance(v, dict) else None),
                   ((gdef.rs.data.get("neutral_pieces") or {}).get(lm.piece) or {}).get("name") if lm else None):
            for x in (nm.values() if isinstance(nm, dict) else [nm]):
                for y in (x if isinstance(x, list) else [x]):
                    if y is not None:
                        out.setdefault(fold(str(y)), str(lid))
        out[fold(str(lid))] = str(lid)
    return out
