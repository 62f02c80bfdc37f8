"""What each seat sees (hidden information, as the rules page states it)."""

from __future__ import annotations

import json
from typing import Any

from django.utils import translation

from dragsaga.rules import ENGINE
from dragsaga.rules.bots import simulate_game
from dragsaga.templatetags.dragsaga_words import ds_event
from games.engine import dumps
from tests.game.ds_helpers import act, new_table, round_one, round_two


def test_a_placed_choice_and_target_stay_secret_until_the_reveal():
    state = new_table(3, start=0)
    state = act(state, 0, type="place", cards=["charge", "thunderbolt"], target=1)
    mine = ENGINE.view(state, 0)
    assert mine["you"]["choice"] == {"cards": ["charge", "thunderbolt"], "target": 1}
    assert mine["legal_actions"] == []
    for viewer in (1, 2, None):
        seen = ENGINE.view(state, viewer)
        assert seen["seats"][0]["chosen"] is True
        assert seen["seats"][0]["target"] is None
        assert "thunderbolt" not in json.dumps(seen["seats"])
        if viewer is not None:
            assert seen["you"]["choice"] is None
    assert ENGINE.view(state, None)["you"] is None
    assert ENGINE.view(state, None)["legal_actions"] == []


def test_others_see_card_backs_counts_damage_targets_and_flipped_faces():
    state = round_one(3, {0: ["fang", "charge"], 1: ["claw", "sparks"], 2: ["wing_shield", "roar"]})
    state = act(state, 0, type="flip", card="fang")
    seen = ENGINE.view(state, 2)
    assert seen["seats"][0]["placed"] == [
        {"card": "fang", "flipped": True},
        {"card": None, "flipped": False},
    ]
    assert seen["seats"][1]["placed"] == [{"card": None, "flipped": False}] * 2
    assert seen["you"]["placed"] == [
        {"card": "wing_shield", "flipped": False},
        {"card": "roar", "flipped": False},
    ]
    assert [s["target"] for s in seen["seats"]] == [1, 2, 0]
    assert [s["hand_count"] for s in seen["seats"]] == [11, 11, 11]
    assert [s["discard_count"] for s in seen["seats"]] == [2, 2, 2]
    assert "hand" not in seen["seats"][0] and "discard" not in seen["seats"][0]
    assert seen["you"]["hand"] == state["seats"][2]["hand"]
    assert sorted(seen["you"]["discard"]) == ["divine_aegis", "divine_blaze"]
    assert seen["guard"]["card"] == "fang" and seen["guard"]["hits"] == [1]
    assert seen["waiting_for"] == [1] and seen["turn"] == 0
    assert ENGINE.view(state, 1)["legal_actions"] == [{"type": "no_guard"}]


def test_a_guard_answer_is_hidden_until_every_hit_player_has_answered():
    state = round_one(
        4,
        {
            0: ["dragon_breath", "claw"],
            1: ["wing_shield", "claw"],
            2: ["claw", "sparks"],
            3: ["claw", "sparks"],
        },
    )
    state = act(state, 0, type="flip", card="dragon_breath")
    state = act(state, 1, type="guard", card="wing_shield")
    for viewer in (0, 2, 3, None):
        seen = ENGINE.view(state, viewer)
        assert seen["guard"]["answered"] == [1]
        assert seen["seats"][1]["placed"] == [{"card": None, "flipped": False}] * 2
        assert "wing_shield" not in json.dumps(seen["events"])
    assert ENGINE.view(state, 1)["you"]["guard_answer"] == "wing_shield"
    state = act(state, 2, type="no_guard")
    state = act(state, 3, type="no_guard")
    seen = ENGINE.view(state, 3)
    assert seen["seats"][1]["placed"][0] == {"card": "wing_shield", "flipped": True}
    assert [s["damage"] for s in seen["seats"]] == [0, 0, 3, 3]


def test_the_target_change_shows_the_new_target_but_not_the_discarded_card():
    state = round_two()
    state = act(state, 1, type="pass")
    state = act(state, 2, type="pass")
    state = act(state, 0, type="change_target", discard="dragon_breath", target=2)
    seen = ENGINE.view(state, 1)
    assert seen["events"][-1] == {"type": "target_change", "seat": 0, "old": 1, "new": 2}
    assert seen["seats"][0]["target"] == 2
    assert "dragon_breath" not in json.dumps(seen["events"])


def test_every_event_of_a_game_reads_as_a_sentence_in_both_languages():
    """The table's log words each engine event (``dragsaga_words``) in English and Japanese,
    naming the seat's player."""
    state = simulate_game(ENGINE, 4, 21, ["heuristic", "random", "heuristic", "random"])
    names = ["Ann", "Ben", "Cho", "Dai"]
    context = {"names": names, "ds": {"cards": {card["id"]: card for card in state["cards"]}}}
    kinds = {event["type"] for event in state["log"]}
    assert {"flip", "damage", "targets_revealed", "clean_up", "game_end"} <= kinds
    for language, stop in (("en", "."), ("ja", "。")):
        with translation.override(language):
            for event in state["log"]:
                text = ds_event(context, event)
                assert text != event["type"] and text.endswith(stop), text
                if "seat" in event:
                    assert names[event["seat"]] in text


def _scribble(value: Any) -> None:
    """Change every dict and list inside ``value`` (what a careless caller might do)."""
    if isinstance(value, dict):
        for inner in list(value.values()):
            _scribble(inner)
        value["scribbled"] = True
    elif isinstance(value, list):
        for inner in list(value):
            _scribble(inner)
        value.append("scribbled")


def test_changing_a_view_never_changes_the_game():
    """A view is a seat's copy: a web layer that edits it (say, to translate events)
    must not change the game, its log or its result."""
    attack = round_one(3, {0: ["roar", "claw"], 1: ["wing_shield", "claw"], 2: ["claw", "sparks"]})
    attack = act(attack, 0, type="flip", card="roar")
    finished = simulate_game(ENGINE, 3, 5, ["random"] * 3)
    for state in (ENGINE.new_game(3, {}, seed=2), attack, finished):
        before = dumps(state)
        for viewer in (None, 0, 1, 2):
            _scribble(ENGINE.view(state, viewer))
            assert dumps(state) == before
