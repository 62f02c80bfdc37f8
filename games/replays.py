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

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.engine import Action, Engine, State, View
from games.templatetags.bilingual import pick


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


def seat_cards(view: View) -> list[Any]:
    """The cards a seat's own view holds in hand (Dragon Formula: ``hand``, as codes;
    DragSaga: ``you.hand``, as the set's card faces); empty for a spectator."""
    own = view.get("you") if isinstance(view.get("you"), dict) else view
    cards = own.get("hand")
    if not isinstance(cards, list):
        return []
    faces = card_faces(view)
    return [faces.get(card, card) for card in cards]


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
