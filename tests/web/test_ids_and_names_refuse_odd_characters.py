"""A field that takes an id takes ASCII digits only ("²" was a 500, "٣" named member 3);
a name (a guest's, a league player's, a visitor's, a league's, a night's venue) holding a
control character or an invisible text-direction mark is refused with a clear message and
nothing is stored."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from games.leagues.member_models import GuestSeat, Member
from games.leagues.models import League
from games.tables.models import Player
from tests.support.leagues import make_league, make_members
from tests.web.test_leagues_identity import guest_played_dragsaga, keeper_client

pytestmark = pytest.mark.django_db

NOT_ASCII_DIGITS = ["²", "٣", "３", "3\n", " 3", "+3", "3.0", "-3"]
HIDDEN = ["Ann\u202eevil", "Ann\x00", "\x1b[31mAnn", "Ann\x07", "Ann\u2066x", "A\u200bnn"]


def test_a_seat_is_named_only_by_a_member_id_in_ascii_digits(client):
    league = make_league("dragsaga", "Saga League")
    members = make_members(league, "Ann", "Ben", "Cho", "Dai")
    match = guest_played_dragsaga(client, league, name="Eve")
    seat = GuestSeat.objects.get(match=match)
    keeper_client(client, league)
    url = reverse("leagues:name_seat", args=[league.pk, seat.pk])
    third = members[2]
    for raw in [
        *NOT_ASCII_DIGITS,
        str(third.pk).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")),
    ]:
        response = client.post(url, {"member": raw})
        assert response.status_code == 400, raw
        seat.refresh_from_db()
        assert seat.resolved_to is None, raw
    assert client.post(url, {"member": str(third.pk)}).status_code == 302
    seat.refresh_from_db()
    assert seat.resolved_to == third


def test_a_night_checks_in_a_member_posted_in_ascii_digits_only(client):
    league = make_league()
    (ann,) = make_members(league, "Ann")
    keeper_client(client, league)
    night_url = client.post(
        reverse("nights:new", args=[league.pk]), {"venue": "Hall", "confirmed": "yes"}
    )["Location"]  # the league's season is over by now: confirmed
    night_pk = int(night_url.strip("/").split("/")[-1])
    act = reverse("nights:act", args=[night_pk])
    arabic = str(ann.pk).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    for raw in ["²", arabic]:
        response = client.post(act, {"action": "check_in", "member": raw})
        assert response.status_code == 400, raw
        assert "not a choice" in response.content.decode()
    assert not ann.night_entries.exists()
    assert client.post(act, {"action": "check_in", "member": str(ann.pk)}).status_code == 302
    assert ann.night_entries.count() == 1


@pytest.mark.parametrize("name", HIDDEN)
def test_a_guest_name_with_a_hidden_character_is_refused_with_a_message(client, name):
    response = client.post(reverse("games:guest"), {"display_name": name})
    assert response.status_code == 400
    page = response.content.decode()
    assert "control characters or invisible text-direction marks" in page
    assert not Player.objects.exists()


def test_a_name_with_emoji_and_joiners_is_kept(client):
    name = "Aki \U0001f468\u200d\U0001f469\u200d\U0001f467"  # a family emoji: joined by U+200D
    assert client.post(reverse("games:guest"), {"display_name": name}).status_code == 302
    assert Player.objects.get().display_name == name


@pytest.mark.parametrize("name", HIDDEN[:3])
def test_league_players_leagues_and_venues_refuse_hidden_characters(name):
    """What the admin's forms check (every model form runs the field's validators)."""
    with pytest.raises(ValidationError, match="invisible text-direction marks"):
        Member(name=name).full_clean()
    league = make_league()
    league.name = name
    with pytest.raises(ValidationError):
        league.full_clean()
    assert League.objects.get(pk=league.pk).name == "Spring League"


def test_a_visitor_with_a_hidden_character_is_refused_and_not_checked_in(client):
    league = make_league()
    keeper_client(client, league)
    night_url = client.post(
        reverse("nights:new", args=[league.pk]), {"venue": "Hall", "confirmed": "yes"}
    )["Location"]  # the league's season is over by now: confirmed
    night_pk = int(night_url.strip("/").split("/")[-1])
    act = reverse("nights:act", args=[night_pk])
    response = client.post(act, {"action": "visitor", "name": "Zed\u202e"})
    assert response.status_code == 400
    assert "invisible text-direction marks" in response.content.decode()
    assert not Member.objects.filter(name__startswith="Zed").exists()
