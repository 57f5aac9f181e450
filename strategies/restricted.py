"""Restricted play: a seat that may never take some cards (``restrict = ["card:Fireball"]`` in a
seat's strategy table). Balance research asks what a seat loses without an option (Jaffe et al.,
AIIDE 2012, "restricted play"): a card a restricted seat cannot take and still wins as often
with is no must-have; one whose loss costs it many wins is.

The seat's legal actions are filtered before its strategy sees them: every action that would take
a forbidden card (the game's ``GameSpec.cards_taken``) is dropped, unless nothing else is legal.
A restricted seat plays on the Python engine (it has no compiled twin).
"""
from __future__ import annotations

from typing import Any

from simulate.games import get_game
from simulate.games.base import ConfigError, did_you_mean
from strategies import Strategy

PREFIX = "card:"
SHOWN = 8            # known card names listed in a message at most


def forbidden_cards(game: str, value: Any, where: str) -> frozenset[str]:
    """The card names of ``restrict = ["card:Name", ...]``, checked against the game's cards."""
    spec = get_game(game)
    if spec.cards_taken is None or spec.card_names is None:
        raise ConfigError(f"{where}: restrict: {spec.title} has no cards a seat takes")
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ConfigError(f'{where}: restrict = {value!r} is invalid; allowed: a list such as '
                          f'restrict = ["{PREFIX}{spec.card_names()[0]}"]')
    known = spec.card_names()
    names = []
    for item in value:
        if not item.startswith(PREFIX):
            raise ConfigError(f"{where}: restrict: {item!r} is unknown; each entry is "
                              f'"{PREFIX}<name>", e.g. "{PREFIX}{known[0]}"')
        name = item[len(PREFIX):]
        if name not in known:
            raise ConfigError(f"{where}: restrict: unknown card {name!r} for {spec.title}"
                              f"{did_you_mean(name, list(known))}; its cards: "
                              f"{', '.join(known[:SHOWN])}"
                              + (f", ... ({len(known)} in all)" if len(known) > SHOWN else ""))
        names.append(name)
    return frozenset(names)


class Restricted(Strategy):
    """``inner``, never offered an action that takes one of ``cards`` (unless no other is
    legal)."""
    name = "restricted"

    def __init__(self, inner: Strategy, cards: frozenset[str], taken):
        object.__setattr__(self, "inner", inner)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "_taken", taken)

    def choose(self, view, actions):
        allowed = [a for a in actions if not self.cards.intersection(self._taken(view, a))]
        return self.inner.choose(view, allowed or actions)

    def describe(self) -> str:
        return f"{self.inner.describe()} never taking {', '.join(sorted(self.cards))}"

    # the driver sets rng (and a look-ahead's seat and sampler) on the seat: the inner plays
    def __setattr__(self, key: str, value: Any) -> None:
        setattr(self.inner, key, value)

    def __getattr__(self, key: str) -> Any:
        return getattr(self.__dict__["inner"], key)


def restricted(game: str, inner: Strategy, value: Any, where: str) -> Restricted:
    return Restricted(inner, forbidden_cards(game, value, where), get_game(game).cards_taken)
