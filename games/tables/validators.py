"""What a posted value may hold: numbers and ids in plain ASCII digits, names without
control characters.

``str.isdigit``, ``int`` and ``float`` all read "٣" as 3 (and ``isdigit`` takes "²", which
``int`` then refuses): a form field that takes an id uses :func:`posted_id` or
:class:`IdChoiceField`, and every numeric form field is a :class:`DigitsIntegerField` or a
:class:`DigitsFloatField` (``pick_seconds=١٢`` is "enter the number in the digits 0-9"), all
of which take ASCII digits only. A name (a guest's, a league player's, a visitor's, a league's,
a club night's venue) goes through :func:`plain_name`: no control character (NUL, escape,
a line break) and no invisible formatting character such as the right-to-left override
U+202E, which would turn the text after it around on every screen that shows it.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

MAX_ID_DIGITS = 18  # a primary key fits in 64 bits
_ASCII_NUMBER = re.compile(r"[0-9]+")
ASCII_DIGITS_MESSAGE = _("Enter the number in the digits 0-9.")
# Formatting characters a name may keep: the zero-width joiner and non-joiner, which some
# scripts and every family or flag emoji need. Every other one (bidirectional overrides and
# isolates, marks, the byte-order mark) is invisible and can only mislead.
_KEPT_FORMATS = frozenset("\u200c\u200d")


def is_ascii_number(raw: Any, digits: int = MAX_ID_DIGITS) -> bool:
    """Whether ``raw`` is a whole number written as forms post it: ASCII digits only."""
    return isinstance(raw, str) and _ASCII_NUMBER.fullmatch(raw) is not None and len(raw) <= digits


def posted_id(raw: Any) -> int | None:
    """The id posted as ``raw`` (ASCII digits), or ``None`` for anything else."""
    return int(raw) if is_ascii_number(raw) else None


class IdChoiceField(forms.ModelChoiceField):
    """A choice of one row by its id, posted in ASCII digits (else "not one of the choices")."""

    def to_python(self, value: Any) -> Any:
        if value in self.empty_values:
            return None
        if not is_ascii_number(str(value).strip()):
            raise ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice", params={"value": ""}
            )
        return super().to_python(str(value).strip())


def _ascii_only(value: Any) -> None:
    """Refuse a posted number written with other digits than ASCII's (Arabic-Indic,
    full-width, superscript...); anything else that is no number is Django's to refuse."""
    if isinstance(value, str) and any(char.isnumeric() and not char.isascii() for char in value):
        raise ValidationError(ASCII_DIGITS_MESSAGE, code="ascii_digits")


class DigitsIntegerField(forms.IntegerField):
    """A whole number, as Django's ``IntegerField``, written in ASCII digits only."""

    def to_python(self, value: Any) -> int | None:
        _ascii_only(value)
        return super().to_python(value)


class DigitsFloatField(forms.FloatField):
    """A number, as Django's ``FloatField``, written in ASCII digits only."""

    def to_python(self, value: Any) -> float | None:
        _ascii_only(value)
        return super().to_python(value)


class DigitsDecimalField(forms.DecimalField):
    """A decimal, as Django's ``DecimalField``, written in ASCII digits only."""

    def to_python(self, value: Any) -> Any:
        _ascii_only(value)
        return super().to_python(value)


def hidden_character(text: str) -> str | None:
    """The first control or invisible formatting character in ``text``, if any."""
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Co", "Zl", "Zp") or (
            category == "Cf" and char not in _KEPT_FORMATS
        ):
            return char
    return None


def plain_name(value: Any) -> None:
    """Refuse a name holding a control or invisible formatting character (a validator)."""
    char = hidden_character(str(value))
    if char is not None:
        raise ValidationError(
            _(
                "A name may not contain control characters or invisible text-direction marks "
                "(found %(code)s). Please type it again."
            ),
            code="hidden_character",
            params={"code": f"U+{ord(char):04X}"},
        )


_ASCII_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class PostedDateField(forms.DateField):
    """A date as a date input posts it: ``YYYY-MM-DD`` in ASCII digits ("٢٠٢٦-05-01" and
    "２０２６-05-01" are refused, not read as 2026)."""

    widget = forms.DateInput(attrs={"type": "date"})

    def to_python(self, value: Any) -> Any:
        if value in self.empty_values:
            return None
        if isinstance(value, str) and not _ASCII_DATE.fullmatch(value.strip()):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)
