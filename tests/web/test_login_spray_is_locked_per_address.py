"""One password tried on many usernames from one address is locked at that address after
LOGIN_FAILURES_PER_ADDRESS failures (axes counted only per username and address before);
another address, and a member of the same club who types their own password right before
the ceiling, still log in."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"


def attempt(username, password, address):
    return Client(REMOTE_ADDR=address).post(LOGIN, {"username": username, "password": password})


def test_a_password_sprayed_over_many_usernames_is_locked_at_its_address(settings):
    ceiling = settings.LOGIN_FAILURES_PER_ADDRESS
    assert settings.LOGIN_FAILURES_PER_ACCOUNT < ceiling <= 200
    get_user_model().objects.create_user("member", password="the-right-one")
    statuses = [attempt(f"user{n}", "Summer2026!", "10.0.0.9").status_code for n in range(ceiling)]
    assert statuses[: ceiling - 1] == [200] * (ceiling - 1)  # the form again, with its message
    assert statuses[-1] == 429
    locked = attempt("user-next", "Summer2026!", "10.0.0.9")
    assert locked.status_code == 429 and "Too many failed logins" in locked.content.decode()
    assert attempt("member", "the-right-one", "10.0.0.9").status_code == 429  # the address waits
    assert attempt("member", "the-right-one", "10.0.0.10").status_code == 302  # another does not


def test_a_club_behind_one_address_is_not_locked_by_a_few_typos(settings):
    members = [f"member{n}" for n in range(6)]
    for name in members:
        get_user_model().objects.create_user(name, password=f"{name}-pw")
    for name in members:  # each mistypes twice: 12 failures from the club's one address
        for _ in range(2):
            assert attempt(name, "typo", "192.0.2.1").status_code == 200
    for name in members:
        assert attempt(name, f"{name}-pw", "192.0.2.1").status_code == 302
