"""Roll for Adventure's rulings of ours, each a passage of RULES.md word for word: the report
lists those a run depends on (tests/test_readings.py)."""
from simulate.games.base import Reading

READINGS = (
    Reading("Placing dice", "the dice of one placement must fit the spaces free when they are put "
            "down (ruling of ours: no pouring into a just-emptied section)."),
    Reading("Placing dice", "With several dice of the chosen value, the engine places bonus dice "
            "first, then ally dice, then own dice (ruling of ours; a bonus die is used once "
            "anyway)."),
    Reading("Ice cave claim", "each player who placed a hero or ally die there gets one bonus die "
            "(bonus dice in the cave do not qualify anyone — our ruling)"),
    Reading("Attacks", "When a choice of die exists the engine takes the one placed last (ruling "
            "of ours; all such dice show the same value)."),
)
