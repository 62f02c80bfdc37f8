"""Every model of the ``games`` app, gathered here so Django finds them under one app label
(``games``): each lives with its room, so moving one between these modules needs no
migration. Tables (players, tables, seats, games, the action log: ``games.tables.models``),
presence (away limits, seat connections, server processes, stand-ins:
``games.presence.models``), trust (shuffle commitments: ``games.trust.models``), the coach
(reviews: ``games.coach.models``), learning (``games.learn.models``), leagues (leagues,
matches, results: ``games.leagues.models``; members, guest seats, claim codes, the roster's
changes: ``games.leagues.member_models``), ratings (``games.ratings.models``), nights (club
nights, check-in, rounds, drawn tables: ``games.nights.models``) and turn-based tables (move
deadlines, vacations: ``games.turns.models``).

Code imports a model from the module of its room; this module is for Django's app registry."""

from games.coach.models import *  # noqa: F403
from games.leagues.member_models import *  # noqa: F403
from games.leagues.models import *  # noqa: F403
from games.learn.models import *  # noqa: F403
from games.nights.models import *  # noqa: F403
from games.presence.models import *  # noqa: F403
from games.ratings.models import *  # noqa: F403
from games.tables.models import *  # noqa: F403
from games.trust.models import *  # noqa: F403
from games.turns.models import *  # noqa: F403
