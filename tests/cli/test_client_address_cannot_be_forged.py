"""The per-address limits (guests, tables, sockets, claim-code tries, the login lock) read the
address Daphne was given. Behind the documented nginx, Daphne's ``--proxy-headers`` takes the
left-most X-Forwarded-For entry, so the proxy must overwrite the header with the address it
saw: a client that sends its own X-Forwarded-For must not become a new address each time."""

from __future__ import annotations

import re

from daphne.utils import parse_x_forwarded_for

from tests.support.servers import ROOT


def nginx_config() -> str:
    deploy = (ROOT / "docs" / "deploy.md").read_text()
    return deploy.split("```nginx\n")[1].split("```")[0]


def test_daphne_takes_the_left_most_forwarded_address():
    """Why the proxy must overwrite: an appended header keeps the client's forgery first."""
    headers = {b"x-forwarded-for": [b"203.0.113.9, 198.51.100.7"]}
    assert parse_x_forwarded_for(headers, original_addr=["127.0.0.1", 0])[0][0] == "203.0.113.9"


def test_the_documented_proxy_overwrites_the_clients_forwarded_for():
    config = nginx_config()
    forwarded = re.findall(r"proxy_set_header\s+X-Forwarded-For\s+(\S+);", config)
    assert len(forwarded) == config.count("proxy_pass") >= 2  # every location that proxies
    assert set(forwarded) == {"$remote_addr"}, forwarded
