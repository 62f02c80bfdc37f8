"""A browser keeps its connection to the server open and sends request after request on
it: every one of them is answered by the page, never by a server error (Daphne serves the
next request from within the last one's answer; it must start clean)."""

import http.client
from collections import Counter
from urllib.parse import urlsplit

import pytest
from django.db import connection

from tests.support.servers import daphne


def test_a_hundred_pages_on_one_connection_are_all_served(transactional_db):
    if connection.vendor != "sqlite":
        pytest.fail("this test serves the test database from a Daphne process (SQLite file)")
    with daphne(env={"DATABASE_URL": f"sqlite:///{connection.settings_dict['NAME']}"}) as url:
        parts = urlsplit(url)
        kept_alive = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        answers = Counter()
        for number in range(100):
            kept_alive.request("GET", "/" if number % 2 else "/healthz")
            answer = kept_alive.getresponse()
            answer.read()
            answers[answer.status] += 1
        kept_alive.close()
        assert not [line for line in url.process.output if "Exception inside application" in line]
    assert answers == Counter({200: 100})
