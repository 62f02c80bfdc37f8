"""The Pick hint is the coach's advice (the strong bot's answer, the one the review weighs a
decision against), with why in the game's words: worked by hand on the positions a
newcomer was misled by, when the hint only asked "does the card complete a meld"."""

import pytest
from django.utils import translation

from dragonformula import hints
from dragonformula.rules import strong
from dragonformula.rules.coach import weigh
from dragonformula.rules.view import view
from tests.game.df_table import act, deal, table

NAMES = ["Ann", "Ben", "Cho", "Dev"]


def _window(hand: str, discard: str):
    """The state of seat 0's ``discard`` on offer, seat 2 (Cho) holding ``hand``."""
    state = table(4, [deal(4, {0: discard, 2: hand}, pile="PK")], dan_assist=False)
    return act(act(state, 0, "draw"), 0, "discard", discard)


def _hint(state, seat=2, lang="en"):
    with translation.override(lang):
        return hints.seat_hints(view(state, seat), NAMES)["pick"]


def test_a_queen_for_a_hand_that_already_holds_three_queens_is_passed():
    # Head W6 C6 S6, series W1-W3, court triple WQ CQ SQ: two majors of Tiphareth (6)
    # short. PQ only makes a second triple of queens; M20, the major it would give back,
    # is no use either: as far from a win after as before.
    state = _window("W6 C6 S6 W1 W2 W3 WQ CQ SQ M20", "PQ")
    hint = _hint(state)
    assert hint["answer"] == "pass"
    assert hint["why"] == (
        "Picking PQ (Queen of Pentacles) and giving back M20 (Judgement) would leave you "
        "2 cards from a win (Sephirot hand: Tiphareth), no nearer than now: Pass."
    )


def test_a_knight_that_leaves_the_hand_four_away_is_passed():
    # WN completes the court series WP WN WQ, but the hand is four cards from its nearest
    # win before the pick and still four after it, one of its majors given back.
    state = _window("WP WQ M5 M9 C1 C2 S4 S5 P7 P9", "WN")
    hint = _hint(state)
    assert hint["answer"] == "pass"
    assert "would leave you 4 cards from a win" in hint["why"]
    assert "no nearer than now: Pass." in hint["why"]


def test_a_major_that_would_cost_the_hand_its_own_majors_is_passed():
    # M3 completes the major series M2 M3 M4, but the majors a pick could give back are
    # M2 and M4 (never the card picked), the two Tiphareth needs: one card from a win
    # (C9 or P9, C6 ...) becomes two.
    state = _window("W6 C6 S6 W1 W2 W3 C7 C8 M2 M4", "M3")
    hint = _hint(state)
    assert hint["answer"] == "pass"
    assert hint["why"].startswith("Picking M3 (The Empress) and giving back M2")
    assert "would leave you 2 cards from a win (Sephirot hand: Tiphareth)" in hint["why"]
    assert "further than the 1 you are now: Pass." in hint["why"]


def test_a_three_that_brings_binah_nearer_is_picked_and_passing_it_is_what_the_review_marks():
    # Binah (3): its head needs two of C3 S3 P3 beside W3; M1 and M6 are its majors, and
    # two series are held. S3 completes no meld with two cards of the hand, yet picking it
    # (giving back the useless M20) leaves the hand one card from Binah instead of two.
    state = _window("W3 M1 M6 W5 W6 W7 C5 C6 C7 M20", "S3")
    hint = _hint(state)
    assert hint["answer"] == "pick"
    assert hint["why"] == (
        "Picking S3 (Three of Swords) and giving back M20 (Judgement) leaves you 1 card "
        "from a win (Sephirot hand: Binah) instead of 2: Pick."
    )
    assert strong.decide(view(state, 2)) == {"type": "pick"}  # the strong bot picks too
    # The review of a pass here: the coach would have picked, and wins more often.
    word = weigh(state, 2, {"type": "pass"}, samples=120)
    assert word["coach"] == {"type": "pick"}
    assert word["coach_chance"] > word["chance"]


def test_the_hint_is_in_japanese_on_a_japanese_page():
    state = _window("W3 M1 M6 W5 W6 W7 C5 C6 C7 M20", "S3")
    why = _hint(state, lang="ja")["why"]
    assert why.startswith("S3（剣の3）を拾ってM20（審判）を返すと")
    assert "ビナー" in why and ":" not in why and "Pick" not in why


@pytest.mark.parametrize(
    ("hand", "discard"),
    [("W3 M1 M6 W5 W6 W7 C5 C6 C7 M20", "S3"), ("P1 P2 P3 S8 S9 C4 W10 M8 M11 CK", "S7")],
)
def test_the_hint_stays_the_same_while_the_other_seats_answer(hand, discard):
    state = _window(hand, discard)
    before = _hint(state)
    assert _hint(act(act(state, 1, "pass"), 3, "pass")) == before


def test_a_seat_that_answered_or_discarded_is_advised_nothing():
    state = _window("W3 M1 M6 W5 W6 W7 C5 C6 C7 M20", "S3")
    assert _hint(state, seat=0) is None  # the discarder is not asked
    assert _hint(act(state, 2, "pass")) is None
