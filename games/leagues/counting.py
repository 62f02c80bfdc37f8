"""What counts in a league: the one definition every figure reads.

A result (a set, a game: its game's ``RESULT_MODEL``) counts when it is not void
and, for sets, complete. The standings, tonight's table and the projector, Wins, Best hand,
the member page, the ratings, the CSV and the printed standings all filter with
:func:`counted` (read through a relation with :func:`through`), so a void result counts in
none of them.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from games.leagues import results


def counted(game: str, league: Any = None, night: Any = None) -> dict[str, Any]:
    """Filter arguments on a result of ``game`` that counts: not void, and complete when the
    game's results complete (a set, ``results.completes``); of ``league`` and of the club
    ``night`` when given."""
    fields: dict[str, Any] = {"voided_at": None}
    if results.completes(game):
        fields["complete"] = True
    if league is not None:
        fields["match__league"] = league
    if night is not None:
        fields["match__club_night"] = night
    return fields


def through(prefix: str, fields: dict[str, Any]) -> Q:
    """:func:`counted` read through a relation to the result (``set_lines__set`` …)."""
    return Q(**{f"{prefix}__{key}": value for key, value in fields.items()})
