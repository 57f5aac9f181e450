"""Per-game report sections: ``reports/sections/<game>.py`` defines ``build(section) -> None``.

``section`` is a ``reports.section.Section``: ``section.run`` gives the run's tables lazily, one
player count at a time (``run.games_at(players, variant)``, ``run.seats_at``, ``run.results_at``
for seats as units of analysis; ``run.player_counts``, ``run.variants``), and
``reports.tables`` aggregates them (``means``, ``rates``, ``value_counts``) without loading the
run. Add blocks with ``section.add(...)``; call the shared tests, whose findings join the
section's one Holm-corrected family and, if they survive, the summary at the top:
``section.seat_fairness(players)``, ``section.compare_variants(players, [Measure(...)])``,
``section.test(Finding(...))``. See ``reports/section.py``. (An older ``build(games, seats)`` on
whole polars frames still works, but loads every row.)
"""
from pathlib import Path


def played_components(game: str, run=None):
    """The components the run played: its manifest's ``components_folder`` checked as the
    runner checks a study's folder (one line if it is gone or damaged), else the shipped set."""
    from simulate.games.base import ConfigError
    from simulate.games.component_files import check_folder, game_components
    load = game_components(game).load_components
    folder = (getattr(run, "manifest", None) or {}).get("components_folder")
    if folder is None:
        return load()
    try:
        if not isinstance(folder, str):
            raise ConfigError(f"{folder!r} is not a folder's path")
        check_folder(game, folder)
    except ConfigError as exc:
        raise ConfigError(f"the run's manifest, components_folder: {exc}") from None
    return load(Path(folder))
