"""The end of a set (victory points) and the match result (RULES §1.5 steps 9-10)."""

from __future__ import annotations

from typing import Any

from dragonformula.rules.deal import start_set
from games.engine import State, place, victory_point_table


def set_placings(state: State) -> list[dict[str, Any]]:
    """Rank the seats by set points; tied seats share the places' victory points."""
    points = state["set_points"]
    table = victory_point_table(state["players"])
    placings = place(range(state["players"]), lambda seat: points[seat], table)
    return [
        {
            "seat": p.seat,
            "rank": p.rank,
            "victory_points": p.victory_points,
            "points": points[p.seat],
        }
        for p in placings
    ]


def close_set(state: State) -> dict[str, Any]:
    """Record the finished set, add its victory points, and start the next set or end the match."""
    placings = set_placings(state)
    for placing in placings:
        state["victory_points"][placing["seat"]] += placing["victory_points"]
    record = {
        "set": state["set_index"] + 1,
        "elements": list(state["elements"]),
        "points": list(state["set_points"]),
        "placings": placings,
    }
    state["sets"].append(record)
    if state["set_index"] + 1 < state["options"]["sets"]:
        state["set_index"] += 1
        start_set(state)
    else:
        state["finished"] = True
    return {"type": "set_end", **record}


def match_outcome(state: State) -> dict[str, Any] | None:
    """``None`` while the match runs; then each seat's rank, victory points and points.

    The winner has the most victory points; ties are broken by total points over all
    sets, then shared (competition numbering 1, 1, 3).
    """
    if not state["finished"]:
        return None
    victory = state["victory_points"]
    points = state["total_points"]
    placings = place(
        range(state["players"]),
        lambda seat: (victory[seat], points[seat]),
        [0.0] * state["players"],
    )
    seats = [
        {
            "seat": p.seat,
            "rank": p.rank,
            "victory_points": victory[p.seat],
            "points": points[p.seat],
        }
        for p in placings
    ]
    return {
        "placings": seats,
        "winners": [entry["seat"] for entry in seats if entry["rank"] == 1],
        "victory_points": list(victory),
        "points": list(points),
        "sets": state["sets"],
    }
