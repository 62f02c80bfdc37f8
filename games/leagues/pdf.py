"""Score sheets as PDF, printed by WeasyPrint in this process (no browser per request).

WeasyPrint lays the sheet's self-contained HTML (print CSS inlined) out with Pango, so
Japanese needs only a CJK font (``fonts-noto-cjk``, ``scripts/system-deps.sh``). Two
limits keep a burst of downloads from starving the tables:

- a **cache** of the last :data:`CACHE_SIZE` documents by the HTML they were made from:
  a blank sheet (one per language and player count) or a sheet whose results have not
  changed is printed once, then served from memory;
- a **cap** of :data:`MAX_CONCURRENT` renderings at once; a request waits up to
  :data:`WAIT_SECONDS` for its turn, then gets :class:`PdfBusy` (the view answers
  503 with ``Retry-After``).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

MAX_CONCURRENT = 2
WAIT_SECONDS = 5.0
RETRY_AFTER_SECONDS = 5
CACHE_SIZE = 32

_slots = threading.BoundedSemaphore(MAX_CONCURRENT)
_cache: OrderedDict[str, bytes] = OrderedDict()
_cache_lock = threading.Lock()


class PdfBusy(Exception):  # noqa: N818 - a state the view tells the reader about
    """Every rendering slot stayed taken for :data:`WAIT_SECONDS`: try again shortly."""

    retry_after = RETRY_AFTER_SECONDS


def html_to_pdf(html: str) -> bytes:
    """Print self-contained ``html`` (CSS inlined, no external fetches) to A4 PDF bytes."""
    key = hashlib.sha256(html.encode()).hexdigest()
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    if not _slots.acquire(timeout=WAIT_SECONDS):
        raise PdfBusy
    try:
        document = _print(html)
    finally:
        _slots.release()
    with _cache_lock:
        _cache[key] = document
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return document


def _print(html: str) -> bytes:
    from weasyprint import HTML
    from weasyprint.urls import URLFetcher

    # Only data: URLs: a sheet fetches nothing (so nothing a name says can be fetched).
    fetcher = URLFetcher(allowed_protocols=("data",))
    return HTML(string=html, url_fetcher=fetcher).write_pdf()
