"""An organiser keeps the roster tidy (issue 52): a member entered twice is merged into the
other (every result, night, rating and history carried over, the merge in the roster's
history, every figure kept); a member is withdrawn (results kept) or, with no results,
removed; each asks once more, and only the league's organisers and staff may."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from dragonformula.models import HistoricalSetGame, SetGame
from games.leagues import selectors
from games.leagues.member_models import Member, MemberChange, MemberClaim
from games.leagues.models import ResultLine
from games.nights.models import ClubNight, NightEntrant
from games.ratings.models import Rating, RatingChange
from tests.support.leagues import (
    make_league,
    make_members,
    record_dragsaga,
    record_set,
    won,
)

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture
def twice():
    """A league where Tom Smith was entered twice (the second time as "Tom  Smith"), each
    row with results of its own, a night, a rating; and clients of every kind of visitor."""
    league = make_league()
    aki, ben, cho, tom, tom2 = make_members(league, "Aki", "Ben", "Cho", "Tom Smith", "Tom Smith2")
    Member.objects.filter(pk=tom2.pk).update(name="Tom Smith", email="tom@example.org")
    tom2.refresh_from_db()
    record_set(league, [aki, ben, cho, tom], [won(0), won(1), won(3, "wisdom_of_kings"), won(2)])
    record_set(league, [tom2, aki, ben, cho], [won(0, "wisdom_of_kings"), won(0), won(2), won(3)])
    record_set(league, [aki, tom2, cho, ben], [won(1), won(1), won(0), won(3)])
    night = ClubNight.objects.create(league=league, date=datetime.date(2026, 5, 8))
    NightEntrant.objects.create(night=night, member=tom2, name=tom2.name)
    organiser = User.objects.create_user("org", password="pw-org-12345")
    league.organisers.add(organiser)
    member_user = User.objects.create_user("aki", password="pw-aki-12345")
    Member.objects.filter(pk=aki.pk).update(user=member_user)
    other = User.objects.create_user("other", password="pw-other-1234")
    make_league(name="Other League").organisers.add(other)
    staff = User.objects.create_user("staff", password="pw-staff-1234", is_staff=True)
    clients = {"anonymous": Client()}
    for who, user in (
        ("member", member_user),
        ("other organiser", other),
        ("organiser", organiser),
        ("staff", staff),
    ):
        clients[who] = Client()
        clients[who].force_login(user)
    return league, tom, tom2, clients


def change(client, league, member, action, **fields):
    url = reverse("leagues:change_member", args=[league.pk, member.pk])
    return client.post(url, {"action": action, **fields})


def figures(league):
    return {
        row.pk: (row.name, row.vp_total, row.played, row.wins, row.total_points, row.place)
        for row in selectors.standings(league)
    }


def roster_state():
    return (
        sorted(Member.objects.values_list("pk", "name", "email", "user_id")),
        sorted(ResultLine.objects.values_list("pk", "member_id")),
        sorted(NightEntrant.objects.values_list("pk", "member_id")),
        MemberChange.objects.count(),
        sorted(Member.leagues.through.objects.values_list("league_id", "member_id")),
    )


def test_a_merge_carries_every_result_night_rating_and_history_and_keeps_every_figure(twice):
    league, tom, tom2, clients = twice
    before = figures(league)
    lines_before = ResultLine.objects.count()
    rated_before = RatingChange.objects.count()
    won_before = SetGame.objects.filter(winner__in=[tom, tom2]).count()
    history_before = HistoricalSetGame.objects.filter(winner_id__in=[tom.pk, tom2.pk]).count()
    assert won_before and history_before
    organiser = clients["organiser"]
    asked = change(organiser, league, tom2, "merge", into=tom.pk)
    assert asked.status_code == 200 and "Are you sure?" in asked.content.decode()
    assert Member.objects.filter(pk=tom2.pk).exists()  # nothing yet
    done = change(organiser, league, tom2, "merge", into=tom.pk, confirmed="yes")
    assert done.status_code == 302
    assert not Member.objects.filter(pk=tom2.pk).exists()
    tom.refresh_from_db()
    assert tom.email == "tom@example.org"  # what only the other row knew
    after = figures(league)
    # Tom's row now adds up both; every other player's figures are unchanged.
    merged = after.pop(tom.pk)
    one, other = before.pop(tom.pk), before.pop(tom2.pk)
    assert merged[1] == one[1] + other[1] and merged[2] == one[2] + other[2] == 3
    assert merged[3] == one[3] + other[3] and merged[4] == one[4] + other[4]
    assert {pk: row[:5] for pk, row in after.items()} == {pk: row[:5] for pk, row in before.items()}
    assert ResultLine.objects.count() == lines_before
    assert ResultLine.objects.filter(member=tom).count() == 3
    assert NightEntrant.objects.get().member == tom
    assert SetGame.objects.filter(winner=tom).count() == won_before
    assert HistoricalSetGame.objects.filter(winner_id=tom.pk).count() == history_before
    # The ratings were replayed: the same results rated, Tom's over all three.
    assert RatingChange.objects.count() == rated_before
    assert Rating.objects.get(member=tom, game="dragonformula").results == 3
    change_row = MemberChange.objects.get(kind=MemberChange.Kind.MERGED)
    assert change_row.member == tom and change_row.by.username == "org"
    assert "2 results moved" in change_row.detail
    page = organiser.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "merged" in page and "2 results moved" in page
    player_page = Client().get(reverse("leagues:member_detail", args=[tom.pk]))
    assert player_page.status_code == 200


def test_two_people_who_met_at_one_table_are_not_merged(twice):
    league, tom, _tom2, clients = twice
    aki = Member.objects.get(name="Aki")
    before = roster_state()
    refused = change(clients["organiser"], league, aki, "merge", into=tom.pk, confirmed="yes")
    assert refused.status_code == 409 and "two people" in refused.content.decode()
    assert roster_state() == before


def test_a_member_who_plays_in_another_league_is_not_merged_from_here(twice):
    """A merge moves every row of the member merged away: one with results in another
    league (an ended season, another club's league) would change that league too."""
    league, tom, tom2, clients = twice
    other = make_league(name="Spring Season")
    other.members.add(tom2)
    record_set(other, [tom2, *make_members(other, "Eve", "Fay", "Gus")], [won(0)] * 4)
    before, elsewhere = roster_state(), figures(other)
    refused = change(clients["organiser"], league, tom2, "merge", into=tom.pk, confirmed="yes")
    assert refused.status_code == 409
    assert "also plays in Spring Season" in refused.content.decode()
    assert roster_state() == before and figures(other) == elsewhere


def test_two_accounts_are_not_merged(twice):
    league, tom, tom2, clients = twice
    Member.objects.filter(pk=tom.pk).update(user=User.objects.create_user("tom1", password="x"))
    Member.objects.filter(pk=tom2.pk).update(user=User.objects.create_user("tom2", password="x"))
    before = roster_state()
    refused = change(clients["organiser"], league, tom2, "merge", into=tom.pk, confirmed="yes")
    assert refused.status_code == 409 and "unlink one first" in refused.content.decode()
    assert roster_state() == before


def test_withdrawn_keeps_results_and_removed_needs_none(twice):
    league, tom, _tom2, clients = twice
    organiser = clients["organiser"]
    before = figures(league)
    refused = change(organiser, league, tom, "remove", confirmed="yes")
    assert refused.status_code == 409 and "has results" in refused.content.decode()
    assert change(organiser, league, tom, "withdraw", confirmed="yes").status_code == 302
    assert not league.members.filter(pk=tom.pk).exists()
    assert figures(league) == before  # his results still count, under his name
    dai = make_members(league, "Dai")[0]
    MemberClaim.objects.all().delete()
    assert change(organiser, league, dai, "remove").status_code == 200  # asks first
    assert league.members.filter(pk=dai.pk).exists()
    assert change(organiser, league, dai, "remove", confirmed="yes").status_code == 302
    assert not Member.objects.filter(pk=dai.pk).exists()
    kinds = list(league.roster_changes.values_list("name", "kind"))
    assert ("Tom Smith", "withdrawn") in kinds and ("Dai", "removed") in kinds


def test_a_dragsaga_merge_moves_its_games_and_penalties_too():
    league = make_league("dragsaga", "Saga League")
    mei, sho, ken, mei2 = make_members(league, "Mei", "Sho", "Ken", "Mei2")
    record_dragsaga(league, [(mei, 7, 0, 0), (sho, 3, 0, 0), (ken, 12, 0, 0)])
    record_dragsaga(league, [(mei2, 2, 0, 0), (sho, 9, 0, 0), (ken, 5, 0, 0)])
    before = figures(league)
    organiser = User.objects.create_user("org", password="pw-org-12345", is_staff=True)
    client = Client()
    client.force_login(organiser)
    response = change(client, league, mei2, "merge", into=mei.pk, confirmed="yes")
    assert response.status_code == 302
    after = figures(league)
    assert after[mei.pk][1] == before[mei.pk][1] + before[mei2.pk][1]
    assert after[mei.pk][2] == 2
    assert after[sho.pk][:5] == before[sho.pk][:5] and after[ken.pk][:5] == before[ken.pk][:5]
    assert not ResultLine.objects.filter(member_id=mei2.pk).exists()
    vp = sum((row[1] for row in after.values()), Decimal(0))
    assert vp == sum((row[1] for row in before.values()), Decimal(0))


@pytest.mark.parametrize("who", ["anonymous", "member", "other organiser"])
def test_only_the_leagues_organisers_and_staff_tidy_the_roster(twice, who):
    league, tom, tom2, clients = twice
    before = roster_state()
    for action, fields in (
        ("withdraw", {}),
        ("remove", {}),
        ("merge", {"into": tom.pk}),
    ):
        response = change(clients[who], league, tom2, action, confirmed="yes", **fields)
        assert response.status_code == (302 if who == "anonymous" else 403), action
        if who == "anonymous":
            assert response["Location"].startswith("/accounts/login/")
    assert roster_state() == before


def test_staff_may_tidy_any_roster(twice):
    league, _tom, tom2, clients = twice
    assert change(clients["staff"], league, tom2, "withdraw", confirmed="yes").status_code == 302
    assert not league.members.filter(pk=tom2.pk).exists()


@pytest.mark.parametrize(
    "fields",
    [
        {"action": "merge", "into": "٣"},
        {"action": "merge", "into": "x" * (1 << 20)},
        {"action": "merge", "into": ""},
        {"action": "merge", "into": "-1"},
        {"action": "delete"},
        {"action": "x" * (1 << 20)},
    ],
)
def test_bad_input_changes_nothing(twice, fields):
    league, _tom, tom2, clients = twice
    before = roster_state()
    url = reverse("leagues:change_member", args=[league.pk, tom2.pk])
    response = clients["organiser"].post(url, {**fields, "confirmed": "yes"})
    assert 400 <= response.status_code < 500
    assert roster_state() == before


def test_merging_into_oneself_or_a_stranger_changes_nothing(twice):
    league, _tom, tom2, clients = twice
    stranger = Member.objects.create(name="Not in this league")
    before = roster_state()
    for into in (tom2.pk, stranger.pk):
        response = change(clients["organiser"], league, tom2, "merge", into=into, confirmed="yes")
        assert response.status_code == 400
    assert roster_state() == before


def test_a_merge_posted_without_its_csrf_token_changes_nothing(twice):
    league, tom, tom2, _clients = twice
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(User.objects.get(username="org"))
    before = roster_state()
    response = change(forged, league, tom2, "merge", into=tom.pk, confirmed="yes")
    assert response.status_code == 403
    assert roster_state() == before


def readmit(client, league, member):
    return client.post(reverse("leagues:readmit_member", args=[league.pk, member.pk]))


def test_a_withdrawn_member_is_put_back_on_the_roster_by_an_organiser(twice):
    league, tom, _tom2, clients = twice
    organiser = clients["organiser"]
    before = figures(league)
    assert change(organiser, league, tom, "withdraw", confirmed="yes").status_code == 302
    page = organiser.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "Withdrawn players" in page and "Put Tom Smith back on the roster" in page
    for who in ("anonymous", "member", "other organiser"):  # only the league's organisers
        refused = readmit(clients[who], league, tom)
        assert refused.status_code == (302 if who == "anonymous" else 403), who
        assert not league.members.filter(pk=tom.pk).exists()
    assert readmit(organiser, league, tom).status_code == 302
    assert league.members.filter(pk=tom.pk).exists()
    assert figures(league) == before  # his results never left the standings
    kinds = list(league.roster_changes.values_list("name", "kind"))
    assert ("Tom Smith", "readmitted") in kinds
    page = organiser.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "Withdrawn players" not in page and "back on the roster" in page  # its history
    # Twice, or a member never withdrawn: there is no one to put back.
    assert readmit(organiser, league, tom).status_code == 404
    aki = Member.objects.get(name="Aki")
    assert readmit(organiser, league, aki).status_code == 404
    assert (
        organiser.get(reverse("leagues:readmit_member", args=[league.pk, tom.pk])).status_code
        == 405
    )
