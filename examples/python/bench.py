"""Games per second of a uniformly random masked policy driven from Python, on one map:
(a) step by step through ``ttr.Game``/``State``, (b) through ``ttr.VecEnv``.

    .venv/bin/python examples/python/bench.py --map usa --players 4 --games 200 --n 256
"""

import argparse
import time

import numpy as np

import ttr


def step_by_step(game, games, rng, observe):
    """With ``observe``, each step also reads the observation vector and the mask, as a
    learning loop does (and as the vectorised form always does)."""
    start = time.perf_counter()
    for k in range(games):
        state = game.new_initial_state(ttr.Game.game_seed(1, k))
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
                legal = np.flatnonzero(state.legal_action_mask())
            else:
                legal = state.legal_actions()
            state.apply_action(int(legal[rng.integers(len(legal))]))
    return games / (time.perf_counter() - start)


def uniform_legal(mask, rng):
    """One uniformly random legal index per row of ``mask``, without a Python loop."""
    rows, cols = np.nonzero(mask)
    counts = np.bincount(rows, minlength=len(mask))
    starts = np.cumsum(counts) - counts
    return cols[starts + (rng.random(len(mask)) * counts).astype(np.int64)]


def vectorised(map_name, players, n, games, rng):
    vec = ttr.VecEnv(map_name, players, n=n, seed=1)
    _, mask, _ = vec.reset()
    done_total = 0
    start = time.perf_counter()
    while done_total < games:
        _, mask, _, _, done = vec.step(uniform_legal(mask, rng))
        done_total += int(done.sum())
    return done_total / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="usa")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--n", type=int, default=256, help="games stepped together in (b)")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    game = ttr.Game(args.map, args.players)
    print(f"(a) step by step, legal_actions only: {step_by_step(game, args.games, rng, False):.0f} games/s")
    print(f"(a) step by step, observation and mask: {step_by_step(game, args.games, rng, True):.0f} games/s")
    print(f"(b) vectorised, n={args.n}: {vectorised(args.map, args.players, args.n, args.games, rng):.0f} games/s")


if __name__ == "__main__":
    main()
