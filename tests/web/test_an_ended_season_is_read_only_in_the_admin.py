"""An ended season is read-only in the admin too: staff can read its league, nights, matches
and results there, and neither change nor delete them."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from games.nights.models import ClubNight
from tests.support.leagues import make_league, make_members, record_dragsaga, record_set, won

pytestmark = pytest.mark.django_db


def test_staff_read_an_ended_season_and_change_nothing(admin_client):
    ended = make_league("dragsaga", "Ended League")
    aki, ben = make_members(ended, "Aki", "Ben")
    result = record_dragsaga(ended, [(aki, 3, 0, 0), (ben, 5, 0, 0)])
    night = ClubNight.objects.create(league=ended, date=ended.season_start)
    ended.ended_at = timezone.now()
    ended.save()
    running = make_league("dragonformula", "Running League")
    make_members(running, "Aki", "Ben")
    set_result = record_set(running, [aki, ben], [won(0), won(1)])
    pages = {
        "league": ("admin:games_league_change", ended.pk, "name", "Renamed"),
        "night": ("admin:games_clubnight_change", night.pk, "venue", "Elsewhere"),
        "match": ("admin:games_match_change", result.match_id, "table_code", "X"),
        "result": ("admin:dragsaga_dragsagaresult_change", result.pk, "number", 9),
    }
    for what, (name, pk, field, value) in pages.items():
        url = reverse(name, args=[pk])
        page = admin_client.get(url)
        assert page.status_code == 200, what  # read
        assert 'name="_save"' not in page.content.decode(), what
        assert admin_client.post(url, {field: value}).status_code == 403, what
    delete = reverse("admin:dragsaga_dragsagaresult_delete", args=[result.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    ended.refresh_from_db()
    night.refresh_from_db()
    assert ended.name == "Ended League" and night.venue == ""
    result.refresh_from_db()
    assert result.number == 1
    # A running season's rows can still be changed.
    page = admin_client.get(reverse("admin:games_league_change", args=[running.pk]))
    assert 'name="_save"' in page.content.decode()
    page = admin_client.get(reverse("admin:dragonformula_setresult_change", args=[set_result.pk]))
    assert page.status_code == 200
