"""Tarot words for Dragon Formula's templates: card faces, card, hand, bonus names, the event log.

``{% tarot_card "W3" %}`` renders the table's card face (``partials/card.html``) for a
code, e.g. on the rules pages; ``{% card_description code %}`` is the card's names
and correspondences as one sentence in the page's language (tooltips, labels).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from dragonformula import scored_hands
from dragonformula.card_words import describe
from dragonformula.rules import hands, score_table
from dragonformula.rules.cards import card_info
from dragonformula.rules.cards import card_name as name_of_card
from games.presence import at_the_table
from games.regions import rendering
from games.regions.looks import Look, data_of, text_of

register = template.Library()


def _lang() -> str:
    return "ja" if (get_language() or "ja").startswith("ja") else "en"


@register.filter
def card_name(face: dict[str, Any] | None) -> str:
    if not face:
        return ""
    return face["name_ja"] if _lang() == "ja" else face["name_en"]


@register.filter
def card_code_name(code: str) -> str:
    """A card's name, from its code, in the active language."""
    return name_of_card(code, _lang())


# A hand, bonus or multiplier the scoring table does not know (an old result) shows its id.
hand_name = register.filter("hand_name", scored_hands.hand_name)
bonus_name = register.filter("bonus_name", scored_hands.bonus_name)
multiplier_name = register.filter("multiplier_name", scored_hands.multiplier_name)


@register.filter
def bonus_points(bonus_id: str) -> int:
    return score_table.bonus_points(bonus_id)


def reading_part_labels() -> dict[str, str]:
    """The words for the kinds of :func:`hands.reading_parts`, in the active language."""
    return {
        "head": _("Head"),
        "meld": _("Meld"),
        "pair": _("Pair"),
        "group": _("Group"),
        "majors": _("Majors"),
    }


@register.filter
def reading_groups(reading: dict[str, Any] | None) -> list[tuple[str, list[str]]]:
    """A scored reading as (label, card codes): head, melds or pairs or groups, majors."""
    if not reading:
        return []
    labels = reading_part_labels()
    return [(labels[kind], cards) for kind, cards in hands.reading_parts(reading)]


@register.filter
def multiplier_factor(multiplier_id: str) -> int:
    return score_table.multiplier_factor(multiplier_id)


# Log lines remembered per process: a line never changes once its event happened, and a
# viewer's log is the table's last 30 (the same for every seat but its own draws), so a
# move words one new line. Some 250 bytes each: room for 250 tables' logs.
REMEMBERED_LINES = 8192
LOG_SHOWN = 30  # the log shows the newest 30 events (presenters)


@register.simple_tag(takes_context=True)
def df_log(context: template.Context | dict[str, Any], events: list[dict[str, Any]]) -> SafeString:
    """The log's lines (``<li>``) for ``events`` as the viewer sees them, each worded once
    per event, the table's names (``names``) and language."""
    names, language = tuple(context["names"]), rendering.language_of(context)
    shown = _lines_shown(context, names, language)
    lines = []
    for event in events:
        known = shown.get(id(event))
        if known is None or known[0] is not event:
            # An event is filed under its text as a look's (games.regions.looks): the same event, the
            # same bytes, a quarter of a repr's cost (a line is read back from them once).
            known = shown[id(event)] = (event, _log_line(text_of(event), names, language))
        lines.append(known[1])
    return mark_safe("".join(lines))  # noqa: S308 - each line is format_html's


def _lines_shown(
    context: template.Context | dict[str, Any], names: tuple[str, ...], language: str
) -> dict[int, tuple[dict[str, Any], SafeString]]:
    """The lines already worded for the table as read (its snapshot), in ``language``, by
    the event they word: the views of one table share its public events (the same objects:
    ``rules.view`` copies only the draws it hides), so each is looked up by its text once,
    not once per viewer. Each holds its event, whose identity it is filed under."""
    snapshot = context.get("snapshot")
    if snapshot is None:
        return {}
    return snapshot.shared_regions(language).setdefault((LOG_LINES, names), {})


LOG_LINES = "df-log-lines"  # where a snapshot's shared regions keep its worded lines


@register.simple_tag(takes_context=True, name="df_log_region")
def log_region(context: template.Context | dict[str, Any]) -> SafeString:
    """The log region (``partials/log.html``): the viewer's last events, newest first
    (:func:`df_log`), worded by ``rendering.log_region``."""
    credit = context.get("log_credit")
    if credit:  # a bot has stood in: each line names who made it (games.presence.at_the_table)
        events = context["view"]["events"]
        return rendering.log_region(
            context, lambda: at_the_table.credited_log(credit, events, LOG_SHOWN, df_sentence)
        )
    return rendering.log_region(context, lambda: df_log(context, context["df"]["events"]))


def df_sentence(event: dict[str, Any], names: tuple[str, ...]) -> str:
    """One event as a sentence, its seats named by ``names``."""
    return df_event(named(event, names))


@lru_cache(maxsize=REMEMBERED_LINES)
def _log_line(event_text: bytes, names: tuple[str, ...], language: str) -> SafeString:
    event = data_of(event_text)
    sentence = df_event(named(event, names))
    if not sentence:
        return mark_safe("")  # an event another line already tells
    return format_html('<li class="event event-{}">{}</li>', event["type"], sentence)


def named(event: dict[str, Any], names: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """The event with the seats' names and the card's face its sentence needs."""
    shown = dict(event)
    for key in ("seat", "from", "taker", "starter"):
        if isinstance(event.get(key), int):
            shown[f"{key}_name"] = names[event[key]]
    if isinstance(event.get("card"), str):
        shown["face"] = card_info(event["card"])
    if event.get("type") == "window_closed" and isinstance(event.get("taker"), int):
        # Who asked for the discard too and lost it to a nearer seat (the answers are
        # shown once the window closes).
        shown["outpicked_names"] = [
            names[seat]
            for seat, answer in enumerate(event.get("answers") or [])
            if answer in ("pick", "pick_and_dan") and seat != event["taker"]
        ]
    return shown


def df_event(event: dict[str, Any]) -> str:
    """One event of the table as a sentence (with the names and card face of :func:`named`)."""
    kind = event["type"]
    who = event.get("seat_name", "")
    card = card_name(event.get("face"))
    if kind == "game_start":
        return _("Set %(set)s, game %(game)s: %(starter)s starts.") % {
            "set": event.get("set"),
            "game": event.get("game"),
            "starter": event.get("starter_name", ""),
        }
    if kind == "draw":
        if event.get("face"):
            return _("You draw %(card)s.") % {"card": card}
        return _("%(seat)s draws (%(pile)s left).") % {"seat": who, "pile": event.get("pile")}
    if kind == "discard":
        return _("%(seat)s discards %(card)s.") % {"seat": who, "card": card}
    if kind == "window_closed":
        if event.get("taker") is None:
            return _("Nobody picks %(card)s.") % {"card": card}
        if event.get("outpicked_names"):  # a lost Pick says why
            return _("%(others)s also asked for %(card)s: %(taker)s is nearer the discarder.") % {
                "others": ", ".join(event["outpicked_names"]),
                "card": card,
                "taker": event.get("taker_name", ""),
            }
        return ""  # the pick (or pick and Dan) that follows says who took it, once
    if kind == "pick":
        return _("%(seat)s picks %(card)s.") % {"seat": who, "card": card}
    if kind == "discard_major":
        return _("%(seat)s discards the major %(card)s.") % {"seat": who, "card": card}
    if kind == "dan":
        return _("%(seat)s declares Dan!") % {"seat": who}
    if kind == "pick_and_dan":
        return _("%(seat)s picks %(card)s and declares Dan!") % {"seat": who, "card": card}
    if kind == "win":
        return _("%(seat)s wins with %(hand)s for %(points)s points.") % {
            "seat": who,
            "hand": hand_name(event["reading"]["hand"]),
            "points": event["points"],
        }
    if kind == "false_dan":
        return _("%(seat)s declared a false Dan: %(points)s points.") % {
            "seat": who,
            "points": event["points"],
        }
    if kind == "exhaust":
        return _("The pile is empty: the game ends with no winner.")
    if kind == "set_end":
        return _("Set %(set)s is over.") % {"set": event.get("set")}
    if kind in CLOCK_EVENTS:
        return str(CLOCK_EVENTS[kind]) % {"seat": who}
    return kind


CLOCK_EVENTS = {  # dragonformula.rules.clock
    "timeout": gettext_lazy("%(seat)s is out of time: the server plays the turn."),
    "away": gettext_lazy("%(seat)s is away: a bot plays for them."),
    "back": gettext_lazy("%(seat)s is back."),
}


# The hand's form around its cards: a discard posts to the table's URL with the version seen.
HAND_HTML = (
    '<form hx-post="{}" hx-include="#seen" hx-swap="none" class="cards" tabindex="0">\n'
    "  {}\n  </form>"
)


@register.simple_tag
def df_hand(hand: list[dict[str, Any]], hand_action: str | None, act_url: str) -> SafeString:
    """The hand's cards in their form, each card rendered once per card, what it can do (a
    discard's action), the kind of discard and the language (:func:`_hand_card`), joined
    when asked: from those only, so a hand is only ever shown to the seat holding it.

    Whole hands are not remembered. The hand's region is remembered by its look already,
    so a remembered hand was asked for again 0.4 % of the time at 150 tables, while 1,024
    of them held some 9 MB (docs/performance.md, "Under abuse")."""
    language = get_language() or ""
    shown = "".join(
        _hand_card(card["code"], card["action"], hand_action, language, card.get("drawn", False))
        for card in hand
    )
    return mark_safe(HAND_HTML.format(escape(act_url), shown))  # noqa: S308 - each its template's


# A hand's cards remembered per process, each once per card, what it can do (its discard's
# action or none) and the kind of discard: a new hand is mostly cards already shown.
REMEMBERED_HAND_CARDS = 1024


@lru_cache(maxsize=REMEMBERED_HAND_CARDS)
def _hand_card(
    code: str, action: str | None, hand_action: str | None, language: str, drawn: bool = False
) -> str:
    """One card; ``drawn``: the card just drawn, marked for a seat with hints on."""
    context = {
        "card": {**card_info(code), "action": action},
        "hand_action": hand_action,
        "drawn": drawn,
    }
    return render_to_string("dragonformula/partials/_hand_card.html", context)


# Prompts remembered per process: a seat's prompt stays as it is through most moves (the
# others' turns, a pick window it has answered), and is the same for the seats asked alike.
# Under 1 kB each, and its look as much.
REMEMBERED_PROMPTS = 1024


# The prompt region (``partials/prompt.html``) around a refusal, if any, and the prompt.
PROMPT_HTML = '<section id="prompt" class="prompt"{} aria-live="polite">\n{}\n</section>\n'
REFUSAL_HTML = '<p class="refusal" role="alert">{}</p>'


@register.simple_tag(takes_context=True, name="df_prompt_region")
def prompt_region(context: template.Context | dict[str, Any]) -> SafeString:
    """The prompt region: a refusal if the viewer's click was refused, then their prompt
    (:func:`df_prompt`, remembered per look) once a game has started, else the waiting
    table's prompt. Worded here, not in a template, as every viewer is sent it after every
    move (and its fingerprint is taken of it)."""
    if not context.get("game"):
        data = context.flatten() if isinstance(context, template.Context) else context
        inner = render_to_string("games/partials/waiting_prompt.html", data)
    else:
        message = context.get("message")
        refusal = format_html(REFUSAL_HTML, message) if message else ""
        inner = mark_safe(f"\n  {refusal}{df_prompt(context)}")  # noqa: S308 - both escaped
    return format_html(PROMPT_HTML, rendering.OOB if context.get("oob") else "", inner)


@register.simple_tag(takes_context=True)
def df_prompt(context: template.Context | dict[str, Any]) -> SafeString:
    """The prompt but a refusal (``partials/_prompt_body.html``), rendered once per look
    (:func:`prompt_look`) and language: the template is given the look only, so what it
    shows can never differ from the look it is filed under."""
    return _prompt(Look(prompt_look(context)), rendering.language_of(context))


def prompt_look(context: template.Context | dict[str, Any]) -> dict[str, Any]:
    """Everything ``partials/_prompt_body.html`` reads, as plain data: whether the match is
    over, the phase, the pick window (who discarded what, whether it was the viewer or the
    viewer has answered), whether it is the viewer's turn or whose, whether the viewer
    watches, the kind of discard its hand offers, its buttons, its turn clock (its bank
    when its own clock runs, its way back when a bot plays for it), its "pass
    automatically" switch or (turn-based) its standing answers, and the table's action URL."""
    df = context["df"]
    window, clock, auto_pass = df["window"], df["clock"], df["auto_pass"]
    # The phase is told at a game's end and on the viewer's own turn, whose turn it is when
    # neither and no pick window is open: else they are left out, so the others' prompts
    # stay one look from a turn's draw to its discard.
    phase, finished = context["view"]["phase"], context["finished"]
    tells_phase = phase == "result" or df["your_turn"]
    tells_turn = not finished and phase != "result" and window is None and not df["your_turn"]
    guide = context.get("guide")
    return {
        "finished": finished,
        # A guided game deals no other game: its end says so, not "when everyone is ready".
        "guided_over": bool(guide is not None and guide.done),
        "act_url": context["act_url"],
        "view": {"phase": phase if tells_phase else None},
        "df": {
            "window": None
            if window is None
            else {
                "own": window["own"],
                "answered_by_you": window["answered_by_you"],
                "discarder_name": window["discarder_name"],
                "face": {
                    "name_ja": window["face"]["name_ja"],
                    "name_en": window["face"]["name_en"],
                },
            },
            "your_turn": df["your_turn"],
            "turn_name": df["turn_name"] if tells_turn else "",
            "watching": df["watching"],
            "hand_action": df["hand_action"],
            "buttons": [
                {"type": b["type"], "json": b["json"], "label": str(b["label"])}
                for b in df["buttons"]
            ],
            "clock": {
                "away": clock["away"],
                "back": clock["back"] if clock["away"] else None,
                "mine": clock["mine"],
                "turn_seconds": clock["turn_seconds"],
                "bank": clock["bank"] if clock["mine"] else None,
            },
            "auto_pass": None
            if auto_pass is None
            else {"json": auto_pass["json"], "on": auto_pass["on"]},
            # A turn-based seat's standing answers (its own choice among them).
            "standing": None
            if not df.get("standing")
            else [
                {"json": c["json"], "label": str(c["label"]), "on": c["on"]} for c in df["standing"]
            ],
        },
    }


@lru_cache(maxsize=REMEMBERED_PROMPTS)
def _prompt(look: Look, language: str) -> SafeString:
    return look.render("dragonformula/partials/_prompt_body.html")


# Standings remembered per process: they change when a game ends (under 1 kB each).
REMEMBERED_STANDINGS = 512
STANDING = ("name", "set_points", "total_points", "victory_points")


@register.simple_tag
def df_standings(standings: list[dict[str, Any]]) -> SafeString:
    """The standings table (``partials/_standings.html``), rendered once per look (each
    row's player and points: 1.0 points are not 1) and language: it is the same all
    through a game."""
    rows = [{key: row[key] for key in STANDING} for row in standings]
    return _standings(Look({"standings": rows}), get_language() or "")


@lru_cache(maxsize=REMEMBERED_STANDINGS)
def _standings(look: Look, language: str) -> SafeString:
    return look.render("dragonformula/partials/_standings.html")


@register.simple_tag
@lru_cache(maxsize=8)
def element_symbol(element: str) -> str:
    """The element's symbol (``partials/element.html``), rendered once per element."""
    return render_to_string("dragonformula/partials/element.html", {"element": element})


@register.simple_tag
def tarot_card(code: str) -> str:
    """A card face (SVG/CSS), rendered once per card and language."""
    return _card_face(code, _lang())


@lru_cache(maxsize=512)
def _card_face(code: str, lang: str) -> str:
    # A Japanese page names a major in Japanese with its English name under it; an English
    # page in English alone (no Japanese but the players' own names on an English page).
    return render_to_string(
        "dragonformula/partials/card.html", {"card": card_info(code), "lang": lang}
    )


@register.simple_tag
def card_description(code: str) -> str:
    """The card's names and correspondences (for a tooltip or an aria-label)."""
    return describe(card_info(code))
