"""The table's countdown shows the seconds left as whole seconds rounded half up (as it
always has), in the viewer's language, and gives the page's ticker the tenths."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation


@pytest.mark.parametrize(
    ("remaining", "ticker", "shown"),
    [
        (0.0, "0.0", "0"),
        (0.4, "0.4", "0"),
        (2.5, "2.5", "3"),
        (12.45, "12.4", "12"),
        (29.96, "30.0", "30"),
        (1234.5, "1234.5", "1235"),
    ],
)
@pytest.mark.parametrize(("language", "unit"), [("ja", "秒"), ("en", "s")])
def test_the_countdown_shows_whole_seconds_rounded_half_up(
    remaining, ticker, shown, language, unit
):
    context = {"oob": True, "remaining": remaining, "finished": False}
    with translation.override(language):
        clock = render_to_string("games/partials/clock.html", context)
    assert clock == (
        '<div id="clock" class="clock" hx-swap-oob="true"><span class="countdown" '
        f'data-remaining="{ticker}" aria-live="off"><span class="seconds">{shown}</span> '
        f"{unit}</span></div>\n"
    )


def test_a_finished_game_or_no_clock_shows_no_countdown():
    for context in ({"remaining": 5.0, "finished": True}, {"remaining": None, "finished": False}):
        assert render_to_string("games/partials/clock.html", {"oob": False, **context}) == (
            '<div id="clock" class="clock"></div>\n'
        )


def test_the_clock_names_the_seats_it_runs_for():
    """Every viewer is sent the same clock; the page shows the name only to the others."""
    context = {
        "oob": False,
        "remaining": 9.0,
        "finished": False,
        "waiting_for": [1, 3],
        "waiting_names": ["Ben", "Bot 4"],
    }
    with translation.override("en"):
        clock = render_to_string("games/partials/clock.html", context)
    assert clock.startswith(
        '<div id="clock" class="clock" data-waiting="1 3"><span class="clock-owner">'
        "Waiting for: Ben, Bot 4</span> "
    )
