"""How many paired games a variant changed at all: counted per player count, flagged when rare."""
from __future__ import annotations

import polars as pl

from reports import reaction
from reports.tables import from_frames
from simulate.games import get_game


def frames(changed: int, games: int = 100):
    """Two-player games of a baseline and a variant that changes the first ``changed`` games."""
    g, s = [], []
    for variant in ("baseline", "rare"):
        for i in range(games):
            moved = variant == "rare" and i < changed
            g.append({"game": i, "variant": variant, "players": 2, "rounds": 5 + moved})
            for seat in range(2):
                s.append({"game": i, "variant": variant, "players": 2, "seat": seat,
                          "score": 10.0 + seat, "rank": 2 - seat, "won": seat == 1})
    return pl.DataFrame(g), pl.DataFrame(s)


def test_a_variant_that_changes_3_of_100_games_is_counted_and_flagged():
    run = from_frames(*frames(3), get_game("risky_adventure"))
    shares = reaction.changed_shares(run)
    assert shares == {"rare": {2: (100, 3)}}
    [note] = reaction.notes(shares)
    assert "rare (3.0 % at 2 players)" in note.text
    assert reaction.table(shares).blocks[0].rows == [["rare", 2, "3 of 100", "3.0 %"]]


def test_a_variant_that_changes_many_games_or_none_gets_no_rare_line():
    for changed in (0, 40):
        run = from_frames(*frames(changed), get_game("risky_adventure"))
        assert reaction.notes(reaction.changed_shares(run)) == []


def test_what_is_left_of_a_supply_is_not_a_changed_game():
    """Taking an equipment card out leaves one fewer in the deck at the end of every game: a
    game whose play and results are the same is not one the removal changed."""
    games, seats = frames(0)
    games = games.with_columns(equipment_deck_left=pl.when(pl.col("variant") == "rare")
                               .then(4).otherwise(5))
    run = from_frames(games, seats, get_game("risky_adventure"))
    assert reaction.changed_shares(run) == {"rare": {2: (100, 0)}}


def test_supply_columns_are_columns_of_their_game():
    from simulate.games import game_names
    for name in game_names():
        spec = get_game(name)
        assert set(spec.supply_columns) <= set(spec.game_columns) | set(spec.seat_columns)
