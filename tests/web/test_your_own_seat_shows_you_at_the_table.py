"""A player's own seat shows them at the table on their own page, drawn before its socket
opens (they are looking at it), and not "away, a bot plays in 60 s"; everyone else sees
them away until their socket opens. While a bot plays their seat for them (their clock ran
out, or they left), their own table says so, as everyone's does."""

import re

import pytest
from django.utils import translation

from games.presence import leavers
from games.regions import rendering
from tests.web.tables import browser_of, everyone_connected, seated_table

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben"]


def panel(page: str, seat: int) -> str:
    """Seat ``seat``'s panel on a Dragon Formula table page."""
    found = re.search(
        rf'<article class="df-seat[^"]*" data-seat="{seat}">.*?</article>', page, re.S
    )
    assert found, f"no panel of seat {seat}"
    return found.group(0)


def page_of(table, player) -> str:
    with_english = browser_of(player)
    answer = with_english.get(f"/dragonformula/{table.code}/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    return answer.content.decode()


def test_my_page_shows_me_at_the_table_and_the_others_see_me_away():
    table, _game, (ann, ben) = seated_table("dragonformula", NAMES, options={"turn_seconds": 30})
    anns = page_of(table, ann)
    assert 'class="presence online"' in panel(anns, 0)
    assert 'class="presence away"' in panel(anns, 1)  # Ben has no socket open
    bens = page_of(table, ben)
    assert 'class="presence away"' in panel(bens, 0)
    assert 'class="presence online"' in panel(bens, 1)


def test_my_table_says_a_bot_is_playing_for_me_while_one_is():
    """She left with her page open: what her socket is pushed says the bot plays for her."""
    table, game, (ann, _ben) = seated_table("dragonformula", NAMES)
    everyone_connected(table, [ann, _ben])
    leavers.leave(table, ann)  # a bot takes her seat
    with translation.override("en"):
        pushed = rendering.render_regions(table, ann, only=("seats",))["seats"]
    mine = panel(pushed, 0)
    assert 'class="presence bot"' in mine and "a bot is playing for Ann" in mine
