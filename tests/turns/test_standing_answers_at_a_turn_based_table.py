"""At a turn-based Dragon Formula table each seat chooses its standing answer on the table
page; a window its standing answer answers does not wait for it, and a seat asked gets the
window with a deadline of its own."""

from __future__ import annotations

import json

import pytest

from games.tables.actions import opening, playing, seating, starting
from games.turns import scheduler
from games.turns.models import DAY
from tests.turns.turn_tables import deadlines_of, member, time_outs
from tests.web.tables import browser_of, htmx_post

pytestmark = pytest.mark.django_db


def _three_seats():
    """A turn-based table of three members; seat 0 (Fire) starts."""
    players = [member(name) for name in ("ann", "ben", "cy")]
    table = opening.create_table(
        game_name="dragonformula",
        players=3,
        created_by=players[0],
        move_deadline=DAY,
        options={"fire_seat": 0},
    )
    for player in players[1:]:
        seating.sit(table, player)
    return table, starting.start(table, players[0], seed=11), players


def _browser(player):
    client = browser_of(None)
    client.force_login(player.user)
    return client


def test_the_table_page_offers_the_standing_answers_and_a_choice_is_kept():
    table, game, (ann, ben, cy) = _three_seats()
    client = _browser(ben)
    page = client.get(f"/dragonformula/{table.code}/").content.decode()
    for label in ("Always ask me", "Pass unless I can Dan", "Pass unless it completes a meld"):
        assert label in page
    assert "Pass automatically" not in page  # the live tables' switch is not offered here
    assert "Turn-based: 1 day a move" in page
    action = json.dumps({"type": "standing_answer", "answer": "pass_unless_dan"})
    response = htmx_post(
        client, f"/dragonformula/{table.code}/act", {"action": action, "version": game.version}
    )
    assert response.status_code == 200
    assert (
        'aria-pressed="true" data-action="standing_answer" data-setting>Pass unless I can Dan'
        in (response.content.decode())
    )
    game.refresh_from_db()
    assert game.state["standing"][1] == "pass_unless_dan"
    # Another seat's page says nothing of ben's choice.
    other = _browser(cy).get(f"/dragonformula/{table.code}/").content.decode()
    assert (
        'aria-pressed="true" data-action="standing_answer" data-setting>Pass unless I can Dan'
        not in other
    )


@pytest.mark.parametrize("answer", ["always", "x" * 40, "ＡＳＫ", 7])
def test_a_standing_answer_not_offered_is_a_400_and_changes_nothing(answer):
    table, game, (ann, ben, cy) = _three_seats()
    action = json.dumps({"type": "standing_answer", "answer": answer})
    response = htmx_post(
        _browser(ben),
        f"/dragonformula/{table.code}/act",
        {"action": action, "version": game.version},
    )
    assert response.status_code == 400
    game.refresh_from_db()
    assert "standing" not in game.state


def test_a_window_answered_by_standing_answers_closes_at_once_and_one_asked_waits_its_own_day():
    table, game, (ann, ben, cy) = _three_seats()
    start = game.created.timestamp()
    for seat, answer in ((1, "pass_unless_dan"), (2, "ask")):
        player = (ann, ben, cy)[seat]
        game = playing.apply_action(
            game, player, {"type": "standing_answer", "answer": answer}, game.version, start + 1
        )
    game = playing.apply_action(game, ann, {"type": "draw"}, game.version, start + 60)
    card = game.state["hands"][0][-1]
    game = playing.apply_action(
        game, ann, {"type": "discard", "card": card}, game.version, start + 120
    )
    if game.state["phase"] == "window":  # cy is asked (ben answered by his standing answer)
        assert game.state["window"]["answers"][1] in ("pass", "pick_and_dan")
        assert deadlines_of(game) == {("move", 2): pytest.approx(start + 120 + DAY)}
        scheduler.run_due(start + 120 + DAY + 1)
        assert time_outs(game) == [2]  # cy's day passed: she passes, the window closes
        game.refresh_from_db()
    assert game.state["phase"] != "window"
    # Both said nothing more: now ben draws, with a day for it.
    assert deadlines_of(game) == {("move", 1): pytest.approx(max(deadlines_of(game).values()))}


def test_with_both_answering_by_standing_answer_the_window_never_waits():
    table, game, (ann, ben, cy) = _three_seats()
    start = game.created.timestamp()
    for player in (ben, cy):
        game = playing.apply_action(
            game,
            player,
            {"type": "standing_answer", "answer": "pass_unless_dan"},
            game.version,
            start,
        )
    game = playing.apply_action(game, ann, {"type": "draw"}, game.version, start + 60)
    card = game.state["hands"][0][-1]
    game = playing.apply_action(
        game, ann, {"type": "discard", "card": card}, game.version, start + 120
    )
    assert game.state["phase"] == "draw" and game.state["turn"] == 1
    assert deadlines_of(game) == {("move", 1): pytest.approx(start + 120 + DAY)}
