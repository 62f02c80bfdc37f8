"""Score sheets as PDF: the sheet's HTML printed by Debian's headless Chromium (page.pdf).

Playwright's sync API refuses to run inside an event loop, and Daphne serves on
one; each rendering therefore runs in a short-lived worker thread of its own,
which starts Chromium, prints the page and closes it.
"""

from __future__ import annotations

import os
import shutil
from concurrent.futures import ThreadPoolExecutor

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
# The same flags as the browser tests (tests/browser/conftest.py): Chromium in a container.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
TIMEOUT_SECONDS = 60


def html_to_pdf(html: str) -> bytes:
    """Print self-contained ``html`` (CSS inlined, no external fetches) to A4 PDF bytes."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="sheet-pdf") as pool:
        return pool.submit(_print, html).result(timeout=TIMEOUT_SECONDS)


def _print(html: str) -> bytes:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page()
            page.set_content(html, wait_until="load")
            page.emulate_media(media="print")
            return page.pdf(format="A4", prefer_css_page_size=True, print_background=False)
        finally:
            browser.close()
