"""A void, a restore, a correction or a reopening with no reason, a blank one, a 1 MB one, one
holding a control character or a text-direction mark, or a forged one is refused with a message
(4xx, never a 500) and changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from dragsaga.models import DragSagaResult
from games.nights.models import ClubNight
from tests.support.leagues import make_league, make_members, record_dragsaga
from tests.web.night_helpers import keeper_of
from tests.web.record_agreement import EN

pytestmark = pytest.mark.django_db

UNFIT = {
    "no reason": {},
    "blank": {"reason": " \t \u3000 "},
    "a megabyte": {"reason": "x" * 1_000_000},
    "just over the length": {"reason": "y" * 101},
    "a NUL": {"reason": "typo\x00 there"},
    "a mark turning the text around": {"reason": "typo \u202eevil"},
}


@pytest.mark.parametrize("what", sorted(UNFIT))
def test_an_unfit_reason_is_refused_and_changes_nothing(client, what):
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    client.force_login(keeper_of(league, "org"))
    result = record_dragsaga(league, [(aki, 3, 0, 0), (ben, 5, 0, 0)])
    void = reverse("leagues:void_result", args=["dragsaga", result.pk])
    response = client.post(void, UNFIT[what], **EN)
    assert response.status_code == 400
    assert "reason" in response.content.decode().lower()
    result.refresh_from_db()
    assert result.voided_at is None and result.history.count() == 1
    correct = reverse("leagues:dragsaga_correct", args=[result.pk])
    fields = {"damage_0": 9, "cards_left_0": 0, "leftover_cost_0": 0}
    fields |= {"damage_1": 5, "cards_left_1": 0, "leftover_cost_1": 0}
    assert client.post(correct, {**fields, **UNFIT[what]}).status_code == 400
    assert DragSagaResult.objects.get().lines.get(seat=0).damage == 3
    night = ClubNight.objects.create(league=league, date=league.season_start, ended=timezone.now())
    response = client.post(reverse("nights:reopen", args=[night.pk]), UNFIT[what], **EN)
    assert response.status_code == 400
    night.refresh_from_db()
    assert night.ended is not None


def test_a_forged_restore_of_a_result_that_counts_is_refused(client):
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    client.force_login(keeper_of(league, "org"))
    result = record_dragsaga(league, [(aki, 3, 0, 0), (ben, 5, 0, 0)])
    restore = reverse("leagues:restore", args=["dragsaga", result.pk])
    assert client.post(restore, {"reason": "forged"}).status_code == 409
    assert client.get(restore).status_code == 409
    assert result.history.count() == 1


def test_staff_void_correct_and_count_again_in_any_league(admin_client):
    """Staff organise every league: the same writes go through for them, with their reasons."""
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    result = record_dragsaga(league, [(aki, 3, 0, 0), (ben, 5, 0, 0)])
    fields = {"damage_0": 6, "cards_left_0": 0, "leftover_cost_0": 0}
    fields |= {"damage_1": 5, "cards_left_1": 0, "leftover_cost_1": 0, "reason": "recount"}
    correct = reverse("leagues:dragsaga_correct", args=[result.pk])
    assert admin_client.post(correct, fields).status_code == 302
    assert result.lines.get(seat=0).rank == 2
    void = reverse("leagues:void_result", args=["dragsaga", result.pk])
    assert admin_client.post(void, {"reason": "duplicate entry"}).status_code == 302
    restore = reverse("leagues:restore", args=["dragsaga", result.pk])
    assert admin_client.post(restore, {"reason": "not a duplicate"}).status_code == 302
    result.refresh_from_db()
    assert result.voided_at is None and result.void_reason == ""
    reasons = list(result.history.values_list("history_change_reason", flat=True))
    assert {"recount", "duplicate entry", "not a duplicate"} <= set(reasons)
