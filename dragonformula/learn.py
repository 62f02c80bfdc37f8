"""Dragon Formula's learning pages (its ``learn`` hook, ``games.learn``): what the cheat
sheet shows, at every table and on its printable page; and the guided first game."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from dragonformula.presenters import ELEMENT_NAMES, OWN_SUIT_NAMES
from dragonformula.rulebook import bonus_table, hand_table, sephiroth
from dragonformula.rules.cards import ALL_CARDS, OWN_SUIT, card_info
from dragonformula.rules.score_table import scoring_table
from dragonformula.rules.tree import MAJORS_OF_CLASS, derived_majors
from games.learn.steps import Guide, Step


def cheat_sheet_context() -> dict[str, Any]:
    """The winning hands, which majors belong to which sephira, the bonuses, the
    multipliers (the calls and the table's marks are worded in the template)."""
    hands = hand_table()
    return {
        "special_hands": hands["special"],
        "sephira_majors": [
            {
                "number": entry["number"],
                "info": entry,
                "majors": [card_info(code) for code in derived_majors(entry["number"])],
            }
            for entry in sephiroth()
        ],
        "bonuses": bonus_table(),
        "multipliers": scoring_table()["multipliers"],
        "suits": [
            {"code": OWN_SUIT[element], "name": OWN_SUIT_NAMES[element], "element": name}
            for element, name in ELEMENT_NAMES.items()
        ],
        "zodiacal_majors": [card_info(code) for code in MAJORS_OF_CLASS["zodiacal"]],
    }


# --- the guided first game ------------------------------------------------------------
#
# You (Fire, seat 0, own suit Wands) against one smart bot. Your ten cards already hold the
# head of Geburah (5): W5 C5 S5, the series W1 W2 W3, C7 C8 and the major M7 (derived from
# 5), with M20 to give back. You draw P10 and discard it; the bot discards C9, which you
# Pick (C7 C8 C9), giving back M20; the bot then discards M12 (derived from 5) and you
# win with Pick-and-Dan. The smart bot's choices are fixed by the deal (worked out with
# the engine; tests/browser/test_guided_first_game.py plays it through).
YOUR_HAND = ["W5", "C5", "S5", "W1", "W2", "W3", "C7", "C8", "M7", "M20"]
BOT_HAND = ["P1", "P2", "P3", "P7", "SP", "SN", "SQ", "CK", "PK", "C9"]
PILE_TOP = ["P10", "S7", "M12"]  # your draw, then the bot's two draws
GIVE_BACK = "M20"
MELD_CARD = "C9"
WINNING_MAJORS = ("M8", "M11", "M12")  # the majors derived from 5 you do not hold


def _guided_deal() -> dict[str, Any]:
    taken = {*YOUR_HAND, *BOT_HAND, *PILE_TOP}
    rest = [code for code in ALL_CARDS if code not in taken]
    return {"hands": [YOUR_HAND, BOT_HAND], "pile": [*PILE_TOP, *rest]}


STEPS = 8


def guided_step(view: dict[str, Any]) -> Step | None:
    """The step your seat's view has reached (seat 0 of the guided table)."""
    seat, phase, hand = view["seat"], view["phase"], view["hand"]
    window = view["window"]
    asked = window is not None and window["your_answer"] is None and seat in window["asked"]
    last = view["last_game"]
    if last is not None and last.get("winner") == seat:
        return Step(
            "done",
            STEPS,
            STEPS,
            _("You won: Geburah, the sephirot hand of 5. That is Dragon Formula."),
            _(
                "Head W5 C5 S5, the series W1 W2 W3 (your own suit: a bonus) and C7 C8 C9, "
                "and M7 and M12, both derived from 5. You know enough to play a real game."
            ),
            done=True,
        )
    if last is not None or view["finished"]:
        return Step(
            "over",
            STEPS,
            STEPS,
            _("This guided game went another way. Start it again to see every step."),
            done=True,
        )
    if phase == "draw" and view["turn"] == seat and len(hand) == 10 and not view["discards"][seat]:
        return Step(
            "draw",
            1,
            STEPS,
            _("Press Draw to take the top card of the pile."),
            _(
                "Your goal: 11 cards that win. You hold a head (W5 C5 S5: three 5s), a series "
                "(W1 W2 W3), C7 C8 and M7, a major derived from 5. Each turn you draw, then "
                "discard."
            ),
            expects=({"type": "draw"},),
        )
    if phase == "discard" and view["turn"] == seat:
        return Step(
            "discard",
            2,
            STEPS,
            _("Discard P10: tap it, then tap it again."),
            _("P10 fits nothing in your hand. A discard goes face up: the others may take it."),
            expects=({"type": "discard", "card": "P10"},),
        )
    if asked and window["card"] == MELD_CARD:
        return Step(
            "pick",
            4,
            STEPS,
            _("Press Pick to take C9."),
            _(
                "C9 completes the series C7 C8 C9. You may Pick another's discard when you "
                "hold a major; you then give a major back."
            ),
            expects=({"type": "pick"},),
        )
    if phase == "pick_discard" and MELD_CARD in hand:
        return Step(
            "give_back",
            5,
            STEPS,
            _("Discard M20: tap it, then tap it again."),
            _(
                "After a Pick you discard a major. M20 is not derived from 5, so it does "
                "nothing for you; M7 is, so keep it."
            ),
            expects=(
                {"type": "discard_major", "card": GIVE_BACK},
                {"type": "discard", "card": GIVE_BACK},
            ),
        )
    if asked and window["card"] in WINNING_MAJORS:
        return Step(
            "pick_and_dan",
            7,
            STEPS,
            _("Press Pick and Dan to take %(card)s and win.") % {"card": window["card"]},
            _(
                "%(card)s is derived from 5: with it your 11 cards are a winning hand. "
                "Pick-and-Dan takes another's discard and wins at once."
            )
            % {"card": window["card"]},
            expects=({"type": "pick_and_dan"},),
        )
    if MELD_CARD in hand:
        return Step(
            "wait_win",
            6,
            STEPS,
            _("Wait for the bot's next discard."),
            _(
                "You hold the head, two series and M7: one more major derived from 5 (M8, "
                "M11 or M12) wins. Pass on anything else."
            ),
        )
    return Step(
        "wait_bot",
        3,
        STEPS,
        _("Wait: the bot draws and discards."),
        _(
            "After every discard each other player may Pick it or Pass. The bot's discard "
            "shows, lit, on its seat."
        ),
    )


GUIDED = Guide(
    players=2,
    bot_level="smart",
    # No turn clock and the longest pick window: a first game is read, not raced.
    options={"turn_seconds": 0, "pick_seconds": 120, "auto_pass": False},
    stacking={"deals": [_guided_deal()], "fire_seats": [0]},
    seed=30,
    step=guided_step,
    bot_pace="relaxed",
)
