"""A seat's hints at a Dragon Formula table, for a player who has them on (a player's
first games; ``games.tables.actions.hints.set_hints``): how many cards the hand is from a win and
which hands are in reach, what a Pick of the discard on offer would do, the card just
drawn, and a banner when another seat picks or wins. Its Pick or Pass is the coach's
(:mod:`dragonformula.rules.advice`: the strong bot's answer, the one the review weighs
against after the game), with why in the game's words.

Worked out from the seat's own view only (its hand, the table's discards, its element,
the events it is shown): the cards it may still take are those it cannot see, so a
hint tells nothing the seat could not work out itself.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from dragonformula.rules import advice as advice_rules
from dragonformula.rules import strong
from dragonformula.rules.advice import PickAdvice, Standing, pick_advice
from dragonformula.rules.cards import card_name
from dragonformula.rules.nearest import cards_away, nearest_hands
from dragonformula.rules.score_table import hand_name
from dragonformula.rules.waits import unseen_cards
from games.templatetags.bilingual import language_suffix

HANDS_SHOWN = 3  # the hands in reach a hint names
REMEMBERED_REACHES = 1024  # hands in reach remembered (a few per hinted seat being played)
REMEMBERED_OFFERS = 1024  # pick windows whose hints were looked at (every table's latest)

_offers_seen: OrderedDict[tuple[Any, ...], None] = OrderedDict()
_offers_lock = threading.Lock()
BANNER_EVENTS = ("pick", "pick_and_dan", "win")


def seat_hints(view: dict[str, Any], names: list[str], think: bool = True) -> dict[str, Any] | None:
    """The hints of the seat whose ``view`` this is (``None`` for a spectator).

    ``think=False`` (a table's pages and pushes): the Pick hint is the coach's advice
    only once it has been worked out off the move's path (:func:`hint_thoughts`), and
    says the coach is thinking until then."""
    seat = view["seat"]
    if seat is None:
        return None
    lang = language_suffix()
    hand = view["hand"]
    element = view["elements"][seat]
    playing = view["phase"] not in ("result", "over") and not view["finished"]
    return {
        "reach": _reach(hand, element, view["discards"], lang) if playing else None,
        "pick": _pick(view, lang, think) if playing else None,
        "drawn": _drawn(view, seat, lang) if playing else None,
        "banner": _banner(view, seat, names, lang),
    }


def _named(codes: list[str] | tuple[str, ...], lang: str) -> list[dict[str, str]]:
    return [{"code": code, "name": card_name(code, lang)} for code in codes]


def _reach(hand: list[str], element: str, discards: list[list[str]], lang: str) -> Any:
    """Cards away from a win, and the nearest hands with what each lacks (worked out once
    per hand, discards and language: most moves change neither for a seat)."""
    if len(hand) not in (10, 11):
        return None
    return _reach_of(tuple(hand), element, tuple(map(tuple, discards)), lang)


@lru_cache(maxsize=REMEMBERED_REACHES)
def _reach_of(
    hand: tuple[str, ...], element: str, discards: tuple[tuple[str, ...], ...], lang: str
) -> Any:
    reaches = nearest_hands(list(hand), element, unseen_cards(hand, discards))
    away = cards_away(reaches)
    nearest = [reach for reach in reaches if reach.away == away][:HANDS_SHOWN]
    return {
        "away": away,
        "hands": [
            {
                "name": hand_name(reach.hand, lang),
                "lacks": _named(reach.lacks, lang),
                "let_go": _named(reach.let_go, lang),
                "total": reach.total,
            }
            for reach in nearest
        ],
    }


def _pick(view: dict[str, Any], lang: str, think: bool = True) -> Any:
    """The coach's answer to the discard on offer (:mod:`dragonformula.rules.advice`: the
    strong bot's own), with one sentence of why in the game's words; ``{"thinking": True}``
    while it is being worked out elsewhere (``think=False``)."""
    if think:
        advice = pick_advice(view)
    elif not advice_rules.asked(view):
        advice = None
    else:
        advice = advice_rules.known_advice(view)
        if advice is None:
            return {"thinking": True}
    if advice is None:
        return None
    return _worded_pick(advice, lang)


@lru_cache(maxsize=REMEMBERED_OFFERS)
def _worded_pick(advice: PickAdvice, lang: str) -> dict[str, Any]:
    """The advice as the hint shows it, worded once per advice and language: a seat's
    every push while its window is open shows the same (not to be changed by a reader)."""
    return {
        "card": {"code": advice.card, "name": card_name(advice.card, lang)},
        "answer": advice.answer,
        "why": _why(advice, lang),
    }


def _why(advice: PickAdvice, lang: str) -> str:
    """The advice as a player reads it: "Picking S3 (Three of Swords) and giving back M5
    (The Hierophant) leaves you 1 card from a win (Sephirot hand: Binah) instead of 2: Pick." """
    code = advice.card
    if advice.reason == advice_rules.WINS:
        return _("%(code)s completes your hand: Pick and Dan wins.") % {"code": code}
    if advice.reason == advice_rules.NO_MAJOR:
        return _("You hold no major, so you cannot Pick %(code)s (a Pick gives a major back).") % {
            "code": code
        }
    now, after = advice.now, advice.after
    assert now is not None and after is not None and advice.give_back is not None
    words = {
        "code": code,
        "card": card_name(code, lang),
        "major": advice.give_back,
        "major_card": card_name(advice.give_back, lang),
        "after": after.away,
        "now": now.away,
        "hand": hand_words(after, lang),
        "waiting_after": after.waiting_on,
        "waiting_now": now.waiting_on,
    }
    picking = _("Picking %(code)s (%(card)s) and giving back %(major)s (%(major_card)s)") % words
    words["picking"] = picking
    if advice.reason == advice_rules.NEARER and after.away == now.away:
        return (
            ngettext(
                "%(picking)s leaves you waiting on %(waiting_after)d card that wins instead of "
                "%(waiting_now)d: Pick.",
                "%(picking)s leaves you waiting on %(waiting_after)d cards that win instead of "
                "%(waiting_now)d: Pick.",
                after.waiting_on,
            )
            % words
        )
    if advice.reason == advice_rules.NEARER:
        return (
            ngettext(
                "%(picking)s leaves you %(after)d card from %(hand)s instead of %(now)d: Pick.",
                "%(picking)s leaves you %(after)d cards from %(hand)s instead of %(now)d: Pick.",
                after.away,
            )
            % words
        )
    if advice.reason == advice_rules.NO_NEARER:
        return (
            ngettext(
                "%(picking)s would leave you %(after)d card from %(hand)s, no nearer than now: Pass.",
                "%(picking)s would leave you %(after)d cards from %(hand)s, no nearer than now: "
                "Pass.",
                after.away,
            )
            % words
        )
    if advice.reason == advice_rules.FURTHER:
        return (
            ngettext(
                "%(picking)s would leave you %(after)d card from %(hand)s, further than the "
                "%(now)d you are now: Pass.",
                "%(picking)s would leave you %(after)d cards from %(hand)s, further than the "
                "%(now)d you are now: Pass.",
                after.away,
            )
            % words
        )
    if advice.answer == "pick":
        return (
            ngettext(
                "%(picking)s would leave you %(after)d card from %(hand)s, and wins more often in "
                "the coach's play-outs: Pick.",
                "%(picking)s would leave you %(after)d cards from %(hand)s, and wins more often in "
                "the coach's play-outs: Pick.",
                after.away,
            )
            % words
        )
    return (
        ngettext(
            "%(picking)s would leave you %(after)d card from %(hand)s, yet passing wins more "
            "often in the coach's play-outs: Pass.",
            "%(picking)s would leave you %(after)d cards from %(hand)s, yet passing wins more "
            "often in the coach's play-outs: Pass.",
            after.away,
        )
        % words
    )


def hand_words(standing: Standing, lang: str) -> str:
    """The nearest win a standing counts from: "a win (Sephirot hand: Binah)"."""
    if standing.hand is None:
        return _("any win")
    return _("a win (%(hand)s)") % {"hand": hand_name(standing.hand, lang)}


def _drawn(view: dict[str, Any], seat: int, lang: str) -> Any:
    """The card the seat has just drawn, while it decides what to discard."""
    if view["phase"] != "discard" or view["turn"] != seat:
        return None
    for event in reversed(view["events"]):
        if event["type"] == "draw" and event["seat"] == seat and "card" in event:
            return {"code": event["card"], "name": card_name(event["card"], lang)}
        if event["type"] in ("pick", "pick_and_dan"):
            return None  # a picker discards a major, not after a draw
    return None


def _banner(view: dict[str, Any], seat: int, names: list[str], lang: str) -> Any:
    """Another seat's newest pick or win, readable without opening the log."""
    events = view["events"]
    if not events and view["last_game"] is not None and view["phase"] == "result":
        events = view["last_game"]["events"]
    event = next((e for e in reversed(events[-3:]) if e["type"] in BANNER_EVENTS), None)
    if event is None or event["seat"] == seat:
        return None
    shown = {"type": event["type"], "name": names[event["seat"]]}
    if event["type"] == "win":
        shown["hand"] = hand_name(event["reading"]["hand"], lang) if event.get("reading") else ""
        shown["points"] = event.get("points")
    else:
        shown["card"] = {"code": event["card"], "name": card_name(event["card"], lang)}
        shown["from"] = names[event["from"]]
    return shown


def hint_thoughts(
    engine: Any, state: dict[str, Any], seats: list[int], game_id: int
) -> list[HintThought]:
    """The Pick hints the hinted ``seats`` of game ``game_id`` are asked for and nobody has
    worked out yet: each is thought in a bot-thinking worker (``games.coach.hint_thinking``),
    from the seat's own view, and pushed to that seat when it is ready. A window is looked
    at once for the same hinted seats (its other answers change nothing a hint reads)."""
    thoughts: list[HintThought] = []
    window = state["window"]
    if state["phase"] != "window" or window is None:
        return thoughts  # no discard on offer: nothing to think about
    offer = (game_id, window["discarder"], window["card"], window["deadline"], tuple(seats))
    offer = (*offer, tuple(map(len, state["discards"])))
    with _offers_lock:
        if offer in _offers_seen:
            return thoughts
        _offers_seen[offer] = None
        while len(_offers_seen) > REMEMBERED_OFFERS:
            _offers_seen.popitem(last=False)
    for seat in seats:
        view = engine.view(state, seat)
        if view["phase"] in ("result", "over") or view["finished"]:
            continue
        if advice_rules.asked(view) and advice_rules.known_advice(view) is None:
            key = strong.seen_key(view)
            thoughts.append(
                HintThought(seat, key, advice_rules.advice_as_data, (view,), _window_of(state))
            )
    return thoughts


def _window_of(state: dict[str, Any]) -> tuple[Any, ...] | None:
    """Which discard on offer ``state`` is at: its discarder, card and deadline."""
    window = state.get("window")
    if state.get("phase") != "window" or window is None:
        return None
    return (window["discarder"], window["card"], window["deadline"])


def hint_still_wanted(state: dict[str, Any], thought: HintThought) -> bool:
    """Whether the seat of ``thought`` is still asked the discard it is about in ``state``
    (the table's latest): not once it has answered or the window has closed."""
    if _window_of(state) != thought.window:
        return False
    return state["window"]["answers"][thought.seat] is None


def hint_heard(key: str, data: Any) -> None:
    """A Pick hint worked out by a worker (:func:`hint_thoughts`), remembered here."""
    advice_rules.remember(key, advice_rules.advice_from_data(data))


@dataclass(frozen=True)
class HintThought:
    """A hint that takes the coach's thinking: for ``seat``, known by ``key``; a worker
    answers ``work(*args)`` as plain data (:func:`hint_heard` remembers it); ``window``:
    the discard on offer it is about (:func:`hint_still_wanted`)."""

    seat: int
    key: str
    work: Callable[..., Any]
    args: tuple[Any, ...]
    window: tuple[Any, ...] | None = None
