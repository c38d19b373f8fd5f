import csv
import subprocess

import numpy as np
import pytest

import ttr

PLAYER_COUNTS = {"usa": (2, 5), "nordic": (2, 3), "legendary_asia": (2, 5), "south_korea": (2, 5)}


def play_random(state, rng, check=None):
    while not state.is_terminal():
        legal = state.legal_actions()
        if check:
            check(state, legal)
        state.apply_action(int(rng.choice(legal)))
    return state


@pytest.mark.parametrize("name", sorted(PLAYER_COUNTS))
def test_mask_is_the_legal_set_and_every_masked_index_applies(name):
    lo, hi = PLAYER_COUNTS[name]
    for players in range(lo, hi + 1):
        game = ttr.Game(name, players)
        rng = np.random.default_rng(players)
        steps = [0]

        def check(state, legal):
            mask = state.legal_action_mask()
            assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions(),)
            assert list(np.flatnonzero(mask)) == legal
            assert len(legal) == state.num_engine_legal_actions() > 0
            for a in legal:
                child = state.clone()
                child.apply_action(a)
            for a in rng.integers(0, game.num_distinct_actions(), 5):
                if not mask[a]:
                    with pytest.raises(ValueError, match="not legal"):
                        state.clone().apply_action(int(a))
            steps[0] += 1

        state = play_random(game.new_initial_state(100 + players), rng, check)
        assert steps[0] > 20
        assert state.current_player() == -1 and state.legal_actions() == []
        assert not state.legal_action_mask().any()
        returns = state.returns()
        assert sum(returns) == pytest.approx(1.0)
        assert max(returns) > 0 and len(state.scores()) == players


def test_action_strings_name_claims_with_payment():
    game = ttr.Game("usa", 2)
    names = [game.action_to_string(i) for i in range(game.num_distinct_actions())]
    assert len(set(names)) == len(names)
    assert "draw blind" in names and "draw tickets" in names
    assert any(n.startswith("claim ") and "loco" in n for n in names)
    nordic = ttr.Game("nordic", 2)
    assert "substitute" in " ".join(nordic.action_to_string(i) for i in range(nordic.num_distinct_actions()))
    korea = ttr.Game("south_korea", 2)
    assert "provinces train" in korea.action_to_string(korea.num_distinct_actions() - 1)


def test_bad_inputs_raise_value_error():
    with pytest.raises(ValueError, match="map"):
        ttr.Game("atlantis", 2)
    with pytest.raises(ValueError, match="players"):
        ttr.Game("usa", 1)
    with pytest.raises(ValueError, match="players"):
        ttr.Game("nordic", 4)
    game = ttr.Game("usa", 3)
    with pytest.raises(ValueError, match="action"):
        game.action_to_string(game.num_distinct_actions())
    with pytest.raises(ValueError, match="action"):
        game.action_to_string(-1)
    state = game.new_initial_state(1)
    for bad in (-1, game.num_distinct_actions(), 10**9):
        with pytest.raises(ValueError, match="action"):
            state.apply_action(bad)
    for bad in (-1, 3):
        with pytest.raises(ValueError, match="player"):
            state.observation_tensor(bad)
        with pytest.raises(ValueError, match="player"):
            state.observation(bad)
        with pytest.raises(ValueError, match="player"):
            state.resample_from_infostate(bad, 0)
    with pytest.raises(ValueError, match="not over"):
        state.to_record()
    play_random(state, np.random.default_rng(0))
    with pytest.raises(ValueError, match="over"):
        state.apply_action(0)


def test_map_from_a_path_and_from_a_name_agree():
    from conftest import ROOT

    by_path = ttr.Game(str(ROOT / "maps" / "usa.toml"), 2).new_initial_state(5)
    by_name = ttr.Game("usa", 2).new_initial_state(5)
    assert by_path.legal_actions() == by_name.legal_actions()
    assert np.array_equal(by_path.observation_tensor(0), by_name.observation_tensor(0))


def test_clone_is_independent():
    state = ttr.Game("usa", 4).new_initial_state(9)
    rng = np.random.default_rng(1)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    before = [state.observation_tensor(p) for p in range(4)], state.legal_actions()
    copy = state.clone()
    play_random(copy, rng)
    assert copy.is_terminal() and not state.is_terminal()
    assert all(np.array_equal(a, state.observation_tensor(p)) for p, a in enumerate(before[0]))
    assert state.legal_actions() == before[1]


def test_same_seed_same_game_as_ttr_simulate(ttr_bin, tmp_path):
    """Greedy bots in every seat, driven through ttr.Opponents from the seeds of the CLI's
    games.csv, reach the scores the CLI wrote."""
    out = tmp_path / "run"
    subprocess.run(
        [ttr_bin, "simulate", "--map", "maps/usa.toml", "--players", "3", "--bots", "greedy", "--games", "6",
         "--seed", "17", "--out", out, "--threads", "1", "-q"],
        check=True, cwd=ttr_bin.parents[2],
    )
    rows = list(csv.DictReader(open(out / "games.csv")))
    assert len(rows) == 6
    game = ttr.Game("usa", 3)
    bots = ttr.Opponents(["greedy"] * 3)
    for row in rows:
        index = int(row["game"])
        seed = int(row["seed"])
        assert seed == ttr.Game.game_seed(17, index)
        state = game.new_initial_state(seed)
        bots.reset(state)
        bots.play(state)
        assert state.is_terminal()
        scores = [int(row[f"score_{s}"]) for s in range(3)]
        assert state.scores() == scores, row


def test_simulate_equals_the_cli_files(ttr_bin, tmp_path):
    from ttr.lab import read_table

    args = dict(map="nordic", players=3, bots=["greedy", "random", "random"], games=30, seed=5)
    cli = tmp_path / "cli"
    subprocess.run(
        [ttr_bin, "simulate", "--map", "maps/nordic.toml", "--players", "3", "--bots", "greedy,random,random",
         "--games", "30", "--seed", "5", "--threads", "2", "--out", cli, "-q"],
        check=True, cwd=ttr_bin.parents[2], capture_output=True,
    )
    tables = ttr.simulate(**args, threads=1)
    names = {p.stem for p in cli.glob("*.csv")}
    assert {"games", "bots", "seats", "matchups", "tickets", "routes"} <= names
    assert names == set(tables) - {"summary"}
    assert "greedy" in tables["summary"]
    for name in names:
        expected = read_table(cli / f"{name}.csv")
        got = tables[name]
        assert list(got) == list(expected), name
        for column in expected:
            assert np.array_equal(np.asarray(got[column]), expected[column]), (name, column)
    assert len(tables["games"]["seed"]) == 30
    assert tables["games"]["seed"][3] == ttr.Game.game_seed(5, 3)
    with pytest.raises(ValueError, match="bots"):
        ttr.simulate("usa", 2, ["no-such-bot"], 1, 1)
    with pytest.raises(ValueError, match="players"):
        ttr.simulate("usa", 7, ["random"], 1, 1)
    with pytest.raises(ValueError, match="map"):
        ttr.simulate("atlantis", 2, ["random"], 1, 1)


def test_bad_numbers_raise_value_error():
    game = ttr.Game("usa", 2)
    for bad in (-1, 2**64, 1.5, "7"):
        with pytest.raises(ValueError, match="seed"):
            game.new_initial_state(bad)
        with pytest.raises(ValueError, match="seed"):
            game.new_initial_state(1).resample_from_infostate(0, bad)
        with pytest.raises(ValueError, match="seed"):
            ttr.VecEnv("usa", 2, n=2, seed=bad)
        with pytest.raises(ValueError, match="games"):
            ttr.simulate("usa", 2, ["random"], bad, 1)
    with pytest.raises(ValueError, match="n"):
        ttr.VecEnv("usa", 2, n=0)
    with pytest.raises(ValueError, match="threads"):
        ttr.simulate("usa", 2, ["random"], 1, 1, threads=0)
    assert game.new_initial_state().legal_actions() == game.new_initial_state(0).legal_actions()


class FirstLegal:
    """Plays the lowest legal index; counts its calls."""

    def __init__(self):
        self.calls = 0

    def choose(self, observation, legal_mask):
        assert observation.dtype == np.float32 and legal_mask.dtype == np.bool_
        self.calls += 1
        return int(np.flatnonzero(legal_mask)[0])


def test_timed_decisions_count_every_decision_and_change_no_game():
    bot = FirstLegal()
    plain = ttr.simulate("usa", 2, ["greedy", FirstLegal()], games=6, seed=3, threads=2)
    timed = ttr.simulate("usa", 2, ["greedy", bot], games=6, seed=3, threads=2, time_decisions=True)
    assert "decision_seconds" not in plain
    for column in plain["games"]:
        assert np.array_equal(np.asarray(plain["games"][column]), np.asarray(timed["games"][column])), column
    times = {name: np.asarray(timed["decision_seconds"][name]) for name in timed["decision_seconds"]}
    assert list(times["bot"]) == ["greedy", "python:FirstLegal"]
    assert times["decisions"][1] == bot.calls and times["decisions"][0] > 6 * 20
    assert list(times["clock"]) == ["thread_cpu"] * 2
    assert np.all((0 < times["median"]) & (times["median"] <= times["p99"]) & (times["p99"] <= times["longest"]))
    # The longest decision of each bot lies in a game of the run, in a seat the bot held there.
    games = {name: np.asarray(timed["games"][name]) for name in timed["games"]}
    for b, name in enumerate(times["bot"]):
        game = int(times["longest_game"][b])
        seat = int(times["longest_seat"][b])
        row = int(np.flatnonzero(games["game"] == game)[0])
        assert games[f"bot_{seat}"][row] == name and int(times["longest_decision"][b]) >= 1
    specs = ttr.simulate("usa", 2, ["random", "greedy"], games=5, seed=3, time_decisions=True)
    assert list(np.asarray(specs["decision_seconds"]["bot"])) == ["random", "greedy"]
    assert "seconds per decision" in specs["summary"]


def test_python_bot_plays_whole_runs():
    bot = FirstLegal()
    tables = ttr.simulate("usa", 2, ["greedy", bot], games=12, seed=3, threads=2)
    games = tables["games"]
    assert len(games["seed"]) == 12 and bot.calls > 12 * 20
    assert set(np.asarray(tables["bots"]["bot"])) == {"greedy", "python:FirstLegal"}
    # The Python bot's seats, game by game (seats rotate), in games.csv.
    assert set(np.asarray(games["bot_0"])) == {"greedy", "python:FirstLegal"}

    class Broken:
        def choose(self, observation, legal_mask):
            raise RuntimeError("no idea")

    with pytest.raises(RuntimeError, match="no idea"):
        ttr.simulate("usa", 2, ["greedy", Broken()], games=4, seed=3)

    class Illegal:
        def choose(self, observation, legal_mask):
            return int(np.flatnonzero(~legal_mask)[0])

    with pytest.raises(ValueError, match="not a legal action"):
        ttr.simulate("usa", 2, [Illegal()], games=2, seed=3)
    with pytest.raises(ValueError, match="bots"):
        ttr.simulate("usa", 2, [object()], games=2, seed=3)
    with pytest.raises(ValueError, match="bots"):
        ttr.simulate("usa", 3, ["greedy", bot], games=2, seed=3)
