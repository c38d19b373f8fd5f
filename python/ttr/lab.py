"""The lab from Python: ``simulate`` runs ``ttr simulate``'s code and returns its tables."""

import csv
import json
import pathlib
import signal
import tempfile

import numpy as np

from ._native import map_toml, maps, simulate_to_dir


def _column(values):
    for kind in (np.int64, np.uint64, np.float64):
        try:
            return np.array(values, dtype=kind)
        except (ValueError, OverflowError):
            pass
    return np.array(values, dtype=object)


def read_table(path):
    """A CSV file as columns: name -> numpy array (int64, uint64 for seeds, float64, or
    str objects, the first that holds every value)."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    return {name: _column([r[i] for r in body]) for i, name in enumerate(header)}


def simulate(map="usa", players=4, bots=("random",), games=1000, seed=1, threads=1, out=None, batch=1024,
             time_decisions=False):
    """Plays ``games`` games as ``ttr simulate --map MAP --players PLAYERS --bots BOTS
    --games GAMES --seed SEED --threads THREADS`` does (the same code, the GIL released) and
    returns its CSV tables by name (``games``, ``bots``, ``seats``, ``matchups``,
    ``tickets``, ``routes``, ...): each a dict of numpy columns, or a pandas DataFrame when
    pandas is installed. ``bots`` is a list, one per seat or one for all, of bot specs or
    Python bots: objects with ``choose(observation, legal_mask) -> int`` (the seat's
    ``observation_tensor`` and ``legal_action_mask``; answer a legal index), called from the
    run's threads under the GIL; an exception in ``choose`` or an illegal index stops the
    run and is raised here. A batched bot has ``act(observations, masks) -> indices``
    (float32 [B, observation size] as ``observation_tensor`` encodes them, bool [B, actions];
    answer B legal indices): up to ``batch`` games advance in Rust until each waits on it,
    then one ``act`` call decides them all, on the calling thread. Game ``k`` is the same
    game as in any run (its seed, lineup and bot seeds), so the tables equal those of a run
    with ``choose`` bots making the same decisions, whatever ``batch``; a wrong shape or an
    illegal index raises ``ValueError`` naming the game. An object with both methods plays
    batched. A string is a comma-separated list of specs. With ``out``, the
    files are also kept in that directory. With specs only, the summary the CLI prints is
    in ``tables["summary"]``. With ``time_decisions``, every decision of every bot but the
    batched ones is timed on the CPU clock of its thread (``ttr simulate --time-decisions``)
    and ``tables["decision_seconds"]`` holds, per bot, ``bot``, ``clock``, ``decisions`` and
    the ``median``, ``p90``, ``p99``, ``longest`` and ``mean`` seconds per decision (the
    percentiles within 3%), and where the longest was taken: ``longest_game`` (the game's
    index), ``longest_seat`` and ``longest_decision`` (the bot's decision in that game,
    from 1)."""
    if isinstance(bots, str):
        bots = bots.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        directory = pathlib.Path(out) if out is not None else pathlib.Path(tmp) / "run"
        map_file = map
        if map in maps():
            # The run reads a map file, as the CLI does: a shipped map is written out first.
            map_file = pathlib.Path(tmp) / f"{map}.toml"
            map_file.write_text(map_toml(map))
        previous = signal.getsignal(signal.SIGINT)
        try:
            summary = simulate_to_dir(
                map, map_file, players, list(bots), games, seed, threads, directory, batch, bool(time_decisions)
            )
        finally:
            # The run installs its own Ctrl-C handler; give Python its own back.
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
        tables = {p.stem: read_table(p) for p in sorted(directory.glob("*.csv"))}
        if time_decisions:
            rows = json.loads((directory / "run.json").read_text())["decision_seconds"]
            keys = ["bot", "clock", "decisions", "median", "p90", "p99", "longest", "mean"]
            tables["decision_seconds"] = {k: _column([str(r[k]) for r in rows]) for k in keys}
            for part in ["game", "seat", "decision"]:
                column = [str(r["longest_at"][part]) for r in rows]
                tables["decision_seconds"][f"longest_{part}"] = _column(column)
    try:
        import pandas
    except ImportError:
        pass
    else:
        tables = {name: pandas.DataFrame(columns) for name, columns in tables.items()}
    tables["summary"] = summary
    return tables
