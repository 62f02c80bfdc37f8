"""A running game's trust panels (the shuffle commitment, the bots standing in with a way to
leave) are remembered once per game, stand-ins, kind of viewer and language, yet every
viewer is pushed what the panels rendered from nothing show them: their own table's
commitment and links, each bot standing in, the way to leave for a seated player alone, in
their language; and a page load still gets the form's token."""

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games.presence import leavers
from games.regions import rendering, snapshots
from games.trust import history
from games.trust.templatetags import _pushed_stand_ins, _running_commitment
from tests.web.tables import browser_of, seated_table

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Bø <b>", "Cy", "Di"]


def from_nothing(table, viewer) -> tuple[str, str]:
    """The two panels rendered from the table as it stands, nothing remembered."""
    snapshot = snapshots.read(table)
    game, commitment = snapshot.game, snapshot.commitment
    revealed = commitment is not None and game.is_finished
    commitment_panel = render_to_string(
        "games/trust/commitment.html",
        {
            "game": game,
            "commitment": commitment,
            "revealed": revealed,
            "players": [p for p in history.seat_players(game).values() if p] if revealed else [],
            "verify_url": reverse("games:table_verify", args=[table.code]),
            "replay_url": reverse("games:replay", args=[game.pk]),
        },
    )
    stand_ins_panel = render_to_string(
        "games/trust/stand_ins.html",
        {
            "stand_ins": sorted(snapshot.stand_ins.values(), key=lambda s: s.seat_number),
            "away_seconds": snapshot.away_seconds,
            "can_leave": not game.is_finished and snapshot.seat_of(viewer) is not None,
            "leave_url": reverse("games:leave_table", args=[table.code]),
        },
    )
    return commitment_panel, stand_ins_panel


def pushed(table, viewer) -> str:
    snapshot = snapshots.read(table)
    return rendering.render_regions(table, viewer, snapshot=snapshot, shared={})["table-trust"]


@pytest.mark.parametrize("name", ["dragsaga", "dragonformula"])
def test_every_viewer_is_pushed_the_trust_panels_rendered_from_nothing(name):
    _running_commitment.cache_clear()
    _pushed_stand_ins.cache_clear()
    tables = [seated_table(name, NAMES, seed=seed) for seed in (3, 4)]
    compared = 0
    for step in range(3):
        if step == 1:  # a bot stands in for Di at the first table, then for Cy too
            leavers.leave(tables[0][0], tables[0][2][3])
        if step == 2:
            leavers.leave(tables[0][0], tables[0][2][2])
        for language in ("ja", "en", "ja"):
            with translation.override(language):
                for table, _game, players in tables:
                    # The seated first, then a spectator, then the seated again: each is
                    # shown their own, whoever's panel was remembered before.
                    for viewer in [players[0], None, players[1], *players[2:]]:
                        region = pushed(table, viewer)
                        for panel in from_nothing(table, viewer):
                            assert panel in region
                        compared += 1
    assert compared == 3 * 3 * 2 * 5
    assert _running_commitment.cache_info().hits > 0 and _pushed_stand_ins.cache_info().hits > 0
    with translation.override("en"):
        first = pushed(tables[0][0], None)
    assert "plays for Di" in first and "plays for Cy" in first and "leave-form" not in first
    assert tables[0][0].code in first and tables[1][0].code not in first


def test_a_table_page_s_leave_form_carries_the_browser_s_token():
    table, _game, players = seated_table("dragsaga", NAMES, seed=4)
    pushed(table, players[0])  # the pushed panel, remembered without a token
    page = browser_of(players[0]).get(reverse("dragsaga:table", args=[table.code]))
    form = re.search(r'<form[^>]*class="leave-form">.*?</form>', page.content.decode(), re.S)
    assert form is not None and 'name="csrfmiddlewaretoken"' in form.group(0)
