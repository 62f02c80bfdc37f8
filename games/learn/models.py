"""A player's guided first game of a game (``games.learn.guided``): the real table it is
played at, so that leaving and coming back resumes it."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["GuidedGame"]


class GuidedGame(models.Model):
    player = models.ForeignKey(
        "games.Player",
        on_delete=models.CASCADE,
        related_name="guided_games",
        verbose_name=_("player"),
    )
    game_name = models.CharField(_("game"), max_length=32)
    table = models.OneToOneField(
        "games.Table",
        on_delete=models.CASCADE,
        related_name="guided_game",
        verbose_name=_("table"),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("guided game")
        verbose_name_plural = _("guided games")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.player} · {self.game_name} · {self.table_id}"
