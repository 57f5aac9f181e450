"""The results files of the adaptive commands, as written and read back: ``tune.json`` and
``sensitivity.json`` (tune.py, sensitivity.py), ``train.json`` (train.py), ``cards.json``
(cards.py). :func:`write_study` checks a result against its model before writing it;
:func:`read_study` refuses, in one line naming the file and the field, a file that no longer
fits (damaged, or edited by hand): reports read only what these models declare.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

from pydantic import Field, ValidationError, model_validator

from simulate.folder_io import read_regular, write_inside
from simulate.games.base import ConfigError
from simulate.json_models import Scalar, Written, first_problem

MAX_BYTES = 64 * 2**20       # of one results file


class Estimate(Written):
    """metrics.Estimate.as_dict: a mean with its interval over ``games``."""
    mean: float
    low: float
    high: float
    games: int
    no_game_differed: bool = False


class Candidate(Written):
    point: list[Scalar]
    games: int
    status: str
    estimates: list[Estimate]


class Crossing(Written):
    """prices.py: where a card's price crosses the target, with its interval."""
    between: tuple[Scalar, Scalar]
    at: float
    low: float
    high: float
    seeds: int
    confidence: float
    range: tuple[Scalar, Scalar]
    target: float
    side: int
    end_covers: bool


class TuneResults(Written):
    method: str
    answer: list[list[Scalar]]
    note: str
    games_spent: int
    stopped: str
    look_confidence: float
    candidates: list[Candidate]
    rules: list[str] = Field(min_length=1)
    targets: list[str] = Field(min_length=1)
    target_values: list[float]
    target_bands: list[tuple[float, float]]
    confidence: float
    rounds: list[int]
    final_toml: str
    crossing: Optional[Crossing] = None          # method "price" only
    target_words: Optional[list[str]] = None     # each target in designer words
    target_kinds: Optional[list[str]] = None     # rate, points or number (metrics.metric_kind)
    changes_no_game: bool = False                # method "price" only

    @model_validator(mode="after")
    def _consistent(self) -> TuneResults:
        if not len(self.targets) == len(self.target_values) == len(self.target_bands):
            raise ValueError("targets, target_values and target_bands differ in length")
        tried = {tuple(c.point) for c in self.candidates}
        if any(tuple(p) not in tried for p in self.answer):
            raise ValueError("an answer is not among the candidates tried")
        return self


class Effect(Written):
    variant: str
    rule: str
    value: Scalar
    games: int
    difference: Estimate
    p: float
    p_holm: float
    verdict: str


class SensitivityResults(Written):
    metric: str
    players: int
    negligible: float
    confidence: float
    look_confidence: float
    rounds: list[int]
    baseline: Estimate
    effects: list[Effect]
    skipped: list[tuple[str, str]]
    games_spent: int
    method: str
    metric_words: Optional[str] = None           # the measure in designer words
    kind: Optional[str] = None                   # rate, points or number (metrics.metric_kind)


class Racer(Written):
    """One candidate of a train race at one player count (train.py's _row)."""
    candidate: int
    label: str
    values: dict[str, Scalar]
    seeds: int
    gain: Estimate
    p: float
    p_holm: float
    status: str


class Race(Written):
    measure: str
    look_confidence: float
    stopped: str
    candidates: list[Racer] = Field(min_length=1)
    trained: Optional[dict[str, Scalar]]
    best: int
    games_spent: int
    claim: str


class TrainResults(Written):
    strategy: str
    start: dict[str, Any]
    parameters: dict[str, tuple[float, float]]
    candidates: list[dict[str, Scalar]]
    labels: list[str] = Field(min_length=1)
    confidence: float
    rounds: list[int]
    method: str
    cooperative: bool
    players: dict[str, Race]
    games_spent: int
    final_toml: str

    @model_validator(mode="after")
    def _consistent(self) -> TrainResults:
        if any(not players.isdigit() for players in self.players):
            raise ValueError("players holds a key that is no player count")
        if any(not 0 <= race.best < len(self.labels) for race in self.players.values()):
            raise ValueError("a race's best candidate has no label")
        return self


class CardPairs(Written):
    """card_pairs.py's record: the pairs' run folder, card -> its single removal's variant
    there, pair variant -> its two cards, and how the cards were chosen."""
    folder: str
    singles: dict[str, str]
    pairs: dict[str, tuple[str, str]]
    chosen: str


class CardStudy(Written):
    """cards.py's plan: variant -> card removed, variant -> (card, seat) granted."""
    cards: dict[str, str]
    granted: dict[str, tuple[str, int]]
    pay: bool
    skipped: list[tuple[str, str]]
    method: str
    pairs_wanted: int = 0
    pairs: Optional[CardPairs] = None
    restricted: dict[str, tuple[str, int]] = {}    # variant -> (card, seat never taking it)


STUDIES: dict[str, type[Written]] = {"tune.json": TuneResults,
                                     "sensitivity.json": SensitivityResults,
                                     "train.json": TrainResults, "cards.json": CardStudy}


def write_study(path: Path, result: dict[str, Any]) -> None:
    """Write an adaptive command's results atomically, after checking them against the file's
    model (a writer that drifts from its reader fails here, not in a report later)."""
    text = json.dumps(result, indent=1, default=str)
    STUDIES[path.name].model_validate_json(text)
    write_inside(path.parent, path.name, text.encode())


def read_study(path: Path) -> dict[str, Any]:
    """The results file ``path`` as written (a regular file of the tool's, never a link), or one
    line naming the file and what is wrong with it."""
    def unreadable(why: str) -> ConfigError:
        return ConfigError(f"{path} cannot be read as this tool's results ({why}); run the "
                           "command again to rewrite it")

    try:
        text = read_regular(path, MAX_BYTES).decode("utf-8")
        STUDIES[path.name].model_validate_json(text)
    except ValidationError as exc:
        raise unreadable(first_problem(exc)) from None
    except (OSError, ValueError) as exc:
        raise unreadable(str(exc)) from None
    return json.loads(text)
