"""A variant's granted card (simulate/games/grants.py) on the compiled kernels: the Roll Player,
Risky Adventure and Adventure Realms kernels deal it as the Python engine does (identical tables
for a few cards x seats x player counts, a seat not at the table among them), so `simulate
cards` plays on the kernel; a grant of an unknown entry is the engine's one-line error. Paid
grants (``pay = true``) too, on Roll Player's and Risky Adventure's kernels: a cheap card and a
dear one, debts included."""
import pytest

from reports.tables import open_run
from simulate.engines import choose_engine
from simulate.games.base import ConfigError
from simulate.chunk import play_chunk
from tests.helpers import assert_same_frames, engine_tables, kernel_task

SEATS = {"roll_player": ["goal_chaser", "balancer", "random", "goal_chaser"],
         "risky_adventure": ["fame_now", "engine_builder", "random", "map_planner"],
         "adventure_realms": ["balanced", "guild_specialist", "random", "dungeon_racer"]}
# (game, file, entry, seat, players): every kind of card a game deals its own way
CASES = [
    ("roll_player", "market.json", "Weak", 0, 2),                  # a trait: the token moves
    ("roll_player", "market.json", "Longsword", 1, 3),
    ("roll_player", "market.json", "Open Lock", 2, 4),             # a double-dot skill
    ("roll_player", "market.json", "Pickpocket", 0, 1),            # solo
    ("roll_player", "market.json", "Chain Helm", 3, 2),            # seat 3 at 2: the baseline
    ("risky_adventure", "equipment.json", "bonus_a_1", 0, 2),      # waits for an artifact
    ("risky_adventure", "equipment.json", "scarab_top_1", 1, 3),
    ("risky_adventure", "equipment.json", "discount_a_jungle_1", 3, 4),
    ("risky_adventure", "equipment.json", "discount_b_jungle_1", 2, 2),  # not at the table
    ("adventure_realms", "basic_heroes.json", "Villager", 0, 2),   # no supply: one more
    ("adventure_realms", "guild_heroes.json", "Squire", 1, 3),     # out of the hero deck
    ("adventure_realms", "kings.json", "King Aldric", 3, 4),
    ("adventure_realms", "guild_masters.json", "Lord Commander", 1, 2),
    ("adventure_realms", "adventure_cards.json", "Fireball", 2, 3),
    ("adventure_realms", "adventure_cards.json", "Coin Purse", 3, 2),   # not at the table
]


def granted_task(game, file, entry, seat, players, games=3, seed=11, rules=None, edits=()):
    return {**kernel_task(rules or {}, SEATS[game], players, games, game=game, seed=seed,
                          edits=edits),
            "grant": (file, entry, seat)}


@pytest.mark.parametrize("game, file, entry, seat, players", CASES)
def test_the_kernel_deals_a_granted_card_as_the_python_engine(tmp_path, game, file, entry,
                                                              seat, players):
    task = granted_task(game, file, entry, seat, players)
    python = engine_tables(tmp_path, "python", task)
    assert_same_frames(python, engine_tables(tmp_path, "compiled", task), task)
    if seat < players:                  # the grant changed the games (else it is the baseline)
        baseline = engine_tables(tmp_path / "base", "python", {**task, "grant": None})
        assert not python[1].equals(baseline[1])


def test_adventure_realms_sets_a_granted_game_up_without_allocating():
    """numba refuses to compile a no_refcounts function that allocates: the set-up, the granted
    hero's side stream included (its scratch is the caller's), is one."""
    from simulate.games.adventure_realms.kernel_flow import new_game
    from simulate.games.adventure_realms.kernel_grant import give_granted
    assert new_game.targetoptions.get("_nrt") is False
    assert give_granted.targetoptions.get("_nrt") is False


@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_grant_kernels_play_a_granted_variant(game):
    assert choose_engine(game, SEATS[game], grants=True)[0] == "compiled"


# (game, file, entry, seat, players, rules, edits): paid grants, a cheap card and a dear one;
# Roll Player's starting Gold is 5/5/6/7, Risky Adventure's one clock (every card owes)
PAID = [
    ("roll_player", "market.json", "Obnoxious", 1, 2, {}, ()),          # 2 of 5 Gold
    ("roll_player", "market.json", "Reckless", 0, 3, {}, ()),           # 6 of 5: owes 1
    ("roll_player", "market.json", "Longsword", 2, 3, {},               # 15 of 6: owes 9
     (("set", "market.json", "Longsword.cost", 15),)),
    ("risky_adventure", "equipment.json", "scarab_top_1", 0, 2, {}, ()),   # 2 clocks: owes 1
    ("risky_adventure", "equipment.json", "bonus_a_1", 1, 3,               # no supply limit
     {"supply_limited": False}, ()),
    ("risky_adventure", "equipment.json", "scarab_top_1", 2, 3, {},        # owes 5
     (("set", "equipment.json", "scarab_top_1.cost", "MMMMMM"),)),
]


@pytest.mark.parametrize("game, file, entry, seat, players, rules, edits", PAID)
def test_the_kernel_plays_a_paid_grant_as_the_python_engine(tmp_path, game, file, entry, seat,
                                                            players, rules, edits):
    free = granted_task(game, file, entry, seat, players, rules=rules, edits=edits)
    task = {**free, "grant": free["grant"] + (True,)}
    python = engine_tables(tmp_path, "python", task)
    assert_same_frames(python, engine_tables(tmp_path, "compiled", task), task)
    assert not python[1].equals(engine_tables(tmp_path / "free", "python", free)[1])


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_paid_grant_plays_on_the_kernels_that_say_so(game):
    engine, note = choose_engine(game, SEATS[game], grants=True, paid=True)
    assert engine == ("python" if game == "adventure_realms" else "compiled"), note


@pytest.mark.parametrize("game, file", [("roll_player", "market.json"),
                                        ("risky_adventure", "equipment.json"),
                                        ("adventure_realms", "kings.json")])
def test_a_grant_of_an_unknown_entry_is_the_engines_error(game, file):
    task = {**granted_task(game, file, "Nobody", 0, 2, games=1), "engine": "compiled"}
    with pytest.raises(ConfigError, match="unknown entry 'Nobody'"):
        play_chunk(task)


CARDS = """
[run]
game = "roll_player"
games = 4
chunk = 4
out = "{out}"
[players]
count = 2
[cards]
decks = ["market"]
entries = ["Weak"]
interventions = ["granted"]
"""


def test_a_card_study_plays_on_the_kernel(tmp_path):
    from tests.helpers import simulate_cli
    config = tmp_path / "cards.toml"
    config.write_text(CARDS.format(out=tmp_path / "out"))
    result = simulate_cli("cards", config, "--no-report")
    assert result.exit_code == 0, result.output
    run = open_run(tmp_path / "out")
    assert run.manifest["engine"] == "compiled", run.manifest["engine_note"]
    assert sorted(seat for _, seat in run.granted.values()) == [0, 1]


def test_a_grant_field_the_kernels_array_lacks_is_refused_not_dropped():
    from simulate.compiled import kernel_grant
    task = {"game": "roll_player", "players": 2}
    names = {"Weak": 7}
    assert kernel_grant({**task, "grant": ("market.json", "Weak", 1)},
                        lambda _, e: names[e]).tolist() == [0, 7, 1, 0]
    assert kernel_grant({**task, "grant": ("market.json", "Weak", 2)},     # not at the table
                        lambda _, e: names[e]).tolist() == [-1, -1, -1, -1]
    assert kernel_grant({**task, "grant": ("market.json", "Weak", 1, True)},
                        lambda _, e: names[e]).tolist() == [0, 7, 1, 1]
    assert kernel_grant({**task, "grant": ("market.json", "Weak", 1, False)},
                        lambda _, e: names[e]).tolist() == [0, 7, 1, 0]
    with pytest.raises(RuntimeError, match="cannot play the grant"):
        kernel_grant({**task, "grant": ("market.json", "Weak", 1, True, 3)},
                     lambda _, e: names[e])
