"""Turns: flipping placed cards under the flip limit, guard responses, damage,
the last player's target change, passing and ending a turn."""

from __future__ import annotations

from typing import Any

from games.engine import IllegalAction, State, seats_after

from . import rounds
from .cards import DIVINE_COST, CardSet
from .placing import check_target
from .table import TURNS, last_player, log, set_deadline

FLIP_LIMIT = DIVINE_COST  # the two flips of a player's round cost at most 6 together


def flip_limit_allows(seat_state: dict[str, Any], card: str, cards: CardSet) -> bool:
    """Whether ``card`` may be flipped now: a second flip of the round must keep the
    round's flipped cost (guards on others' turns included) within the limit."""
    flipped = [p["card"] for p in seat_state["placed"] if p["flipped"]]
    return not flipped or cards.cost(flipped) + cards[card]["cost"] <= FLIP_LIMIT


def may_still_flip(seat_state: dict[str, Any], cards: CardSet) -> bool:
    """What every player can see: a face-down placed card the flip limit does not rule out
    whatever it is. Guard windows ask every hit player for whom this holds, so waiting for
    a player never tells whether they hold a guard."""
    flipped = [p["card"] for p in seat_state["placed"] if p["flipped"]]
    if len(flipped) == len(seat_state["placed"]):
        return False
    return not flipped or cards.cost(flipped) + cards.min_cost <= FLIP_LIMIT


def placed_unflipped(seat_state: dict[str, Any], card: Any, cards: CardSet) -> dict[str, Any]:
    for placed in seat_state["placed"]:
        if placed["card"] == card and not placed["flipped"]:
            return placed
    if any(p["card"] == card for p in seat_state["placed"]):
        raise IllegalAction(
            f"{cards.name(card)} is already face up.", "already_flipped", **cards.named(card)
        )
    raise IllegalAction(
        f"{cards.name(card)} is not one of your placed cards.",
        "card_not_placed",
        **cards.named(card),
    )


def _own_turn(state: State, seat: int) -> dict[str, Any]:
    """The turn record, if it is ``seat``'s turn and no guard window is open."""
    if state["phase"] != TURNS:
        raise IllegalAction("This can only be done during the turns of a round.", "wrong_phase")
    if state["guard"] is not None:
        raise IllegalAction(
            "Wait until the players hit by the attack have answered.", "guard_window_open"
        )
    turn = state["turn"]
    if turn["seat"] != seat:
        raise IllegalAction("It is not your turn.", "not_your_turn")
    return turn


def flip(state: State, seat: int, card: Any, now: float, cards: CardSet) -> None:
    """Flip one placed attack on one's own turn; hit players then may answer with a guard."""
    turn = _own_turn(state, seat)
    me = state["seats"][seat]
    placed = placed_unflipped(me, card, cards)
    if not cards.is_attack(card):
        raise IllegalAction(
            "Guards can only be flipped against an attack on another player's turn.",
            "guard_on_own_turn",
            **cards.named(card),
        )
    _check_flip_limit(me, card, cards)
    placed["flipped"] = True
    turn["flips"] += 1
    everyone = cards[card]["scope"] == "all"
    hits = seats_after(seat, state["players"]) if everyone else [me["target"]]
    log(state, "flip", seat=seat, card=card, hits=hits)
    pending = [h for h in hits if may_still_flip(state["seats"][h], cards)]
    state["guard"] = {
        "attacker": seat,
        "card": card,
        "hits": hits,
        "pending": pending,
        "responses": [],
    }
    if pending:
        set_deadline(state, "guard_seconds", now)
    else:
        resolve_attack(state, now, cards)


def _check_flip_limit(me: dict[str, Any], card: str, cards: CardSet) -> None:
    if not flip_limit_allows(me, card, cards):
        first = next(p["card"] for p in me["placed"] if p["flipped"])
        total = cards[first]["cost"] + cards[card]["cost"]
        raise IllegalAction(
            f"Flipping {cards.name(card)} would bring this round's flips to cost {total}; "
            f"the limit is {FLIP_LIMIT}.",
            "flip_limit",
            **cards.named(card),
            total=total,
            limit=FLIP_LIMIT,
        )


def _guard_window(state: State, seat: int) -> dict[str, Any]:
    window = state["guard"]
    if state["phase"] != TURNS or window is None:
        raise IllegalAction("There is no attack to guard against now.", "no_attack")
    if seat not in window["pending"]:
        raise IllegalAction("This attack does not ask you for a guard.", "not_hit")
    if any(r["seat"] == seat for r in window["responses"]):
        raise IllegalAction("You have already answered this attack.", "already_answered")
    return window


def guard(state: State, seat: int, card: Any, now: float, cards: CardSet) -> None:
    """Answer an attack that hits ``seat`` with a placed guard that blocks its kind."""
    window = _guard_window(state, seat)
    me = state["seats"][seat]
    placed_unflipped(me, card, cards)
    if cards[card]["kind"] != "guard":
        raise IllegalAction(
            "Attacks can only be flipped on your own turn.",
            "attack_on_others_turn",
            **cards.named(card),
        )
    if not cards.blocks(card, window["card"]):
        kind = cards[window["card"]]["kind"]
        raise IllegalAction(
            f"{cards.name(card)} does not block a {kind} attack.",
            "guard_does_not_block",
            **cards.named(card),
        )
    _check_flip_limit(me, card, cards)
    _answer(state, seat, card, now, cards)


def no_guard(state: State, seat: int, now: float, cards: CardSet) -> None:
    _guard_window(state, seat)
    _answer(state, seat, None, now, cards)


def _answer(state: State, seat: int, card: str | None, now: float, cards: CardSet) -> None:
    window = state["guard"]
    window["responses"].append({"seat": seat, "card": card})
    log(state, "answered", seat=seat)
    if len(window["responses"]) == len(window["pending"]):
        resolve_attack(state, now, cards)


def resolve_attack(state: State, now: float, cards: CardSet) -> None:
    """Guards are flipped, then every hit player not guarded takes the attack's damage."""
    window = state["guard"]
    attack = cards[window["card"]]
    guards = {r["seat"]: r["card"] for r in window["responses"] if r["card"] is not None}
    damage = []
    for hit in window["hits"]:
        guard_card = guards.get(hit)
        if guard_card is not None:
            placed_unflipped(state["seats"][hit], guard_card, cards)["flipped"] = True
            log(state, "guard", seat=hit, card=guard_card, attacker=window["attacker"])
            damage.append({"seat": hit, "amount": 0, "blocked_by": guard_card})
        else:
            state["seats"][hit]["damage"] += attack["damage"]
            damage.append({"seat": hit, "amount": attack["damage"], "blocked_by": None})
    log(state, "damage", attacker=window["attacker"], card=window["card"], damage=damage)
    state["guard"] = None
    attacker = state["seats"][window["attacker"]]
    if all(p["flipped"] for p in attacker["placed"]):
        log(state, "end_turn", seat=window["attacker"])
        rounds.next_turn(state, now, cards)
    else:
        set_deadline(state, "turn_seconds", now)


def change_target(
    state: State, seat: int, discard: Any, target: Any, now: float, cards: CardSet
) -> None:
    """The last player, before their first flip of their turn, discards a hand card
    face down to switch to another target (not in round 1, once a round)."""
    turn = _own_turn(state, seat)
    if seat != last_player(state):
        raise IllegalAction("Only the round's last player may change target.", "not_last_player")
    if state["round"] <= 1:
        raise IllegalAction("Targets cannot be changed in round 1.", "round_one_target")
    if state["players"] == 2:
        raise IllegalAction("With two players there is no other target.", "same_target")
    if state["target_changed"]:
        raise IllegalAction("The target has already been changed this round.", "target_changed")
    if turn["flips"]:
        raise IllegalAction(
            "The target can only be changed before your first flip.", "already_flipped"
        )
    me = state["seats"][seat]
    if not isinstance(discard, str) or discard not in me["hand"]:
        raise IllegalAction(
            f"{cards.name(discard)} is not in your hand.",
            "card_not_in_hand",
            **cards.named(discard),
        )
    check_target(state, seat, target)
    if target == me["target"]:
        raise IllegalAction("Choose a different target.", "same_target")
    me["hand"].remove(discard)
    me["discard"].append(discard)
    log(state, "target_change", seat=seat, old=me["target"], new=target)
    me["target"] = target
    state["target_changed"] = True
    set_deadline(state, "turn_seconds", now)


def pass_turn(state: State, seat: int, now: float, cards: CardSet) -> None:
    """Flip nothing this turn."""
    turn = _own_turn(state, seat)
    if turn["flips"]:
        raise IllegalAction("You have flipped a card; end your turn instead.", "already_flipped")
    log(state, "pass", seat=seat)
    rounds.next_turn(state, now, cards)


def end_turn(state: State, seat: int, now: float, cards: CardSet) -> None:
    """Stop after one flip (the other placed card stays face down)."""
    turn = _own_turn(state, seat)
    if not turn["flips"]:
        raise IllegalAction("You have flipped nothing; pass instead.", "nothing_flipped")
    log(state, "end_turn", seat=seat)
    rounds.next_turn(state, now, cards)
