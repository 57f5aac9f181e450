"""Common random numbers (streams.py, RULES.md "Random streams"): each source of chance has its
own stream, so a change disturbs only what it touches and paired games stay paired."""
import random

from simulate.games.component_edits import parse_changes
from simulate.games.component_files import shipped_files, using_folder
from simulate.games.roll_player import Rules, new_game
from simulate.games.roll_player import streams as P
from simulate.games.roll_player.components import load_components
from simulate.chunk import play_chunk

SEATS = ["goal_chaser", "balancer"]


def chunk(edits=(), rules=None, games=200, players=2, engine="compiled"):
    """Per game index: the game's row and its seats' rows, as a comparable tuple."""
    task = {"game": "roll_player", "rules": rules or {}, "seed": 5, "variant": "v",
            "strategies": SEATS[:players], "heroes": [None] * players, "players": players,
            "start": 0, "stop": games, "rotate": False, "edits": edits, "engine": engine}
    games_, seats = play_chunk(task)
    rows = [tuple(games_[k][g] for k in sorted(games_) if k != "seed") for g in range(games)]
    by_seat = [tuple(seats[k][g * players + s] for k in sorted(seats) for s in range(players))
               for g in range(games)]
    return list(zip(rows, by_seat)), seats


def removal(entry: str) -> tuple:
    files = [p.name for p in shipped_files("roll_player")]
    return parse_changes({"remove": [entry]}, files, "test")


def test_a_no_op_change_is_identical_and_a_seat_rolling_more_moves_no_other_seat():
    base, _ = chunk(games=60)
    same, _ = chunk(rules={"gold_die_gold": Rules().gold_die_gold}, games=60)
    assert same == base
    one, other = (new_game(Rules(), 2, random.Random(9)) for _ in range(2))
    other.roll(P.SEAT_DICE)                       # seat 0 rolls one die more (a reroll)
    for purpose in (P.SEAT_DICE + 1, P.ROUND_DICE, P.MARKET, P.SOLO_DIE):
        assert [one.roll(purpose) for _ in range(20)] == [other.roll(purpose) for _ in range(20)]
    # a fixed class for seat 0 draws no class dice: every seat's starting dice stay as they were
    dealt, fixed = (to_starting_dice(new_game(Rules(), 2, random.Random(9), heroes))
                    for heroes in (None, ["Thief", None]))
    for seat in range(2):
        assert fixed.t.starting_dice[seat] == dealt.t.starting_dice[seat]


def to_starting_dice(state):
    """Choose the first class offered until the starting dice are dealt."""
    while not any(state.t.starting_dice):
        state.apply(state.legal_actions()[0])
    return state


def test_removing_a_backstory_no_seat_holds_leaves_those_games_identical():
    """A Backstory card out of the deck: every game where no seat held it is the same game."""
    name = load_components().backstories[3].name
    base, seats = chunk()
    variant, _ = chunk(removal(f"backstories:{name}"))
    held = {g // 2 for g, b in enumerate(seats["backstory"]) if b == name}
    untouched = [g for g in range(len(base)) if g not in held]
    identical = sum(base[g] == variant[g] for g in untouched)
    assert len(untouched) >= 150 and identical >= 0.95 * len(untouched)


def test_a_removed_market_card_is_the_baseline_deck_with_it_skipped():
    cards = load_components().cards
    gone = cards[10].name
    for seed in range(5):
        base = new_game(Rules(), 3, random.Random(seed))
        with using_folder("roll_player", None, removal(f"market:{gone}")):
            short = new_game(Rules(), 3, random.Random(seed))
        # each pile's shuffled order: its set-up discards, then its cards in the deck (the
        # Market was dealt from the deck's top, the end of the list)
        order = [cards[c].name for c in base.t.discard + base.deck + base.t.market[::-1]]
        skipped = [cards[c].name for c in short.t.discard + short.deck + short.t.market[::-1]]
        assert gone in order and gone not in skipped
        piles = [[n for n in order if cards_dots(n) == d] for d in (1, 2)]
        short_piles = [[n for n in skipped if cards_dots(n) == d] for d in (1, 2)]
        assert short_piles == [[n for n in pile if n != gone] for pile in piles]


def cards_dots(name: str) -> int:
    return load_components().card_by_name[name].dots


def test_a_clone_goes_on_with_the_same_dice_and_a_look_ahead_clone_gets_fresh_ones():
    state = to_starting_dice(new_game(Rules(), 3, random.Random(4)))
    twin, fresh = state.clone(), state.clone(random.Random(1))
    rolls = [state.roll(p) for p in range(P.STREAMS) for _ in range(6)]
    assert [twin.roll(p) for p in range(P.STREAMS) for _ in range(6)] == rolls
    assert [fresh.roll(p) for p in range(P.STREAMS) for _ in range(6)] != rolls
