"""The platform's models, one module per room: tables (players, tables, seats, games, the
action log), leagues (leagues, club nights, matches, results), nights (check-in, rounds, drawn
tables) and trust (shuffle
commitments, seat connections, stand-in bots)."""

from games.coach.models import *  # noqa: F403
from games.learn.models import *  # noqa: F403
from games.models.leagues import *  # noqa: F403
from games.models.nights import *  # noqa: F403
from games.presence.models import *  # noqa: F403
from games.tables.models import *  # noqa: F403
from games.trust.models import *  # noqa: F403
