"""The Django admin, one module per room (tables, leagues, trust)."""

from games.admin import leagues, tables  # noqa: F401
from games.trust import admin as trust  # noqa: F401
