"""``{% load club_network %}{% site_qr %}`` (or ``{% site_qr path %}``): a QR code of a page's address as a phone at
the club opens it (``games.tables.qr.public_url``: SITE_URL, else the club network's address)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django import template

from games.tables.qr import LOOPBACK_HOSTS, join_qr_svg, public_url

register = template.Library()


@register.inclusion_tag("games/site_qr.html", takes_context=True)
def site_qr(context: template.Context, path: str = "", scale: int = 3) -> dict[str, Any]:
    """A QR code of ``path`` (this page's by default)."""
    request = context.get("request")
    url = public_url(request, path or (request.path if request is not None else "/"))
    if urlsplit(url).hostname in LOOPBACK_HOSTS:  # HOST=127.0.0.1: no phone could open it
        return {"url": "", "svg": ""}
    return {"url": url, "svg": join_qr_svg(url, scale=scale)}
