"""Table options of a Dragon Formula game (the lobby form is built from the defaults)."""

from __future__ import annotations

from typing import Any

MIN_PLAYERS = 2
MAX_PLAYERS = 4


def default_options() -> dict[str, Any]:
    """``dan_assist``: offer Dan only on a winning hand (RULES §1.5, Dan assist);
    ``pick_seconds``: how long a pick window stays open; ``sets``: sets in the match;
    ``turn_seconds``: each turn's clock (0: no clock); ``time_bank``: the seconds each
    seat may spend beyond its turns' clocks in a set (``rules.clock``); ``auto_pass``:
    the people at the table start with "pass automatically" on (the table sets it for
    each seat a person holds as the game starts, never for bots, whose answers are
    their own; the engine's own default is off, as league tables are); ``fire_seat``: the
    seat that is Fire in the first set, when the table was seated with elements already (a
    club night's draw, RULES §1.5.1); ``None`` draws it from the seed, as every later set's."""
    return {
        "dan_assist": True,
        "pick_seconds": 8,
        "sets": 1,
        "turn_seconds": 30,
        "time_bank": 60,
        "auto_pass": False,
        "fire_seat": None,
    }


def validate_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """The defaults updated with ``options``; ``ValueError`` names the first bad one."""
    result = default_options()
    for key, value in (options or {}).items():
        if key not in result:
            raise ValueError(f"Unknown table option: {key!r}")
        if key in ("dan_assist", "auto_pass"):
            if not isinstance(value, bool):
                raise ValueError(f"{key} must be true or false")
        elif key == "pick_seconds":
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not (value == 0 or 1 <= value <= 120)
            ):
                raise ValueError(
                    "pick_seconds must be 0 (the window waits for every answer) or 1 to 120"
                )
        elif key == "turn_seconds" and (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not (value == 0 or 5 <= value <= 300)
        ):
            raise ValueError("turn_seconds must be 0 (no clock) or 5 to 300 seconds")
        elif key == "time_bank" and (
            isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 900
        ):
            raise ValueError("time_bank must be a number of seconds from 0 to 900")
        elif key == "sets" and (
            isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10
        ):
            raise ValueError("sets must be a whole number from 1 to 10")
        elif key == "fire_seat" and not (
            value is None
            or (not isinstance(value, bool) and isinstance(value, int) and 0 <= value < MAX_PLAYERS)
        ):
            raise ValueError(f"fire_seat must be a seat number from 0 to {MAX_PLAYERS - 1}")
        result[key] = value
    return result


def turn_based_options() -> dict[str, Any]:
    """What a turn-based table plays with: no turn clock, no time bank, and pick windows
    that wait for every answer (each seat's move deadline is the platform's, days long)."""
    return {"pick_seconds": 0, "turn_seconds": 0, "time_bank": 0, "auto_pass": False}


def validate_players(players: int, options: dict[str, Any] | None = None) -> None:
    """``players`` is a table's size, and the options' Fire seat (if any) is one of its seats."""
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise ValueError(f"Dragon Formula is played by {MIN_PLAYERS} to {MAX_PLAYERS} players")
    fire_seat = (options or {}).get("fire_seat")
    if fire_seat is not None and fire_seat >= players:
        raise ValueError(f"fire_seat must be a seat number from 0 to {players - 1}")
