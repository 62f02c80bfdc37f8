"""Django over ASGI with its request threads kept, not started and joined per request.

Django's ``ASGIHandler`` runs each request's sync code (the middleware chain, the view)
in a thread of its own: ``ThreadSensitiveContext()`` gives every request a new
single-worker executor, whose thread starts with the request and is joined, by yet
another new thread, after it; the request's database connection is opened in that
thread and closed with it: two new threads and one new SQLite connection per request,
about 1.2 ms of Daphne's CPU for a page that reads the database (3.5-4.2 ms, 2.4-2.9 ms
with kept threads; docs/performance.md).

:class:`PooledASGIHandler` hands each request one of a few long-lived single-worker
executors instead: still one thread per request at a time (a slow page, a score sheet's
PDF, never holds up another request or the table sockets' thread), but a thread that
served a request serves the next one, once it has finished everything the request
gave it (a view still running after its client left keeps its thread until it ends).
A request that ends in an exception or is cancelled gives its thread up (shut down off
the event loop, as asgiref does).

A kept thread keeps its database connection as Django keeps any (``CONN_MAX_AGE``:
5 minutes on SQLite, none with PostgreSQL's pool, which gets it back after each
request; Django closes a connection that failed); a thread let go closes its own.

The handler also hands a request to that thread once, not three times. Django's
handler, even with every middleware sync, runs the middleware chain in the thread,
comes back to the event loop to resolve the URL, hands the (sync) view to the thread
again, and closes the response in a third hand-off (``request_started`` is sent in
yet another); each wakes a thread and copies the request's context both ways (a third
of a page's glue; under load a tenth of the event loop's time: docs/performance.md).
:class:`PooledASGIHandler` loads the chain in Django's sync mode, as under WSGI, and
runs ``request_started``, the chain, the view and the response's close in the request's
thread in one go; only the body's reading and the sending stay on the event loop. An
async view (the health check) is run by the chain as Django runs one under WSGI. A
streaming response is streamed from the event loop as Django does, and closed after its
last chunk.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.db import connections
from django.http import FileResponse, HttpResponseBase
from django.urls import set_script_prefix

IDLE_THREADS = 8  # request threads kept waiting for the next request; more are let go


class RequestThreads:
    """Idle single-worker executors, taken by a request and given back after it."""

    def __init__(self, keep: int = IDLE_THREADS) -> None:
        self.keep = keep
        self.idle: list[ThreadPoolExecutor] = []
        self.lock = threading.Lock()  # given back from the executors' own threads
        self.started = 0  # executors made so far (the test of reuse reads it)

    def take(self) -> ThreadPoolExecutor:
        with self.lock:
            if self.idle:
                return self.idle.pop()
            self.started += 1
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        """Keep ``executor`` for the next request once its thread has done all it was given."""
        executor.submit(self._idle, executor)

    def _idle(self, executor: ThreadPoolExecutor) -> None:
        with self.lock:
            if len(self.idle) < self.keep:
                self.idle.append(executor)
                return
        self.let_go(executor)

    @staticmethod
    def let_go(executor: ThreadPoolExecutor) -> None:
        # In its own thread, after what it still runs; then joined in a thread of its own
        # (the worker may be waiting for the event loop).
        executor.submit(connections.close_all)
        threading.Thread(target=executor.shutdown, daemon=True).start()


class PooledASGIHandler(ASGIHandler):
    """Django's ASGI handler, each request run in a kept thread in one hop (module
    docstring)."""

    def __init__(self) -> None:
        BaseHandler.__init__(self)
        self.load_middleware(is_async=False)  # the chain as under WSGI: no hop inside it
        self.threads = RequestThreads()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)  # Django refuses it
            return
        executor = self.threads.take()
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        except BaseException:
            self.threads.let_go(executor)
            raise
        self.threads.give_back(executor)

    async def handle(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        try:
            body = await self.read_body(receive)
        except RequestAborted:  # the client left before the body was in
            return
        set_script_prefix(get_script_prefix(scope))
        try:
            response = await sync_to_async(self.respond, thread_sensitive=True)(scope, body)
            await self.send_response(response, send)
            if response.streaming:  # its chunks were read while sending: closed after them
                await sync_to_async(response.close, thread_sensitive=True)()
        finally:
            body.close()

    def respond(self, scope: dict[str, Any], body: Any) -> HttpResponseBase:
        """In the request's thread: what Django does between reading the body and
        sending the answer (``request_started``, the request, the middleware chain and
        view), and the answer's close (``request_finished``) when it is all in memory."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size  # Daphne chunks it itself
        if not response.streaming:
            response.close()
        return response


def get_asgi_application() -> PooledASGIHandler:
    """As ``django.core.asgi.get_asgi_application``, with the kept request threads."""
    import django

    django.setup(set_prefix=False)
    return PooledASGIHandler()
