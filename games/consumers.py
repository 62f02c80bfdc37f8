"""The table's websocket: pushes every region, rendered for this socket's own viewer.

Frames the server sends are HTML fragments for the htmx ws extension: each region
(``<section id="prompt" hx-swap-oob="true">`` ...) replaces the element with its
id. A socket gets every region when it connects (so a reconnect is simply shown
the current table) and, after every change the table's group announces, the
regions whose HTML changed for this viewer (so a half-made choice in an
unchanged region survives other players' moves). What the viewer saw is its own
region, ``<span id="seen">`` holding ``<input id="table-version" name="version">``
and the prompt's fingerprint ``<input name="prompt">``, which every action form
includes (``hx-include="#seen"``). Regions are rendered in the viewer's language
(the language cookie, else the browser's Accept-Language).

The browser sends JSON: ``{"tick": true}`` when a countdown ends, which applies
the deadlines that have passed (server time decides, so an early tick is harmless).
"""

from __future__ import annotations

import json
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import trans_real

from games import leavers, oplog, rendering, selectors, services, snapshots
from games.models import Player, Table

logger = logging.getLogger(__name__)


def viewer_language(scope: dict[str, Any]) -> str:
    """The language the viewer's pages are in: the language cookie, else Accept-Language."""
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    headers = dict(scope.get("headers", []))
    accepted = headers.get(b"accept-language", b"").decode("latin-1")
    candidates = [cookie] if cookie else []
    candidates += [lang for lang, _q in trans_real.parse_accept_lang_header(accepted)]
    for candidate in candidates:
        try:
            return translation.get_supported_language_variant(candidate)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


class TableConsumer(WebsocketConsumer):
    table: Table
    player: Player | None

    def connect(self) -> None:
        table = selectors.table_by_code(self.scope["url_route"]["kwargs"]["code"])
        if table is None:
            self.close(code=4404)
            return
        self.table = table
        self.sent: dict[str, str] = {}
        self.shown: tuple[int, int] | None = None  # (game, version) of the last change pushed
        self.language = viewer_language(self.scope)
        self.player = selectors.player_from_session(
            self.scope.get("user"), self.scope.get("session")
        )
        self.group = services.group_name(table.pk)
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.accept()
        seat = leavers.connected(table, self.player, self.channel_name)  # retakes a bot-held seat
        self.seat = seat.number if seat is not None else None
        oplog.log_ws("connect", table, self.seat, self.scope.get("user"))
        self.catch_up()
        self.push()

    def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)
            leavers.disconnected(self.channel_name)  # the away clock starts if it was the last
            oplog.log_ws("disconnect", self.table, self.seat, self.scope.get("user"), code)

    def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            message: Any = json.loads(text_data or "{}")
        except (ValueError, RecursionError):  # not JSON, or nested deeper than json reads
            return
        if isinstance(message, dict) and message.get("tick"):
            self.catch_up()

    def table_changed(self, event: dict[str, Any]) -> None:
        self.push(event.get("change"))

    def _older_than_shown(self, snapshot: snapshots.TableSnapshot) -> bool:
        """Whether ``snapshot`` is of an earlier move than this socket has been sent
        (a later move can be announced first when two commit at once); else remember it."""
        game = snapshot.game
        position = (game.pk, game.version) if game is not None else None
        if position is not None and self.shown is not None and position < self.shown:
            return True
        if position is not None:
            self.shown = position
        return False

    def catch_up(self) -> None:
        """Apply the deadlines that have passed (the lazy timeout); the group hears of it."""
        game = selectors.current_game(self.table)
        if game is not None and not game.is_finished:
            services.tick(game)

    def push(self, change: str | None = None) -> None:
        """Send the regions that changed since this socket's last frame.

        After an announced ``change`` the regions come from what this process has
        rendered for the change (one reading of the table, one rendering per viewer
        and language); without one (a socket just connected) they are rendered afresh.
        """
        if change:
            if self._older_than_shown(snapshots.for_change(self.table.pk, change)):
                return  # two moves announced out of order: the later one is already shown
            regions = rendering.pushed_regions(self.table.pk, change, self.player, self.language)
        else:
            with translation.override(self.language):
                regions = rendering.render_regions(self.table, self.player)
        changed = [html for region, html in regions.items() if self.sent.get(region) != html]
        self.sent = regions
        if changed:
            self.send(text_data="".join(changed))
