"""A successful login clears only that account's failed tries from that address.

Before, a success cleared every count of the address: four wrong passwords for a member,
then one right sign-in to one's own account, again and again, guessed without end (all 40
guesses answered 200), and an admin signing in from the same address lifted a member's
lock-out. An account that has signed in from an address before is not held back when
others' failures there lock the address."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
ATTACKER = "203.0.113.7"


def attempt(username, password, address, url=LOGIN):
    return Client(REMOTE_ADDR=address).post(url, {"username": username, "password": password})


@pytest.fixture
def accounts():
    users = get_user_model().objects
    users.create_user("victimuser", password="victim-right-pw")
    users.create_user("mallory", password="mallory-own-pw")
    users.create_superuser("admin", password="admin-right-pw")


def test_guessing_a_members_password_between_ones_own_logins_is_locked_at_the_fifth_guess(
    settings, accounts
):
    assert settings.LOGIN_FAILURES_PER_ACCOUNT == 5
    guesses = []
    for _ in range(10):
        for _guess in range(4):
            guesses.append(attempt("victimuser", f"guess-{len(guesses)}", ATTACKER).status_code)
        assert attempt("mallory", "mallory-own-pw", ATTACKER).status_code == 302
    assert guesses[:4] == [200] * 4  # the form again, with its message
    assert guesses[4] == 429  # the fifth guess, after the attacker's own sign-in
    assert set(guesses[4:]) == {429}
    # Even the right password waits at that address; the member at home signs in.
    assert attempt("victimuser", "victim-right-pw", ATTACKER).status_code == 429
    assert attempt("victimuser", "victim-right-pw", "198.51.100.20").status_code == 302


@pytest.mark.parametrize("url", [LOGIN, "/admin/login/"])
def test_an_admin_signing_in_from_the_same_address_lifts_no_members_lock(accounts, url):
    for _ in range(5):
        attempt("victimuser", "wrong", "127.0.0.1")
    assert attempt("victimuser", "victim-right-pw", "127.0.0.1").status_code == 429
    assert attempt("admin", "admin-right-pw", "127.0.0.1", url).status_code == 302
    assert attempt("victimuser", "victim-right-pw", "127.0.0.1").status_code == 429


def test_a_members_own_success_clears_their_own_failures_at_that_address(accounts):
    for _ in range(4):
        assert attempt("victimuser", "typo", "192.0.2.1").status_code == 200
    assert attempt("victimuser", "victim-right-pw", "192.0.2.1").status_code == 302
    for _ in range(4):  # four more typos are four, not eight
        assert attempt("victimuser", "typo", "192.0.2.1").status_code == 200
    assert attempt("victimuser", "victim-right-pw", "192.0.2.1").status_code == 302


def test_a_member_who_signed_in_at_the_club_before_is_not_locked_out_by_a_sprayer_there(
    settings, accounts
):
    club = "192.0.2.50"
    assert attempt("victimuser", "victim-right-pw", club).status_code == 302  # last week
    settings.LOGIN_FAILURES_PER_ADDRESS = 12  # the address's ceiling, met quickly here
    for n in range(12):
        attempt(f"nobody{n}", "Summer2026!", club)
    assert attempt("nobody-more", "Summer2026!", club).status_code == 429
    assert attempt("mallory", "mallory-own-pw", club).status_code == 429  # new here: waits
    assert attempt("victimuser", "victim-right-pw", club).status_code == 302
    # Their own account is still counted per address: five wrong passwords lock it there.
    for _ in range(4):
        assert attempt("victimuser", "wrong", club).status_code == 200
    assert attempt("victimuser", "wrong", club).status_code == 429
