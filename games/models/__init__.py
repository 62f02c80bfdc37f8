"""Every model of the ``games`` app, gathered here so Django finds them under one app label
(``games``): each lives with its room, so moving one between these modules needs no
migration. Tables (players, tables, seats, games, the action log: ``games.tables.models``),
presence (away limits, seat connections, server processes, stand-ins:
``games.presence.models``), trust (shuffle commitments: ``games.trust.models``), the coach
(reviews: ``games.coach.models``), learning (``games.learn.models``), leagues (leagues,
club nights, matches, results: ``leagues``) and nights (check-in, rounds, drawn tables:
``nights``) and turn-based tables (move deadlines, vacations: ``games.turns.models``)."""

from games.coach.models import *  # noqa: F403
from games.learn.models import *  # noqa: F403
from games.models.leagues import *  # noqa: F403
from games.models.nights import *  # noqa: F403
from games.presence.models import *  # noqa: F403
from games.tables.models import *  # noqa: F403
from games.trust.models import *  # noqa: F403
from games.turns.models import *  # noqa: F403
