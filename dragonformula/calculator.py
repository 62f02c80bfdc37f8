"""The hand calculator page: the web twin of ``df_hand`` for club nights.

Tap the 11 cards (or type their codes), choose the element and the multipliers,
and see the best reading and its points, every card named beside its code. Every
mistake in the typed codes is named at once; a hand of 10 or 11 cards that does not
win is told the nearest winning hands and the cards they lack. The form is a GET, so
a reading can be shared as a link; with htmx each change replaces only the result.
"""

from __future__ import annotations

import re

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from dragonformula import rules, scored_hands
from dragonformula.card_errors import card_error_text
from dragonformula.models import Element
from dragonformula.rules.nearest import nearest_hands

HAND_SIZE = 11  # the cards of a winning hand
NEAREST_SHOWN = 5  # the nearest winning hands a hand that does not win is told

SUIT_ROWS = [("W", _("Wands")), ("C", _("Cups")), ("S", _("Swords")), ("P", _("Pentacles"))]


class CalculatorForm(forms.Form):
    codes = forms.CharField(
        label=_("Card codes"),
        required=False,
        help_text=_("For example: W3 C3 S3 C5 S5 P5 W8 C8 P8 M7 M12"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    card = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)
    element = forms.ChoiceField(label=_("Element"), choices=Element.choices, initial=Element.FIRE)
    multipliers = forms.MultipleChoiceField(
        label=_("Multipliers (×)"), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["card"].choices = [(code, code) for code in rules.ALL_CARDS]
        self.fields["multipliers"].choices = scored_hands.multiplier_choices()

    def clean(self) -> dict:
        data = super().clean()
        cards: list[str] = []
        for token in re.split(r"[\s,]+", data.get("codes", "").strip()):
            if not token:
                continue
            try:  # each code on its own: every mistake is named, not only the first
                code = rules.card(token).code
                if code in cards:
                    raise rules.CardError(f"{code} twice", "card_given_twice", code=code)
            except ValueError as error:
                self.add_error("codes", card_error_text(error))
                continue
            cards.append(code)
        cards += [code for code in data.get("card", []) if code not in cards]
        if len(cards) > HAND_SIZE:
            self.add_error(
                "codes", _("A hand has 11 cards; %(count)s are chosen.") % {"count": len(cards)}
            )
        data["cards"] = cards
        return data


def card_grid(selected: list[str]) -> list[tuple[str, list[dict]]]:
    """The 78 cards in rows (four suits, then the majors) with their names and selection."""
    lang = get_language() or "ja"
    rows = [(label, [c for c in rules.ALL_CARDS if c[0] == suit]) for suit, label in SUIT_ROWS]
    rows.append((_("Major arcana"), [c for c in rules.ALL_CARDS if c[0] == "M"]))
    return [
        (
            label,
            [
                {"code": c, "name": rules.card_name(c, lang), "selected": c in selected}
                for c in codes
            ],
        )
        for label, codes in rows
    ]


def named(codes: list[str] | tuple[str, ...]) -> list[dict[str, str]]:
    """Cards as the page shows them: each code with its name in the reader's language."""
    lang = get_language() or "ja"
    return [{"code": code, "name": rules.card_name(code, lang)} for code in codes]


def nearest(cards: list[str], element: str) -> list[dict]:
    """The winning hands nearest to ``cards`` (10 or 11), each with what it lacks and lets go."""
    lang = get_language() or "ja"
    return [
        {
            "hand": rules.hand_name(reach.hand, lang),
            "away": reach.away,
            "lacks": named(reach.lacks),
            "let_go": named(reach.let_go),
            "total": reach.total,
        }
        for reach in nearest_hands(cards, element)[:NEAREST_SHOWN]
    ]


@require_GET
def calculator(request: HttpRequest) -> HttpResponse:
    form = CalculatorForm(request.GET or None)
    context: dict = {"form": form, "cards": [], "errors": []}
    if form.is_bound and form.is_valid():
        cards = form.cleaned_data["cards"]
        element = form.cleaned_data["element"]
        context["cards"] = cards
        context["named"] = named(cards)
        if len(cards) == HAND_SIZE:
            try:
                context["scored"] = scored_hands.score_cards(
                    cards, element, form.cleaned_data["multipliers"]
                )
            except ValueError as error:
                context["errors"] = [str(error)]
        elif cards:
            context["errors"] = [_("%(count)s of 11 cards chosen.") % {"count": len(cards)}]
        if "scored" not in context and len(cards) in (HAND_SIZE - 1, HAND_SIZE):
            context["nearest"] = nearest(cards, element)
    elif form.is_bound:
        context["errors"] = [str(e) for errors in form.errors.values() for e in errors]
    status = 400 if form.is_bound and not form.is_valid() else 200
    if request.htmx:
        return render(request, "dragonformula/calculator_reading.html", context, status=200)
    context["grid"] = card_grid(context["cards"])
    return render(request, "dragonformula/calculator.html", context, status=status)
