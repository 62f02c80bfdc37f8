"""A DragSaga replay names its cards as the table does: every seat's hand as the table's card
faces and the logged action's cards by name, in the page's language, never as raw ids."""

from __future__ import annotations

import html
import re

import pytest

from games.trust.replays import replay_of
from tests.web.trust_helpers import bots_only_table, finish

pytestmark = pytest.mark.django_db


def text(fragment: str) -> str:
    """What a reader sees: the tags gone, and the soft hyphens a long name may break at."""
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment)).replace("\u00ad", "")


def ids_shown(fragment: str, cards: list[dict]) -> set[str]:
    """Card ids that appear as words in the fragment's text (attributes are not text)."""
    words = set(re.findall(r"[a-z_]+", text(fragment)))
    return {card["id"] for card in cards} & words


@pytest.fixture
def finished_game():
    _table, game = bots_only_table("dragsaga", 3, "heuristic")
    return finish(game)


def section(page: str, pattern: str) -> str:
    return re.search(pattern, page, re.S).group(0)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_replay_shows_dragsaga_hands_and_actions_by_card_name(client, finished_game, language):
    game = finished_game
    cards = game.state["cards"]
    names = {card["id"]: card[f"name_{language}"] for card in cards}
    placing = next(
        entry for entry in game.log.order_by("version") if entry.action["type"] == "place"
    )
    client.cookies["django_language"] = language

    page = client.get(f"/games/{game.pk}/replay/", {"step": placing.version}).content.decode()

    hands = section(page, r'<section class="replay-hands">.*?</section>')
    rows = re.findall(
        r'<tr class="replay-hand" data-seat="(\d)">.*?<td>(.*?)</td></tr>', hands, re.S
    )
    held = replay_of(game).step(placing.version).seats
    assert len(rows) == 3
    for seat, cell in rows:
        hand = held[int(seat)]["you"]["hand"]
        assert re.findall(r'data-card="([a-z_]+)"', cell) == hand  # the table's card faces
        assert all(names[card] in text(cell) for card in hand)
        assert 'class="card-code"' not in cell
    assert ids_shown(hands, cards) == set()

    action = section(page, r'<p class="replay-action">.*?</p>')
    placed = placing.action["cards"]
    assert all(names[card] in text(action) for card in placed), text(action)
    assert ids_shown(action.replace("place", ""), cards) == set()


def test_dragon_formula_replays_draw_the_tables_tarot_faces(client):
    _table, game = bots_only_table("dragonformula", 2, "smart")
    game = finish(game)
    page = client.get(f"/games/{game.pk}/replay/").content.decode()
    hands = section(page, r'<section class="replay-hands">.*?</section>')
    assert len(re.findall(r'<span class="tarot-card[^"]*" data-card="[WCSPM]\w*"', hands)) == 20
    assert 'class="card-code"' not in hands and "ds-card" not in page
