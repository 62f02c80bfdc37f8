"""The admin's side of who is who and of ratings: pages open, voiding and deleting recompute
the ratings, a seat's placeholder is never linked to an account there."""

import pytest
from django.urls import reverse

from dragsaga.models import DragSagaResult
from games.leagues.member_models import GuestSeat, MemberClaim
from games.ratings.models import Rating
from tests.support.leagues import (
    NO_WINNER,
    make_league,
    make_members,
    new_match,
    record_dragsaga,
    record_set,
    won,
)

pytestmark = pytest.mark.django_db


def test_the_identity_and_rating_admin_pages_open(admin_client, admin_user):
    from games.leagues import services

    league = make_league()
    aki, ben = make_members(league, "Aki", "Ben")
    record_set(league, [aki, ben], [won(0), NO_WINNER])
    services.make_claim_code(ben, league, admin_user)
    services.guest_member(new_match(league), 0, "Cho")
    for model in (GuestSeat, MemberClaim, Rating):
        prefix = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        assert admin_client.get(reverse(f"{prefix}_changelist")).status_code == 200
        obj = model.objects.first()
        assert admin_client.get(reverse(f"{prefix}_change", args=[obj.pk])).status_code == 200
        assert admin_client.get(reverse(f"{prefix}_add")).status_code == 403
    claim_page = admin_client.get(
        reverse("admin:games_memberclaim_change", args=[MemberClaim.objects.get().pk])
    )
    assert MemberClaim.objects.get().code_hash not in claim_page.content.decode()


def test_a_placeholder_s_account_cannot_be_set_in_the_admin(admin_client, admin_user):
    from games.leagues import services

    league = make_league()
    placeholder = services.guest_member(new_match(league), 0, "Cho")
    url = reverse("admin:games_member_change", args=[placeholder.pk])
    page = admin_client.get(url).content.decode()
    assert 'name="user"' not in page
    admin_client.post(url, {"name": "Cho", "user": admin_user.pk})
    placeholder.refresh_from_db()
    assert placeholder.user is None


def test_voiding_in_the_admin_recomputes_the_ratings(admin_client):
    league = make_league()
    aki, ben = make_members(league, "Aki", "Ben")
    first = record_set(league, [aki, ben], [won(0), NO_WINNER])
    record_set(league, [aki, ben], [won(0), NO_WINNER])
    changelist = reverse("admin:dragonformula_setresult_changelist")
    # The action opens the result's void page, which asks why before anything changes.
    asked = admin_client.post(
        changelist, {"action": "void_results", "_selected_action": [first.pk]}
    )
    assert asked.status_code == 302 and first.voided_at is None
    void_page = asked["Location"]
    assert "reason" in admin_client.get(void_page).content.decode()
    admin_client.post(void_page, {"reason": "entered twice"})
    first.refresh_from_db()
    assert first.voided_at is not None and first.void_reason == "entered twice"
    assert Rating.objects.get(member=aki).results == 1
    asked = admin_client.post(
        changelist, {"action": "restore_results", "_selected_action": [first.pk]}
    )
    admin_client.post(asked["Location"], {"reason": "it was not twice"})
    assert Rating.objects.get(member=aki).results == 2


def test_deleting_a_result_in_the_admin_recomputes_the_ratings(admin_client):
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    record_dragsaga(league, [(aki, 3, 0, 0), (ben, 9, 0, 0)])
    doomed = record_dragsaga(league, [(aki, 3, 0, 0), (ben, 9, 0, 0)])
    url = reverse("admin:dragsaga_dragsagaresult_delete", args=[doomed.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert not DragSagaResult.objects.filter(pk=doomed.pk).exists()
    assert Rating.objects.get(member=aki, game="dragsaga").results == 1
