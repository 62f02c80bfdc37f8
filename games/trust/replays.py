"""Replays: a finished game rebuilt from its seed and action log by its engine.

Nothing is stored as pictures: every step is ``engine.new_game`` followed by the
logged actions through ``engine.apply``, and what a step shows is exactly what
``engine.view(state, None)`` gave a spectator at that moment. Once the game is
over, every seat's own view (hands included) is shown too; while it is being played
a viewer sees only what they saw then: the spectator's table, their own seat's view,
and of the others' actions only the fields their game says everyone saw.

The board steps turn by turn (:func:`replay_turns`): a seat's consecutive actions are
one step, and a run of passes (or of "ready for the next game") is one step, but while the
game is played another seat's secret answer is a step of its own, whatever it was.

A view that carries its card set (DragSaga: ``view["cards"]``, the set the table plays
with) names its cards: hands are shown as the table's card faces and the logged action's
card ids by their names in the page's language.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext as _

from games.engine import Action, Engine, IllegalAction, State, View
from games.templatetags.bilingual import pick
from games.trust.replay_words import COLLAPSED, cards_named, target_named


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
    # Seat -> its own view at this step: every seat once the game is over, else only the
    # viewer's (none for a spectator).
    seats: dict[int, View]
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
    def action_cards(self) -> list[str]:
        """The card ids or codes the logged action names, in order."""
        return cards_named(self.action.action) if self.action is not None else []

    @property
    def action_target(self) -> int | None:
        return target_named(self.action.action) if self.action is not None else None

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 0 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.last else None


def seen_by(
    action: LoggedAction, viewer: int | None, open_actions: Mapping[str, Any]
) -> Action | None:
    """The action as ``viewer`` saw it while the game was played: whole if it is their own;
    of another seat's, its type and only the fields its game names in ``open_actions``
    (type -> the fields every seat saw, e.g. a discarded card); ``None`` for a type the
    game does not name there, whose very choice stays secret for a while (a pick window's
    answer, a guard's): the board says only that the seat acted."""
    if viewer is not None and action.seat == viewer:
        return action.action
    kind = str(action.action.get("type"))
    if kind not in open_actions:
        return None
    shown = open_actions[kind]
    return {key: value for key, value in action.action.items() if key == "type" or key in shown}


@dataclass(frozen=True)
class ReplayTurn:
    """One step of the review board: the deal (``index`` 0, no entries), a seat's
    consecutive actions (its turn), a run of collapsed actions (passes) by any seats, or
    the clock. It covers logged actions ``first`` to ``last`` and shows the table after
    ``last``."""

    index: int
    first: int
    last: int
    entries: tuple[LoggedAction, ...] = field(default=())
    run: str = ""  # the collapsed type its entries share ("pass"), else ""
    unseen: frozenset[int] = frozenset()  # the logged actions of it the viewer never saw

    def shown(self, number: int) -> list[LoggedAction]:
        """Its entries up to logged action ``number``, but those the viewer never saw."""
        return [
            entry
            for at, entry in enumerate(self.entries[: number - self.first + 1], self.first)
            if at not in self.unseen
        ]

    @property
    def numbers(self) -> range:
        """The logged actions (their numbers, 1-based) this turn covers."""
        return range(self.first, self.last + 1) if self.entries else range(0)


def logged_type(entry: LoggedAction) -> str | None:
    return str(entry.action.get("type"))


# ``kind_of`` of an action the viewer never saw taken at all (another seat's own setting
# while the game is played): it is no step of its own, but part of the step before it.
UNSEEN = "(unseen)"


def replay_turns(
    log: Iterable[LoggedAction], kind_of: Callable[[LoggedAction], str | None] = logged_type
) -> list[ReplayTurn]:
    """The board's steps: the deal, then each turn or collapsed run, in order. ``kind_of``
    is an action's type as the viewer knows it, ``None`` for a secret one (another seat's
    pick-window answer while the game is played): a secret never joins a run, so how the
    steps are grouped tells nothing of what it was; :data:`UNSEEN` for one never seen taken,
    which falls in the step before it."""
    turns = [ReplayTurn(index=0, first=0, last=0)]
    current: list[tuple[LoggedAction, str | None]] = []
    start = 1

    def joins(entry: LoggedAction, kind: str | None) -> bool:
        head, head_kind = current[0]
        if kind in COLLAPSED or head_kind in COLLAPSED:
            return kind == head_kind
        return entry.seat is not None and entry.seat == head.seat

    def close(last: int) -> None:
        kinds = {kind for _entry, kind in current if kind != UNSEEN}
        run = next(iter(kinds)) if len(kinds) == 1 else None
        entries = tuple(entry for entry, _kind in current)
        unseen = frozenset(at for at, (_e, kind) in enumerate(current, start) if kind == UNSEEN)
        run = run if run in COLLAPSED else ""
        turns.append(ReplayTurn(len(turns), start, last, entries, run, unseen))

    for number, entry in enumerate(log, start=1):
        kind = kind_of(entry)
        if kind == UNSEEN:
            if current:
                current.append((entry, kind))
            else:  # before any other action: the deal's step still shows it
                turns[-1] = replace(turns[-1], last=number)
                start = number + 1
            continue
        if current and not joins(entry, kind):
            close(number - 1)
            current, start = [], number
        current.append((entry, kind))
    if current:
        close(start + len(current) - 1)
    return turns


def turn_at(turns: list[ReplayTurn], number: int) -> ReplayTurn:
    """The turn that covers step ``number`` (a step inside a turn shows that turn so far)."""
    return turns[bisect_left([turn.last for turn in turns], number)]


@dataclass(frozen=True)
class Replay:
    """A game rebuilt from its log, ready to be stepped through (``finished``: the
    platform's record says it is over, and the log reaches its end)."""

    engine: Engine
    players: int
    start: State  # the state ``new_game`` dealt (``apply`` never mutates it)
    log: tuple[LoggedAction, ...]
    finished: bool = True

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

    def step(self, number: int, viewer: int | None = None) -> ReplayStep:
        """The table after ``number`` actions: every seat's view once the game is over,
        else only ``viewer``'s own."""
        state = self.state_at(number)
        if self.finished:
            shown: Iterable[int] = range(self.players)
        else:
            shown = [viewer] if viewer is not None and 0 <= viewer < self.players else []
        return ReplayStep(
            number=number,
            last=self.last,
            action=self.log[number - 1] if number else None,
            spectator=self.engine.view(state, None),
            seats={seat: self.engine.view(state, seat) for seat in shown},
            waiting_for=tuple(self.engine.waiting_for(state)),
            finished=self.engine.outcome(state) is not None,
        )


def build_replay(
    engine: Engine, start: State, log: Iterable[LoggedAction], finished: bool
) -> Replay:
    """The replay of a game, finished or still being played (``finished``, the platform's
    record). A finished game's rebuilt final state must agree with it: a log that does not
    reach the end is refused, rather than shown with every hand."""
    replay = Replay(engine, start["players"], start, tuple(log), finished=finished)
    if not finished:
        return replay
    try:
        final = replay.final_state()
    except IllegalAction:  # e.g. a Dragon Formula "back" from before the platform's stand-ins
        raise ReplayRefused(
            _("This game's log no longer replays under today's rules, so it has no replay.")
        ) from None
    if engine.outcome(final) is None:
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


def replay_of(game: Any) -> Replay:
    """The replay of a platform :class:`~games.models.Game`, from its seed and action log."""
    from games.registry import game_kind

    kind = game_kind(game.game_name)
    start = kind.initial_state(
        game.players, game.options, game.seed, game.created_at, game.stacking
    )
    return build_replay(kind.engine, start, logged_actions(game), finished=game.is_finished)


def logged_actions(game: Any) -> list[LoggedAction]:
    """A platform game's action log, in order (step N of a replay is after the first N)."""
    return [
        LoggedAction(seat=seat, action=action, at=at)
        for seat, action, at in game.log.order_by("version").values_list("seat", "action", "now")
    ]


def seat_names(game: Any) -> list[str]:
    """Every seat named as the table names it: its player (or the player a bot stood in
    for), else the bot of its level."""
    from games.regions import rendering
    from games.tables import selectors
    from games.trust import history

    players = history.seat_players(game)
    names = []
    for seat in selectors.seats(game.table):
        player = players.get(seat.number)
        names.append(player.display_name if player is not None else rendering.seat_label(seat))
    return names
