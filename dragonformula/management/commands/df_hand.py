"""Hand calculator: the best reading of 11 Dragon Formula cards, or the waits of 10, in words
of one language (Japanese unless ``--lang en``) or as language-neutral JSON.

    python manage.py df_hand --element fire W3 C3 S3 W4 C4 S4 W5 C5 S5 M7 M8
    python manage.py df_hand --element fire --json W3 C3 ...
    python manage.py df_hand --element water --waits C3 S3 P3 C4 S4 P4 C5 S5 M7 M8
    python manage.py df_hand --batch hands.jsonl      (or --batch - for stdin)

A batch line is a JSON object ``{"cards": [...], "element": "fire", "genius": false,
"surprise": false, "last_judgement": false}`` (``"waits": true`` and ``"unseen": [...]``
ask for waits); each line gets one JSON line back, in order, ``{"error": ...}`` for a
bad one.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dragonformula.card_errors import card_error_text
from dragonformula.rules import (
    ELEMENTS,
    HandResult,
    Wait,
    best_hand,
    bonus_points,
    multiplier_factor,
    parse_cards,
    waits,
)
from dragonformula.rules.cards import Card, CardError, card_info
from dragonformula.templatetags.tarot import (
    bonus_name,
    card_name,
    hand_name,
    multiplier_name,
    reading_groups,
)
from games.management.language import TranslatedCommand

MULTIPLIER_FLAGS = ("genius", "surprise", "last_judgement")
NO_WIN = {"hand": None, "total": 0}


def card_words(codes: tuple[str, ...] | list[str]) -> str:
    return ", ".join(f"{code} {card_name(card_info(code))}" for code in codes)


def result_words(result: HandResult | None) -> list[str]:
    """The reading and its points line by line, in the active language."""
    if result is None:
        return [_("No winning hand"), _("Total: %(points)s") % {"points": 0}]
    lines = [f"{hand_name(result.hand)}: {result.base}"]
    lines += [
        "  " + _("%(group)s: %(cards)s") % {"group": label, "cards": card_words(cards)}
        for label, cards in reading_groups(result.to_json())
    ]
    for bonus in result.bonuses:
        lines.append(f"+ {bonus_name(bonus)}: +{bonus_points(bonus)}")
    for multiplier in result.multipliers:
        lines.append(f"× {multiplier_name(multiplier)}: ×{multiplier_factor(multiplier)}")
    lines.append(_("Total: %(points)s") % {"points": result.total})
    return lines


def wait_words(found: list[Wait]) -> list[str]:
    if not found:
        return [_("No card completes this hand")]
    lines = []
    for wait in found:
        bonuses = "".join(f" + {bonus_name(bonus)}" for bonus in wait.bonuses)
        lines.append(f"{card_words([wait.card])}: {hand_name(wait.hand)}{bonuses} = {wait.total}")
    return lines


def evaluate(request: Any, want_waits: bool = False) -> dict[str, Any]:
    """One batch request (a decoded JSON line) → its JSON answer; ``ValueError`` if bad."""
    if not isinstance(request, dict):
        raise ValueError("each line must be a JSON object with 'cards' and 'element'")
    if "cards" not in request:
        raise ValueError("missing 'cards'")
    cards = request["cards"]
    if not isinstance(cards, str | list) or not all(isinstance(c, str) for c in cards):
        raise ValueError("'cards' must be a list of card codes or a string of them")
    element = request.get("element")
    flags = {flag: request.get(flag, False) for flag in MULTIPLIER_FLAGS}
    for flag, value in flags.items():
        if not isinstance(value, bool):
            raise ValueError(f"{flag!r} must be true or false")
    if want_waits or request.get("waits") is True:
        unseen = request.get("unseen")
        found = waits(parse_cards(cards), element, unseen=unseen)
        return {"waits": [wait.to_json() for wait in found]}
    result = best_hand(parse_cards(cards), element, **flags)
    return result.to_json() if result else dict(NO_WIN)


def typed_cards(typed: list[str], count: int | None = None) -> list[Card]:
    """The cards typed on the command line; a mistake is told in the reader's language
    (the rules' own ``ValueError`` speaks English only)."""
    try:
        return parse_cards(" ".join(typed), count=count)
    except CardError as error:
        raise CommandError(card_error_text(error)) from None


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Score a Dragon Formula hand: the best reading of 11 cards, or the waits of 10."
    )
    stealth_options = ("stdin",)
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "cards", nargs="*", help=gettext_lazy("card codes, e.g. W3 C3 S3 … M7 M8")
        )
        parser.add_argument(
            "--element", choices=ELEMENTS, help=gettext_lazy("the player's element")
        )
        parser.add_argument(
            "--json", action="store_true", help=gettext_lazy("print JSON instead of words")
        )
        parser.add_argument(
            "--batch",
            metavar="FILE",
            help=gettext_lazy("read JSON lines from FILE ('-' for stdin)"),
        )
        parser.add_argument(
            "--waits",
            action="store_true",
            help=gettext_lazy("list the cards that complete 10 cards"),
        )
        parser.add_argument(
            "--unseen", help=gettext_lazy("with --waits: only these cards may come")
        )
        parser.add_argument(
            "--genius", action="store_true", help=gettext_lazy("×10: won on the first draw")
        )
        parser.add_argument(
            "--surprise", action="store_true", help=gettext_lazy("×5: picked before drawing")
        )
        parser.add_argument(
            "--last-judgement", action="store_true", help=gettext_lazy("×2: won on the last card")
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["batch"]:
            self.run_batch(options["batch"], options["waits"], options.get("stdin"))
            return
        if not options["element"]:
            raise CommandError(_("--element is required (fire, water, air or earth)."))
        try:
            if options["waits"]:
                self.show_waits(options)
            else:
                self.show_hand(options)
        except ValueError as error:
            raise CommandError(card_error_text(error)) from error

    def show_hand(self, options: dict[str, Any]) -> None:
        cards = typed_cards(options["cards"], count=11)
        flags = {flag: options[flag] for flag in MULTIPLIER_FLAGS}
        result = best_hand(cards, options["element"], **flags)
        if options["json"]:
            self.stdout.write(
                json.dumps(result.to_json() if result else NO_WIN, ensure_ascii=False)
            )
        else:
            self.stdout.write("\n".join(result_words(result)))

    def show_waits(self, options: dict[str, Any]) -> None:
        cards = typed_cards(options["cards"], count=10)
        unseen = typed_cards([options["unseen"]]) if options["unseen"] else None
        found = waits(cards, options["element"], unseen=unseen)
        if options["json"]:
            self.stdout.write(json.dumps([wait.to_json() for wait in found], ensure_ascii=False))
        else:
            self.stdout.write("\n".join(wait_words(found)))

    def run_batch(self, source: str, want_waits: bool, stdin: TextIO | None) -> None:
        if source == "-":
            self.answer_lines(stdin or sys.stdin, want_waits)
            return
        try:
            with open(source, encoding="utf-8") as lines:
                self.answer_lines(lines, want_waits)
        except OSError as error:
            raise CommandError(
                _("cannot read %(file)s: %(reason)s") % {"file": source, "reason": error.strerror}
            ) from error

    def answer_lines(self, lines: TextIO, want_waits: bool) -> None:
        for line in lines:
            try:
                answer = evaluate(json.loads(line), want_waits)
            except json.JSONDecodeError as error:
                answer = {"error": f"not JSON: {error.msg}"}
            except ValueError as error:
                answer = {"error": str(error)}
            self.stdout.write(json.dumps(answer, ensure_ascii=False))
