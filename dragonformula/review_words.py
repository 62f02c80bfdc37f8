"""What the coach's review says of a Dragon Formula decision, in the page's language: the
cards by their names ("S3 Three of Swords") and one sentence of why, from how near a win
the seat's choice and the coach's left the hand (:func:`dragonformula.rules.coach.weigh`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import ngettext

from dragonformula.hints import hand_words
from dragonformula.rules.advice import Standing
from dragonformula.rules.cards import card_name
from games.templatetags.bilingual import language_suffix


def card_words(code: str) -> str:
    """A card as the review names it: its code and its name ("S3 Three of Swords")."""
    try:
        return f"{code} {card_name(code, language_suffix())}"
    except ValueError:
        return code


def review_why(decision: dict[str, Any]) -> str | None:
    """One sentence of why the coach's choice was better (``None`` for a review stored
    before the coach said why)."""
    why = decision.get("why")
    if not isinstance(why, dict):
        return None
    lang = language_suffix()
    yours, coach = Standing(**why["yours"]), Standing(**why["coach"])
    words = {
        "yours": yours.away,
        "coach": coach.away,
        "hand": hand_words(yours, lang),
        "coach_hand": hand_words(coach, lang),
    }
    if coach.away < yours.away:
        return (
            ngettext(
                "Yours left you %(yours)d card from %(hand)s; the coach's, %(coach)d from "
                "%(coach_hand)s.",
                "Yours left you %(yours)d cards from %(hand)s; the coach's, %(coach)d from "
                "%(coach_hand)s.",
                yours.away,
            )
            % words
        )
    if coach.away == yours.away == 1 and coach.waiting_on != yours.waiting_on:
        words.update(waiting=yours.waiting_on, coach_waiting=coach.waiting_on)
        return (
            ngettext(
                "Yours left you waiting on %(waiting)d card that wins; the coach's on "
                "%(coach_waiting)d.",
                "Yours left you waiting on %(waiting)d cards that win; the coach's on "
                "%(coach_waiting)d.",
                yours.waiting_on,
            )
            % words
        )
    return (
        ngettext(
            "Yours left you %(yours)d card from %(hand)s (the coach's, %(coach)d), but the "
            "coach's won more often in its play-outs, with the others' hands and the cards to come.",
            "Yours left you %(yours)d cards from %(hand)s (the coach's, %(coach)d), but the "
            "coach's won more often in its play-outs, with the others' hands and the cards to come.",
            yours.away,
        )
        % words
    )
