"""What one socket last sent of each region, kept as a hash of the region's HTML.

A socket sends a region only when its HTML differs from what it sent last (a half-made
choice in an unchanged region survives other players' moves). Keeping the HTML itself
kept every socket's whole view alive for as long as the socket was open, after the caches
had let it go: a seat's regions are tens of kilobytes late in a match, 16 MB at 150 tables
(docs/performance.md, "Tables held"). A hash says the same in a few bytes: Python's string
hash (64 bits, computed once per string), so two different versions of a region compare
equal about once in 2**64 comparisons.
"""

from __future__ import annotations

from collections.abc import Mapping


class LastSent:
    """Per region id, the hash of the HTML a socket last sent (or its page was loaded with)."""

    __slots__ = ("_hashes",)

    def __init__(self) -> None:
        self._hashes: dict[str, int] = {}

    def changed(self, regions: Mapping[str, str]) -> list[str]:
        """The HTML of each of ``regions`` (id -> HTML) that differs from what was sent."""
        return [html for region, html in regions.items() if self._hashes.get(region) != hash(html)]

    def note(self, regions: Mapping[str, str], *, only_these: bool = False) -> None:
        """``regions`` are now what the viewer has; with ``only_these``, the regions not
        among them are forgotten (the next frame sends them whatever they hold)."""
        hashes = {region: hash(html) for region, html in regions.items()}
        self._hashes = hashes if only_these else {**self._hashes, **hashes}
