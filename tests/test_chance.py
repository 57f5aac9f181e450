"""The streams and the keyed shuffle: the compiled twins give the same numbers, and a deck without
a card is the same deck with that card skipped."""
from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from simulate.games import chance
from simulate.kernels import chance as kchance
from simulate.kernels.cpython_random import mt_random, mt_seed, new_mt

NAMES = ["Sword", "Shield", "Bow", "Potion", "Map", "Lantern", "Rope", "Coin Purse"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**63 - 1), st.integers(0, 7), st.lists(st.sampled_from(NAMES), max_size=30))
def test_compiled_twins_match(seed, purpose, names):
    streams = chance.Streams(random.Random(seed))
    mt = new_mt()
    mt_seed(mt, seed)
    base = np.uint64(kchance.streams_base(mt))   # from Python, a uint64 stays one
    assert int(base) == streams.base
    assert int(kchance.stream_seed(base, purpose)) == chance.stream_seed(streams.base, purpose)
    rows = np.zeros((8, 625), dtype=np.uint32)
    kchance.seed_stream(rows, base, purpose)
    py = streams.get(purpose)
    assert [mt_random(rows[purpose]) for _ in range(5)] == [py.random() for _ in range(5)]
    shuffle = chance.shuffle_seed(py)
    assert int(kchance.shuffle_seed(rows[purpose])) == shuffle
    ids = chance.card_ids(names)
    order = kchance.keyed_order(np.uint64(shuffle), np.array(ids, dtype=np.uint64))
    assert list(order) == chance.keyed_order(shuffle, ids)


def test_a_removed_card_is_skipped_and_the_rest_keep_their_order():
    deck = NAMES * 3
    ids = chance.card_ids(deck)
    full = [deck[i] for i in chance.keyed_order(99, ids)]
    without = [n for n in deck if n != "Map"]
    short = [without[i] for i in chance.keyed_order(99, chance.card_ids(without))]
    assert short == [n for n in full if n != "Map"]
    assert full != deck    # it did shuffle


def test_streams_are_independent_and_clone_goes_on_alike():
    streams = chance.Streams(random.Random(5))
    dice = streams.get(1)
    first = [dice.random() for _ in range(3)]
    other = chance.Streams(random.Random(5))
    other.get(2).random()            # another purpose drawing does not move purpose 1
    assert [other.get(1).random() for _ in range(3)] == first
    twin = streams.clone()
    assert [twin.get(1).random() for _ in range(4)] == [streams.get(1).random() for _ in range(4)]
