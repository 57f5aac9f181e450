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
