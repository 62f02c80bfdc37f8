"""Score sheets as PDF, printed by WeasyPrint (no browser per request).

WeasyPrint lays the sheet's self-contained HTML (print CSS inlined) out with Pango, so
Japanese needs only a CJK font (``fonts-noto-cjk``, ``scripts/system-deps.sh``). It
runs in a small pool of worker processes beside the server (:data:`MAX_CONCURRENT`,
each replaced after :data:`TASKS_PER_WORKER` sheets, at a lower CPU priority): a layout takes a few hundred
milliseconds of CPU and a CJK font's worth of memory, which would otherwise compete
with the tables' pushes for the server process's interpreter and stay in its heap.
Three limits keep a burst of downloads from starving the tables:

- a **cache** of the last :data:`CACHE_SIZE` documents by the HTML they were made from:
  a blank sheet (one per language and player count) or a sheet whose results have not
  changed is printed once, then served from memory; requests for a sheet being printed
  wait for that one printing instead of starting their own;
- a **cap** of :data:`MAX_CONCURRENT` printings at once; a request waits up to
  :data:`WAIT_SECONDS` for its turn, then gets :class:`PdfBusy` (the view answers
  503 with ``Retry-After``);
- a printing that takes over :data:`RENDER_SECONDS` is given up (an error).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import threading
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor

MAX_CONCURRENT = 2
WAIT_SECONDS = 5.0
RETRY_AFTER_SECONDS = 5
RENDER_SECONDS = 30.0
CACHE_SIZE = 32
TASKS_PER_WORKER = 50
PRINT_NICENESS = 10

_slots = threading.BoundedSemaphore(MAX_CONCURRENT)
_cache: OrderedDict[str, bytes] = OrderedDict()
_printing: dict[str, threading.Lock] = {}  # the key of each sheet being printed -> its lock
_lock = threading.Lock()  # guards _cache, _printing and _pool
_pool: ProcessPoolExecutor | None = None


class PdfBusy(Exception):  # noqa: N818 - a state the view tells the reader about
    """Every printing slot stayed taken for :data:`WAIT_SECONDS`: try again shortly."""

    retry_after = RETRY_AFTER_SECONDS


def html_to_pdf(html: str) -> bytes:
    """Print self-contained ``html`` (CSS inlined, no external fetches) to A4 PDF bytes."""
    key = hashlib.sha256(html.encode()).hexdigest()
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
        same = _printing.setdefault(key, threading.Lock())
    if not same.acquire(timeout=WAIT_SECONDS):  # someone prints this very sheet: wait for it
        raise PdfBusy
    try:
        with _lock:
            if key in _cache:
                return _cache[key]
        if not _slots.acquire(timeout=WAIT_SECONDS):
            raise PdfBusy
        try:
            document = _render(html)
        finally:
            _slots.release()
        with _lock:
            _cache[key] = document
            while len(_cache) > CACHE_SIZE:
                _cache.popitem(last=False)
        return document
    finally:
        same.release()
        with _lock:
            if _printing.get(key) is same and not same.locked():
                del _printing[key]


def _render(html: str) -> bytes:
    """One printing, in the worker pool."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                max_workers=MAX_CONCURRENT,
                mp_context=multiprocessing.get_context("spawn"),
                max_tasks_per_child=TASKS_PER_WORKER,
                initializer=_yield_to_the_tables,
            )
        pool = _pool
    return pool.submit(print_pdf, html).result(timeout=RENDER_SECONDS)


def _yield_to_the_tables() -> None:
    """A printing worker runs at a lower priority: the server's pushes come first."""
    os.nice(PRINT_NICENESS)


def print_pdf(html: str) -> bytes:
    """WeasyPrint's PDF of ``html`` (runs in a worker process; no Django needed)."""
    import logging

    from weasyprint import HTML
    from weasyprint.urls import URLFetcher

    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # a line per layout step otherwise
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    # Only data: URLs: a sheet fetches nothing (so nothing a name says can be fetched).
    fetcher = URLFetcher(allowed_protocols=("data",))
    return HTML(string=html, url_fetcher=fetcher).write_pdf()
