"""Per-game report sections: ``reports/sections/<game>.py`` defines ``build(games, seats) -> list``
of blocks (``reports.blocks``), given the run's ``games`` and ``seats`` tables as polars frames."""
