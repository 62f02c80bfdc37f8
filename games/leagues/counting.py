"""What counts in a league: the one definition every figure reads.

A result counts when it is not void and complete (a set once every player has started a
game; any other result once recorded). The standings' figures (victory points, results
played, wins, points, and with them tonight's table, the projector, the CSV and the printed
standings) count the platform's generic result lines of every game, filtered with
:func:`counted_lines`. A game's own figures (Dragon Formula's Best hand and games won, the
member pages) and the ratings filter its own results with :func:`counted`. Read through a
relation with :func:`through`; a void result counts in none of them.
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


def counted_lines(league: Any = None, night: Any = None) -> dict[str, Any]:
    """Filter arguments on the platform's ``Result`` (every game's, ``result_lines``) that
    counts: not void, complete; of ``league`` and of the club ``night`` when given."""
    fields: dict[str, Any] = {"voided_at": None, "complete": True}
    if league is not None:
        fields["match__league"] = league
    if night is not None:
        fields["match__club_night"] = night
    return fields


def through(prefix: str, fields: dict[str, Any]) -> Q:
    """:func:`counted` read through a relation to the result (``set_lines__set`` …)."""
    return Q(**{f"{prefix}__{key}": value for key, value in fields.items()})
