"""The hand calculator page: the web twin of ``df_hand`` for club nights.

Tap the 11 cards (or type their codes), choose the element and the multipliers,
and see the best reading and its points. The form is a GET, so a reading can be
shared as a link; with htmx each change replaces only the result.
"""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from dragonformula import hands, rules
from games.models import Element

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
        self.fields["multipliers"].choices = hands.multiplier_choices()

    def clean(self) -> dict:
        data = super().clean()
        typed = data.get("codes", "").strip()
        try:
            cards = hands.parse(typed) if typed else []
        except ValueError as error:
            self.add_error("codes", str(error))
            return data
        cards += [code for code in data.get("card", []) if code not in cards]
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


@require_GET
def calculator(request: HttpRequest) -> HttpResponse:
    form = CalculatorForm(request.GET or None)
    context: dict = {"form": form, "cards": []}
    if form.is_bound and form.is_valid():
        cards = form.cleaned_data["cards"]
        context["cards"] = cards
        if len(cards) == 11:
            try:
                context["scored"] = hands.score_cards(
                    cards, form.cleaned_data["element"], form.cleaned_data["multipliers"]
                )
            except ValueError as error:
                context["error"] = str(error)
        elif cards:
            context["error"] = _("%(count)s of 11 cards chosen.") % {"count": len(cards)}
    elif form.is_bound:
        context["error"] = " ".join(str(e) for errors in form.errors.values() for e in errors)
    status = 400 if form.is_bound and not form.is_valid() else 200
    if request.htmx:
        return render(request, "dragonformula/league/_reading.html", context, status=200)
    context["grid"] = card_grid(context["cards"])
    return render(request, "dragonformula/calculator.html", context, status=status)
