"""Linking a league player to an account: by a keeper on the league page, or by a one-time
claim code a keeper made (one use, an expiry, keepers only)."""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from games.leagues import services
from games.leagues.member_models import Member, MemberClaim
from tests.support.leagues import make_league, make_members

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture
def league_with_keeper(client):
    """A league organised by its player Aki (linked); Ben and Chie have no account."""
    league = make_league()
    aki, ben, chie = make_members(league, "Aki", "Ben", "Chie")
    keeper = User.objects.create_user("aki", password="pw")
    services.link_member(aki, keeper)
    league.organisers.add(keeper)
    return league, keeper, ben, chie


def make_code(client, league, member) -> str:
    response = client.post(reverse("leagues:claim_code", args=[league.pk, member.pk]))
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    return re.search(r"<code>([A-Z0-9-]+)</code>", response.content.decode()).group(1)


def redeem(client, code):
    return client.post(reverse("leagues:claim"), {"code": code})


def test_a_keeper_hands_out_a_code_and_the_player_links_their_own_account(
    client, league_with_keeper
):
    league, keeper, ben, _chie = league_with_keeper
    client.force_login(keeper)
    code = make_code(client, league, ben)
    assert not MemberClaim.objects.filter(code_hash__icontains=code.replace("-", "")).exists()

    real_ben = User.objects.create_user("ben-tanaka", password="pw")
    client.force_login(real_ben)
    response = redeem(client, code.lower().replace("-", " "))  # typed loosely
    assert response.status_code == 302
    assert response["Location"] == reverse("leagues:member_detail", args=[ben.pk])
    ben.refresh_from_db()
    assert ben.user == real_ben
    # Linked, Ben plays as himself; he does not become an organiser by it.
    assert client.get(reverse("leagues:record", args=[league.pk])).status_code == 403


def test_a_claim_code_works_once(client, league_with_keeper):
    league, keeper, ben, _chie = league_with_keeper
    client.force_login(keeper)
    code = make_code(client, league, ben)
    client.force_login(User.objects.create_user("ben-1", password="pw"))
    assert redeem(client, code).status_code == 302
    thief = User.objects.create_user("ben-2", password="pw")
    client.force_login(thief)
    response = redeem(client, code)
    assert response.status_code == 400
    assert "used already" in response.content.decode()
    ben.refresh_from_db()
    assert ben.user.username == "ben-1"
    assert not Member.objects.filter(user=thief).exists()


def test_an_expired_claim_code_links_nothing(client, league_with_keeper):
    league, keeper, ben, _chie = league_with_keeper
    made = timezone.now() - datetime.timedelta(days=8)
    code = services.make_claim_code(ben, league, keeper, now=made)
    client.force_login(User.objects.create_user("ben-late", password="pw"))
    response = redeem(client, code)
    assert response.status_code == 400
    assert "expired" in response.content.decode()
    ben.refresh_from_db()
    assert ben.user is None


def test_a_code_made_today_is_good_until_its_expiry(league_with_keeper):
    league, keeper, ben, _chie = league_with_keeper
    made = timezone.now()
    code = services.make_claim_code(ben, league, keeper, now=made)
    late = User.objects.create_user("ben-late", password="pw")
    with pytest.raises(ValueError, match="expired"):
        services.redeem_claim_code(code, late, now=made + datetime.timedelta(days=7, seconds=1))
    member = services.redeem_claim_code(code, late, now=made + datetime.timedelta(days=6))
    assert member == ben and member.user == late


def test_only_keepers_make_claim_codes(client, league_with_keeper):
    league, _keeper, ben, _chie = league_with_keeper
    url = reverse("leagues:claim_code", args=[league.pk, ben.pk])
    assert client.post(url).status_code == 302  # to the login page
    client.force_login(User.objects.create_user("zoe", password="pw"))
    assert client.post(url).status_code == 403
    assert not MemberClaim.objects.exists()


def test_a_keeper_of_another_league_makes_no_code_for_this_one(client, league_with_keeper):
    league, _keeper, ben, _chie = league_with_keeper
    other = make_league(name="Autumn League")
    (dai,) = make_members(other, "Dai")
    other_keeper = User.objects.create_user("dai", password="pw")
    services.link_member(dai, other_keeper)
    other.organisers.add(other_keeper)
    client.force_login(other_keeper)
    url = reverse("leagues:claim_code", args=[league.pk, ben.pk])
    assert client.post(url).status_code == 403
    # Nor through its own league's address for a player who does not play there.
    assert client.post(reverse("leagues:claim_code", args=[other.pk, ben.pk])).status_code == 404
    assert not MemberClaim.objects.exists()


def test_a_bad_code_is_refused_with_a_message(client, league_with_keeper):
    client.force_login(User.objects.create_user("zoe", password="pw"))
    for code in ("NOPE-NOPE-NOPE", "x" * 21, ""):
        response = redeem(client, code)
        assert response.status_code == 400
    assert "not a claim code" in redeem(client, "NOPE-NOPE-NOPE").content.decode()
    assert not Member.objects.filter(user__username="zoe").exists()


def test_redeeming_needs_a_login(client):
    response = redeem(client, "ABCD-EFGH-JKMN")
    assert response.status_code == 302 and "login" in response["Location"]


def test_a_keeper_links_a_player_to_an_account_on_the_league_page(client, league_with_keeper):
    league, keeper, ben, chie = league_with_keeper
    real_chie = User.objects.create_user("chie-sato", password="pw")
    client.force_login(keeper)
    page = client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "Players and their accounts" in page
    url = reverse("leagues:link_member", args=[league.pk])
    response = client.post(url, {"member": chie.pk, "username": "chie-sato"})
    assert response.status_code == 302
    chie.refresh_from_db()
    assert chie.user == real_chie
    # The same account cannot be a second player, and an unknown account is named.
    response = client.post(url, {"member": ben.pk, "username": "chie-sato"})
    assert response.status_code == 400 and "linked to Chie already" in response.content.decode()
    response = client.post(url, {"member": ben.pk, "username": "nobody"})
    assert response.status_code == 400 and "No account has that user name" in (
        response.content.decode()
    )
    ben.refresh_from_db()
    assert ben.user is None
    # Unlinking frees the player for another account.
    unlink = reverse("leagues:unlink_member", args=[league.pk, chie.pk])
    assert client.post(unlink).status_code == 302
    chie.refresh_from_db()
    assert chie.user is None


def test_strangers_neither_link_nor_unlink(client, league_with_keeper):
    league, keeper, ben, _chie = league_with_keeper
    User.objects.create_user("zoe", password="pw")
    client.force_login(User.objects.get(username="zoe"))
    response = client.post(
        reverse("leagues:link_member", args=[league.pk]), {"member": ben.pk, "username": "zoe"}
    )
    assert response.status_code == 403
    aki = Member.objects.get(name="Aki")
    assert (
        client.post(reverse("leagues:unlink_member", args=[league.pk, aki.pk])).status_code == 403
    )
    ben.refresh_from_db()
    aki.refresh_from_db()
    assert ben.user is None and aki.user == keeper
    page = client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "Players and their accounts" not in page


def test_once_a_player_is_linked_the_other_codes_for_them_are_void(league_with_keeper):
    league, keeper, ben, _chie = league_with_keeper
    first = services.make_claim_code(ben, league, keeper)
    other_league = make_league(name="Autumn League")
    other_league.members.add(ben)
    second = services.make_claim_code(ben, other_league, keeper)  # the live one: the last made
    real_ben = User.objects.create_user("ben-1", password="pw")
    services.redeem_claim_code(second, real_ben)
    services.unlink_member(ben)  # even unlinked again later, the first code stays dead
    with pytest.raises(ValueError, match="expired"):
        services.redeem_claim_code(first, User.objects.create_user("ben-2", password="pw"))
    ben.refresh_from_db()
    assert ben.user is None
