"""The demo data of ``make run`` fills the leagues so standings and sheets are not empty."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from dragonformula.models import SetResult
from games.leagues import selectors
from games.leagues.models import League

pytestmark = pytest.mark.django_db


def test_load_demo_creates_leagues_with_club_nights_of_results_once(client):
    call_command("load_demo")
    call_command("load_demo")  # idempotent
    assert League.objects.count() == 2
    for league in League.objects.all():
        assert league.club_nights.count() >= 2
        rows = list(selectors.standings(league))
        assert sum(row.played for row in rows) > 0
        assert rows[0].place == 1 and rows[0].vp_total > 0
        page = client.get(reverse("leagues:league_detail", args=[league.pk]))
        assert page.status_code == 200
    assert SetResult.objects.filter(complete=True).count() == 12
    some_set = SetResult.objects.first()
    sheet = client.get(reverse("leagues:set_sheet", args=[some_set.pk]))
    assert some_set.lines.first().member.name in sheet.content.decode()
