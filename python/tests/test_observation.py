import json
import subprocess

import numpy as np
import pytest

import ttr


def advance(state, steps, seed):
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name,players", [("usa", 4), ("nordic", 3), ("legendary_asia", 2), ("south_korea", 5)])
def test_observation_hides_what_the_seat_cannot_see(name, players):
    game = ttr.Game(name, players)
    spec = game.observation_spec()
    offset, shape = spec["hand"]
    assert sum(int(np.prod(s)) for _, s in spec.values()) == game.observation_tensor_size()
    state = game.new_initial_state(3)
    redealt = []
    for step in range(8):
        advance(state, 15, step)
        if state.is_terminal():
            break
        for p in range(players):
            tensor = state.observation_tensor(p)
            assert tensor.dtype == np.float32 and tensor.shape == (game.observation_tensor_size(),)
            hand = state.observation(p)["hand"]
            assert sum(hand.values()) == tensor[offset:offset + 9].sum()
            world = state.resample_from_infostate(p, 1000 + step)
            # Same view: the sampled world differs only in what seat p cannot see.
            assert np.array_equal(world.observation_tensor(p), tensor)
            assert world.observation(p) == state.observation(p)
            if state.current_player() == p:
                assert world.legal_actions() == state.legal_actions()
        others = [
            state.resample_from_infostate(0, s).observation_tensor(1)[offset:offset + 9] for s in range(10)
        ]
        redealt.append(any(not np.array_equal(h, state.observation_tensor(1)[offset:offset + 9]) for h in others))
    # The other seats' hands are redealt: seat 1's hand is not always the true one (it is at
    # steps where everyone knows every card in it).
    assert any(redealt)


def test_resampled_state_plays_on():
    state = advance(ttr.Game("usa", 3).new_initial_state(8), 40, 0)
    world = state.resample_from_infostate(state.current_player(), 4)
    advance(world, 10_000, 1)
    assert world.is_terminal()
    with pytest.raises(ValueError, match="resampled"):
        world.to_record()


@pytest.mark.parametrize("name,players", [("usa", 4), ("nordic", 2), ("legendary_asia", 3), ("south_korea", 3)])
def test_to_record_passes_ttr_replay_check(name, players, ttr_bin, tmp_path):
    state = advance(ttr.Game(name, players).new_initial_state(21), 100_000, 2)
    record = state.to_record()
    header, line = [json.loads(x) for x in record.splitlines()]
    assert header["format"] == "ttr-record" and line["seed"] == 21
    assert line["result"]["scores"] == state.scores()
    path = tmp_path / "game.jsonl"
    path.write_text(record)
    out = subprocess.run([ttr_bin, "replay", "--check", path], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
