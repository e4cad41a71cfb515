"""Any ruleset as a PettingZoo AEC environment (optional extra: `pip install 'rulesdsl[rl]'`).

    from rulesdsl.adapters.pettingzoo import env
    e = env("root", ["marqueses", "rapinas"], seed=1)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

* Agents are the seats (faction ids, in turn order). One agent acts at a time: the one whose
  decision the rules wait for (`Game.current_player()`).
* Seats only: `env("root", 4, setup="avancada")` (or `"4"`) seats four players who draft their
  factions in the setup (Law A.8); the agents are then `seat1`...`seat4` for the whole game, and
  `infos[agent]["faction"]` names the faction the seat took (None before).
* Actions: `Discrete(max_actions)`, fixed per environment. Action i is the i-th legal option of
  the pending decision (`Game.legal_ids()`, in the engine's stable order); `action_mask` marks
  the legal ones. A decision with more options than `max_actions` is an error, never a silent
  cut (raise `max_actions`).
* Observations: `{"observation": Box(float32), "action_mask": Box(int8)}`; the vector is the
  player's information state encoded by rulesdsl.adapters.encoding (no hidden information).
* Rewards: `Game.returns()` when the game ends (0 before); a game still running after
  `max_decisions` decisions is truncated for every agent.
* Chance is played by the game's seeded generator (`reset(seed=...)`): the same seed and the
  same actions give the same game.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .encoding import Layout

DEFAULT_MAX_ACTIONS = 1024


def env(ruleset, factions, seed: int = 0, **kw) -> "RulesEnv":
    """The environment of a ruleset (a folder, or the name of a bundled one such as 'root')."""
    return RulesEnv(ruleset, factions, seed=seed, **kw)


class TooManyOptions(ValueError):
    pass


class RulesEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "rulesdsl_v0", "is_parallelizable": False}

    def __init__(self, ruleset, factions, seed: int = 0, *, map_id=None, deck_id=None, setup=None,
                 max_actions: int = DEFAULT_MAX_ACTIONS, max_decisions: int = 20_000,
                 render_mode=None, lang=None, rule_options=None):
        super().__init__()
        from ..cli import _load, resolve_factions, resolve_setup
        self.gdef = _load(ruleset, lang) if isinstance(ruleset, str) else ruleset
        self.setup_id = resolve_setup(self.gdef, setup, lang or "pt") if setup else None
        if isinstance(factions, str):
            factions = resolve_factions(self.gdef, factions, lang or "pt", self.setup_id, seats_ok=True)
        # a number: seats that draft their factions during the setup (Law A.8)
        self.factions = factions if isinstance(factions, int) else list(factions)
        self.map_id, self.deck_id = map_id, deck_id
        # ruleset options ({id: value}, or "ID=VALOR,..."; rulesdsl/options.py)
        if isinstance(rule_options, str):
            from ..options import parse_specs
            rule_options = parse_specs([rule_options])
        self.rule_options = rule_options
        self.max_actions = int(max_actions)
        self.max_decisions = int(max_decisions)
        self.render_mode = render_mode
        self.lang = lang
        self._seed = seed
        self.game = self._new_game(seed)
        self.layout = Layout.of(self.game)
        self.possible_agents = list(self.layout.seats)
        n = self.layout.size
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (n,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.max_actions,), np.int8),
        })
        self._act_space = spaces.Discrete(self.max_actions)

    def _new_game(self, seed):
        from ..interpreter.engine import Game
        return Game(self.gdef, self.factions, seed, map_id=self.map_id, deck_id=self.deck_id, setup=self.setup_id,
                    options=self.rule_options)

    def _name(self, agent):
        """The name the game knows a seat by now: its faction once drafted."""
        g = self.game
        if g.seating is None:
            return agent
        return g.factions[self.possible_agents.index(agent)]

    def _alias(self):
        g = self.game
        return None if g.seating is None else dict(zip(g.factions, self.possible_agents))

    # spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    # the AEC loop -----------------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seed = seed
        self.game = self._new_game(self._seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self):
        g = self.game
        if g.seating is not None:
            for a in self.agents:
                f = self._name(a)
                self.infos[a]["faction"] = None if f == a else f
        if g.is_terminal():
            # returns() follows Game.factions (the order the seats were made in, not the turn
            # order a random `ordem_de_turno:` drew)
            for a, r in zip(g.factions, g.returns()):
                a = g.seat_of(a)
                self.rewards[a] = float(r)
                self.terminations[a] = True
        elif g.decisions >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
        else:
            n = len(g.legal_actions())
            if n > self.max_actions:
                raise TooManyOptions(f"{n} options at decision {g.decisions} > max_actions={self.max_actions}")
            self.agent_selection = g.seat_of(g.current_player())
            return
        # over: every agent is stepped once more (with None) to leave, in seat order
        self.agent_selection = self.agents[0]

    def observe(self, agent):
        name = self._name(agent)
        obs = np.asarray(self.layout.encode(self.game.observation(name), self._alias()), dtype=np.float32)
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if not self.game.is_terminal() and name == self.game.current_player():
            mask[:len(self.game.legal_actions())] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        n = len(self.game.legal_actions())
        if action is None or not 0 <= int(action) < n:
            raise ValueError(f"illegal action {action!r} for {agent} ({n} legal)")
        for a in self.rewards:
            self.rewards[a] = 0.0
        self.game.apply(int(action))
        self._after_move()
        self._accumulate_rewards()

    def render(self):
        if self.render_mode != "ansi":
            return None
        g = self.game
        viewer = g.current_player() if not g.is_terminal() else self._name(self.possible_agents[0])
        return g.observation_string(viewer, self.lang)

    def close(self):
        pass
