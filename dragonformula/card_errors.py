"""Card-code mistakes in the reader's language (calculator, keeper form, df_hand).

``dragonformula.rules`` raises :class:`~dragonformula.rules.CardError` with plain
English text, a stable ``code`` and ``params``; this module is the Django side that
turns the code into a catalogue message. Any other ``ValueError`` is shown as it is.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from dragonformula.rules import CardError

TEMPLATES: dict[str, str] = {
    "unknown_card_code": gettext_noop("%(code)s is not a card code (for example W3, C10 or M7)."),
    "card_given_twice": gettext_noop("%(code)s is given twice."),
    "wrong_card_count": gettext_noop("Give %(count)d cards; you gave %(given)d."),
    "not_card_codes": gettext_noop("Type card codes such as W3, C10 or M7."),
    "genius_with_surprise": gettext_noop(
        "Genius (a Dan after a draw) and Surprise (a Pick-and-Dan) cannot both apply to one win."
    ),
    "unknown_element": gettext_noop("%(element)s is not an element (fire, water, air or earth)."),
}


def card_error_text(error: Exception) -> str:
    """The message of a card-code ``error`` in the active language."""
    template = TEMPLATES.get(error.code) if isinstance(error, CardError) else None
    if template is None:
        return str(error)
    try:
        return gettext(template) % error.params
    except (KeyError, TypeError, ValueError):
        return str(error)
