"""Reachable at the club: `make run` serves the local network, prints the addresses phones
open, allows those hosts, and QR codes and join links use SITE_URL or that address, never
loopback. The interface list is faked: these tests talk to nothing but loopback."""

from __future__ import annotations

import os
import re
from pathlib import Path

import ifaddr
import pytest
from django.urls import reverse

from config import lan
from games.tables.actions import opening
from games.tables.qr import join_qr_svg
from tests.support.commands import python

ROOT = Path(__file__).resolve().parents[2]

CLUB_LAPTOP = [
    ifaddr.Adapter(
        "lo", "lo", [ifaddr.IP("127.0.0.1", 8, "lo"), ifaddr.IP(("::1", 0, 0), 128, "lo")]
    ),
    ifaddr.Adapter("docker0", "docker0", [ifaddr.IP("172.17.0.1", 16, "docker0")]),
    ifaddr.Adapter("wlan0", "wlan0", [ifaddr.IP("192.168.1.23", 24, "wlan0")]),
    ifaddr.Adapter("eth0", "eth0", [ifaddr.IP("10.4.0.9", 16, "eth0")]),
    ifaddr.Adapter("eth1", "eth1", [ifaddr.IP("169.254.3.4", 16, "eth1")]),
]


@pytest.fixture
def club_laptop(monkeypatch):
    monkeypatch.setattr(ifaddr, "get_adapters", lambda *args, **kwargs: CLUB_LAPTOP)


def test_the_addresses_served_are_the_lan_ones_home_network_first(club_laptop):
    assert lan.served_addresses("0.0.0.0") == ["192.168.1.23", "10.4.0.9"]  # no docker bridge
    assert lan.served_addresses("127.0.0.1") == []
    assert lan.served_addresses("192.168.1.23") == ["192.168.1.23"]
    assert lan.lan_addresses(
        ["127.0.0.5", "169.254.1.1", "junk", "172.20.0.2", "10.0.0.7", "10.0.0.7", "192.168.0.4"]
    ) == ["192.168.0.4", "10.0.0.7", "172.20.0.2"]


def test_make_run_prints_the_address_phones_open(club_laptop, capsys):
    lan.main(["--host", "0.0.0.0", "--port", "8000"])
    printed = capsys.readouterr().out
    assert "http://192.168.1.23:8000/" in printed
    assert printed.index("192.168.1.23") < printed.index("10.4.0.9")
    assert "172.17" not in printed
    lan.main(["--host", "127.0.0.1", "--port", "8000"])
    private = capsys.readouterr().out
    assert "192.168" not in private and "http://127.0.0.1:8000/" in private
    lan.main(["--host", "0.0.0.0", "--list"])
    assert capsys.readouterr().out.strip() == "192.168.1.23,10.4.0.9"


def test_the_makefile_serves_the_lan_by_default_and_hands_the_addresses_to_the_server():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^HOST \?= 0\.0\.0\.0$", makefile, re.M)
    assert "python -m config.lan --host $(HOST) --port $(PORT)" in makefile
    assert 'LAN_ADDRESSES="$$($(BIN)/python -m config.lan --host $(HOST) --list)"' in makefile
    readme = (ROOT / "README.md").read_text()
    assert "HOST=127.0.0.1 make run" in readme and "SITE_URL" in readme


def allowed_hosts(**env):
    base = {k: v for k, v in os.environ.items() if k not in ("ALLOWED_HOSTS", "LAN_ADDRESSES")}
    result = python(
        {**base, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        "-c",
        "import django; django.setup(); from django.conf import settings; "
        "print(','.join(settings.ALLOWED_HOSTS))",
        timeout=120,
    )
    return result


def test_the_hosts_allowed_follow_from_the_addresses_served():
    served = allowed_hosts(LAN_ADDRESSES="192.168.1.23,172.17.0.1")
    assert served.returncode == 0, served.stderr
    assert served.stdout.strip().split(",") == [
        "127.0.0.1",
        "localhost",
        "[::1]",
        "192.168.1.23",
        "172.17.0.1",
    ]
    private = allowed_hosts(LAN_ADDRESSES="")
    assert private.stdout.strip() == "127.0.0.1,localhost,[::1]"
    junk = allowed_hosts(LAN_ADDRESSES="evil.example")
    assert junk.returncode != 0 and "LAN_ADDRESSES" in junk.stderr
    site = allowed_hosts(LAN_ADDRESSES="", SITE_URL="https://club.example.org/")
    assert site.stdout.strip().split(",")[-1] == "club.example.org"


def qr_svg(page: str, figure_id: str) -> tuple[str, str]:
    figure = re.search(rf'<figure id="{figure_id}".*?</figure>', page, re.S).group(0)
    svg = re.search(r"<svg.*?</svg>", figure, re.S).group(0)
    link = re.search(r'<a href="([^"]+)"', figure).group(1)
    return svg, link


@pytest.mark.django_db
def test_on_a_fresh_clone_the_lobby_qr_code_opens_the_lan_address(
    club_laptop, capsys, client, settings
):
    lan.main(["--host", "0.0.0.0", "--list"])  # what make run hands the server
    settings.LAN_ADDRESSES = capsys.readouterr().out.strip().split(",")
    settings.SERVE_PORT = "8000"
    settings.SITE_URL = ""
    page = client.get("/", HTTP_HOST="127.0.0.1:8000").content.decode()
    svg, link = qr_svg(page, "site-qr")
    assert link == "http://192.168.1.23:8000/"
    assert svg == join_qr_svg("http://192.168.1.23:8000/", scale=3)
    assert "127.0.0.1" not in svg
    settings.LAN_ADDRESSES = []  # HOST=127.0.0.1 make run: no phone can open it, no QR code
    private = client.get("/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert 'id="site-qr"' not in private


@pytest.mark.django_db
def test_a_table_qr_code_uses_site_url_when_set_else_the_lan_address(client, settings, players):
    settings.LAN_ADDRESSES = ["192.168.1.23"]
    settings.SERVE_PORT = "8000"
    table = opening.create_table(game_name="dragonformula", players=2, created_by=players[0])
    path = reverse("dragonformula:table", args=[table.code])
    settings.SITE_URL = ""
    _svg, link = qr_svg(client.get(path, HTTP_HOST="localhost:8000").content.decode(), "join-qr")
    assert link == f"http://192.168.1.23:8000{path}"
    settings.SITE_URL = "https://club.example.org"
    svg, link = qr_svg(client.get(path, HTTP_HOST="localhost:8000").content.decode(), "join-qr")
    assert link == f"https://club.example.org{path}"
    assert svg == join_qr_svg(link)
