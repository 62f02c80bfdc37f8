"""The site's URLs plus the platform's test game (tests/web/toygame.py)."""

from django.urls import include, path

from config.urls import urlpatterns as site
from games.tables.urls import table_urlpatterns

urlpatterns = [
    path("toygame/", include((table_urlpatterns("toygame"), "toygame"))),
    path("baregame/", include((table_urlpatterns("baregame"), "baregame"))),
    *site,
]
