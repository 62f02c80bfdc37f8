"""Review findings: bad input to the hand tools is refused with ValueError, never a crash."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from dragonformula.rules import best_hand, parse_cards, waits

TEN = ["C3", "S3", "P3", "C4", "S4", "P4", "C5", "S5", "M7", "M8"]


@pytest.mark.parametrize("junk", [5, None, True, 2.5])
def test_parse_cards_refuses_what_is_not_text_or_a_list_of_codes(junk):
    with pytest.raises(ValueError, match="card codes"):
        parse_cards(junk)


@pytest.mark.parametrize("junk", [5, True, {"W5": 1}])
def test_waits_refuse_unseen_that_is_not_a_list_of_codes(junk):
    with pytest.raises(ValueError):
        waits(TEN, "fire", unseen=junk)


def test_best_hand_refuses_a_number_for_cards():
    with pytest.raises(ValueError, match="card codes"):
        best_hand(11, "fire")


def test_a_batch_line_with_a_bad_unseen_gets_an_error_and_the_rest_still_run():
    lines = [
        json.dumps({"cards": TEN, "element": "fire", "waits": True, "unseen": 5}),
        json.dumps({"cards": TEN, "element": "fire", "waits": True, "unseen": True}),
        json.dumps({"cards": TEN, "element": "fire", "waits": True}),
    ]
    out = io.StringIO()
    call_command("df_hand", "--batch", "-", stdin=io.StringIO("\n".join(lines)), stdout=out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == 3
    assert "error" in answers[0] and "error" in answers[1]
    assert [w["card"] for w in answers[2]["waits"]] == ["P5", "W5"]


GENIUS_AND_SURPRISE = "Genius .*Dan.* and Surprise .*Pick-and-Dan.* cannot both"


def test_genius_and_surprise_together_are_refused():
    # Genius needs a Dan after a draw, Surprise a Pick-and-Dan (RULES 1.4 Multipliers):
    # one win cannot be both, so a score sheet asking for both is refused, not scored x50.
    cards = "C6 S6 P6 W1 W2 W3 CK SK PK M2 M4"
    with pytest.raises(ValueError, match=GENIUS_AND_SURPRISE):
        best_hand(cards, "fire", genius=True, surprise=True)
    assert best_hand(cards, "fire", genius=True, last_judgement=True).total == 4000
    assert best_hand(cards, "fire", surprise=True, last_judgement=True).total == 2000


def test_the_calculator_refuses_genius_with_surprise():
    from django.core.management import CommandError

    cards = ["C6", "S6", "P6", "W1", "W2", "W3", "CK", "SK", "PK", "M2", "M4"]
    with pytest.raises(CommandError, match="cannot both"):
        call_command("df_hand", "--element", "fire", "--genius", "--surprise", *cards)
    line = json.dumps({"cards": cards, "element": "fire", "genius": True, "surprise": True})
    out = io.StringIO()
    call_command("df_hand", "--batch", "-", stdin=io.StringIO(line), stdout=out)
    assert "cannot both" in json.loads(out.getvalue())["error"]


def test_the_genius_condition_says_no_pick_of_ones_own_in_both_languages():
    # RULES 1.4: Genius is a Dan on the first draw "before any pick of theirs"; the
    # Japanese rules page must say so as the English one does.
    from dragonformula.rules import scoring_table

    genius = next(m for m in scoring_table()["multipliers"] if m["id"] == "genius")
    assert "before any pick of yours" in genius["condition_en"]
    assert "自分のピック" in genius["condition_ja"]
