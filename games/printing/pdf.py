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
- a printing that takes over :data:`RENDER_SECONDS` is given up (an error); until the pool
  has printed once, waits and printings have :data:`WARM_UP_SECONDS` more (its warm-up).

A fresh sheet (one never printed) takes a warm worker about a quarter of a second: each
worker cuts the CJK font to the sheets' characters once (``pdf_fonts``), keeps one font
configuration for all its printings, prints a page and the first sheet asked for before
it takes any request, and then keeps the garbage collector off what it holds.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor

MAX_CONCURRENT = 2
WAIT_SECONDS = 5.0
RETRY_AFTER_SECONDS = 5
RENDER_SECONDS = 30.0
# A new pool's workers warm up (cut the CJK font, print a first sheet) before they take the
# first printing: on a busy machine that alone can take tens of seconds, so until one printing
# has come back, the waits and the printing have this much more time.
WARM_UP_SECONDS = 90.0
CACHE_SIZE = 32
TASKS_PER_WORKER = 50
PRINT_NICENESS = 10

_slots = threading.BoundedSemaphore(MAX_CONCURRENT)
_cache: OrderedDict[str, bytes] = OrderedDict()
_printing: dict[str, threading.Lock] = {}  # the key of each sheet being printed -> its lock
_lock = threading.Lock()  # guards _cache, _printing and _pool
_pool: ProcessPoolExecutor | None = None
_warm = False  # the pool has printed a sheet: its workers are ready


def _warming() -> float:
    """The time added to every wait while the pool has not printed its first sheet."""
    return 0.0 if _warm else WARM_UP_SECONDS


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
    # Someone prints this very sheet: wait for it.
    if not same.acquire(timeout=WAIT_SECONDS + _warming()):
        raise PdfBusy
    try:
        with _lock:
            if key in _cache:
                return _cache[key]
        if not _slots.acquire(timeout=WAIT_SECONDS + _warming()):
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
    global _pool, _warm
    limit = RENDER_SECONDS + _warming()
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                max_workers=MAX_CONCURRENT,
                mp_context=multiprocessing.get_context("spawn"),
                max_tasks_per_child=TASKS_PER_WORKER,
                initializer=_start_worker,
                initargs=(html,),  # every worker, recycled ones too, warms up on a real sheet
            )
        pool = _pool
    document = pool.submit(print_pdf, html).result(timeout=limit)
    _warm = True
    return document


# --- in a printing worker (no Django) ------------------------------------------------

# The family the cut font (games.printing.pdf_fonts) is known by, then print.css's own.
SHEET_FAMILY = "Club Sheet"
SHEET_FONTS = f'"{SHEET_FAMILY}", "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", sans-serif'
# Printed once as a worker starts: fonts, Pango and WeasyPrint's code are loaded before
# the first sheet a member waits for.
WARM_UP = (
    '<html lang="ja"><body class="sheet"><h1>スコアシート Score sheet</h1>'
    "<table><tr><th>席</th><td>1 × 2 ½</td></tr></table></body></html>"
)

# A layout makes some 300,000 objects: with Python's usual thresholds a full collection
# ran every other sheet (+50 ms). After the warm-up what the worker keeps is frozen out
# of the collector's sight, and young objects are collected every this many.
GC_THRESHOLD = 50_000
ORPHAN_CHECK_SECONDS = 1.0

_worker: dict[str, object] = {}  # this worker's font configuration, stylesheets, fetcher
_folders: list[object] = []  # the temporary folders it made, removed when it exits


def _start_worker(sheet: str) -> None:
    """A printing worker runs at a lower priority (the server's pushes come first), cuts
    the sheet font once, and prints a page and ``sheet`` (the sheet that started the
    pool) before any member waits for one."""
    import gc
    import logging

    os.nice(PRINT_NICENESS)
    server = os.getppid()
    threading.Thread(target=_exit_with, args=(server,), name="orphan-watch", daemon=True).start()
    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # a line per layout step otherwise
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    try:
        for html in (WARM_UP, sheet):
            print_pdf(html)
    except Exception:  # the first real sheet will say what is wrong
        logging.getLogger(__name__).exception("Printing worker: the warm-up failed")
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, 50, 100)


def _exit_with(server: int) -> None:
    """End this worker when the server that started it is gone (killed with no time to
    stop its pool): a worker never outlives its server, holding its fonts' memory."""
    import shutil

    while os.getppid() == server:
        time.sleep(ORPHAN_CHECK_SECONDS)
    for folder in _folders:  # os._exit runs no finalizer: the fonts' folders go first
        shutil.rmtree(folder, ignore_errors=True)
    os._exit(0)


def _prepared() -> dict[str, object]:
    """What every printing in this worker shares: one font configuration (fonts loaded
    once), the sheet font cut to size, and the fetchers."""
    if _worker:
        return _worker
    import shutil
    import tempfile
    from multiprocessing import util
    from pathlib import Path

    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration
    from weasyprint.urls import URLFetcher

    from games.printing import pdf_fonts

    class OnlyThese(URLFetcher):
        """A fetcher of exactly the given file URLs (the cut fonts) and nothing else."""

        def __init__(self, allowed: set[str]) -> None:
            super().__init__(allowed_protocols=("file",))
            self.allowed = allowed

        def fetch(self, url: str, headers: object = None) -> object:
            if url not in self.allowed:
                raise ValueError(f"not fetched: {url[:80]}")
            return super().fetch(url, headers)

    folder = Path(tempfile.mkdtemp(prefix="clubtable-sheet-fonts-"))
    _folders.append(folder)
    util.Finalize(None, shutil.rmtree, args=(folder, True), exitpriority=10)  # at worker exit
    fonts = pdf_fonts.cut_fonts(folder)
    font_config = FontConfiguration()
    stylesheets = []
    if fonts:
        urls = {weight: path.as_uri() for weight, path in fonts.items()}
        faces = "".join(
            f'@font-face {{ font-family: "{SHEET_FAMILY}"; src: url({url}); font-weight: {w}; }}'
            for w, url in urls.items()
        )
        # A user stylesheet: !important is what lets it name the family over print.css's.
        css = f"{faces} body.sheet {{ font-family: {SHEET_FONTS} !important; }}"
        stylesheets.append(
            CSS(string=css, font_config=font_config, url_fetcher=OnlyThese(set(urls.values())))
        )
        # WeasyPrint copied the fonts into a folder of its own, which it removes only when
        # the configuration is collected (never, in a worker that exits): at exit, then.
        copies = getattr(font_config, "_folder", None)
        if copies is not None:
            _folders.append(copies)
            util.Finalize(None, shutil.rmtree, args=(copies, True), exitpriority=10)
    # Only data: URLs for the sheet itself: it fetches nothing (so nothing a name says can
    # be fetched), and the cut font files are open to the stylesheet above alone.
    _worker.update(
        font_config=font_config,
        stylesheets=stylesheets,
        fetcher=URLFetcher(allowed_protocols=("data",)),
    )
    return _worker


def print_pdf(html: str) -> bytes:
    """WeasyPrint's PDF of ``html`` (runs in a worker process; no Django needed)."""
    from weasyprint import HTML

    shared = _prepared()
    return HTML(string=html, url_fetcher=shared["fetcher"]).write_pdf(
        stylesheets=shared["stylesheets"], font_config=shared["font_config"]
    )
