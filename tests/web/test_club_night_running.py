"""A club night run by its keepers from the site: check-in, visitors, late arrivals and
leavers, the committed seat draw, tables at real cards and online, the round clock, results
reaching tonight's standings and the league's, the projector page and the verify page."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from dragonformula import scoring as df_scoring
from dragonformula.models import SetResult
from games.leagues import selectors
from games.leagues.member_models import Member
from games.leagues.models import Match
from games.nights import tonight as night_tonight
from games.nights.models import NightEntrant, NightRound, NightTable
from games.tables.models import Player
from games.trust.fairness import commit
from tests.support.leagues import play_out, won
from tests.web.night_helpers import keeper_of, night_of

pytestmark = pytest.mark.django_db


def act(client, night, action, **fields):
    """A keeper's tap on the night page, confirmed where the page asks (draw, end)."""
    data = {"action": action, "confirmed": "yes", **fields}
    return client.post(reverse("nights:act", args=[night.pk]), data)


@pytest.fixture
def keeper_client(client):
    def sign_in(league):
        client.force_login(keeper_of(league))
        return client

    return sign_in


def check_in_all(client, night, members):
    for member in members:
        assert act(client, night, "check_in", member=member.pk).status_code == 302


def test_a_keeper_checks_players_in_and_adds_a_visitor_who_is_a_name_only(keeper_client):
    night, members = night_of(count=4)
    aki_user = User.objects.create_user("aki-account", password="x-123456")
    Member.objects.filter(name="Aki").update(user=aki_user)
    client = keeper_client(night.league)
    check_in_all(client, night, members)
    assert act(client, night, "visitor", name="  Aki  ").status_code == 302
    visitor = NightEntrant.objects.get(night=night, visitor=True)
    assert visitor.name == "Aki"
    assert visitor.member.name != "Aki" and visitor.member.user is None
    assert visitor.member_id != Member.objects.get(name="Aki").pk
    page = client.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert page.count("Aki") >= 2 and "visitor" in page.lower() or "ビジター" in page


def test_someone_not_a_keeper_changes_nothing(client):
    night, members = night_of(count=4)
    outsider = User.objects.create_user("outsider", password="x-123456")
    client.force_login(outsider)
    for action, fields in (
        ("check_in", {"member": members[0].pk}),
        ("visitor", {"name": "Zed"}),
        ("announce", {}),
        ("end", {}),
    ):
        assert act(client, night, action, **fields).status_code == 403
    assert not night.entrants.exists() and not night.rounds.exists()
    client.logout()
    response = act(client, night, "announce")
    assert response.status_code == 302 and "login" in response["Location"]
    assert not night.rounds.exists()


def test_a_member_linked_to_their_account_taps_im_here(client):
    night, members = night_of(count=4)
    user = User.objects.create_user("ben", password="x-123456")
    Member.objects.filter(name="Ben").update(user=user)
    client.force_login(user)
    page = client.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert 'value="here"' in page
    assert act(client, night, "here").status_code == 302
    assert list(night.entrants.values_list("name", flat=True)) == ["Ben"]
    assert act(client, night, "here").status_code == 409  # already here


def test_an_account_named_like_a_player_is_not_that_player(client):
    night, members = night_of(count=4)
    namesake = User.objects.create_user("Cho", password="x-123456")
    client.force_login(namesake)
    response = act(client, night, "here")
    assert response.status_code == 403
    assert not night.entrants.exists()
    assert Member.objects.get(name="Cho").user is None


@pytest.mark.parametrize(
    ("action", "fields", "status"),
    [
        ("draw", {"round": "abc"}, 400),
        ("draw", {"round": "99"}, 404),
        ("check_in", {"member": "1e309"}, 400),
        ("visitor", {"name": "x" * 1_000_000}, 400),
        ("visitor", {"name": "y" * 41}, 400),
        ("visitor", {"name": "   "}, 400),
        ("timer", {"round": "1", "minutes": "NaN"}, 400),
        ("leave", {"entrant": "-5"}, 400),
        ("open_table", {"table": "1", "mode": "online"}, 404),
        ("fly", {}, 400),
    ],
)
def test_bad_input_is_refused_with_a_message_and_changes_nothing(
    keeper_client, action, fields, status
):
    night, members = night_of(count=4)
    client = keeper_client(night.league)
    check_in_all(client, night, members)
    act(client, night, "announce")
    before = (night.entrants.count(), NightRound.objects.count(), NightTable.objects.count())
    response = act(client, night, action, **fields)
    assert response.status_code == status
    assert 'role="alert"' in response.content.decode()
    after = (night.entrants.count(), NightRound.objects.count(), NightTable.objects.count())
    assert after == before


def seating(night_round):
    return [[seat.entrant for seat in table.seats.all()] for table in night_round.tables.all()]


def test_a_night_of_nine_over_two_rounds_with_a_late_arrival_and_a_leaver(keeper_client):
    night, members = night_of(count=10)
    late, *first_nine = members[::-1]
    client = keeper_client(night.league)
    check_in_all(client, night, first_nine)
    act(client, night, "announce")
    round_1 = night.rounds.get(number=1)
    page = client.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert round_1.commitment in page and str(round_1.seed) not in page
    assert round_1.commitment == commit(round_1.salt, round_1.seed)

    assert act(client, night, "draw", round=1).status_code == 302
    round_1.refresh_from_db()
    tables_1 = seating(round_1)
    assert [len(t) for t in tables_1] == [3, 3, 3]
    assert sorted(e.name for t in tables_1 for e in t) == sorted(m.name for m in first_nine)
    for table in round_1.tables.all():
        elements = [seat.element for seat in table.seats.all()]
        fire = elements.index("fire")
        assert [elements[(fire + k) % 3] for k in range(3)] == ["fire", "water", "air"]

    # A late arrival joins from round 2; a leaver goes before it.
    assert act(client, night, "check_in", member=late.pk).status_code == 302
    assert night.entrants.get(member=late).from_round == 2
    leaver = tables_1[0][0]
    assert act(client, night, "leave", entrant=leaver.pk).status_code == 302

    # Round 1's tables at real cards: each a Dragon Formula set with the drawn names and elements.
    for table in round_1.tables.all():
        assert act(client, night, "open_table", table=table.pk, mode="cards").status_code == 302
    first = round_1.tables.get(number=1)
    first.refresh_from_db()
    set_result = first.match.sets.get()
    lines = list(set_result.lines.order_by("seat"))
    drawn = list(first.seats.order_by("number"))
    assert [(line.member_id, line.element) for line in lines] == [
        (seat.entrant.member_id, seat.element) for seat in drawn
    ]
    sheet = client.get(reverse("leagues:set_sheet", args=[set_result.pk])).content.decode()
    for seat in drawn:
        assert seat.entrant.name in sheet
    # The night's sheet link of the table leads to the set's own sheet and its PDF.
    for name, sheet in (("table_sheet", "set_sheet"), ("table_sheet_pdf", "set_sheet_pdf")):
        response = client.get(reverse(f"nights:{name}", args=[night.pk, first.pk]))
        assert response.status_code == 302
        assert response.url == reverse(f"leagues:{sheet}", args=[set_result.pk])
    # Score keeping finishes the set: it reaches tonight's standings and the league's.
    for game in range(3):
        df_scoring.record_game(set_result, won(game % 3))
    set_result.refresh_from_db()
    assert set_result.complete
    tonight = {row.name: row for row in night_tonight.tonight_standings(night)}
    assert sum(tonight[seat.entrant.name].vp for seat in drawn) == Decimal(6)
    league_rows = {row.name: row for row in selectors.standings(night.league)}
    assert all(league_rows[seat.entrant.member.name].played == 1 for seat in drawn)

    act(client, night, "announce")
    round_1.refresh_from_db()
    assert round_1.status == NightRound.Status.DONE
    page = client.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert str(round_1.seed) in page and round_1.salt in page
    act(client, night, "draw", round=2)
    round_2 = night.rounds.get(number=2)
    names_2 = sorted(e.name for t in seating(round_2) for e in t)
    assert late.name in names_2 and leaver.name not in names_2 and len(names_2) == 9
    met = {frozenset(p) for t in tables_1 for p in combinations([e.pk for e in t], 2)}
    again = [p for t in seating(round_2) for p in combinations([e.pk for e in t], 2)]
    assert sum(frozenset(p) in met for p in again) == round_2.repeat_pairs == 0

    # The verify page recomputes round 1's draw from its revealed seed.
    verify = client.get(
        reverse("games:verify"),
        {
            "kind": "seat-draw",
            "night": night.pk,
            "round": 1,
            "seed": round_1.seed,
            "salt": round_1.salt,
            "commitment": round_1.commitment,
        },
    )
    assert verify.status_code == 200
    html = verify.content.decode()
    assert 'data-matches="true"' in html
    for entrant in tables_1[1]:
        assert entrant.name in html
    forged = client.get(
        reverse("games:verify"),
        {
            "kind": "seat-draw",
            "night": night.pk,
            "round": 1,
            "seed": round_1.seed + 1,
            "salt": round_1.salt,
            "commitment": round_1.commitment,
        },
    )
    assert 'data-matches="false"' in forged.content.decode()
    early = client.get(
        reverse("games:verify"),
        {
            "kind": "seat-draw",
            "night": night.pk,
            "round": 2,
            "seed": 1,
            "salt": round_2.salt,
            "commitment": round_2.commitment,
        },
    )
    assert early.status_code == 404  # round 2's seed is still secret
    bad = client.get(reverse("games:verify"), {"kind": "seat-draw", "round": "x", "seed": "NaN"})
    assert bad.status_code == 400

    # The night ends: its page lists rounds, tables, results and sheets.
    assert act(client, night, "end").status_code == 302
    night.refresh_from_db()
    assert night.ended is not None
    page = client.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert reverse("leagues:set_sheet", args=[set_result.pk]) in page
    assert 'value="draw"' not in page and 'value="announce"' not in page
    assert act(client, night, "announce").status_code == 409


def test_the_round_clock_shows_its_time_left_on_the_night_pages(keeper_client):
    night, members = night_of(count=4)
    client = keeper_client(night.league)
    check_in_all(client, night, members)
    act(client, night, "announce")
    assert act(client, night, "timer", round=1, minutes=30).status_code == 409  # not drawn yet
    act(client, night, "draw", round=1)
    assert act(client, night, "timer", round=1, minutes=30).status_code == 302
    table = NightTable.objects.get(round__night=night)
    act(client, night, "open_table", table=table.pk, mode="cards")
    table.refresh_from_db()
    keeping = reverse("leagues:set_detail", args=[table.match.sets.get().pk])
    for url in (
        reverse("nights:night", args=[night.pk]),
        reverse("nights:screen", args=[night.pk]),
        keeping,
    ):
        page = client.get(url).content.decode()
        assert 'data-seconds-left="17' in page, url  # 30 minutes: 1799 or 1800 seconds
        assert "29:5" in page or "30:00" in page


def test_an_online_night_table_keeps_each_seat_for_its_drawn_player_and_bots_play_for_them(
    keeper_client,
):
    night, members = night_of(count=4)
    linked = User.objects.create_user("dai", password="x-123456")
    Member.objects.filter(name="Dai").update(user=linked)
    keeper = keeper_client(night.league)
    check_in_all(keeper, night, members)
    act(keeper, night, "announce")
    act(keeper, night, "draw", round=1)
    night_table = NightTable.objects.get(round__night=night)
    assert act(keeper, night, "open_table", table=night_table.pk, mode="online").status_code == 302
    night_table.refresh_from_db()
    table = night_table.match.table
    assert night_table.match.club_night == night and table.players == 4
    dai_seat = night_table.seats.get(entrant__name="Dai")
    dai_player = Player.objects.get(user=linked)
    # Every seat is kept for the one drawn to it; nobody is sat down for them.
    assert table.seats.get(number=dai_seat.number).kept_for == dai_player
    assert not table.seats.filter(player__isnull=False).exists()
    # Dai taps his name on the night page, on his own phone, and sits in his own seat.
    phone = Client()
    phone.force_login(linked)
    page = phone.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert page.count('value="sit"') == 1
    response = act(phone, night, "sit", seat=dai_seat.pk)
    assert response.status_code == 302 and response["Location"].endswith(f"/{table.code}/")
    assert table.seats.get(number=dai_seat.number).player == dai_player
    assert act(keeper, night, "start_table", table=night_table.pk).status_code == 302
    table.refresh_from_db()  # started: a bot plays each seat nobody took
    assert table.status == "playing"
    assert table.seats.exclude(number=dai_seat.number).filter(bot_level="").count() == 0
    played = play_out(table.games.get(), dai_player, seat=dai_seat.number)
    assert played.is_finished
    match = Match.objects.get(table=table)
    first_set = match.sets.order_by("number").first()
    assert isinstance(first_set, SetResult)
    drawn = {seat.number: seat.entrant.member for seat in night_table.seats.all()}
    lines = {line.seat: line for line in first_set.lines.all()}
    assert {seat: line.member for seat, line in lines.items()} == drawn  # the drawn, not bots
    assert {seat for seat, line in lines.items() if line.by_bot} == set(drawn) - {dai_seat.number}
    assert not Member.objects.filter(name__startswith="Bot").exists()
    page = keeper.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert reverse("games:replay", args=[played.pk]) in page
    assert page.count("played by a bot") >= 3


def test_the_projector_page_shows_the_seating_and_both_standings(keeper_client):
    night, members = night_of(count=8)
    client = keeper_client(night.league)
    check_in_all(client, night, members)
    act(client, night, "announce")
    act(client, night, "draw", round=1)
    page = client.get(reverse("nights:screen", args=[night.pk])).content.decode()
    assert f'ws-connect="/ws/nights/{night.pk}/"' in page
    for member in members:
        assert member.name in page
    assert 'id="night-tonight"' in page and 'id="night-league"' in page
    assert "<script>" not in page and "onclick" not in page
    english = client.get(
        reverse("nights:screen", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    client.cookies["django_language"] = "en"
    english = client.get(reverse("nights:screen", args=[night.pk])).content.decode()
    assert "Seating of round 1" in english and "Fire" in english
    client.cookies["django_language"] = "ja"
    japanese = client.get(reverse("nights:screen", args=[night.pk])).content.decode()
    assert "Seating of round 1" not in japanese


def test_a_dragsaga_night_seats_tables_of_four_and_three_and_records_a_real_card_game(
    keeper_client,
):
    from tests.support.leagues import make_league

    night, members = night_of(make_league("dragsaga", "Saga League"), count=7)
    client = keeper_client(night.league)
    check_in_all(client, night, members)
    act(client, night, "announce")
    act(client, night, "draw", round=1)
    night_round = night.rounds.get()
    assert [len(t) for t in seating(night_round)] == [4, 3]
    assert not any(s.element for t in night_round.tables.all() for s in t.seats.all())
    table = night_round.tables.get(number=2)
    act(client, night, "open_table", table=table.pk, mode="cards")
    sheet = client.get(reverse("nights:table_sheet", args=[night.pk, table.pk]))
    names = [seat.entrant.name for seat in table.seats.order_by("number")]
    assert sheet.status_code == 200 and all(n in sheet.content.decode() for n in names)
    url = reverse("nights:table_result", args=[night.pk, table.pk])
    bad = client.post(url, {"damage_0": "NaN", "cards_left_0": "-1"})
    assert bad.status_code == 400 and not table.seats.first().entrant.member.dragsaga_lines.exists()
    rows = {0: (5, 1, 3), 1: (9, 2, 7), 2: (2, 0, 0)}
    posted = {}
    for seat, (damage, cards, cost) in rows.items():
        posted |= {
            f"damage_{seat}": damage,
            f"cards_left_{seat}": cards,
            f"leftover_cost_{seat}": cost,
        }
    assert client.post(url, posted).status_code == 302
    table.refresh_from_db()
    assert night_tonight.table_finished(table)
    tonight = {row.name: row for row in night_tonight.tonight_standings(night)}
    assert tonight[names[2]].vp == Decimal(3) and tonight[names[2]].place == 1
    assert tonight[names[1]].points == 9 + 7 // 2
    assert client.post(url, posted).status_code == 409  # recorded once
    page = client.get(reverse("nights:night", args=[night.pk])).content.decode()
    result = table.match.dragsaga_games.get()
    assert reverse("leagues:dragsaga_sheet", args=[result.pk]) in page
    # Once recorded, the table's sheet (and its PDF) is the game's own.
    for name, sheet in (
        ("table_sheet", "dragsaga_sheet"),
        ("table_sheet_pdf", "dragsaga_sheet_pdf"),
    ):
        response = client.get(reverse(f"nights:{name}", args=[night.pk, table.pk]))
        assert response.status_code == 302
        assert response.url == reverse(f"leagues:{sheet}", args=[result.pk])


def test_a_visitors_name_with_control_characters_is_refused_and_adds_no_one(keeper_client):
    """A NUL or another control character in a visitor's name (a forged POST; no keyboard
    types one) is refused with a message, and no visitor or player row is made: such a
    name could not be stored by every database, nor shown, nor seat a drawn table."""
    night, _members = night_of(count=4)
    client = keeper_client(night.league)
    players = Member.objects.count()
    for name in ("\x00", "Ken\x00", "a\x07b", "\x1b[31mKen"):
        response = act(client, night, "visitor", name=name)
        assert response.status_code == 400, repr(name)
        assert "control character" in response.content.decode()
    assert not NightEntrant.objects.filter(night=night).exists()
    assert Member.objects.count() == players
    assert act(client, night, "visitor", name="Ken").status_code == 302
