"""Tarot card faces for any page: ``{% load tarot %}{% card_face "W3" %}``.

Everything a face shows comes from the seed table the rules use
(``dragonformula.rules.cards.card_info``); the names are given in both
languages, the description (the tooltip and the screen reader's label) in the
page's language.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django import template
from django.utils.translation import gettext as _

from dragonformula.rules.cards import card_info, load_seed
from games.templatetags.bilingual import pick

register = template.Library()

RANK_LABELS = {1: "A", 11: "P", 12: "N", 13: "Q", 14: "K"}
ELEMENT_SYMBOLS = {"fire", "water", "air", "earth"}
# Long names are squeezed into the card's width rather than cut.
FIT_JA = 5
FIT_EN = 13


@cache
def sephiroth() -> dict[int, dict[str, Any]]:
    return {entry["number"]: entry for entry in load_seed("tree.json")["sephiroth"]}


@cache
def suits() -> dict[str, dict[str, Any]]:
    return {entry["code"]: entry for entry in load_seed("tarot.json")["suits"]}


@cache
def classes() -> dict[str, dict[str, Any]]:
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


def face(code: str) -> dict[str, Any]:
    """What the card face template shows for ``code``."""
    info = card_info(code)
    data: dict[str, Any] = {
        "code": info["code"],
        "kind": info["kind"],
        "suit": info["suit"] or "M",
        "name_ja": info["name_ja"],
        "name_en": info["name_en"],
        "label": pick(info, "name"),
        "description": describe(info),
    }
    if info["kind"] == "major":
        attribution = info["attribution"]
        data.update(
            numeral=info["numeral"],
            letter=info["letter"]["glyph"],
            joins=info["sephiroth"],
            # Elements are drawn (the alchemical glyphs are missing from common fonts);
            # planets and signs use their text glyphs, forced to text presentation.
            attribution_symbol=attribution["key"] if attribution["key"] in ELEMENT_SYMBOLS else "",
            attribution_glyph=attribution["glyph"] + "\ufe0e",
            fit_ja=len(info["name_ja"]) > FIT_JA,
            fit_en=len(info["name_en"]) > FIT_EN,
        )
    else:
        data.update(rank=RANK_LABELS.get(info["rank"], str(info["rank"])), element=info["element"])
    return data


@register.inclusion_tag("dragonformula/card_face.html")
def card_face(code: str, css_class: str = "") -> dict[str, Any]:
    """Render one card face; ``css_class`` adds classes (e.g. ``is-last-discard``)."""
    return {"face": face(code), "css_class": css_class}


@register.simple_tag
def card_description(code: str) -> str:
    """The card's names and correspondences (for a tooltip or an aria-label)."""
    return describe(card_info(code))
