"""A socket sends a region again only when its HTML changed, and remembers what it sent as
a hash, not a copy: an open socket no longer holds its viewer's whole table
(``games.regions.last_sent``)."""

import tracemalloc

from games.regions.last_sent import LastSent


def test_only_the_regions_that_changed_are_sent_again():
    sent = LastSent()
    first = {"hand": "<section id='hand'>A</section>", "log": "<ol id='log'></ol>"}
    assert sent.changed(first) == list(first.values())
    sent.note(first)

    later = {"hand": "<section id='hand'>A</section>", "log": "<ol id='log'><li>Ben</li></ol>"}
    assert sent.changed(later) == [later["log"]]
    sent.note(later)
    assert sent.changed(later) == []
    assert sent.changed(first) == [first["log"]]  # changed back: sent again


def test_a_change_to_some_regions_keeps_the_others_unless_told_they_are_all():
    sent = LastSent()
    sent.note({"hand": "A", "log": "L"})
    sent.note({"hand": "B"})
    assert sent.changed({"hand": "B", "log": "L"}) == []

    sent.note({"hand": "B"}, only_these=True)  # the log is no longer on the viewer's page
    assert sent.changed({"hand": "B", "log": "L"}) == ["L"]


def test_what_was_sent_is_not_kept():
    sent = LastSent()
    tracemalloc.start()
    try:
        region = "<section id='seats'>" + "x" * 1_000_000 + "</section>"
        sent.note({"seats": region})
        del region
        held, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert held < 10_000
    assert sent.changed({"seats": "<section id='seats'></section>"}) != []
