"""The Django admin, one module per room (tables, leagues, trust)."""

from games.admin import leagues, tables, trust  # noqa: F401
