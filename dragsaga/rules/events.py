"""The event log in plain English (the CLI's words; the web layer translates the
structured events itself)."""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def seat_name(seat: int, colours: list[str]) -> str:
    return f"Seat {seat + 1} ({colours[seat]})"


def describe(event: Event, cards: list[dict[str, Any]], colours: list[str]) -> str:
    """One event as an English sentence."""
    names = {card["id"]: card["name_en"] for card in cards}

    def who(seat: int) -> str:
        return seat_name(seat, colours)

    kind = event["type"]
    if kind == "game_start":
        return f"The game starts; {who(event['start_player'])} is the first start player."
    if kind == "chosen":
        what = "chose a divine dragon" if event["phase"] == "choose_dragon" else "placed two cards"
        return f"{who(event['seat'])} {what}."
    if kind == "dragons_kept":
        return "Every player keeps one divine dragon and discards the other two."
    if kind == "round_start":
        return f"Round {event['round']} begins; {who(event['start_player'])} starts."
    if kind == "targets_revealed":
        aims = ", ".join(f"{who(s)} → {who(t)}" for s, t in enumerate(event["targets"]))
        return f"Targets revealed: {aims}."
    if kind == "turn":
        return f"{who(event['seat'])}'s turn."
    if kind == "target_change":
        return (
            f"{who(event['seat'])} discards a card to switch target from "
            f"{who(event['old'])} to {who(event['new'])}."
        )
    if kind == "flip":
        hit = ", ".join(who(s) for s in event["hits"])
        return f"{who(event['seat'])} flips {names[event['card']]} at {hit}."
    if kind == "answered":
        return f"{who(event['seat'])} has answered the attack."
    if kind == "guard":
        return f"{who(event['seat'])} guards with {names[event['card']]}."
    if kind == "damage":
        parts = [
            f"{who(d['seat'])} blocks"
            if d["blocked_by"]
            else f"{who(d['seat'])} takes {d['amount']}"
            for d in event["damage"]
        ]
        return f"{names[event['card']]}: {'; '.join(parts)}."
    if kind == "pass":
        return f"{who(event['seat'])} passes."
    if kind == "end_turn":
        return f"{who(event['seat'])} ends their turn."
    if kind == "timeout":
        return f"{who(event['seat'])} ran out of time; the default applies."
    if kind == "clean_up":
        passed = event["discarded_both"]
        if not passed:
            return "Clean-up: flipped cards are discarded, the others return to hand."
        names_passed = ", ".join(who(s) for s in passed)
        return f"Clean-up: {names_passed} flipped nothing and discard both placed cards."
    if kind == "end_check":
        short = ", ".join(who(s) for s in event["seats"])
        return f"{short} holds one card or fewer: the game ends."
    if kind == "game_end":
        rows = "; ".join(
            f"{row['rank']}. {who(row['seat'])} {row['final_damage']} "
            f"({row['damage']} damage + {row['penalty']} penalty, {row['hand_count']} in hand)"
            for row in event["placings"]
        )
        return f"Final ranking: {rows}."
    return kind
