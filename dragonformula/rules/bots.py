"""Bot players: ``random`` (any sensible legal action) and ``smart``.

The smart bot Dans and Picks-and-Dans whenever it can; otherwise it keeps the cards
with the most *connections* towards melds and a Sephirot head (same number or court
rank, neighbours in a suit, consecutive majors, majors derived from a number it
holds), prefers discards that leave it waiting on a win (``waits``), picks a discard
when that card connects better than the major it would give up, and discards the
least connected major after a pick. Every choice is deterministic given the state
(``rng_for(seed, "bot", move, seat)`` breaks ties).
"""

from __future__ import annotations

import random
from functools import cache, lru_cache

from dragonformula.rules import pick_window, schema
from dragonformula.rules.cards import card as card_of
from dragonformula.rules.deal import is_major
from dragonformula.rules.game import legal_actions
from dragonformula.rules.melds import MELD_MASKS_WITH_CARD, NUMBER_TRIPLES, mask_of, mask_of_codes
from dragonformula.rules.tree import DERIVED_MAJORS
from dragonformula.rules.turn import hand_wins
from dragonformula.rules.waits import unseen_cards, waits
from games.engine import Action, State, rng_for

LEVELS = ("random", "smart", "strong")  # the strong bot is :mod:`strong`, which reads this one
_DERIVED_MASK = {n: mask_of(majors) for n, majors in DERIVED_MAJORS.items()}


def sensible_actions(state: State, seat: int) -> list[Action]:
    """Legal actions minus the ones that can only be refused or penalised (a Pick
    without a major, a false Dan on a strict table)."""
    actions = legal_actions(state, seat)
    sensible = []
    for action in actions:
        if action["type"] in schema.SETTINGS:  # a seat's settings, not moves
            continue
        if action["type"] == pick_window.PICK and not pick_window.can_pick(state, seat):
            continue
        if action["type"] == "dan" and not hand_wins(state, seat):
            continue
        sensible.append(action)
    return sensible


def bot_action(state: State, seat: int, level: str) -> Action:
    """The ``random`` or ``smart`` bot's action (the ``strong`` bot's is
    :func:`dragonformula.rules.strong.decide`; the engine chooses between them)."""
    if level not in ("random", "smart"):
        raise ValueError(f"Unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    actions = sensible_actions(state, seat)
    if not actions:
        raise ValueError(f"Seat {seat} has nothing to do now")
    if level == "random":
        return _rng(state, seat).choice(actions)
    return _smart(state, seat, actions)


def _rng(state: State, seat: int, *salt: str) -> random.Random:
    return rng_for(state["seed"], "bot", state["move"], seat, *salt)


# --- the smart bot -------------------------------------------------------------


@cache
def _card(code: str) -> tuple[str, int]:
    """(suit letter, rank) with courts 11-14 and majors 0-21."""
    found = card_of(code)
    return found.suit, found.rank


@cache
def link(a: str, b: str) -> float:
    """How much two cards help each other towards a meld or a Sephirot reading."""
    suit_a, rank_a = _card(a)
    suit_b, rank_b = _card(b)
    major_a, major_b = suit_a == "M", suit_b == "M"
    if major_a and major_b:
        gap = abs(rank_a - rank_b)
        shared = bool(_sephiroth(rank_a) & _sephiroth(rank_b))
        return (1.0 if gap == 1 else 0.5 if gap == 2 else 0.0) + (1.0 if shared else 0.0)
    if major_a or major_b:
        major, other = (rank_a, (suit_b, rank_b)) if major_a else (rank_b, (suit_a, rank_a))
        return 0.7 if other[1] <= 10 and other[1] in _sephiroth(major) else 0.0
    court_a, court_b = rank_a > 10, rank_b > 10
    if court_a != court_b:
        return 0.0
    if rank_a == rank_b:
        return 1.0
    if suit_a == suit_b:
        gap = abs(rank_a - rank_b)
        return 1.0 if gap == 1 else 0.5 if gap == 2 else 0.0
    return 0.0


@cache
def _sephiroth(major: int) -> frozenset[int]:
    """The sephiroth a major's path touches."""
    return frozenset(n for n, majors in DERIVED_MAJORS.items() if f"M{major}" in majors)


def connections(cards: list[str], hand: list[str]) -> dict[str, float]:
    """How much each of ``cards`` links with the rest of ``hand``."""
    return {card: sum(link(card, other) for other in hand if other != card) for card in cards}


@lru_cache(maxsize=1 << 14)
def plan(mask: int) -> tuple[int, int, int]:
    """The closest Sephirot reading in reach of the cards of ``mask``.

    Returns (covered, useful, wanted): how many cards of the best plans (a head of N,
    two majors derived from N, two more melds) the hand already holds, the hand's cards
    that some best plan uses, and the cards missing from the best plans.
    """
    touching = _melds_touching(mask)
    starts = []
    for n in range(1, 11):
        head = max(_HEADS[n], key=lambda head_mask: (mask & head_mask).bit_count())
        majors = _two_lowest(mask & _DERIVED_MASK[n])
        starts.append(((mask & head).bit_count() + majors.bit_count(), n, head, majors))
    starts.sort(reverse=True)
    ceiling = _meld_cards(mask, touching)  # no plan's two melds hold more of the hand
    best, useful, wanted = -1, 0, 0
    for start, n, head, majors in starts:
        if start + ceiling < best:
            break
        rest = mask & ~head & ~majors
        first, second = _best_pair(rest, touching)
        covered = start + _overlap(rest, first, second)
        plan_cards = head | first | second
        missing = (plan_cards & ~mask) | (_DERIVED_MASK[n] & ~mask if majors.bit_count() < 2 else 0)
        used = (plan_cards & mask) | majors
        if covered > best:
            best, useful, wanted = covered, used, missing
        elif covered == best:
            useful, wanted = useful | used, wanted | missing
    return best, useful, wanted


_HEADS = {n: tuple(meld.mask for meld in melds) for n, melds in NUMBER_TRIPLES.items()}


def _melds_touching(mask: int) -> set[int]:
    found: set[int] = set()
    while mask:
        low = mask & -mask
        found.update(MELD_MASKS_WITH_CARD[low])
        mask ^= low
    return found


def _two_lowest(mask: int) -> int:
    low = mask & -mask
    rest = mask ^ low
    return low | (rest & -rest)


def _overlap(rest: int, first: int, second: int) -> int:
    return (rest & first).bit_count() + (rest & second).bit_count()


def _best_pair(rest: int, touching: set[int]) -> tuple[int, int]:
    """The two disjoint melds holding the most cards of ``rest`` (of the most promising)."""
    melds = sorted(((rest & meld).bit_count(), meld) for meld in touching if meld & rest)[-8:]
    best, pair = -1, (0, 0)
    for i, (count_a, mask_a) in enumerate(melds):
        for count_b, mask_b in melds[i + 1 :]:
            if not mask_a & mask_b and count_a + count_b > best:
                best, pair = count_a + count_b, (mask_a, mask_b)
    if best < 0 and melds:
        return melds[-1][1], 0
    return pair


def _meld_cards(mask: int, touching: set[int]) -> int:
    first, second = _best_pair(mask, touching)
    return _overlap(mask, first, second)


def _live_waits(state: State, seat: int, ten: list[str]) -> int:
    unseen = unseen_cards(state["hands"][seat], state["discards"])
    return len(waits(ten, state["elements"][seat], unseen=unseen))


def _best_discard(state: State, seat: int, candidates: list[str]) -> str:
    """Throw a card no best plan uses (the least connected); near a win, keep most waits."""
    hand = state["hands"][seat]
    covered, useful, _ = plan(mask_of_codes(hand))
    spare = [card for card in candidates if not mask_of_codes((card,)) & useful] or candidates
    links = connections(spare, hand)
    rng = _rng(state, seat)
    ranked = sorted(spare, key=lambda card: (links[card], rng.random()))
    if covered < len(hand) - 1:
        return ranked[0]
    scored = [
        (_live_waits(state, seat, [c for c in hand if c != card]), -index, card)
        for index, card in enumerate(ranked[:3])
    ]
    return max(scored)[2]


def _smart(state: State, seat: int, actions: list[Action]) -> Action:
    kinds = {action["type"]: action for action in actions}
    for winning in ("dan", pick_window.PICK_AND_DAN, "draw", "next_game"):
        if winning in kinds:
            return kinds[winning]
    if "discard" in kinds:
        card = _best_discard(state, seat, [a["card"] for a in actions if a["type"] == "discard"])
        return {"type": "discard", "card": card}
    if "discard_major" in kinds:
        majors = [a["card"] for a in actions if a["type"] == "discard_major"]
        return {"type": "discard_major", "card": _best_discard(state, seat, majors)}
    if pick_window.PICK in kinds and _pick_helps(state, seat):
        return kinds[pick_window.PICK]
    return kinds[pick_window.PASS]


def _pick_helps(state: State, seat: int) -> bool:
    """Pick when the discard is wanted and the hand, giving up a spare major, gets closer."""
    card = state["window"]["card"]
    hand = state["hands"][seat]
    covered, _, wanted = plan(mask_of_codes(hand))
    if not mask_of_codes((card,)) & wanted:
        return False
    after = [*hand, card]
    _, useful, _ = plan(mask_of_codes(after))
    majors = [c for c in hand if is_major(c)]
    spare = [m for m in majors if not mask_of_codes((m,)) & useful] or majors
    return any(plan(mask_of_codes([c for c in after if c != m]))[0] > covered for m in spare)
