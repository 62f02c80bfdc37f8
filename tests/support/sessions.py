"""A browser session that knows a player, as naming oneself in the lobby gives one: for
test clients, sockets, Playwright pages and the integration stage's guests alike."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from django.conf import settings

from games.tables.selectors import SESSION_PLAYER


def session_key_for(player: Any) -> str:
    """The key of a new server-side session (the site's session engine) whose guest is
    ``player``; a browser sends it as its ``settings.SESSION_COOKIE_NAME`` cookie."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_PLAYER] = player.pk
    store.create()
    return store.session_key
