"""The table's pace: bots answer a pick window together, at the pace the table chose."""

import pytest

from dragonformula.rules.engine import ENGINE
from games.tables.actions import opening, playing, starting
from games.tables.actions import pace as table_pace
from games.tables.models import ActionLog, BotPace, Player, Table
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db


def _human_and_bots(pace: str):
    ann = Player.objects.create(display_name="Ann")
    table = opening.create_table(
        game_name="dragonformula", players=4, bot_level="smart", created_by=ann, bot_pace=pace
    )
    game = starting.start(table, ann, seed=11)
    return ann, game


def _play_until(game, ann, done):
    """The bots move (and Ann passes every window) until ``done(state)``."""
    for _step in range(200):
        if done(game.state):
            return game
        if 0 in ENGINE.waiting_for(game.state):
            action = {"type": "pass"} if game.state["phase"] == "window" else None
            if action is None:
                kind = "draw" if game.state["phase"] == "draw" else "discard"
                action = {"type": kind}
                if kind == "discard":
                    action["card"] = game.state["hands"][0][-1]
            game = playing.apply_action(game, ann, action, game.version, now=100.0)
        else:
            game = playing.advance(game.pk, game.version, now=100.0)
    raise AssertionError("the table never got there")


def _annes_discard(pace):
    ann, game = _human_and_bots(pace)
    game = _play_until(game, ann, lambda s: s["turn"] == 0 and s["phase"] == "draw")
    game = playing.apply_action(game, ann, {"type": "draw"}, game.version, now=100.0)
    card = game.state["hands"][0][-1]
    return ann, playing.apply_action(
        game, ann, {"type": "discard", "card": card}, game.version, now=100.0
    )


def test_three_bots_answer_a_pick_window_together_and_it_closes_at_once():
    ann, game = _annes_discard(BotPace.QUICK)
    assert ENGINE.waiting_for(game.state) == [1, 2, 3]
    opened = game.version
    game = playing.advance(game.pk, game.version, now=100.3)
    answers = ActionLog.objects.filter(game=game, version__gt=opened).order_by("version")
    assert [entry.seat for entry in answers[:3]] == [1, 2, 3]  # one wake-up, every bot
    assert game.state["window"] is None  # closed at once: nobody waited for the deadline
    assert game.state["phase"] in ("draw", "pick_discard") and game.state["turn"] != 0


@pytest.mark.parametrize(("pace", "seconds"), [("quick", 0.3), ("normal", 0.8), ("relaxed", 1.5)])
def test_the_table_sets_how_long_a_bot_thinks_over_a_move(pace, seconds):
    ann, game = _annes_discard(pace)
    assert table_pace.next_wakeup(game, now=100.0) == pytest.approx(seconds, abs=0.08)


def test_a_bot_that_can_only_draw_moves_at_half_the_pace():
    ann, game = _human_and_bots(BotPace.RELAXED)
    game = _play_until(game, ann, lambda s: s["phase"] == "draw" and s["turn"] != 0)
    assert table_pace.next_wakeup(game, now=100.0) == pytest.approx(0.75, abs=0.05)


def test_the_lobby_offers_the_pace_and_refuses_a_forged_one():
    ann = Player.objects.create(display_name="Ann")
    browser = browser_of(ann, csrf=False)
    fields = {"dragonformula-players": "4", "dragonformula-bot_level": "smart"}
    fields |= {"dragonformula-option_pick_seconds": "8", "dragonformula-option_sets": "1"}
    fields |= {"dragonformula-option_turn_seconds": "30", "dragonformula-option_time_bank": "60"}
    assert "Bot pace" in browser.get("/").content.decode()
    browser.post("/new/dragonformula/", {**fields, "dragonformula-bot_pace": "quick"})
    assert Table.objects.get().bot_pace == BotPace.QUICK
    response = browser.post("/new/dragonformula/", {**fields, "dragonformula-bot_pace": "warp"})
    assert response.status_code == 400 and Table.objects.count() == 1
