"""Nothing a seat may not see leaves the server in its regions (page loads, answers, pushes).

Two checks, in seeded games played through every phase:

- no card code of another seat's hand (Dragon Formula: each card exists once, so
  a code in the page would be a leak; cards picked from the discards are public);
- non-interference (both games): changing what seat B keeps secret (its hand,
  face-down cards, discards, pending choice) leaves seat A's rendering unchanged,
  byte for byte. DragSaga seats hold the same card ids, so only this check can
  tell there; it also covers spectators.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from typing import Any
from unittest.mock import patch

import pytest

from games.regions import rendering
from games.registry import engine_for
from games.tables.actions import playing
from games.tables.models import Game
from tests.web.tables import seated_table, shows_code

pytestmark = pytest.mark.django_db

FROZEN = time.time()


def rendered(table, player, leaving_out: tuple[str, ...] = ()) -> str:
    with patch("games.regions.rendering.time.time", return_value=FROZEN):  # the same countdown
        regions = rendering.render_regions(table, player)
    return "".join(html for region, html in regions.items() if region not in leaving_out)


# A seat's hints name cards it has not seen as those its hand lacks (any of them may be in
# another hand or the pile): not what those hold, which the disguise check below holds.
NAMES_UNSEEN_CARDS = ("hints",)


def play_through(
    game_name, names, level, steps, check: Callable[[Any, Game, list], None], options=None
):
    """Play a seeded game with bot choices for the human seats, checking after every action."""
    table, game, players = seated_table(game_name, names, seed=20261130, options=options)
    engine = engine_for(game_name)
    phases = set()
    check(table, game, players)
    for _step in range(steps):
        if game.is_finished:
            break
        seat = engine.waiting_for(game.state)[0]
        action = engine.bot_action(game.state, seat, level)
        game = playing.apply_action(game, players[seat], action, game.version)
        phases.add(game.state["phase"])
        check(table, game, players)
    return phases


def unchanged_when_disguised(table, game, players, disguise) -> None:
    """Seat A's regions are the same whatever seat B hides (each A, each B, and spectators)."""
    original = game.state
    viewers = [*range(len(players)), None]
    before = {a: rendered(table, players[a] if a is not None else None) for a in viewers}
    try:
        for b in range(len(players)):
            Game.objects.filter(pk=game.pk).update(state=disguise(copy.deepcopy(original), b))
            for a in viewers:
                if a == b:
                    continue
                after = rendered(table, players[a] if a is not None else None)
                assert after == before[a], f"seat {a} can tell what seat {b} hides"
    finally:
        Game.objects.filter(pk=game.pk).update(state=original)


# --- Dragon Formula -------------------------------------------------------------


def df_disguise(state: dict, seat: int) -> dict:
    """Swap seat's hidden hand cards with as many face-down pile cards."""
    public = {state["picked_card"]} if state.get("picked_card") else set()
    hand = state["hands"][seat]
    hidden = [c for c in hand if c not in public]
    swap = min(len(hidden), len(state["pile"]))
    pile_cards = state["pile"][:swap]
    state["hands"][seat] = [c for c in hand if c in public] + pile_cards + hidden[swap:]
    state["pile"] = hidden[:swap] + state["pile"][swap:]
    return state


def df_check(table, game, players) -> None:
    state = game.state
    picked = {e["card"] for e in state["events"] if e["type"] in ("pick", "pick_and_dan")}
    for a, player in enumerate([*players, None]):
        html = rendered(table, player, leaving_out=NAMES_UNSEEN_CARDS)
        for b, hand in enumerate(state["hands"]):
            if b != a:
                leaked = [c for c in hand if c not in picked and shows_code(html, c)]
                assert not leaked, f"seat {a} sees seat {b}'s {leaked}"
        assert not [c for c in state["pile"] if shows_code(html, c)]
    unchanged_when_disguised(table, game, players, df_disguise)


def test_dragon_formula_regions_hide_every_other_seat_in_every_phase():
    phases = play_through(
        "dragonformula", ["Ann", "Ben", "Cho", "Dai"], "smart", 40, df_check, {"pick_seconds": 120}
    )
    assert {"draw", "discard", "window"} <= phases


def test_dragon_formula_picks_and_major_discards_hide_the_other_hands():
    table, game, players = seated_table(
        "dragonformula", ["Ann", "Ben", "Cho", "Dai"], seed=5, options={"pick_seconds": 120}
    )
    engine = engine_for("dragonformula")
    # Play until someone holding a major picks a discard, then check the major-discard phase.
    for _step in range(400):
        state = game.state
        waiting = engine.waiting_for(state)
        seat = waiting[0]
        actions = engine.legal_actions(state, seat)
        holds_major = any(c.startswith("M") for c in state["hands"][seat])
        if state["phase"] == "window" and holds_major:
            action = {"type": "pick"}
        elif state["phase"] == "window":
            action = {"type": "pass"}
        else:
            action = engine.bot_action(state, seat, "random")
        assert action in actions or action["type"] in ("pick", "pass")
        game = playing.apply_action(game, players[seat], action, game.version)
        if game.state["phase"] == "pick_discard":
            break
    assert game.state["phase"] == "pick_discard"
    df_check(table, game, players)


# --- DragSaga ---------------------------------------------------------------------


def ds_disguise(state: dict, seat: int) -> dict:
    """Rename seat's secret cards by a permutation of the card set (counts stay the same)."""
    ids = [card["id"] for card in state["cards"]]
    rename = dict(zip(ids, ids[1:] + ids[:1], strict=True))
    me = state["seats"][seat]
    me["hand"] = [rename[c] for c in me["hand"]]
    me["discard"] = [rename[c] for c in me["discard"]]
    me["placed"] = [p if p["flipped"] else {**p, "card": rename[p["card"]]} for p in me["placed"]]
    if isinstance(me["choice"], str):
        me["choice"] = rename[me["choice"]]
    elif isinstance(me["choice"], dict):
        me["choice"] = {**me["choice"], "cards": [rename[c] for c in me["choice"]["cards"]]}
    if state["guard"]:
        for response in state["guard"]["responses"]:
            if response["seat"] == seat and response["card"]:
                response["card"] = rename[response["card"]]
    return state


def ds_check(table, game, players) -> None:
    unchanged_when_disguised(table, game, players, ds_disguise)


def test_dragsaga_regions_hide_every_other_seat_in_every_phase():
    phases = play_through("dragsaga", ["Ann", "Ben", "Cho"], "heuristic", 150, ds_check)
    assert {"place", "turns"} <= phases
