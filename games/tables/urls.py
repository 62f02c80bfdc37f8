"""The URLs every game's table has, mounted by each game app under its own prefix.

``/<game>/<code>/`` the table page, ``.../act`` an action (version + action),
``.../sit``, ``.../stand``, ``.../start``, ``.../add_bot``, ``.../remove_bot`` the seats
of a table not yet started; ``.../hints`` a seated player's hints on or off.
"""

from __future__ import annotations

from django.urls import URLPattern, path

from games.tables import views


def table_urlpatterns(game_name: str) -> list[URLPattern]:
    extra = {"game_name": game_name}
    return [
        path("<str:code>/", views.table_page, extra, name="table"),
        path("<str:code>/act", views.act, extra, name="act"),
        *(
            path(f"<str:code>/{what}", views.seat_action, {**extra, "what": what}, name=what)
            for what in ("sit", "stand", "start", "add_bot", "remove_bot", "hints")
        ),
    ]
