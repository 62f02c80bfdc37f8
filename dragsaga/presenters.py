"""DragSaga's table as the templates read it, built from ``engine.view(state, seat)`` only.

Nothing here looks at the state: the view is all a seat may know, and these
functions only arrange it (seats from the viewer's place, card ids to card faces,
legal actions to buttons).
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from dragsaga import hints, region_looks
from dragsaga.models import CardSet
from dragsaga.rules.turns import FLIP_LIMIT
from dragsaga.templatetags import dragsaga_words, ds_seats
from games.engine import seats_from
from games.presence.at_the_table import presence_of
from games.tables.validators import posted_id
from games.templatetags.bilingual import Words

REGIONS = [
    ("seats", "dragsaga/partials/seats.html"),
    ("clock", "games/partials/clock.html"),
    ("prompt", "dragsaga/partials/prompt.html"),
    ("hints", "dragsaga/partials/hints.html"),
    ("hand", "dragsaga/partials/hand.html"),
    ("log", "dragsaga/partials/log.html"),
    ("scores", "dragsaga/partials/scores.html"),
]
# The regions every seated viewer is shown alike (and every spectator), rendered once per
# change (games.registry): the countdown, the log (all its events are public) and the scores.
SHARED_REGIONS = frozenset({"clock", "log", "scores"})
# The regions rendered from their looks alone, once per look and language: a seat's hand,
# its prompt and the scores, the same through most moves (dragsaga.region_looks).
REGION_LOOKS = region_looks.REGION_LOOKS
# The regions worded by Python helpers, not templates (games.regions.rendering.worded_regions).
REGION_HTML = {"seats": ds_seats.seats_region, "log": dragsaga_words.log_region}
# Words a log event for a returning player's catch-up (games.presence.at_the_table).
event_sentence = dragsaga_words.ds_sentence

# The actions every seat saw taken, with the fields of them it saw (type -> fields): a
# replay of a game still being played shows no more of the others' actions. That a seat
# chose its dragon or placed is seen, not what nor at whom; a guard's answer not at all
# (answers are told together); a flip's card and a change of target's new target are seen,
# not the card it discarded face down.
# What each of the game's logged actions did, in a replay or review reader's words.
ACTION_WORDS = {
    "choose_dragon": pgettext_lazy("replay action", "chooses a divine dragon"),
    "place": pgettext_lazy("replay action", "places two cards"),
    "flip": pgettext_lazy("replay action", "flips"),
    "guard": pgettext_lazy("replay action", "guards with"),
    "no_guard": pgettext_lazy("replay action", "does not guard"),
    "change_target": pgettext_lazy("replay action", "changes target, discarding"),
    "end_turn": pgettext_lazy("replay action", "ends the turn"),
}

REPLAY_OPEN_ACTIONS = {
    "choose_dragon": (),
    "place": (),
    "flip": ("card",),
    "change_target": ("target",),
    "pass": (),
    "end_turn": (),
}

OPTION_LABELS = {
    "card_set": _("Card set"),
    "place_seconds": _("Seconds to place"),
    "guard_seconds": _("Seconds to guard"),
    "turn_seconds": _("Seconds per turn"),
}
# Choices read when the form is built (card sets are edited in the admin).
OPTION_CHOICES = {"card_set": CardSet.lobby_choices}

# Where each seat sits on the screen, in turn order from the viewer (clockwise: the
# next player sits on the viewer's left).
POSITIONS = {
    2: ("you", "opposite"),
    3: ("you", "left", "right"),
    4: ("you", "left", "opposite", "right"),
}

COLOUR_NAMES = {
    "red": _("red"),
    "blue": _("blue"),
    "green": _("green"),
    "yellow": _("yellow"),
    "black": _("black"),
}
COLOUR_WORDS = Words(COLOUR_NAMES)  # in the language the table is rendered in


def lobby_options(options: dict[str, Any]) -> dict[str, Any]:
    """The lobby's choices as engine options: the chosen set's cards, copied into the
    table's options (so a later edit of the set never changes this table)."""
    return {**options, "card_set": CardSet.cards_for_choice(options.get("card_set", ""))}


def action_from_post(post: Any) -> dict[str, Any]:
    """A DragSaga action posted as form fields (the place and change-target forms)."""
    kind = post["type"]
    if kind == "place":
        action: dict[str, Any] = {"type": "place", "cards": post.getlist("cards")}
        if post.get("target", "") != "":
            action["target"] = _seat(post["target"])
        return action
    if kind == "change_target":
        return {"type": kind, "discard": post["discard"], "target": _seat(post["target"])}
    return {"type": kind}


def _seat(raw: str) -> int:
    """A target seat as the forms post it (ASCII digits); ``ValueError`` for anything else."""
    seat = posted_id(raw)
    if seat is None:
        raise ValueError(f"{raw!r} is not a seat number.")
    return seat


def flip_outcomes(
    events: list[dict[str, Any]], names: list[str], colours: list[str]
) -> dict[tuple[int, str], Any]:
    """What each card flipped this round did, by (seat, card): an attack's damage per
    player hit (``blocked`` when a guard stopped it), a guard's attacker, each with the
    player's name and dragon colour; an attack still waiting for the hit players' answers
    has ``pending`` set."""
    outcomes: dict[tuple[int, str], Any] = {}
    # Each round starts afresh: only the events since the last round's start are read (the
    # whole log is read by every viewer after every move otherwise).
    start = next(
        (i for i in range(len(events) - 1, -1, -1) if events[i]["type"] == "round_start"), 0
    )
    for event in events[start:]:
        kind = event["type"]
        if kind == "round_start":
            outcomes = {}
        elif kind == "flip":
            outcomes[(event["seat"], event["card"])] = {"pending": True, "hits": []}
        elif kind == "damage":
            outcomes[(event["attacker"], event["card"])] = {
                "pending": False,
                "hits": [
                    {
                        "name": names[d["seat"]],
                        "colour": colours[d["seat"]],
                        "amount": d["amount"],
                        "blocked": d["blocked_by"],
                    }
                    for d in event["damage"]
                ],
            }
        elif kind == "guard":
            attacker = event["attacker"]
            outcomes[(event["seat"], event["card"])] = {
                "guarded": names[attacker],
                "colour": colours[attacker],
            }
    return outcomes


def _placed(public: dict[str, Any], cards: dict[str, Any], outcomes: dict, round_: int) -> list:
    """A seat's placed cards: backs, or faces with what their flip did (and a key that
    tells the page which flips it has already shown, so each animates once)."""
    return [
        {
            "face": cards[p["card"]],
            "outcome": outcomes.get((public["seat"], p["card"])),
            "key": f"{round_}-{public['seat']}-{p['card']}",
        }
        if p["card"] is not None
        else None
        for p in public["placed"]
    ]


def _own_face_down(placed: list, you: dict[str, Any] | None, cards: dict[str, Any]) -> list:
    """The viewer's own placed cards show their faces to the viewer (marked face down until
    flipped); everyone else's stay backs. Only the viewer's own page gets these."""
    if you is None:
        return placed
    return [
        shown
        if shown is not None
        else {"face": cards[mine["card"]], "face_down": True, "outcome": None, "key": ""}
        for shown, mine in zip(placed, you["placed"], strict=True)
    ]


def present(view: dict[str, Any], seat: int | None, context: dict[str, Any]) -> dict[str, Any]:
    cards = {card["id"]: card for card in view["cards"]}
    names = context["names"]
    outcomes = flip_outcomes(view["events"], names, view["colours"])
    you = view["you"]
    legal = view["legal_actions"]
    waiting = set(view["waiting_for"])
    order = seats_from(seat if seat is not None else 0, view["players"])
    colour_names = COLOUR_WORDS.worded()
    seats = []
    for number, position in zip(order, POSITIONS[view["players"]], strict=True):
        public = view["seats"][number]
        seats.append(
            {
                **public,
                "name": names[number],
                "colour_name": colour_names.get(public["colour"], public["colour"]),
                "is_you": number == seat,
                "position": position,
                "placed_cards": _own_face_down(
                    _placed(public, cards, outcomes, view["round"]),
                    you if number == seat else None,
                    cards,
                ),
                "target_name": names[public["target"]] if public["target"] is not None else "",
                "waiting": number in waiting,
                "turn": number == view["turn"],
                "start_player": number == view["start_player"],
                "presence": presence_of(context, number),
            }
        )
    hand = [cards[card] for card in (you["hand"] if you else [])]
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    place_targets = sorted({a["target"] for a in by_type.get("place", [])})
    change_targets = sorted({a["target"] for a in by_type.get("change_target", [])})
    buttons = [
        {"json": json.dumps(a), "card": cards.get(a.get("card", "")), "type": a["type"]}
        for a in legal
        if a["type"] in ("choose_dragon", "flip", "guard", "no_guard", "pass", "end_turn")
    ]
    guard = view["guard"]
    return {
        "ds": {
            "seats": seats,
            "hand": hand,
            "you": you,
            "placed": [
                {"face": cards[p["card"]], "flipped": p["flipped"]}
                for p in (you["placed"] if you else [])
            ],
            "choosing": "place" in by_type,
            "place_targets": [(t, names[t]) for t in place_targets],
            "change_targets": [(t, names[t]) for t in change_targets],
            "buttons": buttons,
            "turn_name": None if view["turn"] is None else names[view["turn"]],
            "guard": None
            if guard is None
            else {
                **guard,
                "attacker_name": names[guard["attacker"]],
                "face": cards[guard["card"]],
                "hit_names": [names[s] for s in guard["hits"]],
            },
            "events": list(reversed(view["events"][-dragsaga_words.LOG_SHOWN :])),
            "result": view["result"],
            "result_rows": _result_rows(view["result"], cards, names),
            "cards": cards,
            "flip_limit": FLIP_LIMIT,
            "flips": _flip_budget(view, you, cards, by_type, seat),
            # The seat's hints, when its player has them on (from its view alone).
            "hints": hints.seat_hints(view, names, cards) if context.get("hints_on") else None,
        }
    }


def _flip_budget(
    view: dict[str, Any],
    you: dict[str, Any] | None,
    cards: dict[str, Any],
    by_type: dict[str, list[dict[str, Any]]],
    seat: int | None,
) -> dict[str, Any] | None:
    """During the turns: how much of the round's flip limit the viewer has left, and for
    each of their face-down placed cards that cannot be flipped now, why (RULES §2.3 4)."""
    if you is None or view["phase"] != "turns" or not you["placed"]:
        return None
    flipped = [p["card"] for p in you["placed"] if p["flipped"]]
    used = sum(cards[c]["cost"] for c in flipped)
    left = FLIP_LIMIT - used if flipped else FLIP_LIMIT
    offered = {a.get("card") for kind in ("flip", "guard") for a in by_type.get(kind, [])}
    guard = view["guard"]
    own_turn = view["turn"] == seat and guard is None
    blocked = []
    for placed in you["placed"]:
        card = cards[placed["card"]]
        if placed["flipped"] or placed["card"] in offered:
            continue
        if flipped and card["cost"] > left:
            reason = "cost"
        elif card["kind"] == "guard":
            if own_turn:
                reason = "guard_on_own_turn"
            elif guard is not None and seat in guard["pending"]:
                reason = "wrong_kind"  # the attack's kind is not one this guard blocks
            else:
                continue
        elif not own_turn and guard is not None and seat in guard["pending"]:
            reason = "attack_on_own_turn"
        else:
            continue
        blocked.append({"face": card, "reason": reason})
    return {
        "used": used,
        "left": left if len(flipped) < len(you["placed"]) else 0,
        "flipped": len(flipped),
        "blocked": blocked,
    }


def _result_rows(
    result: dict[str, Any] | None, cards: dict[str, Any], names: list[str]
) -> list[dict[str, Any]]:
    """The end screen's rows: damage + penalty (half the hand's cost, rounded down) = final
    damage, and how a tie on final damage was settled (fewer cards in hand, or shared)."""
    if not result:
        return []
    rows = result["placings"]
    shown = []
    for row in rows:
        level = [r for r in rows if r is not row and r["final_damage"] == row["final_damage"]]
        if not level:
            tie = ""
        elif any(r["hand_count"] == row["hand_count"] for r in level):
            tie = "shared"
        else:
            tie = "hand_count"
        shown.append(
            {
                **row,
                "name": names[row["seat"]],
                "hand_cost": sum(cards[c]["cost"] for c in row["hand"]),
                "hand_faces": [cards[c] for c in row["hand"]],
                "tie": tie,
            }
        )
    return shown
