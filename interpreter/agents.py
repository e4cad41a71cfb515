"""Players for `Game`: random, greedy and human, and the loop that plays a game with them.

    agents = make_agents("random,greedy", ["azuis", "vermelhos"], seed=1)
    stopped = play(game, agents)            # 'victory' | 'round_limit' | 'stuck' | ...

Every agent has `choose(game) -> int`: the index of an option of `game.pending`. Agents are
deterministic given their seed, so a game is fully determined by its seed and its agents.

RandomAgent — uniform over the legal options.

GreedyAgent — a one-look heuristic, cheap enough for thousands of games; no search, no clone.
  * Before play it reads the rule tree of every action once and gives it a static "profile":
    the sum of the weights of the verbs its effect uses (directly or through actions it
    performs): winning ≫ scoring points of the game's score counter > battling (deal hits) =
    placing > removing > moving = drawing > other gains; losing and giving away count against.
  * Menu: the action with the best profile; an action already taken this turn counts less
    each time (so a free, repeatable action does not loop forever) and ending the menu is
    worth a little, so the agent stops when nothing left looks useful.
  * Yes/no, optional actions, "repeat?": doing beats passing; "how many?": as many as possible.
  * Anything else (which space, which card, which piece takes the hit): passing is the last
    resort; among spaces, those it does not rule yet come first, then those where it has more
    pieces; ties are broken by the agent's own seeded generator.
  Against RandomAgent it wins about 84% of Conquista games and nearly all Marquise-vs-Eyrie
  Root games (seats alternated), which makes it a useful sparring partner and smoke test.

HumanAgent — asks at the terminal, in the game's language: the decision's prompt and a
numbered list of options. `?` shows the rule behind the decision, `?N` the rule behind option
N (its Law paragraph number and text, when the ruleset ships a text catalogue, and the rule
block from the ruleset file); `m` shows the table as that player sees it (the map, its hand,
the open zones, how many cards the hidden ones hold: `describe.describe_table`); `q` quits the
game cleanly.
"""
from __future__ import annotations

import random
import sys

from ..errors import fold, format_message
from .runtime import DONE, PASS, ruler
from . import describe as D


class Quit(Exception):
    """A human asked to stop the game."""


class Undo(Exception):
    """A human took back its last decision: `play` puts the game back as it was then."""

    def __init__(self, snapshot):
        super().__init__("undo")
        self.snapshot = snapshot


class Agent:
    name = "agent"

    def choose(self, game) -> int:  # pragma: no cover - interface
        raise NotImplementedError


def _rng(seed) -> random.Random:
    # string seeds are hashed with SHA-512 by `random`: stable across runs and platforms
    return random.Random(f"rulesdsl-agent:{seed}")


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed=0):
        self.rng = _rng(seed)

    def choose(self, game) -> int:
        return self.rng.randrange(len(game.pending.options))


# ---------------------------------------------------------------------------------------------
# greedy

VERB_WEIGHTS = {
    "win": 100.0,
    "deal_hits": 4.0,
    "place": 4.0,
    "remove": 3.0,
    "move": 2.0,
    "draw": 2.0,
    "take": 1.0,
    "add": 1.0,
    "roll": 0.5,
    "activate": 0.0,
    "spend": 0.0,
    "shuffle": 0.0,
    "discard": -0.5,
    "give": -1.0,
    "lose": -2.0,
}
SCORE_WEIGHT = 10.0     # gaining the game's score counter
GAIN_WEIGHT = 2.0       # gaining any other counter (extra actions, resources)
DONE_VALUE = 0.5        # ending a menu / stopping


def action_profiles(gdef) -> dict[str, float]:
    """action id -> static value of its effect (see the module docstring). Cached on gdef."""
    cached = getattr(gdef, "_agent_profiles", None)
    if cached is not None:
        return cached
    from .. import nodes as N
    trees: dict[str, list] = {}
    for e in gdef.rs.expressions:
        p = e.path
        if e.tree is None or not p or p[-1] != "effect":
            continue
        aid = _action_of_path(p)
        if aid is None:
            continue
        trees.setdefault(aid, []).append((e.tree, e.owner))

    def own_value(aid):
        v, calls = 0.0, []
        for tree, owner in trees.get(aid, ()):
            for node in tree.walk():
                if isinstance(node, N.Verb):
                    if node.verb == "gain":
                        v += SCORE_WEIGHT if _names_score(node, gdef) else GAIN_WEIGHT
                    else:
                        v += VERB_WEIGHTS.get(node.verb, 0.0)
                elif isinstance(node, N.Perform):
                    ids = getattr(node.action, "ids", None)
                    if ids:
                        callee = gdef.action_for(ids, owner)
                        if callee:
                            calls.append(callee)
        return v, calls

    own = {aid: own_value(aid) for aid in gdef.actions}
    out: dict[str, float] = {}

    def total(aid, seen):
        if aid in out:
            return out[aid]
        v, calls = own.get(aid, (0.0, []))
        for c in calls:
            if c not in seen:
                v += total(c, seen | {c})
        return v

    for aid in gdef.actions:
        out[aid] = total(aid, {aid})
    try:
        gdef._agent_profiles = out
    except AttributeError:
        pass
    return out


def _names_score(node, gdef) -> bool:
    score = gdef.score
    if not score:
        return False
    for n in node.walk():
        ids = getattr(n, "ids", None)
        if ids and score in ids:
            return True
    return False


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed=0):
        self.rng = _rng(seed)
        self._taken: dict = {}
        self._turn = None

    def choose(self, game) -> int:
        d = game.pending
        opts = d.options
        values = [self.score(game, d, o) for o in opts]
        best = max(values)
        tied = [i for i, v in enumerate(values) if v == best]
        i = tied[0] if len(tied) == 1 else tied[self.rng.randrange(len(tied))]
        if d.kind == "menu":
            self.note_taken(game, opts[i])
        return i

    def score(self, game, d, o):
        """What `choose` compares: the greedy value (a subclass may put more before it)."""
        return self.value(game, d, o)

    def _this_turn(self, game) -> None:
        turn = (game.s.round, game.s.turn_no)
        if turn != self._turn:
            self._turn = turn
            self._taken.clear()

    def note_taken(self, game, option) -> None:
        """An action taken from a menu this turn: the next offers of it are worth less."""
        if option is not DONE:
            self._this_turn(game)
            self._taken[option] = self._taken.get(option, 0) + 1

    def value(self, game, d, o) -> float:
        self._this_turn(game)
        if o is PASS:
            return -1.0
        if o is DONE:
            return DONE_VALUE if d.kind == "menu" else 0.0
        if o is True:
            return 1.0
        kind = d.kind
        g = game.g
        if kind in ("menu", "may") and isinstance(o, str) and o in g.actions:
            k = self._taken.get(o, 0)
            return action_profiles(g).get(o, 0.0) / ((1 + k) ** 2) + 0.01
        if kind == "count" and isinstance(o, int):
            return float(o)
        if isinstance(o, str) and game.m is not None and o in game.m.attrs:
            return self._space_value(game, d.player, o)
        if isinstance(o, tuple) and len(o) == 2 and isinstance(o[0], str) and game.m is not None \
                and o[0] in game.m.attrs:
            return 0.0
        return 0.0

    @staticmethod
    def _space_value(game, me, space) -> float:
        """Spaces it does not rule yet come first (placing, moving or fighting there can take
        them), then spaces where it has more pieces (a stronger battle, pieces to spare)."""
        mine = 0
        kinds = game.g.piece_kinds
        for k, n in game.s.board.get(space, {}).items():
            if kinds[k].owner == me:
                mine += n
        return (0.3 if ruler(game.ctx, space) != me else 0.0) + 0.05 * min(mine, 5)


class HeuristicAgent(GreedyAgent):
    """`heuristico`: a faction's `prioridades:` first (priorities.py), the greedy valuation next."""

    name = "heuristic"

    def score(self, game, d, o):
        from .priorities import value
        p = value(game, d.player, o)
        return ((p if p is not None else 0.0), self.value(game, d, o))


# ---------------------------------------------------------------------------------------------
# human

def _t(code: str, lang: str, **kw) -> str:
    return format_message(code, lang, kw)


QUIT_WORDS = ("q", "quit", "sair", "salir", "fim", "fin")
TABLE_WORDS = ("m", "mapa", "map", "mesa", "tabuleiro", "tablero", "table")
UNDO_WORDS = ("desfazer", "deshacer", "desfaz", "deshaz", "undo", "u")
SAVE_WORDS = ("salvar", "guardar", "save")


class HumanAgent(Agent):
    name = "human"

    def __init__(self, lang: str = "pt", input_fn=None, out=None):
        self.lang = lang
        self.input = input_fn or input
        self.out = out or sys.stdout
        self._catalogue = None
        self._catalogue_loaded = False
        # (game before the decision, what the player knew then, decisions so far) of each
        # decision this player took: `desfazer` goes back to the last one
        self.snapshots: list = []
        self.saver = None       # fn(game): `jogar --salvar`, called before each question

    def _print(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def choose(self, game) -> int:
        i = self._ask(game)
        from .table_help import known
        self.snapshots.append((game.clone(), known(game, game.pending.player), game.decisions))
        return i

    def _undo(self, game) -> None:
        """Back to this player's last decision, unless chance or a card shown since would be
        taken back with it (a die already seen, a card already drawn)."""
        from .table_help import known, revealed_since
        lang = self.lang
        if not self.snapshots:
            self._print(_t("GM.h.undo_none", lang))
            return
        snap, before, _ = self.snapshots[-1]
        if revealed_since(before, known(game, game.pending.player)):
            self._print(_t("GM.h.undo_refused", lang))
            return
        self.snapshots.pop()
        self._print(_t("GM.h.undone", lang))
        raise Undo(snap)

    def forget_after(self, decisions: int) -> None:
        """After an undo: the snapshots of decisions taken back are gone."""
        self.snapshots = [x for x in self.snapshots if x[2] < decisions]

    def _ask(self, game) -> int:
        d = game.pending
        lang = self.lang
        if self.saver is not None:
            self.saver(game)
        self._show(game, d)
        n = len(d.options)
        while True:
            try:
                raw = self.input(_t("GM.h.ask", lang, n=n))
            except EOFError:
                raise Quit() from None
            ans = (raw or "").strip()
            low = fold(ans)
            if low in QUIT_WORDS:
                raise Quit()
            if low in TABLE_WORDS:
                # the table as this player sees it, with the map's connections, then the
                # question again
                from .table_help import connections
                self._print(D.describe_table(game, d.player, lang))
                self._print(connections(game, lang))
                self._show(game, d)
                continue
            if low in UNDO_WORDS:
                self._undo(game)
                continue
            if low in SAVE_WORDS:
                if self.saver is None:
                    self._print(_t("GM.h.save_how", lang))
                else:
                    self.saver(game, loud=True)
                continue
            if ans.startswith("?"):
                rest = ans[1:].strip()
                opt = None
                if rest:
                    if not rest.isdigit() or not 1 <= int(rest) <= n:
                        self._print(_t("GM.h.bad", lang, n=n))
                        continue
                    opt = d.options[int(rest) - 1]
                    # the card's or the ability's own text first, then the rule behind it
                    from .table_help import option_text
                    for line in option_text(game, d, opt, lang):
                        self._print(line)
                self._print(self.rule_help(game, d, opt))
                continue
            if ans.isdigit() and 1 <= int(ans) <= n:
                return int(ans) - 1
            # an option may also be typed by its label or id
            for i, o in enumerate(d.options):
                if low and low in (fold(D.describe_option(game, d, o, lang)), fold(str(o))):
                    return i
            self._print(_t("GM.h.bad", lang, n=n))

    def _show(self, game, d) -> None:
        """The decision: whose turn and phase, who decides what, the numbered options."""
        lang = self.lang
        s = game.s
        phase = D.name(game, "phase", s.phase, lang) if s.phase else "—"
        self._print()
        player = D.faction_name(game, d.player, lang)
        prompt = D.describe_prompt(game, d, lang)
        if s.round == 0 or s.active is None:
            self._print(_t("GM.p.header_setup", lang, player=player, prompt=prompt))
        else:
            self._print(_t("GM.p.header", lang, round=s.round, faction=D.faction_name(game, s.active, lang),
                           phase=phase, player=player, prompt=prompt))
        width = len(str(len(d.options)))
        for i, o in enumerate(d.options, 1):
            self._print(f"  {i:>{width}}) {D.describe_option(game, d, o, lang)}")

    # the rule behind a decision or an option ---------------------------------------------------
    def rule_help(self, game, d, option=None) -> str:
        return rule_help(game, d, option, self.lang, self._law_text)

    def _law_text(self, game, key: str) -> str | None:
        if not self._catalogue_loaded:
            self._catalogue_loaded = True
            self._catalogue = load_catalogue(game.g.rs.root)
        return law_paragraph(self._catalogue, key, self.lang)


def load_catalogue(root):
    """The ruleset's text catalogue (Law paragraphs), or None when it has none."""
    try:
        import os
        from ..errors import Diagnostics
        from ..text import catalogue as catmod
        if not root or not os.path.isdir(root):
            return None
        return catmod.load(root, Diagnostics("pt"))
    except Exception:  # noqa: BLE001 - help text is best effort
        return None


def law_paragraph(cat, key: str, lang: str) -> str | None:
    """The text of Law paragraph `key` in `lang` (else in the Law's own language)."""
    if cat is None or not key:
        return None
    docs = list(cat.documents.values())
    law = cat.law
    ordered = [d for d in docs if d.lang == lang and d is law]
    ordered += [d for d in docs if d.lang == lang and d is not law and d.role == "translation"]
    ordered += [d for d in docs if d.lang == lang and d not in ordered and d.role != "summary"]
    if law is not None and law not in ordered:
        ordered.append(law)
    for doc in ordered:
        p = doc.paragraphs.get(key)
        if p is None:
            p = next((q for q in doc.paragraphs.values() if key in (q.aligned or [])), None)
        if p is not None and (p.full or "").strip():
            return p.full.strip()
    return None


def _action_expression(gdef, aid):
    for e in gdef.rs.expressions:
        p = e.path
        if not p or p[-1] != "effect":
            continue
        if _action_of_path(p) == aid:
            return e
    return None


def _action_of_path(p):
    """The action whose effect is at the data path `p` (…, "effect"), or None: a rule's action,
    a faction's (`faction.id`), or a card's own (`ações:` on a card, by its id)."""
    if len(p) == 3 and p[0] == "actions":
        return str(p[1])
    if len(p) == 5 and p[0] == "factions" and p[2] == "actions":
        return f"{p[1]}.{p[3]}"
    if len(p) >= 6 and p[-3] == "actions" and p[-5] == "cards":
        return str(p[-2])
    return None


def rule_help(game, d, option, lang, law_text=None) -> str:
    """What `?` prints: the Law paragraph(s) behind a decision or option, and the rule text."""
    g = game.g
    laws: list[str] = []
    expr = None
    if isinstance(option, str) and option in g.actions:
        laws = D.laws(g.actions[option].law)
        expr = _action_expression(g, option)
    if not laws:
        laws = D.laws(getattr(d, "law", None))
    if expr is None and laws:
        expr = next((e for e in g.rs.expressions if e.law is not None and D.laws(e.law) == laws
                     and e.tree is not None), None)
    if expr is None:
        # the action being carried out, if the game keeps a log
        for ev in reversed(getattr(game, "log", []) or []):
            if ev.get("t") == "action":
                expr = _action_expression(g, ev.get("action"))
                if not laws and ev.get("action") in g.actions:
                    laws = D.laws(g.actions[ev["action"]].law)
                break
            if ev.get("t") in ("turn", "phase"):
                break
    lines = []
    if laws:
        for key in laws:
            lines.append(_t("GM.h.law", lang, para=key))
            text = law_text(game, key) if law_text else None
            if text:
                lines.extend("    " + ln for ln in _wrap(text))
    else:
        lines.append(_t("GM.h.no_law", lang))
    if expr is not None:
        where = getattr(expr.text, "pos", None)
        lines.append(_t("GM.h.rule", lang, where=_short_pos(where) if where else "?"))
        lines.extend("    " + ln for ln in str(expr.text).strip().splitlines())
    return "\n".join(lines)


def _short_pos(pos) -> str:
    import os
    try:
        rel = os.path.relpath(pos.file)
    except ValueError:
        rel = pos.file
    f = rel if not rel.startswith("..") else pos.file
    return f"{f}:{pos.line}:{pos.col}"


def _wrap(text: str, width: int = 92) -> list[str]:
    import textwrap
    return textwrap.wrap(" ".join(text.split()), width) or [text]


# ---------------------------------------------------------------------------------------------
# building agents and playing

AGENT_NAMES = {
    "random": ("random", "aleatorio", "acaso", "azar", "rand"),
    "greedy": ("greedy", "guloso", "ganancioso", "codicioso", "avido"),
    "mcts": ("mcts", "busca", "busqueda", "arvore", "arbol"),
    "heuristic": ("heuristic", "heuristico", "heuristica", "prioridades"),
    "human": ("human", "humano", "humana", "pessoa", "persona", "eu", "yo"),
}
_AGENT_INDEX = {fold(s): k for k, spellings in AGENT_NAMES.items() for s in spellings}


class AgentSpecError(ValueError):
    def __init__(self, code: str, **args):
        super().__init__(code)
        self.code = code
        self.args_ = args


def agent_kind(spelling: str) -> str | None:
    return _AGENT_INDEX.get(fold(spelling.strip()))


def make_agents(spec, factions, seed=0, lang="pt", input_fn=None, out=None) -> dict:
    """One agent per seat from 'random,human' (one name: the same for every seat)."""
    if spec is None or spec == "":
        names = ["random"]
    elif isinstance(spec, str):
        names = [x for x in spec.split(",")]
    else:
        names = list(spec)
    names = [x.strip() for x in names]
    if len(names) == 1:
        names = names * len(factions)
    if len(names) != len(factions):
        raise AgentSpecError("CLI011", given=len(names), seats=len(factions))
    agents = {}
    for i, (f, nm) in enumerate(zip(factions, names)):
        # a search agent's budget after its name: `mcts:16` (iterations), `mcts:16:8` (and the
        # decisions of each play-out); machine-independent, never a time
        nm, _, spent = nm.partition(":")
        kind = agent_kind(nm)
        if kind is None:
            from ..errors import suggest
            raise AgentSpecError("CLI010", name=nm, hint=suggest(nm, [s for v in AGENT_NAMES.values() for s in v]),
                                 known=", ".join(AGENT_NAMES))
        if spent and kind != "mcts":
            raise AgentSpecError("CLI151", name=nm)
        if kind == "random":
            agents[f] = RandomAgent(f"{seed}:{i}")
        elif kind == "greedy":
            agents[f] = GreedyAgent(f"{seed}:{i}")
        elif kind == "heuristic":
            agents[f] = HeuristicAgent(f"{seed}:{i}")
        elif kind == "mcts":
            from .mcts import MCTSAgent, budget
            try:
                kw = budget(spent) if spent else {}
            except ValueError:
                raise AgentSpecError("CLI150", name=nm, budget=spent) from None
            agents[f] = MCTSAgent(f"{seed}:{i}", **kw)
        else:
            agents[f] = HumanAgent(lang, input_fn=input_fn, out=out)
    return agents


def play(game, agents: dict, max_decisions: int | None = None, before=None, after=None, undone=None) -> str:
    """Play until the game ends (or `max_decisions` more decisions were taken, or a human
    quits). before(i)/after() are called around each apply (logs); undone() after a human's
    `desfazer` put the game back. Returns why it stopped: 'victory', 'round_limit', 'stuck',
    'max_decisions' or 'quit'."""
    taken = 0
    while not game.is_terminal():
        if max_decisions is not None and taken >= max_decisions:
            return "max_decisions"
        p = game.current_player()
        # a seat that drafted its faction (seating.py) keeps the agent of its seat id
        agent = agents[p] if p in agents else agents[game.seat_of(p)]
        try:
            i = agent.choose(game)
        except Quit:
            return "quit"
        except Undo as u:
            # the game as it was before that player's last decision (a copy: the snapshot
            # stays as it is); the other humans forget what was taken back
            u.snapshot._copy_into(game)
            for a in agents.values():
                if hasattr(a, "forget_after"):
                    a.forget_after(game.decisions)
            if undone is not None:
                undone()
            continue
        if before is not None:
            before(i)
        game.apply(i)
        taken += 1
        if after is not None:
            after()
    return end_reason(game)


def end_reason(game) -> str:
    if game.winners():
        return "victory"
    if getattr(game.s, "failure", None) is not None or any(e.get("t") == "stuck" for e in game.log[-5:]):
        return "stuck"
    return "round_limit"


def summary(game, stopped: str) -> dict:
    """The result of a game as plain data (the `--json` of `jogar`, the end of a log)."""
    winners = list(game.winners())
    rounds = min(game.s.round, game.g.round_limit)
    return {
        "winner": winners[0] if winners else None,
        "winners": winners,
        "scores": dict(game.scores()),
        "turns": game.s.turn_no,
        "rounds": rounds,
        "decisions": game.decisions,
        "seed": game.seed,
        "factions": list(game.factions),
        "stopped": stopped,
    }
