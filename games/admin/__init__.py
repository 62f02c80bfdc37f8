"""The Django admin, one module per room (tables, presence, trust, leagues)."""

from games.admin import leagues, presence, tables, trust  # noqa: F401
