"""Every game's result keeps the platform's one generic line per player (member, seat, rank,
victory points, points, played by a bot; void and complete through its result), and the
standings count those lines. A game's own rows (a set's elements, games and penalties; a
DragSaga game's damage) keep the detail, and the generic rows follow them through every
recording, correction, undo, void, restore, deletion and named seat: they never say
anything else, and the correction history still reads as before."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from dragonformula.models import SetGame, SetLine
from dragsaga.models import DragSagaLine, DragSagaResult
from games.leagues import selectors
from games.leagues.member_models import GuestSeat
from games.leagues.models import Result, ResultLine
from tests.support.leagues import (
    make_league,
    make_members,
    record_dragsaga,
    record_set,
    sign_in_organiser,
    won,
)
from tests.web.test_leagues_corrections import table  # noqa: F401 (the fixture)
from tests.web.test_leagues_identity import guest_played_dragsaga, keeper_client

pytestmark = pytest.mark.django_db


def lines(rows, result: str, points: str) -> list[tuple]:
    """Each line of ``rows`` as the standings read it: its result's number, whether it is void
    and complete (a DragSaga game once recorded), then the line's seat, member, rank, victory
    points, whether a bot played it, and its total (``points``)."""
    return sorted(
        (
            getattr(line, result).number,
            getattr(line, result).voided_at is not None,
            getattr(getattr(line, result), "complete", True),
            line.seat,
            line.member_id,
            line.rank,
            line.victory_points,
            line.by_bot,
            getattr(line, points),
        )
        for line in rows.select_related(result)
    )


def generic(match) -> list[tuple]:
    """The platform's result and lines of ``match``: what the standings count."""
    return lines(ResultLine.objects.filter(result__match=match), "result", "points")


def set_lines(match) -> list[tuple]:
    return lines(SetLine.objects.filter(set__match=match), "set", "points")


def dragsaga_lines(match) -> list[tuple]:
    return lines(DragSagaLine.objects.filter(game__match=match), "game", "final_damage")


def standing(league, name):
    return next(row for row in selectors.standings(league) if row.name == name)


def post(client, url, data=None):
    response = client.post(url, data or {})
    assert response.status_code == 302, response.content.decode()


def test_a_sets_generic_lines_follow_its_games_corrections_undo_void_and_restore(table):  # noqa: F811
    """A keeper's real-cards set of a club night (``table``), kept game by game."""
    client, league, _members, set_result, _night = table
    match = set_result.match
    assert generic(match) == set_lines(match) and len(generic(match)) == 4  # opened: 0 points
    assert standing(league, "Aki").played == 0  # an unfinished set counts nowhere

    page = reverse("leagues:set_detail", args=[set_result.pk])
    post(client, page, {"winner": 0, "win": "dan", "hand": "sephirot_6"})
    post(client, page, {"winner": 1, "win": "dan", "hand": "sephirot_6"})
    post(client, page, {"winner": "", "win": "none"})
    post(
        client, page,
        {"winner": "", "win": "none", "penalty_seat_0": 2, "penalty_offence_0": "wrong_order"},
    )  # fmt: skip
    assert generic(match) == set_lines(match)
    set_result.refresh_from_db()
    assert set_result.complete
    assert Result.objects.get(match=match).completed_at == set_result.completed_at  # rated then
    aki = standing(league, "Aki")
    assert aki.played == 1 and aki.total_points == SetLine.objects.get(seat=0).points > 0

    correct = reverse("leagues:correct_game", args=[set_result.pk, 1])
    post(
        client, correct, {"winner": 3, "win": "dan", "hand": "sephirot_6", "reason": "wrong table"}
    )  # Dai's, not Aki's
    assert generic(match) == set_lines(match)
    assert standing(league, "Dai").total_points == SetLine.objects.get(seat=3).points > 0
    assert standing(league, "Aki").total_points == SetLine.objects.get(seat=0).points
    first = SetGame.objects.get(set=set_result, number=1)
    assert first.history.count() == 2  # recorded, then corrected: the history still kept

    post(client, reverse("leagues:undo_game", args=[set_result.pk]))
    assert generic(match) == set_lines(match)
    set_result.refresh_from_db()
    assert not set_result.complete and standing(league, "Dai").played == 0
    assert Result.objects.get(match=match).completed_at is None

    post(client, page, {"winner": 2, "win": "dan", "hand": "sephirot_6"})
    assert generic(match) == set_lines(match)
    assert standing(league, "Chie").played == 1

    post(
        client,
        reverse("leagues:void_result", args=["set", set_result.pk]),
        {"reason": "wrong table"},
    )
    assert generic(match) == set_lines(match)
    assert Result.objects.get(match=match).voided_at is not None
    assert standing(league, "Chie").played == 0 and standing(league, "Chie").vp_total == 0

    post(client, reverse("leagues:restore", args=["set", set_result.pk]), {"reason": "wrong table"})
    assert generic(match) == set_lines(match)
    assert standing(league, "Chie").played == 1


def test_a_dragsaga_games_generic_lines_follow_its_void_and_its_deletion(client):
    league = make_league("dragsaga", "Saga League")
    aki, ben, chie = make_members(league, "Aki", "Ben", "Chie")
    result = record_dragsaga(league, [(aki, 3, 2, 1), (ben, 5, 0, 0), (chie, 2, 9, 2)])
    match = result.match
    assert generic(match) == dragsaga_lines(match) and len(generic(match)) == 3
    aki_row = standing(league, "Aki")
    assert aki_row.total_points == DragSagaLine.objects.get(member=aki).final_damage
    assert aki_row.vp_total == DragSagaLine.objects.get(member=aki).victory_points > Decimal(0)

    sign_in_organiser(client)
    post(
        client,
        reverse("leagues:void_result", args=["dragsaga", result.pk]),
        {"reason": "wrong table"},
    )
    assert generic(match) == dragsaga_lines(match)
    assert standing(league, "Aki").played == 0

    result.delete()  # as the admin deletes a result
    assert generic(match) == [] and not Result.objects.filter(match=match).exists()


def test_the_platforms_own_result_of_a_game_is_voided_only_through_the_game(client):
    """A void link naming the platform's result of a DragSaga game finds nothing to void: the
    game's own result is voided, and its platform rows follow."""
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    result = record_dragsaga(league, [(aki, 3, 2, 1), (ben, 5, 0, 0)])
    sign_in_organiser(client)
    generic_result = Result.objects.get(match=result.match)
    response = client.post(reverse("leagues:void_result", args=["result", generic_result.pk]))
    assert response.status_code == 404
    assert Result.objects.get(pk=generic_result.pk).voided_at is None
    assert not DragSagaResult.objects.filter(voided_at__isnull=False).exists()


def test_a_named_guest_seat_and_a_bots_seat_move_their_generic_lines_too(client):
    league = make_league("dragsaga", "Saga League")
    (ben,) = make_members(league, "Ben")
    match = guest_played_dragsaga(client, league)
    assert generic(match) == dragsaga_lines(match)
    assert any(line[7] for line in generic(match))  # the bot's seat, marked as a bot's
    seat = GuestSeat.objects.get(match=match)
    keeper_client(client, league)
    post(client, reverse("leagues:name_seat", args=[league.pk, seat.pk]), {"member": ben.pk})
    assert generic(match) == dragsaga_lines(match)
    assert ResultLine.objects.get(result__match=match, seat=0).member == ben
    assert standing(league, "Ben").played == 1


def test_a_plain_member_voids_nothing(client):
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    result = record_dragsaga(league, [(aki, 3, 2, 1), (ben, 5, 0, 0)])
    client.force_login(get_user_model().objects.create_user("zoe", password="pw"))
    assert (
        client.post(reverse("leagues:void_result", args=["dragsaga", result.pk])).status_code == 403
    )
    assert Result.objects.get(match=result.match).voided_at is None
    assert standing(league, "Aki").played == 1


def test_deleting_a_match_or_a_league_takes_its_generic_rows_with_it():
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    first = record_set(league, members, [won(0), won(1), won(2), won(3)])
    record_set(league, members, [won(3), won(2), won(1), won(0)])
    assert Result.objects.count() == 2 and ResultLine.objects.count() == 8
    first.match.delete()
    assert Result.objects.count() == 1 and ResultLine.objects.count() == 4
    assert standing(league, "Aki").played == 1
    saga = make_league("dragsaga", "Saga League")
    aki, ben = make_members(saga, "Aki2", "Ben2")
    record_dragsaga(saga, [(aki, 3, 2, 1), (ben, 5, 0, 0)])
    league.delete()
    saga.delete()
    assert not Result.objects.exists() and not ResultLine.objects.exists()
