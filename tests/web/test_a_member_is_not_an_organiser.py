"""The hole of issue 29, replayed: a member with a linked account was an organiser. On their
phone they saw "announce round", check-in buttons for everyone, "end the night", "void" on
every result, and could make a claim code for another member (and take their place with it).
Now a member sees what every member sees, checks only themself in, and is refused the rest."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from dragonformula.models import SetResult
from games.leagues.member_models import MemberClaim
from games.nights.models import NightEntrant
from tests.support.leagues import record_set, won
from tests.web.night_helpers import keeper_of, night_of

pytestmark = pytest.mark.django_db
User = get_user_model()

ORGANISER_CONTROLS = (
    'value="announce"',
    'value="check_in"',
    'value="end"',
    'value="visitor"',
    'value="seat_link"',
    "/void/",
    "/claim-code/",
    "/players/link/",
    "/record/",
    reverse("nights:new", args=[1]).rsplit("/", 2)[0],
)


@pytest.fixture
def member_phone(client):
    night, members = night_of(count=4)
    keeper_of(night.league, "org")
    ben = User.objects.create_user("ben", password="pw-ben-12345")
    members[1].user = ben
    members[1].save()
    record_set(night.league, members, [won(0), won(1), won(2), won(3)])
    client.force_login(ben)
    return client, night, members


def test_a_linked_member_sees_no_organiser_control(member_phone):
    client, night, _members = member_phone
    for url in (
        reverse("leagues:league_detail", args=[night.league.pk]),
        reverse("nights:night", args=[night.pk]),
    ):
        page = client.get(url).content.decode()
        shown = [control for control in ORGANISER_CONTROLS if control in page]
        assert shown == [], f"{url} shows a member {shown}"
    assert 'value="here"' in client.get(reverse("nights:night", args=[night.pk])).content.decode()


def test_a_linked_member_checks_only_themself_in(member_phone):
    client, night, members = member_phone
    act = reverse("nights:act", args=[night.pk])
    assert client.post(act, {"action": "check_in", "member": members[2].pk}).status_code == 403
    assert client.post(act, {"action": "announce"}).status_code == 403
    assert client.post(act, {"action": "end"}).status_code == 403
    assert not night.rounds.exists() and not NightEntrant.objects.exists()
    assert client.post(act, {"action": "here"}).status_code == 302
    assert list(night.entrants.values_list("name", flat=True)) == ["Ben"]
    night.refresh_from_db()
    assert night.ended is None


def test_a_linked_member_neither_voids_nor_makes_a_claim_code_for_another(member_phone):
    client, night, members = member_phone
    league = night.league
    url = reverse("leagues:claim_code", args=[league.pk, members[2].pk])
    assert client.post(url).status_code == 403
    assert not MemberClaim.objects.exists()
    result = SetResult.objects.get()
    assert client.post(reverse("leagues:void_result", args=["set", result.pk])).status_code == 403
    result.refresh_from_db()
    assert result.voided_at is None


def test_the_admin_names_a_leagues_organisers_and_staff_organise_every_league(admin_client):
    night, members = night_of(count=4)
    league = night.league
    page = admin_client.get(reverse("admin:games_league_change", args=[league.pk]))
    assert 'name="organisers"' in page.content.decode()
    cho = User.objects.create_user("cho", password="pw-cho-12345")
    members[2].user = cho
    members[2].save()
    record = reverse("leagues:record", args=[league.pk])
    admin_client.logout()
    admin_client.force_login(cho)
    assert admin_client.get(record).status_code == 403
    league.organisers.add(cho)  # what the admin's organisers box stores
    assert admin_client.get(record).status_code == 200
    staff = User.objects.create_user("staff", password="pw-staff-1234", is_staff=True)
    admin_client.force_login(staff)
    assert admin_client.get(record).status_code == 200


def test_an_account_linked_to_no_player_is_told_to_ask_an_organiser_when_checking_in_or_sitting():
    """Checking in and sitting down refuse an account no organiser linked in the same words:
    ask an organiser (the role the league names), and change nothing."""
    from django.contrib.auth.models import User
    from django.test import Client

    from games.nights.models import NightEntrant
    from tests.web.night_helpers import night_of

    night, _members = night_of(count=4)
    stranger = Client()
    stranger.force_login(User.objects.create_user("stranger", password="pw-stranger-1"))
    for action in ("here", "going", "sit"):
        response = stranger.post(
            reverse("nights:act", args=[night.pk]), {"action": action, "seat": "1"}
        )
        assert response.status_code == 403, action
        assert "ask an organiser" in response.content.decode(), action
    assert not NightEntrant.objects.filter(night=night).exists()
