"""A card's names and correspondences as one sentence in the page's language (its suit and
element; a court card's Golden Dawn title; a major's path, letter, the sephiroth it joins
and its attribution), for tooltips and labels."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils.translation import gettext as _

from dragonformula.rules.cards import load_seed
from games.templatetags.bilingual import pick


@cache
def sephiroth() -> dict[int, dict[str, Any]]:
    """The sephiroth of the tree by number (``seeds/tree.json``)."""
    return {entry["number"]: entry for entry in load_seed("tree.json")["sephiroth"]}


@cache
def suits() -> dict[str, dict[str, Any]]:
    """The suits by code, with their names and elements (``seeds/tarot.json``)."""
    return {entry["code"]: entry for entry in load_seed("tarot.json")["suits"]}


@cache
def classes() -> dict[str, dict[str, Any]]:
    """The majors' classes by key, with their names (``seeds/tarot.json``)."""
    return {entry["key"]: entry for entry in load_seed("tarot.json")["classes"]}


def describe(info: dict[str, Any]) -> str:
    """The card's names and correspondences as one sentence in the page's language."""
    name = pick(info, "name")
    if info["kind"] != "major":
        suit = suits()[info["suit"]]
        text = _("%(name)s — %(suit)s, element %(element)s") % {
            "name": name,
            "suit": pick(suit, "name"),
            "element": pick(suit, "element"),
        }
        if info["kind"] == "court":
            text += " · " + _("Golden Dawn: %(title)s") % {"title": pick(info, "golden_dawn")}
        return text
    low, high = info["sephiroth"]
    return _(
        "%(numeral)s %(name)s — path %(path)s, %(letter)s %(glyph)s; joins %(low)s %(low_name)s "
        "and %(high)s %(high_name)s; %(class)s: %(attribution)s"
    ) % {
        "numeral": info["numeral"],
        "name": name,
        "path": info["path"],
        "letter": pick(info["letter"], "name"),
        "glyph": info["letter"]["glyph"],
        "low": low,
        "low_name": pick(sephiroth()[low], "name"),
        "high": high,
        "high_name": pick(sephiroth()[high], "name"),
        "class": pick(classes()[info["class"]], "name"),
        "attribution": pick(info["attribution"], "name"),
    }
