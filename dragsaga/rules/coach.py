"""The coach: after a game, a seat's own decision weighed against the strong bot's.

:func:`weigh` takes the state just before ``seat`` acted and the action it took; for a
real choice (a placing, a flip or pass, a guard or not, a target change) it gives the
strong bot's choice, thinking with the review's budget of ``samples`` play-outs (after the
game there is time to look further than at the table), and the estimated chance of
finishing first after each, from what the seat could see then (:func:`strong.chances`:
the same tables for both).
"""

from __future__ import annotations

from typing import Any

from games.engine import Action, State, rng_for

from . import strong
from .cards import CardSet
from .legal import legal_actions
from .view import view

SAMPLES = 40  # tables played out per decision: the review runs after the game, in the background


def weigh(state: State, seat: int, action: Action, samples: int = SAMPLES) -> dict[str, Any] | None:
    """``{"coach": action, "chance": float, "coach_chance": float}``, or ``None`` when
    ``action`` was no choice (the only legal move, a deadline's default)."""
    legal = legal_actions(state, seat, CardSet(state["cards"]))
    action = _as_offered(action, legal)
    if action is None or len(legal) < 2:
        return None
    seen = view(state, seat, legal)
    rng = rng_for(state["seed"], "coach", state["version"], seat)
    coach = strong.decide(seen, rng, samples)
    candidates = [action] if coach == action else [action, coach]
    chances = strong.chances(seen, candidates, rng, samples)
    return {"coach": coach, "chance": chances[0], "coach_chance": chances[-1]}


def _as_offered(action: Action, legal: list[Action]) -> Action | None:
    """``action`` as the legal list words it (a placing's two cards in either order, its
    forced target left out), or ``None`` when it is not one of them (a deadline's tick)."""
    if action in legal:
        return action
    if action.get("type") != "place" or not isinstance(action.get("cards"), list):
        return None
    cards, target = sorted(action["cards"]), action.get("target")
    for offer in legal:
        same_cards = offer["type"] == "place" and sorted(offer["cards"]) == cards
        if same_cards and (target is None or offer.get("target") == target):
            return offer
    return None
