"""A remembered partial is filed under its look's text: two looks are one only when every
value in them is the same value of the same type, however the data was put together, so a
partial is never shown for data that renders otherwise (1.0 points are not 1, nor True),
and what cannot be told apart by its text (a lazy translation, a marked-safe string) is
refused as a look rather than filed under a text it shares with others."""

import pytest
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from games.regions.looks import Look


def test_the_same_data_put_together_differently_is_one_look():
    name = "".join(["Bø ", "<b>"])  # a string of its own, not the literal's
    shared = {"names": [name, name], "points": [1.5, 2]}
    copied = {"names": ["Bø <b>", "Bø <b>"], "points": [1.5, 2]}
    assert Look(shared) == Look(copied) and hash(Look(shared)) == hash(Look(copied))


@pytest.mark.parametrize(
    "other",
    [{"points": 1.0}, {"points": True}, {"points": "1"}, {"points": (1,)}, {"points": None}],
)
def test_values_that_render_apart_are_different_looks(other):
    assert Look({"points": 1}) != Look(other)
    assert Look({"points": [1]}) != Look({"points": (1,)})


@pytest.mark.parametrize("value", [mark_safe("<b>Ann</b>"), gettext_lazy("Pass")])
def test_what_a_text_cannot_tell_apart_is_no_look(value):
    with pytest.raises(ValueError):
        Look({"name": value})
