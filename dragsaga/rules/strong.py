"""The ``strong`` bot: it plays each candidate out on many tables its seat cannot tell apart.

It reads ``view(state, seat)`` only (with the public log). It lists a few candidates (the
heuristic bot's choice first; for a placing, the heuristic's best few pairs), deals the
cards it cannot see again at random (:mod:`hidden_hands`), plays the game out from each
candidate with the heuristic bot in every seat (the same deals and the same luck for every
candidate), and takes the candidate that finished first most often. The heuristic's choice
stands unless another is clearly better.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.engine import Action, State, View, clone

from . import bots
from .cards import CardSet
from .deadlines import waiting_for
from .hidden_hands import guess
from .legal import legal_actions
from .moves import play
from .view import view as view_of

SAMPLES = 8  # tables played out per candidate: a decision stays near 250 ms of one core
MOST_CANDIDATES = 3
MARGIN = 1.5 / SAMPLES  # how much more often a candidate must come first to overrule


def decide(view: View, rng: random.Random, samples: int = SAMPLES) -> Action:
    """The strong bot's action for the seat of ``view``."""
    legal = view["legal_actions"]
    if not legal:
        raise ValueError(f"Seat {view['seat']} has no action to take now.")
    candidates = _candidates(view, rng)
    if len(candidates) == 1:
        return candidates[0]
    firsts = chances(view, candidates, rng, samples)
    best = max(range(len(candidates)), key=lambda i: (firsts[i], -i))
    if firsts[best] - firsts[0] < MARGIN:
        return candidates[0]
    return candidates[best]


def chances(
    view: View, candidates: Sequence[Action], rng: random.Random, samples: int = SAMPLES
) -> list[float]:
    """For each candidate action of the view's seat, the share of played-out tables on
    which it finishes first."""
    seat = view["seat"]
    firsts = [0.0] * len(candidates)
    worth: dict[tuple[str, str, float, float], float] = {}  # placings' worth, for every play-out
    for _ in range(samples):
        table = guess(view, rng)
        luck = rng.getrandbits(32)
        for index, action in enumerate(candidates):
            end = play_out(table, seat, action, random.Random(luck), worth)
            firsts[index] += _first(end, seat)
    return [count / samples for count in firsts]


def _first(state: State, seat: int) -> float:
    placings = state["result"]["placings"]
    return float(any(p["seat"] == seat and p["rank"] == 1 for p in placings))


def _candidates(view: View, rng: random.Random) -> list[Action]:
    legal = view["legal_actions"]
    heuristic = bots.Heuristic(view, random.Random(rng.getrandbits(32)))
    chosen = heuristic.action()
    if view["phase"] == "place":
        relief = 1.0 if heuristic.end_near() else 0.25
        used = heuristic.threat() * bots.GUARD_USE
        ranked = sorted(
            legal,
            key=lambda a: (-heuristic.pair_score(*a["cards"], relief, used), a["target"]),
        )
        pairs = [chosen, *[a for a in ranked if a != chosen]]
        return pairs[:MOST_CANDIDATES]
    if any(a["type"] == "change_target" for a in legal):
        changes = [a for a in legal if a["type"] == "change_target"]
        cheapest = {}
        for change in sorted(changes, key=lambda a: heuristic.cost(a["discard"])):
            cheapest.setdefault(change["target"], change)
        others = [a for a in legal if a["type"] != "change_target"]
        legal = [*others, *cheapest.values()]
    return [chosen, *[a for a in legal if a != chosen]][: MOST_CANDIDATES + 1]


class _Remembering(bots.Heuristic):
    """The heuristic bot, remembering what each placing is worth over a play-out (the
    worth of a pair depends only on the card set, the table's size and the two weights)."""

    def __init__(
        self, view: View, rng: random.Random, worth: dict[tuple[str, str, float, float], float]
    ) -> None:
        super().__init__(view, rng)
        self.worth = worth

    def pair_score(self, a: str, b: str, relief: float, used: float) -> float:
        key = (a, b, relief, used)
        if key not in self.worth:
            self.worth[key] = super().pair_score(a, b, relief, used)
        return self.worth[key]


def play_out(
    table: State,
    seat: int,
    action: Action,
    rng: random.Random,
    worth: dict[tuple[str, str, float, float], float] | None = None,
) -> State:
    """The end of the game of ``table`` after ``seat`` takes ``action``, every seat then
    played by the heuristic bot (``table`` itself is left as it was). ``worth``: placings'
    worth already reckoned at this table (same card set, same number of players)."""
    state = clone(table)
    cards = CardSet(state["cards"])
    worth = {} if worth is None else worth
    play(state, seat, action, 0.0, cards)
    while not state["finished"]:
        mover = waiting_for(state)[0]
        seen = view_of(state, mover, legal_actions(state, mover, cards), events=False)
        play(state, mover, _Remembering(seen, rng, worth).action(), 0.0, cards)
    return state
