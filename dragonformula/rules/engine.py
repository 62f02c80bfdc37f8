"""The Dragon Formula engine: ``from dragonformula.rules.engine import ENGINE``.

Implements :class:`games.engine.Engine` over plain JSON state (the rules as /rules/dragonformula/ states them).

Actions (``apply(state, seat, action, now)``; ``legal_actions(state, seat)`` lists them):

=================================  ============================================================
``{"type": "draw"}``               your turn: take the top card of the pile
``{"type": "dan"}``                right after your draw: declare a win (strict tables offer
                                   it always; a false Dan costs −500 and the game is replayed)
``{"type": "discard", "card": "W3"}``   after your draw: discard a card; a pick window opens
``{"type": "pick"}``               in a pick window: take the discard (needs a major in hand)
``{"type": "pick_and_dan"}``       in a pick window: take the discard and win (offered only
                                   when it completes your hand)
``{"type": "pass"}``               in a pick window: let it go
``{"type": "discard_major", "card": "M5"}``  after your pick: discard a major other than the
                                   card just picked (``"discard"`` is accepted here too);
                                   a new pick window opens on it
``{"type": "tick"}`` (seat None)   apply the pick window's deadline once ``now`` has reached it
``{"type": "time_out", "seat": n}`` (seat None)  a turn-based table's move deadline for
                                   seat n passed: its turn is played as by the clock, or it
                                   passes in the window (both counted in ``timeouts``)
``{"type": "standing_answer", "answer": "ask"}``  a seat's standing answer to pick windows
                                   (``ask``, ``pass_unless_dan``, ``pass_unless_meld``;
                                   :mod:`dragonformula.rules.standing`)
=================================  ============================================================

Every seat but the discarder is asked in every pick window and offered Pick and Pass
(plus Pick-and-Dan when it wins), so nothing about its hand leaks; a Pick without a
major is refused with ``IllegalAction(code="no_major")``. The window closes when all
asked seats have answered or at its deadline (option ``pick_seconds``); the nearest
declaring seat after the discarder takes the card.

``IllegalAction.code`` values: ``malformed_action``, ``unknown_action``, ``not_seated``,
``match_over``, ``not_your_turn``, ``window_open``, ``already_drawn``, ``draw_first``,
``dan_not_now``, ``hand_does_not_win``, ``bad_card``, ``card_not_in_hand``,
``must_discard_major``, ``picked_card``, ``no_pick``, ``no_window``, ``own_discard``,
``already_answered``, ``window_closed``, ``no_major``, ``discard_does_not_win``,
``nothing_due``.

The turn clock (options ``turn_seconds``, ``time_bank``): out of time, a ``tick`` plays
the seat's turn by a stated default (:mod:`dragonformula.rules.clock`) and counts the
timeout; ``timeouts(state)`` tells the platform how many turns in a row each seat has run
out of time, so that its stand-in bots (the same as for a player who left) play a seat
that keeps missing its turns. The rules never choose a bot's move themselves.

Events (``view()["events"]`` for the current game, ``view()["last_game"]["events"]`` for
the previous one), each a dict with ``type``: ``game_start`` (set, game, starter),
``draw`` (seat, pile; ``card`` only in the drawer's own view), ``discard`` (seat, card),
``window_closed`` (card, from, answers per seat, taker), ``pick`` (seat, card, from),
``discard_major`` (seat, card), ``dan`` (seat), ``pick_and_dan`` (seat, card, from),
``win`` (seat, via, cards, reading = ``HandResult.to_json()``, points),
``false_dan`` (seat, cards, points), ``exhaust`` (seat that could not draw),
``set_end`` (set, elements, points, placings with rank and victory_points).

``outcome(state)`` once the match is over: ``{"placings": [{"seat", "rank",
"victory_points", "points"}, ...] (best first; ranks 1, 1, 3 on ties), "winners": [seats],
"victory_points": [per seat], "points": [per seat, all sets], "sets": [{"set", "elements",
"points", "placings"}, ...]}``.

Options: ``dan_assist`` (bool, default True), ``pick_seconds`` (default 8), ``sets``
(default 1). Bot levels: ``random`` and ``smart``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dragonformula.rules import bots, clock, coach, game, options, schema, strong, view
from dragonformula.rules.match import match_outcome
from games.engine import Action, State, View


class DragonFormulaEngine:
    name = "dragonformula"
    min_players = options.MIN_PLAYERS
    max_players = options.MAX_PLAYERS
    action_schema = schema.ACTIONS
    public_action = staticmethod(schema.public_action)
    setting_actions = schema.SETTINGS
    thinking_levels = frozenset({"strong"})

    def default_options(self) -> dict[str, Any]:
        return options.default_options()

    def validate_options(self, opts: dict[str, Any]) -> dict[str, Any]:
        return options.validate_options(opts)

    def turn_based_options(self) -> dict[str, Any]:
        return options.turn_based_options()

    def new_game(self, players: int, opts: dict[str, Any], seed: int, now: float = 0.0) -> State:
        return game.new_game(players, opts, seed, now)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return game.legal_actions(state, seat)

    def apply(self, state: State, seat: int | None, action: Action, now: float) -> State:
        return game.apply(state, seat, action, now)

    def view(self, state: State, seat: int | None) -> View:
        return view.view(state, seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return match_outcome(state)

    def waiting_for(self, state: State) -> list[int]:
        return game.waiting_for(state)

    def deadline(self, state: State) -> float | None:
        return game.deadline(state)

    def timeouts(self, state: State) -> list[int]:
        return clock.timeouts(state)

    def bot_action(self, state: State, seat: int, level: str) -> Action:
        if level == "strong":  # it reads the seat's view only
            return strong.decide(view.view(state, seat))
        return bots.bot_action(state, seat, level)

    def review(
        self, state: State, seat: int, action: Action, samples: int | None = None
    ) -> dict[str, Any] | None:
        """The coach's word on ``seat`` taking ``action`` at ``state`` (after the game)."""
        return coach.weigh(state, seat, action, samples or coach.SAMPLES)

    def bot_levels(self) -> Sequence[str]:
        return bots.LEVELS


ENGINE = DragonFormulaEngine()
