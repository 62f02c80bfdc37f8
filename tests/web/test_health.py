"""``/healthz`` as a load balancer sees it: 200 when the database and the channel layer answer."""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.request

import pytest

from tests.support.servers import daphne, free_port


def probe(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url + "/healthz", timeout=15) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.django_db
def test_healthy_process_answers_200_with_both_checks_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "channel_layer": "ok"}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_only_answers_reads(client):
    assert client.post("/healthz").status_code == 405


def test_unreachable_database_gives_503_naming_the_database(tmp_path):
    missing = tmp_path / "no-such-folder" / "club.sqlite3"
    with daphne(env={"DATABASE_URL": f"sqlite:///{missing}"}) as url:
        status, body = probe(url)
    assert status == 503
    assert body == {"status": "unavailable", "database": "unreachable", "channel_layer": "ok"}


def test_unreachable_redis_gives_503_naming_the_channel_layer(tmp_path):
    closed = free_port()  # nothing listens there
    env = {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        "REDIS_URL": f"redis://127.0.0.1:{closed}/0",
    }
    with daphne(env=env) as url:
        status, body = probe(url)
    assert status == 503
    assert body == {"status": "unavailable", "database": "ok", "channel_layer": "unreachable"}


def test_production_process_answers_probes_over_plain_http_but_redirects_pages(tmp_path):
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "club.example.org,127.0.0.1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        "SECURE_SSL_REDIRECT": "1",
        "SECURE_COOKIES": "1",
        "STATIC_MANIFEST": "1",
    }
    with daphne(env=env) as url:
        status, body = probe(url)
        page = urllib.request.Request(url + "/", headers={"Host": "club.example.org"})
        opener = urllib.request.build_opener(NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as redirect:
            opener.open(page, timeout=15)
    assert (status, body["status"]) == (200, "ok")
    assert redirect.value.code == 301
    assert redirect.value.headers["Location"] == "https://club.example.org/"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
