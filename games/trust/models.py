"""The shuffle commitment published at a game's start, so players can check after the game
that the deal was fixed before anyone played."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["ShuffleCommitment"]


class ShuffleCommitment(models.Model):
    """SHA-256 of ``"<salt>:<seed>"`` (see ``games.trust.fairness``), published when the game
    starts; the salt stays secret until the game is over."""

    game = models.OneToOneField(
        "games.Game",
        on_delete=models.CASCADE,
        related_name="shuffle_commitment",
        verbose_name=_("game"),
    )
    salt = models.CharField(_("salt"), max_length=32)
    commitment = models.CharField(_("commitment"), max_length=64)
    created = models.DateTimeField(_("published"), auto_now_add=True)

    class Meta:
        verbose_name = _("shuffle commitment")
        verbose_name_plural = _("shuffle commitments")

    def __str__(self) -> str:
        return self.commitment

    @property
    def is_revealed(self) -> bool:
        """Seed and salt are public once the game is over, never before."""
        return self.game.is_finished
