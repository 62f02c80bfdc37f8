"""Browser tests: Playwright drives Debian's headless Chromium against a real Daphne.

Chromium comes from Debian (``/usr/bin/chromium``); ``playwright install`` cannot
download here. A missing Chromium is a failure, never a silent skip.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.servers import daphne

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
# Chromium in a container.
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

# Playwright's sync API runs an event loop in this thread; the ORM calls the
# tests make to arrange data are still ordinary synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).parent / "artifacts"


def _is_browser_test(item) -> bool:
    return "tests/browser/" in str(item.fspath).replace(os.sep, "/")


# Files whose tests play whole matches or whole nights (a minute to several each). They go
# first within their group, so parallel workers start them early and the run does not end
# with one worker still playing while the others wait (see `make test --durations`).
WHOLE_GAMES = (
    "tests/browser/test_a_game_against_strong_bots_then_its_review.py",
    "tests/browser/test_tables_read_right.py",
    "tests/browser/test_a_whole_club_night.py",
    "tests/browser/test_club_night.py",
    "tests/browser/test_table_fits_one_screen.py",
    "tests/browser/test_phone_layout.py",
    "tests/web/test_replay_marks_a_players_costliest_decisions.py",
    "tests/web/test_replay_steps_are_turns_in_words.py",
    "tests/web/test_reviews.py",
    "tests/cli/test_bench_scripts.py",
    "tests/cli/test_bots_bench_pools_several_seeds.py",
)


def _plays_whole_games(item) -> bool:
    return str(item.fspath).replace(os.sep, "/").endswith(WHOLE_GAMES)


def pytest_collection_modifyitems(items):
    for item in items:
        if _is_browser_test(item):
            item.add_marker(pytest.mark.browser)
    # Browser tests last: Playwright's sync API keeps an event loop running in this
    # thread from the first browser test on, and async tests cannot start their own
    # loop after that ("Runner.run() cannot be called from a running event loop").
    items.sort(key=lambda item: (_is_browser_test(item), not _plays_whole_games(item)))


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: run scripts/system-deps.sh (make test does)."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def live_server_url(django_db_setup, django_db_blocker) -> Iterator[str]:
    """A Daphne process serving the test database (a SQLite file shared with this process)."""
    from django.conf import settings
    from django.db import connection

    db = settings.DATABASES["default"]
    env = {}
    if connection.vendor == "sqlite":
        env["DATABASE_URL"] = f"sqlite:///{db['NAME']}"
    ARTIFACTS.mkdir(exist_ok=True)
    # The server's own log (a line per action, warnings, tracebacks) is kept with the
    # screenshots, for reading after a failed run.
    # One server per pytest-xdist worker, each with its own log.
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with daphne(env=env, log=ARTIFACTS / f"live-server-{worker}.log") as url:
        yield url


# Every page reports what its Content-Security-Policy blocked (an inline script or style,
# a foreign fetch) as a console error with this mark; a test with any fails.
CSP_MARK = "CSP violation:"
_REPORT_CSP = (
    "document.addEventListener('securitypolicyviolation', (e) => console.error("
    f"'{CSP_MARK} ' + e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' at ' +"
    " e.sourceFile + ':' + e.lineNumber), true);"
)


def csp_violations(messages: list[str]) -> list[str]:
    """The console errors that are the Content-Security-Policy refusing something."""
    return [m for m in messages if CSP_MARK in m or "Content Security Policy" in m]


@pytest.fixture
def new_page(browser, live_server_url, transactional_db):
    """Open pages in fresh browser contexts (one context = one player's browser).

    Fails the test if any page broke the Content-Security-Policy (see ``CSP_MARK``);
    ``page.console_errors`` holds the page's console errors for tests to read.
    """
    contexts = []
    errors: list[str] = []

    def open_page(viewport=None, locale="en-US"):
        context = browser.new_context(
            base_url=live_server_url,
            viewport=viewport or {"width": 1366, "height": 768},
            locale=locale,
        )
        context.add_init_script(_REPORT_CSP)
        contexts.append(context)
        page = context.new_page()
        page.console_errors = []
        page.on("console", lambda message, page=page: _note_error(message, page, errors))
        page.set_default_timeout(15_000)
        return page

    yield open_page
    for context in contexts:
        context.close()
    violations = csp_violations(errors)
    if violations:
        pytest.fail("The Content-Security-Policy blocked:\n" + "\n".join(violations))


def _note_error(message, page, errors: list[str]) -> None:
    if message.type == "error":
        page.console_errors.append(message.text)
        if not getattr(page, "expect_csp_violations", False):
            errors.append(message.text)
