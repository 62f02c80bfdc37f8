"""Two Daphne processes on different ports share one PostgreSQL and one Redis."""

from __future__ import annotations

import json
import urllib.request


def health(url: str) -> tuple[int, dict]:
    with urllib.request.urlopen(url + "/healthz", timeout=15) as response:
        return response.status, json.loads(response.read())


def test_both_processes_report_database_and_channel_layer_reachable(two_daphnes):
    first, second = two_daphnes
    assert first != second
    for url in (first, second):
        assert health(url) == (200, {"status": "ok", "database": "ok", "channel_layer": "ok"})
