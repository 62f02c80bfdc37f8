"""League players are who a keeper says they are: a name at a table links and files nothing.

The attack of issue 17, replayed: someone signs up under a league player's name (or names
themselves like one as a guest), sits at an online league table a keeper opened and lets the
bots play it out. Nothing may link the league player to them, give them keeper rights or file
the result under the real player; the result waits for a keeper to say who played.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from dragonformula.models import SetLine
from dragsaga.models import DragSagaLine
from games.leagues import selectors
from games.leagues.member_models import GuestSeat, Member
from games.leagues.models import Match
from games.leagues.online import open_league_table
from games.tables import selectors as table_selectors
from games.tables.models import Player
from tests.support.leagues import make_league, make_members, play_out

pytestmark = pytest.mark.django_db


def sign_up(client, username: str) -> Player:
    response = client.post(
        reverse("games:signup"),
        {"username": username, "password1": "a-long pass 42", "password2": "a-long pass 42"},
    )
    assert response.status_code == 302, response.content.decode()
    return Player.objects.get(user__username=username)


def name_as_guest(client, name: str) -> Player:
    response = client.post(reverse("games:guest"), {"display_name": name})
    assert response.status_code == 302
    return Player.objects.get(pk=client.session["player_id"])


def sit_and_start(client, table) -> None:
    """Seat 0 of a league table a keeper opened (without sitting), and start it."""
    base = f"/{table.game_name}/{table.code}/"
    assert client.post(base + "sit", {"seat": "0"}).status_code in (200, 302)
    assert client.post(base + "start").status_code in (200, 302)


def test_signing_up_as_a_league_player_links_nothing_and_files_nothing(client):
    league = make_league()
    aki, ben = make_members(league, "Aki", "Ben")
    table = open_league_table(
        league, players=2, bot_level="smart", options={"sets": 1}, created_by=None
    )
    attacker = sign_up(client, "Aki")
    sit_and_start(client, table)
    play_out(table_selectors.current_game(table), attacker)

    aki.refresh_from_db()
    assert aki.user is None  # the real Aki can still be linked later
    assert not Member.objects.filter(user=attacker.user).exists()
    assert client.get(reverse("leagues:record", args=[league.pk])).status_code == 403
    match = Match.objects.get(table=table)
    assert match.sets.exists()  # the table's result is there ...
    assert not SetLine.objects.filter(member=aki).exists()  # ... but not under Aki
    rows = {row.name: row for row in selectors.standings(league)}
    assert rows["Aki"].played == 0 and rows["Aki"].vp_total == 0
    page = client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "waits for a keeper" in page
    assert "Aki" in page  # the name the seat's player gave is shown with the pending result


def test_a_forged_result_is_refused_to_the_impostor(client):
    league = make_league("dragsaga", "Saga League")
    aki, ben, chie = make_members(league, "Aki", "Ben", "Chie")
    table = open_league_table(league, players=2, bot_level="random", created_by=None)
    attacker = sign_up(client, "Aki")
    sit_and_start(client, table)
    play_out(table_selectors.current_game(table), attacker)
    data = {}
    for seat, member in enumerate((aki, ben)):
        data |= {
            f"player_{seat}": member.pk,
            f"damage_{seat}": [0, 30][seat],
            f"cards_left_{seat}": 0,
            f"leftover_cost_{seat}": 0,
        }
    response = client.post(reverse("leagues:record", args=[league.pk]), data)
    assert response.status_code == 403
    assert not DragSagaLine.objects.filter(member=aki).exists()


def test_a_guest_named_like_a_league_player_files_nothing_under_them(client):
    league = make_league("dragsaga", "Saga League")
    (ben,) = make_members(league, "Ben")
    table = open_league_table(league, players=3, bot_level="random", created_by=None)
    guest = name_as_guest(client, "Ben")
    sit_and_start(client, table)
    play_out(table_selectors.current_game(table), guest)

    result = Match.objects.get(table=table).dragsaga_games.get()
    assert not result.lines.filter(member=ben).exists()
    seat_zero = result.lines.get(seat=0).member
    assert seat_zero.guest and seat_zero != ben
    rows = {row.name: row for row in selectors.standings(league)}
    assert rows["Ben"].played == 0
    assert seat_zero.name not in rows  # a seat nobody vouched for is no standings row


def test_a_linked_player_is_filed_under_their_league_name(client):
    league = make_league("dragsaga", "Saga League")
    (ben,) = make_members(league, "Ben")
    player = sign_up(client, "ben-k")
    ben.user = player.user
    ben.save()
    table = open_league_table(league, players=2, bot_level="random", created_by=None)
    sit_and_start(client, table)
    play_out(table_selectors.current_game(table), player)
    result = Match.objects.get(table=table).dragsaga_games.get()
    assert result.lines.get(seat=0).member == ben
    assert not get_user_model().objects.filter(league_member__guest=True).exists()


def keeper_client(client, league):
    """``client`` logged in as a keeper of ``league`` (staff)."""
    keeper = get_user_model().objects.create_user("keeper", password="pw", is_staff=True)
    client.force_login(keeper)
    return client


def guest_played_dragsaga(client, league, name="Ben"):
    table = open_league_table(league, players=2, bot_level="random", created_by=None)
    guest = name_as_guest(client, name)
    sit_and_start(client, table)
    play_out(table_selectors.current_game(table), guest)
    client.logout()
    return Match.objects.get(table=table)


def test_a_keeper_says_who_a_guest_was_and_the_result_counts_for_them(client):
    league = make_league("dragsaga", "Saga League")
    (ben,) = make_members(league, "Ben")
    match = guest_played_dragsaga(client, league)
    seat = GuestSeat.objects.get(match=match)
    assert seat.name == "Ben" and seat.placeholder.guest

    keeper_client(client, league)
    page = client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "“Ben”" in page and "This was them" in page
    url = reverse("leagues:name_seat", args=[league.pk, seat.pk])
    assert client.post(url, {"member": ben.pk}).status_code == 302

    line = match.dragsaga_games.get().lines.get(seat=0)
    assert line.member == ben
    # No result waits for an organiser any more (the bot's seat is a bot's, not a guest's).
    assert not DragSagaLine.objects.filter(member__guest=True, by_bot=False).exists()
    rows = {row.name: row for row in selectors.standings(league)}
    assert rows["Ben"].played == 1
    page = client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "waits for a keeper" not in page
    assert client.post(url, {"member": ben.pk}).status_code == 400  # named already


def test_naming_a_seat_is_for_keepers_and_for_the_league_s_own_players(client):
    league = make_league("dragsaga", "Saga League")
    (ben,) = make_members(league, "Ben")
    outsider = Member.objects.create(name="Zed")
    match = guest_played_dragsaga(client, league)
    seat = GuestSeat.objects.get(match=match)
    url = reverse("leagues:name_seat", args=[league.pk, seat.pk])
    assert client.post(url, {"member": ben.pk}).status_code == 302  # to the login page
    client.force_login(get_user_model().objects.create_user("zoe", password="pw"))
    assert client.post(url, {"member": ben.pk}).status_code == 403
    keeper_client(client, league)
    for bad in (outsider.pk, "nan", "", "9" * 30, seat.placeholder.pk):
        response = client.post(url, {"member": bad})
        assert response.status_code == 400, bad
    seat.refresh_from_db()
    assert seat.resolved_to is None
    assert not DragSagaLine.objects.filter(member=ben).exists()


def test_a_seat_is_not_named_after_a_player_who_sat_elsewhere_at_the_match(client):
    league = make_league("dragsaga", "Saga League")
    match = guest_played_dragsaga(client, league)
    (cho,) = make_members(league, "Cho")  # say Cho played the match's other seat
    match.dragsaga_games.get().lines.filter(seat=1).update(member=cho, by_bot=False)
    seat = GuestSeat.objects.get(match=match)
    keeper_client(client, league)
    response = client.post(
        reverse("leagues:name_seat", args=[league.pk, seat.pk]), {"member": cho.pk}
    )
    assert response.status_code == 400
    assert "played another seat" in response.content.decode()


def test_once_a_keeper_names_a_seat_its_later_sets_go_to_the_player_named(admin_user):
    from games.leagues import services

    league = make_league()
    (ben,) = make_members(league, "Ben")
    match = Match.objects.create(league=league)
    placeholder = services.guest_member(match, 1, "Ben")
    assert services.guest_member(match, 1, "Ben") == placeholder  # one per seat, not per set
    services.name_guest_seat(GuestSeat.objects.get(match=match), ben, admin_user)
    assert services.guest_member(match, 1, "Ben") == ben
    assert services.guest_member(Match.objects.create(league=league), 1, "Ben") != ben
