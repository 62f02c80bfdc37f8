"""The end of the game: penalties, final damage, placings and victory points.

Penalty: half the total cost of the cards left in hand, rounded down. Final
damage = damage tokens + penalty; the lowest wins. Ties: fewer cards left in
hand places higher (for every place); still tied, places are shared (1, 1, 3)
and so are their victory points (3, 2, 1, 0).
"""

from __future__ import annotations

from typing import Any

from games.engine import State, place, victory_point_table

from .cards import CardSet


def penalty(hand: list[str], cards: CardSet) -> int:
    return cards.cost(hand) // 2


def final_placings(state: State, cards: CardSet) -> dict[str, Any]:
    rows = []
    for seat, s in enumerate(state["seats"]):
        pen = penalty(s["hand"], cards)
        rows.append(
            {
                "seat": seat,
                "damage": s["damage"],
                "penalty": pen,
                "final_damage": s["damage"] + pen,
                "hand_count": len(s["hand"]),
                "hand": list(s["hand"]),
            }
        )
    placings = place(
        range(state["players"]),
        key=lambda seat: (-rows[seat]["final_damage"], -rows[seat]["hand_count"]),
        victory_points=victory_point_table(state["players"]),
    )
    ranked = []
    for placing in placings:
        row = rows[placing.seat]
        ranked.append({**row, "rank": placing.rank, "victory_points": placing.victory_points})
    return {
        "placings": ranked,
        "winners": [row["seat"] for row in ranked if row["rank"] == 1],
    }
