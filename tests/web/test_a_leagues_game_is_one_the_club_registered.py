"""A league's (and a rating's) game is one of the registered games, checked against the
registry when asked: a game that joins is offered at once, a game nobody registered is
refused, and the platform's migrations name no game (adding one needs none)."""

from __future__ import annotations

import datetime
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from games.models import League

pytestmark = pytest.mark.django_db


def league_of(game: str) -> League:
    return League(
        name="Spring League",
        game=game,
        season_start=datetime.date(2026, 4, 1),
        season_end=datetime.date(2026, 6, 30),
    )


def test_a_league_of_a_game_nobody_registered_is_refused():
    with pytest.raises(ValidationError) as refused:
        league_of("chess").full_clean()
    assert "game" in refused.value.message_dict
    league_of("dragsaga").full_clean()


def test_a_game_that_registers_is_offered_in_the_admin_at_once(admin_client, highcard):
    league_of("highcard").full_clean()
    form = admin_client.get("/admin/games/league/add/").content.decode()
    assert '<option value="dragonformula">Dragon Formula</option>' in form
    assert '<option value="highcard">High Card</option>' in form


def test_a_game_that_registers_needs_no_migration_of_the_platform(highcard):
    out = StringIO()
    call_command("makemigrations", "games", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()
