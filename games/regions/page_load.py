"""What a table page showed when it was loaded, so its socket's first frame need not send it again.

A table page arrives whole; its socket opens a moment later and is sent the table as it
stands. Were every region sent again, the page would swap each one for the same HTML: the
work of its load done twice (a whole table on a phone), and whatever the player did in
between undone (a card tapped and risen, a refusal shown in the prompt).

So the page's load notes a fingerprint of each region, as the socket would render it for
the same viewer, under a one-time token that the page puts in its socket's address
(``?page=<token>``). The socket's first frame then carries the regions whose fingerprint
differs from the page's, and always the what-was-seen region (the page hears that its
socket is live and at which version). A countdown's seconds are left out of a fingerprint:
the page counts them down itself from its load (``static/js/table.js``), so a region that
differs only in them is shown already. The notes live in Django's cache, so whichever
server process takes the socket reads them (one process's memory on one machine, Redis
when scaled out). A token is taken once and kept :data:`KEPT_SECONDS`: a socket that opens
again (a dropped connection, a restarted server, a page restored from the browser's
history) is sent every region, as is a socket whose token is unknown, malformed, or
noted for another table or viewer.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping

from django.core.cache import cache

from games.regions.rendering import SEEN_REGION, fingerprint, render_regions
from games.regions.snapshots import TableSnapshot
from games.tables.models import Player, Table

# Long enough for a slow phone to open its socket after the page, short enough that a
# page never opened (a link previewed, a tab closed at once) costs the cache little.
KEPT_SECONDS = 60
# The token's form in the socket's address: anything else is no token.
TOKEN = re.compile(r"(?:^|&)page=([0-9a-f]{32})(?:&|$)")
# A socket's query string longer than this is not read at all.
LONGEST_QUERY = 200
# A countdown's seconds: its ``data-remaining`` and the whole seconds it shows.
COUNTDOWN = re.compile(r'data-remaining="[^"]*"|<span class="seconds">\d+</span>')


def note_page(
    table: Table, player: Player | None, snapshot: TableSnapshot, message: str = ""
) -> str:
    """Note what a table page drawn from ``snapshot`` shows ``player``: its regions as the
    socket would render them (``message``: a refusal in its prompt); the token."""
    shown = render_regions(table, player, message=message, snapshot=snapshot)
    return note(table.pk, player.pk if player is not None else None, shown)


def note(table_id: int, player_id: int | None, regions: Mapping[str, str]) -> str:
    """Note what a page of table ``table_id`` shows its viewer (``regions``: id -> the
    HTML the socket would send); the token its socket names."""
    token = secrets.token_hex(16)
    shown = {region: _fingerprint(html) for region, html in regions.items()}
    cache.set(_key(token), (table_id, player_id, shown), KEPT_SECONDS)
    return token


def take(query_string: bytes, table_id: int, player_id: int | None) -> dict[str, str] | None:
    """The fingerprints a socket's page was loaded with (region id -> fingerprint), read
    once from the socket's query string; ``None`` when there are none to trust."""
    if not query_string or len(query_string) > LONGEST_QUERY:
        return None
    found = TOKEN.search(query_string.decode("latin-1"))
    if found is None:
        return None
    key = _key(found.group(1))
    noted = cache.get(key)
    if noted is None or noted[:2] != (table_id, player_id):
        return None  # none, or another page's: left for that page's socket
    cache.delete(key)
    return noted[2]


def unseen(regions: Mapping[str, str], shown: Mapping[str, str]) -> list[str]:
    """Of ``regions`` (id -> HTML), what a page showing ``shown`` lacks: each region whose
    fingerprint differs, and the what-was-seen region always."""
    return [
        html
        for region, html in regions.items()
        if region == SEEN_REGION[0] or shown.get(region) != _fingerprint(html)
    ]


def _fingerprint(html: str) -> str:
    """A region's fingerprint, but for its countdowns' seconds."""
    return fingerprint(COUNTDOWN.sub("", html))


def _key(token: str) -> str:
    return f"table-page:{token}"
