"""The site header's "who" slot (the guest behind this request, never a player a page shows),
and what every page has of each registered game: its stylesheet (its ``stylesheet``) and its
links in the header (its presenters' ``HEADER_LINKS``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from games.registry import GAMES
from games.tables.models import Player
from games.tables.selectors import SESSION_PLAYER

register = template.Library()


@register.simple_tag(takes_context=True)
def visiting_guest(context: template.Context) -> Player | None:
    """This browser's guest (from its session), or None.

    A page's ``player`` or ``viewer`` is reused only when it *is* that guest, so the header
    costs no query on the lobby and tables; any other player in the context is ignored.
    """
    request: Any = context.get("request")
    session = getattr(request, "session", None)
    player_id = session.get(SESSION_PLAYER) if session is not None else None
    if player_id is None:
        return None
    for key in ("viewer", "player"):
        shown = context.get(key)
        if isinstance(shown, Player) and shown.pk == player_id and shown.user_id is None:
            return shown
    return Player.objects.filter(pk=player_id, user__isnull=True).first()


@register.simple_tag
def game_stylesheets() -> list[str]:
    """The static paths of the registered games' stylesheets, linked on every page after the
    club's own (a game's cards show on its rules page, replays and league pages too)."""
    return [kind.stylesheet for kind in GAMES.values() if kind.stylesheet]


@register.simple_tag
def game_print_stylesheets() -> list[str]:
    """The static paths of the registered games' score-sheet stylesheets, linked on every
    sheet after the club's ``print.css``."""
    return [kind.print_stylesheet for kind in GAMES.values() if kind.print_stylesheet]


@register.simple_tag
def game_links() -> list[tuple[str, Any]]:
    """The URL and words of each page the registered games link in the site's header (their
    presenters' ``HEADER_LINKS``)."""
    return [
        (reverse(url_name), label)
        for kind in GAMES.values()
        for url_name, label in kind.presenters.HEADER_LINKS
    ]
