"""A league's online round in Chromium, from its opening to the standings (issue 53): the
organiser opens it on the league page (12 hours a move, 7 days), two members sign up on
their own (one on a phone in Japanese), the organiser signs up the third, the committed
draw seats them at a turn-based DragSaga table that starts at once; the round's board and
its projector page say who is to move; the tests move the clock (every deadline a day
back) and the server's own scheduler plays the seats out of time; the members play on to
the end, and the result stands on the round's board and in the league's standings."""

from __future__ import annotations

import datetime
import json
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db.models import F
from django.utils import timezone

from games.leagues.member_models import Member
from games.leagues.models import League
from games.registry import game_kind
from games.tables import selectors as table_selectors
from games.tables.actions import playing as table_playing
from games.tables.actions.refused import ActionRefused
from games.tables.models import ActionLog, Table
from games.turns.models import Deadline
from tests.browser.tables import off_the_browser_loop
from tests.browser.test_a_whole_club_night import log_in, no_sideways_scroll

PASSWORD = "pw-round-13579"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
NAMES = ("ann", "ben", "cho")


def _league() -> int:
    users = get_user_model().objects
    league = League.objects.create(
        name="Winter League",
        game="dragsaga",
        season_start=datetime.date(2026, 11, 1),
        season_end=datetime.date(2027, 2, 28),
    )
    for name in NAMES:
        user = users.create_user(name, password=PASSWORD)
        league.members.add(Member.objects.create(name=name.title(), user=user))
    league.organisers.add(users.create_user("org", password=PASSWORD))
    return league.pk


def _a_day_passes() -> None:
    Deadline.objects.update(due=F("due") - timedelta(days=1))


def _table() -> Table:
    return Table.objects.get()


def _time_outs() -> int:
    return ActionLog.objects.filter(action__type="time_out").count()


def _overdue() -> int:
    return Deadline.objects.filter(due__lte=timezone.now()).count()


def _next_move(username: str) -> tuple[str, dict[str, str]] | None:
    """What ``username``'s page would post next (the table's act URL and its form), or
    ``None`` when the game does not wait for them."""
    table = Table.objects.get()
    engine = game_kind(table.game_name).engine
    game = table_selectors.current_game(table)
    seat = table.seats.get(player__user__username=username).number
    if seat not in engine.waiting_for(game.state):
        return None
    action = engine.bot_action(game.state, seat, engine.bot_levels()[0])
    form = {"action": json.dumps(action), "version": str(game.version)}
    return f"/{table.game_name}/{table.code}/act", form


def _post_from(page, url: str, form: dict[str, str]) -> int:
    """POST ``form`` to ``url`` from ``page``, as its own forms do (its CSRF token)."""
    return page.evaluate(
        """async ([url, form]) => {
            const body = new URLSearchParams(form);
            body.append("csrfmiddlewaretoken",
                document.querySelector("input[name=csrfmiddlewaretoken]").value);
            return (await fetch(url, {method: "POST", body})).status;
        }""",
        [url, form],
    )


def _play_to_the_end() -> None:
    """Each member makes their moves (as their own pages would post them) to the end."""
    table = Table.objects.get()
    engine = game_kind(table.game_name).engine
    players = {seat.number: seat.player for seat in table.seats.select_related("player")}
    for _step in range(3000):
        game = table_selectors.current_game(table)
        if game.is_finished:
            return
        waiting = engine.waiting_for(game.state)
        if not waiting:
            table_playing.advance(game.pk, game.version)
            continue
        seat = waiting[0]
        action = engine.bot_action(game.state, seat, engine.bot_levels()[0])
        try:
            table_playing.apply_action(game, players[seat], action, game.version)
        except ActionRefused:
            continue  # the server's scheduler moved first: read the table again
    raise AssertionError("the game did not finish")


def test_a_league_online_round_from_its_draw_to_the_standings(new_page, artifacts_dir):
    league = off_the_browser_loop(_league)
    org = new_page(viewport=LAPTOP)
    log_in(org, "org", PASSWORD, f"/leagues/{league}/")
    org.select_option("#round-deadline", str(12 * 3600))
    org.fill("#round-days", "7")
    org.screenshot(path=artifacts_dir / "online-round-open-laptop.png")
    org.get_by_role("button", name="Open an online round").click()
    org.wait_for_url("**/nights/*/")
    round_url = org.url
    assert "Turn-based tables: 12 hours a move." in org.content()
    commitment = org.locator("code.commitment").inner_text()
    assert len(commitment) == 64

    # Ann signs up on her phone, in Japanese; Ben on his laptop; the organiser ticks Cho.
    ann = new_page(viewport=PHONE)
    log_in(ann, "ann", PASSWORD, round_url)
    ann.get_by_role("button", name="日本語").click()
    ann.wait_for_load_state()
    ann.get_by_role("button", name="参加登録する").click()
    ann.wait_for_load_state()
    assert "このラウンドに参加登録済みです" in ann.content()
    no_sideways_scroll(ann)
    ann.screenshot(path=artifacts_dir / "online-round-signed-up-phone-ja.png", full_page=True)
    ben = new_page(viewport=LAPTOP)
    log_in(ben, "ben", PASSWORD, round_url)
    ben.get_by_role("button", name="Sign me up").click()
    ben.wait_for_load_state()
    org.goto(round_url)
    org.get_by_role("button", name="Sign up Cho").click()
    org.wait_for_load_state()
    assert "3 players signed up" in org.content()
    screen = new_page(viewport=LAPTOP)
    screen.goto(round_url + "screen/")
    assert "Online round" in screen.content()
    assert org.get_by_role("button", name="Take Ann off the round").count() == 1

    # The draw, confirmed: one table of three, turn-based, started; sign-up is closed.
    org.get_by_role("button", name="Draw the seats of round 1").click()
    org.get_by_role("button", name="Yes, draw the seats").click()
    org.wait_for_url(round_url)
    assert "sign-up is closed" in org.content()
    to_move = org.locator(".night-table .to-move")
    assert to_move.count() == 1 and "To move:" in to_move.inner_text()
    table = off_the_browser_loop(_table)
    assert table.move_deadline == 12 * 3600 and table.status == "playing"
    org.screenshot(path=artifacts_dir / "online-round-drawn-laptop.png", full_page=True)
    screen.locator("#night-seating .to-move").wait_for(timeout=15_000)
    screen.screenshot(path=artifacts_dir / "online-round-projector-laptop.png")
    ann.goto(round_url)
    assert "手番：" in ann.content()
    no_sideways_scroll(ann)
    ann.screenshot(path=artifacts_dir / "online-round-drawn-phone-ja.png", full_page=True)

    # A day passes: the server's scheduler plays the awaited seats out of time.
    before = off_the_browser_loop(_time_outs)
    off_the_browser_loop(_a_day_passes)
    for _wait in range(30):
        if off_the_browser_loop(_time_outs) > before:
            break
        org.wait_for_timeout(1000)
    assert off_the_browser_loop(_time_outs) > before
    for _wait in range(30):
        if not off_the_browser_loop(_overdue):
            break
        org.wait_for_timeout(500)
    assert not off_the_browser_loop(_overdue)
    # A member moves: the projector, not reloaded since, no longer lists them to move.
    screen.goto(round_url + "screen/")
    to_move_on_screen = screen.locator("#night-seating .to-move")
    to_move_on_screen.wait_for()
    shown = to_move_on_screen.inner_text()
    assert "Ann" in shown
    ann.goto(round_url)
    for _move in range(10):  # a DragSaga placing may take more than one action
        move = off_the_browser_loop(_next_move, "ann")
        if move is None:
            break
        assert _post_from(ann, *move) == 200
    assert off_the_browser_loop(_next_move, "ann") is None
    mover = "Ann"
    for _wait in range(30):
        if to_move_on_screen.count() == 0 or mover not in to_move_on_screen.inner_text():
            break
        screen.wait_for_timeout(500)
    assert to_move_on_screen.count() == 0 or mover not in to_move_on_screen.inner_text()

    # The members play on to the end: the result is on the board and in the standings.
    off_the_browser_loop(_play_to_the_end)
    org.goto(round_url)
    row = org.locator(".night-table").first
    assert "finished" in row.inner_text() and row.locator(".results").count() == 1
    assert org.locator(".night-table .to-move").count() == 0
    standings = org.locator("section[aria-labelledby='tonight-title'] tbody tr")
    assert standings.count() == 3
    org.screenshot(path=artifacts_dir / "online-round-finished-laptop.png", full_page=True)
    # The organiser ends the round: its seed is shown, and the draw checks out on /verify/.
    org.get_by_role("button", name="End the round").click()
    org.get_by_role("button", name="Yes, end the round").click()
    org.wait_for_url(round_url)
    org.get_by_role("link", name="Verify this draw").click()
    assert org.locator("#verification").get_attribute("data-matches") == "true"
    assert org.locator("#verification code.commitment").inner_text() == commitment
    org.screenshot(path=artifacts_dir / "online-round-verified-laptop.png")
    org.goto(f"/leagues/{league}/")
    text = org.content()
    assert all(name.title() in text for name in NAMES)
    ann.goto(f"/leagues/{league}/")
    no_sideways_scroll(ann)
    ann.screenshot(path=artifacts_dir / "online-round-standings-phone-ja.png", full_page=True)
