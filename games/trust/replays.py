"""Replays: a finished game rebuilt from its seed and action log by its engine.

Nothing is stored as pictures: every step is ``engine.new_game`` followed by the
logged actions through ``engine.apply``, and what a step shows is exactly what
``engine.view(state, None)`` gave a spectator at that moment. Once the game is
over, every seat's own view (hands included) may be shown too. A game still
being played has no replay: its log would reveal what a spectator may not see.

A view that carries its card set (DragSaga: ``view["cards"]``, the set the table plays
with) names its cards: hands are shown as the table's card faces and the logged action's
card ids by their names in the page's language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from games.engine import Action, Engine, State, View
from games.templatetags.bilingual import pick

# What a logged action did, in a reader's words (both games' action types; the engines
# document them in their modules). An unknown type is shown as it is.
ACTION_WORDS = {
    "draw": pgettext_lazy("replay action", "draws a card"),
    "discard": pgettext_lazy("replay action", "discards"),
    "dan": pgettext_lazy("replay action", "declares Dan"),
    "pick": pgettext_lazy("replay action", "picks the discard"),
    "pick_and_dan": pgettext_lazy("replay action", "declares Pick-and-Dan"),
    "pass": pgettext_lazy("replay action", "passes"),
    "discard_major": pgettext_lazy("replay action", "discards a major after the pick"),
    "tick": pgettext_lazy("replay action", "time runs out"),
    "choose_dragon": pgettext_lazy("replay action", "chooses a divine dragon"),
    "place": pgettext_lazy("replay action", "places two cards"),
    "flip": pgettext_lazy("replay action", "flips"),
    "guard": pgettext_lazy("replay action", "guards with"),
    "no_guard": pgettext_lazy("replay action", "does not guard"),
    "change_target": pgettext_lazy("replay action", "changes target, discarding"),
    "end_turn": pgettext_lazy("replay action", "ends the turn"),
}
CARD_FIELDS = ("card", "cards", "discard")


class ReplayRefused(Exception):  # noqa: N818 - a refusal a player reads, not a crash
    """The game has no replay (yet): the message says why, in a player's words."""


@dataclass(frozen=True)
class LoggedAction:
    """One line of a game's action log, as the replay consumes it."""

    seat: int | None
    action: Action
    at: float


@dataclass(frozen=True)
class ReplayStep:
    """The table after ``number`` logged actions (0 is the deal)."""

    number: int
    last: int
    action: LoggedAction | None
    spectator: View
    seats: tuple[View, ...]  # every seat's own view; only ever built for a finished game
    waiting_for: tuple[int, ...]
    finished: bool

    @property
    def action_fields(self) -> list[tuple[str, str]]:
        """The logged action's fields but its type, as a player reads them: a card id of
        the table's set by the card's name in the active language."""
        if self.action is None:
            return []
        faces = card_faces(self.spectator)

        def shown(value: Any) -> str:
            if isinstance(value, list):
                return ", ".join(shown(item) for item in value)
            if isinstance(value, str) and value in faces:
                return pick(faces[value], "name")
            return str(value)

        return [(key, shown(value)) for key, value in self.action.action.items() if key != "type"]

    @property
    def action_words(self) -> str:
        """What the logged action did, e.g. "passes" (its cards and target come apart)."""
        if self.action is None:
            return ""
        kind = str(self.action.action.get("type", ""))
        return str(ACTION_WORDS.get(kind, kind))

    @property
    def action_cards(self) -> list[str]:
        """The card ids or codes the logged action names, in order."""
        if self.action is None:
            return []
        found: list[str] = []
        for key in CARD_FIELDS:
            value = self.action.action.get(key)
            values = value if isinstance(value, list) else [value]
            found += [v for v in values if isinstance(v, str)]
        return found

    @property
    def action_target(self) -> int | None:
        target = self.action.action.get("target") if self.action is not None else None
        return target if isinstance(target, int) and not isinstance(target, bool) else None

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 0 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.last else None


@dataclass(frozen=True)
class Replay:
    """A finished game, ready to be stepped through."""

    engine: Engine
    players: int
    start: State  # the state ``new_game`` dealt (``apply`` never mutates it)
    log: tuple[LoggedAction, ...]

    @property
    def last(self) -> int:
        return len(self.log)

    def state_at(self, number: int) -> State:
        """The state after the first ``number`` logged actions."""
        if not 0 <= number <= self.last:
            raise ValueError(f"This replay has steps 0 to {self.last}.")
        state = self.start
        for entry in self.log[:number]:
            state = self.engine.apply(state, entry.seat, entry.action, entry.at)
        return state

    def final_state(self) -> State:
        return self.state_at(self.last)

    def step(self, number: int) -> ReplayStep:
        state = self.state_at(number)
        return ReplayStep(
            number=number,
            last=self.last,
            action=self.log[number - 1] if number else None,
            spectator=self.engine.view(state, None),
            seats=tuple(self.engine.view(state, seat) for seat in range(self.players)),
            waiting_for=tuple(self.engine.waiting_for(state)),
            finished=self.engine.outcome(state) is not None,
        )


def build_replay(
    engine: Engine, start: State, log: Iterable[LoggedAction], finished: bool
) -> Replay:
    """The replay of a game, refused while the game is still being played.

    ``finished`` is the platform's record; the rebuilt final state must agree with
    it (a log that does not reach the end is refused too, rather than shown).
    """
    if not finished:
        raise ReplayRefused(_("This game is still being played: its replay opens when it ends."))
    replay = Replay(engine, start["players"], start, tuple(log))
    if engine.outcome(replay.final_state()) is None:
        raise ReplayRefused(_("This game's log does not reach its end, so it has no replay."))
    return replay


def card_faces(view: View) -> dict[str, dict[str, Any]]:
    """The card set a view carries, by card id (DragSaga's ``cards``; empty for a game whose
    cards are codes)."""
    cards = view.get("cards")
    if not isinstance(cards, list):
        return {}
    return {card["id"]: card for card in cards if isinstance(card, dict) and "id" in card}


def seat_cards(view: View, face: Callable[[str], Mapping[str, Any]] | None = None) -> list[Any]:
    """The cards a seat's own view holds in hand as card faces: DragSaga's from the set the
    view carries (``you.hand``), Dragon Formula's codes (``hand``) through ``face``, the
    game's own face of a code; without one a code stays a code. Empty for a spectator."""
    own = view.get("you") if isinstance(view.get("you"), dict) else view
    cards = own.get("hand")
    if not isinstance(cards, list):
        return []
    return faces_of(view, cards, face)


def faces_of(
    view: View, cards: Iterable[str], face: Callable[[str], Mapping[str, Any]] | None = None
) -> list[Any]:
    """Card ids or codes as the table's card faces (see :func:`seat_cards`)."""
    faces = card_faces(view)
    shown: list[Any] = []
    for card in cards:
        if card in faces:
            shown.append(faces[card])
        elif face is not None:
            try:
                shown.append(face(card))
            except ValueError:
                shown.append(card)
        else:
            shown.append(card)
    return shown


@dataclass(frozen=True)
class ReplayMark:
    """A step worth jumping to: where a game ended and the next was dealt (``kind``
    ``"game"``, with its set, number, result, seat and points, and for a win the hand and
    multipliers) or where a round began (``"round"``)."""

    kind: str
    step: int
    number: int
    set: int | None = None
    result: str | None = None
    seat: int | None = None
    points: int | None = None
    hand: str | None = None
    multipliers: tuple[str, ...] = ()


def replay_marks(replay: Replay) -> list[ReplayMark]:
    """The game ends (a state's ``games`` record list grows: Dragon Formula) and round
    starts (its ``round`` counter moves: DragSaga) of a replay, in one pass over the log."""
    state = replay.start
    marks: list[ReplayMark] = []
    games_seen = len(state.get("games") or ())
    round_seen = state.get("round")
    for number, entry in enumerate(replay.log, start=1):
        state = replay.engine.apply(state, entry.seat, entry.action, entry.at)
        games = state.get("games")
        if isinstance(games, list) and len(games) > games_seen:
            for record in games[games_seen:]:
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


def replay_of(game: Any) -> Replay:
    """The replay of a platform :class:`~games.models.Game`, from its seed and action log."""
    from games.registry import game_kind

    if not game.is_finished:  # refuse before any work: nothing of a running game is rebuilt
        raise ReplayRefused(_("This game is still being played: its replay opens when it ends."))
    kind = game_kind(game.game_name)
    start = kind.initial_state(
        game.players, game.options, game.seed, game.created_at, game.stacking
    )
    log = [
        LoggedAction(seat=seat, action=action, at=at)
        for seat, action, at in game.log.order_by("version").values_list("seat", "action", "now")
    ]
    return build_replay(kind.engine, start, log, finished=game.is_finished)


_MARKS: dict[tuple[int, int], list[ReplayMark]] = {}
_MARKS_KEPT = 64


def marks_of(game: Any, replay: Replay) -> list[ReplayMark]:
    """:func:`replay_marks` of a finished platform game, kept per (game, version): a
    finished game's log never changes, and stepping through it asks for them every step."""
    key = (game.pk, game.version)
    if key not in _MARKS:
        if len(_MARKS) >= _MARKS_KEPT:
            _MARKS.pop(next(iter(_MARKS)))
        _MARKS[key] = replay_marks(replay)
    return _MARKS[key]


def seat_names(game: Any) -> list[str]:
    """Every seat named as the table names it: its player (or the player a bot stood in
    for), else the bot of its level."""
    from games import rendering, selectors
    from games.trust import history

    players = history.seat_players(game)
    names = []
    for seat in selectors.seats(game.table):
        player = players.get(seat.number)
        names.append(player.display_name if player is not None else rendering.seat_label(seat))
    return names


def jumps(marks: list[ReplayMark], names: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The replay's jump targets: each game's deal, each win, each set's end, each round."""
    game_ends = [mark for mark in marks if mark.kind == "game"]
    games = [{"step": 0, "set": 1, "number": 1}] if game_ends else []
    for mark in game_ends[:-1]:
        replayed = mark.result == "false_dan"  # the same game number is dealt again
        following = [m for m in game_ends if m.step > mark.step]
        nxt = following[0] if following else None
        if nxt is not None:
            games.append(
                {
                    "step": mark.step,
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
