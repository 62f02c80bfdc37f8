"""The DragSaga demo league of ``make run`` (this game's ``demo_path`` hook): two club nights,
two tables a night, two games each."""

from __future__ import annotations

import random

from dragsaga.scoring import DragSagaEntry, record_result
from games.leagues.demo import demo_league, demo_nights, night_match
from games.leagues.member_models import Member
from games.leagues.models import League

DS_LEAGUE = "DragSaga 2026 春リーグ"
# A demo table with empty seats, and one the bots play among themselves, to watch.
OPEN_TABLES = [{"players": 3, "bot_level": "heuristic"}]
SHOW_TABLES = [{"players": 4, "bot_level": "heuristic"}]


def load_demo_league(members: list[Member], rng: random.Random) -> League | None:
    league = demo_league(DS_LEAGUE, "dragsaga", members[:5])
    if league is None:
        return None
    for night in demo_nights(league, 2):
        for table in (members[:3], members[1:5]):
            match = night_match(night)
            for _game in range(2):
                entries = []
                for member in table:
                    cards = rng.randrange(0, 4)
                    cost = sum(rng.randrange(1, 7) for _card in range(cards))
                    entries.append(DragSagaEntry(member, rng.randrange(2, 14), cost, cards))
                record_result(match, entries)
    return league
