"""Common random numbers (streams.py, RULES.md "Random streams"): each source of chance has its
own stream and every pile is a keyed shuffle, so a change disturbs only what it touches."""
import dataclasses
import random
from collections import Counter

import polars as pl

from simulate.api import run
from simulate.games.component_edits import parse_changes
from simulate.games.component_files import shipped_files, using_folder
from simulate.games.risky_adventure import GAME, Rules, new_game
from simulate.games.risky_adventure.components import load_components
from simulate.play import play_game
from strategies import build_strategy

from .helpers import table

NAME = "risky_adventure"


def edited(changes: dict) -> tuple:
    return parse_changes(changes, [p.name for p in shipped_files(NAME)], "test")


def dealt(state) -> list[str]:
    """The equipment deck's shuffled order by card id, top last: the camp was dealt off it."""
    ids = [c.id for c in state.comp.equipment]
    return [ids[c] for c in state.equipment_deck + state.camp[::-1]]


def scores(rules: Rules, seeds: range) -> list:
    seats = [build_strategy(NAME, "fame_now") for _ in range(3)]
    return [play_game(GAME, rules, seats, seed)[1].scores for seed in seeds]


def test_a_no_op_changes_nothing_and_a_seat_rolling_more_leaves_the_others_dice():
    assert scores(Rules(), range(6)) == scores(dataclasses.replace(Rules(), dice=4), range(6))
    plain, more = table(3, seed=4), table(3, seed=4)
    more.rules = dataclasses.replace(more.rules, dice=6)       # seat 0 rolls 6 dice, twice
    rolls = {}
    for name, state in (("plain", plain), ("more", more)):
        state.current_seat = 0
        state.roll_dice()
        state.roll_dice()
        state.rules = Rules()
        seen = []
        for seat in (1, 2, 1, 0):
            state.current_seat = seat
            seen.append((seat, state.roll_dice()))
        rolls[name] = seen
    assert rolls["plain"][:3] == rolls["more"][:3]                # seats 1 and 2: the same dice
    assert dealt(plain) == dealt(more)


def test_a_removed_card_is_skipped_and_an_added_or_edited_one_moves_nothing_else():
    base = table(4, seed=9)
    order = dealt(base)
    card = order[len(order) // 2]
    with using_folder(NAME, None, edited({"remove": [f"equipment:{card}"]})):
        assert dealt(table(4, seed=9)) == [c for c in order if c != card]
    with using_folder(NAME, None, edited({f"equipment:{card}.cost": "F"})):
        assert dealt(table(4, seed=9)) == order
    with using_folder(NAME, None, edited({"copies": {f"equipment:{card}": 2}})):
        assert [c for c in dealt(table(4, seed=9)) if c != f"{card} #2"] == order
    mid = base.map_deck[len(base.map_deck) // 2]
    maps = [m.id for m in base.comp.maps]
    with using_folder(NAME, None, edited({"remove": [f"treasure_maps:{maps[mid]}"]})):
        other = table(4, seed=9)
        ids = [m.id for m in other.comp.maps]
        assert [ids[m] for m in other.map_deck + other.maps_face_up[::-1]] == \
            [maps[m] for m in base.map_deck + base.maps_face_up[::-1] if m != mid]
        assert other.excavations == base.excavations     # artifacts: their own stream
    granted = new_game(Rules(), 4, random.Random(9), grant=("equipment.json", card, 2))
    assert dealt(granted) == [c for c in order if c != card]


def test_a_clone_goes_on_alike_and_a_fresh_rng_gives_fresh_dice():
    state = table(2, seed=3)
    twin = state.clone()
    assert [twin.roll_dice() for _ in range(8)] == [state.roll_dice() for _ in range(8)]
    fresh = [state.clone(random.Random(k)).roll_dice() for k in range(8)]
    assert len({tuple(r) for r in fresh}) > 1


def _paired(tmp_path, remove=None):
    """The games and seats tables of 200 games at 4 players, the default strategy in each
    seat (the variant's rows only, with ``remove``)."""
    config = {"run": {"game": NAME, "games": 200, "seed": 3, "jobs": 1, "chunk": 200,
                      "out": str(tmp_path / (remove or "base"))},
              "players": {"count": 4, "strategies": "fame_now"}}
    if remove:
        config["variants"] = [{"name": "without",
                               "components": {"remove": [f"equipment:{remove}"]}}]
    results = run(config, report=False)
    games, seats = results.games(), results.seats()
    if remove:
        games, seats = (t.filter(pl.col("variant") == "without") for t in (games, seats))
    return games.drop("variant").sort("game"), seats.drop("variant").sort("game", "seat")


def test_removing_a_card_no_seat_takes_leaves_the_paired_games_as_they_were(tmp_path):
    games, seats = _paired(tmp_path)
    bought = Counter(c for row in seats["equipment_bought"] for c in row.split("|") if c)
    card = next(c.id for c in load_components().equipment if c.id not in bought)
    other_games, other_seats = _paired(tmp_path, card)
    # the deck is one card shorter: one card less left in it when the card never came out
    games = games.with_columns(pl.col("equipment_deck_left") - 1).rows()
    seats, other_seats = seats.rows(), other_seats.rows()
    same = [a == b and seats[4 * g:4 * g + 4] == other_seats[4 * g:4 * g + 4]
            for g, (a, b) in enumerate(zip(games, other_games.rows()))]
    assert sum(same) / len(same) >= 0.95, (card, sum(same))
