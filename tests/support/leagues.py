"""Arranging league data for tests: leagues, players and results recorded through the services."""

from __future__ import annotations

import datetime

from dragonformula import scoring as df_scoring
from dragonformula.scoring import GameEntry, SeatEntry
from dragsaga import scoring as ds_scoring
from dragsaga.scoring import DragSagaEntry
from games import registry
from games.leagues.member_models import Member
from games.leagues.models import League, Match
from games.tables.actions import playing

ELEMENTS = ["fire", "water", "air", "earth"]


def make_league(game: str = "dragonformula", name: str = "Spring League") -> League:
    return League.objects.create(
        name=name,
        club="Tarot Club",
        game=game,
        season_start=datetime.date(2026, 4, 1),
        season_end=datetime.date(2026, 6, 30),
    )


def make_members(league: League, *names: str) -> list[Member]:
    members = [Member.objects.get_or_create(name=name)[0] for name in names]
    league.members.add(*members)
    return members


def sign_in_organiser(client, username: str = "org"):
    """A staff account (an organiser of every league) signed in on ``client``."""
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(username, password="pw", is_staff=True)
    client.force_login(user)
    return user


def new_match(league: League) -> Match:
    return Match.objects.create(league=league)


def seats(members: list[Member]) -> list[SeatEntry]:
    return [SeatEntry(member, ELEMENTS[i]) for i, member in enumerate(members)]


def won(seat: int, hand: str = "sephirot_6", *bonuses: str, multipliers=()) -> GameEntry:
    """A game won by ``seat`` with a chosen hand."""
    return GameEntry(winner=seat, hand=hand, bonuses=tuple(bonuses), multipliers=tuple(multipliers))


NO_WINNER = GameEntry(winner=None, win="none")


def record_set(league: League, members: list[Member], games: list[GameEntry]):
    """A whole Dragon Formula set; ``games`` must hold one counting game per player."""
    return df_scoring.record_set_result(new_match(league), seats(members), games)


def record_dragsaga(league: League, rows: list[tuple[Member, int, int, int]]):
    """A DragSaga game from (member, damage, leftover cost, cards left) rows."""
    entries = [DragSagaEntry(m, damage, cost, cards) for m, damage, cost, cards in rows]
    return ds_scoring.record_result(new_match(league), entries)


def play_out(game, human, limit=5000, seat=0):
    """``human`` in ``seat`` plays through the web service like a browser would; the server
    moves the bots, until the game is over."""
    engine = registry.game_kind(game.game_name).engine
    now = game.created.timestamp()
    for _step in range(limit):
        if game.is_finished:
            return game
        now += 1.0
        if seat in engine.waiting_for(game.state):
            action = engine.bot_action(game.state, seat, engine.bot_levels()[-1])
            game = playing.apply_action(game, human, action, game.version, now=now)
        else:
            moved = playing.advance(game.pk, game.version, now=now)
            game = moved if moved is not None else type(game).objects.get(pk=game.pk)
    raise AssertionError("the game did not finish")
