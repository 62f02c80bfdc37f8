"""A Dragon Formula table seated with its elements already (a club night's draw) deals them:
its option ``fire_seat`` is the first set's Fire seat, Water, Air and Earth clockwise from it
(RULES §1.5.1); the later sets draw their Fire seat from the seed as every table does."""

from __future__ import annotations

import pytest

from dragonformula.rules.deal import elements_from, fire_seat_for, start_set
from dragonformula.rules.engine import ENGINE
from games.engine import dumps, replay


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_set_is_dealt_the_fire_seat_the_table_names(players):
    for fire in range(players):
        dealt = set()
        for seed in range(12):  # the seed no longer decides who is Fire
            state = ENGINE.new_game(players, {"fire_seat": fire, "sets": 2}, seed)
            assert state["fire_seat"] == fire and state["starter"] == fire
            assert state["elements"] == elements_from(fire, players)
            dealt.add(tuple(state["elements"]))
            assert dumps(replay(ENGINE, players, state["options"], seed, [])) == dumps(state)
        assert len(dealt) == 1


def test_a_later_set_draws_its_fire_seat_from_the_seed():
    seeded = [fire_seat_for(seed, 1, 4) for seed in range(20)]
    assert len(set(seeded)) > 1  # the seed really varies it
    for seed, expected in enumerate(seeded):
        state = ENGINE.new_game(4, {"fire_seat": 2, "sets": 2}, seed)
        state["set_index"] = 1
        start_set(state)
        assert state["fire_seat"] == expected


def test_without_the_option_the_seed_draws_the_first_fire_seat():
    assert ENGINE.default_options()["fire_seat"] is None
    fires = {ENGINE.new_game(4, {}, seed)["fire_seat"] for seed in range(40)}
    assert fires == {0, 1, 2, 3}


@pytest.mark.parametrize("fire", [True, "1", 1.0, -1, 4, [0]])
def test_a_fire_seat_that_is_no_seat_is_refused_by_name(fire):
    with pytest.raises(ValueError, match="fire_seat"):
        ENGINE.validate_options({"fire_seat": fire})


def test_a_fire_seat_beyond_the_table_is_refused():
    with pytest.raises(ValueError, match="fire_seat must be a seat number from 0 to 2"):
        ENGINE.new_game(3, {"fire_seat": 3}, seed=1)
