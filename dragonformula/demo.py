"""The Dragon Formula demo league of ``make run`` (this game's ``demo_path`` hook): two tables
a night, two sets each, hands dealt from the demo's seed and scored by ``best_hand``."""

from __future__ import annotations

import random

from dragonformula import scoring
from dragonformula.rules import random_winning_hand
from dragonformula.rules.deal import elements_from
from dragonformula.scoring import GameEntry, PenaltyEntry, SeatEntry
from games.leagues.demo import demo_league, demo_nights, night_match
from games.leagues.member_models import Member
from games.leagues.models import League, Match

DF_LEAGUE = "Dragon Formula 2026 春リーグ"
# A demo table with empty seats (bots take the seats nobody sits in once a player starts).
OPEN_TABLES = [{"players": 4, "bot_level": "smart"}]


def _dragon_formula_set(match: Match, table: list[Member], rng: random.Random) -> None:
    fire = rng.randrange(len(table))
    elements = elements_from(fire, len(table))
    seats = [SeatEntry(member, elements[seat]) for seat, member in enumerate(table)]
    games = []
    for number in range(len(table)):
        penalties = (PenaltyEntry(rng.randrange(len(table)), "wrong_order"),) if number == 1 else ()
        if rng.random() < 0.2:
            games.append(GameEntry(winner=None, win="none", penalties=penalties))
            continue
        winner = rng.randrange(len(table))
        multipliers = ("last_judgement",) if rng.random() < 0.15 else ()
        games.append(
            GameEntry(
                winner=winner,
                cards=tuple(random_winning_hand(rng, special_share=0.15)),
                multipliers=multipliers,
                penalties=penalties,
            )
        )
    scoring.record_set_result(match, seats, games)


def load_demo_league(members: list[Member], rng: random.Random) -> League | None:
    league = demo_league(DF_LEAGUE, "dragonformula", members)
    if league is None:
        return None
    for night in demo_nights(league):
        for table in (members[:4], members[2:]):
            rng.shuffle(table := list(table))
            match = night_match(night)
            for _set in range(2):
                _dragon_formula_set(match, table, rng)
    return league
