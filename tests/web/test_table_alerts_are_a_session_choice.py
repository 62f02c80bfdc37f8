"""The table alerts (vibrate, notify) are each browser session's own choice: off until
turned on, kept by the server, and a malformed setting is refused with a 400 that
changes nothing."""

import pytest
from django.test import Client

from games.tables.alerts import SESSION_KEY, chosen

pytestmark = pytest.mark.django_db


def test_alerts_are_off_until_turned_on_and_kept_per_session():
    client = Client()
    assert chosen(client.session) == {"vibrate": False, "notify": False}
    assert client.post("/alerts/", {"alert": "vibrate", "on": "1"}).status_code == 204
    assert chosen(client.session) == {"vibrate": True, "notify": False}
    assert chosen(Client().session) == {"vibrate": False, "notify": False}  # another browser
    assert client.post("/alerts/", {"alert": "vibrate", "on": "0"}).status_code == 204
    assert chosen(client.session)["vibrate"] is False


@pytest.mark.parametrize(
    "data",
    [{}, {"alert": "buzz", "on": "1"}, {"alert": "vibrate", "on": "yes"}, {"alert": "x" * 5000}],
)
def test_a_malformed_setting_is_refused_and_changes_nothing(data):
    client = Client()
    client.post("/alerts/", {"alert": "notify", "on": "1"})
    answer = client.post("/alerts/", data)
    assert answer.status_code == 400 and b"no such alert" in answer.content
    assert chosen(client.session) == {"vibrate": False, "notify": True}
    assert SESSION_KEY in client.session


def test_a_forged_post_without_the_csrf_token_is_refused():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/alerts/", {"alert": "vibrate", "on": "1"}).status_code == 403
    assert chosen(client.session)["vibrate"] is False


def test_only_a_post_sets_an_alert():
    assert Client().get("/alerts/?alert=vibrate&on=1").status_code == 405
