"""Dragon Formula's league results: a set (:class:`SetResult`) of a league match, one
:class:`SetLine` per player (element, set points, rank and victory points), one
:class:`SetGame` per game of the set with its :class:`Penalty` rows (RULES §1.5).

The tables kept their names when these models came here from the platform (``games``), so
no stored result moved. Ranks and victory points are computed by the league scoring
(``dragonformula.league``) and stored.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from games.leagues.member_models import Member
from games.leagues.models import CompletedResult, Match, PlacingLine


class Element(models.TextChoices):
    FIRE = "fire", _("Fire")
    WATER = "water", _("Water")
    AIR = "air", _("Air")
    EARTH = "earth", _("Earth")


class SetResult(CompletedResult):
    """A Dragon Formula set; complete once every player has started one counting game."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="sets"
    )
    number = models.PositiveSmallIntegerField(_("set"), default=1)
    # Every void and restore of the set, by whom and why (its games keep their own history).
    history = HistoricalRecords(table_name="games_historicalsetresult")

    class Meta:
        db_table = "games_setresult"
        ordering = ["match", "number"]
        verbose_name = _("set result")
        verbose_name_plural = _("set results")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_set_number_per_match")
        ]

    def __str__(self) -> str:
        return _("Set %(number)s of match %(match)s") % {
            "number": self.number,
            "match": self.match.number,
        }


class SetLine(PlacingLine):
    set = models.ForeignKey(
        SetResult, verbose_name=_("set"), on_delete=models.CASCADE, related_name="lines"
    )
    member = models.ForeignKey(
        Member, verbose_name=_("player"), on_delete=models.PROTECT, related_name="set_lines"
    )
    element = models.CharField(_("element"), max_length=5, choices=Element.choices)
    points = models.IntegerField(_("set points"), default=0)

    class Meta(PlacingLine.Meta):
        db_table = "games_setline"
        verbose_name = _("set line")
        verbose_name_plural = _("set lines")
        constraints = [
            models.UniqueConstraint(fields=["set", "seat"], name="one_line_per_seat"),
            models.UniqueConstraint(fields=["set", "member"], name="one_line_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.points}"


class SetGame(models.Model):
    """One game of a Dragon Formula set: who won, how, with which hand, and the points."""

    class Win(models.TextChoices):
        DAN = "dan", _("Dan")
        PICK_AND_DAN = "pick_and_dan", _("Pick-and-Dan")
        NONE = "none", _("no winner (pile ran out)")

    set = models.ForeignKey(
        SetResult, verbose_name=_("set"), on_delete=models.CASCADE, related_name="games"
    )
    number = models.PositiveSmallIntegerField(_("game"))
    winner = models.ForeignKey(
        Member,
        verbose_name=_("winner"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="won_games",
    )
    win = models.CharField(_("how"), max_length=12, choices=Win.choices, default=Win.DAN)
    multipliers = models.JSONField(_("multipliers"), default=list, blank=True)
    cards = models.CharField(_("cards"), max_length=80, blank=True)
    hand = models.CharField(_("hand"), max_length=40, blank=True)
    bonuses = models.JSONField(_("bonuses"), default=list, blank=True)
    base = models.IntegerField(_("base"), default=0)
    points = models.IntegerField(_("game points"), default=0)
    reading = models.JSONField(_("reading"), default=dict, blank=True)
    counts = models.BooleanField(
        _("counts for the starter rotation"),
        default=True,
        help_text=_("Off for a game ended by a false Dan: it is replayed."),
    )
    # Every recording, correction and undo of the game: who, when, before and after.
    history = HistoricalRecords(excluded_fields=["reading"], table_name="games_historicalsetgame")

    class Meta:
        db_table = "games_setgame"
        ordering = ["set", "number"]
        verbose_name = _("game of a set")
        verbose_name_plural = _("games of sets")
        constraints = [
            models.UniqueConstraint(fields=["set", "number"], name="one_game_number_per_set")
        ]

    def __str__(self) -> str:
        return _("Game %(number)s") % {"number": self.number}


class Penalty(models.Model):
    """A penalty of RULES §1.5, charged to a player during one game of a set."""

    class Offence(models.TextChoices):
        FALSE_DAN = "false_dan", _("false Dan")
        WRONG_ORDER = "wrong_order", _("drawing out of turn")
        TOO_FEW_CARDS = "too_few_cards", _("too few cards in hand")
        TOO_MANY_CARDS = "too_many_cards", _("too many cards in hand")
        CHEATING = "cheating", _("cheating")

    game = models.ForeignKey(
        SetGame, verbose_name=_("game"), on_delete=models.CASCADE, related_name="penalties"
    )
    member = models.ForeignKey(
        Member, verbose_name=_("player"), on_delete=models.PROTECT, related_name="penalties"
    )
    offence = models.CharField(_("offence"), max_length=20, choices=Offence.choices)
    intentional = models.BooleanField(_("intentional (×10)"), default=False)
    points = models.IntegerField(_("points"), help_text=_("Negative: what the penalty costs."))
    history = HistoricalRecords(table_name="games_historicalpenalty")

    class Meta:
        db_table = "games_penalty"
        ordering = ["game", "id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")

    def __str__(self) -> str:
        return f"{self.member} {self.get_offence_display()} {self.points}"
