"""Common random numbers (RULES.md, "Random streams"): each source of chance on its own stream,
so a change disturbs only what it touches."""
from __future__ import annotations

import random

from simulate.games import get_game
from simulate.games.dungeon_roll import Rules, new_game
from simulate.games.dungeon_roll.actions import Flee, Retire
from simulate.games.dungeon_roll.components import DRAGON_SCALES, ELIXIR, TREASURE_COUNTS
from simulate.games.dungeon_roll.streams import Chance
from simulate.play import play_game
from strategies import build_strategy

SPEC = get_game("dungeon_roll")
ENDS = (Flee, Retire)


def _leave_at_once(state):
    legal = state.legal_actions()
    return next((a for a in legal if isinstance(a, ENDS)), legal[0])


def _strategy(name: str):
    strategy = build_strategy("dungeon_roll", name)
    strategy.rng = random.Random(0)
    return lambda state: strategy.choose(state.view(state.current_seat), state.legal_actions())


def _second_delve_opening(seed: int, first_seat_policy) -> tuple:
    """Seat 1's party and level-1 dungeon dice after seat 0's first delve played by the policy,
    and how deep seat 0 went."""
    state = new_game(Rules(), 2, random.Random(seed), ["knight", "minstrel"])
    while state.current_seat == 0:
        state.apply(first_seat_policy(state))
    return (tuple(state.party), tuple(state.dungeon), state.lair), state.delves[0][0][0]


def test_a_seat_rolling_more_dice_does_not_move_another_seats_dice():
    moved = deeper = 0
    bold = _strategy("bold")
    for seed in range(40):
        short, short_level = _second_delve_opening(seed, _leave_at_once)
        long, long_level = _second_delve_opening(seed, bold)
        assert short == long, f"seed {seed}: seat 1's dice moved"
        deeper += long_level > short_level
        moved += short != _second_delve_opening(seed + 1000, _leave_at_once)[0]
    assert moved > 30 and deeper > 20          # the seed matters; seat 0 rolled more dice


def _play(rules: Rules, seed: int, players: int = 2):
    seats = [build_strategy("dungeon_roll", "risk_aware") for _ in range(players)]
    _, outcome, decisions = play_game(SPEC, rules, seats, seed)
    return outcome.scores, outcome.metrics, outcome.seat_metrics, decisions


def test_a_no_op_change_leaves_games_identical():
    noop = Rules(solo_win_score=30)                     # a solo-only rule in 2-player games
    assert all(_play(Rules(), s) == _play(noop, s) for s in range(30))


def test_removing_a_token_changes_only_the_games_that_draw_it(monkeypatch):
    """One Dragon Scales fewer: the box holds the same tokens but the last copy of that kind (the
    copies in a box are numbered 0, 1, ...). Every game in which no seat draws that last copy
    plays exactly as before, and most games are such games."""
    counts = list(TREASURE_COUNTS)
    counts[DRAGON_SCALES] -= 1
    fewer = Rules(treasure_counts=tuple(counts))
    last_drawn: list = []
    pick = Chance.pick

    def watched(self, slot, box):
        token = pick(self, slot, box)
        last_drawn.append(token == (DRAGON_SCALES, box[DRAGON_SCALES] - 1))
        return token

    monkeypatch.setattr(Chance, "pick", watched)
    untouched = 0
    for seed in range(200):
        last_drawn.clear()
        baseline = _play(Rules(), seed)
        if any(last_drawn):
            continue
        untouched += 1
        assert _play(fewer, seed) == baseline, f"seed {seed} plays differently without the token"
    assert untouched >= 120


def test_a_bag_without_a_token_keeps_the_others_in_order():
    chance = Chance(random.Random(3))
    full = list(TREASURE_COUNTS)
    fewer = list(full)
    fewer[ELIXIR] -= 1                                  # Elixir copy 2 gone
    more = list(full)
    more[DRAGON_SCALES] += 1                            # a 7th Dragon Scales added
    for slot in range(50):
        order = chance.order(slot, full)
        assert chance.order(slot, fewer) == [t for t in order if t != (ELIXIR, 2)]
        assert [t for t in chance.order(slot, more) if t != (DRAGON_SCALES, 6)] == order
    assert len({tuple(chance.order(slot, full)) for slot in range(50)}) == 50


def test_a_clone_goes_on_alike_and_a_fresh_one_rolls_anew():
    state = new_game(Rules(), 2, random.Random(9), None)
    twin, fresh = state.clone(), state.clone(random.Random(1))
    bold = _strategy("bold")
    assert twin.chance.seeds == state.chance.seeds != fresh.chance.seeds
    while not state.is_over:
        action = bold(state)
        state.apply(action)
        twin.apply(action)
        assert (twin.party, twin.dungeon, twin.box) == (state.party, state.dungeon, state.box)
