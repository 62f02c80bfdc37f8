"""What one seat may see (RULES hidden information): ``view(state, seat)``.

Own hand only; other seats' hands as sizes; the pile as a size; a drawn card only in
the drawer's own event log; a pick window shows who has answered but not what; the
seed only once the match is over.
"""

from __future__ import annotations

from typing import Any

from dragonformula.rules import clock, standing
from dragonformula.rules.deal import sorted_hand
from dragonformula.rules.game import deadline, legal_actions, waiting_for
from dragonformula.rules.match import match_outcome
from dragonformula.rules.pick_window import passes_automatically
from games.engine import State, View


def _seen_events(events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The events as ``seat`` sees them: another seat's draw without its card; every other
    event the same object (a view's log is read for every viewer after every move)."""
    return [
        _without_card(event) if event["type"] == "draw" and event["seat"] != seat else event
        for event in events
    ]


def _without_card(event: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in event.items() if key != "card"}


def _window(state: State, seat: int | None) -> dict[str, Any] | None:
    window = state["window"]
    if state["phase"] != "window" or window is None:
        return None
    answers = window["answers"]
    # Early automatic passes look, to the other seats, like answers still to come.
    hidden = _hidden_auto_passes(state, seat)
    return {
        "discarder": window["discarder"],
        "card": window["card"],
        "deadline": deadline(state),
        "asked": [s for s in range(state["players"]) if s != window["discarder"]],
        "answered": [s for s, a in enumerate(answers) if a is not None and s not in hidden],
        "your_answer": answers[seat] if seat is not None else None,
    }


def _hidden_auto_passes(state: State, seat: int | None) -> set[int]:
    window = state["window"]
    if state["phase"] != "window" or window is None:
        return set()
    return {s for s in window.get("auto", []) if s != seat}


def _waiting_as_seen(state: State, seat: int | None) -> list[int]:
    return sorted({*waiting_for(state), *_hidden_auto_passes(state, seat)})


def _live(state: State) -> dict[str, Any] | None:
    window = state["window"]
    if state["phase"] != "window" or window is None:
        return None
    return {"seat": window["discarder"], "card": window["card"]}


def view(state: State, seat: int | None) -> View:
    finished = state["finished"]
    last = state["last_game"]
    seen: View = {
        "game": state["game"],
        "players": state["players"],
        "seat": seat,
        "options": dict(state["options"]),
        "finished": finished,
        "set": state["set_index"] + 1,
        "sets": state["options"]["sets"],
        # Once the match is over every game of the last set has counted: no game N+1.
        "game_in_set": min(state["games_counted"] + 1, state["players"]),
        "fire_seat": state["fire_seat"],
        "elements": list(state["elements"]),
        "starter": state["starter"],
        "set_points": list(state["set_points"]),
        "total_points": list(state["total_points"]),
        "victory_points": list(state["victory_points"]),
        "phase": state["phase"],
        "turn": state["turn"],
        "waiting_for": _waiting_as_seen(state, seat),
        "hand": sorted_hand(state["hands"][seat]) if seat is not None else [],
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "pile_size": len(state["pile"]),
        "discards": [list(pile) for pile in state["discards"]],
        "live": _live(state),
        "window": _window(state, seat),
        "picked_card": state["picked_card"],
        "auto_pass": passes_automatically(state, seat) if seat is not None else False,
        # The seat's own standing answer to pick windows (another seat's is never shown).
        "standing_answer": standing.of(state, seat) if seat is not None else None,
        "clock": clock.view(state),
        "legal_actions": legal_actions(state, seat),
        "events": _seen_events(state["events"], seat),
        "last_game": (
            {**last, "events": _seen_events(last["events"], seat)} if last is not None else None
        ),
        "finished_sets": list(state["sets"]),
        "games": list(state["games"]),
        "outcome": match_outcome(state),
        "seed": state["seed"] if finished else None,
    }
    return seen
