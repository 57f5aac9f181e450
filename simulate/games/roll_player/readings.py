"""Roll Player's rulings of ours, each a passage of RULES.md word for word: the report lists
those a run depends on (tests/test_readings.py)."""
from simulate.games.base import Reading

READINGS = (
    Reading("Granted cards", "Our ruling of a seat starting with a Market card: the seat owns it "
            "from set-up, as if bought for free before the first round", "grant"),
    Reading("Granted at its price", "the card's printed cost comes off the seat's starting Gold "
            "(`starting_gold`, 5/5/6/7 by seat) when it is dealt, as if the seat had bought it "
            "with that Gold before the first round", "paid"),
)
