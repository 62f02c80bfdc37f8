"""A Dragon Formula match as plain JSON state: creation, legal actions and ``apply``.

The state is a ``dict`` (see :mod:`dragonformula.rules.engine` for the action shapes):

- ``players``, ``seed``, ``options``, ``finished``, ``move`` (actions applied so far);
- the set: ``set_index`` (0-based), ``fire_seat``, ``elements`` (per seat),
  ``games_counted`` (games of the set that count towards the starter rotation),
  ``set_points``; the match: ``total_points``, ``victory_points``, ``sets``
  (finished sets), ``games`` (a score sheet line per finished game);
- the game: ``starter``, ``hands``, ``pile`` (top first), ``discards`` (per seat, newest
  last), ``phase`` (``draw``/``discard``/``window``/``pick_discard``/``over``), ``turn``,
  ``window`` (the open pick window), ``picked_card``, ``draws`` and ``picked_cards`` per
  seat and ``last_drawer`` (the engine's memory for Genius, Surprise, Last Judgement),
  ``events`` (this game's event log) and ``last_game`` (the previous game's result).
"""

from __future__ import annotations

from typing import Any

from dragonformula.rules import between, clock, pick_window, standing, turn
from dragonformula.rules.deal import deal_game, is_card, is_major, sorted_hand, start_set
from dragonformula.rules.options import validate_options, validate_players
from games.engine import TIME_OUT, Action, IllegalAction, State

DRAW = {"type": "draw"}
DAN = {"type": "dan"}


def new_game(players: int, options: dict[str, Any], seed: int, now: float = 0.0) -> State:
    checked = validate_options(options)
    validate_players(players, checked)
    return _start(players, checked, seed, {}, now)


def stacked_game(
    players: int,
    options: dict[str, Any],
    seed: int,
    deals: list[dict[str, Any]],
    fire_seats: list[int] | None = None,
    now: float = 0.0,
) -> State:
    """A match whose first games are dealt from ``deals`` (tests and puzzles only).

    Each deal is ``{"hands": [[10 codes] per seat], "pile": [codes, top first]}``;
    ``fire_seats`` fixes the Fire seat of the first sets. Later games shuffle from ``seed``.
    """
    checked = validate_options(options)
    validate_players(players, checked)
    stacked = {"stacked": [dict(d) for d in deals], "stacked_fire": list(fire_seats or [])}
    return _start(players, checked, seed, stacked, now)


def _start(
    players: int, options: dict[str, Any], seed: int, stacked: dict[str, Any], now: float
) -> State:
    state: State = {
        "game": "dragonformula",
        "players": players,
        "seed": seed,
        "options": options,
        "finished": False,
        "move": 0,
        "set_index": 0,
        "deal_index": 0,
        "total_points": [0] * players,
        "victory_points": [0.0] * players,
        "sets": [],
        "games": [],
        "last_game": None,
        "result": None,
        "clock": None,
        "banks": [float(options["time_bank"])] * players,
        "bank_set": 0,
        "timeouts": [0] * players,
        pick_window.AUTO_PASS: [False] * players,
        **stacked,
    }
    start_set(state)
    deal_game(state)
    clock.settle(state, now, None)
    return state


def legal_actions(state: State, seat: int | None) -> list[Action]:
    """What ``seat`` is offered now.

    In a pick window every asked seat is offered Pick and Pass (a Pick without a major
    is refused with a neutral message, so the offer leaks nothing) and Pick-and-Dan only
    when the discard completes its hand. Dan is offered after one's own draw on strict
    tables always, on assisted tables only when the eleven cards win.
    """
    if state["finished"] or seat is None:
        return []
    setting = {
        "type": pick_window.AUTO_PASS,
        "on": not pick_window.passes_automatically(state, seat),
    }
    return [*_moves(state, seat), setting]


def _moves(state: State, seat: int) -> list[Action]:
    phase = state["phase"]
    if phase == "result":
        return [{"type": between.NEXT_GAME}] if seat in between.waiting(state) else []
    if phase == "window":
        if not pick_window.asked(state, seat):
            return []
        offered = [{"type": pick_window.PICK}]
        if pick_window.discard_wins(state, seat):
            offered.append({"type": pick_window.PICK_AND_DAN})
        return [*offered, {"type": pick_window.PASS}]
    if seat != state["turn"]:
        return []
    hand = sorted_hand(state["hands"][seat])
    if phase == "draw":
        return [dict(DRAW)]
    if phase == "discard":
        actions = [{"type": "discard", "card": card} for card in hand]
        if not state["options"]["dan_assist"] or turn.hand_wins(state, seat):
            actions.append(dict(DAN))
        return actions
    return [
        {"type": "discard_major", "card": card}
        for card in hand
        if is_major(card) and card != state["picked_card"]
    ]


def waiting_for(state: State) -> list[int]:
    if state["finished"]:
        return []
    if state["phase"] == "window":
        return [s for s in range(state["players"]) if pick_window.asked(state, s)]
    if state["phase"] == "result":
        return between.waiting(state)
    return [state["turn"]]


def deadline(state: State) -> float | None:
    if state["finished"]:
        return None
    if state["phase"] == "result":
        return between.deadline(state)
    if state["phase"] in clock.TURN_PHASES:
        return clock.deadline(state)
    due = state["window"]["deadline"]
    return None if due is None else float(due)


def apply(state: State, seat: int | None, action: Action, now: float) -> State:
    """The state after ``seat`` takes ``action``; ``IllegalAction`` leaves ``state`` as it was."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("An action needs a type.", "malformed_action")
    if state["finished"]:
        raise IllegalAction("The match is over.", "match_over")
    kind = action["type"]
    if kind == "tick":
        return _settled(_tick(state, now), now, None)
    if kind == TIME_OUT and seat is None:
        return _settled(_time_out(state, action.get("seat"), now), now, None)
    if (
        seat is None
        or isinstance(seat, bool)
        or not isinstance(seat, int)
        or not 0 <= seat < state["players"]
    ):
        raise IllegalAction("Only a seated player can do that.", "not_seated")
    if kind in pick_window.ANSWERS:
        new = _answer(state, seat, kind, now)
    elif kind == pick_window.AUTO_PASS:
        new = _set_auto_pass(state, seat, action)
    elif kind == standing.SET_STANDING:
        new = _set_standing_answer(state, seat, action)
    elif kind == between.NEXT_GAME:
        new = fork(state)
        between.ready(new, seat)
        new["move"] += 1
    else:
        new = _turn_move(state, seat, action, now)
    return _settled(new, now, seat)


def _turn_move(state: State, seat: int, action: Action, now: float) -> State:
    kind = action["type"]
    if state["phase"] == "result":
        raise IllegalAction("The next game has not started yet.", "result_shown")
    if kind not in ("draw", "discard", "dan", "discard_major"):
        raise IllegalAction(f"Unknown action {kind!r}.", "unknown_action", action=kind)
    if state["phase"] == "window":
        raise IllegalAction("Wait for the pick window to close.", "window_open")
    if seat != state["turn"]:
        raise IllegalAction("It is not your turn.", "not_your_turn")
    phase = state["phase"]
    new = fork(state)
    if kind == "draw":
        if phase != "draw":
            raise IllegalAction("You have already drawn.", "already_drawn")
        turn.draw(new, seat)
    elif kind == "dan":
        if phase != "discard":
            raise IllegalAction("Dan is declared right after your own draw.", "dan_not_now")
        turn.dan(new, seat)
    else:
        if phase == "draw":
            raise IllegalAction("Draw a card first.", "draw_first")
        card = _card_in_hand(state, seat, action)
        if phase == "pick_discard":
            turn.discard_major(new, seat, card, now)
        elif kind == "discard_major":
            raise IllegalAction("Discard any card: you have not picked.", "no_pick")
        else:
            turn.discard(new, seat, card, now)
    new["move"] += 1
    return new


def _settled(state: State, now: float, actor: int | None) -> State:
    """Deadlines that start when a move ends (the result's countdown, the next turn's
    clock) take ``now``; ``actor`` is the seat that moved (None: the table)."""
    between.settle(state, now)
    clock.settle(state, now, actor)
    return state


_NESTED_LISTS = ("hands", "discards", "picked_cards")
_FLAT_LISTS = (
    "pile",
    "draws",
    "set_points",
    "total_points",
    "victory_points",
    "sets",
    "games",
    "events",
    "stacked",
    "stacked_fire",
)


def fork(state: State) -> State:
    """A copy ``apply`` may change without touching ``state`` (cheaper than a deep copy).

    Events, finished sets and games and ``last_game`` are never changed once written,
    so the copy shares them; every container the rules change is copied.
    """
    new = dict(state)
    for key in _NESTED_LISTS:
        new[key] = [list(inner) for inner in state[key]]
    for key in _FLAT_LISTS:
        if key in state:
            new[key] = list(state[key])
    if state["window"] is not None:
        new["window"] = {
            **state["window"],
            "answers": list(state["window"]["answers"]),
            "auto": list(state["window"].get("auto", [])),
        }
    return new


def _card_in_hand(state: State, seat: int, action: Action) -> str:
    raw = action.get("card")
    code = raw.strip().upper() if isinstance(raw, str) else raw
    if not is_card(code):
        raise IllegalAction(f"{raw!r} is not a card code.", "bad_card", card=str(raw))
    if code not in state["hands"][seat]:
        raise IllegalAction(f"You do not hold {code}.", "card_not_in_hand", card=code)
    return code


def _answer(state: State, seat: int, kind: str, now: float) -> State:
    if state["phase"] != "window":
        raise IllegalAction("There is no discard to pick now.", "no_window")
    window = state["window"]
    if seat == window["discarder"]:
        raise IllegalAction("You cannot pick your own discard.", "own_discard")
    if window["answers"][seat] is not None:
        raise IllegalAction("You have already answered this discard.", "already_answered")
    if window["deadline"] is not None and now >= window["deadline"]:
        raise IllegalAction("The pick window has closed.", "window_closed")
    new = fork(state)
    pick_window.answer(new, seat, kind)
    new["move"] += 1
    return new


def _set_auto_pass(state: State, seat: int, action: Action) -> State:
    """Turn "pass automatically" on or off for ``seat``; turned on while it is asked in
    an open window that its discard would not win, it passes there at once too."""
    on = action.get("on")
    if not isinstance(on, bool):
        raise IllegalAction("Say whether to pass automatically (on or off).", "malformed_action")
    new = fork(state)
    new[pick_window.AUTO_PASS] = list(state.get(pick_window.AUTO_PASS, [False] * state["players"]))
    new[pick_window.AUTO_PASS][seat] = on
    new["move"] += 1
    if on and pick_window.asked(new, seat):
        pick_window.answer_automatically(new)
    return new


def _set_standing_answer(state: State, seat: int, action: Action) -> State:
    """``seat`` chooses its standing answer (:mod:`dragonformula.rules.standing`); chosen
    while it is asked in an open window, it answers there at once if it says what to do."""
    answer = standing.checked(action.get("answer"))
    new = fork(state)
    new[standing.STANDING] = [standing.of(state, s) for s in range(state["players"])]
    new[standing.STANDING][seat] = answer
    new["move"] += 1
    if pick_window.asked(new, seat):
        pick_window.answer_automatically(new)
    return new


def _time_out(state: State, seat: object, now: float) -> State:
    """A turn-based table's move deadline for ``seat`` has passed: the server plays the
    seat's part as the turn clock does at a live table (its turn: draw, then discard the
    card drawn; after a pick, a major) and counts the timeout; asked in a pick window, it
    passes (counted too); on the result screen, it is ready for the next game."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["players"]:
        raise IllegalAction("That seat is not at this table.", "not_seated")
    new = fork(state)
    if state["phase"] in clock.TURN_PHASES and state["turn"] == seat:
        _play_for(new, now)
    elif state["phase"] == "window" and pick_window.asked(state, seat):
        _count_timeout(new, seat)
        pick_window.time_out(new, seat)
    elif state["phase"] == "result" and seat in between.waiting(state):
        between.ready(new, seat)
    else:
        raise IllegalAction("Nothing is due from that seat.", "nothing_due")
    new["move"] += 1
    return new


def _count_timeout(state: State, seat: int) -> None:
    counts = list(state.get("timeouts") or [0] * state["players"])
    counts[seat] += 1
    state["timeouts"] = counts


def _tick(state: State, now: float) -> State:
    due = deadline(state)
    if due is None or now < due:
        raise IllegalAction("Nothing is due yet.", "nothing_due")
    new = fork(state)
    if state["phase"] == "result":
        between.next_game(new)
    elif state["phase"] in clock.TURN_PHASES:
        _play_for(new, now)
    else:
        pick_window.close_window(new)
    new["move"] += 1
    return new


def _play_for(state: State, now: float) -> None:
    """The seat on turn is out of time: the server plays its turn (draw; then discard the
    drawn card)."""
    seat = clock.timed_out(state)
    while state["turn"] == seat and state["phase"] in clock.TURN_PHASES:
        action = clock.server_play(state, seat)
        moved = _turn_move(state, seat, action, now)
        state.clear()
        state.update(moved)
