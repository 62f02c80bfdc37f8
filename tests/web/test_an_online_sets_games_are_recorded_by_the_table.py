"""An online table records its own games: the set's history names the table as recorder, not
the player whose move (and request) ended the game."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import reverse
from simple_history.models import HistoricalRecords

from dragonformula.models import SetGame
from games.leagues.models import Match
from games.leagues.online import open_league_table
from games.tables.actions import guests, starting
from tests.support.leagues import make_league, make_members, play_out
from tests.web.record_agreement import EN

pytestmark = pytest.mark.django_db


def test_the_set_history_says_the_table_recorded_its_games(client):
    league = make_league()
    kenji = get_user_model().objects.create_user("kenji", password="pw-kenji-123")
    (member,) = make_members(league, "Kenji")
    member.user = kenji
    member.save()
    player = guests.player_for_user(kenji)
    table = open_league_table(league, players=2, bot_level="smart", created_by=player)
    # Kenji's own request is the one whose move ends each game, as at a real table.
    request = RequestFactory().post("/")
    request.user = kenji
    HistoricalRecords.context.request = request
    try:
        play_out(starting.start(table, player, seed=11), player)
    finally:
        del HistoricalRecords.context.request
    match = Match.objects.get(table=table)
    rows = SetGame.history.filter(set__match=match, history_type="+")
    assert rows.exists() and not rows.exclude(history_user=None).exists()
    page = client.get(
        reverse("leagues:set_detail", args=[match.sets.first().pk]), **EN
    ).content.decode()
    history = page[page.index('id="history"') :]
    assert "Game 1 recorded</strong>\n    · the table" in history
    assert "kenji" not in history
