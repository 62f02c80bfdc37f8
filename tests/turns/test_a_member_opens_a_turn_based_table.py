"""The lobby's turn-based pace: a member chooses 12 hours, 1 day or 3 days a move; anything
else, or a guest, is refused with a message and nothing is made; a member may sit at many
turn-based tables (not counted against the live tables' limits), not unboundedly."""

from __future__ import annotations

import pytest
from django.test import Client

from games.registry import game_kind
from games.tables import limits
from games.tables.actions import opening
from games.tables.forms import NewTableForm
from games.tables.models import Player, Table
from games.turns.models import DAY
from tests.turns.turn_tables import member
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db


def _new_table(client: Client, deadline: str, game: str = "dragonformula"):
    """The lobby's form as offered (its initial values), two players, no bots, ``deadline``."""
    form = NewTableForm(game_kind(game))
    data = {}
    for name, field in form.fields.items():
        value = form.get_initial_for_field(field, name)
        if value is not None and value is not False:
            data[f"{game}-{name}"] = "on" if value is True else str(value)
    data |= {f"{game}-players": "2", f"{game}-bot_level": "", f"{game}-move_deadline": deadline}
    return client.post(f"/new/{game}/", data)


def _members_browser(name: str) -> tuple[Player, Client]:
    player = member(name)
    client = Client()
    client.force_login(player.user)
    return player, client


@pytest.mark.parametrize(
    ("game", "off"),
    [
        ("dragonformula", {"pick_seconds": 0, "turn_seconds": 0, "time_bank": 0}),
        ("dragsaga", {"place_seconds": 0, "guard_seconds": 0, "turn_seconds": 0}),
    ],
)
def test_a_member_opens_a_turn_based_table_of_either_game(game, off):
    ann, client = _members_browser("ann")
    page = client.get("/").content.decode()
    assert "Turn-based: 1 day a move" in page and "Turn-based: 3 days a move" in page
    response = _new_table(client, str(DAY), game)
    table = Table.objects.get()
    assert response.status_code == 302 and response.url == f"/{game}/{table.code}/"
    assert table.move_deadline == DAY and table.is_turn_based
    assert {key: table.options[key] for key in off} == off  # the game's own clocks are off
    assert "Turn-based: 1 day a move" in client.get("/").content.decode()  # the lobby says so


@pytest.mark.parametrize(
    "deadline",
    ["3600", "86400.0", "８６４００", "-86400", "NaN", "day", "9" * 400, "x" * 1_000_000],
)
def test_a_deadline_not_offered_is_refused_with_a_message_and_nothing_is_made(deadline):
    _ann, client = _members_browser("ann")
    response = _new_table(client, deadline)
    assert response.status_code == 400
    assert "12 hours, 1 day or 3 days" in response.content.decode()
    assert not Table.objects.exists()


def test_a_guest_cannot_open_one_and_is_not_offered_one():
    guest = Player.objects.create(display_name="Gus")
    client = browser_of(guest, csrf=False)
    assert "Turn-based" not in client.get("/").content.decode()
    response = _new_table(client, str(DAY))
    assert response.status_code == 403
    assert "for club members" in response.content.decode()
    assert not Table.objects.exists()


def test_a_guest_cannot_sit_at_one():
    ann = member("ann")
    table = opening.create_table(
        game_name="dragonformula", players=2, created_by=ann, move_deadline=DAY
    )
    guest = Player.objects.create(display_name="Gus")
    response = browser_of(guest, csrf=False).post(f"/dragonformula/{table.code}/sit")
    assert response.status_code == 403
    assert table.seats.filter(player=guest).count() == 0


def test_turn_based_tables_do_not_count_against_the_live_limit_but_have_their_own():
    ann, client = _members_browser("ann")
    for _ in range(limits.MAX_OPEN_PER_PLAYER):
        assert _new_table(client, "").status_code == 302  # live tables up to their limit
    assert _new_table(client, "").status_code == 429
    for _ in range(limits.MAX_TURN_BASED_OPEN):
        assert _new_table(client, str(DAY)).status_code == 302
    response = _new_table(client, str(DAY))
    assert response.status_code == 429 and "turn-based tables waiting" in response.content.decode()
    assert Table.objects.filter(move_deadline=DAY).count() == limits.MAX_TURN_BASED_OPEN


def test_a_member_sits_at_many_turn_based_tables_but_not_unboundedly(monkeypatch):
    monkeypatch.setattr(limits, "MAX_TURN_BASED_SEATS", 4)
    ben, client = _members_browser("ben")
    hosts = [member(f"host{n}") for n in range(5)]
    tables = [
        opening.create_table(game_name="dragsaga", players=2, created_by=h, move_deadline=DAY)
        for h in hosts
    ]
    for table in tables[:4]:
        assert client.post(f"/dragsaga/{table.code}/sit").status_code in (200, 302)
        assert table.seats.filter(player=ben).exists()
    response = client.post(f"/dragsaga/{tables[4].code}/sit")
    assert response.status_code == 429
    assert "already sit at 4 turn-based tables" in response.content.decode()
    assert tables[4].seats.filter(player=ben).count() == 0
