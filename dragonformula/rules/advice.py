"""The coach's advice in a pick window, for a seat's hints: Pick or Pass, and why.

One advisor: the answer is the strong bot's own (:func:`strong.decide` on the seat's
view), so the hint a player is shown, the strong bot's play and the coach's review after
the game never disagree. The reason is read from the same evaluation: how many cards the
hand is from its nearest win now and after the pick (with the major the strong bot would
give back, :func:`strong.after_pick`), and whether the play-outs overruled that reading.

It reads ``view(state, seat)`` only. The play-outs cost some tens of milliseconds, so the
advice is remembered per window as the seat sees it (:func:`strong.seen_key`): the pushes
while other seats answer ask again and get it from memory.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import astuple, dataclass
from typing import Any

from dragonformula.rules import pick_window, strong
from dragonformula.rules.deal import is_major
from dragonformula.rules.hands import is_winning
from dragonformula.rules.hidden_deals import known_cards, unseen
from dragonformula.rules.melds import codes_of, mask_of_codes
from dragonformula.rules.nearest import nearest_hands
from dragonformula.rules.playouts import BIT
from games.engine import Action, View

# Why the advice is what it is.
WINS = "wins"  # the card completes the hand: Pick-and-Dan
NO_MAJOR = "no_major"  # no major to give back: a Pick would be refused
NEARER = "nearer"  # the pick leaves the hand fewer cards from a win, or waiting on more
NO_NEARER = "no_nearer"  # the pick leaves the hand as far from a win as it is
FURTHER = "further"  # the pick leaves the hand further from a win
PLAY_OUTS = "play_outs"  # the play-outs overruled the nearer-hand reading

REMEMBERED = 256  # windows remembered (every seat with hints on, over every table)


@dataclass(frozen=True)
class Standing:
    """How near a ten-card hand is to winning: ``away`` cards from ``hand`` (a hand id;
    ``None`` and 12 away when no win is in reach), and ``waiting_on`` how many cards the
    seat may still meet complete it (0 unless it is one card away)."""

    away: int
    hand: str | None
    waiting_on: int


@dataclass(frozen=True)
class PickAdvice:
    """``answer``: ``"pick"``, ``"pass"`` or ``"pick_and_dan"``; ``card``: the discard on
    offer; ``reason``: one of the reasons above; ``give_back``: the major a pick gives back
    (the strong bot's choice); ``now`` and ``after``: the hand's standing as it is and after
    the pick (``None`` when no pick is possible or the card wins)."""

    answer: str
    card: str
    reason: str
    give_back: str | None = None
    now: Standing | None = None
    after: Standing | None = None


_memory: OrderedDict[str, PickAdvice] = OrderedDict()
_memory_lock = threading.Lock()


def pick_advice(view: View) -> PickAdvice | None:
    """The advice for the seat of ``view`` on the discard its window offers, or ``None``
    when it is asked nothing (no window, or it has answered)."""
    if not asked(view):
        return None
    key = strong.seen_key(view)
    with _memory_lock:
        found = _memory.get(key)
        if found is not None:
            _memory.move_to_end(key)
            return found
    found = _advise(view)
    remember(key, found)
    return found


def asked(view: View) -> bool:
    """Whether the seat of ``view`` is asked to answer a discard on offer (and has not)."""
    window = view.get("window")
    seat = view["seat"]
    return (
        window is not None
        and seat is not None
        and window["your_answer"] is None
        and seat in window["asked"]
    )


def known_advice(view: View) -> PickAdvice | None:
    """The advice for ``view``'s window (asked, :func:`asked`) if it needs no play-outs or
    has been worked out (:func:`remember`), else ``None``: what a push shows without
    thinking on the move's path."""
    quick = quick_advice(view)
    if quick is not None:
        return quick
    with _memory_lock:
        return _memory.get(strong.seen_key(view))


def remember(key: str, advice: PickAdvice) -> None:
    """Keep ``advice``, worked out elsewhere (a thinking worker), for the window ``key``
    (:func:`strong.seen_key` of the seat's view)."""
    with _memory_lock:
        _memory[key] = advice
        _memory.move_to_end(key)
        while len(_memory) > REMEMBERED:
            _memory.popitem(last=False)


def forget() -> None:
    """Drop every advice remembered, as a process starting afresh has none: for a test that
    must see a window thought anew (another test may have asked about the same deal)."""
    with _memory_lock:
        _memory.clear()


def advice_as_data(view: View) -> tuple[Any, ...]:
    """The advice for ``view`` as plain data (:func:`advice_from_data` reads it back): what
    a thinking worker process answers, and what a table's group carries to every process."""
    return astuple(_advise(view))


def advice_from_data(data: Any) -> PickAdvice:
    """:class:`PickAdvice` from :func:`advice_as_data` (tuples may come back as lists)."""
    answer, card, reason, give_back, now, after = data
    return PickAdvice(
        answer,
        card,
        reason,
        give_back,
        None if now is None else Standing(*now),
        None if after is None else Standing(*after),
    )


def quick_advice(view: View) -> PickAdvice | None:
    """The advice when it needs no play-outs (the card wins, or no major can be given
    back), else ``None``."""
    card = view["window"]["card"]
    element = view["elements"][view["seat"]]
    if is_winning([*view["hand"], card], element):
        return PickAdvice(pick_window.PICK_AND_DAN, card, WINS)
    if not any(is_major(code) for code in view["hand"]):
        return PickAdvice(pick_window.PASS, card, NO_MAJOR)
    return None


def _advise(view: View) -> PickAdvice:
    quick = quick_advice(view)
    if quick is not None:
        return quick
    card = view["window"]["card"]
    element = view["elements"][view["seat"]]
    answer = strong.decide(view)["type"]
    if answer not in (pick_window.PICK, pick_window.PASS):  # a strong bot never does else here
        raise ValueError(f"the strong bot answered {answer!r} to a pick window")
    hand = mask_of_codes(view["hand"])
    live = strong.unseen_bits(view)
    after_rank, thrown = strong.after_pick(view, hand, live)
    nearer = after_rank[:2] > strong.standing(hand, live)[:2]
    unseen_codes = unseen(view, known_cards(view))
    now = _standing(hand, element, unseen_codes, live)
    after = _standing((hand | BIT[card]) ^ thrown, element, unseen_codes, live)
    if (answer == pick_window.PICK) == nearer:
        reason = NEARER if nearer else (NO_NEARER if after.away == now.away else FURTHER)
    else:
        reason = PLAY_OUTS
    give_back = codes_of(thrown)[0]
    return PickAdvice(answer, card, reason, give_back, now, after)


def standing_after(view: View, action: Action) -> Standing:
    """How near the seat's hand is to winning after ``action`` (a discard, a major thrown
    after a pick, a pick with the major the strong bot would give back, or a pass): what
    the review says of a decision beside the coach's."""
    hand = mask_of_codes(view["hand"])
    live = strong.unseen_bits(view)
    kind = action["type"]
    if kind in ("discard", "discard_major"):
        hand ^= BIT[action["card"]]
    elif kind == pick_window.PICK:
        _, thrown = strong.after_pick(view, hand, live)
        hand = (hand | BIT[view["window"]["card"]]) ^ thrown
    elif kind != pick_window.PASS:
        raise ValueError(f"no standing after {kind!r}")
    element = view["elements"][view["seat"]]
    return _standing(hand, element, unseen(view, known_cards(view)), live)


def _standing(hand: int, element: str, unseen_codes: list[str], live: list[int]) -> Standing:
    reaches = nearest_hands(codes_of(hand), element, unseen_codes)
    if not reaches:
        return Standing(strong.FAR, None, 0)
    waiting_on = strong.standing(hand, live)[0]
    return Standing(reaches[0].away, reaches[0].hand, waiting_on)
