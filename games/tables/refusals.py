"""Refusals in the player's language.

The engines raise ``IllegalAction`` with a plain English ``message``, a stable ``code``
and ``params`` (``games/engine.py``): the rules packages cannot use Django's gettext.
The web layer shows :func:`refusal_text` instead: a message the engines write as a
constant is looked up in the catalogues as it is (listed, the platform's few below and
each game's in its ``refusals`` part, so that makemessages finds them); a message that
names a card or a number gets the template of its code, filled from ``params``; a card the
engine named (``card_ja``/``card_en``, in a game whose cards are data) is shown by its name
in the active language, never by its id. Anything else (a new message not listed yet) stays
English; ``tests/web/test_refusals.py`` fails until it is listed.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from games.contract import Refusals
from games.contract.refusals import NONE as NO_REFUSALS
from games.engine import IllegalAction
from games.templatetags.bilingual import pick

# The constant messages any game's engine may write (a turn, a seat, no action: the
# platform's own ``check_action``); each game lists its own (``Refusals.MESSAGES``).
MESSAGES = frozenset(
    (
        gettext_noop("It is not your turn."),
        gettext_noop("You are at the table already."),
        gettext_noop("Nothing is due yet."),
        gettext_noop("Nothing is due from that seat."),
        gettext_noop("That seat is not at this table."),
        gettext_noop("That is not an action of this game."),  # games.engine.check_action
    )
)

# Messages that carry a value, by code, that any game may raise; a game's own
# (``Refusals.TEMPLATES``) come first. Used when ``params`` has every name they need.
TEMPLATES = {
    "unknown_action": gettext_noop("Unknown action %(action)s."),
    "card_not_in_hand": gettext_noop("You do not hold %(card)s."),
    "malformed_action": gettext_noop("That action is malformed."),
}


def refusal_text(error: IllegalAction, game: Refusals = NO_REFUSALS) -> str:
    """The refusal's message in the active language: the platform's or the game's
    (``game``, its ``refusals`` part)."""
    if error.message in MESSAGES or error.message in game.MESSAGES:
        return gettext(error.message)
    template = game.TEMPLATES.get(error.code) or TEMPLATES.get(error.code)
    if template is not None:
        params = dict(error.params)
        if pick(params, "card"):
            params["card"] = pick(params, "card")
        try:
            return gettext(template) % params
        except (KeyError, TypeError, ValueError):
            pass
    return error.message
