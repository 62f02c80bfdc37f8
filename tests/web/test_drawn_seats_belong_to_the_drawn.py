"""A club night's online table belongs to the players the night drew (issue 29): each seat
is kept for its drawn member; a member with an account sits by tapping their name; an
organiser seats a phone for a member without one (a one-time seat link, with a QR code); a
seat nobody took is played by a bot FOR its member, whose result it is, marked "played by a
bot"; no bot is ever a league player; the "Bot N" players of old are folded away."""

from __future__ import annotations

import csv
import importlib
import io

import pytest
from django.apps import apps as django_apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test import Client
from django.urls import reverse

from dragonformula import scoring as df_scoring
from dragonformula.models import SetLine
from dragonformula.scoring import SeatEntry
from games.leagues import selectors
from games.leagues.member_models import Member
from games.leagues.models import Match, Result
from games.leagues.result_lines import carry_over
from games.ratings.models import Rating
from games.tables.actions import playing
from tests.support.leagues import ELEMENTS, play_out, won
from tests.web.night_helpers import keeper_of, night_of, online_table_drawn

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture
def drawn_table():
    """A night of four (none with an account), round 1 drawn, its table opened online."""
    night, members = night_of(count=4)
    organiser = Client()
    organiser.force_login(keeper_of(night.league, "org"))
    return night, online_table_drawn(night, members), organiser


def act(client, night, action, **fields):
    return client.post(reverse("nights:act", args=[night.pk]), {"action": action, **fields})


def seat_link(organiser, night, night_seat) -> str:
    response = act(organiser, night, "seat_link", seat=night_seat.pk)
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    page = response.content.decode()
    assert "<svg" in page  # the QR code, drawn on the server
    return reverse("nights:take_seat", args=[page.split("/nights/seat/")[1].split("/")[0]])


def bots_play_out(game, limit=5000):
    now = game.created.timestamp()
    for _step in range(limit):
        if game.is_finished:
            return game
        now += 1.0
        moved = playing.advance(game.pk, game.version, now=now)
        game = moved if moved is not None else type(game).objects.get(pk=game.pk)
    raise AssertionError("the game did not finish")


def test_a_drawn_seat_nobody_took_is_played_by_a_bot_for_its_member(drawn_table):
    night, night_table, organiser = drawn_table
    assert act(organiser, night, "start_table", table=night_table.pk).status_code == 302
    table = night_table.match.table
    game = bots_play_out(table.games.get())
    assert game.is_finished
    league = night.league
    drawn = {seat.number: seat.entrant.member for seat in night_table.seats.all()}
    first = Match.objects.get(table=table).sets.order_by("number").first()
    lines = list(first.lines.all())
    assert {line.seat: line.member for line in lines} == drawn
    assert all(line.by_bot for line in lines)
    # No bot is a league player: not in the standings, the CSV, the ratings.
    assert not Member.objects.filter(name__startswith="Bot").exists()
    names = {row.name for row in selectors.standings(league)}
    assert names == {m.name for m in drawn.values()} | {"Org (keeper)"}
    csv_text = Client().get(reverse("leagues:standings_csv", args=[league.pk])).content.decode()
    assert "Bot" not in csv_text
    assert not Rating.objects.exists()  # a bot's play rates no one
    # Marked on the online table, tonight's table, the set and the standings.
    table_page = Client().get(f"/{table.game_name}/{table.code}/").content.decode()
    assert all(f"{m.name} (bot)" in table_page for m in drawn.values())
    set_page = Client().get(reverse("leagues:set_detail", args=[first.pk])).content.decode()
    assert set_page.count("(played by a bot)") >= 4
    night_page = organiser.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert night_page.count('class="by-bot"') >= 4
    league_page = Client().get(reverse("leagues:league_detail", args=[league.pk])).content
    assert league_page.decode().count("played by a bot") >= 4


def test_a_member_sits_only_in_their_own_drawn_seat(drawn_table):
    night, night_table, _organiser = drawn_table
    aki_seat = night_table.seats.get(entrant__name="Aki")
    ben_seat = night_table.seats.get(entrant__name="Ben")
    ben = User.objects.create_user("ben", password="pw-ben-12345")
    Member.objects.filter(name="Ben").update(user=ben)
    table = night_table.match.table  # opened before Ben linked his account: he can still sit
    phone = Client()
    phone.force_login(ben)
    page = phone.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert page.count('value="sit"') == 1 and 'value="seat_link"' not in page
    assert act(phone, night, "sit", seat=aki_seat.pk).status_code == 403
    # Nor through the online table's own "sit" with the seat's number.
    response = phone.post(f"/{table.game_name}/{table.code}/sit", {"seat": aki_seat.number})
    assert response.status_code >= 400
    assert "kept for the player drawn" in response.content.decode()
    assert not table.seats.filter(player__isnull=False).exists()
    response = act(phone, night, "sit", seat=ben_seat.pk)
    assert response.status_code == 302
    assert table.seats.get(number=ben_seat.number).player.user == ben


def test_a_stranger_takes_no_drawn_seat(drawn_table, client):
    _night, night_table, _organiser = drawn_table
    table = night_table.match.table
    client.post(reverse("games:guest"), {"display_name": "Aki"})  # a guest calling themself Aki
    page = client.get(f"/{table.game_name}/{table.code}/").content.decode()
    for seat in night_table.seats.all():  # the table shows whose each seat is
        assert f"Kept for {seat.entrant.name}" in page
    assert "Sit here" not in page
    for number in ("", "0", "1", "2", "3"):
        response = client.post(f"/{table.game_name}/{table.code}/sit", {"seat": number})
        assert response.status_code >= 400
    assert not table.seats.filter(player__isnull=False).exists()


def test_an_organisers_seat_link_seats_one_phone_once_and_it_plays_for_the_member(drawn_table):
    night, night_table, organiser = drawn_table
    cho_seat = night_table.seats.get(entrant__name="Cho")
    url = seat_link(organiser, night, cho_seat)
    phone = Client()
    page = phone.get(url)
    assert page.status_code == 200 and "Cho" in page.content.decode()
    table = night_table.match.table
    assert not table.seats.filter(player__isnull=False).exists()  # a look takes no seat
    response = phone.post(url)
    assert response.status_code == 302 and table.code in response["Location"]
    seat = table.seats.get(number=cho_seat.number)
    assert seat.player is not None and seat.player == seat.kept_for
    # Once: a second phone with the same link gets nothing.
    assert Client().post(url).status_code == 404
    assert Client().get(url).status_code == 404
    # Cho's phone plays Cho's seat; the bots play the others, for their members.
    assert act(organiser, night, "start_table", table=night_table.pk).status_code == 302
    game = play_out(table.games.get(), seat.player, seat=cho_seat.number)
    first = Match.objects.get(table=table).sets.order_by("number").first()
    cho_line = first.lines.get(seat=cho_seat.number)
    assert cho_line.member.name == "Cho" and not cho_line.by_bot
    assert first.lines.filter(by_bot=True).count() == 3
    assert game.is_finished


def test_a_seat_link_is_for_members_without_an_account_and_phones_signed_out(drawn_table):
    night, night_table, organiser = drawn_table
    dai = User.objects.create_user("dai", password="pw-dai-12345")
    Member.objects.filter(name="Dai").update(user=dai)
    dai_seat = night_table.seats.get(entrant__name="Dai")
    assert act(organiser, night, "seat_link", seat=dai_seat.pk).status_code == 409
    url = seat_link(organiser, night, night_table.seats.get(entrant__name="Aki"))
    signed_in = Client()
    signed_in.force_login(dai)
    assert signed_in.post(url).status_code == 409
    assert not night_table.match.table.seats.filter(player__isnull=False).exists()
    # A new link replaces the last one.
    newer = seat_link(organiser, night, night_table.seats.get(entrant__name="Aki"))
    assert Client().post(url).status_code == 404
    assert Client().post(newer).status_code == 302


def test_the_old_bot_players_are_folded_into_the_drawn_members(drawn_table):
    """The migration: a "Bot N" row's results at a night's seat go to the member drawn there
    (marked), elsewhere they stay under a row no standings lists; empty bot rows go."""
    night, night_table, _organiser = drawn_table
    league = night.league
    match = night_table.match
    drawn = {seat.number: seat.entrant.member for seat in night_table.seats.all()}
    bot = Member.objects.create(name="Bot 2 (smart)")
    league.members.add(bot)
    players = [drawn[0], bot, drawn[2], drawn[3]]
    df_scoring.record_set_result(
        match,
        [SeatEntry(m, ELEMENTS[i]) for i, m in enumerate(players)],
        [won(1, "wisdom_of_kings"), won(0), won(2), won(3)],
    )
    elsewhere = Member.objects.create(name="Bot 3 (random)")
    league.members.add(elsewhere)
    lone = Match.objects.create(league=league, source=Match.Source.ONLINE)
    people = list(league.members.exclude(pk__in=[bot.pk, elsewhere.pk])[:3])
    df_scoring.record_set_result(
        lone,
        [SeatEntry(m, ELEMENTS[i]) for i, m in enumerate([people[0], people[1], elsewhere])],
        [won(0), won(1), won(2)],
    )
    module = importlib.import_module("games.migrations.0014_fold_bot_players")
    # The models as that migration knew them (before the results moved to their games' apps),
    # and before the platform kept a generic line per player: those are carried over after it.
    before_the_move = MigrationLoader(connection).project_state(("games", "0020_merge_presence"))
    Result.objects.filter(match__league=league).delete()
    module.fold_bots(before_the_move.apps, None)
    carry_over(django_apps, "dragonformula", "SetResult", "SetLine", "points")

    assert not Member.objects.filter(pk=bot.pk).exists()
    line = SetLine.objects.get(set__match=match, seat=1)
    assert line.member == drawn[1] and line.by_bot
    assert match.sets.get().games.get(number=1).winner == drawn[1]
    elsewhere.refresh_from_db()
    assert elsewhere.guest and not elsewhere.leagues.exists()
    assert SetLine.objects.get(set__match=lone, seat=2).by_bot
    names = {row.name for row in selectors.standings(league)}
    assert not any(name.startswith("Bot") for name in names)
    rows = csv.reader(
        io.StringIO(
            Client().get(reverse("leagues:standings_csv", args=[league.pk])).content.decode()
        )
    )
    assert not any(row[1].startswith("Bot") for row in list(rows)[1:])


def test_forged_seats_and_links_are_refused_with_a_message_and_change_nothing(drawn_table):
    night, night_table, organiser = drawn_table
    other_night, other_members = night_of(count=4)
    other_table = online_table_drawn(other_night, other_members)
    table = night_table.match.table
    for seat in ("nan", "", "9" * 30, "-1", other_table.seats.first().pk):
        response = act(organiser, night, "seat_link", seat=seat)
        assert 400 <= response.status_code < 500, seat
        assert "seat" in response.content.decode().lower()
    assert not night_table.seats.exclude(link_hash="").exists()
    for token in ("x" * 32, "a" * 500, "%00", "../../admin"):
        response = Client().post(f"/nights/seat/{token}/")
        assert response.status_code == 404, token
    assert not table.seats.filter(player__isnull=False).exists()


def test_a_seat_link_made_before_the_member_linked_an_account_does_not_make_a_phone_them(
    drawn_table,
):
    """A seat link is for a member without an account. Once Cho's account is linked and he
    sits by tapping his name, the link made for him before is worthless: the phone that
    opens it is told to ask an organiser and plays as no one (never as Cho's account)."""
    night, night_table, organiser = drawn_table
    cho_seat = night_table.seats.get(entrant__name="Cho")
    url = seat_link(organiser, night, cho_seat)
    cho = User.objects.create_user("cho", password="pw-cho-12345")
    Member.objects.filter(name="Cho").update(user=cho)
    own_phone = Client()
    own_phone.force_login(cho)
    assert act(own_phone, night, "sit", seat=cho_seat.pk).status_code == 302
    table = night_table.match.table
    assert table.seats.get(number=cho_seat.number).player.user == cho

    phone = Client()
    response = phone.post(url)
    assert response.status_code == 404
    assert "ask an organiser" in response.content.decode()
    assert "player_id" not in phone.session
    assert table.seats.get(number=cho_seat.number).player.user == cho
