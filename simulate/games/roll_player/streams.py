"""Roll Player's sources of chance, each its own seeded stream (simulate/games/chance.py), so a
variant, a removed Market card or an edited value disturbs only what it touches (RULES.md,
"Random streams"). The kernel's streams array has one row per stream purpose below STREAMS.
"""
from __future__ import annotations

MARKET = 0          # the Market deck: the two set-up piles' shuffle seeds, then each reshuffle's
CLASS_DICE = 1      # the dice drawn from the bag to deal the classes (redrawn until one fits)
ROUND_DICE = 2      # each Roll Phase's dice: drawn from the bag, then rolled (two draws a die)
SOLO_DIE = 3        # the solo game's trash die
SEAT_DICE = 4       # + seat: its starting dice (drawn, then rolled), Intelligence rerolls, Climb
STREAMS = SEAT_DICE + 4          # the purposes with a stream (the kernel's rows)
# One shuffle each at set-up: its seed is the purpose's stream seed itself (chance.stream_seed).
RACES = STREAMS
BACKSTORIES = STREAMS + 1
ALIGNMENTS = STREAMS + 2
