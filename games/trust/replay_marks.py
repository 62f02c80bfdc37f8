"""Where a replay is worth jumping to: each game's end and the next deal, each win, each
set's end, each round."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.trust.replays import Replay


@dataclass(frozen=True)
class ReplayMark:
    """A step worth jumping to: where a game ended (``kind`` ``"game"``, with its set,
    number, result, seat and points, for a win the hand and multipliers, and ``dealt``:
    the step that deals the next game, ``None`` after the last) or where a round began
    (``"round"``)."""

    kind: str
    step: int
    number: int
    set: int | None = None
    result: str | None = None
    seat: int | None = None
    points: int | None = None
    hand: str | None = None
    multipliers: tuple[str, ...] = ()
    dealt: int | None = None


def replay_marks(replay: Replay) -> list[ReplayMark]:
    """The game ends (a state's ``games`` record list grows: Dragon Formula) and round
    starts (its ``round`` counter moves: DragSaga) of a replay, in one pass over the log.

    A game that ended while the match goes on leaves the table in a phase of its own (the
    result shown until every seat is ready); the next game is dealt at the first step whose
    phase is another."""
    state = replay.start
    marks: list[ReplayMark] = []
    games_seen = len(state.get("games") or ())
    round_seen = state.get("round")
    ended: list[tuple[int, Any]] = []  # game marks (their index) whose next deal is to come
    for number, entry in enumerate(replay.log, start=1):
        state = replay.engine.apply(state, entry.seat, entry.action, entry.at)
        phase = state.get("phase")
        for index, ended_phase in ended:
            if phase != ended_phase:
                marks[index] = replace(marks[index], dealt=number)
        ended = [(index, ended_phase) for index, ended_phase in ended if phase == ended_phase]
        games = state.get("games")
        if isinstance(games, list) and len(games) > games_seen:
            for record in games[games_seen:]:
                ended.append((len(marks), phase))
                marks.append(
                    ReplayMark(
                        kind="game",
                        step=number,
                        number=int(record.get("game") or 0),
                        set=record.get("set"),
                        result=record.get("result"),
                        seat=record.get("seat"),
                        points=record.get("points"),
                        hand=record.get("hand"),
                        multipliers=tuple(record.get("multipliers") or ()),
                    )
                )
            games_seen = len(games)
        round_now = state.get("round")
        if isinstance(round_now, int) and round_now != round_seen:
            marks.append(ReplayMark(kind="round", step=number, number=round_now))
            round_seen = round_now
    return marks


_MARKS: dict[tuple[int, int], list[ReplayMark]] = {}
_MARKS_KEPT = 64


def marks_of(game: Any, replay: Replay) -> list[ReplayMark]:
    """:func:`replay_marks` of a platform game, kept per (game, version): a version's log
    never changes, and stepping through it asks for them every step."""
    key = (game.pk, game.version)
    if key not in _MARKS:
        if len(_MARKS) >= _MARKS_KEPT:
            _MARKS.pop(next(iter(_MARKS)))
        _MARKS[key] = replay_marks(replay)
    return _MARKS[key]


def jumps(marks: list[ReplayMark], names: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The replay's jump targets: each game's deal (where its cards are dealt, not where
    the game before it ended), each win, each set's end, each round."""
    game_ends = [mark for mark in marks if mark.kind == "game"]
    games = [{"step": 0, "set": 1, "number": 1}] if game_ends else []
    for mark in game_ends[:-1]:
        replayed = mark.result == "false_dan"  # the same game number is dealt again
        following = [m for m in game_ends if m.step > mark.step]
        nxt = following[0] if following else None
        if nxt is not None:
            games.append(
                {
                    "step": mark.dealt if mark.dealt is not None else mark.step,
                    "set": nxt.set,
                    "number": nxt.number,
                    "replayed": replayed,
                }
            )
    wins = [
        {
            "step": mark.step,
            "set": mark.set,
            "number": mark.number,
            "name": names[mark.seat] if mark.seat is not None and mark.seat < len(names) else "",
            "hand": mark.hand,
            "points": mark.points,
            "multipliers": mark.multipliers,
        }
        for mark in game_ends
        if mark.result == "win"
    ]
    set_ends: dict[Any, int] = {}
    for mark in game_ends:
        set_ends[mark.set] = mark.step
    rounds = [{"step": mark.step, "number": mark.number} for mark in marks if mark.kind == "round"]
    return {
        "games": games,
        "wins": wins,
        "set_ends": [{"set": number, "step": step} for number, step in set_ends.items()],
        "rounds": rounds,
    }
