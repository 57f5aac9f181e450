"""Risky Adventure's sources of chance, each its own seeded stream (``simulate/games/chance.py``),
so that a variant, a removed or granted card or an edited value disturbs only what it touches.

The purposes (``Streams.get``; the kernel's rows of its streams array, kernel_turns.py):
the artifacts (one shuffle seed keys both piles, A and B), the equipment deck, the treasure map
deck, the expedition tokens, and each seat's dice. Every pile is shuffled on keys of its cards'
identities (``components.Identities``: from their ids, copies named ``X #2``...;
``chance.keyed_order``), so a pile without a card is the same pile with that card skipped.
"""
ARTIFACTS, EQUIPMENT, MAPS, EXPEDITIONS = range(4)
DICE = 4                            # + seat: each seat's own dice
PURPOSES = DICE + 4                 # up to 4 seats
