"""A Dragon Formula seat's hints region, worded in Python: ``{% df_hints_region %}``.

The region (``partials/hints.html``) is rendered again whenever what the seat's hints say
changes: its draw, the hands in reach, the coach's answer to a discard on offer. As a
template it took about a millisecond each time (its translated sentences, the switch's
URL); worded here it takes a tenth of that. The table still renders it from its look
alone, once per look and language (``dragonformula.region_looks.hints``), so what a seat
is shown can never differ from the look it is filed under.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext

from games.regions import rendering

register = template.Library()

HINTS_HTML = '<section id="hints" class="seat-hints"{} aria-label="{}">{}</section>\n'
SWITCH_HTML = (
    '<button type="button" class="hint-switch" hx-post="{}" hx-vals=\'{{"on": "{}"}}\' '
    'hx-swap="none" aria-pressed="{}">{}</button>\n'
)
CARD_HTML = '<abbr title="{}">{}</abbr>'


@register.simple_tag(takes_context=True, name="df_hints_region")
def hints_region(context: template.Context | Mapping[str, Any]) -> SafeString:
    """The seat's hints (``dragonformula.hints``, from its own view only), the card
    legend while they are on, and the switch; empty for a spectator and once the game is
    over."""
    inner = ""
    if context.get("game") and context.get("my_seat") is not None and not context["finished"]:
        inner = _seat_hints(context)
    oob = rendering.OOB if context.get("oob") else ""
    return format_html(HINTS_HTML, oob, gettext("Hints"), inner)


def _seat_hints(context: template.Context | Mapping[str, Any]) -> SafeString:
    guide = context.get("guide")
    guided = _guide_step(context) if guide else ""
    hints, hints_on = context["df"]["hints"] or {}, context["hints_on"]
    parts = [
        f"\n{guided}\n\n",
        _banner(hints.get("banner")),
        "\n",
        _drawn(hints.get("drawn")),
        "\n",
        _pick(hints.get("pick")),
        "\n",
        _reach(hints.get("reach")),
        "\n\n",
        _legend(context["df"]["you"]) if hints_on else "",
        "\n",
        _switch(_code_of(context["table"]), hints_on, get_language(), get_script_prefix()),
    ]
    return mark_safe("".join(parts))  # noqa: S308 - every part is escaped


def _guide_step(context: template.Context | Mapping[str, Any]) -> str:
    """A guided first game's step (``learn/_guide_step.html``), read from the whole context."""
    data = context.flatten() if isinstance(context, template.Context) else context
    return render_to_string("learn/_guide_step.html", data)


def _banner(banner: Mapping[str, Any] | None) -> str:
    if not banner:
        return ""
    if banner["type"] == "win":
        sentence = rendering.worded(
            gettext("%(name)s won with %(hand)s (%(points)s points)."),
            name=banner["name"],
            hand=banner["hand"],
            points=banner["points"],
        )
    else:
        wording = (
            gettext("%(name)s took %(code)s %(card)s from %(from)s and won (Pick-and-Dan).")
            if banner["type"] == "pick_and_dan"
            else gettext("%(name)s picked %(code)s %(card)s from %(from)s.")
        )
        card = banner["card"]
        sentence = rendering.worded(
            wording,
            name=banner["name"],
            code=card["code"],
            card=card["name"],
            **{"from": banner["from"]},
        )
    return f'<p class="hint-banner" role="status">{sentence}</p>'


def _drawn(drawn: Mapping[str, Any] | None) -> str:
    if not drawn:
        return ""
    sentence = rendering.worded(
        gettext("You drew <b>%(code)s</b> %(card)s."), code=drawn["code"], card=drawn["name"]
    )
    return f'<p class="hint-drawn">{sentence}</p>'


def _pick(pick: Mapping[str, Any] | None) -> str:
    if not pick:
        return ""
    if pick.get("thinking"):
        thinking = conditional_escape(gettext("The coach is thinking…"))
        return f'<p class="hint-pick hint-thinking" role="status">{thinking}</p>'
    answer, why = conditional_escape(pick["answer"]), conditional_escape(pick["why"])
    return f'<p class="hint-pick" data-answer="{answer}">{why}</p>'


def _reach(reach: Mapping[str, Any] | None) -> str:
    if not reach:
        return ""
    away = reach["away"]
    if away == 0:
        said = conditional_escape(gettext("Your hand wins: declare Dan."))
    elif away is None:
        said = conditional_escape(
            gettext("No winning hand is in reach with the cards you have not seen.")
        )
    else:
        counted = ngettext(
            "%(away)s card from a winning hand:", "%(away)s cards from a winning hand:", away
        )
        said = rendering.worded(counted, away=away) + _hands(reach["hands"])
    return f'<p class="hint-reach">{said}</p>'


def _hands(hands: list[Mapping[str, Any]]) -> str:
    """The hands in reach, each with the cards it lacks, ``;`` between them."""
    lacks = conditional_escape(gettext("lacks"))
    shown = []
    for number, hand in enumerate(hands, start=1):
        cards = " ".join(
            format_html(CARD_HTML, card["name"], card["code"]) for card in hand["lacks"]
        )
        separator = ";" if number < len(hands) else ""
        name = conditional_escape(hand["name"])
        shown.append(f' <span class="hint-hand"><b>{name}</b> ({lacks} {cards}){separator}</span>')
    return "".join(shown)


def _code_of(table: Any) -> str:
    """The table's code, of the table or of a look's ``{"code": ...}``."""
    return table["code"] if isinstance(table, Mapping) else table.code


def _legend(you: Mapping[str, Any]) -> str:
    """The card legend (``partials/_legend.html``), once per seat's element and language."""
    own = tuple(str(you[key]) for key in ("element_name", "own_suit_name", "own_suit"))
    return _legend_of(own, get_language())


@lru_cache(maxsize=64)  # four elements, two languages
def _legend_of(own: tuple[str, str, str], language: str) -> str:
    you = dict(zip(("element_name", "own_suit_name", "own_suit"), own, strict=True))
    return render_to_string("dragonformula/partials/_legend.html", {"df": {"you": you}})


@lru_cache(maxsize=1024)  # a few per table being played
def _switch(code: str, hints_on: bool, language: str, prefix: str) -> str:
    """The hints' switch of the table ``code`` (``prefix``: the site's script prefix): it
    posts the other setting."""
    return format_html(
        SWITCH_HTML,
        reverse("dragonformula:hints", args=[code]),
        "false" if hints_on else "true",
        "true" if hints_on else "false",
        gettext("Hints: on") if hints_on else gettext("Hints: off"),
    )
