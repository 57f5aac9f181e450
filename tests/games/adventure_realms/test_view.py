"""The view is a read-only snapshot: it holds everything public (every seat's discard pile and
played cards, the adventure discard, the banished cards, the Guild Master stack) and nothing a
look-ahead redraw changes (the other seats' hands and adventure cards, every deck's order)."""
import random

import pytest

from .helpers import start


def _states(n: int, seed: int, every: int = 7):
    """States along a random game: a snapshot every ``every`` decisions."""
    s, rng, step = start(n, seed), random.Random(seed), 0
    while not s.is_over:
        if step % every == 0:
            yield s
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])
        step += 1


def test_the_view_is_read_only_and_shows_only_what_the_seat_may_see():
    s = start(3)
    view = s.view(1)
    assert isinstance(view, tuple)
    with pytest.raises(AttributeError):
        view.hand = ()
    for name, value in view._asdict().items():
        assert not isinstance(value, (list, dict, set)), name
    assert list(view.hand) == s.hand[1] and view.deck_size == len(s.deck[1])
    assert view.hand_sizes == (5, 5, 5)
    names = set(view._fields)
    assert not names & {"deck", "rng", "hero_deck", "adventure_deck", "monsters"}




@pytest.mark.parametrize("n", [2, 4])
def test_the_view_holds_every_public_pile(n):
    seen = {"discard": False, "played": False, "adventure_discard": False, "box": False}
    states = (s for seed in (n, n + 10, n + 20) for s in _states(n, seed=seed))
    for s in states:
        for seat in range(n):
            v = s.view(seat)
            assert v.discard_piles == tuple(map(tuple, s.discard))
            assert v.played_piles == tuple(map(tuple, s.played))
            assert v.discard == v.discard_piles[seat] and v.played == v.played_piles[seat]
            assert v.adventure_discard == tuple(s.adventure_discard)
            assert v.box == tuple(s.box) and v.masters == tuple(s.masters)
            assert v.master_top == (s.masters[-1] if s.masters else -1)
        seen["discard"] |= any(s.discard[1:])
        seen["played"] |= any(s.played[1:])
        seen["adventure_discard"] |= bool(s.adventure_discard)
        seen["box"] |= bool(s.box)
    assert all(seen.values()), seen        # the game reached every pile, so the test can fail


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_redraw_of_what_the_seat_cannot_see_leaves_its_view_unchanged(n):
    """No hidden information leaks: whatever determinize redraws (the others' hands and
    adventure cards, every deck's order) is not in the view, so the redrawn copy looks the same."""
    rng, redrawn = random.Random(n), 0
    for s in _states(n, seed=10 + n, every=5):
        for seat in range(n):
            twin = s.determinize(seat, rng)
            assert twin.view(seat) == s.view(seat)
            redrawn += any(twin.hand[o] != s.hand[o] for o in range(n) if o != seat)
    assert redrawn, "the redraws changed no hand: this test could not fail"
