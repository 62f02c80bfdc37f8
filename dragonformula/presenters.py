"""Dragon Formula's table as the templates read it, built from ``engine.view(state, seat)`` only.

Seats are arranged from the viewer's place (the next seat in turn order sits to
the left), card codes become card faces (``seeds/tarot.json`` via the rules'
``card_info``), legal actions become buttons. Nothing here reads the state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from dragonformula import hints, region_looks
from dragonformula.review_words import card_words, review_why
from dragonformula.rules.cards import OWN_SUIT, card_info
from dragonformula.templatetags import df_seats, tarot
from games.engine import seats_after
from games.presence.at_the_table import presence_of
from games.presence.models import StandIn
from games.templatetags.bilingual import Words

REGIONS = [
    ("seats", "dragonformula/partials/seats.html"),
    ("pile", "dragonformula/partials/pile.html"),
    ("clock", "games/partials/clock.html"),
    ("prompt", "dragonformula/partials/prompt.html"),
    ("hand", "dragonformula/partials/hand.html"),
    ("log", "dragonformula/partials/log.html"),
    ("scores", "dragonformula/partials/scores.html"),
    ("result-screen", "dragonformula/partials/_result_screen.html"),
    ("hints", "dragonformula/partials/hints.html"),
]
# The regions every seated viewer is shown alike (and every spectator), rendered once per
# change (games.registry): the countdown, the pile and the standings. Not the log: a seat's
# own draws name the card to it alone.
SHARED_REGIONS = frozenset({"clock", "pile", "scores"})
# The regions rendered from their looks alone, once per look and language: a seat's hand,
# its hints, the result screen while none is up, the pile and the scores, the same
# through most moves (dragonformula.region_looks).
REGION_LOOKS = region_looks.REGION_LOOKS
# The regions worded by Python helpers, not templates (games.regions.rendering.worded_regions):
# every viewer is sent them after every move (the prompt's body is remembered per look).
REGION_HTML = {
    "seats": df_seats.seats_region,
    "log": tarot.log_region,
    "prompt": tarot.prompt_region,
}
# The hints that take the coach's thinking (the Pick hint: the strong bot's answer), thought
# off the move's path and pushed to their seat when ready (games.coach.hint_thinking).
HINT_THOUGHTS = hints.hint_thoughts
HINT_HEARD = hints.hint_heard
HINT_STILL_WANTED = hints.hint_still_wanted
# What a Pick hint worked out off the move's path changes: its seat's hints region alone.
HINT_REGIONS = frozenset({"hints"})

# The symbol definitions the card faces draw their suits from (``suit.html`` uses them):
# any page showing this game's cards includes it once (the table, replays, /verify/).
CARD_SYMBOLS = "dragonformula/partials/suit_symbols.html"
# A card as a small chip where many are listed (the deck's order on /verify/).
SMALL_CARD = "dragonformula/partials/card_chip.html"
# The actions every seat saw taken, with the fields of them it saw (type -> fields): a
# replay of a game still being played shows no more of the others' actions. A pick
# window's answers (pick, pass, pick-and-Dan) are not among them: they are told when the
# window closes, an automatic pass not even then; and "pass automatically" is a seat's own.
# The hand calculator, linked in the site's header on every page.
HEADER_LINKS = [("dragonformula:calculator", _("Hand calculator"))]

# What each of the game's logged actions did, in a replay or review reader's words.
ACTION_WORDS = {
    "draw": pgettext_lazy("replay action", "draws a card"),
    "discard": pgettext_lazy("replay action", "discards"),
    "dan": pgettext_lazy("replay action", "declares Dan"),
    "pick": pgettext_lazy("replay action", "picks the discard"),
    "pick_and_dan": pgettext_lazy("replay action", "declares Pick-and-Dan"),
    "discard_major": pgettext_lazy("replay action", "discards a major after the pick"),
}

REPLAY_OPEN_ACTIONS = {
    "draw": (),
    "discard": ("card",),
    "dan": (),
    "discard_major": ("card",),
    "next_game": (),
    "back": (),
}

# The actions no other seat sees taken at all while the game is played ("pass
# automatically" is a seat's own setting): another viewer's replay makes no step of them.
REPLAY_UNSEEN_ACTIONS = frozenset({"auto_pass", "standing_answer"})


# The coach's review: a card named in words, and why a costly decision cost.
REVIEW_CARD_WORDS = card_words
REVIEW_WHY = review_why


def event_sentence(context: Mapping[str, Any]) -> Any:
    """Words a log event for a returning player's catch-up (games.presence.at_the_table)."""
    return tarot.df_sentence


OPTION_LABELS = {
    "dan_assist": _("Dan assist"),
    "pick_seconds": _("Pick window (seconds)"),
    "sets": _("Sets"),
    "turn_seconds": _("Seconds per turn (0: no clock)"),
    "time_bank": _("Time bank per seat and set (seconds)"),
    "auto_pass": _("Players pass automatically at first"),
}
OPTION_HELP = {
    "dan_assist": _(
        "Dan is offered only when your 11 cards win, so a false Dan (−500, the game "
        "replayed) cannot happen. Off, Dan is offered after every draw of yours and you judge "
        "your hand yourself."
    ),
    "sets": _("A set is one game started by each player (4 games at a table of 4)."),
}
# A casual table from the lobby: its people start with "pass automatically" on (every bot
# discard would otherwise wait the whole pick window), never on a discard that wins.
LOBBY_INITIAL = {"auto_pass": True}


def starting_settings(options: dict[str, Any]) -> list[dict[str, Any]]:
    """The settings each seat a person holds takes as a game starts (``services.start``)."""
    return [{"type": "auto_pass", "on": True}] if options.get("auto_pass") else []


# A turn-based seat's standing answer to pick windows (dragonformula.rules.standing), as its
# buttons say them.
STANDING_LABELS = {
    "ask": _("Always ask me"),
    "pass_unless_dan": _("Pass unless I can Dan"),
    "pass_unless_meld": _("Pass unless it completes a meld"),
}


def notice_kind(view: dict[str, Any]) -> str:
    """What a turn-based seat's e-mail says it is waited for (``games.turns.notices``): a
    Pick window, or its move."""
    return "pick" if view.get("window") is not None else "your_move"


def standing_answers(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat's standing answers as buttons: each one's action, label and whether it is
    the seat's choice now."""
    return [
        {
            "json": json.dumps({"type": "standing_answer", "answer": answer}),
            "label": label,
            "on": view.get("standing_answer") == answer,
        }
        for answer, label in STANDING_LABELS.items()
    ]


ELEMENT_NAMES = {"fire": _("Fire"), "water": _("Water"), "air": _("Air"), "earth": _("Earth")}
ELEMENT_WORDS = Words(ELEMENT_NAMES)  # in the language the table is rendered in
# A seat's own suit, the suit of its element (its melds in it earn bonuses).
OWN_SUIT_NAMES = {
    "fire": _("Wands"),
    "water": _("Cups"),
    "air": _("Swords"),
    "earth": _("Pentacles"),
}
OWN_SUIT_WORDS = Words(OWN_SUIT_NAMES)
# Where the other seats sit, from the viewer's place, in turn order (the next seat is on the left).
POSITIONS = {1: ["opposite"], 2: ["left", "right"], 3: ["left", "opposite", "right"]}
HAND_ACTIONS = ("discard", "discard_major")
BUTTON_LABELS = {
    "draw": _("Draw"),
    "dan": _("Dan!"),
    "pick": _("Pick"),
    "pass": _("Pass"),
    "pick_and_dan": _("Pick and Dan!"),
    "next_game": _("Next game"),
}


def action_from_post(post: Any) -> dict[str, Any]:
    """Dragon Formula's actions are posted whole (``action``); a bare ``type`` is a button."""
    action: dict[str, Any] = {"type": post["type"]}
    if post.get("card"):
        action["card"] = post["card"]
    return action


@lru_cache(maxsize=128)  # the deck has 78 cards
def face(code: str) -> Mapping[str, Any]:
    """The card's face as the templates read it: one read-only copy per card, shared by
    every render (copying the seed's record each time cost a tenth of a table's render)."""
    return MappingProxyType(card_info(code))


def present(view: dict[str, Any], seat: int | None, context: dict[str, Any]) -> dict[str, Any]:
    names = context["names"]
    players = view["players"]
    me = seat if seat is not None else 0
    window = view["window"]
    waiting = set(view["waiting_for"])
    timing = view["clock"]
    remaining = context.get("remaining")
    element_names = ELEMENT_WORDS.worded()
    suit_names = OWN_SUIT_WORDS.worded()

    rows = _discard_rows(view, context)

    def seat_summary(number: int, position: str) -> dict[str, Any]:
        element = view["elements"][number]
        return {
            "seat": number,
            "position": position,
            "name": names[number],
            "element": element,
            "element_name": element_names.get(element, element),
            "own_suit": OWN_SUIT[element],
            "own_suit_name": suit_names.get(element, element),
            "is_starter": number == view["starter"],
            "is_you": number == seat,
            "hand_size": view["hand_sizes"][number],
            "set_points": view["set_points"][number],
            "discards": rows[number],
            "turn": number == view["turn"] and view["phase"] != "window",
            "waiting": number in waiting,
            "answered": window is not None and number in window["answered"],
            # The turn clock runs on this seat: seconds left, and whether into the bank.
            "clock": round(remaining)
            if timing["seat"] == number and remaining is not None
            else None,
            "on_bank": timing["seat"] == number
            and remaining is not None
            and remaining <= timing["banks"][number],
            "presence": presence_of(context, number),
        }

    others = [
        seat_summary(number, position)
        for number, position in zip(seats_after(me, players), POSITIONS[players - 1], strict=True)
    ]
    legal = view["legal_actions"]
    by_card = {a["card"]: json.dumps(a) for a in legal if a["type"] in HAND_ACTIONS}
    buttons = [
        {"json": json.dumps(a), "type": a["type"], "label": BUTTON_LABELS[a["type"]]}
        for a in legal
        if a["type"] in BUTTON_LABELS
    ]
    setting = next((a for a in legal if a["type"] == "auto_pass"), None)
    turn_based = context["table"].is_turn_based
    if turn_based:
        setting = None  # a turn-based table's seats answer by their standing answers instead
    seat_hints = hints.seat_hints(view, names, think=False) if context.get("hints_on") else None
    drawn = (seat_hints or {}).get("drawn") and seat_hints["drawn"]["code"]
    return {
        "df": {
            "others": others,
            "you": seat_summary(me, "you") if seat is not None else None,
            "spectating_seat": None if seat is not None else seat_summary(me, "you"),
            # Each card's code (its face is the card's, tarot.df_hand) and its discard's action.
            # ``drawn``: the card the seat has just drawn, marked when its hints are on.
            "hand": [
                {"code": code, "action": by_card.get(code), "drawn": code == drawn}
                for code in view["hand"]
            ],
            "hand_action": next((a["type"] for a in legal if a["type"] in HAND_ACTIONS), None),
            "buttons": buttons,
            # The seat's own "pass automatically" switch (its state is shown to it alone).
            "auto_pass": None
            if setting is None
            else {"json": json.dumps(setting), "on": bool(view.get("auto_pass"))},
            "standing": standing_answers(view) if turn_based and seat is not None else None,
            "window": None
            if window is None
            else {
                **window,
                "face": face(window["card"]),
                "discarder_name": names[window["discarder"]],
                "answered_names": [names[s] for s in window["answered"]],
                "own": window["discarder"] == seat,
                "answered_by_you": seat is not None and seat in window["answered"],
            },
            "turn_name": names[view["turn"]] if view["turn"] is not None else "",
            "your_turn": view["turn"] == seat,
            "watching": seat is None,
            "events": list(reversed(view["events"][-tarot.LOG_SHOWN :])),
            "standings": [
                {
                    "name": names[n],
                    "set_points": view["set_points"][n],
                    "total_points": view["total_points"][n],
                    "victory_points": view["victory_points"][n],
                }
                for n in range(players)
            ],
            "outcome": view["outcome"],
            "where": game_in_match(view),
            "result_screen": _result_screen(view, names, legal),
            "clock": {
                **timing,
                "mine": seat is not None and timing["seat"] == seat,
                "bank": timing["banks"][seat] if seat is not None else None,
                # A bot plays for the viewer, whose clock ran out: their way back to the
                # seat is the table page (opening it gives the seat back).
                "away": _out_of_time(context),
                "back": _table_page(context) if _out_of_time(context) else None,
            },
            "match_end": _match_end(view, names),
            # The seat's hints, when its player has them on (from its view alone).
            "hints": seat_hints,
        }
    }


DISCARD_ROWS = "df-discard-rows"  # where a snapshot's shared regions keep its rows of discards


def _discard_rows(view: dict[str, Any], context: Mapping[str, Any]) -> list[list[dict[str, Any]]]:
    """Each seat's discards: each one's code (its face is the card's,
    ``df_seats.discards_row``) and whether it is the one the others may still pick. The
    discards are public, the same in every seat's view: made once for all the viewers of
    the table as read (its snapshot), not once per viewer."""
    snapshot = context.get("snapshot")
    shared = snapshot.shared_regions("") if snapshot is not None else {}
    rows = shared.get(DISCARD_ROWS)
    if rows is None:
        live = view["live"]
        rows = shared[DISCARD_ROWS] = [
            [
                {
                    "code": code,
                    "live": live is not None
                    and live["seat"] == number
                    and index == len(discards) - 1
                    and live["card"] == code,
                }
                for index, code in enumerate(discards)
            ]
            for number, discards in enumerate(view["discards"])
        ]
    return rows


def game_in_match(view: dict[str, Any]) -> dict[str, int]:
    """Which game of its set, and which set of the match, the table is at: while a game's
    result is shown, the game that has just ended (not the one to come)."""
    last = view["last_game"]
    if view["phase"] in ("result", "over") and last is not None:
        where = {"set": last["set"], "game": last["game"]}
    else:
        where = {"set": view["set"], "game": view["game_in_set"]}
    return {**where, "games": view["players"], "sets": view["sets"]}


def _out_of_time(context: Mapping[str, Any]) -> bool:
    """Whether a bot holds the viewer's seat because their clock ran out (``games.presence.away``)."""
    stand_in = context.get("stand_in_for_you")
    return stand_in is not None and stand_in.reason == StandIn.Reason.OUT_OF_TIME


def _table_page(context: Mapping[str, Any]) -> str:
    return reverse("dragonformula:table", args=[context["table"].code])


def _result_screen(
    view: dict[str, Any], names: list[str], legal: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The screen between games (and at the match's end): how the last game ended, every
    hand (shown to all once a game is over, RULES §1.5), the set's table, who is ready."""
    last = view["last_game"]
    if last is None or (view["phase"] != "result" and not view["finished"]):
        return None
    winning = last.get("winning_card")
    reading = last.get("reading") or {}
    groups = [
        *([(_("Head"), reading["head"])] if reading.get("head") else []),
        *((_("Meld"), meld) for meld in reading.get("melds", [])),
        *([(_("Majors"), reading["majors"])] if reading.get("majors") else []),
    ]
    winner, offender = last.get("winner"), last.get("offender")
    hands = last.get("hands") or []
    elements = _set_of(view, last["set"])[0]
    return {
        **last,
        "winner_name": names[winner] if winner is not None else "",
        "offender_name": names[offender] if offender is not None else "",
        "from_name": names[last["from"]] if last.get("from") is not None else "",
        "winning_face": face(winning) if winning else None,
        "groups": [
            (label, [{"code": c, "winning": c == winning} for c in codes])
            for label, codes in groups
        ],
        "false_dan_cards": last.get("cards") if last["result"] == "false_dan" else [],
        "hands": [
            {
                "name": names[number],
                "element": elements[number],
                "element_name": ELEMENT_WORDS.worded().get(elements[number], elements[number]),
                "won": number == winner,
                "cards": [{"code": c, "winning": c == winning} for c in hand],
            }
            for number, hand in enumerate(hands)
        ],
        "set_table": _set_table(view, names, last["set"]),
        "next_game": next((json.dumps(a) for a in legal if a["type"] == "next_game"), None),
        "waiting_names": [names[s] for s in view["waiting_for"]]
        if view["phase"] == "result"
        else [],
    }


def _set_of(view: dict[str, Any], number: int) -> tuple[list[str], list[int]]:
    """Set ``number``'s elements and points (a finished set's record, or the running set)."""
    done = next((record for record in view["finished_sets"] if record["set"] == number), None)
    if done is not None:
        return done["elements"], done["points"]
    return view["elements"], view["set_points"]


def _set_table(view: dict[str, Any], names: list[str], number: int) -> dict[str, Any]:
    """Set ``number``'s table: each game's points per seat, the set points and the
    victory points so far."""
    games = [g for g in view["games"] if g["set"] == number]
    points = _set_of(view, number)[1]
    rows = [
        {
            "name": names[seat],
            "games": [g["points"] if g["seat"] == seat else 0 for g in games],
            "set_points": points[seat],
            "victory_points": view["victory_points"][seat],
        }
        for seat in range(view["players"])
    ]
    return {"set": number, "games": games, "rows": rows}


def _match_end(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """The final placings: victory points, points over all sets and games won."""
    outcome = view["outcome"]
    if outcome is None:
        return None
    won = [0] * view["players"]
    for record in view["games"]:
        if record["result"] == "win":
            won[record["seat"]] += 1
    return {
        "placings": [
            {**placing, "name": names[placing["seat"]], "games_won": won[placing["seat"]]}
            for placing in outcome["placings"]
        ]
    }
