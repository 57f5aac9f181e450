"""Compiled (numba) twins of the built-in strategies, one module per game beside the Python
strategy each mirrors; a game's chunk driver (simulate/compiled/<game>.py) joins them to its
engine's kernel."""
