"""Scaled out, sessions are read from Redis on every request and every socket's opening.
Django keeps a cache backend per async context, so each request of a Daphne got a new
one, and Django's Redis backend a new connection pool with it: a new TCP connection to
Redis per request, left open until the garbage collector found it (Django ticket #35651).
An operator would see it as Redis's client count climbing with the traffic, and every
request paying a connect. django-redis keeps one connection pool for the process."""

from __future__ import annotations

import contextvars
import threading

import redis
from django.conf import settings
from django.contrib.sessions.backends.cached_db import SessionStore
from django.core.cache import caches


def connections_received() -> int:
    return redis.Redis.from_url(settings.REDIS_URL).info("stats")["total_connections_received"]


def as_requests(request, rounds: int) -> None:
    """Run ``request`` as Daphne runs requests: three at once, each in a copied context
    and a thread of its own, ``rounds`` times."""
    for _round in range(rounds):
        threads = [
            threading.Thread(target=contextvars.copy_context().run, args=(request,))
            for _ in range(3)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)


def saved_session() -> SessionStore:
    session = SessionStore()
    session["player_id"] = 7
    session.save()
    return session


def test_requests_in_their_own_contexts_and_threads_share_one_pool(db):
    session = saved_session()
    before = connections_received()
    read = []

    def request() -> None:
        read.append(SessionStore(session.session_key).get("player_id"))
        caches["default"].get("anything")

    as_requests(request, 20)
    assert read == [7] * 60
    # At most a connection per request thread at once (and the counting one), not one
    # per request: 60 requests made 61 connections before.
    assert connections_received() - before <= 4 + 1
