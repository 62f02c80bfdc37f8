"""Leagues, club nights, matches and their results."""

__all__: list[str] = []
