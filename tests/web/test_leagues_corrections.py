"""An organiser corrects one recorded game of a set, or undoes the last entry, without voiding
the set: the set keeps its match and night, the standings and ratings follow, and the set's page
shows who changed what, when, before and after."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from dragonformula.models import SetGame, SetResult
from games.leagues import selectors
from games.leagues.models import Match
from games.nights.models import ClubNight
from games.ratings.models import Rating
from tests.support.leagues import make_league, make_members, sign_in_organiser

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(client):
    """A staff organiser signed in, a league of four, a real-card set of a club night."""
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    sign_in_organiser(client)
    night = ClubNight.objects.create(league=league, date=datetime.date(2026, 5, 8))
    data = {f"player_{i}": m.pk for i, m in enumerate(members)}
    data |= {f"element_{i}": e for i, e in enumerate(["fire", "water", "air", "earth"])}
    data["club_night"] = night.pk
    response = client.post(reverse("leagues:record", args=[league.pk]), data)
    assert response.status_code == 302, response.content.decode()
    return client, league, members, SetResult.objects.get(), night


def post_game(client, set_result, **fields):
    response = client.post(reverse("leagues:set_detail", args=[set_result.pk]), fields)
    assert response.status_code == 302, response.content.decode()


def record_four(client, set_result):
    """Aki wins Sephirot 6 (×2 Last Judgement), Ben a chosen hand, then two games nobody won."""
    post_game(
        client, set_result, winner=0, win="dan", hand="sephirot_6",
        multipliers=["last_judgement"],
    )  # fmt: skip
    post_game(client, set_result, winner=1, win="dan", hand="sephirot_6")
    post_game(client, set_result, winner="", win="none")
    post_game(
        client, set_result, winner="", win="none",
        penalty_seat_0=2, penalty_offence_0="wrong_order",
    )  # fmt: skip


def standing(league, name):
    return next(row for row in selectors.standings(league) if row.name == name)


def correct_url(set_result, number):
    return reverse("leagues:correct_game", args=[set_result.pk, number])


def test_correcting_the_winner_of_one_game_moves_the_points_and_keeps_the_history(table):
    client, league, members, set_result, night = table
    record_four(client, set_result)
    set_result.refresh_from_db()
    assert set_result.complete
    aki_before = standing(league, "Aki")
    first = set_result.games.get(number=1)
    assert first.points > 0
    ratings_before = dict(Rating.objects.values_list("member__name", "mu"))
    assert ratings_before["Aki"] > ratings_before["Dai"]

    # The form comes filled with the game as recorded.
    page = client.get(correct_url(set_result, 1)).content.decode()
    assert 'value="sephirot_6" selected' in page
    response = client.post(
        correct_url(set_result, 1),
        {"winner": 3, "win": "dan", "hand": "sephirot_6", "reason": "it was Dai's"},  # no ×2
    )
    assert response.status_code == 302, response.content.decode()

    game = SetGame.objects.get(pk=first.pk)  # the same game row, corrected in place
    assert game.winner == members[3] and game.multipliers == []
    set_result.refresh_from_db()
    assert set_result.complete and set_result.voided_at is None
    assert Match.objects.get().club_night == night  # still the night's set
    lines = {line.member.name: line for line in set_result.lines.all()}
    assert lines["Aki"].points == 0 and lines["Dai"].points == game.points
    assert lines["Dai"].rank == 1
    assert standing(league, "Aki").vp_total < aki_before.vp_total
    assert standing(league, "Dai").wins == 1 and standing(league, "Aki").wins == 0
    ratings_after = dict(Rating.objects.values_list("member__name", "mu"))
    # The ratings follow the correction: Aki no longer won the set, Dai shares first place.
    assert ratings_after["Aki"] < ratings_before["Aki"]
    assert ratings_after["Dai"] > ratings_before["Dai"]

    page = client.get(reverse("leagues:set_detail", args=[set_result.pk])).content.decode()
    history = page[page.index('id="history"') :]
    assert "Game 1 corrected" in history
    assert "org" in history  # who
    corrected = history[history.index("Game 1 corrected") :]
    winner_row = corrected[corrected.index("Winner") :]
    winner_row = winner_row[: winner_row.index("</tr>")]
    assert "Aki" in winner_row and "Dai" in winner_row  # before and after
    assert winner_row.index("Aki") < winner_row.index("Dai")
    assert "Game 4 recorded" in history


def test_correcting_a_penalty_away(table):
    client, league, members, set_result, _night = table
    record_four(client, set_result)
    response = client.post(
        correct_url(set_result, 4), {"winner": "", "win": "none", "reason": "no penalty"}
    )
    assert response.status_code == 302, response.content.decode()
    assert not SetGame.objects.get(set=set_result, number=4).penalties.exists()
    assert set_result.lines.get(member__name="Chie").points == 0
    page = client.get(reverse("leagues:set_detail", args=[set_result.pk])).content.decode()
    corrected = page[page.index("Game 4 corrected") :]
    assert "Chie -100 (drawing out of turn)" in corrected[: corrected.index("</table>")]


def test_undo_of_the_last_entry_reopens_the_set_and_is_in_its_history(table):
    client, league, members, set_result, _night = table
    record_four(client, set_result)
    assert standing(league, "Aki").played == 1
    response = client.post(reverse("leagues:undo_game", args=[set_result.pk]))
    assert response.status_code == 302
    set_result.refresh_from_db()
    assert not set_result.complete and set_result.games.count() == 3
    assert standing(league, "Aki").played == 0  # an open set counts nowhere
    assert not Rating.objects.exists()  # nor in the ratings
    page = client.get(reverse("leagues:set_detail", args=[set_result.pk])).content.decode()
    assert "Game 4 undone" in page
    assert 'name="cards"' in page  # the next game can be recorded again
    post_game(client, set_result, winner=3, win="dan", hand="sephirot_6")
    set_result.refresh_from_db()
    assert set_result.complete and standing(league, "Dai").wins == 1


def test_a_correction_that_does_not_score_is_refused_and_changes_nothing(table):
    client, league, members, set_result, _night = table
    record_four(client, set_result)
    before = list(SetGame.objects.values_list("winner", "hand", "points"))
    response = client.post(
        correct_url(set_result, 1),
        {"winner": 0, "win": "dan", "cards": "W3 C3 S3", "reason": "typo"},
    )
    assert response.status_code == 400
    assert "11 cards" in response.content.decode()
    assert list(SetGame.objects.values_list("winner", "hand", "points")) == before
    assert SetGame.history.filter(history_type="~").count() == 0


def test_undo_is_refused_once_the_next_set_has_started(table):
    client, league, members, set_result, _night = table
    record_four(client, set_result)
    client.post(reverse("leagues:next_set", args=[set_result.pk]), {"fire": 1})
    response = client.post(reverse("leagues:undo_game", args=[set_result.pk]))
    assert response.status_code == 409
    assert set_result.games.count() == 4


@pytest.mark.parametrize("who", ["signed out", "not an organiser"])
def test_corrections_are_refused_to_anyone_but_an_organiser(table, who):
    client, league, members, set_result, _night = table
    record_four(client, set_result)
    client.logout()
    if who == "not an organiser":
        client.force_login(get_user_model().objects.create_user("stranger", password="pw"))
    before = list(SetGame.objects.values_list("winner", "hand", "points"))
    correct = client.post(correct_url(set_result, 1), {"winner": 3, "win": "dan", "hand": "x"})
    undo = client.post(reverse("leagues:undo_game", args=[set_result.pk]))
    expected = 302 if who == "signed out" else 403
    assert correct.status_code == undo.status_code == expected
    if who == "signed out":
        assert "login" in correct["Location"]
    assert list(SetGame.objects.values_list("winner", "hand", "points")) == before
    assert client.get(correct_url(set_result, 1)).status_code == expected


def test_the_admin_shows_a_games_history_read_only(table, admin_client):
    client, league, members, set_result, _night = table
    record_four(client, set_result)
    client.post(
        correct_url(set_result, 1),
        {"winner": 3, "win": "dan", "hand": "sephirot_6", "reason": "misread"},
    )
    game = set_result.games.get(number=1)
    page = admin_client.get(reverse("admin:dragonformula_setgame_history", args=[game.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "misread" in text and "recorded" in text and "org" in text


@pytest.mark.parametrize("number", ["99", "99999999999999999999999"])
def test_a_game_that_does_not_exist_is_not_found(table, number):
    client, league, members, set_result, _night = table
    url = f"/leagues/sets/{set_result.pk}/games/{number}/correct/"
    assert client.get(url).status_code == 404
    assert client.post(url, {"winner": 0, "win": "dan", "hand": "sephirot_6"}).status_code == 404
    huge = "/leagues/sets/99999999999999999999999/undo/"
    assert client.post(huge).status_code == 404
