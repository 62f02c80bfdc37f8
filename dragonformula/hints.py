"""A seat's hints at a Dragon Formula table, for a player who has them on (a player's
first games; ``games.tables.services.set_hints``): how many cards the hand is from a win and
which hands are in reach, what a Pick of the discard on offer would do, the card just
drawn, and a banner when another seat picks or wins.

Worked out from the seat's own view only (its hand, the table's discards, its element,
the events it is shown): the cards it may still take are those it cannot see, so a
hint tells nothing the seat could not work out itself.
"""

from __future__ import annotations

from typing import Any

from dragonformula.rules.cards import card_name
from dragonformula.rules.hands import hand_name, is_winning
from dragonformula.rules.melds import MELDS_WITH_CARD
from dragonformula.rules.nearest import cards_away, nearest_hands
from dragonformula.rules.waits import unseen_cards
from games.templatetags.bilingual import language_suffix

HANDS_SHOWN = 3  # the hands in reach a hint names
BANNER_EVENTS = ("pick", "pick_and_dan", "win")


def seat_hints(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """The hints of the seat whose ``view`` this is (``None`` for a spectator)."""
    seat = view["seat"]
    if seat is None:
        return None
    lang = language_suffix()
    hand = view["hand"]
    element = view["elements"][seat]
    playing = view["phase"] not in ("result", "over") and not view["finished"]
    return {
        "reach": _reach(hand, element, view["discards"], lang) if playing else None,
        "pick": _pick(view, hand, element, lang) if playing else None,
        "drawn": _drawn(view, seat, lang) if playing else None,
        "banner": _banner(view, seat, names, lang),
    }


def _named(codes: list[str] | tuple[str, ...], lang: str) -> list[dict[str, str]]:
    return [{"code": code, "name": card_name(code, lang)} for code in codes]


def _reach(hand: list[str], element: str, discards: list[list[str]], lang: str) -> Any:
    """Cards away from a win, and the nearest hands with what each lacks."""
    if len(hand) not in (10, 11):
        return None
    reaches = nearest_hands(hand, element, unseen_cards(hand, discards))
    away = cards_away(reaches)
    nearest = [reach for reach in reaches if reach.away == away][:HANDS_SHOWN]
    return {
        "away": away,
        "hands": [
            {
                "name": hand_name(reach.hand, lang),
                "lacks": _named(reach.lacks, lang),
                "let_go": _named(reach.let_go, lang),
                "total": reach.total,
            }
            for reach in nearest
        ],
    }


def _pick(view: dict[str, Any], hand: list[str], element: str, lang: str) -> Any:
    """Why a Pick of the discard on offer helps (the meld it completes, or the win), or
    why not (no major to give back, nothing it completes)."""
    window = view["window"]
    if window is None or window["your_answer"] is not None or view["seat"] not in window["asked"]:
        return None
    card = window["card"]
    held = set(hand)
    melds = [
        meld.cards
        for meld in MELDS_WITH_CARD[card]
        if all(code in held for code in meld.cards if code != card)
    ]
    return {
        "card": {"code": card, "name": card_name(card, lang)},
        "wins": is_winning([*hand, card], element),
        "has_major": any(code.startswith("M") for code in hand),
        "melds": [" ".join(cards) for cards in melds[:2]],
    }


def _drawn(view: dict[str, Any], seat: int, lang: str) -> Any:
    """The card the seat has just drawn, while it decides what to discard."""
    if view["phase"] != "discard" or view["turn"] != seat:
        return None
    for event in reversed(view["events"]):
        if event["type"] == "draw" and event["seat"] == seat and "card" in event:
            return {"code": event["card"], "name": card_name(event["card"], lang)}
        if event["type"] in ("pick", "pick_and_dan"):
            return None  # a picker discards a major, not after a draw
    return None


def _banner(view: dict[str, Any], seat: int, names: list[str], lang: str) -> Any:
    """Another seat's newest pick or win, readable without opening the log."""
    events = view["events"]
    if not events and view["last_game"] is not None and view["phase"] == "result":
        events = view["last_game"]["events"]
    event = next((e for e in reversed(events[-3:]) if e["type"] in BANNER_EVENTS), None)
    if event is None or event["seat"] == seat:
        return None
    shown = {"type": event["type"], "name": names[event["seat"]]}
    if event["type"] == "win":
        shown["hand"] = hand_name(event["reading"]["hand"], lang) if event.get("reading") else ""
        shown["points"] = event.get("points")
    else:
        shown["card"] = {"code": event["card"], "name": card_name(event["card"], lang)}
        shown["from"] = names[event["from"]]
    return shown
