"""The league admin: every list and change page opens, computed figures are read-only."""

import pytest
from django.urls import reverse

from dragonformula.models import SetGame, SetResult
from dragsaga.models import DragSagaResult
from games.leagues.member_models import Member
from games.leagues.models import League, Match
from tests.support.leagues import (
    NO_WINNER,
    make_league,
    make_members,
    record_dragsaga,
    record_set,
    won,
)

pytestmark = pytest.mark.django_db


def test_every_league_admin_page_opens(admin_client):
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    record_set(league, members, [won(0), NO_WINNER])
    saga = make_league("dragsaga", "Saga League")
    record_dragsaga(saga, [(members[0], 3, 2, 1), (members[1], 4, 0, 0)])
    for model in (League, Member, Match, SetResult, SetGame, DragSagaResult):
        prefix = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        assert admin_client.get(reverse(f"{prefix}_changelist")).status_code == 200
        obj = model.objects.first()
        change = admin_client.get(reverse(f"{prefix}_change", args=[obj.pk]))
        assert change.status_code == 200, model


def test_set_points_ranks_and_vp_are_read_only_in_the_admin(admin_client):
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    result = record_set(league, members, [won(0), NO_WINNER])
    page = admin_client.get(reverse("admin:dragonformula_setresult_change", args=[result.pk]))
    body = page.content.decode()
    assert 'name="lines-0-points"' not in body and 'name="lines-0-victory_points"' not in body
    assert reverse("leagues:set_sheet", args=[result.pk]) in body


def test_results_are_not_typed_in_the_admin(admin_client):
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    result = record_set(league, members, [won(0), NO_WINNER])
    assert admin_client.get(reverse("admin:dragonformula_setresult_add")).status_code == 403
    game = result.games.first()
    assert (
        admin_client.get(reverse("admin:dragonformula_setgame_delete", args=[game.pk])).status_code
        == 403
    )
    match_page = admin_client.get(reverse("admin:games_match_change", args=[result.match_id]))
    assert 'name="sets-MAX_NUM_FORMS" value="0"' in match_page.content.decode()
