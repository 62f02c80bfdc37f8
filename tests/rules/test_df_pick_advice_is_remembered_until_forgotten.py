"""The coach's advice in a pick window is thought once per window as the seat sees it and
remembered (the pushes while other seats answer read it from memory), until forgotten."""

from dragonformula.rules import advice, strong
from dragonformula.rules.engine import DragonFormulaEngine
from tests.game.df_table import seat_whose_pick_takes_thinking

ENGINE = DragonFormulaEngine()


def _a_window_that_takes_thinking():
    """A seat's view of a discard it is asked about whose answer takes the play-outs."""
    for seed in range(1, 40):
        state = ENGINE.new_game(4, {"pick_seconds": 60}, seed)
        turn = state["turn"]
        state = ENGINE.apply(state, turn, {"type": "draw"}, 0.0)
        card = state["hands"][turn][0]
        state = ENGINE.apply(state, turn, {"type": "discard", "card": card}, 0.0)
        seat, view = seat_whose_pick_takes_thinking(state, [s for s in range(4) if s != turn])
        if seat is not None:
            return view
    raise AssertionError("no deal offers a Pick that takes thinking")


def test_advice_is_thought_once_remembered_and_forgotten_on_request():
    view = _a_window_that_takes_thinking()
    advice.forget()
    assert advice.known_advice(view) is None  # nothing thought yet: the push shows "thinking"
    thought = advice.pick_advice(view)
    assert thought.answer == strong.decide(view)["type"]
    assert advice.known_advice(view) == thought  # remembered for the next pushes
    advice.forget()
    assert advice.known_advice(view) is None
