"""A working copy of a state (``games.engine.clone``) equals it and shares nothing that can
change: what ``apply`` and every view stand on."""

from dragsaga.rules import ENGINE as DRAGSAGA
from dragsaga.rules.bots import simulate_game
from games.engine import clone, dumps


def containers(value, found=None):
    found = [] if found is None else found
    if isinstance(value, dict | list):
        found.append(value)
        for inner in value.values() if isinstance(value, dict) else value:
            containers(inner, found)
    return found


def test_a_copy_equals_the_state_and_shares_no_list_or_dict_with_it():
    state = simulate_game(DRAGSAGA, 4, 7, ["heuristic"] * 4)
    copy = clone(state)
    assert copy == state and dumps(copy) == dumps(state)
    kept = {id(container) for container in containers(state)}
    assert not kept & {id(container) for container in containers(copy)}
    copy["log"][0]["type"] = "scribbled"
    copy["seats"][0]["hand"].append("scribbled")
    assert "scribbled" not in dumps(state)


def test_a_copy_keeps_every_json_value_as_it_was():
    value = {"n": 3, "x": 0.5, "t": True, "f": False, "none": None, "s": "銀龍", "l": [1, [2]]}
    copy = clone(value)
    assert copy == value
    assert [type(copy[key]) for key in value] == [type(value[key]) for key in value]
