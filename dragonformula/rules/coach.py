"""The coach: after a game, a seat's own decision weighed against the strong bot's.

:func:`weigh` takes the state just before ``seat`` acted and the action it took; for a
real choice (a discard, a pick or pass, the major thrown after a pick) it gives the
strong bot's choice and the estimated chance of winning the game after each, from what
the seat could see then (:func:`strong.chances`: the same deals for both), how near a win
each leaves the hand (:func:`advice.standing_after`: the why a player reads), and for a
pick or pass the discard it answered.
"""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any

from dragonformula.rules import advice, strong
from dragonformula.rules.view import view
from games.engine import Action, State, rng_for

SAMPLES = 200  # deals played out per decision: the review runs after the game, in the background
CHOICES = ("discard", "discard_major", "pick", "pass")


def weigh(state: State, seat: int, action: Action, samples: int = SAMPLES) -> dict[str, Any] | None:
    """``{"coach": action, "chance": float, "coach_chance": float}``, or ``None`` when
    ``action`` was no choice (a draw, a Dan, the only move, a setting)."""
    if action.get("type") not in CHOICES:
        return None
    seen = view(state, seat)
    moves = strong.sensible(seen)
    if len(moves) < 2 or {m["type"] for m in moves} & set(strong.FORCED):
        return None
    coach = strong.decide(seen)
    candidates = [action] if coach == action else [action, coach]
    rng: random.Random = rng_for(state["seed"], "coach", state["move"], seat)
    chances = strong.chances(seen, candidates, rng, samples)
    yours, coachs = advice.standing_after(seen, action), advice.standing_after(seen, coach)
    return {
        "coach": coach,
        "chance": chances[0],
        "coach_chance": chances[-1],
        # Why, in the game's words: how near each choice left the hand to a win.
        "why": {"yours": asdict(yours), "coach": asdict(coachs)},
        # The discard a pick or pass answered (the action itself names no card).
        "offer": seen["window"]["card"] if seen["window"] is not None else None,
    }
