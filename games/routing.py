"""Websocket routes, mounted by config/asgi.py."""

from django.urls import path

from games.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/table/<str:code>/", TableConsumer.as_asgi(), name="table-socket"),
]
