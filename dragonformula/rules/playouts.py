"""Quick play-outs of a Dragon Formula game on a deal the strong bot's seat cannot tell apart.

A play-out deals the cards the seat cannot see again (:func:`deal`): the other hands get
the cards they are known to hold (picked and not discarded since) and random unseen ones,
then as many draws' worth of keeping the better card as each has drawn this game, so they
are as far along as real hands that many turns in. Then everybody plays on with cards as
bit masks (:func:`play_on`). A discard goes to the seat nearest after the discarder that
wants it: one it completes a winning hand for, or one that picks it. The other seats pick
a discard that completes a meld with two of their cards when they hold a major to give
up (:func:`picks_up`), and throw their least linked card or major; the seat itself
follows its :class:`Plan` (it keeps and picks the cards its best readings want, and
throws what they do not use). A play-out ends with the winning seat, or ``None`` when
the pile runs out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dragonformula.rules import bots
from dragonformula.rules.cards import ALL_CARDS
from dragonformula.rules.deal import is_major
from dragonformula.rules.hidden_deals import known_cards, unseen
from dragonformula.rules.melds import MELD_MASKS_WITH_CARD, mask_of_codes
from dragonformula.rules.readings import wins
from games.engine import View

BIT = {code: mask_of_codes((code,)) for code in ALL_CARDS}
MAJORS = mask_of_codes(code for code in ALL_CARDS if is_major(code))
PICKS_A_PLAY_OUT = 24  # then nobody picks: two seats could hand majors back and forth for ever
_UNITS = {0.5: 1, 0.7: 1, 1.0: 2, 1.5: 3, 2.0: 4}  # bots.link's values, in half links


def _planes() -> dict[int, tuple[int, int, int]]:
    """Per card, three masks whose weighted counts in a hand (1, 2, 4) are how strongly
    the card links with that hand (:func:`bots.link` in half links), for quick sums."""
    planes = {}
    for code in ALL_CARDS:
        masks = [0, 0, 0]
        for other in ALL_CARDS:
            units = _UNITS.get(round(bots.link(code, other), 1), 0) if other != code else 0
            for plane in range(3):
                if units >> plane & 1:
                    masks[plane] |= BIT[other]
        planes[BIT[code]] = (masks[0], masks[1], masks[2])
    return planes


PLANES = _planes()


def least_linked(hand: int, choices: int, rng: random.Random) -> int:
    """The card of ``choices`` (a mask) least linked with ``hand``; ties broken at random."""
    best, found = 1 << 30, 0
    while choices:
        bit = choices & -choices
        choices ^= bit
        ones, twos, fours = PLANES[bit]
        links = (ones & hand).bit_count() + 2 * (twos & hand).bit_count()
        links += 4 * (fours & hand).bit_count()
        score = links << 6 | rng.getrandbits(6)
        if score < best:
            best, found = score, bit
    return found


@dataclass
class Plan:
    """The seat's own play in a play-out: the cards its best readings use and want."""

    hand: int
    useful: int = 0
    wanted: int = 0

    def __post_init__(self) -> None:
        _, self.useful, self.wanted = bots.plan(self.hand)

    def keep(self, card: int) -> None:
        self.useful |= card
        self.wanted &= ~card


def deal(view: View, rng: random.Random) -> tuple[list[int], list[int]]:
    """The hands (masks) and the pile (bits, drawn from the end) of a deal consistent with
    ``view``: its seat's hand, the cards known in other hands, the rest at random, each
    other hand bettered by as many draws as its seat has made this game."""
    seat, players = view["seat"], view["players"]
    known = known_cards(view)
    hidden = [BIT[card] for card in unseen(view, known)]
    rng.shuffle(hidden)
    hands = []
    for other in range(players):
        mask = mask_of_codes(view["hand"] if other == seat else known[other])
        if other != seat:
            missing = view["hand_sizes"][other] - len(known[other])
            for bit in hidden[:missing]:
                mask |= bit
            hidden = hidden[missing:]
        hands.append(mask)
    draws = [0] * players
    for event in view["events"]:
        if event["type"] == "draw":
            draws[event["seat"]] += 1
    for other in range(players):
        if other != seat:
            hands[other] = _bettered(hands[other], draws[other], hidden, rng)
    return hands, hidden


def _bettered(hand: int, draws: int, pool: list[int], rng: random.Random) -> int:
    """``hand`` after ``draws`` swaps with random cards of ``pool`` (kept in the pool)
    that keep the better linked card."""
    for _ in range(draws if pool else 0):
        index = rng.randrange(len(pool))
        together = hand | pool[index]
        if wins(together):
            continue  # a hand that won would have ended the game: not this deal's
        thrown = least_linked(together, together, rng)
        pool[index] = thrown
        hand = together ^ thrown
    return hand


def picks_up(hand: int, card: int) -> bool:
    """Whether another seat picks the discard ``card`` in a play-out: it holds a major to
    give up, and the card completes a meld with two of its cards (the smart bot picks a
    card its readings want, and a meld is what they want most)."""
    if not hand & MAJORS:
        return False
    for meld in MELD_MASKS_WITH_CARD[card]:
        rest = meld ^ card
        if rest & hand == rest:
            return True
    return False


def play_on(
    hands: list[int],
    pile: list[int],
    plan: Plan,
    seat: int,
    discarder: int,
    card: int,
    rng: random.Random,
    asked: bool = True,
    picks: int = PICKS_A_PLAY_OUT,
) -> int | None:
    """Play on from ``discarder``'s discard of ``card`` until a seat wins (its number) or
    the pile runs out (``None``); ``seat`` plays its ``plan``. ``asked=False``: ``seat``
    has passed on this discard already; ``picks``: how many picks may still be made."""
    players = len(hands)
    while True:
        spare = hands[seat] & MAJORS & ~plan.useful
        takes = asked and bool(card & plan.wanted and spare)
        taker, won = first_taker(hands, seat, discarder, card, asked, takes, picking=picks > 0)
        if won:
            return taker
        if taker is not None:
            picks -= 1
            together = hands[taker] | card
            if taker == seat:
                plan.keep(card)
                thrown = least_linked(together, spare, rng)
            else:
                thrown = least_linked(together, hands[taker] & MAJORS, rng)
            hands[taker] = together ^ thrown
            discarder, card, asked = taker, thrown, True
            continue
        asked = True
        if not pile:
            return None
        drawer = (discarder + 1) % players
        drawn = pile.pop()
        together = hands[drawer] | drawn
        if wins(together):
            return drawer
        if drawer != seat:
            card = least_linked(together, together, rng)
        elif drawn & plan.wanted:
            plan.keep(drawn)
            card = least_linked(together, together & ~plan.useful or hands[drawer], rng)
        else:
            card = drawn
        hands[drawer] = together ^ card
        discarder = drawer


def first_taker(
    hands: list[int],
    seat: int,
    discarder: int,
    card: int,
    asked: bool,
    takes: bool,
    picking: bool,
) -> tuple[int | None, bool]:
    """Who takes a discard, and whether they win with it: the seat nearest after the
    discarder that wins with it or picks it (nearness alone decides, RULES §1.5).
    ``asked=False``: ``seat`` passed on it already; ``takes``: ``seat`` picks it."""
    players = len(hands)
    for step in range(1, players):
        other = (discarder + step) % players
        if other == seat:
            if asked and wins(hands[seat] | card):
                return seat, True
            if takes and picking:
                return seat, False
        elif wins(hands[other] | card):
            return other, True
        elif picking and picks_up(hands[other], card):
            return other, False
    return None, False
