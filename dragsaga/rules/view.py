"""What one seat may know: the only door from the state to a player's screen.

A seat sees its own hand, placed cards, pending secret choice and discard
pile; of the others, hand counts, card backs of placed cards (faces once
flipped), discard counts, damage, targets once revealed, and whether they have
made their secret choice (never what it is). ``seat=None`` is a spectator,
who sees what every player sees in common. The seed is shown after the end.

Keys: ``game``, ``players``, ``seat``, ``version``, ``phase``, ``round``,
``start_player``, ``last_player``, ``turn`` (whose turn, or None), ``turn_flips``,
``target_changed``, ``colours``, ``cards`` (the card set in play), ``seats`` (per
seat: ``seat``, ``colour``, ``hand_count``, ``placed`` [{``card`` (None while face
down), ``flipped``}], ``discard_count``, ``damage``, ``target`` (None until revealed),
``chosen`` (the secret choice is made: a tick mark, never the choice)), ``you`` (None
for a spectator; else ``hand``, ``placed``, ``discard``, ``choice``, ``guard_answer``,
``answered``), ``guard`` (the open attack: ``attacker``, ``card``, ``hits``, ``pending``,
``answered``), ``waiting_for``, ``deadline``, ``options``, ``legal_actions`` (this seat's),
``events``, ``finished``, ``result`` (see ``scoring.py``), and ``seed`` once finished.
"""

from __future__ import annotations

from typing import Any

from games.engine import State, View, clone

from .deadlines import waiting_for
from .table import last_player


def view(state: State, seat: int | None, legal: list[dict[str, Any]], events: bool = True) -> View:
    window = state["guard"]
    answered = {r["seat"] for r in window["responses"]} if window else set()
    seats = []
    for index, s in enumerate(state["seats"]):
        seats.append(
            {
                "seat": index,
                "colour": state["colours"][index],
                "hand_count": len(s["hand"]),
                "placed": [
                    {"card": p["card"] if p["flipped"] else None, "flipped": p["flipped"]}
                    for p in s["placed"]
                ],
                "discard_count": len(s["discard"]),
                "damage": s["damage"],
                "target": s["target"],
                "chosen": s["choice"] is not None,
            }
        )
    you = None
    if seat is not None:
        me = state["seats"][seat]
        own_answer = [r["card"] for r in window["responses"] if r["seat"] == seat] if window else []
        you = {
            "seat": seat,
            "colour": state["colours"][seat],
            "hand": list(me["hand"]),
            "placed": [dict(p) for p in me["placed"]],
            "discard": list(me["discard"]),
            "choice": clone(me["choice"]),
            "guard_answer": own_answer[0] if own_answer else None,
            "answered": bool(own_answer),
        }
    # Copies (clone), so a caller that edits its view never edits the game: the log's events
    # and the result hold lists and dicts that other states share.
    result: View = {
        "game": state["game"],
        "players": state["players"],
        "seat": seat,
        "version": state["version"],
        "phase": state["phase"],
        "round": state["round"],
        "start_player": state["start_player"],
        "last_player": last_player(state),
        "turn": state["turn"]["seat"] if state["turn"] else None,
        "turn_flips": state["turn"]["flips"] if state["turn"] else 0,
        "target_changed": state["target_changed"],
        "colours": list(state["colours"]),
        "cards": clone(state["cards"]),
        "seats": seats,
        "you": you,
        "guard": None
        if window is None
        else {
            "attacker": window["attacker"],
            "card": window["card"],
            "hits": list(window["hits"]),
            "pending": list(window["pending"]),
            "answered": sorted(answered),
        },
        "waiting_for": waiting_for(state),
        "deadline": state["deadline"],
        "options": dict(state["options"]),
        "legal_actions": legal,
        "events": clone(state["log"]) if events else [],
        "finished": state["finished"],
        "result": clone(state["result"]),
    }
    if state["finished"]:
        result["seed"] = state["seed"]
    return result
