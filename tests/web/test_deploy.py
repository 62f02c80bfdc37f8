"""Production settings as an operator meets them: the deploy checklist, the missing key, static files."""

from __future__ import annotations

import json
import os
import secrets
import urllib.request
from pathlib import Path

from tests.support.commands import manage, python
from tests.support.servers import daphne

# What the test run itself sets (config/settings_test.py) must not leak into "production":
# these are removed here and set explicitly below (tests.support.servers.daphne adds
# this process's environment back under the one it is given).
TEST_ONLY = (
    "SECRET_KEY",
    "SECURE_SSL_REDIRECT",
    "SECURE_COOKIES",
    "STATIC_MANIFEST",
    "DEBUG",
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # set by the browser tests' Playwright harness
)


def production_env(tmp_path: Path, **overrides: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in TEST_ONLY}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="club.example.org,127.0.0.1",
        DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}",
        STATIC_ROOT=str(tmp_path / "static"),
        DEBUG="0",
        SECURE_SSL_REDIRECT="1",
        SECURE_COOKIES="1",
        STATIC_MANIFEST="1",
    )
    env.update(overrides)
    return {key: value for key, value in env.items() if value is not None}


def test_deploy_checklist_is_clean_with_a_production_environment(tmp_path):
    result = manage(production_env(tmp_path), "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_deploy_checklist_flags_debug_left_on(tmp_path):
    # The same check does catch a mistake: the test above could fail.
    result = manage(
        production_env(tmp_path, DEBUG="1"), "check", "--deploy", "--fail-level", "WARNING"
    )
    assert result.returncode != 0
    assert "security.W018" in result.stdout + result.stderr


def test_manage_refuses_to_start_without_secret_key(tmp_path):
    env = production_env(tmp_path, SECRET_KEY="")
    result = manage(env, "check")
    assert result.returncode != 0
    last_line = result.stderr.strip().splitlines()[-1]
    assert "SECRET_KEY is not set" in last_line
    assert "refusing to start" in last_line


def test_daphne_refuses_to_start_without_secret_key(tmp_path):
    env = production_env(tmp_path, SECRET_KEY="")
    result = python(env, "-m", "daphne", "-b", "127.0.0.1", "-p", "0", "config.asgi:application")
    assert result.returncode != 0
    assert "SECRET_KEY is not set, and DEBUG is off: refusing to start" in result.stderr


def test_debug_server_starts_without_secret_key(tmp_path):
    env = production_env(tmp_path, DEBUG="1", SECRET_KEY="")
    result = manage(env, "check")
    assert result.returncode == 0, result.stderr


def test_trusted_origin_without_scheme_is_refused_with_a_hint(tmp_path):
    env = production_env(tmp_path, CSRF_TRUSTED_ORIGINS="club.example.org")
    result = manage(env, "check")
    assert result.returncode != 0
    assert "https://club.example.org" in result.stderr.strip().splitlines()[-1]


def test_static_files_are_served_hashed_compressed_and_cached_forever(tmp_path):
    env = production_env(tmp_path)
    collected = manage(env, "collectstatic", "--noinput", "-v", "0")
    assert collected.returncode == 0, collected.stderr
    manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())
    hashed = manifest["paths"]["css/club.css"]
    assert hashed != "css/club.css"

    with daphne(env={**env, "SECURE_SSL_REDIRECT": "0"}) as url:
        request = urllib.request.Request(
            f"{url}/static/{hashed}", headers={"Accept-Encoding": "gzip", "Host": "127.0.0.1"}
        )
        with urllib.request.urlopen(request) as response:
            assert response.status == 200
            assert response.headers["Content-Encoding"] == "gzip"
            assert "immutable" in response.headers["Cache-Control"]


def test_sqlite_database_keeps_serving_reads_while_a_move_commits(tmp_path):
    """One machine on SQLite: write-ahead logging, so sockets can read while an action commits."""
    script = (
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "with connection.cursor() as c:\n"
        "    print(c.execute('PRAGMA journal_mode').fetchone()[0])\n"
    )
    env = production_env(tmp_path)
    result = python(env, "-c", script)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["wal"]
