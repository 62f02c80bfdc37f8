"""A drawn member who arrives after "Start it now" takes his seat over from the bot standing
in for him, at the next decision, as a player who comes back does (issue 52): with his account
by tapping his name, without one through a new seat link an organiser makes; the set's result
names him and is his own (not "played by a bot"). A seat link nobody used ends with its round."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.leagues.member_models import Member
from games.leagues.models import Match
from games.nights import rounds
from games.presence.models import StandIn
from games.tables.actions import playing
from games.tables.models import Game
from tests.support.leagues import play_out
from tests.web.night_helpers import keeper_of, night_of, online_table_drawn

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture
def started_without_anyone():
    """A night of four (none with an account): round 1 drawn, its table opened online and
    started by the organiser before anyone sat; the bots play until the first game of the
    set is over."""
    night, members = night_of(count=4)
    organiser = Client()
    organiser.force_login(keeper_of(night.league, "org"))
    night_table = online_table_drawn(night, members)
    assert act(organiser, night, "start_table", table=night_table.pk).status_code == 302
    game = night_table.match.table.games.get()
    game = bots_until_a_game_ends(game, night_table.match)
    return night, night_table, organiser, game


def act(client, night, action, **fields):
    return client.post(reverse("nights:act", args=[night.pk]), {"action": action, **fields})


def bots_until_a_game_ends(game, match, limit=5000):
    now = game.created.timestamp()
    for _step in range(limit):
        if match.sets.filter(games__isnull=False).exists():
            return game
        now += 1.0
        moved = playing.advance(game.pk, game.version, now=now)
        game = moved if moved is not None else Game.objects.get(pk=game.pk)
    raise AssertionError("no game of the set ended")


def link_for(organiser, night, night_seat):
    response = act(organiser, night, "seat_link", seat=night_seat.pk)
    assert response.status_code == 200, response.content.decode()[:400]
    token = response.content.decode().split("/nights/seat/")[1].split("/")[0]
    return reverse("nights:take_seat", args=[token])


def drawn_seats(page: str) -> str:
    """The night page's list of a table's drawn seats."""
    return page.split('<ol class="drawn-seats">')[1].split("</ol>")[0]


def the_set(night_table):
    return Match.objects.get(pk=night_table.match_id).sets.order_by("number").first()


def test_a_late_member_without_an_account_takes_his_seat_through_a_new_link(
    started_without_anyone,
):
    night, night_table, organiser, game = started_without_anyone
    cho = night_table.seats.get(entrant__name="Cho")
    table = night_table.match.table
    # Mid-set, the bot plays Cho's seat for him: his line so far is the bot's.
    assert game.finished is None
    assert the_set(night_table).lines.get(seat=cho.number).by_bot
    page = organiser.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert "a bot plays until they arrive" in page
    assert page.count('value="seat_link"') == 4  # a link for each of the four still away
    url = link_for(organiser, night, cho)
    phone = Client()
    look = phone.get(url)
    assert look.status_code == 200 and "Sit down as Cho" in look.content.decode()
    assert table.seats.get(number=cho.number).player is None  # a look takes nothing
    response = phone.post(url)
    assert response.status_code == 302 and table.code in response["Location"]
    seat = table.seats.get(number=cho.number)
    assert seat.player == seat.kept_for and not seat.bot_level
    stand_in = StandIn.objects.get(game=game, seat_number=cho.number)
    assert stand_in.reason == StandIn.Reason.NOT_ARRIVED and stand_in.ended is not None
    # From this moment his line is his, not the bot's; the others stay the bots'.
    lines = the_set(night_table).lines
    assert not lines.get(seat=cho.number).by_bot
    assert lines.filter(by_bot=True).count() == 3
    # His phone plays the rest of the set; the result names him.
    game = play_out(Game.objects.get(pk=game.pk), seat.player, seat=cho.number)
    assert game.is_finished
    finished = the_set(night_table)
    line = finished.lines.get(seat=cho.number)
    assert line.member == Member.objects.get(name="Cho") and not line.by_bot
    set_page = Client().get(reverse("leagues:set_detail", args=[finished.pk])).content.decode()
    for name in ("Aki", "Ben", "Dai"):
        assert f"{name} (played by a bot)" in set_page
    assert "Cho (played by a bot)" not in set_page and ">Cho<" in set_page
    night_page = organiser.get(reverse("nights:night", args=[night.pk])).content.decode()
    seating = drawn_seats(night_page)
    assert seating.count('class="by-bot"') == 3 and seating.count('class="seated"') == 1
    # The link worked once.
    assert Client().post(url).status_code == 404


def test_a_late_member_with_an_account_takes_over_by_tapping_his_name(started_without_anyone):
    night, night_table, organiser, game = started_without_anyone
    ben = User.objects.create_user("ben", password="pw-ben-12345")
    Member.objects.filter(name="Ben").update(user=ben)
    ben_seat = night_table.seats.get(entrant__name="Ben")
    aki_seat = night_table.seats.get(entrant__name="Aki")
    phone = Client()
    phone.force_login(ben)
    page = phone.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert "Take over from the bot as Ben" in page and page.count('value="sit"') == 1
    # Not another's seat, and the organiser makes him no phone link (he has an account).
    assert act(phone, night, "sit", seat=aki_seat.pk).status_code == 403
    assert act(organiser, night, "seat_link", seat=ben_seat.pk).status_code == 409
    response = act(phone, night, "sit", seat=ben_seat.pk)
    assert response.status_code == 302
    table = night_table.match.table
    seat = table.seats.get(number=ben_seat.number)
    assert seat.player.user == ben and seat.kept_for == seat.player
    assert table.seats.get(number=aki_seat.number).player is None
    game = play_out(Game.objects.get(pk=game.pk), seat.player, seat=ben_seat.number)
    line = the_set(night_table).lines.get(seat=ben_seat.number)
    assert line.member.user == ben and not line.by_bot


def test_a_member_who_never_came_is_still_played_by_the_bot_for_him(started_without_anyone):
    night, night_table, organiser, game = started_without_anyone
    game = play_out(game, None, seat=99)  # nobody arrives: the bots finish the set
    assert game.is_finished
    lines = the_set(night_table).lines.all()
    drawn = {s.number: s.entrant.member for s in night_table.seats.all()}
    assert {line.seat: line.member for line in lines} == drawn
    assert all(line.by_bot for line in lines)
    page = organiser.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert drawn_seats(page).count('class="by-bot"') == 4 and "until they arrive" not in page


def test_an_unused_seat_link_ends_with_its_round():
    night, members = night_of(count=4)
    organiser = Client()
    organiser.force_login(keeper_of(night.league, "org"))
    night_table = online_table_drawn(night, members)
    dai = night_table.seats.get(entrant__name="Dai")
    url = link_for(organiser, night, dai)
    assert Client().get(url).status_code == 200
    rounds.announce_round(night)  # round 2 announced: round 1 is over
    for look in (Client().get(url), Client().post(url)):
        assert look.status_code == 404
        assert "ended with its round" in look.content.decode()
        assert "Sit down as" not in look.content.decode()
    assert night_table.match.table.seats.get(number=dai.number).player is None
    page = organiser.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert "Sit down as" not in page and 'value="seat_link"' not in page
    assert act(organiser, night, "seat_link", seat=dai.pk).status_code == 409


def test_a_late_seat_link_is_the_organisers_alone(started_without_anyone):
    night, night_table, _organiser, game = started_without_anyone
    aki = night_table.seats.get(entrant__name="Aki")
    member_user = User.objects.create_user("emi", password="pw-emi-12345")
    night.league.members.add(Member.objects.create(name="Emi", user=member_user))
    other = User.objects.create_user("other-org", password="pw-other-123")
    from tests.support.leagues import make_league

    make_league(name="Other League").organisers.add(other)
    staff = User.objects.create_user("staff", password="pw-staff-123", is_staff=True)
    refused = {"anonymous": Client(), "member": Client(), "other organiser": Client()}
    refused["member"].force_login(member_user)
    refused["other organiser"].force_login(other)
    for who, client in refused.items():
        response = act(client, night, "seat_link", seat=aki.pk)
        assert response.status_code in (302, 403), who
        assert "/nights/seat/" not in response.content.decode(), who
        assert act(client, night, "sit", seat=aki.pk).status_code in (302, 403), who
    assert not night_table.seats.exclude(link_hash="").exists()
    staff_client = Client()
    staff_client.force_login(staff)
    assert "/nights/seat/" in act(staff_client, night, "seat_link", seat=aki.pk).content.decode()
    # Forged and malformed seat numbers change nothing.
    for forged in ("", "x", "٣", "9" * 30, "-1", "1" * (1 << 20)):
        assert act(staff_client, night, "seat_link", seat=forged).status_code in (400, 404)
    assert night_table.match.table.seats.filter(player__isnull=False).count() == 0
