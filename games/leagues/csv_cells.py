"""CSV exports that a spreadsheet cannot be tricked by (OWASP, "CSV Injection").

A text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is
read by spreadsheets as a formula (``=HYPERLINK(...)`` in a guest's name); such a cell
gets a leading apostrophe, so it shows as the text it is. Numbers stay numbers: an
``int`` or ``float``, or text that is a plain number such as ``-100`` or ``2.50``.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def safe_cell(value: Any) -> Any:
    """``value`` as a cell no spreadsheet runs."""
    if not isinstance(value, str) or _PLAIN_NUMBER.fullmatch(value):
        return value
    return "'" + value if value.startswith(FORMULA_STARTS) else value


class SafeWriter:
    """``csv.writer`` whose every row goes through :func:`safe_cell`."""

    def __init__(self, stream: Any) -> None:
        self._writer = csv.writer(stream)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([safe_cell(value) for value in row])


def yes_no(value: Any) -> str:
    """A yes-or-no cell, in the reader's language."""
    return _("yes") if value else _("no")


def csv_response(filename: str) -> tuple[HttpResponse, SafeWriter]:
    """A CSV download named ``filename`` and its writer: UTF-8 with a BOM (so spreadsheets
    read Japanese names right), no cell a spreadsheet would run as a formula."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    return response, SafeWriter(response)
