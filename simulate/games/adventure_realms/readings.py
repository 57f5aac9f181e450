"""Adventure Realms' readings and simplifications of ours, each a passage of RULES.md word for
word: the report lists those a run depends on (tests/test_readings.py)."""
from simulate.games.base import Reading

READINGS = (
    Reading("Banish", "banished cards go to the box"),
    Reading("Tracks", "a track level reached again after a drop pays back only its VP "
            "(`track_rewards_again = \"vp\"`", "track_rewards_again=vp"),
    Reading("Capped supply", "Simplification under `token_supply = \"capped\"`: the free gains "
            "still come first, so when the supply is short, paying a price first (returning "
            "tokens to it) and then gaining could leave the player more; the engine does not "
            "offer that order.", "token_supply=capped"),
    Reading("What a seat sees", "Public (our reading): discard piles, as every card reaches them "
            "face up (played, revealed at the Reveal, discarded to Bastion), so a player's hand "
            "and draw pile together are known and only their split is redrawn."),
    Reading("Granted cards", "The rulebook has no \"start with a card\" rule, so this is our "
            "ruling of what a seat starting with a card means", "grant"),
)
