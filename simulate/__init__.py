"""Monte Carlo balance analysis for dice-driven adventure board games."""
__version__ = "0.1.0"
