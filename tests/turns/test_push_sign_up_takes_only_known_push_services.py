"""A device's push sign-up is kept only if its endpoint is a browser's push service (the
setting ``PUSH_SERVICE_HOSTS``): an endpoint on the server's own loopback, a private
network, a cloud's metadata address or any other host is refused with a 400 that says so,
and nothing is kept, so the server never posts where a member pointed it."""

from __future__ import annotations

import base64
import os

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.test import Client
from django.urls import reverse

from games.turns import push
from games.turns.models import PushSubscription
from tests.turns.turn_tables import member

pytestmark = pytest.mark.django_db


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _keys() -> dict[str, str]:
    public = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return {"p256dh": _b64(public), "auth": _b64(os.urandom(16))}


def _signed_in() -> Client:
    client = Client()
    client.force_login(member("ann").user)
    return client


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://127.0.0.1/push/x",
        "https://127.0.0.1:8000/push/x",
        "https://localhost/push/x",
        "https://[::1]/push/x",
        "https://10.0.0.5/push/x",
        "https://192.168.1.1/push/x",
        "https://169.254.169.254/latest/meta-data/",
        "https://push.example.org/send/abc",
        "https://fcm.googleapis.com.attacker.example/send/abc",
        "https://evilfcm.googleapis.com/send/abc",
        "https://notify.windows.com.attacker.example/w/abc",
        "https://push.apple.com@10.0.0.5/x",
    ],
)
def test_an_endpoint_that_is_not_a_push_service_is_refused_with_a_clear_message(endpoint):
    client = _signed_in()
    response = client.post(reverse("games:push_on"), {"endpoint": endpoint, **_keys()})
    assert response.status_code == 400
    text = response.content.decode()
    assert "not a browser's push service" in text
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://fcm.googleapis.com/fcm/send/abc123",
        "https://updates.push.services.mozilla.com/wpush/v2/abc",
        "https://wns2-by3p.notify.windows.com/w/?token=abc",
        "https://web.push.apple.com/QGuQyavXutnMH",
    ],
)
def test_each_browsers_own_push_service_is_taken(endpoint):
    client = _signed_in()
    response = client.post(reverse("games:push_on"), {"endpoint": endpoint, **_keys()})
    assert response.status_code == 204
    assert PushSubscription.objects.get().endpoint == endpoint


def test_the_operator_sets_which_push_services_are_taken(settings):
    settings.PUSH_SERVICE_HOSTS = ["push.club.example"]
    client = _signed_in()
    fcm = "https://fcm.googleapis.com/fcm/send/abc123"
    assert client.post(reverse("games:push_on"), {"endpoint": fcm, **_keys()}).status_code == 400
    own = "https://push.club.example/send/abc"
    assert client.post(reverse("games:push_on"), {"endpoint": own, **_keys()}).status_code == 204


def test_a_device_kept_before_on_an_unknown_host_is_never_posted_to(monkeypatch):
    ann = member("ann")
    device = PushSubscription.objects.create(
        player=ann, endpoint="https://169.254.169.254/latest/meta-data/", **_keys()
    )
    posted = []
    monkeypatch.setattr(push, "webpush", lambda *args, **kwargs: posted.append(args))
    assert push.send(device, "Your move", "Tap to go to the table.", "/") is False
    assert posted == []
