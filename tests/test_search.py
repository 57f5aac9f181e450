"""The generic ``search`` strategy: legal, deterministic, blind to hidden information, and at
least as strong as the heuristic it plays out with (small budgets and small game counts; the
bigger evidence is in docs/strategies.md, bench/README.md and configs/skill_*.toml)."""
import random
from functools import partial

import pytest
from scipy import stats

from simulate.games import get_game
from simulate.games.base import ConfigError
from simulate.games.roll_for_adventure.enemies import SHADOW_MASTER, shadow_master_places
from simulate.play import play_game
from strategies import build_strategy

GAMES = ("dungeon_roll", "roll_for_adventure", "roll_player")


def search(game, simulations=6, switch_z=1.5):
    return build_strategy(game, {"name": "search", "simulations": simulations,
                                 "switch_z": switch_z})


def positions(game, players, count, seed=3, keep=lambda state: True, spread=False):
    """Mid-game states with a real choice (and ``keep``), reached by the default heuristic."""
    spec = get_game(game)
    policy = build_strategy(game, spec.default_strategy)
    policy.rng = random.Random(seed)
    found = []
    for g in range(count * 8):
        state = spec.new_game(spec.rules_class(), players, random.Random(seed + g), None)
        for step in range(5 + (13 * g) % 70 if spread else 10 + 9 * g):
            if state.is_over:
                break
            actions = state.legal_actions()
            seat = state.current_seat
            state.apply(actions[0] if len(actions) == 1 else policy.choose(state.view(seat),
                                                                           actions))
        if not state.is_over and len(state.legal_actions()) > 1 and keep(state):
            found.append(state)
        if len(found) == count:
            return found
    raise AssertionError("too few positions")


def decide(strategy, game, players, state, seed, sampler=None):
    seat = state.current_seat
    strategy.start_game(get_game(game), players)
    strategy.rng = random.Random(seed)
    strategy.seat = seat
    strategy.sample = sampler or partial(state.determinize, seat)
    return strategy.choose(state.view(seat), state.legal_actions())


def scrambled(state):
    """A copy in which everything the deciding seat cannot see is changed: the order of the
    hidden deck, other seats' hidden tokens, and the game's future dice."""
    twin = state.clone(random.Random(99))
    mix = random.Random(7)
    if hasattr(twin, "t"):                 # Roll Player: the dots on the backs are public
        dots = [twin.t.comp.cards[c].dots for c in twin.deck]
        piles = {d: [c for c in twin.deck if twin.t.comp.cards[c].dots == d] for d in set(dots)}
        for pile in piles.values():
            mix.shuffle(pile)
        twin.deck = [piles[d].pop() for d in dots]
    elif hasattr(twin, "deck"):
        mix.shuffle(twin.deck)             # any order, even one the set-up could not make
    if hasattr(twin, "hands"):             # Dungeon Roll: swap tokens between box and others
        for other in range(twin.n_players):
            if other != state.current_seat:
                hand = twin.hands[other]
                for kind in range(len(hand)):
                    for k2 in range(len(hand)):
                        if hand[kind] and twin.box[k2] and kind != k2:
                            hand[kind] -= 1
                            twin.box[kind] += 1
                            twin.box[k2] -= 1
                            hand[k2] += 1
                            break
    return twin


def hidden_differs(state, twin):
    if hasattr(state, "hands"):
        return any(a != b for s, (a, b) in enumerate(zip(state.hands, twin.hands))
                   if s != state.current_seat)
    return state.deck != twin.deck


@pytest.mark.parametrize("game,players", [("roll_for_adventure", 2), ("roll_player", 2),
                                          ("dungeon_roll", 2)])
def test_search_never_reads_hidden_information(game, players):
    """Same decisions whatever the hidden order or future dice; a peeking sampler (a plain copy
    of the true state) does change them, so the test can fail."""
    strategy = search(game, simulations=8, switch_z=0.0)    # sensitive: any gain switches
    peeks = 0
    for state in positions(game, players, 3, keep=lambda s: hidden_differs(s, scrambled(s)),
                           spread=True):       # mid-game positions too, where peeking pays
        twin = scrambled(state)
        for seed in range(3):
            assert (decide(strategy, game, players, state, seed)
                    == decide(strategy, game, players, twin, seed))
        # Dungeon Roll draws treasures by keyed order: a scrambled box changes fewer look-aheads
        for seed in range(12 if game == "dungeon_roll" else 3):
            honest, cheat = state.clone, twin.clone
            peeks += (decide(strategy, game, players, state, seed, honest)
                      != decide(strategy, game, players, twin, seed, cheat))
    assert peeks > 0, "scrambling hidden parts never mattered: the test has no power"


@pytest.mark.parametrize("game", GAMES)
def test_determinize_keeps_what_is_known(game):
    for state in positions(game, 2, 2):
        twin = state.determinize(state.current_seat, random.Random(1))
        twin.assert_invariants()
        assert twin.rng is not state.rng and twin.events is None
        assert twin.view(state.current_seat) is not state.view(state.current_seat)
        if hasattr(state, "deck"):
            assert sorted(twin.deck) == sorted(state.deck)
        state.assert_invariants()


def test_shadow_master_redrawn_inside_his_stack():
    spec = get_game("roll_for_adventure")
    state = positions("roll_for_adventure", 2, 1)[0]
    first, last = shadow_master_places(state.k.rules, len(state.deck))
    seen = set()
    for seed in range(60):
        deck = state.determinize(0, random.Random(seed)).deck
        if SHADOW_MASTER in deck:
            seen.add(len(deck) - 1 - deck.index(SHADOW_MASTER))
    assert seen and min(seen) >= first and max(seen) <= last and len(seen) > 1
    assert spec.cooperative


@pytest.mark.parametrize("game,players", [("dungeon_roll", 2), ("roll_for_adventure", 2),
                                          ("roll_player", 2)])
def test_search_legal_and_deterministic(game, players):
    """play_game checks every choice is legal and the invariants hold after every action."""
    spec = get_game(game)
    seats = [search(game, 3)] + [build_strategy(game, "random") for _ in range(players - 1)]
    first = play_game(spec, spec.rules_class(), seats, 5, check=True)[1]
    again = play_game(spec, spec.rules_class(), seats, 5)[1]
    assert first.scores == again.scores and first.metrics == again.metrics


def test_search_needs_determinize():
    spec = get_game("dungeon_roll")

    class Blind:
        pass

    def new_game(rules, n, rng, heroes):
        spec.new_game(rules, n, rng, heroes)
        blind = Blind()
        blind.__dict__.update(is_over=False)
        return blind

    from dataclasses import replace
    with pytest.raises(ConfigError, match="determinize"):
        play_game(replace(spec, new_game=new_game), spec.rules_class(), [search("dungeon_roll")],
                  1)


def paired_scores(game, players, strategy, games, seed=0):
    """Seat 0's score (co-op: the team's) per seed: ``strategy`` at seat 0, the default
    heuristic at the other seats."""
    spec = get_game(game)
    out = []
    for g in range(games):
        seats = [build_strategy(game, strategy)] + [
            build_strategy(game, spec.default_strategy) for _ in range(players - 1)]
        out.append(play_game(spec, spec.rules_class(), seats, seed + g)[1].scores[0])
    return out


def lower_bound(diff):
    """One-sided 95 % lower bound of the mean of paired differences."""
    mean = sum(diff) / len(diff)
    return mean - stats.t.ppf(0.95, len(diff) - 1) * stats.tstd(diff) / len(diff) ** 0.5


@pytest.mark.parametrize("game,players,games", [("dungeon_roll", 1, 10),
                                                ("roll_for_adventure", 2, 10),
                                                ("roll_player", 1, 4)])
def test_search_beats_random(game, players, games):
    """Whole games on the same seeds, budget 4: one-sided paired t, p < 0.01."""
    searched = paired_scores(game, players, {"name": "search", "simulations": 4}, games)
    rand = paired_scores(game, players, "random", games)
    assert stats.ttest_rel(searched, rand, alternative="greater").pvalue < 0.01


def test_search_matches_the_heuristic_over_games():
    """Dungeon Roll solo, 16 paired games at budget 4: the 95 % lower bound of the XP gain over
    the default heuristic is above -3 XP (about a tenth of a game's score)."""
    searched = paired_scores("dungeon_roll", 1, {"name": "search", "simulations": 4}, 16)
    heur = paired_scores("dungeon_roll", 1, "risk_aware", 16)
    assert lower_bound([s - h for s, h in zip(searched, heur)]) > -3.0


@pytest.mark.parametrize("game,players", [("roll_for_adventure", 2), ("roll_player", 2)])
def test_search_choices_are_not_worse_than_the_heuristic(game, players):
    """Decision by decision (whole games are too slow for CI here): at positions the heuristic
    reaches (48), the action search picks (budget 16) is worth at least the heuristic's own choice,
    judged by 12 fresh look-ahead games per position that the search never saw (same worlds for
    both actions). 95 % lower bound of the mean gain above -0.05 (value: 1 per win plus a
    quarter of the score's share of its range).

    The search is made eager to depart (switch_z 0.5, the default is 1.5): at the default it
    keeps the tuned heuristic's choice almost everywhere (Roll Player: 3 departures in 120
    positions), which would leave nothing to judge. An eager search that is not worse where it
    departs (about half the positions) is the stronger check of its look-ahead."""
    spec = get_game(game)
    strategy, judge = search(game, 16, switch_z=0.5), search(game, 16)
    heuristic = build_strategy(game, spec.default_strategy)
    gains, changed = [], 0
    for n, state in enumerate(positions(game, players, 48, seed=40, spread=True)):
        seat = state.current_seat
        picked = decide(strategy, game, players, state, n)
        heuristic.rng = random.Random(n)
        default = heuristic.choose(state.view(seat), state.legal_actions())
        if picked == default:
            gains.append(0.0)
            continue
        changed += 1
        judge.start_game(spec, players)
        judge.seat, judge.sample = seat, partial(state.determinize, seat)
        worlds = [10_000 + 97 * n + w for w in range(12)]
        gains.append(sum(judge._play_out(picked, seat, w) - judge._play_out(default, seat, w)
                         for w in worlds) / len(worlds))
    assert changed, "search never departed from the heuristic: nothing was tested"
    assert lower_bound(gains) > -0.05, (game, gains)
