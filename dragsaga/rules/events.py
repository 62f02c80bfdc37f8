"""The event log in plain English, for logs and tests (the table page and ``ds_simulate --log``
word the structured events in the reader's language: ``dragsaga.templatetags.dragsaga_words``)."""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]

SENTENCES = {
    "game_start": "The game starts; {start_player} is the first start player.",
    "dragons_kept": "Every player keeps one divine dragon and discards the other two.",
    "round_start": "Round {round} begins; {start_player} starts.",
    "turn": "{seat}'s turn.",
    "target_change": "{seat} discards a card to switch target from {old} to {new}.",
    "flip": "{seat} flips {card} at {hits}.",
    "answered": "{seat} has answered the attack.",
    "guard": "{seat} guards with {card}.",
    "pass": "{seat} passes.",
    "end_turn": "{seat} ends their turn.",
    "timeout": "{seat} ran out of time; the default applies.",
    "end_check": "{seats} holds one card or fewer: the game ends.",
}
SEAT_FIELDS = {"seat", "start_player", "old", "new", "attacker"}
SEAT_LIST_FIELDS = {"hits", "seats"}


def seat_name(seat: int, colours: list[str]) -> str:
    return f"Seat {seat + 1} ({colours[seat]})"


def describe(event: Event, cards: list[dict[str, Any]], colours: list[str]) -> str:
    """One event as an English sentence."""
    names = {card["id"]: card["name_en"] for card in cards}

    def who(seat: int) -> str:
        return seat_name(seat, colours)

    kind = event["type"]
    if kind in SENTENCES:
        words = {}
        for key, value in event.items():
            if key in SEAT_FIELDS:
                words[key] = who(value)
            elif key in SEAT_LIST_FIELDS:
                words[key] = ", ".join(who(seat) for seat in value)
            elif key == "card":
                words[key] = names[value]
            else:
                words[key] = value
        return SENTENCES[kind].format(**words)
    if kind == "chosen":
        what = "chose a divine dragon" if event["phase"] == "choose_dragon" else "placed two cards"
        return f"{who(event['seat'])} {what}."
    if kind == "targets_revealed":
        aims = ", ".join(f"{who(s)} → {who(t)}" for s, t in enumerate(event["targets"]))
        return f"Targets revealed: {aims}."
    if kind == "damage":
        parts = [
            f"{who(hit['seat'])} blocks"
            if hit["blocked_by"]
            else f"{who(hit['seat'])} takes {hit['amount']}"
            for hit in event["damage"]
        ]
        return f"{names[event['card']]}: {'; '.join(parts)}."
    if kind == "clean_up":
        if not event["discarded_both"]:
            return "Clean-up: flipped cards are discarded, the others return to hand."
        passed = ", ".join(who(s) for s in event["discarded_both"])
        return f"Clean-up: {passed} flipped nothing and discard both placed cards."
    if kind == "game_end":
        rows = "; ".join(
            f"{row['rank']}. {who(row['seat'])} {row['final_damage']} "
            f"({row['damage']} damage + {row['penalty']} penalty, {row['hand_count']} in hand)"
            for row in event["placings"]
        )
        return f"Final ranking: {rows}."
    return kind
