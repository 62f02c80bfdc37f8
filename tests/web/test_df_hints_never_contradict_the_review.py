"""Bot games replayed as the coach reviews them: a seat that follows its Pick hints is never
told afterwards that one of those answers was among its costliest decisions, and at every
pick window the hint it was shown is the answer the review weighs it against."""

import pytest
from django.utils import translation

from dragonformula import hints
from dragonformula.rules.engine import ENGINE
from dragonformula.rules.game import apply, new_game, waiting_for
from dragonformula.rules.view import view
from games.coach.reviews import costliest

SEAT = 0  # the member who has hints on; the other seats are smart bots
SAMPLES = 24  # the review's play-outs per decision, few: the answers compared do not depend on it
NAMES = ["Ann", "Bot 1", "Bot 2", "Bot 3"]


def _first_game(seed):
    """The first game of a match (until its result shows): seat 0 answers every pick window
    as its hint says and plays its turns like a smart bot. (step, state before, action,
    the hint shown then) of each of seat 0's decisions."""
    state = new_game(4, {}, seed)
    decisions = []
    step = 0
    while state["phase"] != "result" and not state["finished"]:
        seat = waiting_for(state)[0]
        if state["phase"] == "window" and SEAT in waiting_for(state):
            seat = SEAT
        shown = None
        if seat == SEAT:
            with translation.override("en"):
                shown = hints.seat_hints(view(state, SEAT), NAMES)["pick"]
        if shown is not None and shown["answer"] in ("pick", "pass"):
            action = {"type": shown["answer"]}
        else:
            action = ENGINE.bot_action(state, seat, "smart")
        step += 1
        if seat == SEAT:
            decisions.append((step, state, action, shown))
        state = apply(state, seat, action, 0.0)
    return decisions


@pytest.mark.parametrize("seed", [5101, 5103])
def test_a_seat_that_follows_its_hints_finds_none_of_them_among_its_costliest(seed):
    decisions = _first_game(seed)
    weighed, hinted = [], {}
    for step, state, action, shown in decisions:
        word = ENGINE.review(state, SEAT, action, SAMPLES)
        if word is None:
            continue
        weighed.append({"step": step, "action": action, **word})
        if shown is not None and shown["answer"] in ("pick", "pass"):
            hinted[step] = shown["answer"]
            # The hint shown is the coach's own answer to that window.
            assert word["coach"] == {"type": shown["answer"]}, (step, shown["why"])
    assert len(hinted) >= 5, "too few pick windows with a real choice to compare"
    marked = costliest(weighed)
    assert marked, "a game whose review marks nothing compares nothing"
    assert not set(marked) & set(hinted), [d for d in weighed if d["step"] in hinted]
