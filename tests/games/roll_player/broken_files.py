"""Roll Player's data files: broken copies, each with words its one-line refusal must hold."""
from tests.component_cases import Whole, case, drop, every_file, huge_value_cases, set_at

FILES = ("classes.json", "races.json", "backstories.json", "alignments.json", "market.json")
ELF = ("races", "Elf")
CLERIC = ("classes", "Cleric")
SWORD = ("cards", 0)             # Longsword, a weapon
HELM = ("cards", 8)              # Chain Helm, armour
PICKPOCKET = ("cards", 20)       # a skill
WEAK = ("cards", 33)             # a trait: attribute_at_most STR 14

CASES = every_file(FILES) + huge_value_cases("races.json", ELF + ("DEX",)) + [
    # races.json (the review's ~60-line traceback)
    case("races.json", "race not an object", set_at(ELF, 3), "races 'Elf': must be an object"),
    case("races.json", "modifier a text", set_at(ELF + ("DEX",), "2"),
         "races 'Elf': DEX '2' must be an integer"),
    case("races.json", "modifier true", set_at(ELF + ("DEX",), True), "DEX True must be an integer"),
    case("races.json", "modifier 2.0", set_at(ELF + ("DEX",), 2.0), "DEX 2.0 must be an integer"),
    case("races.json", "modifier 7", set_at(ELF + ("DEX",), 7), "DEX 7 must be at most 6"),
    case("races.json", "unknown attribute", set_at(ELF + ("LUCK",), 1),
         "races 'Elf': field 'LUCK' is unknown here; allowed: 'STR'"),
    case("races.json", "no races", drop(("races",)), "missing field 'races'"),
    case("races.json", "races empty", set_at(("races",), {}), "races has 0 items"),
    case("races.json", "unknown top-level key", set_at(("race",), {}), "field 'race' is unknown"),
    case("races.json", "one race twice", b'{"races": {"Elf": {}, "Elf": {"STR": 1}}}',
         "key 'Elf' appears twice"),
    case("races.json", "NaN", b'{"races": {"Elf": {"STR": NaN}}}', "NaN is no number"),
    # classes.json
    case("classes.json", "unknown colour", set_at(CLERIC + ("colour",), "pink"),
         "classes 'Cleric': colour 'pink' is unknown"),
    case("classes.json", "5 goals", set_at(CLERIC + ("goals",), ["14+"] * 5), "goals has 5 items"),
    case("classes.json", "goal not N-M", set_at(CLERIC + ("goals", 0), "abc"),
         "classes 'Cleric': goal 'abc' is not N, N-M or N+"),
    case("classes.json", "goal reversed", set_at(CLERIC + ("goals", 0), "16-14"),
         "goal '16-14' must have 1 <= low <= high"),
    case("classes.json", "goal without stars", set_at(CLERIC + ("goals", 0), "19"),
         "goal '19' has no star value"),
    case("classes.json", "goal a number", set_at(CLERIC + ("goals", 0), 17),
         "goals[0] 17 must be a text"),
    case("classes.json", "attributes reordered",
         set_at(("attributes",), ["DEX", "STR", "CON", "INT", "WIS", "CHA"]), "attributes must be"),
    case("classes.json", "negative goal stars", set_at(("goal_stars", "18"), -1),
         "goal_stars.18 -1 must be at least 0"),
    case("classes.json", "a colour without a class",
         lambda d: [d["classes"][c].update(colour="white") for c in ("Rogue", "Thief")],
         "every class colour needs a class"),
    case("classes.json", "unknown class field", set_at(CLERIC + ("ability",), "heal"),
         "classes 'Cleric': field 'ability' is unknown"),
    # backstories.json
    case("backstories.json", "unknown cell colour", set_at(("backstories", "Savage", 0), "pink@1"),
         "backstories 'Savage': [0] 'pink@1' must be colour@1..3"),
    case("backstories.json", "space 4", set_at(("backstories", "Savage", 0), "white@4"),
         "'white@4' must be colour@1..3"),
    case("backstories.json", "5 cells", set_at(("backstories", "Savage"), ["white@1"] * 5),
         "has 5 items; it needs at least 6"),
    case("backstories.json", "3 backstories",
         lambda d: d.update(backstories=dict(list(d["backstories"].items())[:3])),
         "backstories has 3 items; it needs at least 4"),
    # alignments.json
    case("alignments.json", "2 rows", set_at(("alignments", "Arbiter"), [[0, 0, 0]] * 2),
         "alignments 'Arbiter': has 2 items; it needs at least 3"),
    case("alignments.json", "11 stars", set_at(("alignments", "Arbiter", 0, 0), 11),
         "[0][0] 11 must be at most 10"),
    case("alignments.json", "row not a list", set_at(("alignments", "Arbiter", 1), 3),
         "[1] 3 must be a list"),
    # market.json
    case("market.json", "card not an object", set_at(SWORD, 5), "cards[0]: "),
    case("market.json", "unknown card type", set_at(SWORD + ("type",), "potion"),
         "cards[0] 'Longsword': type 'potion' is unknown"),
    case("market.json", "no card type", drop(SWORD + ("type",)), "missing field 'type'"),
    case("market.json", "3 hands", set_at(SWORD + ("hands",), 3), "'Longsword': hands 3 is unknown"),
    case("market.json", "negative cost", set_at(SWORD + ("cost",), -1), "cost -1 must be at least 0"),
    case("market.json", "cost a text", set_at(SWORD + ("cost",), "4"), "cost '4' must be an integer"),
    case("market.json", "3 dots", set_at(HELM + ("dots",), 3), "'Chain Helm': dots 3 is unknown"),
    case("market.json", "a card name twice", set_at(HELM + ("name",), "Longsword"),
         "cards[8] 'Longsword': the name is used twice"),
    case("market.json", "unknown armour set", set_at(HELM + ("set",), "Iron"),
         "cards[8] 'Chain Helm': set 'Iron' is unknown"),
    case("market.json", "armour counts with a gap", set_at(("armor_sets", "Chain"), {"1": 1, "3": 4}),
         "armor_sets 'Chain': counts must be"),
    case("market.json", "gold on armour", set_at(HELM + ("colours",), ["gold"]),
         "colours[0] 'gold' is unknown"),
    case("market.json", "condition without its value", drop(WEAK + ("condition", "value")),
         "'Weak': condition: kind 'attribute_at_most' needs attribute, value; value is missing"),
    case("market.json", "condition with an unused argument",
         set_at(WEAK + ("condition",), {"kind": "always", "row": "good"}),
         "row is not one of them"),
    case("market.json", "unknown condition", set_at(WEAK + ("condition", "kind"), "lucky"),
         "condition.kind 'lucky' is unknown"),
    case("market.json", "negative skill amount", set_at(PICKPOCKET + ("effect", "amount"), -1),
         "'Pickpocket': effect.amount -1 must be at least 0"),
    case("market.json", "stars on a skill", set_at(PICKPOCKET + ("stars",), 2),
         "field 'stars' is unknown"),
    case("market.json", "on_buy raises an unknown row", set_at(SWORD + ("on_buy", "row"), "LUCK"),
         "on_buy.row 'LUCK' is unknown"),
    case("market.json", "empty name", set_at(SWORD + ("name",), ""), "name has 0 characters"),
    case("market.json", "no cards", set_at(("cards",), []), "cards has 0 items"),
    case("market.json", "modifier 9", set_at(SWORD + ("modifiers", "STR"), 9),
         "modifiers.STR 9 must be at most 6"),
    case("market.json", "placeholders a text", set_at(("placeholders",), "costs"),
         "placeholders 'costs' must be a list"),
    case("market.json", "whole file an object of nothing", Whole({}), "missing field"),
]

# checked through `simulate run` too (slower)
THROUGH_CLI = (
    "races.json: invalid UTF-8", "races.json: race not an object",
    "races.json: 10 MB value", "market.json: unknown armour set")
