"""DragSaga's event log in words: one translated sentence per structured engine event."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import Any

import pyphen
from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games.presence import at_the_table
from games.regions import rendering
from games.regions.looks import Look, data_of, text_of

register = template.Library()


def card_name(card: dict[str, Any] | None) -> str:
    if card is None:
        return "?"
    return card["name_ja"] if (get_language() or "").startswith("ja") else card["name_en"]


register.filter("card_name", card_name)

# A word longer than this may be broken on a small card ("Thunderbolt", "Dragonscale").
LONGEST_UNBROKEN = 8


@cache
def _english_syllables() -> pyphen.Pyphen:
    return pyphen.Pyphen(lang="en_US")


@register.filter
def soft_hyphens(name: str) -> str:
    """An English card name with soft hyphens in its long words, so that a small card breaks
    "Thunderbolt" as "Thunder-" / "bolt" instead of cutting it where the line ends."""
    return " ".join(
        _english_syllables().inserted(word, hyphen="\u00ad")
        if len(word) > LONGEST_UNBROKEN
        else word
        for word in name.split(" ")
    )


@register.filter
def pips(damage: int) -> str:
    """The seat's damage drawn as a row of bullets, one a point."""
    return "•" * damage


# Log lines remembered per process: a line never changes once its event happened (and the
# log, all public, is worded once per move for every viewer), so a move words one new line.
# Some 200 bytes each: room for 200 tables' logs.
REMEMBERED_LINES = 8192
LOG_SHOWN = 40  # the log shows the newest 40 events (presenters)


@register.simple_tag(takes_context=True)
def ds_log(context: template.Context | dict[str, Any], events: list[dict[str, Any]]) -> SafeString:
    """The log's lines (``<li>``), each worded once per event, the table's names
    (``names``), the names of the card it names and the language."""
    names, cards, language = tuple(context["names"]), context["ds"]["cards"], get_language() or ""
    # An event is filed under its text as a look's (games.regions.looks): the same event, the same
    # bytes, a quarter of a repr's cost (a line is read back from them once).
    lines = (
        _log_line(text_of(e), names, _names_of(cards.get(e.get("card"))), language) for e in events
    )
    return mark_safe("".join(lines))  # noqa: S308 - each line is format_html's


@register.simple_tag(takes_context=True, name="ds_log_region")
def log_region(context: template.Context | dict[str, Any]) -> SafeString:
    """The log region (``partials/log.html``): the table's last events, newest first
    (:func:`ds_log`), worded by ``rendering.log_region``."""
    credit = context.get("log_credit")
    if credit:  # a bot has stood in: each line names who made it (games.presence.at_the_table)
        events, sentence = context["view"]["events"], ds_sentence(context)
        return rendering.log_region(
            context, lambda: at_the_table.credited_log(credit, events, LOG_SHOWN, sentence)
        )
    return rendering.log_region(context, lambda: ds_log(context, context["ds"]["events"]))


def ds_sentence(
    context: template.Context | dict[str, Any],
) -> Callable[[dict[str, Any], tuple[str, ...]], str]:
    """Words one event as a sentence, its seats named by the names it is given."""
    cards = context["ds"]["cards"]
    return lambda event, names: ds_event({"names": names, "ds": {"cards": cards}}, event)


def _names_of(card: dict[str, Any] | None) -> tuple[str, str] | None:
    return None if card is None else (card["name_ja"], card["name_en"])


@lru_cache(maxsize=REMEMBERED_LINES)
def _log_line(
    event_text: bytes, names: tuple[str, ...], card: tuple[str, str] | None, language: str
) -> SafeString:
    event = data_of(event_text)
    cards = {} if card is None else {event["card"]: {"name_ja": card[0], "name_en": card[1]}}
    sentence = ds_event({"names": names, "ds": {"cards": cards}}, event)
    return format_html('<li class="event event-{}">{}</li>', event["type"], sentence)


@register.simple_tag(takes_context=True)
def ds_event(context: template.Context | dict[str, Any], event: dict[str, Any]) -> str:
    """The event as a sentence, naming seats by their players and cards by their names."""
    names: Sequence[str] = context["names"]
    cards: dict[str, Any] = context["ds"]["cards"]

    def who(seat: int) -> str:
        return names[seat]

    def card(card_id: str) -> str:
        return card_name(cards.get(card_id))

    kind = event["type"]
    if kind == "game_start":
        return _("The game starts; %(seat)s is the first start player.") % {
            "seat": who(event["start_player"])
        }
    if kind == "chosen":
        if event["phase"] == "choose_dragon":
            return _("%(seat)s has chosen a divine dragon.") % {"seat": who(event["seat"])}
        return _("%(seat)s has placed two cards.") % {"seat": who(event["seat"])}
    if kind == "dragons_kept":
        return _("Everyone keeps one divine dragon and discards the other two.")
    if kind == "round_start":
        return _("Round %(round)s begins; %(seat)s starts.") % {
            "round": event["round"],
            "seat": who(event["start_player"]),
        }
    if kind == "targets_revealed":
        aims = ", ".join(f"{who(s)} → {who(t)}" for s, t in enumerate(event["targets"]))
        return _("Targets revealed: %(aims)s.") % {"aims": aims}
    if kind == "turn":
        return _("%(seat)s's turn.") % {"seat": who(event["seat"])}
    if kind == "target_change":
        return _("%(seat)s discards a card to switch target from %(old)s to %(new)s.") % {
            "seat": who(event["seat"]),
            "old": who(event["old"]),
            "new": who(event["new"]),
        }
    if kind == "flip":
        return _("%(seat)s flips %(card)s at %(hits)s.") % {
            "seat": who(event["seat"]),
            "card": card(event["card"]),
            "hits": ", ".join(who(s) for s in event["hits"]),
        }
    if kind == "answered":
        return _("%(seat)s has answered the attack.") % {"seat": who(event["seat"])}
    if kind == "guard":
        return _("%(seat)s guards with %(card)s.") % {
            "seat": who(event["seat"]),
            "card": card(event["card"]),
        }
    if kind == "damage":
        parts = [
            _("%(seat)s blocks") % {"seat": who(d["seat"])}
            if d["blocked_by"]
            else _("%(seat)s takes %(amount)s") % {"seat": who(d["seat"]), "amount": d["amount"]}
            for d in event["damage"]
        ]
        return _("%(card)s: %(outcomes)s.") % {
            "card": card(event["card"]),
            "outcomes": _("; ").join(parts),
        }
    if kind == "pass":
        return _("%(seat)s passes.") % {"seat": who(event["seat"])}
    if kind == "end_turn":
        return _("%(seat)s ends the turn.") % {"seat": who(event["seat"])}
    if kind == "timeout":
        return _("%(seat)s ran out of time; the default applies.") % {"seat": who(event["seat"])}
    if kind == "clean_up":
        if not event["discarded_both"]:
            return _("Clean-up: flipped cards are discarded, the others go back to hand.")
        return _("Clean-up: %(seats)s flipped nothing and discard both placed cards.") % {
            "seats": ", ".join(who(s) for s in event["discarded_both"])
        }
    if kind == "end_check":
        return ngettext(
            "%(seats)s holds one card or fewer: the game ends.",
            "%(seats)s hold one card or fewer: the game ends.",
            len(event["seats"]),
        ) % {"seats": ", ".join(who(s) for s in event["seats"])}
    if kind == "game_end":
        return _("The game is over.")
    return kind


# Hands remembered per process: a seat's hand stays as it is through the others' moves.
# Some 5 kB each: a few per seat of a few hundred tables.
REMEMBERED_HANDS = 1024


@register.simple_tag
def ds_hand(hand: list[dict[str, Any]], choosing: bool) -> SafeString:
    """The hand's cards (``partials/_hand_cards.html``), rendered once per look (its cards
    as the table's set defines them, whether two are being picked) and language; from
    the look only, so a hand is only ever shown to the seat holding it."""
    return _hand(Look({"hand": hand, "choosing": choosing}), get_language() or "")


@lru_cache(maxsize=REMEMBERED_HANDS)
def _hand(look: Look, language: str) -> SafeString:
    return look.render("dragsaga/partials/_hand_cards.html")


@register.simple_tag
def ds_card(card: dict[str, Any]) -> str:
    """A card face, rendered once per card (as the set defines it) and language."""
    return _card_face(Look({"card": card}), get_language() or "")


@lru_cache(maxsize=256)
def _card_face(look: Look, language: str) -> str:
    return look.render("dragsaga/partials/card.html")


# Flip budgets remembered per process: a seat's stays as it is through the others' flips
# and attacks, and words every card it cannot flip (the prompt's dearest part). Under 1 kB.
REMEMBERED_FLIP_BUDGETS = 1024


@register.simple_tag
def ds_flip_budget(flips: dict[str, Any], flip_limit: int) -> SafeString:
    """The prompt's flip budget (``partials/_flip_budget.html``), rendered once per look
    and language: from the look only, so it is only ever shown to the seat whose placed
    cards it words."""
    look = Look({"ds": {"flips": flip_budget_look(flips), "flip_limit": flip_limit}})
    return _flip_budget(look, get_language() or "")


def flip_budget_look(flips: dict[str, Any]) -> dict[str, Any]:
    """What the prompt reads of the viewer's flip budget: the cost left, and each card
    that cannot be flipped now with its names, its cost and why."""
    return {
        "left": flips["left"],
        "blocked": [
            {
                "reason": b["reason"],
                "face": {key: b["face"][key] for key in ("name_ja", "name_en", "cost")},
            }
            for b in flips["blocked"]
        ],
    }


@lru_cache(maxsize=REMEMBERED_FLIP_BUDGETS)
def _flip_budget(look: Look, language: str) -> SafeString:
    return look.render("dragsaga/partials/_flip_budget.html")
