"""High Card's refusals in the player's language (its ``refusals_path``, a
``games.contract.Refusals``): the messages its engine writes, marked for the catalogue."""

from django.utils.translation import gettext_noop

MESSAGES = frozenset(
    (
        gettext_noop("It is not your turn."),
        gettext_noop("The game is over."),
    )
)
TEMPLATES = {
    "card_not_held": gettext_noop("You do not hold card %(number)s."),
    "unknown_action": gettext_noop("Unknown action %(action)s."),
}
