"""Building a scenario's game at its starting position (`new_game`): the position written
into the state after the game's own setup (`_position_fn`), the dice a step prepares
(_LoadedDice) and the random picks a scenario dictates (`sorteios:`, _DrawHook)."""
from __future__ import annotations

import random

from .model import Scenario


class _LoadedDice(random.Random):
    """The game's random generator, with die results a scenario prepared: `choice` over a
    die's faces returns the next prepared value (dice are rolled with rng.choice)."""

    def __init__(self, state):
        super().__init__()
        self.setstate(state)
        self.queue: list = []        # [(value, pos)]
        self.misfits: list = []      # [(value, pos, faces)]

    def choice(self, seq):
        if self.queue:
            v, p = self.queue[0]
            if v in seq:
                self.queue.pop(0)
                return v
            self.queue.pop(0)
            self.misfits.append((v, p, list(seq)))
        return super().choice(seq)


def _position_fn(sc: Scenario, box_out: dict, dice_holder: list):
    st = sc.setup
    g = sc.gdef

    def build(game):
        s = game.s
        s.rng = _LoadedDice(s.rng.getstate())
        dice_holder[:] = [s.rng]
        # the first step's dice may be rolled before its first choice (a decree battle)
        if sc.steps:
            s.rng.queue.extend(sc.steps[0].dice)
            s.rng.preloaded = True
        draw = g.draw_zone
        if draw and draw in s.zones:
            s.rng.shuffle(s.zones[draw])
        # the draw piles of the other decks in play (decks.py), after the game's own
        draws = {draw}
        for _did, piles in game.decks_in_play[1:]:
            draws.add(piles.draw)
            if piles.draw in s.zones:
                s.rng.shuffle(s.zones[piles.draw])
        if st is None:
            return
        for sp, kinds in st.board.items():
            for key, n in kinds.items():
                if len(key) == 3:
                    # a piece lying on its back, with its face (`verso:`)
                    _, back, face = key
                    s.adjust_supply(face, -n)
                    s.board_add(sp, back, n)
                    if back in g.hidden_backs:
                        s.ident_add(sp, back, face, n)
                    continue
                kind, bits = key
                s.put(sp, kind, n)
                if bits:
                    s.set_status(sp, kind, n, 0, bits)
        for key, kinds in st.piece_zones.items():
            s.piece_zones.setdefault(key, {})
            for (kind, bits), n in kinds.items():
                if n:
                    s.supply[kind] = s.supply.get(kind, 0) - n
                    s.move_zone_piece(None, key, kind, n, bits)
        for kind, n in st.supply.items():
            s.supply[kind] = n
        # named cards: out of wherever they are (the draw pile first), into their zone
        placed = set()
        for key, ids in st.cards.items():
            dest = []
            for cid in ids:
                inst = _find_card(s, g, cid, placed, draw)
                placed.add(inst)
                dest.append(inst)
            for inst in dest:
                for z, lst in s.zones.items():
                    if inst in lst:
                        lst.remove(inst)
                        break
            s.zones.setdefault(key, [])
            if key in draws:
                # listed first = drawn first (the top is the end of the list)
                s.zones[key].extend(reversed(dest))
            else:
                s.zones[key].extend(dest)
        for key, n in st.hand_counts.items():
            pile = s.zones.get(draw, [])
            hand = s.zones.setdefault(key, [])
            for _ in range(n):
                pick = next((c for c in reversed(pile) if c not in placed), None)
                if pick is None:
                    break
                pile.remove(pick)
                hand.append(pick)
                placed.add(pick)
        if draw in st.cards:
            pile = s.zones[draw]
            top = [c for c in pile if c in placed]
            rest = [c for c in pile if c not in placed]
            s.zones[draw] = rest + top
        for key, v in st.counters.items():
            s.counters[key] = v
        if st.attrs:
            from ..interpreter import board as _board
            from ..interpreter.runtime import Ctx
            ctx = Ctx(game.g, game.m, s, None, {}, None)     # (the game's own comes after)
            for sp, attrs in st.attrs.items():
                for aid, v in attrs.items():
                    _board.set_attr(ctx, sp, aid, v)
        if st.round is not None:
            s.round = st.round if sc.start is not None else st.round - 1
        if hasattr(s, "ver"):
            s.ver += 1          # memo keys of derived values follow the state's version
        box_out.clear()
        for k, pk in g.piece_kinds.items():
            total = s.supply.get(k, 0) + sum(b.get(k, 0) for b in s.board.values()) \
                + sum(z.get(k, 0) for z in s.piece_zones.values())
            if k in g.faces:
                total = 0                   # a back's pieces are its faces' (`verso:`)
            elif k in g.back_of:
                b = g.back_of[k]
                total += sum(bd.get(b, 0) for bd in s.board.values()) if b not in g.hidden_backs \
                    else sum(f.get(k, 0) for (_, bb), f in s.ident.items() if bb == b)
            box_out[k] = total
    return build


def _find_card(s, g, cid, placed, draw):
    order = [draw] + [z for z in s.zones if z != draw]
    for z in order:
        for c in reversed(s.zones.get(z, [])):
            if s.card_defs[c] == cid and c not in placed:
                return c
    raise ValueError(cid)


class _DrawHook:
    """The game's chance (interpreter/chance.py, a Hook) when a scenario dictates `sorteios:`:
    each pick among whose outcomes the next draw is takes it; dice take the prepared `dados:`;
    any other pick is played by a generator of the scenario's seed."""

    def __init__(self, sc, holder):
        self.queue = list(sc.draws)
        self.holder = holder
        self.rng = random.Random(sc.seed)

    wants_game = True

    def __call__(self, d, game=None) -> int:
        from ..interpreter.engine import option_id
        ids = [option_id(o) for o in d.options]
        if self.queue:
            want = self.queue[0][0]
            # a card of a pile (a shuffle's pick) is named by what it is
            defs = getattr(getattr(game, "s", None), "card_defs", None) or {}
            for i, x in enumerate(ids):
                o = d.options[i]
                if x in want or (type(o) is int and defs and _card_def(defs, o) in want):
                    self.queue.pop(0)
                    return i
        dice = self.holder[0] if self.holder else None
        if d.kind == "chance:die" and dice is not None and dice.queue:
            return list(d.options).index(dice.choice(list(d.options)))
        return self.rng.choices(range(len(ids)), weights=d.probs)[0]


def _card_def(defs, card):
    try:
        return defs[card]
    except (KeyError, IndexError):
        return None


def new_game(sc: Scenario):
    """The scenario's game at its starting position (before the first choice)."""
    from ..interpreter.engine import Game
    box: dict = {}
    holder: list = []
    pos = _position_fn(sc, box, holder) if sc.setup is not None else None
    if sc.controllers:
        from ..interpreter.hirelings import set_controllers
        place = pos

        def pos(game):
            if place is not None:
                place(game)
            set_controllers(game, sc.controllers)
    hook = _DrawHook(sc, holder) if sc.draws else None
    game = Game(sc.gdef, sc.players if sc.players is not None else sc.factions, sc.seed, sc.map_id,
                sc.deck_id, lang=sc.lang, log=True, position=pos,
                start=sc.start, setup=sc.setup_id, landmarks=sc.landmarks, hirelings=sc.hirelings,
                chance=hook, options=sc.options)
    if not holder:
        game.s.rng = _LoadedDice(game.s.rng.getstate())
        holder.append(game.s.rng)
    holder[0].draws_left = hook.queue if hook is not None else None
    return game, (box or None), holder[0]
