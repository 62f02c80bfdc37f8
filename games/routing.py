"""Websocket routes, mounted by config/asgi.py."""

from django.urls import path

from games.leagues.night_consumer import NightConsumer
from games.live.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/table/<str:code>/", TableConsumer.as_asgi(), name="table-socket"),
    path("ws/nights/<int:pk>/", NightConsumer.as_asgi(), name="night-socket"),
]
