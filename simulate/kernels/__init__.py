"""Pieces shared by the games' compiled kernels (DESIGN.md, "Compiled kernels")."""
