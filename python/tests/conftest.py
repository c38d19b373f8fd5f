"""Shared helpers. Importing ``ttr`` here makes every test fail, not skip, when the
extension is missing."""

import os
import pathlib

import pytest

import ttr  # noqa: F401

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def ttr_bin():
    """The ``ttr`` binary of this checkout (``TTR_BIN`` overrides); it must exist."""
    path = pathlib.Path(os.environ.get("TTR_BIN", ROOT / "target" / "release" / "ttr"))
    assert path.is_file(), f"{path} missing: run `cargo build --release -p ttr-lab --bin ttr`"
    return path
