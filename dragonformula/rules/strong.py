"""The ``strong`` bot: it plays each choice out on many deals its seat cannot tell apart.

It reads ``view(state, seat)`` only. For a discard, a pick or pass, or the major thrown
after a pick it lists a few candidates (the smart bot's choice first), deals the unseen
cards again at random many times (:mod:`hidden_deals`), plays the rest of the game out
from each candidate on every such deal (the same deals for every candidate, so the
difference between two candidates is the candidate's, not the luck's), and takes the
candidate whose seat won most often. The play-outs (:func:`race`) are quick: each seat
draws, declares when its eleven cards win, takes a discard that completes its hand, and
otherwise throws the card least linked to the rest of its hand.

The same estimate scores a member's own choices in the review (:func:`chances`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from dragonformula.rules import bots, pick_window
from dragonformula.rules.cards import ALL_CARDS
from dragonformula.rules.deal import is_major
from dragonformula.rules.hands import is_winning, wins
from dragonformula.rules.hidden_deals import guess, known_cards, unseen
from dragonformula.rules.melds import mask_of_codes
from games.engine import Action, State, View, seats_after

SAMPLES = 32  # deals played out per decision: a decision stays well inside 250 ms
MARGIN = 2.5 / SAMPLES  # how much more often a candidate must win to overrule the smart bot
MOST_CANDIDATES = 5  # discards weighed at once (the smart bot's choice and the least useful)
_BIT = {code: mask_of_codes((code,)) for code in ALL_CARDS}
_CODE = {bit: code for code, bit in _BIT.items()}
FORCED = ("dan", pick_window.PICK_AND_DAN, "draw", "next_game")


def sensible(view: View) -> list[Action]:
    """The seat's moves from its view, minus those that can only be refused (a pick
    without a major, a Dan whose hand does not win)."""
    seat = view["seat"]
    holds_major = any(is_major(card) for card in view["hand"])
    moves = []
    for action in view["legal_actions"]:
        kind = action["type"]
        if kind == pick_window.AUTO_PASS:
            continue
        if kind == pick_window.PICK and not holds_major:
            continue
        if kind == "dan" and not is_winning(view["hand"], view["elements"][seat]):
            continue
        moves.append(action)
    return moves


def decide(view: View) -> Action:
    """The strong bot's action for the seat of ``view``: the throw that leaves its hand
    closest to winning (:func:`standing`), and a pick when the hand is closer after it."""
    moves = sensible(view)
    if not moves:
        raise ValueError(f"Seat {view['seat']} has nothing to do now")
    kinds = {move["type"] for move in moves}
    for kind in FORCED:
        if kind in kinds:
            return next(move for move in moves if move["type"] == kind)
    live = unseen_bits(view)
    hand = mask_of_codes(view["hand"])
    if kinds <= {"discard", "discard_major"}:
        choices = [_BIT[move["card"]] for move in moves]
        _, thrown = best_throw(hand, choices, live)
        return {"type": moves[0]["type"], "card": _CODE[thrown]}
    if pick_window.PICK in kinds and _pick_is_closer(view, hand, live):
        return {"type": pick_window.PICK}
    return {"type": pick_window.PASS}


def _pick_is_closer(view: View, hand: int, live: list[int]) -> bool:
    card = _BIT[view["window"]["card"]]
    after = hand | card
    majors = [bit for bit in _bits(hand) if is_major(_CODE[bit])]
    closest, _ = best_throw(after, majors, live)
    return closest > standing(hand, live)


def chances(
    view: View, candidates: Sequence[Action], rng: random.Random, samples: int = SAMPLES
) -> list[float]:
    """For each candidate action of the view's seat, the share of played-out deals it wins."""
    seat = view["seat"]
    won = [0] * len(candidates)
    for _ in range(samples):
        table = guess(view, rng)
        luck = rng.getrandbits(32)
        for index, action in enumerate(candidates):
            if race(table, seat, action, random.Random(luck)) == seat:
                won[index] += 1
    return [count / samples for count in won]


def _candidates(view: View, moves: list[Action], rng: random.Random) -> list[Action]:
    """The moves worth playing out, the smart bot's choice first."""
    table = guess(view, rng)  # its own hand and the discards: all the smart bot reads
    seat = view["seat"]
    smart = bots.bot_action(table, seat, "smart")
    kinds = {move["type"] for move in moves}
    if kinds & {pick_window.PICK, pick_window.PASS}:
        others = [m for m in moves if m["type"] in (pick_window.PICK, pick_window.PASS)]
        return [smart, *[m for m in others if m != smart]]
    cards = [m["card"] for m in moves]
    hand = view["hand"]
    _, useful, _ = bots.plan(mask_of_codes(hand))
    links = bots._connections(cards, hand)
    ranked = sorted(cards, key=lambda card: (bool(_BIT[card] & useful), links[card], card))
    chosen = [smart["card"], *[c for c in ranked if c != smart["card"]]][:MOST_CANDIDATES]
    return [{"type": smart["type"], "card": card} for card in chosen]


# --- the efficiency choice -------------------------------------------------------------


def unseen_bits(view: View) -> list[int]:
    """The cards this seat may still meet (not in its hand, a discard pile or a hand the
    table saw pick it), as bits."""
    return [_BIT[card] for card in unseen(view, known_cards(view))]


def standing(hand: int, live: list[int]) -> tuple[int, int, int]:
    """How close a ten-card ``hand`` is to winning, larger is closer: how many ``live``
    cards complete it, how many cards its best plan covers, how many ``live`` cards
    would make that plan cover more."""
    finishing = sum(1 for bit in live if wins(hand | bit))
    covered = bots.plan(hand)[0]
    if finishing:
        return finishing, covered, 0
    better = sum(1 for bit in live if bots.plan(hand | bit)[0] > covered)
    return 0, covered, better


def best_throw(hand: int, choices: list[int], live: list[int]) -> tuple[tuple[int, int, int], int]:
    """The card of ``choices`` whose throw leaves ``hand`` closest to winning, and how close."""
    return max((standing(hand ^ bit, live), -_links(hand, bit), bit) for bit in choices)[0::2]


# --- the play-out ----------------------------------------------------------------------


@dataclass
class _Race:
    seat: int  # whose chances are measured: it keeps its plan; the others keep their hands
    hands: list[int]
    pile: list[int]
    players: int


def race(table: State, seat: int, action: Action, rng: random.Random) -> int | None:
    """Play the game of ``table`` out after ``seat`` takes ``action``: the winning seat,
    or ``None`` when the pile runs out first. ``seat`` throws the card its plan needs
    least; the other seats keep their hands (they throw the card they draw); every seat
    declares a win when a card completes its hand."""
    hands = [mask_of_codes(hand) for hand in table["hands"]]
    game = _Race(seat, hands, [_BIT[card] for card in reversed(table["pile"])], table["players"])
    kind, phase = action["type"], table["phase"]
    if kind in ("discard", "discard_major"):
        card = _BIT[action["card"]]
        hands[seat] ^= card
        return _after_discard(game, seat, card, rng)
    window = table["window"]
    discarder, card = window["discarder"], _BIT[window["card"]]
    nearer = seats_after(discarder, game.players)
    nearer = nearer[: nearer.index(seat)]
    for other in nearer:  # a nearer seat that wins with it takes it first
        if wins(hands[other] | card):
            return other
    if kind == pick_window.PICK:
        hands[seat] |= card
        majors = [bit for bit in _bits(hands[seat]) if is_major(_CODE[bit]) and bit != card]
        thrown = _least_needed(hands[seat], majors, rng)
        hands[seat] ^= thrown
        return _after_discard(game, seat, thrown, rng)
    if phase != "window":
        raise ValueError(f"no play-out for {kind!r} in phase {phase!r}")
    return _after_discard(game, discarder, card, rng, skip=seat)


def _after_discard(
    game: _Race, discarder: int, card: int, rng: random.Random, skip: int | None = None
) -> int | None:
    hands = game.hands
    while True:
        for other in seats_after(discarder, game.players):
            if other != skip and wins(hands[other] | card):
                return other
        skip = None
        if not game.pile:
            return None
        drawer = (discarder + 1) % game.players
        card = game.pile.pop()
        hands[drawer] |= card
        if wins(hands[drawer]):
            return drawer
        if drawer == game.seat:
            card = _least_needed(hands[drawer], _bits(hands[drawer]), rng)
        hands[drawer] ^= card
        discarder = drawer


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found


def _least_needed(hand: int, choices: list[int], rng: random.Random) -> int:
    """Of ``choices``, a card no best plan of ``hand`` uses, the least linked to the rest."""
    _, useful, _ = bots.plan(hand)
    spare = [bit for bit in choices if not bit & useful] or choices
    return min(spare, key=lambda bit: (_links(hand, bit), rng.random()))


def _links(hand: int, bit: int) -> float:
    row = _link_row(bit)
    return sum(row[other] for other in _bits(hand ^ bit))


@cache
def _link_row(bit: int) -> dict[int, float]:
    code = _CODE[bit]
    return {other: bots._link(code, _CODE[other]) for other in _CODE if other != bit}
