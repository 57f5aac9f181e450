"""Runs that spend games where they decide and stop when the answer is known.

``until_ci`` (``simulate run --until-ci``), ``tune`` (``simulate tune``: noisy bisection or
successive halving in ``search``) and ``sensitivity`` (``simulate sensitivity``) all play rounds
of growing size on the ordinary runner (``rounds``), measured per game by ``metrics``.
"""
