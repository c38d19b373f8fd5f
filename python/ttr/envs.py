"""PettingZoo and Gymnasium environments over ``ttr.Game``.

Rewards come at the end of a game only: each winner gets 1/(number of winners), every
other seat 0 (``State.returns()``); steps before the end give 0.
"""

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._native import Game, Opponents


def _observation_box(game):
    return spaces.Box(0.0, np.inf, (game.observation_tensor_size(),), np.float32)


class TtrAECEnv(AECEnv):
    """All seats of one game, played in turn (PettingZoo AEC). Agents are ``player_0``...;
    each observes ``{"observation": float32 vector, "action_mask": int8 mask}`` (the mask is
    all zero for a seat not to move). An illegal action raises ``ValueError``. A game is
    dealt from the seed given to ``reset`` (``Game.new_initial_state(seed)``), or, without
    one, from a seed drawn from the generator of the last seeded reset."""

    metadata = {"name": "ttr_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, map="usa", players=4, render_mode=None):
        super().__init__()
        self.game = Game(map, players)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        n_actions = self.game.num_distinct_actions()
        obs_space = spaces.Dict(
            {"observation": _observation_box(self.game), "action_mask": spaces.Box(0, 1, (n_actions,), np.int8)}
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state(int(self._rng.integers(2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        if self.state.current_player() == seat:
            mask = self.state.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = r
                self.terminations[a] = True
            self.agent_selection = self.possible_agents[(self.possible_agents.index(agent) + 1) % len(self.agents)]
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            return repr(self.state)
        return None

    def close(self):
        self.state = None


class TtrGymEnv(gymnasium.Env):
    """One seat (``seat``) played by the agent against built-in bots in the other seats
    (``opponents``: one ``ttr bots`` spec for all, or a list with one per other seat).
    Observations are that seat's vectors; ``action_masks()`` gives the legal actions (the
    MaskablePPO convention; also ``info["action_mask"]``). An action outside the mask
    ends the episode with reward -1 and ``info["illegal_action"] = True``, so unmasked
    policies and ``check_env`` can run; an index outside the action space raises
    ``ValueError``. The reward at the end is the seat's return."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, map="usa", players=2, opponents="greedy", seat=0, render_mode=None):
        self.game = Game(map, players)
        if not 0 <= seat < players:
            raise ValueError(f"seat: {seat} is not a seat (0 to {players - 1})")
        others = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != players - 1:
            raise ValueError(f"opponents: {len(others)} specs for {players - 1} other seats")
        specs = others[:seat] + [None] + others[seat:]
        self.opponents = Opponents(specs)
        self.seat = seat
        self.render_mode = render_mode
        self.observation_space = _observation_box(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state = None

    def _observe(self):
        return self.state.observation_tensor(self.seat), {"action_mask": self.action_masks()}

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self.state = self.game.new_initial_state(int(self.np_random.integers(2**63)))
        self.opponents.reset(self.state)
        self.opponents.play(self.state)
        return self._observe()

    def action_masks(self):
        """The legal actions of the agent's seat (all False when it is not to move)."""
        if self.state.current_player() != self.seat:
            return np.zeros(self.game.num_distinct_actions(), bool)
        return self.state.legal_action_mask()

    def step(self, action):
        action = int(action)
        if not 0 <= action < self.game.num_distinct_actions():
            raise ValueError(f"action: {action} is outside 0..{self.game.num_distinct_actions()}")
        if not self.action_masks()[action]:
            obs, info = self._observe()
            info["illegal_action"] = True
            return obs, -1.0, True, False, info
        self.state.apply_action(action)
        self.opponents.play(self.state)
        obs, info = self._observe()
        done = self.state.is_terminal()
        reward = self.state.returns()[self.seat] if done else 0.0
        return obs, float(reward), done, False, info

    def render(self):
        if self.render_mode == "ansi":
            return repr(self.state)
        return None
