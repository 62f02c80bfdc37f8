"""Under Daphne a request is handed to its thread once, and everything Django does for
it runs there.

Django's own ASGI handler, with every middleware sync, hands a request to its thread
three times (the middleware chain, the view, the close) and comes back to the event loop
in between; an operator notices each hop as CPU per request on a loaded server. The tests check what
makes the one hop: one hand-off to the request's thread for a page, the signals,
middleware and view all in that thread, and what Django does around it still done
(an async view answers, a static file is streamed whole, a refused request is answered).
"""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core import signals
from django.test.signals import template_rendered

from config.request_threads import PooledASGIHandler, RequestThreads
from tests.web.sockets import in_own_loop

pytestmark = pytest.mark.django_db(transaction=True)


class CountedExecutor(ThreadPoolExecutor):
    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.handed: list[str] = []

    def submit(self, fn, /, *args, **kwargs):
        self.handed.append(getattr(fn, "__qualname__", repr(fn)))
        return super().submit(fn, *args, **kwargs)


class CountedThreads(RequestThreads):
    def __init__(self) -> None:
        super().__init__()
        self.made: list[CountedExecutor] = []

    def take(self) -> ThreadPoolExecutor:
        executor = CountedExecutor()
        self.made.append(executor)
        return executor


async def request(handler, path: str, headers=(), body: bytes = b"") -> tuple[int, bytes]:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST" if body else "GET",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"localhost"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 80),
    }
    communicator = ApplicationCommunicator(handler, scope)
    await communicator.send_input({"type": "http.request", "body": body})
    start = await communicator.receive_output(10)
    content = b""
    while True:
        message = await communicator.receive_output(10)
        content += message.get("body", b"")
        if not message.get("more_body"):
            break
    await communicator.wait(10)
    return start["status"], content


def counted_handler() -> tuple[PooledASGIHandler, CountedThreads]:
    handler = PooledASGIHandler()
    handler.threads = CountedThreads()
    return handler, handler.threads


@in_own_loop
async def test_a_page_is_handed_to_its_thread_once_and_served_there_whole():
    handler, threads = counted_handler()
    seen: dict[str, set[int]] = {"started": set(), "rendered": set(), "finished": set()}

    def note(what):
        def receiver(**kwargs):
            seen[what].add(threading.get_ident())

        return receiver

    receivers = {
        signals.request_started: note("started"),
        template_rendered: note("rendered"),
        signals.request_finished: note("finished"),
    }
    for signal, receiver in receivers.items():
        signal.connect(receiver)
    try:
        status, content = await request(handler, "/leagues/")
    finally:
        for signal, receiver in receivers.items():
            signal.disconnect(receiver)
    assert status == 200 and b"</html>" in content
    (executor,) = threads.made
    hops = [name for name in executor.handed if "_idle" not in name]  # giving it back
    assert len(hops) == 1, executor.handed  # Django's own handler, sync chain: three
    request_thread = executor.submit(threading.get_ident).result(10)
    assert seen["started"] == seen["rendered"] == seen["finished"] == {request_thread}
    assert threading.get_ident() not in seen["rendered"]  # not on the event loop


@in_own_loop
async def test_an_async_view_still_answers_under_the_sync_chain():
    handler, _ = counted_handler()
    status, content = await request(handler, "/healthz")
    assert status == 200 and b'"ok"' in content.replace(b" ", b"")


@in_own_loop
async def test_a_static_file_is_streamed_whole_and_its_request_finishes():
    handler, threads = counted_handler()
    finished: list[int] = []

    def receiver(**kwargs):
        finished.append(threading.get_ident())

    signals.request_finished.connect(receiver)
    try:
        status, content = await request(handler, "/static/css/club.css")
    finally:
        signals.request_finished.disconnect(receiver)
    assert status == 200
    with open("static/css/club.css", "rb") as original:
        assert content == original.read()
    assert len(finished) == 1  # closed once, after its last chunk


@in_own_loop
async def test_a_forged_post_is_refused_in_the_one_hop_and_nothing_is_kept():
    handler, threads = counted_handler()
    status, content = await request(
        handler,
        "/accounts/login/",
        headers=[(b"content-type", b"application/x-www-form-urlencoded")],
        body=b"username=ann&password=x",
    )
    assert status == 403  # no CSRF token: Django's refusal, from the sync chain
    (executor,) = threads.made
    assert len([name for name in executor.handed if "_idle" not in name]) == 1
