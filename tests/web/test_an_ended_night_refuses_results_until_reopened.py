"""An ended club night takes no results, by any route: its drawn table's form, the league's own
form naming the night, a set's page, an online league table opened for it, an online table
finishing after it ended, the scoring services themselves. Each refusal is a 409 with a clear
message and changes nothing, until an organiser reopens the night saying why (kept in its
history); then what its online tables finished meanwhile is recorded."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from dragonformula import scoring as df_scoring
from dragonformula.models import SetResult
from dragsaga import scoring as ds_scoring
from dragsaga.models import DragSagaResult
from dragsaga.scoring import DragSagaEntry
from games.leagues import services
from games.leagues.models import Match, Result
from games.leagues.online import open_league_table
from games.nights import round_tables, rounds
from games.nights.models import NightTable
from games.tables.actions import guests, starting
from tests.support.leagues import make_league, play_out, seats, won
from tests.web.night_helpers import keeper_of, night_of, one_table_drawn
from tests.web.record_agreement import EN

pytestmark = pytest.mark.django_db

ENDED = "This club night has ended: it takes no more results."


def ended_night(game, mode=NightTable.Mode.CARDS):
    league = make_league(game, "Saga League" if game == "dragsaga" else "Formula League")
    night, members = night_of(league, count=4)
    organiser = keeper_of(league, "org")
    night_table = one_table_drawn(night, members)
    round_tables.open_table(night_table, mode)
    night_table.refresh_from_db()
    rounds.end_night(night)
    night.refresh_from_db()
    return league, night, members, organiser, night_table


def counted():
    return sorted(Result.objects.values_list("match_id", "number", "voided_at", "complete"))


def refused(response):
    text = response.content.decode()
    return response.status_code == 409 and ENDED in text


def test_a_dragsaga_night_refuses_a_result_by_every_route_until_reopened(client):
    league, night, members, organiser, night_table = ended_night("dragsaga")
    client.force_login(organiser)
    before = counted()
    drawn = reverse("nights:table_result", args=[night.pk, night_table.pk])
    tally = {
        f"{name}_{seat}": value
        for seat in range(4)
        for name, value in (("damage", seat + 1), ("cards_left", 0), ("leftover_cost", 0))
    }
    assert refused(client.get(drawn, **EN))
    assert refused(client.post(drawn, tally, **EN))
    league_form = {
        "club_night": night.pk,
        **{f"player_{seat}": member.pk for seat, member in enumerate(members[:2])},
        "damage_0": 3,
        "cards_left_0": 0,
        "leftover_cost_0": 0,
        "damage_1": 5,
        "cards_left_1": 0,
        "leftover_cost_1": 0,
    }
    assert refused(client.post(reverse("leagues:record", args=[league.pk]), league_form, **EN))
    online = {"players": 2, "bot_level": "random", "club_night": night.pk}
    assert refused(client.post(reverse("leagues:open_table", args=[league.pk]), online, **EN))
    with pytest.raises(services.NightEnded):
        ds_scoring.record_result(
            night_table.match, [DragSagaEntry(m, 1, 0, 0) for m in members[:2]]
        )
    assert counted() == before and not DragSagaResult.objects.exists()
    assert Match.objects.filter(league=league).count() == 1  # the drawn table's, no new one

    # The night page says it is over and offers the reopening, which asks why.
    page = client.get(reverse("nights:night", args=[night.pk]), **EN).content.decode()
    reopen = reverse("nights:reopen", args=[night.pk])
    assert (
        reopen in page and "Keep score" not in page.split("night-round")[1].split("</article>")[0]
    )
    asked = client.get(reopen, **EN).content.decode()
    assert 'name="reason"' in asked
    assert client.post(reopen, {"reason": ""}).status_code == 400
    night.refresh_from_db()
    assert night.ended is not None
    assert client.post(reopen, {"reason": "table 1 handed in its sheet late"}).status_code == 302
    night.refresh_from_db()
    assert night.ended is None
    page = client.get(reverse("nights:night", args=[night.pk]), **EN).content.decode()
    history = page[page.index("night-history") :]
    assert "Night reopened" in history and "table 1 handed in its sheet late" in history
    assert "Night ended" in history and "org" in history
    assert client.post(drawn, tally).status_code == 302
    assert DragSagaResult.objects.count() == 1


def test_a_dragon_formula_night_refuses_games_and_sets_until_reopened(client):
    league, night, members, organiser, night_table = ended_night("dragonformula")
    client.force_login(organiser)
    set_result = SetResult.objects.get()  # started with the draw, before the night ended
    page = reverse("leagues:set_detail", args=[set_result.pk])
    shown = client.get(page, **EN).content.decode()
    assert ENDED in shown and "Record the game" not in shown  # no form that would fail
    assert refused(client.post(page, {"winner": 0, "win": "dan", "hand": "sephirot_6"}, **EN))
    league_form = {
        "club_night": night.pk,
        **{f"player_{seat}": member.pk for seat, member in enumerate(members)},
        **{f"element_{seat}": e for seat, e in enumerate(["fire", "water", "air", "earth"])},
    }
    assert refused(client.post(reverse("leagues:record", args=[league.pk]), league_form, **EN))
    with pytest.raises(services.NightEnded):
        df_scoring.record_game(set_result, won(0))
    with pytest.raises(services.NightEnded):
        df_scoring.start_set(night_table.match, seats(members))
    assert not set_result.games.exists() and SetResult.objects.count() == 1

    client.post(reverse("nights:reopen", args=[night.pk]), {"reason": "we played on"})
    response = client.post(page, {"winner": 0, "win": "dan", "hand": "sephirot_6"})
    assert response.status_code == 302 and set_result.games.count() == 1


def test_an_online_game_finished_after_the_night_ended_is_recorded_when_it_reopens(client):
    league = make_league("dragsaga", "Saga League")
    night, members = night_of(league, count=2)
    organiser = keeper_of(league, "org")
    player = guests.player_for_user(organiser)
    table = open_league_table(
        league, players=2, bot_level="random", created_by=player, club_night=night
    )
    game = starting.start(table, player, seed=12)
    night.ended = timezone.now()
    night.save()
    game = play_out(game, player)
    assert game.is_finished
    assert not DragSagaResult.objects.exists()  # the move stood; the league took nothing
    client.force_login(organiser)
    client.post(reverse("nights:reopen", args=[night.pk]), {"reason": "the last table ran over"})
    result = DragSagaResult.objects.get()
    assert result.match.table_id == table.pk and result.lines.count() == 2


def test_a_night_is_reopened_only_by_its_organisers(client, django_user_model):
    league, night, members, organiser, night_table = ended_night("dragsaga")
    reopen = reverse("nights:reopen", args=[night.pk])
    other = make_league("dragsaga", "Other League")
    other_organiser = keeper_of(other, "otherorg")
    member_user = django_user_model.objects.create_user("ben", password="pw-ben-12345")
    members[1].user = member_user
    members[1].save()
    staff = django_user_model.objects.create_user("staff", password="pw-st-12345", is_staff=True)
    for person, expected in ((None, 302), (member_user, 403), (other_organiser, 403)):
        client.logout()
        if person is not None:
            client.force_login(person)
        response = client.post(reopen, {"reason": "let me in"})
        assert response.status_code == expected
        if expected == 302:
            assert "login" in response["Location"]
        night.refresh_from_db()
        assert night.ended is not None
    client.force_login(staff)  # staff organise every league
    assert client.post(reopen, {"reason": "staff reopened it"}).status_code == 302
    night.refresh_from_db()
    assert night.ended is None
    assert client.post(reopen, {"reason": "again"}).status_code == 409  # not ended now
