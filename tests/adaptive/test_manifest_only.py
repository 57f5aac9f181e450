"""Tune, sensitivity and `--until-ci` read a results folder only through its manifest: a
Parquet file the manifest does not record (a stray copy, a user's own file) changes nothing."""
import shutil

import numpy as np

from simulate.adaptive.metrics import Metric, read_values
from simulate.adaptive.until_ci import headline_intervals
from simulate.config import load_config
from simulate.runner import run
from tests.adaptive.test_commands import SOLO
from tests.helpers import write_config


def _played(tmp_path):
    out = tmp_path / "r"
    run(load_config(write_config(tmp_path, SOLO.format(games=100, out=out))))
    return out


def _drop_stray_copy(out):
    """A copy of one chunk under a name the manifest does not record, in both tables."""
    for table in ("games", "seats"):
        first = sorted((out / table).glob("*.parquet"))[0]
        shutil.copy(first, out / table / "stray.parquet")


def test_a_stray_parquet_file_does_not_change_a_tune_estimate(tmp_path):
    out = _played(tmp_path)
    metric = Metric("win_rate", 0)
    before = read_values(out, metric, "baseline", 1, 100)
    _drop_stray_copy(out)
    after = read_values(out, metric, "baseline", 1, 100)
    assert len(after) == len(before) and np.array_equal(after, before)


def test_a_stray_parquet_file_does_not_change_an_until_ci_interval(tmp_path):
    out = _played(tmp_path)
    before = headline_intervals(out, 100, cooperative=False)
    _drop_stray_copy(out)
    assert headline_intervals(out, 100, cooperative=False) == before
