"""Integration tests: the app on PostgreSQL + Redis, as several Daphne processes share them.

`make test-integration` starts both servers (scripts/integration-services.sh) and
sets DATABASE_URL and REDIS_URL. Every test here is marked ``integration``, so
`make test` (SQLite + in-memory layer) leaves them out. Run against anything
else, they fail and say how to run them, rather than skip.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

import pytest

from tests.integration.players import fresh_postgres
from tests.support.servers import Served, daphne


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/integration/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.integration)


@pytest.fixture(autouse=True, scope="session")
def _postgres_and_redis() -> None:
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"]
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    if engine != "django.db.backends.postgresql" or "Redis" not in layer:
        pytest.fail(
            "Integration tests need PostgreSQL and Redis (DATABASE_URL=postgres://..., "
            f"REDIS_URL=redis://...); got {engine} and {layer}. Run `make test-integration`."
        )


@pytest.fixture(scope="session")
def shared_env(django_db_setup) -> dict[str, str]:
    """The environment of a Daphne process serving the test database and the test Redis."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return {"DATABASE_URL": url, "REDIS_URL": settings.REDIS_URL}


@pytest.fixture
def two_daphnes(shared_env, transactional_db, tmp_path) -> Iterator[tuple[Served, Served]]:
    """Two Daphne processes on different ports sharing the test database and Redis.

    Their logs (the operator log included) are in the test's tmp_path: daphne-1.log, daphne-2.log.
    """
    with contextlib.ExitStack() as stack:
        first = stack.enter_context(daphne(env=shared_env, log=tmp_path / "daphne-1.log"))
        second = stack.enter_context(daphne(env=shared_env, log=tmp_path / "daphne-2.log"))
        yield first, second


@pytest.fixture
def fresh_database(shared_env) -> Iterator[str]:
    """An empty database on the test server, dropped afterwards; yields its URL."""
    with fresh_postgres(shared_env["DATABASE_URL"]) as url:
        yield url
