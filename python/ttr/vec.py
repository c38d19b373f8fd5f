"""Vectorised stepping: N games, one call per step, numpy buffers, automatic reset."""

import numpy as np

from ._native import Game, VecGames


class VecEnv:
    """``n`` self-play games of one map stepped together.

    After ``reset()`` and each ``step(actions)``: ``obs`` (n, observation size, float32) holds
    each game's observation for its seat to move, ``mask`` (n, actions, bool) its legal
    actions, ``player`` (n,) that seat. ``step`` also fills ``rewards`` (n, players): the
    returns of the games that just ended (1/winners for each winner, 0 otherwise), and
    ``done`` (n,). Finished games are replaced at once by the next games of the run: game
    ``k`` of the run is dealt from ``Game.game_seed(seed, k)``, as in ``ttr simulate``.
    The arrays are reused: copy what you keep.
    """

    def __init__(self, map="usa", players=4, n=64, seed=0):
        self.game = Game(map, players)
        self._games = VecGames(self.game, n, seed)
        self.n = n
        self.obs = np.zeros((n, self.game.observation_tensor_size()), dtype=np.float32)
        self.mask = np.zeros((n, self.game.num_distinct_actions()), dtype=bool)
        self.player = np.zeros(n, dtype=np.int64)
        self.rewards = np.zeros((n, players), dtype=np.float32)
        self.done = np.zeros(n, dtype=bool)

    def reset(self):
        """Writes the current observations; returns ``(obs, mask, player)``."""
        self._games.observe(self.obs, self.mask, self.player)
        return self.obs, self.mask, self.player

    def step(self, actions):
        """Plays one action index per game; returns ``(obs, mask, player, rewards, done)``."""
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        self._games.step(actions, self.obs, self.mask, self.player, self.rewards, self.done)
        return self.obs, self.mask, self.player, self.rewards, self.done

    def seeds(self):
        """The seed of each current game."""
        return self._games.seeds()
