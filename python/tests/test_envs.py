import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import ttr


def test_pettingzoo_api_test():
    api_test(ttr.env("usa", 4), num_cycles=1000)


def test_pettingzoo_seed_test():
    seed_test(lambda: ttr.env("nordic", 2), num_cycles=100)


def test_pettingzoo_game_reaches_the_end_with_returns():
    env = ttr.env("legendary_asia", 3)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(100_000):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not env.agents
    assert sum(total.values()) == pytest.approx(1.0)


def test_gymnasium_check_env():
    check_env(ttr.gym_env("usa", 2, opponents="greedy"), skip_render_check=True)


def test_gym_env_plays_masked_games_against_bots():
    env = ttr.gym_env("usa", 3, opponents=["greedy", "random"], seat=1)
    rng = np.random.default_rng(3)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        done, reward = False, 0.0
        while not done:
            mask = env.action_masks()
            assert np.array_equal(mask, info["action_mask"]) and mask.any()
            obs, reward, done, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            assert env.observation_space.contains(obs)
        assert reward == env.state.returns()[1]
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, done, _, info = env.step(illegal)
    assert reward == -1.0 and done and info["illegal_action"]
    with pytest.raises(ValueError, match="action"):
        env.step(env.action_space.n)
    with pytest.raises(ValueError, match="opponents"):
        ttr.gym_env("usa", 2, opponents="no-such-bot")
    with pytest.raises(ValueError, match="opponents"):
        ttr.gym_env("usa", 3, opponents=["greedy"])


def test_vec_env_matches_single_games_and_resets():
    n, seed = 3, 11
    vec = ttr.VecEnv("usa", 2, n=n, seed=seed)
    game = vec.game
    singles = [game.new_initial_state(ttr.Game.game_seed(seed, k)) for k in range(n)]
    assert vec.seeds() == [s.seed for s in singles]
    obs, mask, player = vec.reset()
    rng = np.random.default_rng(0)
    finished, next_index = 0, n
    while finished < 4:
        for i, s in enumerate(singles):
            assert player[i] == s.current_player()
            assert np.array_equal(obs[i], s.observation_tensor(s.current_player()))
            assert np.array_equal(mask[i], s.legal_action_mask())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        for s, a in zip(singles, actions):
            s.apply_action(int(a))
        obs, mask, player, rewards, done = vec.step(actions)
        for i, s in enumerate(singles):
            assert done[i] == s.is_terminal()
            if done[i]:
                assert list(rewards[i]) == pytest.approx(s.returns())
                singles[i] = game.new_initial_state(ttr.Game.game_seed(seed, next_index))
                next_index += 1
                finished += 1
            else:
                assert not rewards[i].any()
    with pytest.raises(ValueError, match="actions"):
        vec.step(np.zeros(n + 1, dtype=np.int64))
    bad = np.array([np.flatnonzero(~m)[0] for m in mask])
    with pytest.raises(ValueError, match="not legal"):
        vec.step(bad)
