"""The site's URLs plus the bare game's table (tests/web/baregame.py)."""

from django.urls import include, path

from config.urls import urlpatterns as site
from games.tables.urls import table_urlpatterns

urlpatterns = [
    path("baregame/", include((table_urlpatterns("baregame"), "baregame"))),
    *site,
]
