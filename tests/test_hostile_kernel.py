"""A strategy misbehaving around the compiled engine: the seats'
names come from describe(), which the kernel path called bare; a describe() that raises is one
line naming the strategy and exit 2 there too, as on the Python engine
(tests/test_hostile_strategies.py)."""
import time

import pytest

from strategies.dungeon_roll import RiskAwareStrategy
from tests.helpers import one_line_exit_2, simulate_cli, write_config

RUN = """
[run]
game = "dungeon_roll"
games = 4
chunk = 2
jobs = 1
engine = "{engine}"
out = "{out}"

[players]
strategies = {strategies}
"""
HOSTILE = '{{ name = "tests.hostile:Hostile", trick = "describe", trigger = "{trigger}" }}'


@pytest.mark.parametrize("engine", ["compiled", "auto"])
def test_a_user_describe_that_raises_is_one_line_on_the_kernel_path(tmp_path, engine):
    """The kernel asks which seats it lacks a twin for, by name: that name is describe()."""
    trigger = tmp_path / "trigger"
    trigger.write_text("0")                       # broken from the first call
    config = write_config(tmp_path, RUN.format(engine=engine, out=tmp_path / "out",
                                               strategies=HOSTILE.format(trigger=trigger)))
    one_line_exit_2(simulate_cli("run", config, "--no-report"), "'tests.hostile:Hostile'",
                    "describe(): raised RuntimeError: describe is broken")


def test_a_twin_whose_describe_raises_is_one_line_in_the_kernel_chunk(tmp_path, monkeypatch):
    """A seat the kernel plays (a built-in with its compiled twin) is named per chunk by
    describe() too: a failure there names the strategy, its seat and the chunk's first game."""
    def broken(self):
        raise ValueError("no name today")

    monkeypatch.setattr(RiskAwareStrategy, "describe", broken)
    config = write_config(tmp_path, RUN.format(engine="compiled", out=tmp_path / "out",
                                               strategies='"risk_aware"'))
    one_line_exit_2(simulate_cli("run", config, "--no-report"), "'risk_aware' at seat 0",
                    "in game 0, describe(): raised ValueError: no name today")


SLOW = '{ name = "tests.hostile:SlowToBuild" }'


@pytest.mark.parametrize("engine", ["python", "auto"])
def test_a_strategy_whose_init_hangs_in_the_run_is_stopped_at_the_limit(tmp_path, monkeypatch,
                                                                       engine):
    """`simulate validate`'s child check builds it in time; the run's own build (its config
    check, in this process) is bounded like a decision: one line naming it and the limit."""
    import strategies
    from tests.test_hostile_folder import deadline

    monkeypatch.setattr(strategies, "BUILD_SECONDS", 1.0, raising=False)
    config = write_config(tmp_path, RUN.format(engine=engine, out=tmp_path / "out",
                                               strategies=SLOW))
    started = time.monotonic()
    with deadline(20):
        result = simulate_cli("run", config, "--no-report")
    one_line_exit_2(result, "'tests.hostile:SlowToBuild'", "longer than the limit of 1 s")
    assert time.monotonic() - started < 15
    assert not (tmp_path / "out" / "manifest.json").exists()
