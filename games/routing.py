"""Websocket routes, mounted by config/asgi.py."""

websocket_urlpatterns: list = []
