"""Limits keyed on who is asking: a browser session the session store knows, a signed-in
account, and the client's address with a generous ceiling (a club behind one address is
many people; one client flooding from it is one).

Counts of what happened within a window (guests named, tables opened, claim codes tried,
sockets closed for flooding) live in Django's cache (this process's memory on one machine,
Redis when scaled out), so every process sees the same counts; each count expires with its
window. A session key counts only once the session store has it (:func:`known_session`): a
made-up ``sessionid`` cookie is no one and gets no allowance of its own.
"""

from __future__ import annotations

import contextlib
import ipaddress
import time
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache


@dataclass(frozen=True)
class Window:
    """At most ``limit`` of something per ``seconds``, counted per client under ``name``."""

    name: str
    limit: int
    seconds: int


# Per address per hour: a lobby spammer on a new cookie each time meets these; a club night
# of 40 naming themselves and opening their tables stays far below.
GUESTS_PER_ADDRESS = Window("guests-address", 100, 3600)
TABLES_PER_ADDRESS = Window("tables-address", 100, 3600)
# Claim codes tried: a member mistyping a code has plenty of tries; guessing has none.
CLAIMS_PER_ACCOUNT = Window("claims-account", 10, 900)
CLAIMS_PER_ADDRESS = Window("claims-address", 40, 900)


def _key(window: Window, who: str) -> str:
    return f"limit:{window.name}:{who}:{int(time.time() // window.seconds)}"


def count(window: Window, who: str) -> int:
    """How many ``who`` has used of ``window`` so far."""
    return int(cache.get(_key(window, who), 0))


def take(window: Window, who: str) -> bool:
    """Count one more for ``who``; whether it is still within the window's limit."""
    key = _key(window, who)
    cache.add(key, 0, window.seconds + 60)  # created once per window, then counted atomically
    try:
        used = cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, window.seconds + 60)
        used = 1
    return used <= window.limit


def give_back(window: Window, who: str) -> None:
    """Uncount one that :func:`take` counted for ``who`` (a try that turned out right)."""
    with contextlib.suppress(ValueError):  # its window has passed: nothing to give back
        cache.decr(_key(window, who))


def within(window: Window, who: str) -> bool:
    """Whether ``who`` may have one more of ``window`` (without counting it)."""
    return count(window, who) < window.limit


def address(request_or_scope: Any) -> str:
    """The client's address: Daphne's (with ``--proxy-headers``, the proxy's X-Forwarded-For)."""
    meta = getattr(request_or_scope, "META", None)
    if meta is not None:
        return str(meta.get("REMOTE_ADDR") or "?")
    client = request_or_scope.get("client") or ("?", 0)
    return str(client[0])


def stored_address(address: str) -> str | None:
    """``address`` as a table keeps it: ``None`` when the server was told none (a Unix
    socket, a proxy without ``--proxy-headers``' header)."""
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return None


def known_session(session: Any) -> str | None:
    """The key of ``session`` if the session store knows it, else ``None`` (no cookie, or a
    key nobody was given). Reads the session (a cache hit, else one query)."""
    if session is None or not session.session_key:
        return None
    session.get("-")  # loads it: a key the store does not have becomes None
    return session.session_key
