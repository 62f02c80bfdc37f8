"""Helpers for table tests: seated players with their own browsers (clients), seeded games."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.test import Client

from games.presence import leavers
from games.tables.actions import opening, seating, starting
from games.tables.models import Game, Player, Table
from tests.support.sessions import session_key_for


def seated_table(
    game_name: str, names: list[str], *, seed: int = 7, options: dict[str, Any] | None = None
) -> tuple[Table, Game, list[Player]]:
    """A started table whose seats 0.. are taken by new guests called ``names``."""
    players = [Player.objects.create(display_name=name) for name in names]
    table = opening.create_table(
        game_name=game_name, players=len(names), options=options or {}, created_by=players[0]
    )
    for player in players[1:]:
        seating.sit(table, player)
    return table, starting.start(table, players[0], seed=seed), players


def everyone_connected(table: Table, players: list[Player]) -> None:
    """Every seat's page open: each player's table socket is noted as connected."""
    for number, player in enumerate(players):
        leavers.connected(table, player, f"socket-{table.pk}-{number}")


def browser_of(player: Player | None, csrf: bool = True) -> Client:
    """A client as ``player``'s browser: its session knows the guest; CSRF checks are on."""
    client = Client(enforce_csrf_checks=csrf)
    if player is not None:
        client.cookies[settings.SESSION_COOKIE_NAME] = session_key_for(player)
    return client


def htmx_post(client: Client, url: str, data: dict[str, Any]) -> Any:
    """POST as htmx does from a table page: with the CSRF token from the page's cookie."""
    if "csrftoken" not in client.cookies:
        client.get("/")
    token = client.cookies["csrftoken"].value
    return client.post(url, data, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token)


def shows_code(html: str, code: str) -> bool:
    """Whether a card code appears in ``html`` as a code (``W1`` is not found in ``W10``)."""
    return re.search(rf"(?<![A-Za-z0-9_]){re.escape(code)}(?![A-Za-z0-9_])", html) is not None


def without_hints(html: str) -> str:
    """A page or frames but the seat's hints, which name cards it has not seen as those its
    hand lacks (tests/web/test_df_hints.py holds that they never depend on what it cannot
    see): what a check for card codes that must not be shown reads."""
    return re.sub(r'<section id="hints".*?</section>', "", html, flags=re.S)
