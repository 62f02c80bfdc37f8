"""DragSaga 銀龍大戦 as a ``games.engine.Engine`` (the rules as /rules/dragsaga/ states them).

Phases: ``choose_dragon`` → (``place`` → ``turns``)* → ``finished``.

Actions (``seat`` is the acting seat; card ids come from the card set in play,
``state["cards"]``; seats are 0-based and clockwise, the left neighbour is seat + 1):

- ``{"type": "choose_dragon", "card": id}`` — setup, simultaneous and secret:
  keep one of the three divine dragons (cost 6); the other two are discarded.
- ``{"type": "place", "cards": [id, id], "target": seat}`` — start of every round,
  simultaneous and secret: two different hand cards face down and a target
  (another seat). ``target`` may be left out when it is forced (round 1: the left
  neighbour; 2 players: the other one). Nothing is revealed until all have placed.
- ``{"type": "flip", "card": id}`` — own turn only, an attack (melee/ranged) among
  one's placed cards; a second flip of the round needs the two costs to total at
  most 6 (a guard flipped earlier in the round counts). The attack hits the target
  (scope ``target``) or every other player (scope ``all``); the hit players who
  still have a face-down card the limit does not rule out are then asked to answer.
- ``{"type": "guard", "card": id}`` / ``{"type": "no_guard"}`` — a hit player's
  answer to the open attack (simultaneous and secret; revealed, and damage dealt,
  once all asked players have answered). The guard must block the attack's kind.
- ``{"type": "change_target", "discard": id, "target": seat}`` — the round's last
  player, from round 2, at the start of their turn before flipping: discard a hand
  card face down and switch to a different target. Once a round.
- ``{"type": "pass"}`` — own turn, nothing flipped this turn: end the turn.
- ``{"type": "end_turn"}`` — own turn after a flip: end the turn (it also ends by
  itself once a flip of that turn leaves both placed cards face up).
- ``{"type": "time_out", "seat": n}`` (seat ``None``) — a turn-based table's move
  deadline for seat n passed: that seat's default below (each placing seat has its own).
- ``{"type": "tick"}`` (any seat or ``None``) — apply the defaults of every passed
  deadline (see ``deadlines.py``); refused with code ``nothing_due`` before one.

Decisions this engine takes where the original rule text is silent (for the rules page):

- the five dragon colours are red, blue, green, yellow and black; seats get theirs,
  and the first start player, from the seed;
- a secret choice (dragon, placing, guard answer) cannot be taken back once made;
- an attack asks every hit player who still has a face-down placed card that the
  flip limit does not rule out whatever it is (from what everyone can see), so
  waiting for an answer never tells who holds a guard; answers stay secret until all
  are in, then guards are shown and damage dealt together;
- a turn ends by itself once a flip of that turn leaves both placed cards face up;
  otherwise the player passes (nothing flipped this turn) or ends the turn (after a
  flip) - also a player whose two cards were both flipped as guards before their
  turn passes (the round's last player may still change target first);
- idle seats at a deadline: the first divine dragon of the set; the two cheapest hand
  cards at the left neighbour; no guard; pass or end the turn (a pass with both
  cards face down discards both, as the rules say);
- at the end every hand is shown with its penalty.

Deadlines: ``deadline(state)`` is when the seats in ``waiting_for(state)`` time out.
An action is still accepted after its deadline until a tick applies the defaults, so
a service that finds ``deadline <= now`` applies ``{"type": "tick"}`` first.

Table options: ``card_set`` (a list of 15 card dicts, see ``cards.py``; default the
set in ``seeds/dragsaga_cards.json``), ``place_seconds`` (90), ``guard_seconds`` (20),
``turn_seconds`` (90); 0 seconds means no deadline.

``IllegalAction.code`` values: ``bad_seat``, ``malformed_action``, ``unknown_action``,
``game_over``, ``wrong_phase``, ``already_chosen``, ``not_a_divine_dragon``,
``place_two_cards``, ``card_not_in_hand``, ``bad_target``, ``round_one_target``,
``not_your_turn``, ``guard_window_open``, ``card_not_placed``, ``already_flipped``,
``guard_on_own_turn``, ``attack_on_others_turn``, ``flip_limit``, ``no_attack``,
``not_hit``, ``already_answered``, ``guard_does_not_block``, ``not_last_player``,
``target_changed``, ``same_target``, ``nothing_flipped``, ``nothing_due``.

Events (``view(...)["events"]``, all public; ``dragsaga.templatetags.dragsaga_words`` words them):
``game_start`` (colours, start_player), ``chosen`` (seat, phase), ``dragons_kept``,
``round_start`` (round, start_player), ``targets_revealed`` (targets by seat),
``turn`` (seat), ``target_change`` (seat, old, new), ``flip`` (seat, card, hits),
``answered`` (seat), ``guard`` (seat, card, attacker), ``damage`` (attacker, card,
damage: [{seat, amount, blocked_by}]), ``pass`` (seat), ``end_turn`` (seat),
``timeout`` (seat, phase), ``clean_up`` (discarded_both: seats), ``end_check``
(seats), ``game_end`` (placings).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import TIME_OUT, Action, IllegalAction, State, View, clone, rng_for

from . import bots, coach, deadlines, schema, strong
from .cards import CardSet, default_card_set
from .legal import legal_actions
from .moves import play
from .table import GAME, MAX_PLAYERS, MIN_PLAYERS, new_state, validate_options
from .view import view


def _working_copy(state: State) -> State:
    """A copy to change, so ``apply`` never half-applies nor touches its input. Logged
    events are never changed once appended, so the log's list is copied, not its events."""
    new = clone({key: value for key, value in state.items() if key != "log"})
    new["log"] = list(state["log"])
    return new


class DragSagaEngine:
    name = GAME
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    action_schema = schema.ACTIONS
    public_action = staticmethod(schema.public_action)
    setting_actions: frozenset[str] = frozenset()
    thinking_levels = frozenset({"strong"})

    def default_options(self) -> dict[str, Any]:
        return validate_options({}, default_card_set())

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise ValueError("Options must be a mapping of option names to values.")
        return validate_options(options, default_card_set())

    def turn_based_options(self) -> dict[str, Any]:
        """No clock of the game's own: each seat's move deadline is the platform's."""
        return {"place_seconds": 0, "guard_seconds": 0, "turn_seconds": 0}

    def new_game(self, players: int, options: dict[str, Any], seed: int, now: float = 0.0) -> State:
        return new_state(players, self.validate_options(options), seed, now)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return legal_actions(state, seat, CardSet(state["cards"]))

    def apply(self, state: State, seat: int | None, action: Action, now: float) -> State:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action is an object with a 'type'.", "malformed_action")
        if state["finished"]:
            raise IllegalAction("The game is over.", "game_over")
        kind = action["type"]
        if kind not in ("tick", TIME_OUT) and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["players"]
        ):
            raise IllegalAction("That seat is not at this table.", "bad_seat")
        new = _working_copy(state)
        play(new, seat, action, now, CardSet(new["cards"]))
        return new

    def view(self, state: State, seat: int | None) -> View:
        legal = self.legal_actions(state, seat) if seat is not None else []
        return view(state, seat, legal)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return clone(state["result"]) if state["finished"] else None

    def waiting_for(self, state: State) -> list[int]:
        return deadlines.waiting_for(state)

    def deadline(self, state: State) -> float | None:
        return None if state["finished"] else state["deadline"]

    def bot_action(self, state: State, seat: int, level: str) -> Action:
        legal = self.legal_actions(state, seat)
        rng = rng_for(state["seed"], "bot", state["version"], seat, level)
        if level == "strong":  # it reads the seat's view, with the public log
            return strong.decide(view(state, seat, legal), rng)
        return bots.choose(view(state, seat, legal, events=False), level, rng)

    def review(
        self, state: State, seat: int, action: Action, samples: int | None = None
    ) -> dict[str, Any] | None:
        """The coach's word on ``seat`` taking ``action`` at ``state`` (after the game)."""
        return coach.weigh(state, seat, action, samples or coach.SAMPLES)

    def bot_levels(self) -> Sequence[str]:
        return (*bots.LEVELS, "strong")


ENGINE = DragSagaEngine()
