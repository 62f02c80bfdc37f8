"""Refusals in the player's language.

The engines raise ``IllegalAction`` with a plain English ``message``, a stable ``code``
and ``params`` (``games/engine.py``): the rules packages cannot use Django's gettext.
The web layer shows :func:`refusal_text` instead: a message the engines write as a
constant is looked up in the catalogues as it is (listed below so that makemessages
finds it); a message that names a card or a number gets the template of its code,
filled from ``params``; a card the engine named (``card_ja``/``card_en``, DragSaga's sets
are data) is shown by its name in the active language, never by its id. Anything else (a new message not listed yet) stays English;
``tests/web/test_refusals.py`` fails until it is listed.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from games.engine import IllegalAction
from games.templatetags.bilingual import pick

# Every constant message of dragonformula.rules and dragsaga.rules.
MESSAGES = frozenset(
    (
        gettext_noop("An action needs a type."),
        gettext_noop("The match is over."),
        gettext_noop("Only a seated player can do that."),
        gettext_noop("Wait for the pick window to close."),
        gettext_noop("It is not your turn."),
        gettext_noop("There is no discard to pick now."),
        gettext_noop("You cannot pick your own discard."),
        gettext_noop("You have already answered this discard."),
        gettext_noop("The pick window has closed."),
        gettext_noop("The next game is already under way."),
        gettext_noop("You are ready already; the others are still reading."),
        gettext_noop("The next game has not started yet."),
        gettext_noop("Say whether to pass automatically (on or off)."),
        gettext_noop("You are at the table already."),
        gettext_noop("Nothing is due yet."),
        gettext_noop("Nothing is due from that seat."),
        gettext_noop("That is not one of the standing answers offered."),
        gettext_noop("You have already drawn."),
        gettext_noop("Dan is declared right after your own draw."),
        gettext_noop("Draw a card first."),
        gettext_noop("Discard any card: you have not picked."),
        gettext_noop("You hold no major arcana to pick with."),
        gettext_noop("That discard does not complete a winning hand."),
        gettext_noop("Your hand does not win yet."),
        gettext_noop("After a pick you must discard a major arcana."),
        gettext_noop("You may not discard the card you just picked."),
        gettext_noop("An action is an object with a 'type'."),
        gettext_noop("The game is over."),
        gettext_noop("That seat is not at this table."),
        gettext_noop("The divine dragons have already been chosen."),
        gettext_noop("You have already chosen your divine dragon."),
        gettext_noop("Cards are placed only at the start of a round."),
        gettext_noop("You have already placed your cards this round."),
        gettext_noop("Place exactly two cards from your hand."),
        gettext_noop("Place two different cards."),
        gettext_noop("In round 1 everyone targets their left neighbour."),
        gettext_noop("Choose another player as your target."),
        gettext_noop("This can only be done during the turns of a round."),
        gettext_noop("Wait until the players hit by the attack have answered."),
        gettext_noop("Guards can only be flipped against an attack on another player's turn."),
        gettext_noop("There is no attack to guard against now."),
        gettext_noop("This attack does not ask you for a guard."),
        gettext_noop("You have already answered this attack."),
        gettext_noop("Attacks can only be flipped on your own turn."),
        gettext_noop("Only the round's last player may change target."),
        gettext_noop("Targets cannot be changed in round 1."),
        gettext_noop("With two players there is no other target."),
        gettext_noop("The target has already been changed this round."),
        gettext_noop("The target can only be changed before your first flip."),
        gettext_noop("Choose a different target."),
        gettext_noop("You have flipped a card; end your turn instead."),
        gettext_noop("You have flipped nothing; pass instead."),
        gettext_noop("That is not an action of this game."),  # games.engine.check_action
    )
)

# Messages that carry a value, by code: used when ``params`` has every name they need.
TEMPLATES = {
    "unknown_action": gettext_noop("Unknown action %(action)s."),
    "bad_card": gettext_noop("%(card)s is not a card code."),
    "card_not_in_hand": gettext_noop("You do not hold %(card)s."),
    "card_not_placed": gettext_noop("%(card)s is not one of your placed cards."),
    "already_flipped": gettext_noop("%(card)s is already face up."),
    "flip_limit": gettext_noop(
        "Flipping %(card)s would bring this round's flips to cost %(total)s; the limit is "
        "%(limit)s."
    ),
    "guard_does_not_block": gettext_noop("%(card)s does not block this attack."),
    "not_a_divine_dragon": gettext_noop("That is not one of your three divine dragon cards."),
    "malformed_action": gettext_noop("That action is malformed."),
}


def refusal_text(error: IllegalAction) -> str:
    """The refusal's message in the active language."""
    if error.message in MESSAGES:
        return gettext(error.message)
    template = TEMPLATES.get(error.code)
    if template is not None:
        params = dict(error.params)
        if pick(params, "card"):
            params["card"] = pick(params, "card")
        try:
            return gettext(template) % params
        except (KeyError, TypeError, ValueError):
            pass
    return error.message
