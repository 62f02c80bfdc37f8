"""The Dragon Formula log tells a pick once ("Ben picks 棒の5."), not twice ("Ben takes …"
as the window closes, then "Ben picks …"); a window nobody picked from still says so."""

import re

from django.utils import translation

from dragonformula.templatetags.tarot import df_log

NAMES = ["Ann", "Ben"]


def lines(events):
    with translation.override("en"):
        html = df_log({"names": NAMES}, events)
    return [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li[^>]*>.*?</li>", html)]


def test_a_pick_is_one_line():
    closed = {
        "type": "window_closed",
        "card": "W5",
        "from": 0,
        "answers": [None, "pick"],
        "taker": 1,
    }
    pick = {"type": "pick", "seat": 1, "card": "W5", "from": 0}
    assert lines([pick, closed]) == ["Ben picks Five of Wands."]


def test_a_window_nobody_picked_from_says_so():
    closed = {
        "type": "window_closed",
        "card": "W5",
        "from": 0,
        "answers": [None, "pass"],
        "taker": None,
    }
    assert lines([closed]) == ["Nobody picks Five of Wands."]
