"""A club night's online table is started by an organiser (issue 29: a bot plays each drawn
seat nobody took, for its member, and that result counts for them). A drawn member who sat
down sees no Start button and a forged POST to the table's start is refused with a message,
so no member can have bots play for the others who have not sat down yet."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.leagues.member_models import Member
from games.tables.models import Game
from tests.web.night_helpers import keeper_of, night_of, online_table_drawn

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_a_seated_member_cannot_start_the_nights_table_and_bots_play_for_no_one():
    night, members = night_of(count=4)
    organiser = Client()
    organiser.force_login(keeper_of(night.league, "org"))
    night_table = online_table_drawn(night, members)
    table = night_table.match.table
    ben = User.objects.create_user("ben", password="pw-ben-12345")
    Member.objects.filter(name="Ben").update(user=ben)
    phone = Client()
    phone.force_login(ben)
    seat = night_table.seats.get(entrant__name="Ben")
    sat = phone.post(reverse("nights:act", args=[night.pk]), {"action": "sit", "seat": seat.pk})
    assert sat.status_code == 302
    table_url = f"/{table.game_name}/{table.code}/"
    assert f'{table_url}start"' not in phone.get(table_url).content.decode()

    response = phone.post(f"{table_url}start")
    assert response.status_code == 403
    assert "organiser" in response.content.decode()
    assert not Game.objects.filter(table=table).exists()
    assert not table.seats.exclude(bot_level="").exists()

    # The organiser still starts it from the night page: bots play the seats nobody took.
    started = organiser.post(
        reverse("nights:act", args=[night.pk]), {"action": "start_table", "table": night_table.pk}
    )
    assert started.status_code == 302
    assert Game.objects.filter(table=table).count() == 1
