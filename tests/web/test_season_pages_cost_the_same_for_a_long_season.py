"""A long season costs its pages no more queries than a short one: the league page (with the
organiser's forms, whose club-night list grows with the calendar), a set's page with its
corrections, the calendar, tonight's page and the projector, and both CSV exports, with 5 or
30 sets and nights."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from dragonformula import scoring as df_scoring
from games.nights.models import ClubNight
from tests.support.leagues import make_league, make_members, record_set, sign_in_organiser, won

pytestmark = pytest.mark.django_db


def season(size: int):
    """``size`` sets played tonight (every third corrected) and ``size`` nights scheduled."""
    league = make_league(name=f"League {size}")
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    tonight = ClubNight.objects.create(league=league, date=timezone.localdate())
    for number in range(size):
        played = record_set(league, members, [won(0), won(1), won(2), won(3)])
        played.match.club_night = tonight
        played.match.save()
        if number % 3 == 0:
            df_scoring.correct_game(played.games.get(number=1), won(1), None, "misread")
    for day in range(size):
        date = league.season_start + datetime.timedelta(days=day)
        ClubNight.objects.create(league=league, date=date, opened=None)
    return {
        "league page": reverse("leagues:league_detail", args=[league.pk]),
        "set page": reverse("leagues:set_detail", args=[played.pk]),
        "calendar": reverse("leagues:calendar", args=[league.pk]),
        "tonight": reverse("nights:night", args=[tonight.pk]),
        "projector": reverse("nights:screen", args=[tonight.pk]),
        "results CSV": reverse("leagues:results_csv", args=[league.pk]),
        "standings CSV": reverse("leagues:standings_csv", args=[league.pk]),
    }


def queries(client, pages: dict[str, str]) -> dict[str, int]:
    counted = {}
    for name, url in pages.items():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200, name
        counted[name] = len(captured)
    return counted


def test_pages_of_a_long_season_make_as_many_queries_as_a_short_one(client):
    sign_in_organiser(client)
    short, long = season(5), season(30)
    queries(client, short)  # sessions, caches and the like warmed once
    assert queries(client, long) == queries(client, short)
