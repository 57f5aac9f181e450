"""Risky Adventure's data files: broken copies, each with words its one-line refusal must hold
(the review's case: a file that is not UTF-8 was a UnicodeDecodeError traceback)."""
from tests.component_cases import case, drop, every_file, huge_value_cases, set_at

FILES = ("artifacts.json", "expeditions.json", "equipment.json", "treasure_maps.json")
A1 = ("artifacts", 0)
JUNGLE = ("expeditions", 0)
SPOT = JUNGLE + ("spots", 1)              # a fame spot (fame 1)
SCARAB = ("cards", 0)
DISCOUNT_A, DISCOUNT_B = ("cards", 9), ("cards", 15)
BONUS_A, BONUS_B = ("cards", 21), ("cards", 28)
GG = ("maps", 0)

CASES = every_file(FILES) + huge_value_cases("artifacts.json", A1 + ("cost",)) + [
    case("artifacts.json", "not UTF-8 in a name", b'{"artifacts": [{"id": "\xc3\x28"}]}',
         "is not UTF-8 text (bad byte at offset 23)"),
    case("artifacts.json", "artifact not an object", set_at(A1, "A1"), "artifacts[0]: must be an object"),
    case("artifacts.json", "no fame", drop(A1 + ("fame",)), "artifacts[0] 'A1': missing field 'fame'"),
    case("artifacts.json", "unknown symbol", set_at(A1 + ("cost",), "FFX"),
         "cost 'FFX' has unknown symbol 'X'"),
    case("artifacts.json", "empty cost", set_at(A1 + ("cost",), ""), "cost must be 1..6 symbols"),
    case("artifacts.json", "7 symbols", set_at(A1 + ("cost",), "FFFFFFF"), "cost must be 1..6 symbols"),
    case("artifacts.json", "cost a list", set_at(A1 + ("cost",), ["F", "F"]), "cost ['F', 'F'] must be a text"),
    case("artifacts.json", "negative fame", set_at(A1 + ("fame",), -1), "fame -1 must be at least 0"),
    case("artifacts.json", "fame a text", set_at(A1 + ("fame",), "3"), "fame '3' must be an integer"),
    case("artifacts.json", "clock a text", set_at(A1 + ("clock",), "yes"), "clock 'yes' must be true or false"),
    case("artifacts.json", "clock 1", set_at(A1 + ("clock",), 1), "clock 1 must be true or false"),
    case("artifacts.json", "back C", set_at(A1 + ("back",), "C"), "back 'C' is unknown; allowed: 'A' or 'B'"),
    case("artifacts.json", "unknown type", set_at(A1 + ("type",), "crown"), "type 'crown' is unknown"),
    case("artifacts.json", "an id twice", set_at(("artifacts", 1, "id"), "A1"),
         "artifacts[1] 'A1': artifact ids must be unique"),
    case("artifacts.json", "unknown field", set_at(A1 + ("colour",), "red"), "field 'colour' is unknown"),
    case("artifacts.json", "no artifacts", set_at(("artifacts",), []), "artifacts has 0 items"),
    case("expeditions.json", "one spot", set_at(JUNGLE + ("spots",), [{"symbol": "F", "reward": "clock"}]),
         "expeditions[0] 'jungle': spots has 1 item; it needs at least 2"),
    case("expeditions.json", "unknown spot symbol", set_at(SPOT + ("symbol",), "X"),
         "spots[1].symbol 'X' is unknown"),
    case("expeditions.json", "unknown reward", set_at(SPOT + ("reward",), "gold"),
         "spots[1].reward 'gold' is unknown"),
    case("expeditions.json", "a fame spot without fame", drop(SPOT + ("fame",)),
         "spots[1]: a fame spot needs fame 1..30"),
    case("expeditions.json", "fame on a clock spot", set_at(JUNGLE + ("spots", 0, "fame"), 2),
         "only a fame spot has fame"),
    case("expeditions.json", "fame 0 on a fame spot", set_at(SPOT + ("fame",), 0),
         "spots[1].fame 0 must be at least 1"),
    case("expeditions.json", "spots of unequal length", lambda d: d["expeditions"][1]["spots"].pop(),
         "every expedition needs the same number of spots"),
    case("expeditions.json", "a name twice", set_at(("expeditions", 1, "name"), "jungle"),
         "expeditions[1] 'jungle': expedition names must be unique"),
    case("expeditions.json", "one expedition", lambda d: d.update(expeditions=d["expeditions"][:1]),
         "expeditions has 1 item; it needs at least 2"),
    case("expeditions.json", "spot not an object", set_at(SPOT, "F"), "spots[1] 'F' must be an object"),
    case("equipment.json", "unknown kind", set_at(DISCOUNT_A + ("kind",), "discount_c"),
         "cards[9] 'discount_a_jungle_2': kind 'discount_c' is unknown"),
    case("equipment.json", "no kind", drop(SCARAB + ("kind",)), "cards[0] 'scarab_top_1': missing field 'kind'"),
    case("equipment.json", "shows one symbol twice", set_at(DISCOUNT_A + ("shows",), "FF"),
         "shows 'FF' must be two different symbols"),
    case("equipment.json", "gives two symbols", set_at(DISCOUNT_B + ("gives",), "FM"),
         "gives 'FM' must be one symbol"),
    case("equipment.json", "one excavation twice", set_at(BONUS_B + ("excavations",), ["sea", "sea"]),
         "excavations must name two different ones"),
    case("equipment.json", "three excavations",
         set_at(BONUS_B + ("excavations",), ["sea", "jungle", "desert"]), "excavations has 3 items"),
    case("equipment.json", "unknown trigger", set_at(BONUS_A + ("trigger",), "clock"),
         "trigger 'clock' is unknown; allowed: 'fame' or 'map_wild'"),
    case("equipment.json", "unknown excavation", set_at(DISCOUNT_A + ("excavation",), "moon"),
         "excavation 'moon' is unknown"),
    case("equipment.json", "no activation", drop(DISCOUNT_B + ("activation",)),
         "missing field 'activation'"),
    case("equipment.json", "a scarab with an activation", set_at(SCARAB + ("activation",), "gem"),
         "field 'activation' is unknown"),
    case("equipment.json", "an id twice", set_at(("cards", 1, "id"), "scarab_top_1"),
         "cards[1] 'scarab_top_1': card ids must be unique"),
    case("equipment.json", "no cost", drop(SCARAB + ("cost",)), "missing field 'cost'"),
    case("treasure_maps.json", "unknown letter", set_at(GG + ("needs",), "GX"),
         "maps[0] 'GG': needs 'GX' must be 1..8 letters"),
    case("treasure_maps.json", "needs nothing", set_at(GG + ("needs",), ""), "needs '' must be 1..8"),
    case("treasure_maps.json", "fame 51", set_at(GG + ("fame",), 51), "fame 51 must be at most 50"),
    case("treasure_maps.json", "no id", drop(GG + ("id",)), "maps[0]: missing field 'id'"),
    case("treasure_maps.json", "an id twice", set_at(("maps", 1, "id"), "GG"),
         "maps[1] 'GG': map ids must be unique"),
    case("treasure_maps.json", "placeholder a list", set_at(("placeholder",), ["x"]),
         "placeholder ['x'] must be a text"),
]

# checked through `simulate run` too (slower)
THROUGH_CLI = (
    "artifacts.json: not UTF-8 in a name", "equipment.json: invalid UTF-8",
    "expeditions.json: spots of unequal length", "artifacts.json: 10 MB value")
