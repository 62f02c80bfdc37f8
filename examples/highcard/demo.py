"""High Card's demo (its ``demo_path`` hook): an open table for two, bots in the empty seats
once a player starts, and an empty demo league of three."""

from __future__ import annotations

import random

from games.leagues.demo import demo_league
from games.leagues.member_models import Member
from games.leagues.models import League

OPEN_TABLES = [{"players": 2, "bot_level": "easy"}]


def load_demo_league(members: list[Member], rng: random.Random) -> League | None:
    return demo_league("High Card demo league", "highcard", members[:3])
