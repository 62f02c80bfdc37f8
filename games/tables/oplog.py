"""The operator's log: one line per thing that happened at a table.

The services and the table consumer call these; an operator reads the lines
(``journalctl -u clubtable@*``, ``grep table=12``) to follow a club night:

    action applied table=12 seat=2 action={"card":"W3","type":"discard"} version=41
    action rejected table=12 seat=0 type=pick reason=already_taken version=41
    ws connect table=12 seat=1 user=aiko

Fields are ``key=value``; a value with spaces or quotes is quoted, and line
breaks never get through, so one event is always one line. A value is cut at
:data:`MAX_VALUE_CHARS` (its length noted), so a 2 MB forged POST is one short line. Actions are
written in their card-code notation (compact JSON with sorted keys), as every seat may know them
when they are made (the callers pass ``RegisteredGame.public_action``): a DragSaga placing is
``{"cards":2,"type":"place"}``, never the face-down cards. A refused action is logged by its
type and the reason alone, never its fields: what a refused request carried is whatever its
sender typed (a placing's face-down cards, an extra field, text that is no action at all).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

logger = logging.getLogger("games.oplog")  # the name operators filter on

WS_EVENTS = ("connect", "disconnect")
MAX_VALUE_CHARS = 200


def log_action_applied(
    table: Any, seat: int | None, action: Mapping[str, Any], version: int
) -> None:
    """An action changed the game of ``table``; ``version`` is the state version it produced."""
    _emit("action applied", table, seat, action=_action(action), version=version)


def log_action_rejected(
    table: Any,
    seat: int | None,
    action_type: str,
    reason: str,
    version: int | None = None,
) -> None:
    """An action was refused (illegal, stale version, not seated...) and changed nothing.

    ``action_type``: the refused action's type, one of the game's
    (``RegisteredGame.action_type``), never its fields; ``reason`` is the refusal's stable
    code (or the message the player was shown); ``version`` is the version the client
    claimed to have seen, when known.
    """
    _emit("action rejected", table, seat, type=action_type, reason=reason, version=version)


def log_ws(
    event: str,
    table: Any,
    seat: int | None = None,
    user: Any = None,
    code: int | None = None,
) -> None:
    """A websocket of ``table`` connected or disconnected (``code``: the close code)."""
    if event not in WS_EVENTS:
        raise ValueError(f"websocket event must be one of {WS_EVENTS}, not {event!r}")
    _emit(f"ws {event}", table, seat, user=_user_label(user), code=code)


def _emit(event: str, table: Any, seat: int | None, **fields: Any) -> None:
    logger.info(
        "%s %s", event, _fields(table=_table_label(table), seat=_seat_label(seat), **fields)
    )


def _table_label(table: Any) -> str:
    return str(getattr(table, "pk", table))


def _seat_label(seat: int | None) -> str:
    return "spectator" if seat is None else str(seat)


def _user_label(user: Any) -> str | None:
    if user is None:
        return None
    if getattr(user, "is_authenticated", True) is False:
        return "anonymous"
    get_username = getattr(user, "get_username", None)
    return get_username() if callable(get_username) else str(user)


def _action(action: Mapping[str, Any] | str) -> str:
    if isinstance(action, str):
        return action
    try:
        return json.dumps(dict(action), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(action)


def _fields(**fields: Any) -> str:
    """``key=value`` pairs, skipping ``None``; values quoted when they need it, always one line."""
    return " ".join(f"{key}={_value(value)}" for key, value in fields.items() if value is not None)


def _value(value: Any) -> str:
    raw = str(value)
    if len(raw) > MAX_VALUE_CHARS:  # cut before the split: a huge value costs no more than this
        raw = f"{raw[:MAX_VALUE_CHARS]}…({len(raw)} chars)"
    text = " ".join(raw.split())  # line breaks and runs of blanks become one space
    bare = text != "" and not any(char in text for char in ' "=')
    compact_json = text.startswith("{") and " " not in text
    return text if bare or compact_json else json.dumps(text, ensure_ascii=False)
