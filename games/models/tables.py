"""Players, tables, seats, games and the append-only action log."""

__all__: list[str] = []
