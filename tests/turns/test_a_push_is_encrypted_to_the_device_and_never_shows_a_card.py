"""Web Push about turn-based tables (issue 53): a member's device subscribes, the server's
VAPID keys are made on first use, and a "your move" push reaches the device's push service
encrypted to its keys. The test is that push service: an HTTP server of its own on
127.0.0.1 takes the message, and the device's private key decrypts it (http_ece, the
library pywebpush encrypts with). What it says: the notice, the table's link; nothing of
any hand. A subscription that is not an https endpoint with valid keys is refused (400)."""

from __future__ import annotations

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.test import Client
from django.urls import reverse

from games.tables.actions import opening, seating, starting
from games.turns import notices
from games.turns.models import DAY, Notice, PushKeys, PushSubscription
from tests.turns.turn_tables import member

pytestmark = pytest.mark.django_db


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


class PushService:
    """A push service on loopback: keeps each POST's headers and body, answers 201."""

    def __init__(self) -> None:
        self.received: list[tuple[dict[str, str], bytes]] = []
        received = self.received

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the standard library's name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                received.append(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(201)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                return

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


class Device:
    """A browser's push keys: its P-256 key pair and auth secret."""

    def __init__(self) -> None:
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.p256dh = _b64(public)

    def decrypt(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.private, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain.decode("utf-8"))


def _started(ann, ben):
    """A turn-based Dragon Formula table of Ann and Ben, started: its table and game."""
    table = opening.create_table(
        game_name="dragonformula", players=2, created_by=ann, move_deadline=DAY
    )
    seating.sit(table, ben)
    return table, starting.start(table, ann, seed=7)


def _cards_of(state) -> set[str]:
    """Every card id in any seat's hand (Dragon Formula state)."""
    return {str(card) for hand in state["hands"] for card in hand}


def test_your_move_arrives_encrypted_to_the_device_and_says_no_card(push_service):
    ann = member("ann")
    device = Device()
    # The device's browser gave this subscription (its endpoint: our loopback service).
    PushSubscription.objects.create(
        player=ann,
        endpoint=f"{push_service.url}/push/ann-phone",
        p256dh=device.p256dh,
        auth=_b64(device.auth),
    )
    table, game = _started(ann, member("ben"))
    assert Notice.objects.filter(player=ann).exists()
    assert not PushKeys.objects.exists() or PushKeys.objects.count() == 1

    assert notices.send_due() >= 1
    assert len(push_service.received) >= 1
    headers, body = push_service.received[0]
    # Encrypted: the body is not the message, and only the device's key opens it.
    assert b"dragonformula" not in body and headers.get("content-encoding") == "aes128gcm"
    message = device.decrypt(body)
    assert message["title"] == f"Your move at Dragon Formula table {table.code}"
    assert message["url"].endswith(f"/dragonformula/{table.code}/")
    # Signed with the server's VAPID key, made on first use and kept in the database.
    keys = PushKeys.objects.get()
    assert f"k={keys.public_key}" in headers.get("authorization", "")
    # Nothing of any hand: no card id of any seat appears in what was pushed.
    text = json.dumps(message)
    assert not {
        card for card in _cards_of(game.state) if f'"{card}"' in text or card in text.split()
    }
    assert set(message) == {"title", "body", "url"}
    # Sent once: nothing more goes on the next round.
    assert notices.send_due() == 0


def test_a_device_the_push_service_says_is_gone_is_forgotten(push_service):
    ann = member("ann")
    device = Device()
    PushSubscription.objects.create(
        player=ann, endpoint="http://127.0.0.1:9/gone", p256dh=device.p256dh, auth=_b64(device.auth)
    )
    _started(ann, member("ben"))
    notices.send_due()  # nothing listens on port 9: refused, the device is kept (it may be back)
    assert PushSubscription.objects.filter(player=ann).count() == 1


def _subscribe(client: Client, **fields) -> object:
    return client.post(reverse("games:push_on"), fields)


def test_a_member_turns_pushes_on_and_off_for_one_device_and_bad_ones_are_refused():
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("cho", password="pw-cho-12345")
    client = Client()
    client.force_login(user)
    device = Device()
    good = {
        "endpoint": "https://push.example.org/send/abc123",
        "p256dh": device.p256dh,
        "auth": _b64(device.auth),
    }
    page = client.get(reverse("games:your_move")).content.decode()
    assert PushKeys.objects.get().public_key in page  # what the browser subscribes with
    assert _subscribe(Client(), **good).status_code == 302  # anonymous: log in first
    for bad in (
        {**good, "endpoint": "http://push.example.org/send/abc123"},  # not https
        {**good, "endpoint": "javascript:alert(1)"},
        {**good, "endpoint": "https://" + "a" * 600},
        {**good, "endpoint": "https://push.例え.jp/x"},
        {**good, "p256dh": _b64(os.urandom(65))},  # not a point on P-256
        {**good, "p256dh": "!!!"},
        {**good, "auth": _b64(os.urandom(8))},
        {"endpoint": good["endpoint"]},
    ):
        response = _subscribe(client, **bad)
        assert response.status_code == 400, bad
        assert "not a push subscription" in response.content.decode()
    assert not PushSubscription.objects.exists()

    assert _subscribe(client, **good).status_code == 204
    assert PushSubscription.objects.get().endpoint == good["endpoint"]
    other = Client()
    other.force_login(get_user_model().objects.create_user("dai", password="pw-dai-12345"))
    other.post(reverse("games:push_off"), {"endpoint": good["endpoint"]})
    assert PushSubscription.objects.count() == 1  # only its own member turns a device off
    assert client.post(reverse("games:push_off"), {"endpoint": good["endpoint"]}).status_code == 204
    assert not PushSubscription.objects.exists()
