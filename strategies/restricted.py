"""Restricted play: a seat that may never take some cards or use some optional mechanics
(``restrict = ["card:Fireball", "mechanic:flee"]`` in a seat's strategy table). Balance
research asks what a seat loses without an option (Jaffe et al., AIIDE 2012, "restricted
play"): a card or mechanic a restricted seat does without and still wins as often with is no
must-have; one whose loss costs it many wins is.

The seat's legal actions are filtered before its strategy sees them: every action that would take
a forbidden card (the game's ``GameSpec.cards_taken``) or use a forbidden mechanic
(``GameSpec.mechanics``) is dropped, unless nothing else is legal. `simulate list GAME` shows
each game's vocabulary. A restricted seat plays on the Python engine (it has no compiled twin).
"""
from __future__ import annotations

from typing import Any

from simulate.games import get_game
from simulate.games.base import ConfigError, did_you_mean
from strategies import Strategy

CARD, MECHANIC = "card:", "mechanic:"
SHOWN = 8            # known names listed in a message at most


def _known(names: list[str]) -> str:
    return ", ".join(names[:SHOWN]) + (f", ... ({len(names)} in all)" if len(names) > SHOWN
                                        else "")


def forbidden(game: str, value: Any, where: str) -> tuple[frozenset[str], tuple]:
    """The card names and the mechanics (name, words, test) of ``restrict = [...]``, checked
    against the game's vocabulary."""
    spec = get_game(game)
    cards = list(spec.card_names()) if spec.card_names else []
    mechanics = {name: (name, words, test) for name, words, test in spec.mechanics}
    example = f"{CARD}{cards[0]}" if cards else f"{MECHANIC}{next(iter(mechanics), 'name')}"
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ConfigError(f'{where}: restrict = {value!r} is invalid; allowed: a list such as '
                          f'restrict = ["{example}"]')
    named, used = [], []
    for item in value:
        if item.startswith(CARD):
            name = item[len(CARD):]
            if not cards:
                raise ConfigError(f"{where}: restrict: {spec.title} has no cards a seat takes "
                                  f"(its mechanics: {_known(list(mechanics))})")
            if name not in cards:
                raise ConfigError(f"{where}: restrict: unknown card {name!r} for {spec.title}"
                                  f"{did_you_mean(name, cards)}; its cards: {_known(cards)}")
            named.append(name)
        elif item.startswith(MECHANIC):
            name = item[len(MECHANIC):]
            if name not in mechanics:
                raise ConfigError(f"{where}: restrict: unknown mechanic {name!r} for "
                                  f"{spec.title}{did_you_mean(name, list(mechanics))}; its "
                                  f"mechanics: {_known(list(mechanics)) or 'none'}")
            used.append(mechanics[name])
        else:
            raise ConfigError(f'{where}: restrict: {item!r} is unknown; each entry is '
                              f'"{CARD}<name>" or "{MECHANIC}<name>", e.g. "{example}"')
    return frozenset(named), tuple(dict.fromkeys(used))


class Restricted(Strategy):
    """``inner``, never offered an action that takes one of ``cards`` or uses one of
    ``mechanics`` (unless no other is legal)."""
    name = "restricted"

    def __init__(self, inner: Strategy, cards: frozenset[str], mechanics: tuple, taken):
        object.__setattr__(self, "inner", inner)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "mechanics", mechanics)
        object.__setattr__(self, "_taken", taken)

    def _allowed(self, view, action) -> bool:
        if self.cards and self.cards.intersection(self._taken(view, action)):
            return False
        return not any(test(view, action) for _, _, test in self.mechanics)

    def choose(self, view, actions):
        allowed = [a for a in actions if self._allowed(view, a)]
        return self.inner.choose(view, allowed or actions)

    def describe(self) -> str:
        parts = ([f"taking {', '.join(sorted(self.cards))}"] if self.cards else []) + \
            [words for _, words, _ in self.mechanics]
        return f"{self.inner.describe()} never {'; never '.join(parts)}"

    # the driver sets rng (and a look-ahead's seat and sampler) on the seat: the inner plays
    def __setattr__(self, key: str, value: Any) -> None:
        setattr(self.inner, key, value)

    def __getattr__(self, key: str) -> Any:
        return getattr(self.__dict__["inner"], key)


def restricted(game: str, inner: Strategy, value: Any, where: str) -> Restricted:
    cards, mechanics = forbidden(game, value, where)
    return Restricted(inner, cards, mechanics, get_game(game).cards_taken)
