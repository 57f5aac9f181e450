"""Adventure Realms' data files: broken copies, each with words its one-line refusal must hold
(among them the 10 cases of the user review: 7 tracebacks, 3 accepted and played wrongly)."""
from simulate.games.adventure_realms import components
from tests.component_cases import case, drop, every_file, huge_value_cases, set_at

VILLAGER = ("cards", 0)          # basic_heroes.json
SELLSWORD = ("cards", 3)         # guild_heroes.json
KING = ("cards", 0)              # kings.json
COIN_PURSE = ("cards", 0)        # adventure_cards.json: an item
FIREBALL = ("cards", 5)          # a magic card
DIPLOMAT = ("cards", 8)          # a quest: power_in_guilds
GOBLINS = ("monsters", 0)
TAVERN, OASIS, FORT = ("spaces", 0), ("spaces", 6), ("spaces", 8)


def _renamed(path: tuple, name: str):
    return set_at(path + ("name",), name)


REVIEW = [
    case("adventure_cards.json", "card not an object", set_at(COIN_PURSE, 5),
         "cards[0]: must be an object {...}, not 5"),
    case("monsters.json", "monster not an object", set_at(GOBLINS, "Goblin"),
         "monsters[0]: must be an object"),
    case("board.json", "space not an object", set_at(TAVERN, []), "spaces[0]: must be an object"),
    case("basic_heroes.json", "reveal a list", set_at(VILLAGER + ("reveal",), ["rp", 2]),
         "cards[0] 'Villager': reveal ['rp', 2] must be an object"),
    case("basic_heroes.json", "reveal a text", set_at(VILLAGER + ("reveal",), "rp 2"),
         "cards[0] 'Villager': reveal 'rp 2' must be an object"),
    case("guild_tracks.json", "guild not an object", set_at(("guilds", "Thieves"), 3),
         "guilds.Thieves 3 must be an object"),
    case("adventure_cards.json", "a card name twice", _renamed(FIREBALL, "Coin Purse"),
         "cards[5] 'Coin Purse': cards[0] has this name too"),
    case("board.json", "a space name twice", _renamed(("spaces", 1), "Tavern"),
         "spaces[1] 'Tavern': spaces[0] has this name too"),
    case("board.json", "fort on another space", set_at(TAVERN + ("gain", "fort"), 1),
         "spaces[0] 'Tavern': gain.fort is the Fort's own choice"),
    case("board.json", "Oasis without rp", set_at(OASIS + ("gain",), {"gold": 1}),
         "spaces[6] 'Oasis': the Oasis needs gain.rp"),
]

CASES = every_file(components.FILES) + huge_value_cases("guild_heroes.json",
                                                        SELLSWORD + ("cost",)) + REVIEW + [
    case("board.json", "the Fort without fort", set_at(FORT + ("gain",), {"gold": 1}),
         "spaces[8] 'Fort': gain.fort is the Fort's own choice"),
    case("kings.json", "a hero name in two files", _renamed(KING, "Villager"),
         "cards[0] 'Villager': another hero card has this name"),
    case("guild_heroes.json", "unknown guild", set_at(SELLSWORD + ("guild",), "Bards"),
         "cards[3] 'Sellsword': guild 'Bards' is unknown; allowed: 'Fighters'"),
    case("guild_heroes.json", "no guild", drop(SELLSWORD + ("guild",)), "missing field 'guild'"),
    case("kings.json", "a king with a guild", set_at(KING + ("guild",), "Fighters"),
         "cards[0] 'King Aldric': field 'guild' is unknown"),
    case("guild_heroes.json", "cost 0", set_at(SELLSWORD + ("cost",), 0), "cost 0 must be at least 1"),
    case("guild_heroes.json", "cost a text", set_at(SELLSWORD + ("cost",), "cheap"),
         "cards[3] 'Sellsword': cost 'cheap' must be an integer"),
    case("basic_heroes.json", "count 0", set_at(VILLAGER + ("count",), 0), "count 0 must be at least 1"),
    case("basic_heroes.json", "no symbols", set_at(VILLAGER + ("symbols",), []),
         "symbols has 0 items"),
    case("kings.json", "unknown symbol", set_at(KING + ("symbols",), ["Crown"]),
         "symbols[0] 'Crown' is unknown"),
    case("basic_heroes.json", "negative reveal", set_at(VILLAGER + ("reveal", "rp"), -2),
         "cards[0] 'Villager': reveal.rp -2 must be at least 0"),
    case("basic_heroes.json", "unknown reveal key", set_at(VILLAGER + ("reveal", "gems"), 1),
         "'Villager': field 'reveal.gems' is unknown here; allowed: 'adventure'"),
    case("guild_heroes.json", "unknown price", set_at(SELLSWORD + ("reveal", "pay"), {"gems": 1}),
         "field 'reveal.pay.gems' is unknown here; allowed: 'food', 'gold' or 'mana'"),
    case("guild_heroes.json", "price a number", set_at(SELLSWORD + ("reveal", "pay"), 2),
         "reveal.pay 2 must be an object"),
    case("guild_heroes.json", "vp as an agent effect", set_at(SELLSWORD + ("agent",), {"vp": 1}),
         "field 'agent.vp' is unknown"),
    case("guild_masters.json", "recruit 21 VP", set_at(("cards", 0, "recruit", "vp"), 21),
         "recruit.vp 21 must be at most 20"),
    case("adventure_cards.json", "unknown type", set_at(COIN_PURSE + ("type",), "potion"),
         "cards[0] 'Coin Purse': type 'potion' is unknown"),
    case("adventure_cards.json", "an item that gives nothing", set_at(COIN_PURSE + ("effect",), {}),
         "cards[0] 'Coin Purse': effect must give something"),
    case("adventure_cards.json", "gold from magic", set_at(FIREBALL + ("effect",), {"gold": 1}),
         "field 'effect.gold' is unknown"),
    case("adventure_cards.json", "a quest without kind", drop(DIPLOMAT + ("quest", "kind")),
         "cards[8] 'Guild Diplomat': missing field 'quest.kind'"),
    case("adventure_cards.json", "a quest without its power", drop(DIPLOMAT + ("quest", "power")),
         "quest: kind 'power_in_guilds' needs power, guilds; power is missing"),
    case("adventure_cards.json", "a quest with an effect", set_at(DIPLOMAT + ("effect",), {"gold": 1}),
         "field 'effect' is unknown"),
    case("adventure_cards.json", "a quest without vp", drop(DIPLOMAT + ("vp",)),
         "missing field 'vp'"),
    case("adventure_cards.json", "count 61", set_at(COIN_PURSE + ("count",), 61),
         "count 61 must be at most 60"),
    case("monsters.json", "level 0", set_at(GOBLINS + ("level",), 0),
         "monsters[0] 'Goblin Raiders': level 0 must be at least 1"),
    case("monsters.json", "5 ranks", set_at(GOBLINS + ("rewards",), [{"vp": 1}] * 5),
         "rewards has 5 items; it needs at most 4"),
    case("monsters.json", "unknown reward", set_at(GOBLINS + ("rewards", 0), {"gems": 1}),
         "field 'rewards[0].gems' is unknown"),
    case("guild_tracks.json", "top 1", set_at(("top",), 1), "top 1 must be at least 2"),
    case("guild_tracks.json", "a level above the top", set_at(("guilds", "Thieves", "7"), {"vp": 1}),
         "guilds.Thieves: level '7' must be 1..6"),
    case("guild_tracks.json", "a level not a number", set_at(("guilds", "Thieves", "x"), {"vp": 1}),
         "level 'x' must be 1..6"),
    case("guild_tracks.json", "a guild missing", drop(("guilds", "Wizards")),
         "missing field 'guilds.Wizards'"),
    case("guild_tracks.json", "a fifth guild", set_at(("guilds", "Bards"), {}),
         "field 'guilds.Bards' is unknown"),
    case("board.json", "unknown region", set_at(TAVERN + ("region",), "Moon"),
         "spaces[0] 'Tavern': region 'Moon' is unknown"),
    case("board.json", "negative cost", set_at(TAVERN + ("cost",), {"gold": -1}),
         "cost.gold -1 must be at least 0"),
    case("board.json", "unknown gain", set_at(TAVERN + ("gain", "teleport"), 1),
         "field 'gain.teleport' is unknown"),
    case("board.json", "a space without a name", drop(TAVERN + ("name",)), "missing field 'name'"),
    case("board.json", "placeholders a text", set_at(("placeholders",), "none"),
         "placeholders 'none' must be a list"),
    case("board.json", "no spaces", set_at(("spaces",), []), "spaces has 0 items"),
]

# checked through `simulate run` too (slower)
THROUGH_CLI = (
    "kings.json: invalid UTF-8", "basic_heroes.json: reveal a list",
    "board.json: a space name twice", "guild_heroes.json: 10 MB value")
