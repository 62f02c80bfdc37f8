"""Dragon Formula's refusals in the player's language (its ``refusals_path``,
``games.contract.Refusals``): every constant message of ``dragonformula.rules``, and by code
those that name a card. The platform's own few (a turn, a seat, no action) are
``games.tables.refusals``'."""

from django.utils.translation import gettext_noop

MESSAGES = frozenset(
    (
        gettext_noop("An action needs a type."),
        gettext_noop("The match is over."),
        gettext_noop("Only a seated player can do that."),
        gettext_noop("Wait for the pick window to close."),
        gettext_noop("There is no discard to pick now."),
        gettext_noop("You cannot pick your own discard."),
        gettext_noop("You have already answered this discard."),
        gettext_noop("The pick window has closed."),
        gettext_noop("The next game is already under way."),
        gettext_noop("You are ready already; the others are still reading."),
        gettext_noop("The next game has not started yet."),
        gettext_noop("Say whether to pass automatically (on or off)."),
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
    )
)

TEMPLATES = {
    "bad_card": gettext_noop("%(card)s is not a card code."),
}
