"""Any ruleset as an OpenSpiel game (optional: `pip install open_spiel`).

    import pyspiel
    import rulesdsl.adapters.openspiel            # registers the game "rulesdsl"
    game = pyspiel.load_game("rulesdsl", {"ruleset": "root", "factions": "marqueses+rapinas"})
    state = game.new_initial_state()

* Players are the seats, in turn order (player 0 plays first). The engine's random events are
  **chance nodes** (`Game(chance="dictated")`, interpreter/chance.py): a die, a random card, each
  pick of a shuffle, with their probabilities; the game's seed plays no part.
* Actions: `num_distinct_actions` is `max_actions` (default 1024); action i is the i-th legal
  option of the pending decision, in the engine's stable order. More options than that is an
  error, never a cut.
* Information state strings are the engine's (`Game.information_state_string`: what the player
  saw and did, nothing hidden); observation strings and tensors are the player's current view
  (`Game.observation_string`, and the vector of rulesdsl/adapters/encoding.py).
* Returns: the engine's `returns()` at the end; a game that reaches `max_decisions` decisions is
  cut there, with every return 0.
* A state copies itself with the engine's `clone()` (microseconds), not by replaying history.
"""
from __future__ import annotations

import numpy as np
import pyspiel

from .encoding import Layout

SHORT_NAME = "rulesdsl"
# OpenSpiel's game strings separate parameters with commas: the factions are joined by "+";
# none given: the ruleset's first factions, as many as its minimum of players
# none given: the ruleset's first factions, as many as its minimum of players; a number ("4"):
# that many seats drafting their factions in the setup (Law A.8; with "setup": "avancada")
# "options": ruleset options, "ID=VALOR" joined by "+" (rulesdsl/options.py)
DEFAULTS = {"ruleset": "root", "factions": "", "map": "", "deck": "", "setup": "", "options": "",
            "max_actions": 1024, "max_decisions": 20_000}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="rulesdsl: any ruleset",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=16,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(DEFAULTS))


class RulesGame(pyspiel.Game):
    def __init__(self, params=None):
        p = dict(DEFAULTS)
        p.update(params or {})
        from ..cli import _load, resolve_factions, resolve_setup
        self.gdef = _load(str(p["ruleset"]), None)
        self.setup_id = resolve_setup(self.gdef, str(p["setup"]), "pt") if str(p["setup"]) else None
        spec = str(p["factions"]).replace("+", ",")
        if not spec:
            need = int((self.gdef.players or {}).get("min") or 2)
            spec = ",".join(list(self.gdef.factions)[:need])
        self.factions = resolve_factions(self.gdef, spec, "pt", self.setup_id, seats_ok=True)
        self.map_id = str(p["map"]) or None
        self.deck_id = str(p["deck"]) or None
        from ..options import parse_specs
        self.rule_options = parse_specs(str(p["options"]).split("+")) or None
        self.max_actions = int(p["max_actions"])
        self.max_decisions = int(p["max_decisions"])
        probe = self.new_engine_game()
        self.layout = Layout.of(probe)
        # players are the seats: `seat1`... when they draft their factions (Game.seat_of)
        self.seats = list(self.layout.seats)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.max_actions,
            max_chance_outcomes=self.max_actions,
            num_players=len(self.seats),
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.max_decisions)
        super().__init__(_GAME_TYPE, info, p)

    def new_engine_game(self):
        from ..interpreter.engine import Game
        return Game(self.gdef, self.factions, 0, map_id=self.map_id, deck_id=self.deck_id, chance="dictated",
                    setup=self.setup_id, options=self.rule_options)

    def name_of(self, engine, player):
        """The name the engine knows seat `player` by now (its faction once drafted)."""
        return engine.factions[player] if engine.seating is not None else self.seats[player]

    def alias(self, engine):
        return None if engine.seating is None else dict(zip(engine.factions, self.seats))

    def new_initial_state(self):
        return RulesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return RulesObserver(self, perfect_recall)


class RulesState(pyspiel.State):
    def __init__(self, game, engine=None):
        super().__init__(game)
        self._g = game
        self.engine = engine if engine is not None else game.new_engine_game()
        self._check()

    def _check(self):
        e = self.engine
        if e.pending is not None and len(e.pending.options) > self._g.max_actions:
            raise ValueError(f"{len(e.pending.options)} options at decision {e.decisions} > "
                             f"max_actions={self._g.max_actions}")

    def _cut(self) -> bool:
        return self.engine.decisions >= self._g.max_decisions

    def current_player(self):
        e = self.engine
        if e.is_terminal() or self._cut():
            return pyspiel.PlayerId.TERMINAL
        if e.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return self._g.seats.index(e.seat_of(e.current_player()))

    def _legal_actions(self, player):
        return list(range(len(self.engine.legal_actions())))

    def chance_outcomes(self):
        return [(i, float(p)) for i, (_, p) in enumerate(self.engine.chance_outcomes())]

    def _apply_action(self, action):
        self.engine.apply(int(action))
        self._check()

    def _action_to_string(self, player, action):
        e = self.engine
        if e.pending is not None and 0 <= action < len(e.pending.options):
            return e.option_id(action)
        return str(action)

    def is_terminal(self):
        return self.engine.is_terminal() or self._cut()

    def returns(self):
        e = self.engine
        if not e.is_terminal():
            return [0.0] * len(self._g.seats)
        # returns() follows Game.factions (the order the seats were made in)
        by_seat = {e.seat_of(f): float(x) for f, x in zip(e.factions, e.returns())}
        return [by_seat[p] for p in self._g.seats]

    def __str__(self):
        e = self.engine
        return e.observation_string(self._g.name_of(e, 0)) if not e.is_terminal() else "end: " + str(e.returns())

    # OpenSpiel copies a Python state by deep-copying its attributes: each is a holder that
    # copies itself the fast way (the engine's `clone()`: state and suspended rules, no replay;
    # the game definition shared)
    @property
    def _g(self):
        return self._game_ref.game

    @_g.setter
    def _g(self, game):
        self._game_ref = _Shared(game)

    @property
    def engine(self):
        return self._engine_ref.engine

    @engine.setter
    def engine(self, e):
        self._engine_ref = _Engine(e)


class _Shared:
    """A reference that copies shallowly (the game definition is never changed)."""
    __slots__ = ("game",)

    def __init__(self, game):
        self.game = game

    def __deepcopy__(self, memo):
        return self


class _Engine:
    __slots__ = ("engine",)

    def __init__(self, engine):
        self.engine = engine

    def __deepcopy__(self, memo):
        return _Engine(self.engine.clone())


class RulesObserver:
    """The player's view: with perfect recall, the engine's information state string; else the
    current observation (a string and the encoded vector)."""

    def __init__(self, game, perfect_recall):
        self.game = game
        self.perfect_recall = perfect_recall
        n = 0 if perfect_recall else game.layout.size
        self.tensor = np.zeros(n, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        if self.perfect_recall:
            return
        e = state.engine
        self.tensor[:] = self.game.layout.encode(e.observation(self.game.name_of(e, player)), self.game.alias(e))

    def string_from(self, state, player):
        e = state.engine
        f = self.game.name_of(e, player)
        if self.perfect_recall:
            return e.information_state_string(f)
        return e.observation_string(f)


pyspiel.register_game(_GAME_TYPE, RulesGame)
