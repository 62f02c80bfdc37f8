"""The quiet hours a member chooses are read in the club's time zone: the settings form
says which, with its offset from UTC and the time there now, in both languages."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings as django_settings
from django.test import Client

from tests.turns.turn_tables import member

pytestmark = pytest.mark.django_db


def _page(language: str) -> str:
    client = Client()
    client.force_login(member("ann").user)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    return client.get("/your-move/").content.decode()


@pytest.mark.parametrize(
    ("zone", "offset"), [("Asia/Tokyo", "+09:00"), ("America/Los_Angeles", None)]
)
def test_the_form_names_the_club_time_zone_and_its_time_now(settings, zone, offset):
    settings.TIME_ZONE = zone
    page = _page("en")
    now = datetime.now(tz=UTC).astimezone(ZoneInfo(zone))
    offset = offset or f"{now.strftime('%z')[:3]}:{now.strftime('%z')[3:]}"
    assert f"Quiet hours are in the club's time zone, {zone} (UTC{offset})" in page
    assert f"it is {now:%H}:" in page
    assert 'aria-describedby="quiet-zone"' in page


def test_the_japanese_form_names_it_too(settings):
    settings.TIME_ZONE = "Asia/Tokyo"
    page = _page("ja")
    assert "クラブのタイムゾーン Asia/Tokyo（UTC+09:00）" in page
    assert "Quiet hours" not in page  # translated
