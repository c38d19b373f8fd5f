"""Batched Python bots in ``ttr.simulate``: ``act(observations, masks) -> indices`` called once
per batch of pending decisions across many games."""

import numpy as np
import pytest

import ttr

from test_game import FirstLegal


def first_legal_act(self, observations, masks):
    """The lowest legal index of each row."""
    assert observations.dtype == np.float32 and masks.dtype == np.bool_
    assert observations.shape[0] == masks.shape[0] > 0
    self.calls.append(len(masks))
    return masks.argmax(axis=1)


# Named as the `choose` bot is, so the two runs' tables name the same bot.
BatchedFirstLegal = type("FirstLegal", (), {"act": first_legal_act, "__init__": lambda self: setattr(self, "calls", [])})


def columns(table):
    return {name: np.asarray(table[name]) for name in table}


def assert_same_tables(a, b):
    assert a.keys() == b.keys()
    for name in a:
        if name == "summary":
            assert a[name] == b[name]
            continue
        ca, cb = columns(a[name]), columns(b[name])
        assert ca.keys() == cb.keys(), name
        for column in ca:
            assert np.array_equal(ca[column], cb[column]), (name, column)


def test_batched_bot_gives_the_tables_of_the_same_choose_bot_whatever_the_batch():
    args = dict(map="usa", players=3, games=300, seed=5)
    expected = ttr.simulate(bots=["greedy", FirstLegal(), "random"], threads=2, **args)
    batched = BatchedFirstLegal()
    tables = ttr.simulate(bots=["greedy", batched, "random"], batch=64, **args)
    assert_same_tables(tables, expected)
    # One call per batch of pending decisions, not one per game or per decision.
    assert max(batched.calls) == 64 and sum(batched.calls) > 20 * len(batched.calls)
    assert_same_tables(ttr.simulate(bots=["greedy", BatchedFirstLegal(), "random"], batch=7, **args), expected)
    # Every seat batched, against every seat choosing.
    assert_same_tables(
        ttr.simulate(bots=[BatchedFirstLegal()], batch=1000, **args), ttr.simulate(bots=[FirstLegal()], **args)
    )


def test_batched_bots_are_not_timed():
    tables = ttr.simulate("usa", 2, ["greedy", BatchedFirstLegal()], games=4, seed=3, time_decisions=True)
    times = tables["decision_seconds"]
    assert list(np.asarray(times["bot"])) == ["greedy"] and np.asarray(times["decisions"])[0] > 4 * 20


def test_batched_bot_errors_name_the_game():
    class Short:
        def act(self, observations, masks):
            return masks.argmax(axis=1)[:-1]

    with pytest.raises(ValueError, match=r"act returned shape \[3\].*games \[0, 1, 2, 3\]"):
        ttr.simulate("usa", 2, ["greedy", Short()], games=4, seed=3, batch=4)

    class Floats:
        def act(self, observations, masks):
            return masks.argmax(axis=1).astype(np.float32)

    with pytest.raises(ValueError, match="integer indices"):
        ttr.simulate("usa", 2, ["greedy", Floats()], games=4, seed=3)

    class Illegal:
        def act(self, observations, masks):
            return (~masks).argmax(axis=1)

    with pytest.raises(ValueError, match=r"act returned \d+ for game 0 \(seed \d+\), not a legal action"):
        ttr.simulate("usa", 2, [Illegal()], games=4, seed=3)

    class Broken:
        def act(self, observations, masks):
            raise RuntimeError("no idea")

    with pytest.raises(RuntimeError, match="no idea"):
        ttr.simulate("usa", 2, ["greedy", Broken()], games=4, seed=3)
    with pytest.raises(ValueError, match="batch"):
        ttr.simulate("usa", 2, ["greedy", BatchedFirstLegal()], games=4, seed=3, batch=0)
