"""The coach's reviews: one seat's decisions in a finished game, weighed after the game."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.tables.models import Game

__all__ = ["Review"]


class Review(models.Model):
    """A seat's review of a finished game: each of its decisions with the coach's choice
    and the estimated chance of winning after each (``decisions``, filled in the
    background: ``done`` of ``total`` so far)."""

    class Status(models.TextChoices):
        RUNNING = "running", _("being computed")
        DONE = "done", _("ready")
        FAILED = "failed", _("failed")

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="reviews", verbose_name=_("game")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.RUNNING
    )
    total = models.PositiveIntegerField(_("decisions to weigh"), default=0)
    done = models.PositiveIntegerField(_("decisions weighed"), default=0)
    # [{"step", "action", "coach", "chance", "coach_chance"}] in step order
    decisions = models.JSONField(_("decisions"), default=list)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("review")
        verbose_name_plural = _("reviews")
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_review_per_seat")]

    def __str__(self) -> str:
        return f"review of game {self.game_id} seat {self.seat}"
