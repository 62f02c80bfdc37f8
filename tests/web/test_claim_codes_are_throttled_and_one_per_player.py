"""Claim codes: guessing is throttled per account and per address (200 wrong codes in two
seconds were all answered before), and a new code for a player voids the older ones (300 live
codes for one player were possible)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.leagues import services
from games.leagues.member_models import Member, MemberClaim
from games.tables import client_limits
from tests.web.test_leagues_claim_codes import league_with_keeper, make_code  # noqa: F401

pytestmark = pytest.mark.django_db
User = get_user_model()


def guess(client, code="AAAA-BBBB-CCCC"):
    return client.post(reverse("leagues:claim"), {"code": code})


def test_wrong_codes_are_throttled_per_account(client, league_with_keeper):  # noqa: F811
    league, keeper, ben, _chie = league_with_keeper
    client.force_login(keeper)
    real_code = make_code(client, league, ben)
    guesser = User.objects.create_user("guesser", password="pw")
    client.force_login(guesser)
    per_account = client_limits.CLAIMS_PER_ACCOUNT.limit
    answers = [guess(client).status_code for _ in range(per_account + 5)]
    assert answers[:per_account] == [400] * per_account  # "not a claim code", with the form
    assert answers[per_account:] == [429] * 5
    refused = guess(client, real_code)  # even the right code waits now
    assert refused.status_code == 429 and "Too many tries" in refused.content.decode()
    ben.refresh_from_db()
    assert ben.user is None

    honest = Client()  # another member, from the same address, still redeems their code
    honest.force_login(User.objects.create_user("ben-tanaka", password="pw"))
    assert guess(honest, real_code).status_code == 302
    ben.refresh_from_db()
    assert ben.user.username == "ben-tanaka"


def test_wrong_codes_are_throttled_per_address_across_accounts(league_with_keeper):  # noqa: F811
    per_address = client_limits.CLAIMS_PER_ADDRESS.limit
    statuses = []
    for number in range(per_address // 5 + 2):  # a fresh account every five guesses
        browser = Client(REMOTE_ADDR="10.1.1.1")
        browser.force_login(User.objects.create_user(f"sock{number}", password="pw"))
        statuses += [guess(browser).status_code for _ in range(5)]
    assert statuses[:per_address] == [400] * per_address
    assert set(statuses[per_address:]) == {429}
    elsewhere = Client(REMOTE_ADDR="10.1.1.2")
    elsewhere.force_login(User.objects.create_user("elsewhere", password="pw"))
    assert guess(elsewhere).status_code == 400  # another address is still answered


def test_a_new_code_for_a_player_voids_the_older_ones(client, league_with_keeper):  # noqa: F811
    league, keeper, ben, _chie = league_with_keeper
    client.force_login(keeper)
    codes = [make_code(client, league, ben) for _ in range(3)]
    assert MemberClaim.objects.filter(member=ben, used_at=None).count() == 3  # kept, as a record
    live = [
        claim
        for claim in MemberClaim.objects.filter(member=ben, used_at=None)
        if claim.expires_at > services.timezone.now()
    ]
    assert len(live) == 1
    client.force_login(User.objects.create_user("ben-tanaka", password="pw"))
    for old in codes[:2]:
        answer = guess(client, old)
        assert answer.status_code == 400 and "expired" in answer.content.decode()
    assert guess(client, codes[2]).status_code == 302


def test_a_club_behind_one_address_redeems_a_whole_sheet_of_slips(league_with_keeper):  # noqa: F811
    """Only wrong codes count against the address: a club night where sixty members scan the
    slips an organiser printed (the most one sheet holds), on the club's one network, links
    every one of them, and a guesser among them is still stopped."""
    league, keeper, _ben, _chie = league_with_keeper
    members = [Member.objects.create(name=f"Member {n}") for n in range(60)]
    league.members.add(*members)
    codes = services.make_claim_codes(league, members, keeper)
    statuses = []
    for number, (_member, code) in enumerate(codes):
        phone = Client(REMOTE_ADDR="10.2.2.2")
        phone.force_login(User.objects.create_user(f"member{number}", password="pw"))
        statuses.append(guess(phone, code).status_code)
    assert statuses == [302] * len(codes)
    assert Member.objects.filter(pk__in=[m.pk for m in members], user=None).count() == 0

    per_address = client_limits.CLAIMS_PER_ADDRESS.limit
    guessing = []
    for number in range(per_address // 5 + 2):
        browser = Client(REMOTE_ADDR="10.2.2.2")
        browser.force_login(User.objects.create_user(f"guess{number}", password="pw"))
        guessing += [guess(browser).status_code for _ in range(5)]
    assert guessing[:per_address] == [400] * per_address
    assert set(guessing[per_address:]) == {429}
