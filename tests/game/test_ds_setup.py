"""The card set as data, table options, and setup (the rules page's card set and setup)."""

from __future__ import annotations

import json

import pytest

from dragsaga.rules import ENGINE, default_card_set, validate_card_set
from dragsaga.rules.cards import DEFAULT_SET_PATH
from dragsaga.rules.table import DRAGON_COLOURS
from tests.game.ds_helpers import act, keep_dragons, place_all, refused, seed_with_start


def test_the_default_set_is_the_fifteen_cards_of_the_rules():
    cards = default_card_set()
    assert len(cards) == 15
    by_id = {card["id"]: card for card in cards}
    assert by_id["claw"] == {
        "id": "claw",
        "name_ja": "爪撃",
        "name_en": "Claw",
        "kind": "melee",
        "cost": 1,
        "damage": 1,
        "scope": "target",
        "blocks": [],
    }
    assert by_id["roar"]["scope"] == "all" and by_id["roar"]["damage"] == 2
    assert by_id["scale_shield"]["blocks"] == ["melee"]
    assert by_id["wing_shield"]["blocks"] == ["ranged"]
    assert by_id["divine_aegis"]["blocks"] == ["melee", "ranged"]
    assert sorted(c["id"] for c in cards if c["cost"] == 6) == [
        "divine_aegis",
        "divine_blaze",
        "divine_storm",
    ]
    assert [c["kind"] for c in cards].count("guard") == 4


def _raw_set() -> list[dict]:
    return json.loads(DEFAULT_SET_PATH.read_text(encoding="utf-8"))


def _broken(index: int, **changes) -> list[dict]:
    cards = _raw_set()
    cards[index] = {**cards[index], **changes}
    return cards


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        (_broken(3, cost=7), ["'fang'", "cost 7", "1-6"]),
        (_broken(3, cost=0), ["'fang'", "cost 0"]),
        (_broken(4, kind="magic"), ["'wind_blade'", "unknown kind 'magic'"]),
        (_broken(1, id="claw"), ["'claw'", "duplicate"]),
        (_broken(9, cost=6), ["exactly 3", "not 4", "charge"]),
        (_broken(12, cost=5), ["exactly 3", "not 2"]),
        (_broken(2, blocks=["magic"]), ["'scale_shield'", "blocks"]),
        (_broken(7, scope="row"), ["'thunderbolt'", "scope 'row'"]),
        (_broken(7, damage=0), ["'thunderbolt'", "damage"]),
        (_broken(7, dammage=3), ["'thunderbolt'", "unknown field", "dammage"]),
        (_broken(0, id="Claw!"), ["#1", "id"]),
        (_raw_set()[:14], ["exactly 15", "not 14"]),
    ],
)
def test_a_malformed_card_set_is_refused_naming_the_bad_card(cards, words):
    with pytest.raises(ValueError) as caught:
        validate_card_set(cards)
    for word in words:
        assert word in str(caught.value)
    with pytest.raises(ValueError):
        ENGINE.new_game(3, {"card_set": cards}, seed=1)


def test_a_club_card_set_plays_and_travels_in_the_state():
    cards = _raw_set()
    cards[0] = {**cards[0], "name_en": "Big Claw", "damage": 5}
    state = ENGINE.new_game(2, {"card_set": cards}, seed=3)
    assert state["cards"][0]["damage"] == 5
    state = keep_dragons(state, {0: "divine_blaze", 1: "divine_blaze"})
    state = place_all(state, {0: (["claw", "fang"], None), 1: (["claw", "fang"], None)})
    first = state["turn"]["seat"]
    state = act(state, first, type="flip", card="claw")
    state = act(state, 1 - first, type="no_guard")
    assert state["seats"][1 - first]["damage"] == 5


def test_options_are_validated():
    assert ENGINE.validate_options({})["place_seconds"] == 90
    assert ENGINE.validate_options({"guard_seconds": 5})["guard_seconds"] == 5
    assert ENGINE.default_options()["card_set"] == default_card_set()
    for bad in ({"guard_seconds": -1}, {"turn_seconds": "soon"}, {"colour": "red"}):
        with pytest.raises(ValueError) as caught:
            ENGINE.validate_options(bad)
        assert next(iter(bad)) in str(caught.value)
    for players in (1, 5):
        with pytest.raises(ValueError):
            ENGINE.new_game(players, {}, seed=1)


def test_colours_and_start_player_come_from_the_seed():
    games = [ENGINE.new_game(4, {}, seed) for seed in range(30)]
    for state in games:
        assert len(set(state["colours"])) == 4
        assert set(state["colours"]) <= set(DRAGON_COLOURS)
    assert ENGINE.new_game(4, {}, 11)["colours"] == games[11]["colours"]
    assert len({tuple(state["colours"]) for state in games}) > 1
    assert {state["start_player"] for state in games} == {0, 1, 2, 3}


def test_each_player_keeps_one_divine_dragon_secretly_and_discards_two():
    state = ENGINE.new_game(3, {}, seed=5)
    assert state["phase"] == "choose_dragon"
    assert all(len(s["hand"]) == 15 for s in state["seats"])
    state = act(state, 2, type="choose_dragon", card="divine_aegis")
    refused(state, 2, "already_chosen", type="choose_dragon", card="divine_storm")
    refused(state, 0, "not_a_divine_dragon", type="choose_dragon", card="charge")
    seen = ENGINE.view(state, 0)
    assert [s["chosen"] for s in seen["seats"]] == [False, False, True]
    assert "divine_aegis" not in json.dumps(seen["seats"])
    assert seen["you"]["choice"] is None
    assert ENGINE.view(state, 2)["you"]["choice"] == "divine_aegis"

    state = act(state, 0, type="choose_dragon", card="divine_storm")
    assert state["phase"] == "choose_dragon"  # seat 1 has still to choose: nothing discarded
    assert all(len(s["hand"]) == 15 and not s["discard"] for s in state["seats"])
    state = act(state, 1, type="choose_dragon", card="divine_blaze")
    assert state["phase"] == "place" and state["round"] == 1
    kept = {0: "divine_storm", 1: "divine_blaze", 2: "divine_aegis"}
    for seat, s in enumerate(state["seats"]):
        assert len(s["hand"]) == 13
        assert kept[seat] in s["hand"]
        assert sorted(s["discard"]) == sorted(
            {"divine_storm", "divine_blaze", "divine_aegis"} - {kept[seat]}
        )


def test_the_seeds_start_player_opens_the_first_turns_and_the_log_names_them():
    state = ENGINE.new_game(3, {}, seed_with_start(3, 2))
    assert ENGINE.view(state, None)["events"][0] == {
        "type": "game_start",
        "colours": state["colours"],
        "start_player": 2,
    }
    state = keep_dragons(state, dict.fromkeys(range(3), "divine_storm"))
    state = place_all(state, {seat: (["claw", "sparks"], None) for seat in range(3)})
    assert state["turn"]["seat"] == 2
