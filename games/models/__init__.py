"""The platform's models, one module per room: tables (players, tables, seats, games, the
action log) and leagues (leagues, club nights, matches, results)."""

from games.models.leagues import *  # noqa: F403
from games.models.tables import *  # noqa: F403
