"""A league player's skill rating in each game, and the rated results that made it."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.leagues.member_models import Member
from games.registry import game_choices

__all__ = ["Rating", "RatingChange"]


class Rating(models.Model):
    """A league player's skill rating in one game now (openskill Plackett–Luce)."""

    member = models.ForeignKey(
        Member, verbose_name=_("league player"), on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    mu = models.FloatField("μ")
    sigma = models.FloatField("σ")
    results = models.PositiveIntegerField(_("rated results"), default=0)

    class Meta:
        ordering = ["game", "-mu"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["member", "game"], name="one_rating_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.game} {self.mu:.1f}±{self.sigma:.1f}"


class RatingChange(models.Model):
    """One rated result for one player: the rating after it, in the order results were rated."""

    member = models.ForeignKey(
        Member,
        verbose_name=_("league player"),
        on_delete=models.CASCADE,
        related_name="rating_changes",
    )
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    position = models.PositiveIntegerField(_("order"))
    # The rated result: the pk of a result of the game's own (its ``results`` hook); the
    # game's ratings are rebuilt from its results, so no key ties the two.
    result_id = models.PositiveBigIntegerField(_("result"))
    rank = models.PositiveSmallIntegerField(_("rank"))
    mu = models.FloatField("μ")
    sigma = models.FloatField("σ")

    class Meta:
        ordering = ["game", "position"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        indexes = [models.Index(fields=["member", "game", "position"])]

    def __str__(self) -> str:
        return f"{self.member} #{self.position} {self.mu:.1f}±{self.sigma:.1f}"
