"""The admin's forms take numbers in ASCII digits only, like every other form of the club
(``games.tables.validators``): :class:`DigitsOnly` goes first in the bases of every admin
class and inline that edits rows."""

from __future__ import annotations

from typing import Any, ClassVar

from django.db import models

from games.tables.validators import DigitsDecimalField, DigitsFloatField, DigitsIntegerField


class DigitsOnly:
    """A ModelAdmin or inline mixin: integer, float and decimal model fields get the
    ASCII-digits form fields (Django's own widgets kept)."""

    formfield_overrides: ClassVar[dict[Any, dict[str, Any]]] = {
        models.IntegerField: {"form_class": DigitsIntegerField},
        models.BigIntegerField: {"form_class": DigitsIntegerField},
        models.FloatField: {"form_class": DigitsFloatField},
        models.DecimalField: {"form_class": DigitsDecimalField},
    }
