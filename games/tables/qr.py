"""QR join: the table's join URL as a QR code drawn inline (SVG), so phones at the
same physical table join in seconds. Generated on the server by ``segno``; no image
leaves for any other site.

Every QR code and printed join link is made by :func:`public_url`: ``SITE_URL`` when it is
set, else the club network's address that `make run` serves (``LAN_ADDRESSES``, see
config/lan.py), never the loopback address the laptop running it was opened on."""

from __future__ import annotations

from typing import Any

import segno
from django.conf import settings

from config.lan import base_url

LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


def public_url(request: Any, path: str) -> str:
    """The absolute URL of ``path`` that a phone at the club can open."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    addresses = list(getattr(settings, "LAN_ADDRESSES", []))
    host = request.get_host().rsplit(":", 1)[0] if request is not None else ""
    if addresses and (host in LOOPBACK_HOSTS or host not in addresses):
        port = settings.SERVE_PORT or (request.get_port() if request is not None else "8000")
        return base_url(addresses[0], port) + path
    return request.build_absolute_uri(path) if request is not None else path


def join_qr_svg(url: str, scale: int = 4) -> str:
    """An inline ``<svg>`` of a QR code that opens ``url``.

    Error correction level M survives a scuffed projector or a glare on a phone
    screen; the quiet zone (border) is the standard four modules so every camera
    app finds the code.
    """
    if not url:
        raise ValueError("A QR code needs a URL.")
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(
        scale=scale,
        dark="#000",
        light="#fff",
        svgclass="join-qr",
        lineclass="join-qr-modules",
        title=url,
    )
    # segno starts the path with an absolute "M4 4.5", which reads like a card code
    # (M4, the Emperor) to anyone scanning a page for cards; a first "m" means the same.
    return svg.replace(' d="M', ' d="m')


def qr_png_data_uri(url: str, scale: int = 4) -> str:
    """A QR code that opens ``url`` as a PNG ``data:`` URI, for a printed page (a PDF)."""
    if not url:
        raise ValueError("A QR code needs a URL.")
    return segno.make(url, error="m", micro=False).png_data_uri(scale=scale, border=4)
