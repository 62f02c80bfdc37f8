"""Websocket routes, mounted by config/asgi.py."""

from django.urls import path

from games.live.consumers import TableConsumer
from games.nights.consumer import NightConsumer

websocket_urlpatterns = [
    path("ws/table/<str:code>/", TableConsumer.as_asgi(), name="table-socket"),
    path("ws/nights/<int:pk>/", NightConsumer.as_asgi(), name="night-socket"),
]
