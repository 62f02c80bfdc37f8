"""An ended season is read-only on every page that writes, not only where it was first
checked: its organiser (who organises the next season too) adding a game to a set left open,
correcting, undoing, starting the next set, voiding, restoring, opening an online table,
linking and unlinking players or making a claim code gets a 409 and the old season is
unchanged."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from dragonformula import scoring as df_scoring
from dragonformula.models import SetGame
from games.leagues import seasons, services
from games.leagues.member_models import MemberClaim
from games.tables.models import Table
from tests.support.leagues import (
    make_league,
    make_members,
    new_match,
    record_set,
    seats,
    sign_in_organiser,
    won,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def ended(client):
    """A season with a complete set, a void set and a set left open, then ended."""
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    organiser = sign_in_organiser(client)
    complete = record_set(league, members, [won(0), won(1), won(2), won(3)])
    void = record_set(league, members, [won(1), won(1), won(2), won(3)])
    services.void_result(void, organiser, "wrong table")
    left_open = df_scoring.start_set(new_match(league), seats(members))
    df_scoring.record_game(left_open, won(2))
    linked = members[3]
    services.link_member(linked, get_user_model().objects.create_user("dai"))
    get_user_model().objects.create_user("aki")
    seasons.end_season(league, "Summer", datetime.date(2026, 7, 1), datetime.date(2026, 9, 30))
    league.refresh_from_db()
    assert league.archived
    return client, league, members, complete, void, left_open


def test_every_write_to_an_ended_season_is_refused_and_changes_nothing(ended):
    client, league, members, complete, void, left_open = ended
    games_before = sorted(SetGame.objects.values_list("pk", "set_id", "winner_id", "points"))
    writes = {
        "add a game": (
            reverse("leagues:set_detail", args=[left_open.pk]),
            {"winner": 0, "win": "dan", "hand": "sephirot_6"},
        ),
        "correct": (
            reverse("leagues:correct_game", args=[complete.pk, 1]),
            {"winner": 3, "win": "dan", "hand": "sephirot_6"},
        ),
        "undo": (reverse("leagues:undo_game", args=[left_open.pk]), {}),
        "next set": (reverse("leagues:next_set", args=[complete.pk]), {"fire": 1}),
        "void": (
            reverse("leagues:void_result", args=["set", complete.pk]),
            {"reason": "wrong table"},
        ),
        "restore": (reverse("leagues:restore", args=["set", void.pk]), {"reason": "wrong table"}),
        "online table": (reverse("leagues:open_table", args=[league.pk]), {"players": 4}),
        "link": (
            reverse("leagues:link_member", args=[league.pk]),
            {"member": members[0].pk, "username": "aki"},
        ),
        "unlink": (reverse("leagues:unlink_member", args=[league.pk, members[3].pk]), {}),
        "claim code": (reverse("leagues:claim_code", args=[league.pk, members[1].pk]), {}),
    }
    statuses = {name: client.post(url, data).status_code for name, (url, data) in writes.items()}
    assert statuses == dict.fromkeys(writes, 409)
    assert "read-only" in client.post(*writes["void"]).content.decode()

    assert sorted(SetGame.objects.values_list("pk", "set_id", "winner_id", "points")) == (
        games_before
    )
    complete.refresh_from_db()
    void.refresh_from_db()
    assert complete.voided_at is None and void.voided_at is not None
    assert league.matches.count() == 3 and not Table.objects.exists()
    members[0].refresh_from_db()
    members[3].refresh_from_db()
    assert members[0].user is None and members[3].user.username == "dai"
    assert not MemberClaim.objects.exists()
