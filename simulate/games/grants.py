"""A card granted to one seat at set-up: what a card is worth to the seat that has it.

A grant is ``(file, entry, seat)`` or ``(file, entry, seat, paid)``, e.g.
``("adventure_cards.json", "Coin Purse", 1)``: that seat starts the game with one copy of the
entry, taken from wherever the game would otherwise keep it
(a shuffled deck, a supply), so no card is added to the game. What "starts with it" means is the
game's ruling (its RULES.md, "Granted cards"); a game that grants lists the files whose entries
it can grant in ``GameSpec.grants`` and takes ``new_game(rules, n, rng, heroes, grant=...)``.

A grant changes the set-up only: it draws nothing from the game's dice (``side_stream`` is a copy
of them, for where a granted card goes in a shuffled deck), so a granted game and the baseline
game of the same seed deal the same cards but the granted one, and their difference is the card.
In a config a variant says ``grant = { card = "adventure_cards:Coin Purse", seat = 1 }``; the
variant's identity (the manifest's fingerprint) holds it, so a resume with another grant is refused.

A *paid* grant (``pay = true``, the tuple's 4th place, False when absent) gives the seat the card at
its price: the seat pays the card's cost at set-up out of what it starts with, so a card's price
moves its paid grant's value (what a neutral price is tuned on). How a game takes the price and
what it does when the seat cannot pay it all is its ruling (RULES.md, "Granted cards"); a game
lists the files it can grant paid in ``GameSpec.paid_grants``. A free grant's tuple keeps its three
places, so the fingerprints and manifests written before paid grants stay valid.
"""
from __future__ import annotations

import random
from typing import Any

from simulate.games.base import ConfigError, did_you_mean
from simulate.games.component_edits import few

Grant = tuple      # (file, entry, seat) or (file, entry, seat, paid)
KEYS = ("card", "seat")
OPTIONAL = ("pay",)


def parse_grant(value: Any, spec: Any, seats: int, where: str) -> Grant:
    """``{card = "deck:Entry", seat = N}`` -> ``(file, entry, seat)`` (with ``pay = true``:
    ``(file, entry, seat, True)``); the entry itself is checked when the game is set up with it
    (``Changes.checked``)."""
    example = f'grant = {{ card = "{(spec.grants or ("deck",))[0]}:Entry", seat = 0 }}'
    if not spec.grants:
        raise ConfigError(f"{where}: grant: {spec.name} cannot grant a card yet (the games that "
                          f"can: {', '.join(grant_games())})")
    if not isinstance(value, dict) or not set(KEYS) <= set(value) <= set(KEYS + OPTIONAL):
        known = KEYS + OPTIONAL
        unknown = [k for k in value if k not in known] if isinstance(value, dict) else []
        hint = f" (unknown key '{unknown[0]}'{did_you_mean(unknown[0], known)})" if unknown else ""
        raise ConfigError(f"{where}: grant = {value!r} is invalid{hint}; write {example}")
    card, seat = value["card"], value["seat"]
    if not isinstance(card, str) or ":" not in card:
        raise ConfigError(f"{where}: grant card = {card!r} is invalid; write {example}")
    stem, _, entry = card.partition(":")
    stem = stem.strip().removesuffix(".json")
    if stem not in spec.grants:
        raise ConfigError(f"{where}: grant card {card!r}: {spec.name} grants no card of "
                          f"'{stem}'{did_you_mean(stem, spec.grants)}; it grants cards of "
                          f"{', '.join(spec.grants)}")
    if not entry:
        raise ConfigError(f"{where}: grant card {card!r}: name an entry after the colon")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise ConfigError(f"{where}: grant seat = {seat!r} is invalid; allowed: 0..{seats - 1}")
    pay = value.get("pay", False)
    if not isinstance(pay, bool):
        raise ConfigError(f"{where}: grant pay = {pay!r} is invalid; allowed: true or false")
    if pay:
        paid_stem(stem, spec, where)
    return (stem + ".json", entry, seat) + ((True,) if pay else ())


def paid_stem(stem: str, spec: Any, where: str) -> None:
    """A one-line error unless the game can grant cards of ``stem`` at their price."""
    paid = getattr(spec, "paid_grants", ())
    if stem not in paid:
        can = f"; it can for {', '.join(paid)}" if paid else ""
        raise ConfigError(f"{where}: grant pay = true: {spec.name} cannot grant a card of "
                          f"'{stem}' at its price (its RULES.md, \"Granted cards\", says why)"
                          f"{can}")


def is_paid(grant: Grant | None) -> bool:
    return grant is not None and len(grant) > 3 and bool(grant[3])


def to_seat(grant: Grant, seat: int) -> Grant:
    """The same grant (card, paid or not) to another seat."""
    return tuple(grant[:2]) + (seat,) + tuple(grant[3:])


TO_SEAT, AT_ITS_PRICE = " to seat ", " at its price"


def shown_grant(grant: Grant) -> str:
    """``adventure_cards:Coin Purse to seat 1`` (paid: ``... to seat 1 at its price``): the
    grant in the config's words (a free grant's words are those of before paid grants)."""
    file, entry, seat = grant[:3]
    return f"{file.removesuffix('.json')}:{entry}{TO_SEAT}{seat}" + \
        (AT_ITS_PRICE if is_paid(grant) else "")


def shown_seat(shown: str) -> int | None:
    """The seat of a grant in :func:`shown_grant`'s words, or None. A run's identity (so its
    manifest) keeps the grant in these words only: they are its fingerprint."""
    _, to, seat = shown.removesuffix(AT_ITS_PRICE).rpartition(TO_SEAT)
    return int(seat) if to and seat.isdecimal() else None


def grant_at(grant: Grant | None, players: int) -> Grant | None:
    """The grant a game of ``players`` plays: none where the seat is not at the table (a study
    over several player counts grants seat 3 at 4 players only; at fewer it is the baseline)."""
    return grant if grant is not None and grant[2] < players else None


def side_stream(rng: random.Random) -> random.Random:
    """Dice of the grant's own, seeded from a copy of the game's: a grant's draws never shift
    the game's, and (seeded by 128 of the copy's bits, not the copy itself) never repeat the
    bits of the game's next draw, so where the granted card lies is independent of the next
    shuffle or roll."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return random.Random(copy.getrandbits(128))


def take_one(pile: list, card: Any) -> bool:
    """Take the deepest copy of ``card`` out of ``pile`` (top = end), so every other card
    comes off the pile in the order it would have; False when the pile holds none."""
    if card not in pile:
        return False
    pile.remove(card)
    return True


def shuffle_in(deck: list, card: Any, rng: random.Random) -> None:
    """Put ``card`` into a shuffled deck at a place the game's dice choose (without drawing
    from them: ``side_stream``)."""
    deck.insert(side_stream(rng).randrange(len(deck) + 1), card)


def unknown_entry(grant: Grant, names: list[str]) -> ConfigError:
    """The one line for a granted entry that the file does not hold."""
    file, entry = grant[:2]
    stem = file.removesuffix(".json")
    return ConfigError(f"grant {stem}:{entry}: unknown entry '{entry}'"
                       f"{did_you_mean(entry, names)}; the file's entries: {few(names)}")


def grant_games() -> list[str]:
    from simulate.games import game_names, get_game
    return [g for g in game_names() if get_game(g).grants]
