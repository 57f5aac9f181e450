"""Issue "Rules gaps": rule checks at each player count the config asks for (item 3)."""
import pytest

from simulate.config import parse_config
from simulate.games.base import ConfigError, make_rules
from simulate.games.risky_adventure import Rules, new_game
from simulate.play import play_game
from simulate.games.risky_adventure import GAME
from strategies import build_strategy
from tests.helpers import assert_same_tables

SCARCE = {"clocks": 4, "starting_clocks": 2}


def config(counts, rules=None, variants=()):
    return {"run": {"game": "risky_adventure", "games": 4, "seed": 1, "jobs": 1, "chunk": 4,
                    "out": "runs/unused"},
            "players": {"count": counts}, "rules": rules or {}, "variants": list(variants)}


def test_clocks_for_two_players_are_checked_for_two_not_four():
    rules = make_rules(Rules, SCARCE)
    state, out, _ = play_game(GAME, rules, [build_strategy("risky_adventure", "fame_now")] * 2, 1)
    assert state.is_over and state.clock_supply + sum(state.clocks) <= 4
    assert parse_config(config(2, SCARCE)).player_counts == [2]
    with pytest.raises(ConfigError, match="cannot give 3 players starting_clocks = 2"):
        parse_config(config([2, 3], SCARCE))
    with pytest.raises(ConfigError, match="variant 'tight'.*cannot give 4 players"):
        parse_config(config([2, 4], variants=[{"name": "tight", **SCARCE}]))
    with pytest.raises(ConfigError, match="cannot give 3 players"):
        new_game(rules, 3, __import__("random").Random(0))
    with pytest.raises(ConfigError, match="cannot give 2 players"):
        make_rules(Rules, {"clocks": 4, "starting_clocks": 3})


def test_the_kernel_plays_a_two_player_table_with_few_clocks_alike(tmp_path):
    assert_same_tables(tmp_path, SCARCE, ["fame_now", "random"], 2, 6, game="risky_adventure",
                       seed=3)
