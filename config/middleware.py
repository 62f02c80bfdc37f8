"""Middleware of the club's own.

Under Daphne (ASGI) Django adapts each middleware to the mode of the one inside it.
Django's own middlewares can run either way, and when the innermost runs async
every one of them hops between the event loop and a worker thread for each of its
hooks: twenty-odd hops per request, which measured as most of a request's cost
(``bench/load.py``). :func:`sync_chain` is sync-only and sits innermost, so the
whole chain runs synchronously in the request's one worker thread, as it would
under WSGI; Django then crosses to async once, to reach the view.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.utils.decorators import sync_only_middleware


@sync_only_middleware
def sync_chain(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    """Pass every request on unchanged: its only effect is the mode of the chain."""

    def middleware(request: HttpRequest) -> HttpResponseBase:
        return get_response(request)

    return middleware
