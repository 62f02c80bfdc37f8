"""A club night's websocket: the projector page's regions, redrawn after every change.

Frames are HTML fragments for the htmx ws extension (``<section id="night-seating"
hx-swap-oob="true">`` ...), rendered in the viewer's language; a socket gets every region when
it connects and, after each change the night's group announces, the regions whose HTML
changed. Nothing is read from the browser: the night page is public, like the league's.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

from games.live.consumers import viewer_language
from games.nights import announcing
from games.nights import board as night_board
from games.nights.models import ClubNight
from games.regions.last_sent import LastSent

SCREEN_REGIONS = {
    "night-round": "nights/_screen_round.html",
    "night-seating": "nights/_screen_seating.html",
    "night-tonight": "nights/_screen_tonight.html",
    "night-league": "nights/_screen_league.html",
}


def render_screen(night: ClubNight, oob: bool) -> dict[str, str]:
    """Each region of the projector page for ``night`` in the active language."""
    context = {**night_board.board(night), "oob": oob}
    return {
        region: render_to_string(template, context) for region, template in SCREEN_REGIONS.items()
    }


class NightConsumer(WebsocketConsumer):
    def connect(self) -> None:
        night_id = self.scope["url_route"]["kwargs"]["pk"]
        night = ClubNight.objects.select_related("league").filter(pk=night_id).first()
        if night is None:
            self.close(code=4404)
            return
        self.night_id = night.pk
        self.language = viewer_language(self.scope)
        self.sent = LastSent()
        self.group = announcing.group_name(night.pk)
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.accept()
        self.push()

    def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        return  # the screen only listens

    def night_changed(self, event: dict[str, Any]) -> None:
        self.push()

    def push(self) -> None:
        night = ClubNight.objects.select_related("league").filter(pk=self.night_id).first()
        if night is None:
            return
        with translation.override(self.language):
            regions = render_screen(night, oob=True)
        changed = self.sent.changed(regions)
        self.sent.note(regions, only_these=True)
        if changed:
            self.send(text_data="".join(changed))
