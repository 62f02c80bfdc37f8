"""DragSaga card sets a club edits in the admin, chosen in the lobby, played at tables.

An admin enters a set's 15 cards; the engine's validator refuses a malformed set with
its message naming the bad card. A table copies the chosen set when it opens, so a
later edit never changes a game already running.
"""

from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from dragsaga.models import DEFAULT_SET_NAME, Card, CardSet, ensure_default_set
from dragsaga.rules.cards import default_card_set
from games.regions import rendering
from games.registry import engine_for
from games.tables.actions import playing, seating, starting
from games.tables.models import Player, Table
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db

ADD_URL = "admin:dragsaga_cardset_add"
CHANGE_URL = "admin:dragsaga_cardset_change"


@pytest.fixture(autouse=True)
def default_set():
    """The set the data migration makes (a transactional test elsewhere may have flushed it)."""
    return ensure_default_set()


def club_cards() -> list[dict]:
    """The default set renamed as a club might enter its own cards."""
    cards = default_card_set()
    for card in cards:
        card["name_en"] = f"Club {card['name_en']}"
        card["name_ja"] = f"倶楽部{card['name_ja']}"
    return cards


def admin_post(name: str, cards: list[dict], rows: list[Card] | None = None) -> dict[str, str]:
    """The admin's add/change form as a browser posts it (one inline row per card)."""
    rows = rows or []
    data = {
        "name": name,
        "cards-TOTAL_FORMS": str(len(cards)),
        "cards-INITIAL_FORMS": str(len(rows)),
        "cards-MIN_NUM_FORMS": "0",
        "cards-MAX_NUM_FORMS": "15",
    }
    for index, card in enumerate(cards):
        blocks = card.get("blocks") or []
        fields = {
            "code": card["id"],
            "name_ja": card["name_ja"],
            "name_en": card["name_en"],
            "kind": card["kind"],
            "cost": str(card["cost"]),
            "damage": str(card.get("damage") or 0),
            "scope": card.get("scope") or "",
            "blocks": "both" if len(blocks) == 2 else (blocks[0] if blocks else ""),
        }
        if index < len(rows):
            fields |= {"id": str(rows[index].pk), "card_set": str(rows[index].card_set_id)}
        data |= {f"cards-{index}-{key}": value for key, value in fields.items()}
    return data


def add_set(admin_client, name: str, cards: list[dict]):
    return admin_client.post(reverse(ADD_URL), admin_post(name, cards))


def edit_set(admin_client, card_set: CardSet, cards: list[dict]):
    rows = list(card_set.cards.all())
    url = reverse(CHANGE_URL, args=[card_set.pk])
    return admin_client.post(url, admin_post(card_set.name, cards, rows))


def test_the_default_set_is_there_for_the_admin_to_edit(admin_client, default_set):
    default = CardSet.objects.get(name=DEFAULT_SET_NAME)
    assert default.rules_cards() == default_card_set()
    page = admin_client.get(reverse(CHANGE_URL, args=[default.pk])).content.decode()
    assert "Divine Storm" in page and "龍鱗の結界" in page


def test_an_admin_enters_a_club_s_own_set(admin_client):
    response = add_set(admin_client, "Our box", club_cards())
    assert response.status_code == 302
    assert CardSet.objects.get(name="Our box").rules_cards() == club_cards()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda cards: cards[3].update(cost=7), "Card &#x27;fang&#x27;: cost 7 is outside 1-6."),
        (
            lambda cards: cards[9].update(cost=6),
            "A card set has exactly 3 cost-6 divine dragon cards, not 4 (charge,",
        ),
        (
            lambda cards: cards[4].update(id="claw"),
            "Card &#x27;claw&#x27;: duplicate id (each card appears once).",
        ),
        (
            lambda cards: cards[2].update(blocks=[]),
            "Card &#x27;scale_shield&#x27;: a guard blocks melee and/or ranged attacks",
        ),
        (lambda cards: cards.pop(), "A card set has exactly 15 cards, not 14."),
    ],
)
def test_a_malformed_set_is_refused_with_the_engine_s_message(admin_client, change, message):
    cards = club_cards()
    change(cards)
    response = add_set(admin_client, "Broken box", cards)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not CardSet.objects.filter(name="Broken box").exists()


def test_an_edit_that_breaks_the_set_is_refused_and_changes_nothing(admin_client, default_set):
    default = default_set
    cards = default.rules_cards()
    cards[0].update(kind="guard", blocks=["melee"])  # a guard that still deals damage
    response = edit_set(admin_client, default, cards)
    assert "Card &#x27;claw&#x27;: a guard deals no damage and has no scope." in (
        response.content.decode()
    )
    assert default.rules_cards() == default_card_set()


def test_a_set_is_copied_to_edit_the_copy(admin_client, default_set):
    default = default_set
    admin_client.post(
        reverse("admin:dragsaga_cardset_changelist"),
        {"action": "copy_sets", "_selected_action": [str(default.pk)]},
    )
    copied = CardSet.objects.exclude(pk=default.pk).get()
    assert copied.name == f"{default.name} (copy)"
    assert copied.rules_cards() == default_card_set()


def open_table_with(card_set: CardSet, names=("Ann", "Ben")) -> tuple[Table, list[Player]]:
    """A table opened from the lobby with ``card_set``, its seats taken, not yet started."""
    players = [Player.objects.create(display_name=name) for name in names]
    fields = {"players": str(len(names)), "option_card_set": str(card_set.pk)}
    fields |= {"option_place_seconds": "0", "option_guard_seconds": "0", "option_turn_seconds": "0"}
    response = browser_of(players[0], csrf=False).post(
        "/new/dragsaga/", {f"dragsaga-{key}": value for key, value in fields.items()}
    )
    assert response.status_code == 302, response.content.decode()
    table = Table.objects.get(created_by=players[0])
    for player in players[1:]:
        seating.sit(table, player)
    return table, players


def page_of(table: Table, player: Player) -> str:
    return "".join(rendering.render_regions(table, player).values())


def test_the_lobby_offers_every_card_set(admin_client):
    add_set(admin_client, "Our box", club_cards())
    browser = browser_of(Player.objects.create(display_name="Ann"))
    lobby = browser.get("/").content.decode()
    assert DEFAULT_SET_NAME in lobby and "Our box" in lobby


def test_a_table_with_a_club_set_plays_a_whole_game_with_those_cards(admin_client):
    add_set(admin_client, "Our box", club_cards())
    table, players = open_table_with(CardSet.objects.get(name="Our box"))
    game = starting.start(table, players[0], seed=11)
    assert game.state["cards"] == club_cards()
    first = page_of(table, players[0])
    assert "Club Divine Blaze" in first and "Club Divine Storm" in first
    assert "Club Claw" in first and ">Claw<" not in first
    engine = engine_for("dragsaga")
    played: set[str] = set()
    while not game.is_finished:
        seat = engine.waiting_for(game.state)[0]
        action = engine.bot_action(game.state, seat, "heuristic")
        game = playing.apply_action(game, players[seat], action, game.version)
        played |= {event["card"] for event in game.state["log"] if event["type"] == "flip"}
    assert played and played <= {card["id"] for card in club_cards()}
    last = page_of(table, players[1])
    flipped = next(c for c in club_cards() if c["id"] in played)
    assert flipped["name_en"] in last and "Final ranking" in last


def test_a_later_edit_of_the_set_leaves_running_and_opened_tables_alone(admin_client):
    add_set(admin_client, "Our box", club_cards())
    our_box = CardSet.objects.get(name="Our box")
    running, ann_ben = open_table_with(our_box)
    game = starting.start(running, ann_ben[0], seed=5)
    opened, _cho_dai = open_table_with(our_box, ("Cho", "Dai"))
    before = copy.deepcopy(game.state)

    edited = club_cards()
    edited[0].update(name_en="Renamed Claw", cost=2)
    assert edit_set(admin_client, our_box, edited).status_code == 302
    claw = next(c for c in our_box.rules_cards() if c["id"] == "claw")
    assert (claw["name_en"], claw["cost"]) == ("Renamed Claw", 2)

    game.refresh_from_db()
    assert game.state == before
    page = page_of(running, ann_ben[0])
    assert "Renamed Claw" not in page and "Club Claw" in page
    assert starting.start(opened, _cho_dai[0], seed=5).state["cards"] == club_cards()
    newer, _eve_fay = open_table_with(our_box, ("Eve", "Fay"))
    assert "Renamed Claw" in {card["name_en"] for card in newer.options["card_set"]}


def test_deleting_a_set_leaves_its_tables_playing(admin_client):
    add_set(admin_client, "Our box", club_cards())
    our_box = CardSet.objects.get(name="Our box")
    table, players = open_table_with(our_box)
    our_box.delete()
    game = starting.start(table, players[0], seed=3)
    assert game.state["cards"] == club_cards()


def test_without_any_set_in_the_database_a_table_gets_the_engine_s_default():
    CardSet.objects.all().delete()
    ann = Player.objects.create(display_name="Ann")
    browser = browser_of(ann, csrf=False)
    assert 'value="default"' in browser.get("/").content.decode()
    fields = {"players": "2", "option_card_set": "default", "option_place_seconds": "0"}
    fields |= {"option_guard_seconds": "0", "option_turn_seconds": "0"}
    response = browser.post("/new/dragsaga/", {f"dragsaga-{k}": v for k, v in fields.items()})
    assert response.status_code == 302
    assert Table.objects.get(created_by=ann).options["card_set"] == default_card_set()
