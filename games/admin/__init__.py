"""The Django admin, one module per room (tables, leagues)."""

from games.admin import leagues, tables  # noqa: F401
