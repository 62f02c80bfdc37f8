"""The ``strong`` bot: it plays its choices out on many deals its seat cannot tell apart.

It reads ``view(state, seat)`` only. Its first choice is the efficiency choice
(:func:`efficient`): the throw that leaves its hand closest to winning (the most live
cards completing it; else the fewest cards from a winning hand made of cards it may still
take), of those as close a suited card before a major (a major kept is a pick it can
still make), then the one leaving the most cards that bring the hand nearer
(:func:`nearest.ways_in`); and a pick when the hand waits on more cards or is fewer
cards from a win after it. Late in a game (:data:`LATE`) it stops feeding the others: a
hand that waits on no card throws the card they can least use (:mod:`safety`). When it
has a real choice (a discard, a pick or pass, the major thrown after a pick) it also
lists a few other candidates and plays each out on the same :data:`DEALS` deals of the
unseen cards (:mod:`playouts`: every seat plays on and picks, the others' hands as far
along as their draws so far), scoring a win of its own 1 and another seat's win
-:data:`OTHERS_WIN`; a candidate must beat the efficiency choice by :data:`MARGIN` to
overrule it. The play-outs are counted, not timed, so the bot plays the same however
busy the machine is; the deals are drawn from a seed the view gives, so the same view
always gets the same decision.

The coach scores a member's own choices with the same play-outs (:func:`chances`).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from functools import cache

from dragonformula.rules import bots, pick_window
from dragonformula.rules.deal import is_major
from dragonformula.rules.hands import is_winning
from dragonformula.rules.hidden_deals import known_cards, unseen
from dragonformula.rules.melds import bits_of, mask_of_codes
from dragonformula.rules.nearest import ways_in
from dragonformula.rules.playouts import BIT, MAJORS, Plan, deal, first_taker, play_on
from dragonformula.rules.readings import wins
from dragonformula.rules.safety import danger, others_may_hold
from games.engine import Action, View

DEALS = 96  # deals played out per decision, each candidate on every one
OTHERS_WIN = 0.5  # what another seat's win costs, against 1 for a win of one's own
MARGIN = 6.0  # the score (over all deals) a candidate needs above the efficiency choice
LATE = 12  # pile cards left from which a hand that is not waiting on a win stops feeding others
MOST_CANDIDATES = 5  # discards weighed at once (the efficiency choice and the least useful)
_CODE = {bit: code for code, bit in BIT.items()}
# A throw's rank: waiting on how many cards, minus how far, kept a major, how many ways in.
Rank = tuple[int, int, bool, int]
FAR = 12  # cards from a win when no winning hand is in reach (:func:`nearest.ways_in`)
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
    """The strong bot's action for the seat of ``view``: the efficiency choice, unless
    another candidate does clearly better in the play-outs."""
    moves = sensible(view)
    choice = efficient(view, moves)
    if len(moves) < 2 or choice["type"] in FORCED:
        return choice
    candidates = _candidates(view, moves, choice)
    rng = random.Random(_seed(view))
    scores = _scores(view, candidates, rng, DEALS)
    best = max(range(len(candidates)), key=lambda i: (scores[i] - (MARGIN if i else 0), -i))
    return candidates[best]


def efficient(view: View, moves: list[Action] | None = None) -> Action:
    """The throw that leaves the hand closest to winning (:func:`standing`), and a pick
    when the hand waits on more cards or is fewer cards from a win after it."""
    moves = sensible(view) if moves is None else moves
    if not moves:
        raise ValueError(f"Seat {view['seat']} has nothing to do now")
    kinds = {move["type"] for move in moves}
    for kind in FORCED:
        if kind in kinds:
            return next(move for move in moves if move["type"] == kind)
    live = unseen_bits(view)
    hand = mask_of_codes(view["hand"])
    if kinds <= {"discard", "discard_major"}:
        choices = [BIT[move["card"]] for move in moves]
        late = view["pile_size"] <= LATE
        _, thrown = best_throw(hand, choices, live, others_may_hold(view) if late else 0)
        return {"type": moves[0]["type"], "card": _CODE[thrown]}
    if pick_window.PICK in kinds and _pick_is_closer(view, hand, live):
        return {"type": pick_window.PICK}
    return {"type": pick_window.PASS}


def _pick_is_closer(view: View, hand: int, live: list[int]) -> bool:
    """Whether the pick, with the best major thrown after it, leaves the hand waiting on
    more winning cards or fewer cards from a win. A pick that only widens the ways in
    at the same distance is not worth the major it gives up."""
    (waiting_on, away, *_), _ = after_pick(view, hand, live)
    return (waiting_on, away) > standing(hand, live)[:2]


def after_pick(view: View, hand: int, live: list[int]) -> tuple[Rank, int]:
    """How close the hand is after picking the window's card and throwing its best major
    (:func:`best_throw` over its majors), and that major."""
    card = BIT[view["window"]["card"]]
    return best_throw(hand | card, _majors(hand), live)


def chances(
    view: View, candidates: Sequence[Action], rng: random.Random, samples: int = DEALS
) -> list[float]:
    """For each candidate action of the view's seat, the share of played-out deals it wins."""
    return [wins / samples for wins in _tally(view, candidates, rng, samples, others_win=0.0)]


def _scores(
    view: View, candidates: Sequence[Action], rng: random.Random, samples: int
) -> list[float]:
    return _tally(view, candidates, rng, samples, others_win=OTHERS_WIN)


def _tally(
    view: View, candidates: Sequence[Action], rng: random.Random, samples: int, others_win: float
) -> list[float]:
    """Each candidate's score over ``samples`` deals, the same deals and draws for all."""
    seat = view["seat"]
    starts = [_start(view, action) for action in candidates]
    totals = [0.0] * len(candidates)
    for _ in range(samples):
        hands, pile = deal(view, rng)
        luck = rng.getrandbits(32)
        for index, (action, hand, thrown) in enumerate(starts):
            play = random.Random(luck)
            shuffled = list(pile)
            play.shuffle(shuffled)
            winner = _play_out(view, list(hands), shuffled, action, hand, thrown, play)
            if winner == seat:
                totals[index] += 1.0
            elif winner is not None:
                totals[index] -= others_win
    return totals


def _start(view: View, action: Action) -> tuple[Action, int, int]:
    """The seat's ten cards after ``action`` and the card it throws (0 for a pass)."""
    hand = mask_of_codes(view["hand"])
    if action["type"] in ("discard", "discard_major"):
        thrown = BIT[action["card"]]
        return action, hand ^ thrown, thrown
    if action["type"] == pick_window.PASS:
        return action, hand, 0
    if action["type"] != pick_window.PICK:
        raise ValueError(f"no play-out for {action['type']!r}")
    _, thrown = after_pick(view, hand, unseen_bits(view))
    return action, (hand | BIT[view["window"]["card"]]) ^ thrown, thrown


def _play_out(
    view: View,
    hands: list[int],
    pile: list[int],
    action: Action,
    hand: int,
    thrown: int,
    rng: random.Random,
) -> int | None:
    seat = view["seat"]
    if action["type"] in ("discard", "discard_major"):
        hands[seat] = hand
        return play_on(hands, pile, Plan(hand), seat, seat, thrown, rng)
    window = view["window"]
    discarder, card = window["discarder"], BIT[window["card"]]
    # A nearer seat that wins with the card or picks it takes it before this seat's pick.
    taker, _ = first_taker(hands, seat, discarder, card, asked=False, takes=True, picking=True)
    if action["type"] == pick_window.PICK and taker == seat:
        hands[seat] = hand
        return play_on(hands, pile, Plan(hand), seat, seat, thrown, rng)
    return play_on(hands, pile, Plan(hands[seat]), seat, discarder, card, rng, asked=False)


def _majors(hand: int) -> list[int]:
    """The majors of ``hand`` (bits): the cards a pick may give up."""
    return [bit for bit in bits_of(hand) if bit & MAJORS]


def _seed(view: View) -> int:
    """A seed from what the view shows, so the same view gets the same deals."""
    return zlib.crc32(seen_key(view).encode())


def seen_key(view: View) -> str:
    """What the seat's decision reads of its view, as text: the seats and their elements,
    its hand, the hand sizes, the pile's size, the discards, the events and the discard on
    offer (not which seats have answered it, nor its deadline: the same window gets the
    same decision however far its answers are)."""
    window = view["window"]
    offer = None if window is None else (window["discarder"], window["card"])
    seen = (view["seat"], view["elements"], view["hand"], view["hand_sizes"], view["pile_size"])
    return repr((*seen, view["discards"], view["events"], offer))


def _candidates(view: View, moves: list[Action], choice: Action) -> list[Action]:
    """The moves worth playing out, the efficiency choice first: the other of pick and
    pass, or the least useful discards."""
    kinds = {move["type"] for move in moves}
    if kinds & {pick_window.PICK, pick_window.PASS}:
        answers = [m for m in moves if m["type"] in (pick_window.PICK, pick_window.PASS)]
        return [choice, *[m for m in answers if m != choice]]
    cards = [m["card"] for m in moves]
    hand = view["hand"]
    _, useful, _ = bots.plan(mask_of_codes(hand))
    links = bots.connections(cards, hand)
    ranked = sorted(cards, key=lambda card: (bool(BIT[card] & useful), links[card], card))
    chosen = [choice["card"], *[c for c in ranked if c != choice["card"]]][:MOST_CANDIDATES]
    return [{"type": choice["type"], "card": card} for card in chosen]


# --- the efficiency choice -------------------------------------------------------------


def unseen_bits(view: View) -> list[int]:
    """The cards this seat may still meet (not in its hand, a discard pile or a hand the
    table saw pick it), as bits."""
    return [BIT[card] for card in unseen(view, known_cards(view))]


def standing(hand: int, live: list[int]) -> tuple[int, int, int]:
    """How close a ten-card ``hand`` is to winning, larger is closer: how many ``live``
    cards complete it; else, from the winning hands made of its own and ``live`` cards
    only, minus how many cards away the nearest are, then how many different cards would
    bring it one nearer (:func:`nearest.ways_in`: more is a wider choice of ways in)."""
    finishing = sum(1 for bit in live if wins(hand | bit))
    if finishing:
        return finishing, 0, 0
    allowed = hand
    for bit in live:
        allowed |= bit
    away, ways = ways_in(hand, allowed)
    return 0, -away, ways.bit_count()


def rank(hand: int, thrown: int, live: list[int]) -> Rank:
    """How good throwing ``thrown`` from the eleven cards of ``hand`` is, larger is better:
    how close the ten left are (:func:`standing`), but of throws that leave them as near,
    a suited card before a major (a major kept is a pick the seat can still make), then
    the wider choice of ways in."""
    waiting_on, away, ways = standing(hand ^ thrown, live)
    return waiting_on, away, not thrown & MAJORS, ways


def best_throw(hand: int, choices: list[int], live: list[int], others: int = 0) -> tuple[Rank, int]:
    """The card of ``choices`` whose throw is best (:func:`rank`), and its rank.
    ``others``: late in the game, the cards the other seats may hold or draw (a mask); a
    hand that still waits on a win after some throw keeps waiting, with the least
    dangerous of its best throws (:func:`safety.danger`); one that cannot gives up on
    its win and throws what the others can least use."""
    rows = [(rank(hand, bit, live), -_links(hand, bit), bit) for bit in choices]
    if not others:
        return max(rows)[0::2]
    waiting = [row for row in rows if row[0][0]]
    if waiting:
        # On how many cards it waits, then danger: a major kept late is no use to a waiting hand.
        best = max(
            (near[:2], -danger(bit, others), links, bit, near) for near, links, bit in waiting
        )
        return best[4], best[3]
    best = max((-danger(bit, others), near, links, bit) for near, links, bit in rows)
    return best[1], best[3]


# --- links ---------------------------------------------------------------------------


def _links(hand: int, bit: int) -> float:
    row = _link_row(bit)
    return sum(row[other] for other in bits_of(hand ^ bit))


@cache
def _link_row(bit: int) -> dict[int, float]:
    code = _CODE[bit]
    return {other: bots.link(code, _CODE[other]) for other in _CODE if other != bit}
