"""Risky Adventure's rulings of ours, each a passage of RULES.md word for word: the report lists
those a run depends on (tests/test_readings.py)."""
from simulate.games.base import Reading

READINGS = (
    Reading("Granted cards", "the card is the seat's from set-up, taken out of the shuffled "
            "equipment deck before the camp is dealt", "grant"),
    Reading("Granted at its price", "Our ruling: the seat pays one clock per symbol of the cost at "
            "set-up", "paid"),
)
