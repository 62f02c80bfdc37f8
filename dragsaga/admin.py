"""DragSaga in the admin: card sets (a set's 15 cards edited in one table, checked by the
engine) and league results."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dragsaga.models import Card, CardSet, DragSagaLine, DragSagaResult
from dragsaga.rules.cards import SET_SIZE, validate_card_set
from games.admin.leagues import ComputedInline, ResultInline, VoidableAdmin, result_inline
from games.admin.numbers import DigitsOnly


class CardSetFormSet(BaseInlineFormSet):
    """The cards of one set; the engine's own validator refuses a malformed set."""

    def clean(self) -> None:
        if any(self.errors):
            return  # a field is missing or not a number: shown on its row first
        rows = [  # each valid form's instance already holds its cleaned fields
            form.instance
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        try:
            validate_card_set([card.as_rules_card() for card in rows])
        except ValueError as error:
            raise ValidationError(str(error)) from None
        super().clean()


_CARD_FIELDS = ("code", "name_ja", "name_en", "kind", "cost", "damage", "scope", "blocks")


class CardInline(DigitsOnly, admin.TabularInline):
    model = Card
    formset = CardSetFormSet
    fields = _CARD_FIELDS
    max_num = SET_SIZE

    def get_extra(self, request: HttpRequest, obj: CardSet | None = None, **kwargs: Any) -> int:
        return SET_SIZE - (obj.cards.count() if obj is not None else 0)


@admin.register(CardSet)
class CardSetAdmin(DigitsOnly, admin.ModelAdmin):
    list_display = ("name", "updated")
    inlines = [CardInline]
    actions = ["copy_sets"]

    @admin.action(description=gettext_lazy("Copy the selected card sets (to edit the copy)"))
    def copy_sets(self, request: HttpRequest, queryset: Any) -> None:
        for original in queryset:
            with transaction.atomic():
                name = _("%(name)s (copy)") % {"name": original.name}
                while CardSet.objects.filter(name=name).exists():
                    name = _("%(name)s (copy)") % {"name": name}
                copy = CardSet.objects.create(name=name)
                Card.objects.bulk_create(
                    Card.from_rules_card(card, card_set=copy) for card in original.rules_cards()
                )
            messages.success(request, _("Copied as %(name)s.") % {"name": copy.name})


# --- league results: read, voided or deleted here (recorded on the league page or by tables) ---


@result_inline
class DragSagaResultInline(ResultInline):
    model = DragSagaResult
    fields = ["number"]
    readonly_fields = ["number"]


class DragSagaLineInline(ComputedInline):
    model = DragSagaLine
    fields = [
        "seat",
        "member",
        "damage",
        "leftover_cost",
        "cards_left",
        "penalty",
        "final_damage",
        "rank",
        "victory_points",
    ]


@admin.register(DragSagaResult)
class DragSagaResultAdmin(VoidableAdmin):
    list_display = ["__str__", "match", "created_at", "voided_at"]
    list_filter = ["match__league", ("voided_at", admin.EmptyFieldListFilter)]
    readonly_fields = ["match", "number", "voided_at", "voided_by", "void_reason"]
    inlines = [DragSagaLineInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # recorded on the league page or by online tables
