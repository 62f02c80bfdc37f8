"""Card sets a club can edit in the admin (the rules page /rules/dragsaga/: "the card set is data").

A :class:`CardSet` is a name and its 15 :class:`Card` rows. The rules engine checks a
set (``dragsaga.rules.cards.validate_card_set``); the admin refuses what it refuses.
A table copies the chosen set's cards into its options when it opens, and the game
state carries them, so editing or deleting a set never changes a table already open.
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from dragsaga.rules.cards import default_card_set, validate_card_set
from games.leagues.member_models import Member
from games.leagues.models import LeagueResult, Match, PlacingLine

ENGINE_DEFAULT = "default"  # the lobby's choice of the engine's default set


class CardSet(models.Model):
    name = models.CharField(_("name"), max_length=80, unique=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("card set")
        verbose_name_plural = _("card sets")
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        """The name a page shows: the default set's stored name is a key, said in the
        reader's language; a club's own set keeps the name the club gave it."""
        return str(_("Default set (RULES 2.1)")) if self.name == DEFAULT_SET_NAME else self.name

    def rules_cards(self) -> list[dict[str, Any]]:
        """The set as the engine takes it (validated; ``ValueError`` names a bad card)."""
        return validate_card_set([card.as_rules_card() for card in self.cards.all()])

    @classmethod
    def lobby_choices(cls) -> list[tuple[str, str]]:
        """The sets a new table may use (the engine's own default when none exist)."""
        sets = [(str(card_set.pk), card_set.display_name) for card_set in cls.objects.all()]
        return sets or [(ENGINE_DEFAULT, str(_("Default set")))]

    @classmethod
    def cards_for_choice(cls, choice: str) -> list[dict[str, Any]] | None:
        """The cards of the chosen set, unchecked: opening the table checks them, and
        refuses a bad set with the engine's message (``None``: the engine's default set)."""
        if choice == ENGINE_DEFAULT:
            return None
        return [card.as_rules_card() for card in cls.objects.get(pk=int(choice)).cards.all()]


class Card(models.Model):
    class Kind(models.TextChoices):
        MELEE = "melee", _("melee")
        RANGED = "ranged", _("ranged")
        GUARD = "guard", _("guard")

    class Scope(models.TextChoices):
        TARGET = "target", _("the target")
        ALL = "all", _("every other player")

    class Blocks(models.TextChoices):
        MELEE = "melee", _("melee attacks")
        RANGED = "ranged", _("ranged attacks")
        BOTH = "both", _("any attack")

    card_set = models.ForeignKey(
        CardSet, on_delete=models.CASCADE, related_name="cards", verbose_name=_("card set")
    )
    code = models.CharField(
        _("id"),
        max_length=40,
        help_text=_("Short code: lowercase letters, digits or _ (unique in the set)."),
    )
    name_ja = models.CharField(_("Japanese name"), max_length=80)
    name_en = models.CharField(_("English name"), max_length=80)
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    cost = models.PositiveSmallIntegerField(_("cost"), help_text=_("1 to 6"))
    damage = models.PositiveSmallIntegerField(
        _("damage"), default=0, help_text=_("Per player hit; 0 for a guard.")
    )
    scope = models.CharField(
        _("hits"), max_length=8, choices=Scope.choices, blank=True, help_text=_("Attacks only.")
    )
    blocks = models.CharField(
        _("blocks"), max_length=8, choices=Blocks.choices, blank=True, help_text=_("Guards only.")
    )

    class Meta:
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        ordering = ["cost", "pk"]

    def __str__(self) -> str:
        return f"{self.name_ja} {self.name_en}"

    def as_rules_card(self) -> dict[str, Any]:
        """This row in the engine's card format (checked by ``validate_card_set``)."""
        card: dict[str, Any] = {
            "id": self.code,
            "name_ja": self.name_ja,
            "name_en": self.name_en,
            "kind": self.kind,
            "cost": self.cost,
        }
        if self.damage or self.kind != Card.Kind.GUARD:
            card["damage"] = self.damage
        if self.scope or self.kind != Card.Kind.GUARD:
            card["scope"] = self.scope or None
        if self.blocks:
            card["blocks"] = ["melee", "ranged"] if self.blocks == "both" else [self.blocks]
        return card

    @classmethod
    def from_rules_card(cls, card: dict[str, Any], **fields: Any) -> Card:
        return cls(**row_fields(card), **fields)


DEFAULT_SET_NAME = "Default set (RULES 2.1)"


def ensure_default_set(card_set_model: Any = None, card_model: Any = None) -> Any:
    """The default set of ``seeds/dragsaga_cards.json`` as a card set, made if missing
    (the data migration passes its historical models)."""
    card_set_model = card_set_model or CardSet
    card_model = card_model or Card
    card_set, created = card_set_model.objects.get_or_create(name=DEFAULT_SET_NAME)
    if created:
        card_model.objects.bulk_create(
            card_model(card_set=card_set, **row_fields(card)) for card in default_card_set()
        )
    return card_set


def row_fields(card: dict[str, Any]) -> dict[str, Any]:
    """An engine card (validated) as the fields of a :class:`Card` row."""
    blocks = card.get("blocks") or []
    return {
        "code": card["id"],
        "name_ja": card["name_ja"],
        "name_en": card["name_en"],
        "kind": card["kind"],
        "cost": card["cost"],
        "damage": card.get("damage") or 0,
        "scope": card.get("scope") or "",
        "blocks": "both" if len(blocks) == 2 else (blocks[0] if blocks else ""),
    }


# --- league results -------------------------------------------------------------------
# One DragSaga game of a league match (:class:`DragSagaResult`) and one :class:`DragSagaLine`
# per player (damage, cards left, final damage, rank and victory points). The tables kept
# their names when these models came here from the platform (``games``).


class DragSagaResult(LeagueResult):
    """One DragSaga game of a league match."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="dragsaga_games"
    )
    number = models.PositiveSmallIntegerField(_("game"), default=1)
    # Every recording, correction, void and restore of the game: who, when and why (its
    # lines' history holds the figures before and after).
    history = HistoricalRecords(table_name="games_historicaldragsagaresult")

    class Meta:
        db_table = "games_dragsagaresult"
        ordering = ["match", "number"]
        verbose_name = _("DragSaga result")
        verbose_name_plural = _("DragSaga results")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], name="one_dragsaga_number_per_match"
            )
        ]

    def __str__(self) -> str:
        return _("DragSaga game %(number)s of match %(match)s") % {
            "number": self.number,
            "match": self.match.number,
        }


class DragSagaLine(PlacingLine):
    game = models.ForeignKey(
        DragSagaResult, verbose_name=_("game"), on_delete=models.CASCADE, related_name="lines"
    )
    member = models.ForeignKey(
        Member, verbose_name=_("player"), on_delete=models.PROTECT, related_name="dragsaga_lines"
    )
    damage = models.PositiveIntegerField(_("damage tokens"))
    leftover_cost = models.PositiveIntegerField(_("cost of cards left in hand"))
    cards_left = models.PositiveSmallIntegerField(_("cards left in hand"))
    penalty = models.PositiveIntegerField(_("penalty"), default=0)
    final_damage = models.PositiveIntegerField(_("final damage"), default=0)
    history = HistoricalRecords(table_name="games_historicaldragsagaline")

    class Meta(PlacingLine.Meta):
        db_table = "games_dragsagaline"
        verbose_name = _("DragSaga line")
        verbose_name_plural = _("DragSaga lines")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_dragsaga_line_per_seat"),
            models.UniqueConstraint(fields=["game", "member"], name="one_dragsaga_line_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.final_damage}"
