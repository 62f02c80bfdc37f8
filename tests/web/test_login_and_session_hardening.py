"""Hardening a member or guest notices: naming yourself gives the browser a new session
key; repeated failed logins (the login page and the admin's) are throttled; every page
carries a strict Content-Security-Policy."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.tables.models import Player
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db


def test_naming_a_guest_cycles_the_session_key():
    browser = Client()
    browser.get("/")
    browser.session.save()
    browser.cookies["sessionid"] = "planted"  # a key an attacker chose or saw before
    first = browser.session.session_key
    response = browser.post("/guest/", {"display_name": "Ann"})
    assert response.status_code == 302
    named = browser.cookies["sessionid"].value
    assert named not in ("planted", first)
    ann = Player.objects.get(display_name="Ann")
    assert browser.session["player_id"] == ann.pk  # the new key still knows the guest
    browser.post("/guest/", {"display_name": "Ann B"})
    assert browser.cookies["sessionid"].value != named
    assert Player.objects.get(pk=ann.pk).display_name == "Ann B"  # renamed, same player


@pytest.mark.parametrize("login_url", ["/accounts/login/", "/admin/login/"])
def test_repeated_failed_logins_are_locked_out(settings, login_url):
    assert settings.AXES_ENABLED
    user = get_user_model().objects.create_user("aki", password="right-pw", is_staff=True)
    browser = Client()
    for _ in range(settings.LOGIN_FAILURES_PER_ACCOUNT - 1):
        failed = browser.post(login_url, {"username": "aki", "password": "wrong"})
        assert failed.status_code == 200  # the form again, with its message
    locked = browser.post(login_url, {"username": "aki", "password": "wrong"})
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    # Now even the right password waits for the cool-off.
    again = browser.post(login_url, {"username": "aki", "password": "right-pw"})
    assert again.status_code == 429
    assert "_auth_user_id" not in browser.session
    assert user.is_active


def test_a_right_password_still_logs_in_and_the_test_client_works(client):
    get_user_model().objects.create_user("ben", password="pw")
    response = client.post("/accounts/login/", {"username": "ben", "password": "pw"})
    assert response.status_code == 302
    other = Client()
    other.force_login(get_user_model().objects.get(username="ben"))
    assert other.get("/").status_code == 200


def test_pages_carry_a_content_security_policy_without_inline_allowances(client):
    for path in ("/", "/rules/", "/leagues/", "/verify/", "/accounts/login/"):
        policy = client.get(path)["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "script-src 'self'" in policy
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_naming_a_guest_needs_the_csrf_token():
    response = browser_of(None).post("/guest/", {"display_name": "Mallory"})
    assert response.status_code == 403
    assert not Player.objects.exists()


def test_sessions_outlive_the_servers_memory_and_a_logout_ends_them_there_too():
    """Sessions are read from the cache first; the database stays their truth."""
    from django.core.cache import cache

    get_user_model().objects.create_user("cho", password="pw")
    browser = Client()
    assert (
        browser.post("/accounts/login/", {"username": "cho", "password": "pw"}).status_code == 302
    )
    cookie = browser.cookies["sessionid"].value
    cache.clear()  # a restart: the process's memory is gone, the database is not
    assert "cho" in browser.get("/").content.decode()  # still signed in
    browser.post("/accounts/logout/")
    stolen = Client()
    stolen.cookies["sessionid"] = cookie  # the old key, replayed after the logout
    assert "_auth_user_id" not in stolen.session
    page = stolen.get("/").content.decode()
    assert "cho" not in page and "/accounts/login/" in page
