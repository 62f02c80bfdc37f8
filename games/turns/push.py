"""Web Push about turn-based tables, per device, for the members who turn it on (off by
default): the same notices as e-mail (``games.turns.notices``), encrypted to each device's
keys (RFC 8291, ``aes128gcm``) and signed with the server's VAPID key (RFC 8292) by
pywebpush.

The VAPID key pair is made on first use and kept in the database (:class:`PushKeys`), never
in the repository. A message says what the e-mail's subject says and carries the table's
link: the game, the table's code, nothing of any hand. A device the push service says is
gone (404, 410) is forgotten.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import transaction
from pywebpush import WebPushException, webpush

from games.tables.models import Player
from games.turns.models import PushKeys, PushSubscription

logger = logging.getLogger(__name__)

ENDPOINT_LENGTH = 500
TIMEOUT = 10  # seconds a push service may take to answer
TTL = 24 * 3600  # a push service keeps an undelivered message this long


class BadSubscription(ValueError):
    """A subscription that is not a valid push endpoint with its keys."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    if not text.isascii():
        raise binascii.Error("not ASCII")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@transaction.atomic
def keys() -> PushKeys:
    """The server's VAPID keys, made on first use."""
    existing = PushKeys.objects.select_for_update().order_by("pk").first()
    if existing is not None:
        return existing
    private = ec.generate_private_key(ec.SECP256R1())
    pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode("ascii")
    public = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return PushKeys.objects.create(private_pem=pem, public_key=_b64(public))


def public_key() -> str:
    """What a browser subscribes with (``applicationServerKey``), base64url."""
    return keys().public_key


def checked(endpoint: Any, p256dh: Any, auth: Any) -> tuple[str, str, str]:
    """A subscription as a browser gives it, checked: an https push endpoint, the device's
    P-256 public key and its 16-byte auth secret (base64url). Else :class:`BadSubscription`."""
    if not all(isinstance(v, str) for v in (endpoint, p256dh, auth)):
        raise BadSubscription("missing")
    if len(endpoint) > ENDPOINT_LENGTH or len(p256dh) > 100 or len(auth) > 40:
        raise BadSubscription("too long")
    parts = urlsplit(endpoint)
    if parts.scheme != "https" or not parts.hostname or not endpoint.isascii():
        raise BadSubscription("not an https endpoint")
    try:
        point, secret = _unb64(p256dh), _unb64(auth)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except (binascii.Error, ValueError):
        raise BadSubscription("bad keys") from None
    if len(point) != 65 or len(secret) != 16:
        raise BadSubscription("bad keys")
    return endpoint, p256dh, auth


def subscribe(player: Player, endpoint: Any, p256dh: Any, auth: Any) -> PushSubscription:
    """This device of ``player`` gets pushes from now on (checked first: :func:`checked`)."""
    endpoint, p256dh, auth = checked(endpoint, p256dh, auth)
    subscription, _made = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"player": player, "p256dh": p256dh, "auth": auth}
    )
    return subscription


def unsubscribe(player: Player, endpoint: Any) -> int:
    """This device of ``player`` gets no more pushes; how many subscriptions went."""
    if not isinstance(endpoint, str) or len(endpoint) > ENDPOINT_LENGTH:
        return 0
    deleted, _rows = PushSubscription.objects.filter(player=player, endpoint=endpoint).delete()
    return deleted


def wants_push(player_id: int) -> bool:
    return PushSubscription.objects.filter(player_id=player_id).exists()


def send(subscription: PushSubscription, title: str, body: str, url: str) -> bool:
    """Push one message to one device; whether the push service took it. A device the
    service says is gone is forgotten."""
    data = json.dumps({"title": title, "body": body, "url": url}, ensure_ascii=False)
    # Who runs this server, for a push service that needs to reach them (RFC 8292).
    contact = f"mailto:{settings.DEFAULT_FROM_EMAIL}"
    try:
        webpush(
            {
                "endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
            },
            data,
            vapid_private_key=_vapid_key(),
            vapid_claims={"sub": contact},
            timeout=TIMEOUT,
            ttl=TTL,
        )
    except WebPushException as error:
        status = getattr(error.response, "status_code", None)
        if status in (404, 410):
            subscription.delete()
        logger.warning("A push to player %s was refused (%s)", subscription.player_id, status)
        return False
    except OSError:
        logger.warning("A push to player %s could not be sent", subscription.player_id)
        return False
    return True


def _vapid_key() -> str:
    """The VAPID private key as pywebpush takes it: the key's DER, base64url."""
    private = serialization.load_pem_private_key(keys().private_pem.encode("ascii"), None)
    der = private.private_bytes(
        serialization.Encoding.DER,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    return _b64(der)
